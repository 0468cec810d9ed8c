// Namespaces a user header opens: block_usings.cpp's kernels must not read
// these where the host build reads the global names.
namespace cfg {
struct G { double g; };
typedef double real;
} // namespace cfg
namespace app {
struct V { double v; };
typedef double real;
int run();
} // namespace app
