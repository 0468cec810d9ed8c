// Declare target variables get device copies (issue 10 point 2): a
// `__device__` mirror after each declaration, registered with the runtime;
// kernels name the mirror, functions compiled for both sides pick the copy
// of the side they run on. A `link` variable gets a device pointer to the
// storage its map creates instead. Globals outside declare target keep
// their regions on the host.
#define N 64

#pragma omp declare target
double coef[4] = {0.5, 1.5, 2.5, 3.5}, bias = 1.0;
static int hits;
struct box {
  int lo, hi;
} limits = {0, N};
static double weigh(int i) { return coef[i % 4] + bias; }
#pragma omp end declare target

int count = 3;
#pragma omp declare target(count)

int plain;                   // not declare target
double linked[N];
#pragma omp declare target link(linked)

static int plain_use(void) { return plain; }
static double linked_use(int i) { return linked[i]; }
#pragma omp declare target to(plain_use, linked_use)

void kernels(double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = i >= limits.lo && i < limits.hi ? weigh(i) * count : 0;
#pragma omp target
  hits++;
#pragma omp target update from(count)
#pragma omp target map(tofrom: a[0:N])
  a[0] = plain_use();
#pragma omp target map(tofrom: a[0:N]) map(to: linked)
  a[1] = linked_use(1);
}
