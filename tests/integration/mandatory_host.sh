#!/usr/bin/env bash
# OMP_TARGET_OFFLOAD=MANDATORY and regions omp2cuda left on the host (issue
# 13 point 8): such a region, when it would offload, is a run-time error
# naming the region and the translator's reason; a translated region, one
# kept on the host on purpose and one with if(0) run as usual.
#   mandatory_host.sh BUILD_DIR
set -u
build=$(realpath "$1")
cc="$build/bin/omp2cuda-cc"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
pass=0 fail=0
check() { # name, command...
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $name"; fi
}

cat >ext.c <<'SRC'
double ext(double x) { return x + 1; }
SRC
cat >prog.c <<'SRC'
#include <stdio.h>
double ext(double);
int main(void) {
  double a[4] = {1, 2, 3, 4};
  int off = 0;
#pragma omp target teams distribute parallel for map(tofrom: a[0:4])
  for (int i = 0; i < 4; ++i)
    a[i] *= 2;
  // omp2cuda: host (tiny)
#pragma omp target map(tofrom: a[0:4])
  a[0] += ext(0);
#pragma omp target map(tofrom: a[0:4]) if(off)
  a[1] += ext(0);
  printf("before %g %g\n", a[0], a[1]);
  fflush(stdout);
#pragma omp target map(tofrom: a[0:4])
  a[2] = ext(a[2]);
  printf("after %g\n", a[2]);
  return 0;
}
SRC
"$cc" --backend=emu prog.c ext.c -o prog >build.log 2>&1
check "the program builds" test -x prog || cat build.log

./prog >out 2>err
check "DEFAULT: exit 0" test $? -eq 0
check "DEFAULT: every region runs" grep -q "^after 7$" out

OMP_TARGET_OFFLOAD=MANDATORY ./prog >out 2>err
check "MANDATORY: exit 1" test $? -eq 1
check "MANDATORY: the regions before it ran" grep -q "^before 3 5$" out
check "MANDATORY: the region left on the host did not" \
  test "$(grep -c after out)" = 0
check "MANDATORY: the error names the region and the reason" grep -q \
  "^prog.c:16:1: omp2cuda runtime error: OMP_TARGET_OFFLOAD=MANDATORY, but omp2cuda left this region on the host when it translated the program: it calls 'ext', whose definition is not in this file \[omp2cuda-host-call\] (in '#pragma omp target')$" err
check "MANDATORY: one error" test "$(wc -l <err)" = 1
[ "$fail" = 0 ] || { echo "--- stderr:"; cat err; echo "--- stdout:"; cat out; }

OMP_TARGET_OFFLOAD=DISABLED ./prog >out 2>err
check "DISABLED: exit 0" test $? -eq 0

echo "mandatory_host: $pass passed, $fail failed"
[ "$fail" = 0 ]
