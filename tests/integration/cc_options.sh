#!/usr/bin/env bash
# omp2cuda-cc options for the translator (issue 13 points 5 and 7): the
# report (--report, -Minfo=mp as nvc++ spells it) comes from the translator
# instead of reaching the host compiler; -w and -Wno-... silence clang's own
# warnings in the translator's parse; --suppress reaches the translator.
# The host compiler is `true`: only what the driver asks of the translator
# is checked here (the other integration tests build and run programs).
#   cc_options.sh BUILD_DIR
set -u
build=$(realpath "$1")
cc="$build/bin/omp2cuda-cc"
golden="$(cd "$(dirname "$0")/../golden/inputs" && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export OMP2CUDA_CXX=true OMP2CUDA_CC=true
pass=0 fail=0
check() { # name, command...
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $name"; fi
}
run() { "$cc" "$@" >"$work/out" 2>"$work/err"; echo $? >"$work/rc"; }
rc() { [ "$(cat "$work/rc")" = "$1" ]; }
out_has() { grep -q -- "$1" "$work/out"; }
lacks() { ! grep -q -- "$1" "$work/err" "$work/out"; }

cp "$golden/vector_add.c" .
cat >override.cpp <<'SRC'
double ext(double);
struct B { virtual void f(); virtual void g(); };
struct D : B { void f() override; void g(); };
void k(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = ext(a[i]);
}
SRC
printf 'int plain(int x) { return x + 1; }\n' >plain.c

run --backend=emu -c vector_add.c -Minfo=mp
check "-Minfo=mp: exit 0" rc 0
check "-Minfo=mp: the report on stdout" out_has "kernel omp2cuda_vadd_L3; launch: grid-stride"
check "-Minfo=mp: closed by the summary" out_has "^omp2cuda: 1 region: 1 translated, 0 left on the host$"
run --backend=emu -c vector_add.c -Minfo
check "-Minfo: the report" out_has "kernel omp2cuda_vadd_L3"
run --backend=emu -c vector_add.c --report
check "--report: text" out_has "kernel omp2cuda_vadd_L3"
run --backend=emu -c vector_add.c --report=json
check "--report=json: exit 0" rc 0
check "--report=json: JSON on stdout" python3 -c "import json; d=json.load(open('$work/out')); assert d['regions'][0]['kernel']=='omp2cuda_vadd_L3'" 2>/dev/null
run --backend=emu -c vector_add.c --report=xml
check "--report=xml: exit 1" rc 1
run --backend=emu -c vector_add.c -Minfo=vect
check "-Minfo=vect: exit 0" rc 0
check "-Minfo=vect: a note, no report" grep -q "note: '-Minfo=vect' is ignored" "$work/err"
run --backend=emu -c plain.c -Minfo=mp
check "-Minfo=mp, no target constructs: nothing to report" test ! -s "$work/out"

run --backend=emu -c override.cpp
check "clang's own warning in the translator's parse" grep -q "Winconsistent-missing-override" "$work/err"
run --backend=emu -c override.cpp -Wno-inconsistent-missing-override
check "-Wno-...: reaches the translator" lacks "Winconsistent-missing-override"
check "-Wno-...: omp2cuda's warning stays" grep -q "\[omp2cuda-host-call\]" "$work/err"
run --backend=emu -c override.cpp -w
check "-w: reaches the translator" lacks "Winconsistent-missing-override"
run --backend=emu -c override.cpp -w --suppress=host-call
check "--suppress: reaches the translator" lacks "omp2cuda-host-call"
run --backend=emu -c override.cpp --warnings-as-errors=host-call
check "--warnings-as-errors: the build fails" rc 1

echo "cc_options: $pass passed, $fail failed"
[ "$fail" = 0 ]
