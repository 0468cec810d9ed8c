#!/usr/bin/env bash
# Nowait constructs with depend in a parallel team of several threads, then
# taskwait (team_detach.c): built by omp2cuda-cc --backend=emu, run at
# O2C_INLINE_ISSUE 2, 1 and 0; each run must finish within its timeout
# (a hang is the failure this guards against) with every result exact.
#   team_detach.sh BUILD_DIR
set -u
build=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bin/omp2cuda-cc" --backend=emu -O2 "$here/team_detach.c" -o "$work/prog" \
  2>"$work/build.err" || { cat "$work/build.err"; echo "FAIL: build"; exit 1; }
fail=0
for level in 2 1 0; do
  O2C_INLINE_ISSUE=$level timeout 30 "$work/prog" >"$work/out" 2>"$work/err"
  rc=$?
  if [ $rc -ne 0 ] || ! grep -q '^sum 12096 bad 0$' "$work/out"; then
    echo "FAIL: O2C_INLINE_ISSUE=$level: exit $rc (124: hung)"
    cat "$work/out"; tail -3 "$work/err"
    fail=1
  fi
done
[ $fail = 0 ] && echo "team_detach: 3 runs passed"
exit $fail
