#!/usr/bin/env bash
# Separate compilation (issue 10 point 3): examples/rdc is a two-file program
# whose regions call `declare target` functions defined in the other file.
#   1. without --rdc the regions stay on the host, and the warning says to
#      use it;
#   2. omp2cuda-cc --backend=emu -fgpu-rdc: the program prints what the host
#      build (gcc -fopenmp) prints, and ran on the device;
#   3. omp2cuda --rdc translates every region, marks the declarations, gives
#      the kernels internal linkage, and translates forces.c (no region);
#   4. omp2cuda-cc --backend=cuda -fgpu-rdc compiles with nvcc -rdc=true and
#      links (device link included); no GPU here, so it does not run.
# Usage: rdc.sh BUILD_DIR
set -uo pipefail
build=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
src=$root/examples/rdc
work=$build/integration/rdc
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL [rdc]: $*" >&2; exit 1; }
cc=$build/bin/omp2cuda-cc
tool=$build/bin/omp2cuda

# 1. Without --rdc: on the host, with the way out in the warning.
"$tool" "$src/main.c" -o "$work/plain.cu" 2>"$work/plain.err"
rc=$?
[ $rc -eq 3 ] || { cat "$work/plain.err"; fail "without --rdc: exit $rc, expected 3"; }
grep -q "'kick', whose definition is not in this file; it is 'declare target'.*--rdc" \
  "$work/plain.err" || { cat "$work/plain.err"; fail "the warning does not name --rdc"; }

# 2. emu against the host build.
gcc -fopenmp -foffload=disable -O2 "$src/main.c" "$src/forces.c" -o "$work/ref" \
  || fail "reference build failed"
"$cc" --backend=emu -fgpu-rdc -O2 "$src/main.c" "$src/forces.c" -o "$work/emu" \
  2>"$work/emu_build.err" || { cat "$work/emu_build.err"; fail "emu build failed"; }
[ -s "$work/emu_build.err" ] && { cat "$work/emu_build.err"; fail "emu build printed diagnostics"; }
"$work/ref" >"$work/ref.out" 2>/dev/null || fail "reference run failed"
"$work/emu" >"$work/emu.out" 2>"$work/emu.err" || { cat "$work/emu.err"; fail "emu run failed"; }
diff -u "$work/ref.out" "$work/emu.out" || fail "emu output differs from the host build"
grep -q "ran on the device" "$work/emu.err" || { cat "$work/emu.err"; fail "did not run on the device"; }

# 3. The translation itself.
"$tool" --rdc "$src/main.c" -o "$work/main.cu" 2>"$work/main.err" \
  || { cat "$work/main.err"; fail "omp2cuda --rdc main.c did not translate every region"; }
"$tool" --rdc --skip-if-none "$src/forces.c" -o "$work/forces.cu" 2>"$work/forces.err" \
  || { cat "$work/forces.err"; fail "omp2cuda --rdc forces.c failed"; }
[ -f "$work/forces.cu" ] || fail "forces.c (no region) was not translated under --rdc"
for f in "$work/particles.cu.h"; do
  grep -q "__host__ __device__ double kick(double v, double x);" "$f" \
    || { cat "$f"; fail "the header's declaration of kick is not marked"; }
done
grep -q "__host__ __device__ double kick(double v, double x) {" "$work/forces.cu" \
  || fail "forces.c's kick is not a device function"
grep -q "__host__ __device__ static double spring" "$work/forces.cu" \
  || fail "forces.c's spring is not a device function"
grep -q "O2C_DEVICE_COPY(gravity, omp2cuda_dev_gravity)" "$work/forces.cu" \
  || fail "kick does not use the device copy of gravity"
if grep -E "^(template <[^>]*> )?__global__" "$work/main.cu"; then
  fail "a kernel has external linkage under --rdc"
fi

# 4. nvcc with relocatable device code, compiled and device-linked.
if [ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc >/dev/null; then
  "$cc" --backend=cuda -fgpu-rdc -O2 "$src/main.c" "$src/forces.c" \
    -o "$work/cuda" -v 2>"$work/cuda.err" || { cat "$work/cuda.err"; fail "cuda build failed"; }
  grep -q -- "-rdc=true" "$work/cuda.err" || fail "nvcc did not get -rdc=true"
  [ -x "$work/cuda" ] || fail "no executable"
  # The device code of main.o calls kick, which only forces.o defines.
  cuobjdump_=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")/cuobjdump
  [ -x "$cuobjdump_" ] || cuobjdump_=/usr/local/cuda/bin/cuobjdump
  if [ -x "$cuobjdump_" ]; then
    "$cuobjdump_" -symbols "$work/cuda" >"$work/symbols.txt" 2>&1
    grep -q "kick" "$work/symbols.txt" || { head -50 "$work/symbols.txt"; fail "no device symbol kick in the executable"; }
  fi
else
  echo "nvcc not found: step 4 skipped"
fi
echo "PASS [rdc]"
