int report(const int *a, int n);
