#!/usr/bin/env bash
# Builds examples/cmake_project against this build's omp2cuda package with
# the given generator, runs it, then checks that touching a header the
# translated source includes re-runs the translation (depfile).
# With "install", the package is first installed to a scratch prefix and
# found through CMAKE_PREFIX_PATH, as a user of an installed omp2cuda would.
# Further arguments go to the project's configure step:
#   -DCMAKE_CXX_STANDARD=11|14 (issue 13 point 3): the generated code and
#     the runtime headers build at the project's C++ level, which the
#     compile command of the .cu must show;
#   -DOMP2CUDA_EXAMPLE_BACKEND=cuda (issue 13 point 12): the project enables
#     only C and C++, yet the .cu is compiled by nvcc for sm_90, omp2cuda-cc's
#     default (exit 77, skipped, without nvcc or the CUDA runtime).
#   -DOMP2CUDA_EXAMPLE_FULL_GRID=ON (issue 11): omp2cuda_add_sources(...
#     FULL_GRID) translates with --full-grid (checked on Ninja's commands).
#   -DOMP2CUDA_EXAMPLE_DATA_SHARING=global (issue 9 point 3): ... DATA_SHARING
#     global) translates with --data-sharing=global (Ninja's commands).
# With Ninja, the translation is also told CMAKE_CXX_COMPILER's family
# (--host-compiler-family), whose declare variant choices the device makes.
#   cmake_project.sh BUILD_DIR GENERATOR [install|build-tree] [-D...]
set -euo pipefail
build=$1
generator=$2
mode=${3:-build-tree}
shift $(($# < 3 ? $# : 3))
extra=("$@")
backend=emu std= full_grid= data_sharing=
for a in "${extra[@]}"; do
  case $a in
    -DOMP2CUDA_EXAMPLE_BACKEND=*) backend=${a#*=} ;;
    -DCMAKE_CXX_STANDARD=*) std=${a#*=} ;;
    -DOMP2CUDA_EXAMPLE_FULL_GRID=ON) full_grid=1 ;;
    -DOMP2CUDA_EXAMPLE_DATA_SHARING=*) data_sharing=${a#*=} ;;
  esac
done
nvcc=${OMP2CUDA_NVCC:-/usr/local/cuda/bin/nvcc}
if [ "$backend" = cuda ] && { [ ! -x "$nvcc" ] || [ ! -e "$build/lib/libomp2cuda_rt_cuda.a" ]; }; then
  echo "no nvcc or no CUDA runtime in $build: skipped"; exit 77
fi
src=$(cd "$(dirname "$0")/../../examples/cmake_project" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src" "$work/proj"
if [ "$mode" = install ]; then
  cmake --install "$build" --prefix "$work/prefix" >/dev/null
  find_args=(-DCMAKE_PREFIX_PATH="$work/prefix")
  # The installed driver finds its runtime relative to itself.
  (cd "$work/proj" && "$work/prefix/bin/omp2cuda-cc" --backend=emu -I include -DSAXPY_SCALE=2 \
     main.c saxpy.c -o "$work/cc_app") 2>"$work/cc.err" || { cat "$work/cc.err"; exit 1; }
  [ "$("$work/cc_app")" = "saxpy checksum 500500.0" ] || { echo "installed omp2cuda-cc: wrong result"; exit 1; }
  [ -z "$(ls -A "$work/proj" | grep -v -e '^CMakeLists.txt$' -e '^include$' -e '^main.c$' -e '^saxpy.c$')" ] ||
    { echo "omp2cuda-cc left files in the source tree"; ls "$work/proj"; exit 1; }
else
  find_args=(-Domp2cuda_DIR="$build")
fi
cmake -S "$work/proj" -B "$work/b" -G "$generator" "${find_args[@]}" \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${extra[@]}" >"$work/log0" 2>&1 ||
  { cat "$work/log0"; exit 1; }
cmake --build "$work/b" >"$work/log1" 2>&1 || { cat "$work/log1"; exit 1; }
# Without a GPU the cuda build runs its regions on the host (the runtime
# finds no device), with the same result.
out=$("$work/b/saxpy_app")
echo "$out"
[ "$out" = "saxpy checksum 500500.0" ] || { echo "wrong result"; exit 1; }
grep -q "omp2cuda: translating saxpy.c" "$work/log1" || { echo "no translation step"; exit 1; }
if [ -n "$std" ]; then
  grep -q -- "-std=gnu++$std .*saxpy.c.cu" "$work/b/compile_commands.json" ||
    { echo "the .cu was not compiled at C++$std"; grep saxpy.c.cu "$work/b/compile_commands.json"; exit 1; }
fi
if [ "$backend" = cuda ]; then
  grep -q "omp2cuda: nvcc -arch=sm_90 saxpy.c.cu" "$work/log1" ||
    { echo "the .cu was not compiled by nvcc for sm_90"; cat "$work/log1"; exit 1; }
  # Captured first: under pipefail, grep -q closing the pipe early would
  # fail the writer with SIGPIPE now and then.
  sections=$(readelf -S "$work/b/saxpy_app")
  grep -q "\.nv_fatbin" <<<"$sections" ||
    { echo "no device code in saxpy_app"; exit 1; }
  if [ "$generator" = Ninja ]; then
    cmds=$(ninja -C "$work/b" -t commands saxpy_app)
    grep -q -- "nvcc -arch=sm_90 -x cu -std=c++17 .*saxpy.c.cu" <<<"$cmds" ||
      { echo "nvcc's command line"; grep nvcc <<<"$cmds"; exit 1; }
  fi
fi
if [ "$generator" = Ninja ]; then
  # Captured first, as above (pipefail and grep -q).
  tool_cmds=$(ninja -C "$work/b" -t commands saxpy_app | grep -- "omp2cuda .*saxpy.c" || true)
  [ -n "$tool_cmds" ] || { echo "no omp2cuda command for saxpy.c"; exit 1; }
  if [ -n "$full_grid" ]; then
    grep -q -- "--full-grid" <<<"$tool_cmds" || { echo "FULL_GRID: no --full-grid"; echo "$tool_cmds"; exit 1; }
  else
    ! grep -q -- "--full-grid" <<<"$tool_cmds" || { echo "--full-grid without FULL_GRID"; exit 1; }
  fi
  # The .cu's host side is CMAKE_CXX_COMPILER's (both backends): the
  # translator makes the device choose declare variants as it does.
  cxx_id=$(sed -n 's/^set(CMAKE_CXX_COMPILER_ID "\(.*\)")$/\1/p' "$work"/b/CMakeFiles/*/CMakeCXXCompiler.cmake)
  case $cxx_id in Clang|AppleClang) family=clang ;; *) family=gcc ;; esac
  grep -q -- "--host-compiler-family=$family " <<<"$tool_cmds" ||
    { echo "$cxx_id host compiler: no --host-compiler-family=$family"; echo "$tool_cmds"; exit 1; }
  if [ -n "$data_sharing" ]; then
    grep -q -- "--data-sharing=$data_sharing" <<<"$tool_cmds" ||
      { echo "DATA_SHARING: no --data-sharing=$data_sharing"; echo "$tool_cmds"; exit 1; }
  else
    ! grep -q -- "--data-sharing" <<<"$tool_cmds" || { echo "--data-sharing without DATA_SHARING"; exit 1; }
  fi
fi
# The header's device helper reaches the device through its translated copy.
if ! grep -rqs "__host__ __device__ static inline float axpy" "$work/b"; then
  echo "no translated copy of include/saxpy.h in the build tree"; exit 1
fi
# No change: nothing to translate again.
cmake --build "$work/b" >"$work/log2" 2>&1
if grep -q "omp2cuda: translating" "$work/log2"; then echo "translated again without a change"; exit 1; fi
# A header change reaches the translation through the depfile.
sleep 1
echo "/* touched */" >>"$work/proj/include/saxpy.h"
cmake --build "$work/b" >"$work/log3" 2>&1
grep -q "omp2cuda: translating saxpy.c" "$work/log3" || { echo "header change did not re-translate"; cat "$work/log3"; exit 1; }
# A region left on the host (omp2cuda exit status 3, with a warning) still
# builds: the translation is complete and correct.
cat >>"$work/proj/saxpy.c" <<'EOS'
static float (*volatile opaque)(float) = 0;
void saxpy_host_left(float *y, int n) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = opaque ? opaque(y[i]) : y[i];
}
EOS
cmake --build "$work/b" >"$work/log4" 2>&1 || { echo "a region left on the host failed the build"; cat "$work/log4"; exit 1; }
grep -q "omp2cuda-host-call" "$work/log4" || { echo "no warning for the region left on the host"; cat "$work/log4"; exit 1; }
[ "$("$work/b/saxpy_app")" = "saxpy checksum 500500.0" ] || { echo "wrong result after the host region"; exit 1; }
echo "cmake integration ($generator, $mode, $backend${std:+, C++$std}): ok"
