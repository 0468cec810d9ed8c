#!/usr/bin/env bash
# omp2cuda-cc's precompiled device_rt.h for emu compiles (OMP2CUDA_PCH_DIR,
# src/driver/CcPch.h): the first compile builds one per compile command, the
# next reuses it, the program computes the same, and what the user sees is
# what a compile without the cache shows: a warning in their code once, an
# error once. Flags that change what the header means (-D) get their own;
# -include and dependency files (-MD) compile without one.
#   emu_pch.sh BUILD_DIR
set -u
build=$1
cc="$build/bin/omp2cuda-cc"
src="$(dirname "$0")/teams_api.c"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
check() { # name, command...
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $name"; fi
}
export OMP2CUDA_PCH_DIR="$work/pch"
count() { ls "$OMP2CUDA_PCH_DIR"/*.pch 2>/dev/null | wc -l; }

env -u OMP2CUDA_PCH_DIR "$cc" --backend=emu "$src" -o "$work/plain"
"$work/plain" >"$work/plain.out" 2>&1
"$cc" --backend=emu -v "$src" -o "$work/first" 2>"$work/first.err"
check "first compile: builds" test $? -eq 0
check "first compile: one precompiled header" test "$(count)" -eq 1
check "first compile: no temporary left" test -z "$(ls "$OMP2CUDA_PCH_DIR" | grep -v '\.pch$')"
check "first compile: -v shows the header's build" grep -q -- "-x c++-header .*device_rt.h -o .*\.pch\.tmp" "$work/first.err"
"$cc" --backend=emu -v "$src" -o "$work/second" 2>"$work/second.err"
check "second compile: builds" test $? -eq 0
check "second compile: reuses it" grep -q -- "-include-pch $OMP2CUDA_PCH_DIR/device_rt-" "$work/second.err"
check "second compile: builds none" test -z "$(grep -- "-x c++-header" "$work/second.err")"
check "still one precompiled header" test "$(count)" -eq 1
"$work/second" >"$work/second.out" 2>&1
check "same output as without the cache" diff -u "$work/plain.out" "$work/second.out"

"$cc" --backend=emu -DO2C_PCH_TEST=1 "$src" -o "$work/defined"
check "-D: its own precompiled header" test "$(count)" -eq 2
"$cc" --backend=emu -v -MD -MF "$work/dep.d" -c "$src" -o "$work/dep.o" 2>"$work/dep.err"
check "-MD: compiles" test $? -eq 0
check "-MD: without the header" test -z "$(grep -- "-include-pch" "$work/dep.err")"
check "-MD: the dependency file names device_rt.h" grep -q "device_rt.h" "$work/dep.d"

# A warning in the user's code (unused variable) reaches the user once.
cat >"$work/warn.c" <<'SRC'
#include <stdio.h>
int main(void) {
  int unused_here = 3;
  int a[4] = {0};
#pragma omp target map(tofrom: a)
  a[1] = 7;
  printf("%d\n", a[1]);
  return 0;
}
SRC
env -u OMP2CUDA_PCH_DIR "$cc" --backend=emu -Wall -c "$work/warn.c" -o "$work/w0.o" 2>"$work/w0.err"
"$cc" --backend=emu -Wall -c "$work/warn.c" -o "$work/w1.o" 2>"$work/w1.err"
check "warning: compiles" test $? -eq 0
check "warning: shown with the cache" test "$(grep -c "warning: unused variable 'unused_here'" "$work/w1.err")" -eq 1
check "warning: as without the cache" diff -u "$work/w0.err" "$work/w1.err"
# An error in the user's code: the compile fails and says it once.
sed 's/a\[1\] = 7;/a[1] = undeclared_name;/' "$work/warn.c" >"$work/err.c"
"$cc" --backend=emu -Wall -c "$work/err.c" -o "$work/e.o" 2>"$work/e.err"
check "error: fails" test $? -ne 0
check "error: said once" test "$(grep -c "error: use of undeclared identifier 'undeclared_name'" "$work/e.err")" -eq 1
check "error: no object" test ! -e "$work/e.o"

# A user's own .cu (not written by omp2cuda) compiles without the header
# forced in: here it would clash with the file's own `dim3`.
cat >"$work/own.cu" <<'SRC'
#include <stdio.h>
struct dim3 { int x; };
int main(void) { struct dim3 d = {4}; printf("%d\n", d.x); return 0; }
SRC
"$cc" --backend=emu -v "$work/own.cu" -o "$work/own" 2>"$work/own.err"
check "own .cu: builds" test $? -eq 0
check "own .cu: without the header" test -z "$(grep -- "-include-pch" "$work/own.err")"

echo "emu_pch: $pass passed, $fail failed"
test "$fail" -eq 0
