#!/usr/bin/env bash
# One example, one ladder step (tests/exec/exec.cmake registers them):
#   exec      reference build (gcc/g++ -fopenmp -foffload=disable -O2: clang
#             19's host OpenMP gets some constructs wrong, e.g. lastprivate
#             of a combined target teams distribute parallel for) and
#             omp2cuda-cc --backend=emu -O2; run both, stdout must match byte
#             for byte, and the emu run's stderr must say it ran on the device;
#             the emu program runs twice, fresh device memory holding 0xff
#             bytes and then zeros (O2C_EMU_POISON)
#   nvcc      translate with omp2cuda (exit 0: every region offloaded), then
#             omp2cuda-cc --backend=cuda -Werror=all-warnings builds and links
#             (host code at -O0 with clang++, -O2 with g++)
#             (nvcc -arch=sm_90 compiles the .cu warning-free; no GPU: no run)
# Usage: run_exec_test.sh MODE SOURCE BUILD_DIR WORK_DIR
set -uo pipefail
mode=$1 src=$2 build=$3 work=$4
name=$(basename "${src%.*}")
rm -rf "$work"
mkdir -p "$work"
case $src in
  *.c) ref_cc=${OMP2CUDA_REF_CC:-gcc} std=() ;;
  *) ref_cc=${OMP2CUDA_REF_CXX:-g++} std=(-std=c++17) ;;
esac
# An example that needs a later language (concepts) says so in a line
# `// exec-std: c++20`, given to every build and the translator alike.
if grep -q '^// exec-std: ' "$src"; then
  std=(-std=$(grep -m1 '^// exec-std: ' "$src" | sed 's|^// exec-std: ||'))
fi
# An example that uses OpenMP 5.x forms GCC 12 rejects or gets wrong (linear
# on target constructs) says so in a line `// exec-reference: clang`: its
# reference is built by clang 19 at OpenMP 5.2 instead.
ref_flags=()
if grep -q '^// exec-reference: clang$' "$src"; then
  case $src in
    *.c) ref_cc=${OMP2CUDA_REF_CLANG:-clang-19} ;;
    *) ref_cc=${OMP2CUDA_REF_CLANGXX:-clang++-19} ;;
  esac
  ref_flags=(-fopenmp-version=52)
fi
# An example whose host fallback clang 19 cannot compile (`scope`: "cannot
# compile this scope with FE outlining yet") says `// exec-host-compiler: g++`:
# omp2cuda-cc and nvcc then use g++ as the host compiler.
host_cxx=()
if grep -q '^// exec-host-compiler: g++$' "$src"; then
  host_cxx=(--host-compiler=g++)
fi
no_offload=()
# Translator options an example needs, on a line `// omp2cuda-options: ...`
# (e.g. --full-grid): given to omp2cuda and omp2cuda-cc alike.
tool_opts=()
if grep -q '^// omp2cuda-options:' "$src"; then
  read -r -a tool_opts <<<"$(grep -m1 '^// omp2cuda-options:' "$src" | sed 's|^// omp2cuda-options:||')"
fi
# More of them from the test (exec.cmake: --data-sharing=global runs).
if [ -n "${OMP2CUDA_TOOL_OPTS:-}" ]; then
  read -r -a more_opts <<<"$OMP2CUDA_TOOL_OPTS"
  tool_opts+=("${more_opts[@]}")
fi
case $($ref_cc --version 2>/dev/null | head -1) in
  *clang*) ;;
  *) no_offload=(-foffload=disable) ;;
esac
cc="$build/bin/omp2cuda-cc"
fail() { echo "FAIL [$mode.$name]: $*" >&2; exit 1; }
show() { echo "--- $1:"; cat "$2"; }

case $mode in
exec)
  $ref_cc "${std[@]}" -fopenmp "${no_offload[@]}" "${ref_flags[@]}" -O2 "$src" -o "$work/ref" \
    || fail "reference build failed"
  "$cc" --backend=emu "${host_cxx[@]}" "${tool_opts[@]}" "${std[@]}" -O2 "$src" -o "$work/emu" 2>"$work/build.err" \
    || { cat "$work/build.err"; fail "omp2cuda-cc --backend=emu failed"; }
  cat "$work/build.err"
  "$work/ref" >"$work/ref.out" 2>"$work/ref.err"
  rc=$?
  [ $rc -eq 0 ] || { show stdout "$work/ref.out"; show stderr "$work/ref.err"; fail "reference exited $rc"; }
  # Run twice, fresh device memory all-ones bytes and then zeros
  # (O2C_EMU_POISON, README): a program that reads device memory it never
  # wrote shows under one of them (-1 hides a `reduction(&&)` that starts
  # from it, 0 a sum). OMP2CUDA_EXEC_POISON chooses others.
  poisons=${OMP2CUDA_EXEC_POISON:-ff 00}
  for poison in $poisons; do
    [[ $poison =~ ^(0|1|(0[xX])?[0-9a-fA-F]{2})$ ]] \
      || fail "OMP2CUDA_EXEC_POISON: '$poison' is not 0, 1 or a byte in hex"
  done
  [ -n "${poisons// /}" ] || fail "OMP2CUDA_EXEC_POISON names no fill byte"
  for poison in $poisons; do
    O2C_EMU_POISON=$poison timeout 600 "$work/emu" >"$work/emu.out" 2>"$work/emu.err"
    rc=$?
    [ $rc -eq 0 ] || { show stdout "$work/emu.out"; show stderr "$work/emu.err"; fail "emu program exited $rc (O2C_EMU_POISON=$poison)"; }
    diff -u "$work/ref.out" "$work/emu.out" \
      || fail "stdout differs from the host reference (O2C_EMU_POISON=$poison)"
    grep -Eq 'ran on (the )?device' "$work/emu.err" \
      || { show stderr "$work/emu.err"; fail "the emu program did not run on the device (O2C_EMU_POISON=$poison)"; }
  done
  cat "$work/emu.out"
  ;;
nvcc)
  # One nvcc compile serves steps 3 and 4 of the ladder: omp2cuda-cc
  # --backend=cuda translates (every region must be offloaded: no
  # [omp2cuda-host-*] warning), compiles the .cu it writes with nvcc
  # -arch=sm_90, warning-free (-Werror=all-warnings goes to nvcc alone), and
  # links it (no GPU: no run). The driver compiles the .cu as a user's build
  # would: clang++-19 (or g++) as nvcc's host compiler, at the OpenMP version
  # the file's first line records, the source's directory on the include
  # path. --keep leaves the .cu it compiled next to the executable.
  # Host code at -O0 where clang++ is nvcc's host compiler: clang's warnings
  # come from its front end, and its one optimiser warning (-Wpass-failed,
  # a user's simd loop it cannot vectorise) is no fault of the translation;
  # -O0 halves the host compile, the largest of nvcc's phases here (-time:
  # 1.4 s against 2.8 s on array_rows.c), over 137 examples in CI. GCC's
  # -Wmaybe-uninitialized needs its optimiser: -O2 where g++ is the host.
  opt=-O0
  [ ${#host_cxx[@]} -eq 0 ] || opt=-O2
  "$cc" --backend=cuda --keep "${host_cxx[@]}" "${tool_opts[@]}" "${std[@]}" $opt -Werror=all-warnings \
    -Xcompiler -Wno-pass-failed "$src" -o "$work/$name.cuda" 2>"$work/build.err"
  rc=$?
  cat "$work/build.err"
  ! grep -q '\[omp2cuda-host-' "$work/build.err" \
    || fail "omp2cuda-cc --backend=cuda left a region on the host"
  [ $rc -eq 0 ] || fail "omp2cuda-cc --backend=cuda (nvcc -Werror=all-warnings) failed"
  [ -x "$work/$name.cuda" ] || fail "no executable produced"
  ;;
*)
  fail "unknown mode '$mode'"
  ;;
esac
echo "PASS [$mode.$name]"
