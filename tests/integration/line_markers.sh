#!/usr/bin/env bash
# #line markers and generated code (issue 13 point 4): a compiler error in
# code omp2cuda wrote (a launch stub, a kernel's preamble or epilogue, the
# runtime calls of a data construct or a host fallback, a translated
# header's stub) is reported at its own line of the generated file, never at
# an unrelated line of the input; an error in the user's own text is still
# reported at its line of the input.
#
# Each case breaks the output at one place (a line inserted before an
# anchor), compiles it with clang++ on the emulation headers (and with nvcc
# for the kernel and stub cases, when there is one) and checks where the
# error is reported.
#   line_markers.sh BUILD_DIR
set -u
build=$(realpath "$1")
tool="$build/bin/omp2cuda"
inc="$build/include"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
pass=0 fail=0
check() { # name, command...
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $name"; fi
}

mkdir -p src gen
cat >src/scale.h <<'SRC'
static void scale(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}
SRC
cat >src/k.c <<'SRC'
#include "scale.h"
void ext(double *);

double sum(const double *b, int n) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+: s) map(to: b[0:n])
  for (int i = 0; i < n; i++)
    s += b[i];
  return s;
}

void rows(const double *m, double *y, int n, int k) {
#pragma omp target teams distribute map(to: m[0:n*k]) map(from: y[0:n])
  for (int i = 0; i < n; i++) {
    double t = 0.0;
#pragma omp parallel for reduction(+: t)
    for (int j = 0; j < k; j++)
      t += m[i * k + j];
    y[i] = t;
  }
}

void data(double *a, int n) {
#pragma omp target data map(tofrom: a[0:n])
  {
    scale(a, n);
#pragma omp target update from(a[0:n])
  }
#pragma omp target map(tofrom: a[0:n])
  ext(a);
}

int unrelated(int x) {
  int y = x * 2;
  return y + 1;
}
SRC
"$tool" src/k.c -o gen/k.cu -- >/dev/null 2>&1
check "translated" test -s gen/k.cu -a -s gen/scale.cu.h
check "no presumed file names of stubs any more" test "$(grep -c 'generated for' gen/k.cu)" = 0
check "generated lines are marked as the .cu's own" grep -q '^#line [0-9]* "gen/k.cu"$' gen/k.cu
check "a translated header's as the copy's own" grep -q '^#line [0-9]* "gen/scale.cu.h"$' gen/scale.cu.h
# Every marker back to the .cu names the line after it.
bad=$(awk '/^#line [0-9]+ "gen\/k.cu"$/ { if ($2 != NR + 1) print NR }' gen/k.cu)
check "each marker names the .cu's next line${bad:+ (wrong at line $bad)}" test -z "$bad"

cxx=${OMP2CUDA_CXX:-clang++-19}
command -v "$cxx" >/dev/null || cxx=g++
nvcc=${OMP2CUDA_NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$nvcc" ] || nvcc=

# case NAME FILE ANCHOR [nvcc]: a line `o2c_broken = 1;` before the first
# line of FILE (gen/k.cu or gen/scale.cu.h) that matches the extended regex
# ANCHOR; the error must be at that line of FILE.
case_() {
  local name=$1 file=$2 anchor=$3 with_nvcc=${4:-}
  rm -rf b && cp -r gen b
  local f=b/${file#gen/}
  local at
  at=$(grep -nE -m1 -- "$anchor" "$f" | cut -d: -f1)
  if [ -z "$at" ]; then
    fail=$((fail + 1)); echo "FAIL: $name: no line matches '$anchor'"; return
  fi
  sed -i "${at}i\\  o2c_broken = 1;" "$f"
  local before=$fail
  "$cxx" -std=c++17 -fsyntax-only -x c++ -I "$inc" -I src b/k.cu 2>err
  check "$cxx, $name: the error is at $file:$at" grep -qF "$file:$at:3: error" err
  check "$cxx, $name: no error blamed on the input" test "$(grep -c '^src/' err)" = 0
  [ "$fail" = "$before" ] || { echo "--- $cxx said:"; cat err; }
  if [ -n "$with_nvcc" ] && [ -n "$nvcc" ]; then
    "$nvcc" -arch=sm_90 -x cu -std=c++17 --expt-relaxed-constexpr --extended-lambda -I "$inc" -I src \
      -c b/k.cu -o b/k.o 2>err >&2
    check "nvcc, $name: the error is at $file($at)" grep -qF "$file($at): error" err
    check "nvcc, $name: no error blamed on the input" test "$(grep -c '^src/' err)" = 0
    [ "$fail" = "$before" ] || { echo "--- nvcc said:"; cat err; }
  fi
}
# Grid-stride kernel: the reduction's preamble and epilogue.
case_ "grid-stride preamble" gen/k.cu 'RedPlus::identity<double>\(\);' nvcc
case_ "grid-stride epilogue" gen/k.cu '^ *o2c_dev::reduceToGlobal<' nvcc
# Its launch stub.
case_ "launch stub" gen/k.cu '^ *if \(!o2c_region\.offload\(\)\)' nvcc
# SPMD kernel: generated code between the user's statements.
case_ "SPMD kernel between user parts" gen/k.cu '^ *const double o2c_red_t = t;' nvcc
case_ "SPMD kernel after the user's text" gen/k.cu '^ *__syncthreads\(\);$' nvcc
# Data constructs: a data environment's and an update's runtime calls.
case_ "target data" gen/k.cu '^ *o2c::TargetRegion o2c_data_L'
case_ "target update" gen/k.cu '^ *o2c::update\('
# A region left on the host: its fallback's runtime calls.
case_ "host fallback" gen/k.cu '^ *o2c::leftOnHost\('
# A translated header's stub and kernel.
case_ "header copy stub" gen/scale.cu.h '^ *if \(!o2c_region\.offload\(\)\)'
case_ "header copy kernel" gen/scale.cu.h '^ *if \(O2cOnePass\)'

# The user's own text stays attributed to the input: inside a kernel body,
# and after the kernels and stubs.
cp gen/k.cu body.cu
sed -i 's/^    s += b\[i\];$/    s += b[i] + o2c_missing;/' body.cu
"$cxx" -std=c++17 -fsyntax-only -x c++ -I "$inc" -I gen -I src body.cu 2>err
check "user code in a kernel body keeps its line" grep -q "^src/k\.c:8:" err
cp gen/k.cu after.cu
sed -i 's/^  return y + 1;$/  return y + o2c_missing;/' after.cu
"$cxx" -std=c++17 -fsyntax-only -x c++ -I "$inc" -I gen -I src after.cu 2>err
check "user code after the stubs keeps its line" grep -q "^src/k\.c:35:" err

# --no-line-directives: no marker at all, the generated ones included.
"$tool" src/k.c -o gen/nl.cu --no-line-directives -- >/dev/null 2>&1
check "--no-line-directives writes no marker" test "$(grep -c '#line' gen/nl.cu)" = 0

# omp2cuda-cc --keep: the kept file is what the errors name, at its lines
# (the compile itself reads the temporary copy beside its headers).
(cd src && "$build/bin/omp2cuda-cc" --backend=emu --keep -c k.c -o k.o) >cc.log 2>&1
check "omp2cuda-cc --keep: kept" test -s src/k.o.k.cu
check "omp2cuda-cc --keep: generated code names the kept file" \
  grep -q '^#line [0-9]* "k.o.k.cu"$' src/k.o.k.cu
bad=$(awk '/^#line [0-9]+ "k.o.k.cu"$/ { if ($2 != NR + 1) print NR }' src/k.o.k.cu)
check "omp2cuda-cc --keep: at its own lines${bad:+ (wrong at line $bad)}" test -z "$bad"
# Without --keep a failed compile of generated code says how to see it.
(cd src && "$build/bin/omp2cuda-cc" --backend=emu --host-compiler=false -c k.c -o k2.o) >cc.log 2>&1
check "omp2cuda-cc: a failed compile of generated code points at --keep" \
  grep -q "is removed: --keep keeps it as 'k2.o.k.cu', which the errors then name" cc.log

echo "line_markers: $pass passed, $fail failed"
[ "$fail" = 0 ]
