// in_reduction on a target construct: the call site runs in an undeferred
// host task with the same clause, so the region maps the task's private
// copy of the item, which the taskgroup's reduction then combines.
void add_twos(int *sum, int n) {
  for (int i = 0; i < n; i++)
    *sum += 2;
}

int total(int n) {
  int sum = 0;
#pragma omp parallel master
#pragma omp taskgroup task_reduction(+ : sum)
  {
#pragma omp target in_reduction(+ : sum)
    add_twos(&sum, n);
#pragma omp task in_reduction(+ : sum)
    sum += n;
  }
  return sum;
}
