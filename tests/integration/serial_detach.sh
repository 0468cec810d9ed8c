#!/usr/bin/env bash
# clang-19's libomp and the detached host tasks of nowait constructs with
# depend in serial code (docs/async.md, "libomp and detached tasks in serial
# code"): serial_detach.c, built by omp2cuda-cc --backend=emu, runs 600
# rounds of a parallel region whose master issues target tasks followed by
# a data_chain (enter data, target region, update, a plain host task, exit
# data, all nowait with depend); three runs at O2C_INLINE_ISSUE=2, where the
# runtime before o2c::guardRelease aborted in 15 of 20 runs ("Assertion
# failure at kmp_tasking.cpp(1189): children >= 0"), then one at each of
# levels 1 and 0. Every run must exit 0 and find every result exact.
#   serial_detach.sh BUILD_DIR
set -u
build=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bin/omp2cuda-cc" --backend=emu -O2 "$here/serial_detach.c" -o "$work/prog" \
  2>"$work/build.err" || { cat "$work/build.err"; echo "FAIL: build"; exit 1; }
fail=0
for level in 2 2 2 1 0; do
  O2C_INLINE_ISSUE=$level timeout 120 "$work/prog" >"$work/out" 2>"$work/err"
  rc=$?
  if [ $rc -ne 0 ] || ! grep -q ' errors=0$' "$work/out"; then
    echo "FAIL: O2C_INLINE_ISSUE=$level: exit $rc"
    cat "$work/out"; tail -3 "$work/err"
    fail=1
  fi
done
[ $fail = 0 ] && echo "serial_detach: 5 runs passed"
exit $fail
