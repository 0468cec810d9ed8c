// C enumerations keep C's integer types in the .cu (C++): an enumeration
// without a negative enumerator is unsigned int in C (GCC, Clang), so a
// value taken below its first enumerator compares as a large unsigned, and
// its enumerators stay int (`x < F_A` with x = -1 is true). In-place
// operators with integer right operands of every type build with g++ and
// clang++ (the exec test builds the .cu with g++, which rejected them;
// the stored review programs check clang++). The same arithmetic runs on
// the device and on the host.
// exec-host-compiler: g++
#include <omp.h>
#include <stdio.h>

enum flag { F_A = 1, F_B = 2, F_C = 4 };
enum fwd;
enum fwd { W_0, W_1 };
typedef enum { LOW, MID, HIGH } level;
enum signed_flag { S_NEG = -1, S_POS = 1 };
struct holder {
  level k;
  int n;
};

int main(void) {
  enum flag e = F_A, h = F_A, o = F_A, oh = F_A;
  level l = MID, lh = MID;
  enum fwd w = W_1, wh = W_1;
  enum signed_flag s = S_POS, sh = S_POS;
  struct holder st = {MID, 0}, sth = {MID, 0};
  long long v = 0, vh = 0, z = 0, zh = 0;
  int x = -1, m = 6, on_device = 0;
  unsigned u = 2;
  long q = 1;
#pragma omp target map(tofrom: e, v, o, l, w, s, st, z, on_device) firstprivate(x, m, u, q)
  {
    on_device = !omp_is_initial_device();
    e -= 2;
    v = (e < F_A) * 10 + (e > F_B);
    v = v * 100 + (x < F_A) * 10 + (F_A - 2 < 0);
    o |= m;
    o ^= 1;
    o &= 0xF;
    o <<= u;
    o >>= q;
    o %= 5;
    l -= 3;
    w -= 2;
    s -= 3;
    st.k -= 2;
    z = (l > HIGH) * 10000 + (w > W_1) * 1000 + (s < S_NEG) * 100 +
        (st.k > HIGH) * 10 + (st.k < MID);
  }
  oh |= m;
  oh ^= 1;
  oh &= 0xF;
  oh <<= u;
  oh >>= q;
  oh %= 5;
  h = h - 2;
  vh = (h < F_A) * 10 + (h > F_B);
  vh = vh * 100 + (x < F_A) * 10 + (F_A - 2 < 0);
  lh -= 3;
  wh -= 2;
  sh -= 3;
  sth.k -= 2;
  zh = (lh > HIGH) * 10000 + (wh > W_1) * 1000 + (sh < S_NEG) * 100 +
       (sth.k > HIGH) * 10 + (sth.k < MID);
  fprintf(stderr, "enum_types: ran on %s\n", on_device ? "device" : "host");
  printf("enum_types: device v=%lld o=%d z=%lld\n", v, (int)o, z);
  printf("enum_types: host   v=%lld o=%d z=%lld\n", vh, (int)oh, zh);
  return 0;
}
