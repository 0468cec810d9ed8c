// O2C_INFO=1 (README, "Runtime environment"): one line on stderr per
// construct execution, with where it ran, its stream and thread, the bytes
// it moved and the shape of each kernel it launched.
#include "info.h"

#include "backend.h"
#include "helpers.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace o2c {

bool infoEnabled() {
  static const bool On = [] {
    const char *E = std::getenv("O2C_INFO");
    return E && *E && std::strcmp(E, "0") != 0;
  }();
  return On;
}

namespace {
/// Who runs this: a hidden helper thread or the encountering thread.
std::string runner() {
  int H = detail::helperIndex();
  return H >= 0 ? "helper thread " + std::to_string(H) : "encountering thread";
}

/// The launches of the region running on this thread (recordLaunch), for
/// its info line: a region runs wholly on one thread, one at a time.
thread_local std::string Launches;

std::string streamName(void *Stream) {
  return std::to_string(reinterpret_cast<std::uintptr_t>(Stream));
}
} // namespace

void detail::info(const SourceLoc &Loc, const std::string &What) {
  if (!infoEnabled())
    return;
  std::string Line = std::string("o2c info: ") + (Loc.File ? Loc.File : "?") +
                     ":" + std::to_string(Loc.Line) + ": '" +
                     (Loc.Directive ? Loc.Directive : "target") + "': " + What +
                     "\n";
  std::fputs(Line.c_str(), stderr); // one call: lines of threads do not mix
}

void detail::infoDevice(const SourceLoc &Loc, int Dev, void *Stream,
                        std::size_t ToD, std::size_t ToH) {
  if (!infoEnabled())
    return;
  info(Loc, "device " + std::to_string(Dev) + " (" + backend().name() +
                "), stream " + streamName(Stream) + ", " + runner() + ", " +
                std::to_string(ToD) + " bytes to the device, " +
                std::to_string(ToH) + " bytes to the host" + Launches);
  Launches.clear();
}

void detail::clearLaunches() { Launches.clear(); }

std::string detail::takeLaunches() {
  std::string L;
  L.swap(Launches);
  return L;
}

void detail::restoreLaunches(std::string L) { Launches = std::move(L); }

void recordLaunch(const unsigned G[3], const unsigned B[3],
                  std::size_t DynamicShared, long long StaticShared,
                  void *Stream) {
  auto Dim = [](const unsigned D[3]) {
    return "(" + std::to_string(D[0]) + "," + std::to_string(D[1]) + "," +
           std::to_string(D[2]) + ")";
  };
  Launches += ", launch grid " + Dim(G) + " block " + Dim(B) + " shared " +
              std::to_string(DynamicShared) + " bytes dynamic";
  if (StaticShared >= 0)
    Launches += " + " + std::to_string(StaticShared) + " static";
  Launches += " on stream " + streamName(Stream);
}

} // namespace o2c
