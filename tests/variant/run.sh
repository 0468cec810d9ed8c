#!/bin/bash
# Builds each tests/variant/*.c with omp2cuda-cc --backend=emu and checks
# that it prints its .expected file: what an OpenMP device would compute,
# which a host build cannot show (the differential tests compare with one).
# usage: run.sh OMP2CUDA_CC WORK_DIR
set -u
CC=$1 WORK=$2
DIR=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$WORK"
status=0
for src in "$DIR"/*.c; do
  name=$(basename "$src" .c)
  if ! "$CC" --backend=emu "$src" -o "$WORK/$name" > "$WORK/$name.log" 2>&1; then
    echo "FAIL $name: build"; cat "$WORK/$name.log"; status=1; continue
  fi
  if ! "$WORK/$name" > "$WORK/$name.out" 2>&1 ||
     ! diff -u "$DIR/$name.expected" "$WORK/$name.out"; then
    echo "FAIL $name"; status=1; continue
  fi
  echo "ok $name"
done
exit $status
