#ifndef OMP2CUDA_TESTS_RTTESTUTIL_H
#define OMP2CUDA_TESTS_RTTESTUTIL_H

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <string>

/// How a child process ended: its exit status (128 + signal when killed) and
/// what it wrote to stderr.
struct ChildResult {
  int Status = -1;
  std::string Err;
};

/// Runs F in a child process (fatal runtime errors exit the process, so they
/// can only be observed from outside) and collects its stderr.
inline ChildResult runChild(const std::function<void()> &F) {
  // Unflushed output would be written twice, once by each process.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  int Pipe[2];
  if (pipe(Pipe) != 0)
    return {};
  pid_t P = fork();
  if (P == 0) {
    close(Pipe[0]);
    dup2(Pipe[1], 2);
    close(Pipe[1]);
    F();
    std::fflush(nullptr);
    _exit(0);
  }
  close(Pipe[1]);
  ChildResult R;
  char Buf[512];
  ssize_t N;
  while ((N = read(Pipe[0], Buf, sizeof(Buf))) > 0)
    R.Err.append(Buf, static_cast<std::size_t>(N));
  close(Pipe[0]);
  int Status = 0;
  if (P < 0 || waitpid(P, &Status, 0) != P)
    return R;
  R.Status = WIFEXITED(Status)
                 ? WEXITSTATUS(Status)
                 : 128 + (WIFSIGNALED(Status) ? WTERMSIG(Status) : 0);
  return R;
}

/// Exit status of F run in a child process.
inline int exitStatusOf(const std::function<void()> &F) {
  return runChild(F).Status;
}

/// Sets (or, with a null value, unsets) an environment variable for one
/// scope and restores the previous state afterwards.
class ScopedEnv {
public:
  ScopedEnv(const char *Name, const char *Value) : Name(Name) {
    if (const char *Old = std::getenv(Name)) {
      HadOld = true;
      OldValue = Old;
    }
    if (Value)
      setenv(Name, Value, 1);
    else
      unsetenv(Name);
  }
  ~ScopedEnv() {
    if (HadOld)
      setenv(Name, OldValue.c_str(), 1);
    else
      unsetenv(Name);
  }
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
  const char *Name;
  bool HadOld = false;
  std::string OldValue;
};

#endif
