#!/usr/bin/env bash
# #line markers and generated code (issue 13 point 4): an error in a host
# launch stub must be reported in the stub, never at the input lines that
# follow the kernel body before it. The test breaks a stub on purpose and
# compiles the file with clang++ (emulation headers), and with nvcc when
# there is one.
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

cat >k.c <<'SRC'
void vadd(double *a, const double *b, int n) {
#pragma omp target teams distribute parallel for map(to: b[0:n]) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += b[i];
}

int unrelated(int x) {
  int y = x * 2;
  return y + 1;
}
SRC
"$tool" k.c -o k.cu -- >/dev/null 2>&1
check "translated" test -s k.cu
marker='#line 1 "omp2cuda_vadd_L2_launch (generated for k.c:2)"'
check "the stub has its own #line marker" grep -qxF "$marker" k.cu
# Break the stub right after its TargetRegion; N is that line's number as
# the marker counts.
at=$(grep -n "o2c::TargetRegion o2c_region(" k.cu | head -1 | cut -d: -f1)
sed -i "${at}a\\  o2c_no_such_name = 1;" k.cu
from=$(grep -nxF "$marker" k.cu | cut -d: -f1)
n=$((at + 1 - from))
cxx=${OMP2CUDA_CXX:-clang++-19}
command -v "$cxx" >/dev/null || cxx=g++
"$cxx" -std=c++17 -fsyntax-only -x c++ -I "$inc" k.cu 2>err
check "$cxx: the error is in the stub, at its line" \
  grep -qF "omp2cuda_vadd_L2_launch (generated for k.c:2):$n:" err
check "$cxx: no error blamed on k.c" test "$(grep -c '^k\.c:' err)" = 0
nvcc=${OMP2CUDA_NVCC:-/usr/local/cuda/bin/nvcc}
if [ -x "$nvcc" ]; then
  "$nvcc" -arch=sm_90 -x cu -std=c++17 -I "$inc" -c k.cu -o k.o 2>err.nvcc >&2
  check "nvcc: the error is in the stub, at its line" \
    grep -qF "omp2cuda_vadd_L2_launch (generated for k.c:2)($n): error" err.nvcc
  check "nvcc: no error blamed on k.c" test "$(grep -c '^k\.c(' err.nvcc)" = 0
fi
[ "$fail" = 0 ] || { echo "--- compiler said:"; cat err err.nvcc 2>/dev/null; }

# After the stub, the input's own text is attributed to the input again.
"$tool" k.c -o ok.cu -- >/dev/null 2>&1
sed -i 's/  return y + 1;/  return y + o2c_missing;/' ok.cu
"$cxx" -std=c++17 -fsyntax-only -x c++ -I "$inc" ok.cu 2>err
check "user code after the stub keeps its own lines" grep -q "^k\.c:9:" err

echo "line_markers: $pass passed, $fail failed"
[ "$fail" = 0 ]
