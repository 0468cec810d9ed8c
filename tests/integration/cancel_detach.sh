#!/usr/bin/env bash
# Nowait target constructs in a taskgroup cancelled before they start
# (cancel_detach.c), built by omp2cuda-cc --backend=emu with clang (the
# detached host tasks) and with g++ (host tasks that wait): with
# OMP_CANCELLATION=true at O2C_INLINE_ISSUE 2, 1 and 0, and once without
# cancellation; each run must finish within its timeout (before the fix,
# every clang run with cancellation hung) and find every result exact.
# The g++ build runs the team phases only: libgomp makes no taskgroup in
# serial code without a team, so there its host build discards the target
# tasks only once a `target nowait` has given serial code a team of one
# (docs/async.md, "Cancellation").
#   cancel_detach.sh BUILD_DIR
set -u
build=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
run() { # NAME PHASES CANCELLATION LEVEL
  OMP_CANCELLATION=$3 O2C_INLINE_ISSUE=$4 timeout 60 "$work/$1" 10 "$2" \
    >"$work/out" 2>"$work/err"
  local rc=$?
  if [ $rc -ne 0 ] || ! grep -q ' bad 0 0 0 0$' "$work/out"; then
    echo "FAIL: $1 $2 OMP_CANCELLATION=$3 O2C_INLINE_ISSUE=$4: exit $rc (124: hung)"
    cat "$work/out"; tail -3 "$work/err"
    fail=1
  fi
}
"$build/bin/omp2cuda-cc" --backend=emu -O2 "$here/cancel_detach.c" \
  -o "$work/clang" 2>"$work/build.err" ||
  { cat "$work/build.err"; echo "FAIL: build"; exit 1; }
for level in 2 1 0; do run clang abcd true $level; done
run clang abcd false 2
n=4
if command -v g++ >/dev/null; then
  "$build/bin/omp2cuda-cc" --backend=emu --host-compiler=g++ -O2 \
    "$here/cancel_detach.c" -o "$work/gcc" 2>"$work/build.err" ||
    { cat "$work/build.err"; echo "FAIL: build with g++"; exit 1; }
  for level in 2 0; do run gcc cd true $level; done
  run gcc abcd false 2
  n=7
fi
[ $fail = 0 ] && echo "cancel_detach: $n runs passed"
exit $fail
