// Emission: KernelModel -> text. Never sees the AST.
#ifndef OMP2CUDA_EMIT_EMIT_H
#define OMP2CUDA_EMIT_EMIT_H

#include "omp2cuda/KernelModel.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// `#line N "file"` and a newline, or nothing when line markers are off.
std::string lineMarker(const SourcePos &P, bool On);
/// A marker that attributes the lines after it to the generated file itself
/// (code omp2cuda writes: kernel preambles and epilogues, stubs, runtime
/// calls), or nothing when line markers are off. The driver gives it the
/// output's name and line with resolveGeneratedMarkers once they are known.
std::string generatedMarker(bool On);
/// Text with each generatedMarker() line replaced by `#line N "Name"`, N the
/// number of the line after it in Text.
std::string resolveGeneratedMarkers(const std::string &Text,
                                    const std::string &Name);
/// S as a C string literal.
std::string cString(const std::string &S);
/// The `device` clause's value as a construct's runtime calls take it:
/// Dev (`o2c::deviceClause(e)`, or -1 without the clause), read only where
/// the if clause If holds, `(If ? Dev : -1)`, as Clang evaluates it (`if(s)
/// device(s->d)`). Neither has side effects (ClauseValues refuses those), so
/// If may be read twice.
std::string deviceWhereIf(const std::string &If, const std::string &Dev);
/// The user's body text, placed so that its own indentation survives.
std::string placedBody(const KernelModel &K);
/// A map step as one runtime call statement: Callee (`o2c_region.`,
/// `o2c::`) then `attachSection` or, for a map, MapFn; Lead the arguments
/// before the step's own (`o2c_loc, dev, if, `).
std::string mapStepCall(const MapStep &S, const std::string &Callee,
                        const std::string &Lead = "",
                        const std::string &MapFn = "map");

std::string emitKernel(const KernelModel &K);
std::string emitStub(const KernelModel &K);
/// The stub's declaration, for a stub defined after the class whose member
/// calls it (KernelModel::ClassAhead).
std::string emitStubDeclaration(const KernelModel &K);
/// The `__device__` mirror of a declare target variable.
std::string emitDeviceGlobal(const DeviceGlobal &G);
/// The mirrors' registrations with the runtime. They take the variables'
/// addresses, so they go at the end of the file: after every `declare
/// target` directive that names a variable (clang warns about a use before
/// it).
std::string emitDeviceCopies(const std::vector<DeviceGlobal> &Gs);

} // namespace omp2cuda

#endif
