#!/usr/bin/env bash
# Every diagnostic ID in Diagnostics.def has a docs page with that title and
# a row in the index, and every page belongs to an ID (none left behind).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
ids=$(grep -o '^OMP2CUDA_DIAG([A-Za-z]*, "[a-z-]*"' "$root/include/omp2cuda/Diagnostics.def" |
      sed 's/.*"\(.*\)"/\1/')
[ -n "$ids" ] || { echo "no IDs read from Diagnostics.def"; exit 1; }
fail=0
n=0
for id in $ids; do
  n=$((n + 1))
  page="$root/docs/diagnostics/$id.md"
  if [ ! -f "$page" ]; then echo "missing page: docs/diagnostics/$id.md"; fail=1; continue; fi
  [ "$(head -1 "$page")" = "# omp2cuda-$id" ] || { echo "$page: title is not '# omp2cuda-$id'"; fail=1; }
  grep -q "(diagnostics/$id.md)" "$root/docs/diagnostics.md" || { echo "docs/diagnostics.md: no row for $id"; fail=1; }
done
for page in "$root"/docs/diagnostics/*.md; do
  id=$(basename "$page" .md)
  grep -qx "$id" <<<"$ids" || { echo "page without an ID: $page"; fail=1; }
done
[ "$fail" = 0 ] && echo "docs: $n diagnostic IDs, each with its page"
exit "$fail"
