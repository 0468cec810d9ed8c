// A region produced by nested macros from a header, next to other code of
// the same expansion: the expansion is rewritten at the invocation.
#include "probe_macro.h"

int probe_on_device;

int main(void) {
  TEST_OFFLOADING;
  return probe_on_device ? 0 : 1;
}
