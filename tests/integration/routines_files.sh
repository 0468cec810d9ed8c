#!/usr/bin/env bash
# A file with no target construct whose host code calls the OpenMP device
# routines is translated too (omp2cuda-cc's --skip-if-none), so its calls
# answer with the same numbering of devices as the program's other files:
# probe.c asks about the host device (omp_get_initial_device()) while
# main.c maps data; untranslated, probe.c got libomp's initial device 0,
# which omp2cuda's runtime takes for the emulated GPU.
# Usage: routines_files.sh BUILD_DIR
set -uo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")" && pwd)/routines_files
work=$build/integration/routines_files
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL [routines_files]: $*" >&2; exit 1; }

"$build/bin/omp2cuda" --skip-if-none "$src/probe.c" -o "$work/probe.cu" \
  2>"$work/probe.err" || { cat "$work/probe.err"; fail "translating probe.c failed"; }
[ -f "$work/probe.cu" ] || fail "probe.c (routine calls, no region) was not translated"
grep -q "o2c::initialDevice()" "$work/probe.cu" || fail "probe.c's calls are not routed"

"$build/bin/omp2cuda-cc" --backend=emu -O1 "$src/main.c" "$src/probe.c" \
  -o "$work/prog" 2>"$work/build.err" || { cat "$work/build.err"; fail "emu build failed"; }
O2C_EMU_NO_USM=1 "$work/prog" >"$work/out" 2>"$work/run.err" \
  || { cat "$work/run.err"; fail "run failed"; }
cat >"$work/expected" <<'OUT'
b: initial=1 accessible(host)=1 mapped(host)==a:1 present=1
a0=11 initial=1
OUT
diff -u "$work/expected" "$work/out" || fail "the two files disagree on the devices"
echo "PASS [routines_files]"
