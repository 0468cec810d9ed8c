/* A pointer exited together with its section, `target exit data map(from:
   p) map(from: p[0:n])` and the release and delete forms (helper nf4): the
   pointer's storage exits first, then the section at the address p held
   when the construct began. Enters the pair, runs regions that write
   through p, exits it, and prints the data and whether p kept its value
   after each exit: either order, release while references remain, delete
   with two references, a lower bound other than 0, nowait, depend, if, a
   member used through this, a class template, a section entered alone, and
   a region that moves the pointer's device copy (the host gets the
   pointer's new host counterpart, and the section still exits whole).
   GCC 12 rejects map(to: bp) beside map(bp[0:8]) of a member, so the host
   build is clang's. */
#include <cstdio>
#include <cstdlib>

static void print(const char *What, const int *p, int n) {
  std::printf("%s:", What);
  for (int i = 0; i < n; ++i)
    std::printf(" %d", p[i]);
  std::printf("\n");
}

struct B {
  int *bp;
  int n;
  void enter() {
#pragma omp target enter data map(to: bp) map(to: bp[0:n])
  }
  void work(int k) {
#pragma omp target
    for (int i = 0; i < n; ++i)
      bp[i] = bp[i] * 2 + k;
  }
  void leave() {
#pragma omp target exit data map(from: bp[0:n]) map(from: bp)
  }
};

template <class T> struct H {
  T *q;
  void run(T k) {
#pragma omp target enter data map(to: q[0:8]) map(to: q)
#pragma omp target
    for (int i = 0; i < 8; ++i)
      q[i] = q[i] * k + 1;
#pragma omp target exit data map(release: q) map(from: q[0:8])
  }
};

static void basics(int *p, int n) {
  int *const keep = p;
  for (int i = 0; i < n; ++i)
    p[i] = i;
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target
  for (int i = 0; i < n; ++i)
    p[i] = p[i] * 3;
#pragma omp target exit data map(from: p) map(from: p[0:n])
  print("from, from", p, n);
  std::printf("pointer kept: %d\n", p == keep);

  p[0] = -1; // the host's data, entered again
#pragma omp target enter data map(to: p) map(to: p[0:n])
#pragma omp target
  for (int i = 0; i < n; ++i)
    p[i] += 100;
#pragma omp target exit data map(release: p) map(from: p[0:n])
  print("release, from", p, n);
  std::printf("pointer kept: %d\n", p == keep);

  // Two references: the first exit (release) copies nothing back and
  // frees nothing; the region after it still finds the device copy.
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target
  for (int i = 0; i < n; ++i)
    p[i] -= 7;
#pragma omp target exit data map(release: p[0:n]) map(release: p)
#pragma omp target
  for (int i = 0; i < n; ++i)
    p[i] *= 2;
#pragma omp target exit data map(from: p[0:n]) map(from: p)
  print("twice", p, n);
  std::printf("pointer kept: %d\n", p == keep);
}

static void deletes(int *p, int n) {
  int *const keep = p;
  // delete with two references: the copies go at once, so the region
  // after it maps the host's data afresh.
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target
  for (int i = 0; i < n; ++i)
    p[i] += 5;
#pragma omp target update from(p[0:n])
#pragma omp target exit data map(delete: p) map(delete: p[0:n])
  print("delete", p, n);
  std::printf("pointer kept: %d\n", p == keep);
  for (int i = 0; i < n; ++i)
    p[i] += 1000; // the host's data: on the device only by a new map
#pragma omp target map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = -p[i];
  print("after delete", p, n);
  std::printf("pointer kept: %d\n", p == keep);
}

static void bounds(int *p, int n) {
  int *const keep = p;
  for (int i = 0; i < n; ++i)
    p[i] = 10 * i;
  // A lower bound other than 0 on exit: the section p[2:4] lies in the
  // copy of p[0:n] and takes it away; the region writes only there.
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target
  for (int i = 2; i < 6; ++i)
    p[i] += 1;
#pragma omp target exit data map(from: p[2:4]) map(from: p)
  print("p[2:4]", p, n);
  std::printf("pointer kept: %d\n", p == keep);
#pragma omp target map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] += 3;
  print("after p[2:4]", p, n);
}

static void deferred(int *p, int n, int on) {
  int *const keep = p;
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target
  for (int i = 0; i < n; ++i)
    p[i] = p[i] + i;
  // if(false): nothing leaves, the next region still finds the copy.
#pragma omp target exit data map(from: p) map(from: p[0:n]) if(on)
#pragma omp target
  for (int i = 0; i < n; ++i)
    p[i] *= 3;
#pragma omp target exit data map(from: p[0:n]) map(from: p) nowait
#pragma omp taskwait
  print("nowait", p, n);
  std::printf("pointer kept: %d\n", p == keep);
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target
  for (int i = 0; i < n; ++i)
    p[i] -= 1;
#pragma omp target exit data map(from: p) map(from: p[0:n]) depend(inout: p[0])
  print("depend", p, n);
  std::printf("pointer kept: %d\n", p == keep);
}

static void moved(int *p, int n) {
  int *const keep = p;
  for (int i = 0; i < n; ++i)
    p[i] = i;
  // The region moves p's device copy: the exit gives the host p the host
  // counterpart of where it points, and the section leaves at the address
  // p held before (the whole copy comes back).
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target map(tofrom: p)
  {
    p = p + 2;
    p[0] = 42;
  }
#pragma omp target exit data map(from: p[0:n]) map(from: p)
  std::printf("moved: %d\n", (int)(p - keep));
  print("moved", keep, n);
  p = keep;
#pragma omp target enter data map(to: p) map(to: p[0:n])
#pragma omp target map(tofrom: p)
  {
    p = p + 3;
    p[0] = 43;
  }
#pragma omp target exit data map(from: p) map(from: p[0:n])
  std::printf("moved: %d\n", (int)(p - keep));
  print("moved", keep, n);
}

int main() {
  const int n = 8;
  int *p = (int *)calloc(n, sizeof(int));
  basics(p, n);
  deletes(p, n);
  bounds(p, n);
  deferred(p, n, 0);
  moved(p, n);

  // Only the section was entered: the pointer's storage is not there, and
  // its exit does nothing.
  int *r = (int *)calloc(n, sizeof(int));
  int *const rk = r;
#pragma omp target enter data map(to: r[0:n])
#pragma omp target
  for (int i = 0; i < n; ++i)
    r[i] = 9 - i;
#pragma omp target exit data map(from: r) map(from: r[0:n])
  print("section alone", r, n);
  std::printf("pointer kept: %d\n", r == rk);

  B b;
  b.bp = (int *)calloc(n, sizeof(int));
  b.n = n;
  int *const bk = b.bp;
  for (int i = 0; i < n; ++i)
    b.bp[i] = i + 1;
  b.enter();
  b.work(1);
  b.work(2);
  b.leave();
  print("member", b.bp, n);
  std::printf("pointer kept: %d\n", b.bp == bk);

  H<int> hi;
  hi.q = (int *)calloc(8, sizeof(int));
  H<double> hd;
  hd.q = (double *)calloc(8, sizeof(double));
  double *const dk = hd.q;
  for (int i = 0; i < 8; ++i) {
    hi.q[i] = i;
    hd.q[i] = i * 0.5;
  }
  hi.run(3);
  hd.run(1.5);
  print("template", hi.q, 8);
  for (int i = 0; i < 8; ++i)
    std::printf(" %g", hd.q[i]);
  std::printf("\npointer kept: %d\n", hd.q == dk);
  free(hd.q);
  free(hi.q);
  free(b.bp);
  free(r);
  free(p);
  return 0;
}
