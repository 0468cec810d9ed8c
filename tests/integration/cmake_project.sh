#!/usr/bin/env bash
# Builds examples/cmake_project against this build's omp2cuda package with
# the given generator, runs it, then checks that touching a header the
# translated source includes re-runs the translation (depfile).
# With "install", the package is first installed to a scratch prefix and
# found through CMAKE_PREFIX_PATH, as a user of an installed omp2cuda would.
#   cmake_project.sh BUILD_DIR GENERATOR [install]
set -euo pipefail
build=$1
generator=$2
mode=${3:-build-tree}
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
cmake -S "$work/proj" -B "$work/b" -G "$generator" "${find_args[@]}" >/dev/null
cmake --build "$work/b" >"$work/log1" 2>&1 || { cat "$work/log1"; exit 1; }
out=$("$work/b/saxpy_app")
echo "$out"
[ "$out" = "saxpy checksum 500500.0" ] || { echo "wrong result"; exit 1; }
grep -q "omp2cuda: translating saxpy.c" "$work/log1" || { echo "no translation step"; exit 1; }
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
echo "cmake integration ($generator, $mode): ok"
