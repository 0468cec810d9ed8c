#!/usr/bin/env bash
# Errors in deferred target tasks (issue 12; docs/async.md, "Errors in target
# tasks") and the launch shape in O2C_INFO. A nowait region whose device
# allocation, copy or launch fails (fault injection: O2C_FAULT_ALLOC/COPY/
# LAUNCH=N) is reported with the region's location and ends the program with
# status 1 before anything that waits for the task (here a taskwait) goes on:
# from the helper with a detached host task (clang), at the host task's
# completion without detach (-DO2C_NO_DETACH, as under GCC).
#   async_faults.sh BUILD_DIR
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

cat >prog.c <<'SRC'
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 1000;
  double *x = malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    x[i] = i;
  printf("before\n");
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) nowait
  for (int i = 0; i < n; ++i)
    x[i] *= 2;
#pragma omp taskwait
  printf("after %g\n", x[n - 1]);
  free(x);
  return 0;
}
SRC
"$cc" --backend=emu -O1 prog.c -o detach >build.log 2>&1
check "the detach build" test -x detach || cat build.log
"$cc" --backend=emu -O1 -DO2C_NO_DETACH prog.c -o wait >build.log 2>&1
check "the waiting build" test -x wait || cat build.log

msg="prog.c:9:1: omp2cuda runtime error: %s (in '#pragma omp target teams distribute parallel for') in a deferred target task (nowait)"

for p in detach wait; do
  ./$p >out 2>err
  check "$p: exit 0 without a fault" test $? -eq 0
  check "$p: the result" grep -qx "after 1998" out

  O2C_INFO=1 ./$p >out 2>err
  check "$p: O2C_INFO names the launch shape" grep -Eq \
    "^o2c info: prog.c:9: 'target teams distribute parallel for': device 0 \(emu\), stream ([0-9]+), helper thread [0-9]+, 8000 bytes to the device, 8000 bytes to the host, launch grid \(4,1,1\) block \(256,1,1\) shared 0 bytes dynamic on stream \1\$" err

  for f in "ALLOC=1|out of device memory: allocating 8000 bytes failed (injected by O2C_FAULT_ALLOC)" \
           "COPY=2|copying 8000 bytes to the host failed (injected by O2C_FAULT_COPY)" \
           "LAUNCH=1|the kernel launch failed (injected by O2C_FAULT_LAUNCH)"; do
    var=O2C_FAULT_${f%%|*} text=${f#*|}
    env "$var" ./$p >out 2>err
    check "$p $var: exit 1" test $? -eq 1
    check "$p $var: the message names the region" \
      grep -qFx "$(printf "$msg" "$text")" err
    check "$p $var: one line" test "$(wc -l <err)" = 1
    check "$p $var: the work before it ran" grep -qx before out
    check "$p $var: nothing after the taskwait ran" test "$(grep -c after out)" = 0
  done

  OMP_TARGET_OFFLOAD=MANDATORY O2C_FAULT_ALLOC=1 ./$p >out 2>err
  check "$p MANDATORY: exit 1" test $? -eq 1
  check "$p MANDATORY: the message" grep -q "^prog.c:9:1: omp2cuda runtime error: out of device memory" err
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ] || { echo "--- stderr:"; cat err; echo "--- stdout:"; cat out; exit 1; }
