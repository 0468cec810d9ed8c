#!/usr/bin/env bash
# Builds examples/cmake_project against this build's omp2cuda package with
# the given generator, runs it, then checks that touching a header the
# translated source includes re-runs the translation (depfile).
set -euo pipefail
build=$1
generator=$2
src=$(cd "$(dirname "$0")/../../examples/cmake_project" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src" "$work/proj"
cmake -S "$work/proj" -B "$work/b" -G "$generator" -Domp2cuda_DIR="$build" >/dev/null
cmake --build "$work/b" >"$work/log1" 2>&1 || { cat "$work/log1"; exit 1; }
out=$("$work/b/saxpy_app")
echo "$out"
[ "$out" = "saxpy checksum 500500.0" ] || { echo "wrong result"; exit 1; }
grep -q "omp2cuda: translating saxpy.c" "$work/log1" || { echo "no translation step"; exit 1; }
# No change: nothing to translate again.
cmake --build "$work/b" >"$work/log2" 2>&1
if grep -q "omp2cuda: translating" "$work/log2"; then echo "translated again without a change"; exit 1; fi
# A header change reaches the translation through the depfile.
sleep 1
echo "/* touched */" >>"$work/proj/include/saxpy.h"
cmake --build "$work/b" >"$work/log3" 2>&1
grep -q "omp2cuda: translating saxpy.c" "$work/log3" || { echo "header change did not re-translate"; cat "$work/log3"; exit 1; }
echo "cmake integration ($generator): ok"
