#!/usr/bin/env bash
# Command-line behaviour: options, exit codes, bad input, and that nothing
# is ever lost (inputs untouched, no partial outputs).
set -uo pipefail
tool=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
golden="$here/../golden/inputs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
pass=0
fail=0
check() { # name, condition...
  local name=$1
  shift
  if "$@"; then pass=$((pass + 1)); else echo "FAIL: $name"; fail=$((fail + 1)); fi
}
run() { "$tool" "$@" >"$work/out" 2>"$work/err"; echo $? >"$work/rc"; }
rc() { [ "$(cat "$work/rc")" = "$1" ]; }
has() { grep -q -- "$1" "$work/err" "$work/out"; }
lacks() { ! grep -q -- "$1" "$work/err" "$work/out"; }
out_has() { grep -q -- "$1" "$work/out"; }
count_err() { [ "$(grep -c -- "$1" "$work/err")" = "$2" ]; }

cp "$golden"/vector_add.c "$golden"/host_general.c "$golden"/bad_parse.c \
   "$golden"/reductions.c "$golden"/region_header.h "$golden"/region_in_header.c .
mkdir -p src/a src/b
cp vector_add.c src/a/k.c
cp reductions.c src/b/k.c
sums() { sha256sum vector_add.c host_general.c bad_parse.c reductions.c region_header.h region_in_header.c src/*/*.c; }
sums >before.sha

run --version
check "--version" rc 0
check "--version text" has "omp2cuda"
run --help
check "--help" rc 0
check "--help mentions --out-dir" has "out-dir"

run vector_add.c -o v.cu --
check "translate: exit 0" rc 0
check "translate: output" test -s v.cu
run vector_add.c -o - --
check "-o -: exit 0" rc 0
# Generated code is attributed to the output, which is named as it would be
# without -o (#line N "vector_add.cu").
check "-o -: stdout is the translation" cmp -s "$work/out" <(sed 's/"v\.cu"$/"vector_add.cu"/' v.cu)
check "-o -: no file named -" test ! -e ./-
run vector_add.c -o - --report=text --
check "-o - with a report on stdout: error" rc 1
run vector_add.c -o - --report=text --report-file=- --
check "-o - with --report-file=-: error" rc 1
run vector_add.c -o rf.cu --report=json --report-file=- --
check "--report-file=-: report on stdout" has '"kernel"'
check "--report-file=-: no file named -" test ! -e ./-
# Clang 19's OpenMP parser loops for ever on this once -ferror-limit has
# silenced it (found by fuzzing): the file stops at its fatal error.
printf 'void f(double *a, int n) {\n#pragma omp target indirect-x\n  for (int i = 0; i < n; ++i) a[i] = 1;\n}\n' >loop.c
"$tool" loop.c -o loop.cu -- >"$work/out" 2>"$work/err" &
pid=$!
( sleep 60; kill $pid 2>/dev/null ) &
watchdog=$!
wait $pid
echo $? >"$work/rc"
kill $watchdog 2>/dev/null
check "Clang parser loop: stops with exit 1" rc 1
check "Clang parser loop: fatal error shown" has "too many errors emitted"
check "Clang parser loop: no output" test ! -e loop.cu
run host_general.c -o h.cu --
check "regions left on host: exit 3" rc 3
check "regions left on host: warning with ID" has "warning: target region left on the host: .*\[omp2cuda-host-call\]"
check "regions left on host: output written" test -s h.cu
run --host-regions-ok host_general.c -o h2.cu --
check "--host-regions-ok: exit 0" rc 0
check "--host-regions-ok: warnings still printed" has "\[omp2cuda-host-call\]"
check "--host-regions-ok: the same output" cmp -s h.cu <(sed 's/"h2\.cu"$/"h.cu"/' h2.cu)

run missing.c -o m.cu --
check "missing file: exit 1" rc 1
check "missing file: message" has "missing.c: error: no such file"
check "missing file: no output" test ! -e m.cu

run bad_parse.c -o bad.cu --
check "parse error: exit 1" rc 1
check "parse error: clang-style diagnostic" has "bad_parse.c:5:12: error: expected expression"
check "parse error: no output" test ! -e bad.cu
check "parse error: no temporary left" test -z "$(ls -A | grep tmp-)"

echo "stale" >keep.cu
cp bad_parse.c keep.c
run keep.c -o keep.cu --
check "failed translation keeps the old output" grep -q stale keep.cu

run vector_add.c -o vector_add.c --
check "output equal to input: exit 1" rc 1
check "output equal to input: message" has "would overwrite the input"

run vector_add.c -o "$work/no/such/dir/v.cu" --
check "unwritable output: exit 1" rc 1
check "unwritable output: message" has "error: cannot create a file"
touch afile
run vector_add.c --out-dir afile/sub --
check "out-dir under a file: exit 1" rc 1

run vector_add.c -o dry.cu --dry-run --report=json --
check "dry run: exit 0" rc 0
check "dry run: nothing written" test ! -e dry.cu
check "dry run: json report" python3 -c "import json,sys; d=json.load(open('$work/out'))['regions']; assert d[0]['kernel']=='omp2cuda_vadd_L3' and d[0]['class']=='combined'"

run host_general.c --dry-run --report=text --
check "text report names the reason" has "left on the host \[omp2cuda-host-general\]"
run reductions.c --dry-run --report=text --
check "text report: kernel, launch shape, memory" has "kernel omp2cuda_stats_L4; launch: grid-stride; teams: one thread per iteration, else occupancy-based; threads: 256; shared memory: 256 B; data-sharing stack: 0 B"
check "text report: explicit map as written" has "x: device pointer, map(to: x\[0:n\])"
check "text report: implicit map and reduction operator" has "sum: reduction(+), map(tofrom: sum) implicit"
run reductions.c --dry-run --report=json --report-file rep.json --
check "json report file: variables with implicit maps" python3 -c "import json; d=json.load(open('rep.json'))['regions']; v={x['name']: x for x in d[0]['variables']}; assert v['mx']['passing']=='reduction(max)' and v['mx']['implicit'] and v['mx']['map']=='map(tofrom: mx) implicit' and d[0]['shared_bytes']==256 and d[0]['data_sharing_bytes']==0 and d[0]['line']==4"
check "json report: the launch as fields (issue 13 point 12)" python3 -c "import json; d=json.load(open('rep.json'))['regions']; assert d[0]['launch']=={'form': 'grid-stride', 'teams': 'one thread per iteration, else occupancy-based', 'threads': 256, 'one_team': False}, d[0]['launch']"

run vector_add.c -o dep.cu -MD --
check "depfile written" test -s dep.cu.d
check "depfile names its target" grep -q "^dep.cu:" dep.cu.d
run region_in_header.c -o rh.cu -MF rh.d --
check "depfile lists included header" grep -q "region_header.h" rh.d

run vector_add.c -o nv.cu -- -foffload=nvptx-none -mp=gpu
check "foreign flags: exit 0" rc 0
check "foreign flags: note" has "dropped compiler flag '-foffload=nvptx-none'"

run --out-dir mirror --in-root src src/a/k.c src/b/k.c --
check "in-root mirrors the tree" test -s mirror/a/k.cu -a -s mirror/b/k.cu
run --out-dir flat src/a/k.c vector_add.c reductions.c host_general.c -j 1 --
cp -r flat flat1
rm -rf flat
run --out-dir flat src/a/k.c vector_add.c reductions.c host_general.c -j 2 --
check "-j 2 output identical to -j 1" diff -r flat1 flat
# Progress (issue 13 point 6) goes to standard error when it is a terminal
# or with --progress; here it is a file.
check "no progress lines unasked" lacks "\[4/4\]"
rm -rf flat
run --out-dir flat src/a/k.c vector_add.c reductions.c host_general.c -j2 --progress --
check "-j2 (no space) works as make's" diff -r flat1 flat
check "--progress: a line per file" has "^\[4/4\] "
check "--progress: a line per target construct" \
  grep -q "^omp2cuda: reductions.c:4: target construct 1 of 1 (target teams distribute parallel for)$" "$work/err"
check "--progress: nothing on stdout" test ! -s "$work/out"
run vector_add.c -o - --progress --
check "--progress with -o -: stdout is the translation alone" \
  test "$(head -1 "$work/out" | cut -c1-24)" = "// Generated by omp2cuda"
check "--progress with -o -: progress on stderr" has "^\[1/1\] vector_add.c$"
run --out-dir flat src/a/k.c vector_add.c -j2 --progress=false --
check "--progress=false: no progress lines" lacks "\[2/2\]"

run vector_add.c -o a.cu --
run vector_add.c -o b.cu --
# Generated code is attributed to the output itself (#line N "a.cu").
check "deterministic output" cmp a.cu <(sed 's/"b\.cu"$/"a.cu"/' b.cu)
run vector_add.c -o nl.cu --no-line-directives --
check "--no-line-directives" test -z "$(grep '#line' nl.cu)"

cp "$here/clang_crash.c" .
run clang_crash.c -o crash.cu --
check "clang front-end crash: exit 1" rc 1
check "clang front-end crash: message" has "crashed while parsing this file; nothing was written"
check "clang front-end crash: no output" test ! -e crash.cu

# Compilation database: -p, and the search upwards from the source file.
mkdir -p proj/src
cat >proj/src/k.c <<'SRC'
void k(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = SCALE * a[i];
}
SRC
printf '[{"directory": "%s/proj", "file": "src/k.c", "command": "cc -DSCALE=3 -foffload=nvptx-none -c src/k.c"}]\n' "$work" >proj/compile_commands.json
run -p proj proj/src/k.c -o db.cu
check "-p: flags from compile_commands.json" rc 0
check "-p: foreign flag dropped with a note" has "dropped compiler flag '-foffload=nvptx-none'"
run proj/src/k.c -o db2.cu
check "database found in a parent directory" rc 0
run proj/src/k.c -o nodb.cu --
check "without the database SCALE is unknown" rc 1
run proj/src/k.c -o ea.cu --extra-arg=-DSCALE=2 --
check "--extra-arg reaches the compiler" rc 0
# Order: --extra-arg-before, then the file's flags, then --extra-arg.
cat >order.c <<'SRC'
#if SCALE != EXPECT
#error SCALE is not EXPECT
#endif
int order;
SRC
run order.c -o o1.cu --extra-arg-before=-DSCALE=5 -- -DSCALE=3 -DEXPECT=3
check "--extra-arg-before comes before the file's flags" rc 0
run order.c -o o2.cu --extra-arg=-DSCALE=7 -- -DSCALE=3 -DEXPECT=7
check "--extra-arg comes after the file's flags" rc 0
run order.c -o o3.cu --extra-arg-before=-DSCALE=5 -- -DSCALE=3 -DEXPECT=5
check "the order is checked (a wrong order fails)" has "error: SCALE is not EXPECT"

# .clang-format next to the input is honoured for generated code.
mkdir -p styled
cp vector_add.c styled/
printf 'BasedOnStyle: LLVM\nIndentWidth: 8\n' >styled/.clang-format
run styled/vector_add.c -o styled.cu --
check ".clang-format honoured" grep -q "^        for (int i = blockIdx.x" styled.cu

mkdir -p adir.c
run adir.c -o dir.cu --
check "a directory as input: exit 1" rc 1
check "a directory as input: no output" test ! -e dir.cu

# Same-named inputs never share an output, whatever -j says.
run --out-dir same src/a/k.c src/b/k.c -j 2 --
check "same names, no --in-root: exit 0" rc 0
check "same names: mirrored below the shared directory" test -s same/a/k.cu -a -s same/b/k.cu
check "same names: each output from its own input" grep -q "omp2cuda_vadd" same/a/k.cu
mkdir -p ext
cp vector_add.c ext/k.c
cp reductions.c ext/k.cpp
run ext/k.c ext/k.cpp --
check "same stem, two extensions: both kept" test -s ext/k.c.cu -a -s ext/k.cpp.cu
run vector_add.c ./vector_add.c -o twice.cu --
check "an input given twice is translated once" rc 0

# An unreadable input (as root, read it as 'nobody', who cannot).
cp vector_add.c locked.c
chmod 000 locked.c
if [ "$(id -u)" = 0 ]; then
  chmod 777 "$work"
  asuser() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
else
  asuser() { "$@"; }
fi
asuser "$tool" locked.c -o locked.cu -- >"$work/out" 2>"$work/err"; echo $? >"$work/rc"
check "unreadable input: exit 1" rc 1
check "unreadable input: message" has "locked.c: error: cannot read the file: Permission denied"
check "unreadable input: no output" test ! -e locked.cu

# -p with -j: the workers share the process's working directory, which
# ClangTool must not move (each source is found and each output written
# relative to the directory the user ran in).
mkdir -p jp/src jp/build
for n in a b c d; do sed "s/vadd/vadd_$n/" vector_add.c >"jp/src/$n.c"; done
printf '[' >jp/build/compile_commands.json
for n in a b c d; do
  [ $n = a ] || printf ',' >>jp/build/compile_commands.json
  printf '{"directory":"%s","command":"cc -fopenmp -c ../src/%s.c","file":"../src/%s.c"}' \
    "$work/jp/build" $n $n >>jp/build/compile_commands.json
done
printf ']' >>jp/build/compile_commands.json
for round in 1 2 3; do
  (cd jp && "$tool" -p build src/a.c src/b.c src/c.c src/d.c --out-dir gen --in-root src -j 2) \
    >"$work/out" 2>"$work/err"; echo $? >"$work/rc"
  check "-p with -j 2, round $round: exit 0" rc 0
  check "-p with -j 2, round $round: every output in gen/" \
    test -s jp/gen/a.cu -a -s jp/gen/b.cu -a -s jp/gen/c.cu -a -s jp/gen/d.cu
  check "-p with -j 2, round $round: nothing under build/" test ! -e jp/build/gen
  rm -rf jp/gen
done
# The same with -j 4 and absolute paths of the sources, database and root
# (the issue's second form: outputs went to build/gen or gen at random):
# exactly the four outputs, in gen/ (issue 13 point 2).
for round in 1 2 3; do
  (cd jp && "$tool" -p "$work/jp/build" "$work"/jp/src/{a,b,c,d}.c \
     --out-dir gen --in-root "$work/jp/src" -j 4) \
    >"$work/out" 2>"$work/err"; echo $? >"$work/rc"
  check "-p, -j 4, absolute paths, round $round: exit 0" rc 0
  check "-p, -j 4, absolute paths, round $round: exactly the outputs in gen/" \
    test "$(cd jp/gen && find . -type f | sort | tr '\n' ' ')" = "./a.cu ./b.cu ./c.cu ./d.cu "
  check "-p, -j 4, absolute paths, round $round: nothing under build/" \
    test ! -e jp/build/gen
  rm -rf jp/gen
done

run --bogus vector_add.c --
check "unknown option: exit 1" rc 1
check "unknown option: one program name" has "^omp2cuda: error: Unknown command line argument '--bogus'"
run -j abc vector_add.c --
check "-j abc: exit 1" rc 1
check "-j abc: the error says what" has "^omp2cuda: error: invalid command line"

# Issue 13 point 5: say once, briefly, what a user needs to know.
run vector_add.c -o quiet.cu --report=text
check "no flags, no database (README's command): exit 0" rc 0
check "no flags, no database: nothing on stderr" test ! -s "$work/err"
printf 'double k(double x) { return SCALE * x; }\n' >needs_flag.c
run needs_flag.c -o nf.cu
check "no flags, parse fails: exit 1" rc 1
check "no flags, parse fails: one note on where flags come from" count_err "no compilation database was found" 1
check "no flags: no LibTooling complaint" lacks "Running without flags"
sed 's/void k(/void k2(/' proj/src/k.c >proj/src/k2.c
run -p proj proj/src/k2.c -o k2.cu
check "file missing from the database: exit 0" rc 0
check "file missing from the database: no bogus input" lacks "no such file or directory"
check "file missing from the database: translated with inferred flags" grep -q "omp2cuda_k2_L2" k2.cu
check "file missing from the database: a note says so" has "k2.c: note: not in the compilation database; flags inferred from"
printf '[{"directory": "%s/proj", "file": "src/k.c", "command": "cc -DSCALE=3 -foffload=nvptx-none -c src/k.c"},{"directory": "%s/proj", "file": "src/k2.c", "command": "cc -DSCALE=3 -foffload=nvptx-none -c src/k2.c"}]\n' "$work" "$work" >proj/compile_commands.json
run -p proj proj/src/k.c proj/src/k2.c --out-dir dbgen
check "two files with a foreign flag: exit 0" rc 0
check "two files with a foreign flag: the note once" count_err "dropped compiler flag '-foffload=nvptx-none'" 1
run -p proj proj/src/k.c proj/src/k2.c --out-dir dbgen --suppress=dropped-flag
check "--suppress=dropped-flag" lacks "dropped compiler flag"
run -p nowhere vector_add.c -o nw.cu
check "-p without a database: exit 1" rc 1
check "-p without a database: says so" has "^omp2cuda: error: no compilation database in 'nowhere'"
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
run override.cpp -o ov.cu -- -Wno-inconsistent-missing-override -Wno-no-such-gcc-warning
check "-Wno-...: clang's warning silenced" lacks "Winconsistent-missing-override"
check "-Wno-...: GCC-only warning flags ignored" lacks "unknown warning option"
run override.cpp -o ov.cu -- -w
check "-w: clang's warnings silenced" lacks "Winconsistent-missing-override"
check "-w: omp2cuda's warnings stay" has "\[omp2cuda-host-call\]"

# Issue 13 point 6: a closing summary, totals, per-file statistics.
run host_general.c vector_add.c --dry-run --report=text --
check "text report: closing summary" out_has "^omp2cuda: 4 regions in 2 files: 1 translated, 3 left on the host$"
run vector_add.c --dry-run --report=text --
check "text report: summary for one file" out_has "^omp2cuda: 1 region: 1 translated, 0 left on the host$"
run host_general.c vector_add.c bad_parse.c --dry-run --report=json --report-file tot.json --
check "json report: totals" python3 -c "import json; t=json.load(open('tot.json'))['totals']; assert t=={'files': 3, 'files_failed': 1, 'regions': 4, 'translated': 1, 'kernels': 1, 'host': 3, 'host_on_purpose': 0}, t"
run host_general.c vector_add.c bad_parse.c --dry-run --stats=st.csv --
printf '%s\n' file,regions,translated,kernels,host,host_on_purpose,status \
  host_general.c,3,0,0,3,0,host vector_add.c,1,1,1,0,0,translated \
  bad_parse.c,0,0,0,0,0,failed total,4,1,1,3,0,failed >st.expected
check "--stats=FILE: per-file CSV" cmp -s st.csv st.expected
run vector_add.c --dry-run --stats --
check "--stats: CSV on stdout" out_has "^vector_add.c,1,1,1,0,0,translated$"
run vector_add.c -o - --stats --
check "-o - with --stats on stdout: error" rc 1

# Issue 13 point 9: controlling warnings, and regions kept on the host on
# purpose.
cat >hatch.c <<'SRC'
void small(double *a) {
  // omp2cuda: host (four elements do not pay for the copies)
#pragma omp target teams distribute parallel for map(tofrom: a[0:4])
  for (int i = 0; i < 4; ++i)
    a[i] += 1;
}
void same(double *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) // omp2cuda: host
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}
void block(double *a, int n) {
  // omp2cuda: host
  // (the reason may follow on the next comment lines)
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}
void big(double *a, int n) {
  // omp2cuda: hostile is not the marker
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
}
SRC
run hatch.c -o hatch.cu --report=text --
check "// omp2cuda: host: exit 0 (kept on purpose is no exit 3)" rc 0
check "// omp2cuda: host: a remark with the reason" has "hatch.c:3:1: remark: target region kept on the host: the comment '// omp2cuda: host (four elements do not pay for the copies)' asks for it \[omp2cuda-host-on-purpose\]"
check "// omp2cuda: host: on the directive's line" has "hatch.c:8:1: remark: .*\[omp2cuda-host-on-purpose\]"
check "// omp2cuda: host: in the comment block above" has "hatch.c:15:1: remark: .*\[omp2cuda-host-on-purpose\]"
check "// omp2cuda: host: no warning" lacks "warning:"
check "// omp2cuda: hostile: translated" grep -q "omp2cuda_big_L21_launch(" hatch.cu
check "// omp2cuda: host: the regions stay as written" test "$(grep -c '_launch(' hatch.cu)" = 2
check "// omp2cuda: host: the report says kept" out_has "kept on the host \[omp2cuda-host-on-purpose\]"
check "// omp2cuda: host: the summary counts them" out_has "^omp2cuda: 4 regions: 1 translated, 3 left on the host (3 on purpose)$"
run hatch.c -o hatch.cu --suppress=host-on-purpose --
check "--suppress=host-on-purpose: no remark" lacks "remark:"
run host_general.c -o sup.cu --suppress=host-call,omp2cuda-host-loop --
check "--suppress: exit status unchanged" rc 3
check "--suppress: those IDs are not printed" lacks "omp2cuda-host-call\|omp2cuda-host-loop"
check "--suppress: others are" has "warning: .*\[omp2cuda-host-general\]"
run host_general.c -o wae.cu --warnings-as-errors=host-call --
check "--warnings-as-errors=ID: exit 1" rc 1
check "--warnings-as-errors=ID: the message says error" has "host_general.c:19:1: error: target region left on the host: .*\[omp2cuda-host-call,-warnings-as-errors\]"
check "--warnings-as-errors=ID: other warnings stay warnings" has "warning: .*\[omp2cuda-host-loop\]"
check "--warnings-as-errors=ID: nothing written" test ! -e wae.cu
run host_general.c -o wae.cu --warnings-as-errors=all --
check "--warnings-as-errors=all: exit 1" rc 1
check "--warnings-as-errors=all: every warning an error" test "$(grep -c 'error: target region left on the host' "$work/err")" = 3
run hatch.c -o hatch2.cu --warnings-as-errors=all --
check "--warnings-as-errors=all: remarks stay remarks" rc 0
run host_general.c --suppress=no-such-id --
check "--suppress=unknown: exit 1" rc 1
check "--suppress=unknown: message" has "unknown diagnostic ID 'no-such-id'"
run host_general.c --suppress=c-compat --
check "--suppress=<an error>: refused" has "'c-compat' is an error, which cannot be suppressed"

# Translated headers (docs/headers.md).
mkdir -p hdr/inc hdr/src hdr/src/two
cp region_header.h hdr/inc/region_header.h
printf '#include "../inc/region_header.h"\nvoid g(double *a, int n) { header_kernel(a, n); }\n' >hdr/src/a.c
printf '#include "../../inc/region_header.h"\nvoid h(double *a, int n) { header_kernel(a, n); }\n' >hdr/src/two/b.c
run hdr/src/a.c -o hdr/a.cu --
check "header outside the input root: exit 3" rc 3
check "header outside the input root: says how" has "give --in-root a directory that holds it"
check "header outside the input root: no copy" test ! -e hdr/inc/region_header.cu.h
run hdr/src/a.c hdr/src/two/b.c --in-root hdr --out-dir hdr/gen -j 2 --
check "--in-root: headers translated" rc 0
check "--in-root: one copy, mirrored" test -f hdr/gen/inc/region_header.cu.h
check "--in-root: the .cu includes the copy" grep -q '#include "../inc/region_header.cu.h"' hdr/gen/src/a.cu
check "--in-root: from a deeper folder too" grep -q '#include "../../inc/region_header.cu.h"' hdr/gen/src/two/b.cu
check "translated header: static kernel" grep -q "static __global__ void omp2cuda_region_header_h_header_kernel_L2" hdr/gen/inc/region_header.cu.h
check "translated header: names it below the root" grep -q '#line 1 "inc/region_header.h"' hdr/gen/inc/region_header.cu.h
check "translated header: original untouched" cmp region_header.h hdr/inc/region_header.h
run region_header.h -o rh2.cu --
check "a header as input: refused" rc 1
check "a header as input: says what to do" has "this is a header: translate the source files that include it"
check "a header as input: nothing written" test ! -e rh2.cu
run hdr/src/a.c --in-root hdr/inc --out-dir hdr/gen2 --
check "input outside --in-root: refused" rc 1
check "input outside --in-root: says so" has "is not below --in-root"
run region_in_header.c -o - --
check "-o - with a translated header: refused" rc 1
check "-o - with a translated header: says why" has "cannot hold the translated header"

sums >after.sha
check "inputs never modified" cmp before.sha after.sha

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
