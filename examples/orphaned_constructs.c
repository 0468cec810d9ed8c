// OpenMP directives inside functions that target regions call ("orphaned"
// constructs): an atomic update in a `declare target` helper (a histogram),
// an atomic `x = x | bits` in a static helper called from a worksharing loop
// of a parallel region, a `simd` reduction in a helper that each thread of
// a combined loop runs for its row, and a `parallel for` reduction in a
// helper called from a plain target region and from each thread of a
// combined loop (and one whose loop asks omp_get_thread_num(), from a plain
// target region). The values are integers, exact in double.
// stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 4096
#define BINS 16
#define ROWS 64
#define COLS 48

#pragma omp declare target
void count_in(int *hist, int v) {
  // The bin's update races with every other thread's.
#pragma omp atomic
  hist[v % BINS] += 1;
}
#pragma omp end declare target

static void mark(unsigned *seen, int i) {
#pragma omp atomic update
  *seen = *seen | (1u << (i % 32));
}

static double row_sum(const double *row, int n) {
  double s = 0;
#pragma omp simd reduction(+ : s)
  for (int j = 0; j < n; ++j)
    s += row[j];
  return s;
}

// A worksharing loop of its own: the host runs it with a team, a device
// thread as a team of one (each calling thread runs the whole loop).
#pragma omp declare target
int doubled_sum(int *out, const int *in, int n) {
  int s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (int i = 0; i < n; ++i) {
    out[i] = 2 * in[i];
    s += out[i];
  }
  return s;
}
#pragma omp end declare target

// Its loop asks the OpenMP API: a plain target region (one thread) may call
// it on the device, where the team of one answers thread 0 of 1.
#pragma omp declare target
int team_checked(int *out, int n) {
  int bad = 0;
#pragma omp parallel for reduction(+ : bad)
  for (int i = 0; i < n; ++i) {
    out[i] = i + 1;
    bad += omp_get_thread_num() >= omp_get_num_threads();
  }
  return bad;
}
#pragma omp end declare target

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  static int data[N], hist[BINS];
  static double m[ROWS * COLS], sums[ROWS];
  unsigned seen = 0;
  for (int i = 0; i < N; ++i)
    data[i] = (i * 7 + 3) % 101;
  for (int i = 0; i < ROWS * COLS; ++i)
    m[i] = (i % 17) - 8;

#pragma omp target teams distribute parallel for map(to: data) map(tofrom: hist)
  for (int i = 0; i < N; ++i)
    count_in(hist, data[i]);

#pragma omp target parallel map(tofrom: seen)
  {
#pragma omp for
    for (int i = 0; i < 40; i += 3)
      mark(&seen, i);
  }

#pragma omp target teams distribute parallel for map(to: m) map(from: sums)
  for (int r = 0; r < ROWS; ++r)
    sums[r] = row_sum(&m[r * COLS], COLS);

  static int twice[N], part[8];
  int whole = 0;
#pragma omp target map(to: data) map(from: twice) map(tofrom: whole)
  whole = doubled_sum(twice, data, N);
#pragma omp target teams distribute parallel for map(to: data) map(from: part)
  for (int k = 0; k < 8; ++k) {
    int scratch[N / 8];
    part[k] = doubled_sum(scratch, &data[k * (N / 8)], N / 8);
  }
  static int counted[N];
  int bad = -1;
#pragma omp target map(from: counted) map(tofrom: bad)
  bad = team_checked(counted, N);
  printf("team answers: %d bad, counted[9] %d\n", bad, counted[9]);
  int parts = 0;
  for (int k = 0; k < 8; ++k)
    parts += part[k];
  printf("doubled: whole %d, parts %d, twice[77] %d\n", whole, parts, twice[77]);

  // The same helper in the host's own parallel loop: its atomic is the
  // host's there.
  static int host_hist[BINS];
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    count_in(host_hist, data[i]);

  int total = 0, same = 1;
  for (int b = 0; b < BINS; ++b) {
    total += hist[b];
    same = same && hist[b] == host_hist[b];
    printf("hist[%d] = %d\n", b, hist[b]);
  }
  printf("host histogram %s\n", same ? "agrees" : "differs");
  double all = 0;
  for (int r = 0; r < ROWS; ++r)
    all += sums[r];
  printf("total %d (expected %d), seen %08x, sum of rows %.1f, sums[5] %.1f\n",
         total, N, seen, all, sums[5]);
  fprintf(stderr, "orphaned_constructs: ran on %s\n",
          ran_on_device() ? "the device" : "the host");
  return total != N;
}
