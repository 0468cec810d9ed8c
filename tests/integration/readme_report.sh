#!/usr/bin/env bash
# The README's sample of the text report is what the tool prints for
# examples/reductions.c (issue 13 point 12: the sample had gone stale).
#   readme_report.sh OMP2CUDA
set -u
tool=$(realpath "$1")
root="$(cd "$(dirname "$0")/../.." && pwd)"
cmd='$ cd examples && omp2cuda reductions.c --dry-run --report=text --'
# The indented block that starts with the command, up to the blank line.
expected=$(awk -v c="    $cmd" '$0 == c {on = 1; next} on && /^$/ {exit} on {print substr($0, 5)}' \
  "$root/README.md")
[ -n "$expected" ] || { echo "FAIL: no sample '$cmd' in README.md"; exit 1; }
actual=$(cd "$root/examples" && "$tool" reductions.c --dry-run --report=text -- 2>&1)
if [ "$expected" != "$actual" ]; then
  echo "FAIL: README.md's report sample differs from the tool's output:"
  diff <(echo "$expected") <(echo "$actual")
  exit 1
fi
echo "readme_report: the sample is current"
