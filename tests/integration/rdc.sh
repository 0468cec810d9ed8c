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
#      links (device link included); no GPU here, so it does not run;
#   5. the CMake function with RDC: BACKEND emu builds and prints the same,
#      BACKEND cuda builds (nvcc -rdc=true, a -dlink object) and links;
#   6-10. the emulation's link marks (below).
# Usage: rdc.sh BUILD_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
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
# 5. omp2cuda_add_sources(... RDC).
proj=$work/proj
mkdir -p "$proj"
cp "$src"/main.c "$src"/forces.c "$src"/particles.h "$proj/"
for be in emu cuda; do
  cat >"$proj/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(particles C CXX)
find_package(omp2cuda REQUIRED)
add_executable(particles_$be)
omp2cuda_add_sources(particles_$be BACKEND $be RDC SOURCES main.c forces.c)
CMAKE
  if [ $be = cuda ] && { [ ! -x /usr/local/cuda/bin/nvcc ] || [ ! -e "$build/lib/libomp2cuda_rt_cuda.a" ]; }; then
    echo "no nvcc or CUDA runtime: CMake cuda step skipped"; continue
  fi
  cmake -S "$proj" -B "$work/cmake_$be" -G Ninja -Domp2cuda_DIR="$build" \
    >"$work/cmake_$be.log" 2>&1 || { cat "$work/cmake_$be.log"; fail "CMake configure ($be) failed"; }
  cmake --build "$work/cmake_$be" -v >>"$work/cmake_$be.log" 2>&1 \
    || { cat "$work/cmake_$be.log"; fail "CMake build ($be) failed"; }
  grep -q -- "--rdc" "$work/cmake_$be.log" || fail "the CMake function did not pass --rdc ($be)"
  if [ $be = emu ]; then
    "$work/cmake_emu/particles_emu" >"$work/cmake_emu.out" 2>/dev/null || fail "CMake emu program failed"
    diff -u "$work/ref.out" "$work/cmake_emu.out" || fail "CMake emu output differs from the host build"
  else
    grep -q -- "-dlink" "$work/cmake_cuda.log" || fail "no device link step in the CMake cuda build"
    grep -q -- "-rdc=true" "$work/cmake_cuda.log" || fail "nvcc did not get -rdc=true from CMake"
    [ -x "$work/cmake_cuda/particles_cuda" ] || fail "CMake cuda: no executable"
  fi
done

# 6. A called function that no file compiles for the device (spread.c's
#    orphaned distribute): CUDA's device link fails, and so does the
#    emulation's link (the marks of device_copy.h), rather than running the
#    host function as device code (it crashed).
miss=$root/tests/integration/rdc_missing
"$cc" --backend=emu -fgpu-rdc -O2 "$miss/main.c" "$miss/spread.c" -o "$work/miss_emu" \
  2>"$work/miss_emu.err" && fail "emu linked a call of a function no file compiles for the device"
grep -q "'spread' is not compiled for the device.*will not link \[omp2cuda-rdc-function\]" \
  "$work/miss_emu.err" || { cat "$work/miss_emu.err"; fail "no omp2cuda-rdc-function warning"; }
grep -q "undefined reference to .o2c_rdc_spread'" "$work/miss_emu.err" \
  || { cat "$work/miss_emu.err"; fail "the emu link did not fail on spread's mark"; }
[ -e "$work/miss_emu" ] && fail "emu left an executable"
if [ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc >/dev/null; then
  "$cc" --backend=cuda -fgpu-rdc -O2 "$miss/main.c" "$miss/spread.c" -o "$work/miss_cuda" \
    2>"$work/miss_cuda.err" && fail "cuda linked a call of a function no file compiles for the device"
  grep -q "Undefined reference to 'spread'" "$work/miss_cuda.err" \
    || { cat "$work/miss_cuda.err"; fail "the device link did not fail on spread"; }
fi
# 7. The marks ask only for declare target functions some file defines: a
#    pure virtual function that device code reaches for its overriders
#    (examples/class_members.cpp) has none, and the program links and runs.
"$cc" --backend=emu -fgpu-rdc -std=c++17 -O2 "$root/examples/class_members.cpp" \
  -o "$work/virtual_emu" 2>"$work/virtual_emu.err" \
  || { cat "$work/virtual_emu.err"; fail "emu -fgpu-rdc build of class_members.cpp failed"; }
g++ -std=c++17 -fopenmp -foffload=disable -O2 "$root/examples/class_members.cpp" \
  -o "$work/virtual_ref" || fail "class_members.cpp reference build failed"
"$work/virtual_ref" >"$work/virtual_ref.out" 2>/dev/null || fail "class_members.cpp reference run failed"
"$work/virtual_emu" >"$work/virtual_emu.out" 2>/dev/null || fail "class_members.cpp emu run failed"
diff -u "$work/virtual_ref.out" "$work/virtual_emu.out" || fail "class_members.cpp: emu -fgpu-rdc differs"
# 8. A header's declare target function, compiled for the device in the
#    unit that includes it, defines its mark there: another unit that only
#    declares it links (as CUDA's device link does) and prints what the
#    host build prints.
hdr=$root/tests/integration/rdc_header
"$cc" --backend=emu -fgpu-rdc -O2 "$hdr/b.c" "$hdr/a.c" -o "$work/header_emu" \
  2>"$work/header_emu.err" || { cat "$work/header_emu.err"; fail "emu build of rdc_header failed"; }
gcc -fopenmp -foffload=disable -O2 "$hdr/b.c" "$hdr/a.c" -o "$work/header_ref" \
  || fail "rdc_header reference build failed"
"$work/header_ref" >"$work/header_ref.out" 2>/dev/null || fail "rdc_header reference run failed"
"$work/header_emu" >"$work/header_emu.out" 2>/dev/null || fail "rdc_header emu run failed"
diff -u "$work/header_ref.out" "$work/header_emu.out" || fail "rdc_header: emu differs"
# 9. A function that a file compiles for the device because its region
#    calls it, with no directive of its own there (implicitly declare
#    target), defines its mark: the other file, which declares it declare
#    target, links (review: undefined reference to o2c_rdc_helper).
# 10. A call in a declare target function that cannot run on the device
#    (getenv) asks for no mark: no device code calls f (review: undefined
#    reference to o2c_rdc_f, where CUDA links).
for t in implicit unreached; do
  d=$root/tests/integration/rdc_$t
  "$cc" --backend=emu -fgpu-rdc -O2 "$d/a.c" "$d/b.c" -o "$work/${t}_emu" \
    2>"$work/${t}_emu.err" || { cat "$work/${t}_emu.err"; fail "emu build of rdc_$t failed"; }
  gcc -fopenmp -foffload=disable -O2 "$d/a.c" "$d/b.c" -o "$work/${t}_ref" \
    || fail "rdc_$t reference build failed"
  "$work/${t}_ref" >"$work/${t}_ref.out" 2>/dev/null || fail "rdc_$t reference run failed"
  "$work/${t}_emu" >"$work/${t}_emu.out" 2>/dev/null || fail "rdc_$t emu run failed"
  diff -u "$work/${t}_ref.out" "$work/${t}_emu.out" || fail "rdc_$t: emu differs"
done
echo "PASS [rdc]"
