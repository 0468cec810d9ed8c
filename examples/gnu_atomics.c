// GNU's atomic builtins in regions (docs/diagnostics/host-call.md): nvcc's
// device code has neither __sync_* nor __atomic_*, so the translation calls
// omp2cuda/gnu_atomics.h's forms, for integers, float and double of 4 or 8
// bytes. Every thread of the grid updates the same few counters (contention),
// a spin lock taken by __sync_lock_test_and_set guards a plain update, and a
// function the region calls uses them too. Prints exact values; stderr says
// where it ran. (__atomic_fetch_max and friends are clang's, not GCC 12's;
// clang's float and double forms, which nvcc's front end refuses even in
// host code, are in tests/fallback_clang/gnu_atomics_float.c.)
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

static long bump(long *c, int i) {
  return __sync_add_and_fetch(c, (long)(i & 3));
}

int main(void) {
  int n = 20000;
  int cnt = 0, mx = -1, mn = 1 << 30, flag = 0, lock = 0, guarded = 0;
  unsigned ucnt = 0, bits = 0, mask = ~0u;
  long lc = 0;
  long long ll = 0, swaps = 0;
  unsigned long long ull = 0, xr = 0;
#pragma omp target teams distribute parallel for map(tofrom: cnt, mx, mn, flag, lock, guarded, ucnt, bits, mask, lc, ll, swaps, ull, xr)
  for (int i = 0; i < n; i++) {
    __sync_fetch_and_add(&cnt, 1);
    __atomic_fetch_add(&ucnt, 2u, __ATOMIC_RELAXED);
    __sync_sub_and_fetch(&ll, (long long)i);
    __atomic_add_fetch(&ull, 3ull, __ATOMIC_SEQ_CST);
    __atomic_fetch_max(&mx, i % 777, __ATOMIC_RELAXED);
    __atomic_min_fetch(&mn, 5 + i % 1000, __ATOMIC_ACQ_REL);
    __sync_fetch_and_or(&bits, 1u << (i % 32));
    __atomic_and_fetch(&mask, ~(1u << (i % 16)), __ATOMIC_RELAXED);
    __sync_xor_and_fetch(&xr, (unsigned long long)i);
    if (__sync_bool_compare_and_swap(&flag, 0, i + 1))
      __atomic_fetch_add(&swaps, 1ll, __ATOMIC_RELAXED);
    long long e = __atomic_load_n(&swaps, __ATOMIC_ACQUIRE);
    (void)e;
    bump(&lc, i);
    if (i % 100 == 0) {
      while (__sync_lock_test_and_set(&lock, 1))
        ;
      guarded += 1;
      __sync_lock_release(&lock);
    }
  }
  int old = 0;
#pragma omp target map(tofrom: cnt, old)
  {
    int expected = 20000;
    __atomic_compare_exchange_n(&cnt, &expected, 7, 0, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
    old = __sync_val_compare_and_swap(&cnt, 7, 8);
    __atomic_store_n(&cnt, __atomic_exchange_n(&cnt, 9, __ATOMIC_SEQ_CST) + 1,
                     __ATOMIC_RELEASE);
    __sync_synchronize();
  }
  fprintf(stderr, "gnu_atomics: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("gnu_atomics: cnt=%d old=%d ucnt=%u ll=%lld ull=%llu mx=%d mn=%d\n", cnt,
         old, ucnt, ll, ull, mx, mn);
  printf("gnu_atomics: bits=%x mask=%x xr=%llu flag>0=%d swaps=%lld\n", bits,
         mask, xr, flag > 0, swaps);
  printf("gnu_atomics: lc=%ld guarded=%d\n", lc, guarded);
  return 0;
}
