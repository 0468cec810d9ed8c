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
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace o2c::emu {

/// The hex digits of a "two hex digits, with or without 0x" setting, or
/// null. Two digits, so that "00" (zeros) is not "0" (off).
inline const char *poisonHexDigits(const char *Setting) {
  const char *Digits = Setting;
  if (Digits[0] == '0' && (Digits[1] == 'x' || Digits[1] == 'X'))
    Digits += 2;
  if (std::strlen(Digits) == 2 && std::isxdigit((unsigned char)Digits[0]) &&
      std::isxdigit((unsigned char)Digits[1]))
    return Digits;
  return nullptr;
}

/// Whether poisonByte understands Setting (unset and empty included).
inline bool poisonSettingKnown(const char *Setting) {
  return !Setting || !*Setting || std::strcmp(Setting, "1") == 0 ||
         std::strcmp(Setting, "0") == 0 || poisonHexDigits(Setting);
}

/// The byte for an O2C_EMU_POISON value: unset, empty, "1" or anything
/// unknown: 0xff; "0": -1 (no fill); two hex digits, with or without "0x"
/// ("00", "a5"): that byte.
inline int poisonByte(const char *Setting) {
  if (!Setting || !*Setting || std::strcmp(Setting, "1") == 0)
    return 0xff;
  if (std::strcmp(Setting, "0") == 0)
    return -1;
  if (const char *Digits = poisonHexDigits(Setting))
    return static_cast<int>(std::strtol(Digits, nullptr, 16));
  return 0xff;
}

/// poisonByte of O2C_EMU_POISON, read once per process. A value it does not
/// understand says so once on stderr, so that a run asked for another byte
/// does not pass silently under 0xff.
inline int freshByte() {
  static const int Byte = [] {
    const char *Setting = std::getenv("O2C_EMU_POISON");
    if (!poisonSettingKnown(Setting))
      std::fprintf(stderr,
                   "omp2cuda: O2C_EMU_POISON='%s' is not 0, 1 or a byte in "
                   "hex (00, ff, 0xa5): fresh device memory holds 0xff "
                   "bytes\n",
                   Setting);
    return poisonByte(Setting);
  }();
  return Byte;
}

/// Fills Bytes at P as fresh emulated device memory, with the byte
/// O2C_EMU_POISON asks for.
inline void fillFresh(void *P, std::size_t Bytes) {
  if (int Byte = freshByte(); Byte >= 0)
    std::memset(P, Byte, Bytes);
}

} // namespace o2c::emu

#endif // OMP2CUDA_EMU_FRESH_H
