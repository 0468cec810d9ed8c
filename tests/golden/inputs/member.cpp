// FLAGS: -std=c++17
// A region in a member function (explicit and implicit member access).
struct Field {
  double *v;
  int n;
  double scale;
  void apply(double f) {
    double *p = v;
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
    for (int i = 0; i < this->n; ++i)
      p[i] = p[i] * f + scale;
  }
};

void run(Field &F) { F.apply(2.0); }
