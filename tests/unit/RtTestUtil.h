#ifndef OMP2CUDA_TESTS_RTTESTUTIL_H
#define OMP2CUDA_TESTS_RTTESTUTIL_H

#include <sys/wait.h>
#include <unistd.h>

#include <functional>

/// Runs F in a child process and returns its exit status (fatal runtime
/// errors exit the process).
inline int exitStatusOf(const std::function<void()> &F) {
  pid_t P = fork();
  if (P == 0) {
    F();
    _exit(0);
  }
  int Status = 0;
  waitpid(P, &Status, 0);
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 128;
}

#endif
