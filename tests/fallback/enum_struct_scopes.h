/* A struct whose enumeration C declares at file scope (C++ in the struct):
   the header's copy declares it ahead of the struct. */
struct reading {
  enum unit { CELSIUS = 2, KELVIN } unit;
  int value;
};
