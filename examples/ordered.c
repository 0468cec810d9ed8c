// Worksharing loops with the ordered clause nested in target regions: the
// block's threads take turns at the ordered regions, in the order of the
// loop's iterations (SPMD form, control loop, a distribute loop of teams).
#include <omp.h>
#include <stdio.h>

#define N 300
#define ROWS 6
#define COLS 50

int main(void) {
  int seq[N], sq[N];
  int pos = 0, on_device = 0;
  for (int i = 0; i < N; i++)
    seq[i] = sq[i] = -1;

  /* 1. parallel for ordered: the ordered region appends the iterations in
     order, the rest of the body runs in parallel. */
#pragma omp target map(tofrom: seq, sq, pos, on_device)
  {
    on_device = !omp_is_initial_device();
#pragma omp parallel for ordered schedule(static, 1)
    for (int i = 0; i < N; i++) {
      sq[i] = i * i;
#pragma omp ordered
      seq[pos++] = i;
    }
  }
  int in_order = 1;
  for (int i = 0; i < N; i++)
    in_order = in_order && seq[i] == i && sq[i] == i * i;
  printf("1. %d appended, in order: %d\n", pos, in_order);

  /* 2. control loop (team-master code with a side effect between the
     loops); iterations that skip their ordered region, and a dynamic
     schedule. */
  double trace[2 * N];
  int count = 0, rounds = 0;
  for (int i = 0; i < 2 * N; i++)
    trace[i] = 0;
#pragma omp target map(tofrom: trace, count, rounds)
  {
    for (int r = 0; r < 2; r++) {
      rounds += 1;
#pragma omp parallel for ordered schedule(dynamic)
      for (int i = 0; i < N; i++) {
        if (i % 3 == 1)
          continue;
        double v = 0.5 * i + r;
        if (i % 7 != 0) {
#pragma omp ordered
          {
            trace[count] = v;
            count += 1;
          }
        }
      }
    }
  }
  double ts = 0;
  int mono = 1;
  for (int k = 0; k < count; k++) {
    ts += trace[k];
    if (k > 0 && k != count / 2)
      mono = mono && trace[k] > trace[k - 1];
  }
  printf("2. rounds %d, %d ordered, sum %.1f, increasing: %d\n", rounds, count,
         ts, mono);

  /* 3. a distribute loop of teams, each with its own ordered loop: a
     running sum along each row. */
  int a[ROWS][COLS], run[ROWS][COLS];
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++) {
      a[r][c] = (r + 1) * (c % 5);
      run[r][c] = 0;
    }
#pragma omp target teams distribute num_teams(3) map(to: a) map(from: run)
  for (int r = 0; r < ROWS; r++) {
    int acc = 0;
#pragma omp parallel for ordered
    for (int c = 0; c < COLS; c++) {
      int v = a[r][c] * 2;
#pragma omp ordered
      {
        acc += v;
        run[r][c] = acc;
      }
    }
  }
  for (int r = 0; r < ROWS; r++)
    printf("3. row %d ends at %d, middle %d\n", r, run[r][COLS - 1],
           run[r][COLS / 2]);

  /* 4. for ordered (with nowait, and collapse(2)) inside a parallel region. */
  int order[ROWS * COLS], next = 0;
#pragma omp target map(tofrom: order, next)
  {
#pragma omp parallel
    {
#pragma omp for ordered collapse(2) nowait
      for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
#pragma omp ordered
          order[next++] = r * 1000 + c;
        }
    }
  }
  int ok = next == ROWS * COLS;
  for (int k = 1; k < next; k++)
    ok = ok && order[k] > order[k - 1];
  printf("4. %d in order: %d, last %d\n", next, ok, order[next - 1]);

  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
