// What fresh emulated device memory holds (O2C_EMU_POISON, README): a GPU's
// fresh allocation, device heap block or shared memory holds whatever was
// there before, while the host's fresh or recycled memory often holds
// zeros, which hid programs that read such memory before writing it. Used
// by the emu backend (allocations) and by the executor and device code
// (shared memory, device heap); header-only, so that the executor builds
// from its own sources.
#ifndef OMP2CUDA_EMU_FRESH_H
#define OMP2CUDA_EMU_FRESH_H

#include <cctype>
#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace o2c::emu {

/// The byte for an O2C_EMU_POISON value: unset, empty, "1" or anything
/// unknown: 0xff; "0": -1 (no fill); two hex digits, with or without "0x"
/// ("00", "a5"): that byte.
inline int poisonByte(const char *Setting) {
  if (!Setting || !*Setting || std::strcmp(Setting, "1") == 0)
    return 0xff;
  if (std::strcmp(Setting, "0") == 0)
    return -1;
  const char *Digits = Setting;
  if (Digits[0] == '0' && (Digits[1] == 'x' || Digits[1] == 'X'))
    Digits += 2;
  // Two hex digits, so that "00" (zeros) is not "0" (off).
  if (std::strlen(Digits) == 2 && std::isxdigit((unsigned char)Digits[0]) &&
      std::isxdigit((unsigned char)Digits[1]))
    return static_cast<int>(std::strtol(Digits, nullptr, 16));
  return 0xff;
}

/// Fills Bytes at P as fresh emulated device memory, with the byte
/// O2C_EMU_POISON asks for (read once per process).
inline void fillFresh(void *P, std::size_t Bytes) {
  static const int Byte = poisonByte(std::getenv("O2C_EMU_POISON"));
  if (Byte >= 0)
    std::memset(P, Byte, Bytes);
}

} // namespace o2c::emu

#endif // OMP2CUDA_EMU_FRESH_H
