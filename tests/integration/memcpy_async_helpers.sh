#!/usr/bin/env bash
# omp_target_memcpy_async and omp_target_memcpy_rect_async run on the
# hidden helper threads as target tasks, ordered by their depend objects
# (issue 12; docs/device-routines.md, "Asynchronous copies").
# memcpy_async_helpers.c is built by omp2cuda-cc --backend=emu three ways:
# clang's libomp with detached tasks (the default), clang without them
# (-DO2C_NO_DETACH: each copy's task waits for its helper) and GCC's libgomp
# (--host-compiler=g++). Each build must find every result exact (copies
# after the host tasks that fill their sources and the target tasks before
# them, in serial code and in a team), and in its `copies` mode (no target
# region) hand exactly one task to the helpers per deferred copy
# (O2C_STATS=1: before, the copies ran in the host tasks themselves and none
# reached a helper).
#   memcpy_async_helpers.sh BUILD_DIR
set -u
build=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
for mode in detach nodetach gcc; do
  case $mode in
    detach) opts=() ;;
    nodetach) opts=(-DO2C_NO_DETACH) ;;
    gcc) opts=(--host-compiler=g++) ;;
  esac
  if ! "$build/bin/omp2cuda-cc" --backend=emu -O1 "${opts[@]}" \
       "$here/memcpy_async_helpers.c" -o "$work/$mode" >"$work/$mode.build" 2>&1; then
    echo "FAIL $mode: build"; cat "$work/$mode.build"; fail=1; continue
  fi
  timeout 300 "$work/$mode" >"$work/$mode.out" 2>"$work/$mode.err"
  rc=$?
  if [ $rc -ne 0 ] || ! grep -q '^errors=0$' "$work/$mode.out"; then
    echo "FAIL $mode: exit $rc"; cat "$work/$mode.out"; tail -3 "$work/$mode.err"; fail=1
  fi
  O2C_STATS=1 timeout 300 "$work/$mode" copies >"$work/$mode.c.out" 2>"$work/$mode.c.err"
  rc=$?
  want=$(sed -n 's/^deferred copies: //p' "$work/$mode.c.out")
  got=$(sed -n 's/^o2c threads: \([0-9]*\) tasks to helpers.*/\1/p' "$work/$mode.c.err")
  if [ $rc -ne 0 ] || ! grep -q '^errors=0$' "$work/$mode.c.out" ||
     [ -z "$want" ] || [ "$want" != "$got" ]; then
    echo "FAIL $mode copies: exit $rc, $want deferred copies, ${got:-no} tasks to helpers"
    cat "$work/$mode.c.out"; tail -3 "$work/$mode.c.err"; fail=1
  fi
done
[ $fail = 0 ] && echo "memcpy_async_helpers: 3 builds passed"
exit $fail
