#include "emit/EmitIndirect.h"

#include <fmt/format.h>

namespace omp2cuda {

std::string emitIndirectTable(const std::vector<std::string> &Names,
                              const SourcePos &First) {
  std::size_t N = Names.size();
  std::string Out = fmt::format(
      "\n// omp2cuda: the 'declare target ... indirect' functions of this "
      "file ({}:{} and after),\n// for calls through function pointers in "
      "kernels. A pointer holds the host's\n// address of its function; the "
      "runtime fills omp2cuda_indirect_host with those\n// addresses on each "
      "device, and omp2cuda_indirect finds the device's.\n"
      "static __device__ const void *omp2cuda_indirect_host[{}];\n"
      "template <class F> static __device__ F *omp2cuda_indirect(F *P) {{\n"
      "  const void *H = (const void *)P;\n",
      First.File, First.Line, N);
  for (std::size_t I = 0; I < N; ++I)
    Out += fmt::format("  if (H == omp2cuda_indirect_host[{}])\n"
                       "    return (F *)(void *)&{};\n",
                       I, Names[I]);
  // An address device code took is the device's already.
  for (std::size_t I = 0; I < N; ++I)
    Out += fmt::format("  if (H == (const void *)&{})\n    return P;\n",
                       Names[I]);
  Out += "  o2c_dev::indirectMissing(H);\n  return P;\n}\n";
  Out += "static const void *const omp2cuda_indirect_hosts[] = {";
  for (std::size_t I = 0; I < N; ++I)
    Out += fmt::format("{}(const void *)&{}", I ? ", " : "", Names[I]);
  Out += fmt::format(
      "}};\nstatic const o2c::IndirectTable omp2cuda_indirect_table("
      "omp2cuda_indirect_hosts, {}, &omp2cuda_indirect_host);\n\n",
      N);
  return Out;
}

} // namespace omp2cuda
