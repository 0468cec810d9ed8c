#!/usr/bin/env bash
# omp2cuda-cc's host compiler (issue 14 point 7, issue 8 part 3): the
# generated file keeps each region's directives for the host, so the host
# compiler must accept them. The default, clang++-19, does: teams_api.c
# builds and runs on the (emulated) device, and links for CUDA through
# nvcc -ccbin clang++-19. GCC 12, still selectable with --host-compiler=g++,
# rejects teams_api.c's region, and the driver says how to build it.
#   host_compiler.sh BUILD_DIR
set -u
build=$1
cc="$build/bin/omp2cuda-cc"
src="$(dirname "$0")/teams_api.c"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
check() { # name, command...
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $name"; fi
}
"$cc" --backend=emu --host-compiler=g++ "$src" -o "$work/gcc" >"$work/gcc.err" 2>&1
check "gcc host: build fails" test $? -ne 0
check "gcc host: the note names --host-compiler" grep -q "note: .*--host-compiler=clang++-19" "$work/gcc.err"
# declare variant with construct selectors: GCC chooses otherwise than clang
# (no `for` of a combined construct, nothing around `target`), and the
# device makes clang's choice only: with a GCC host the regions whose choice
# depends on them stay on the host, and the program prints what its GCC
# build prints (before: "target teams distribute parallel for" and
# "parallel { target }" ran clang's variants on the device).
variant="$(dirname "$0")/../../examples/construct_variant.c"
gcc -fopenmp -foffload=disable -O1 "$variant" -o "$work/variant_ref"
"$work/variant_ref" >"$work/variant_ref.out" 2>/dev/null
ref_rc=$?
"$cc" --backend=emu --host-compiler=g++ -v -O1 "$variant" -o "$work/variant" >"$work/variant.err" 2>&1
check "gcc host, construct_variant.c: builds" test $? -eq 0
check "gcc host: the translator is told" grep -q -- "--host-compiler-family=gcc" "$work/variant.err"
check "gcc host: warning at the call" \
  grep -q "construct_variant.c:[0-9]*:[0-9]*: warning: .*host compiler is GCC.*omp2cuda-host-variant" "$work/variant.err"
"$work/variant" >"$work/variant.out" 2>/dev/null
check "gcc host: same exit status as the GCC build" test $? -eq "$ref_rc"
check "gcc host: prints what the GCC build prints" diff -u "$work/variant_ref.out" "$work/variant.out"
if command -v clang++-19 >/dev/null; then
  "$cc" --backend=emu -v "$src" -o "$work/clang" 2>"$work/clang.err"
  check "default host: clang++-19" grep -q "^[^ ]*clang++-19 .*-fopenmp" "$work/clang.err"
  check "clang host: emu build" test $? -eq 0
  "$work/clang" >"$work/out" 2>"$work/run.err"
  check "clang host: runs" test $? -eq 0
  check "clang host: every team's thread 0" grep -qx "1 1 1 1 " "$work/out"
  check "clang host: on the device" grep -q "ran on the device" "$work/run.err"
  if [ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc >/dev/null; then
    "$cc" --backend=cuda -v "$src" -o "$work/cuda" 2>"$work/cuda.err"
    check "clang host: cuda build links" test $? -eq 0
    check "clang host: nvcc -ccbin" grep -q -- "-ccbin [^ ]*clang++-19" "$work/cuda.err"
    # nvcc only warns of a host function called from device code, and the
    # device skips the call: the driver makes that an error.
    check "cuda build: host calls in device code are errors" \
      grep -q -- "-Werror cross-execution-space-call" "$work/cuda.err"
    # Host lambdas that regions call are marked __host__ __device__.
    check "cuda build: extended lambdas" \
      grep -q -- "--extended-lambda" "$work/cuda.err"
  fi
fi
echo "host_compiler: $pass passed, $fail failed"
[ "$fail" = 0 ]
