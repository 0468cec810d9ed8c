#!/usr/bin/env bash
# `requires unified_shared_memory` (issue 8, docs/unified-shared-memory.md):
# a region that dereferences host memory no map put on the device runs on a
# device that can reach it (the emulated device), and on the host where the
# device cannot (O2C_EMU_NO_USM makes the emulated device answer as a GPU
# without pageable memory access would): the same answer either way, and
# OMP_TARGET_OFFLOAD=MANDATORY is then an error that says why.
#   requires_usm.sh BUILD_DIR
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

cat >usm.c <<'SRC'
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#pragma omp requires unified_shared_memory
int main(void) {
  int n = 1000, on_device = 0;
  int *a = (int *)malloc(n * sizeof(int));
  int b[16];
  int *pb = b;
  for (int i = 0; i < n; ++i)
    a[i] = i;
#pragma omp target map(from: on_device)
  {
    for (int i = 0; i < n; ++i)
      a[i] *= 2;
    for (int i = 0; i < 16; ++i)
      pb[i] = a[i] + 1;
    on_device = !omp_is_initial_device();
  }
  printf("a[n-1] %d b[15] %d\n", a[n - 1], b[15]);
  fprintf(stderr, "on_device %d\n", on_device);
  free(a);
  return 0;
}
SRC
"$cc" --backend=emu -O1 usm.c -o usm 2>build.err || { cat build.err; exit 1; }
check "translated with the registration" grep -q RequiresUnifiedSharedMemory \
  <("$build/bin/omp2cuda" usm.c -o - -- 2>/dev/null)
O2C_INFO=1 ./usm >dev.out 2>dev.err
check "runs on the emulated device" grep -q "on_device 1" dev.err
check "device answer" grep -qx "a\[n-1\] 1998 b\[15\] 31" dev.out
O2C_EMU_NO_USM=1 O2C_INFO=1 ./usm >host.out 2>host.err
check "host when the device cannot reach host memory" grep -q "on_device 0" host.err
check "O2C_INFO says why" grep -q "requires unified_shared_memory (usm.c:4)" host.err
check "same answer on the host" cmp -s dev.out host.out
O2C_EMU_NO_USM=1 OMP_TARGET_OFFLOAD=MANDATORY ./usm >mand.out 2>mand.err
rc=$?
check "MANDATORY fails" test $rc -ne 0
check "MANDATORY names the requirement" grep -q "MANDATORY.*unified_shared_memory" mand.err
echo "requires_usm: $pass passed, $fail failed"
[ $fail -eq 0 ]
