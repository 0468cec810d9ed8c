#!/usr/bin/env python3
"""Nesting matrix: small self-checking OpenMP programs, one per nesting.

Every case nests the constructs `target`, `teams`, `distribute`, `parallel`,
`for`, `simd` and `loop` in one legal OpenMP 5.x way, split into separate
directives or combined (`target teams` + `distribute parallel for`, ...), at
most MAX_DIRECTIVES directives deep, with one of three bodies over `int`,
`float` or `double`:

  copy      b[idx] = a[idx] * k
  atomic    `#pragma omp atomic` on a mapped histogram and a mapped counter
            (not in nests with `loop`: OpenMP 5.0, hence GCC 12, allows no
            atomic in a `loop` region)
  reduce    reduction(+: s) on the innermost construct of every level that
            runs iterations concurrently: teams on `teams` itself
            (`distribute` takes no reduction), parallel on its `for` or
            `loop`, `simd` on `simd`; a combined directive carries one clause
            for all its leaves, and `s` is mapped tofrom unless the clause is
            on the combined `target ...` directive.  Not for `teams` { `loop` }
            split: clang-19 rejects a reduction on a `loop` bound to teams,
            and without one GCC races (it runs that loop with threads)
  reduce-outer  the same with the clause on `parallel` rather than on its
            `for` (only where `parallel` and a `for` alone are separate
            directives)
  stepped   the copy body twice, in a loop of the team-master code around
            the directive that starts the parallel level (where that
            directive stands in team code of its own): each step the team
            master stores a mark (a side effect only it may make, which
            makes omp2cuda use the control loop) and the copy adds the step,
            a team-master variable its threads read from shared memory

Nesting rules (the ones that keep every iteration executed exactly once, so
results do not depend on the team or thread counts): `teams` is directly in
`target` and is followed by `distribute` or `loop`; `parallel` is followed by
`for` or `loop`; `simd` is innermost; `loop` is directly in `teams` or
`parallel` (its binding region is then defined).  Every directive that is
associated with a loop gets its own loop of a loop nest; `target` alone runs a
plain sequential loop.

Data are small integers (also for float and double), so every sum is exact
and the host and device results agree bit for bit whatever the order.  Each
program maps its data, computes, checks against a sequentially computed
expected value, prints the results (deterministic stdout) and `FAIL ...`
lines on mismatch; it exits 1 if a check failed.

Nested parallel (--nested N): a seeded subset of N cases in which the
body of the innermost `for` holds one more parallel level, `parallel for`
combined or `parallel` { `for` } split (abbreviated p_f or p.f at the end of
the name), which OpenMP runs with a team of one thread (max-active-levels
1, GCC's default too); every pair of iterations still runs once.  Bases:
the nests whose innermost directive ends with `for`, at most two loops.
Bodies: copy, atomic, and reduce with the clause also on the nested `for`
(its fold goes into the enclosing `for`'s partial; not under a combined
`target ... for`, whose reduction copy the fold does not take yet).

Names: directives outermost first, separated by '.', the leaves of one
combined directive joined by '_' (t target, tm teams, d distribute,
p parallel, f for, s simd, l loop), then the body and the type:
`t.tm.d.p.f-atomic-float` is target { teams { distribute { parallel { for }}}},
`t_tm.d_p_f-reduce-int` is target teams { distribute parallel for }.

Usage:
  gen_nesting.py --out DIR [--count N --seed S] [--match SUBSTR ...]
  gen_nesting.py --list [...]
"""
import argparse
import os
import random
import sys

MAX_DIRECTIVES = 5           # target + four nested levels
TYPES = ("int", "float", "double")
BODIES = ("copy", "atomic", "reduce", "reduce-outer", "stepped")
# loop trip counts by the number of loops in the nest (odd sizes: tails)
DIMS = {1: [1000], 2: [37, 29], 3: [9, 11, 13]}
H = 13                       # histogram bins: a[i] takes 13 values
K = 3                        # the scale of the copy

ABBR = {"target": "t", "teams": "tm", "distribute": "d", "parallel": "p",
        "for": "f", "simd": "s", "loop": "l"}
LOOP_LEAVES = {"distribute", "for", "simd", "loop"}
END = None
# what may follow each leaf in a chain (END: nothing, the loop body)
NEXT = {
    "target": [END, "teams", "parallel", "simd"],
    "teams": ["distribute", "loop"],
    "distribute": [END, "parallel", "simd"],
    "parallel": ["for", "loop"],
    "for": [END, "simd"],
    "loop": [END],
    "simd": [END],
}
# the combined and composite directives of OpenMP 5.x over these leaves
VALID = {tuple(d.split()) for d in """
target; teams; distribute; parallel; for; simd; loop
target teams; target parallel; target simd
target teams distribute; target teams distribute simd
target teams distribute parallel for; target teams distribute parallel for simd
target teams loop; target parallel for; target parallel for simd
target parallel loop
teams distribute; teams distribute simd; teams distribute parallel for
teams distribute parallel for simd; teams loop
distribute simd; distribute parallel for; distribute parallel for simd
parallel for; parallel for simd; parallel loop; for simd
""".replace("\n", ";").split(";") if d.strip()}


def chains():
    out = []

    def walk(ch):
        for nxt in NEXT[ch[-1]]:
            if nxt is END:
                out.append(ch)
            else:
                walk(ch + [nxt])
    walk(["target"])
    return out


def groupings(chain):
    """Every split of the chain into valid directives, fewest first."""
    n = len(chain)
    res = []
    for mask in range(1 << (n - 1)):
        dirs, cur = [], [chain[0]]
        for i in range(1, n):
            if mask >> (i - 1) & 1:
                dirs.append(cur)
                cur = [chain[i]]
            else:
                cur.append(chain[i])
        dirs.append(cur)
        if all(tuple(d) in VALID for d in dirs) and len(dirs) <= MAX_DIRECTIVES:
            res.append(dirs)
    res.sort(key=lambda ds: (len(ds), [len(d) for d in ds][::-1]))
    return res


def nest_name(dirs):
    return ".".join("_".join(ABBR[l] for l in d) for d in dirs)


def red_holders(dirs, outer):
    """Directive indices that carry reduction(+: s)."""
    chain = [l for d in dirs for l in d]
    where = {}
    for j, d in enumerate(dirs):
        for l in d:
            where[l] = j
    leaves = []
    for i, l in enumerate(chain):
        nxt = chain[i + 1] if i + 1 < len(chain) else None
        if l == "teams":
            # distribute takes no reduction; `loop` bound to teams only in
            # the combined `teams loop` (see applies())
            leaves.append("teams")
        elif l == "parallel" and nxt == "for":
            leaves.append("parallel" if outer else "for")
        elif l == "simd" or (l == "loop" and chain[i - 1] == "parallel"):
            leaves.append(l)             # these need their own clause
    return sorted({where[l] for l in leaves})


def outer_differs(dirs):
    """reduce-outer differs from reduce: `parallel` and a `for` alone are
    separate directives (`for simd` cannot reduce a variable that `parallel`
    already privatised)."""
    return any("parallel" in d and "for" not in d for d in dirs) and \
        any(d == ["for"] for d in dirs)


def step_at(dirs):
    """The directive the stepped body's team-master loop goes around: the
    one that starts the parallel level, when team code of its own (target
    or distribute, not teams, which only distribute or loop follows) holds
    it."""
    for j, d in enumerate(dirs):
        if "parallel" in d:
            if j == 0 or d[0] not in ("parallel", "distribute"):
                return None
            return j if dirs[j - 1][-1] in ("target", "distribute", "teams") \
                else None
    return None


def applies(dirs, body):
    if body == "stepped":
        return step_at(dirs) is not None
    if body == "reduce-outer":
        return outer_differs(dirs)
    if body == "reduce":
        # teams { loop }: clang-19 rejects a reduction on a `loop` bound to
        # teams, and without one GCC races (it runs such a loop as
        # distribute parallel for): only the combined `teams loop` reduces
        for j in range(1, len(dirs)):
            if dirs[j][0] == "loop" and dirs[j - 1][-1] == "teams":
                return False
    if body == "atomic":
        # OpenMP 5.0 (GCC 12) allows no atomic inside a `loop` region
        return not any("loop" in d for d in dirs)
    return True


class Case:
    def __init__(self, name, lang, text):
        self.name, self.lang, self.text = name, lang, text

    @property
    def filename(self):
        return self.name + ".c"


FMT = {"int": ("%d", ""), "float": ("%.1f", "(double)"),
       "double": ("%.1f", "(double)")}


def render(name, dirs, body, typ, nested=0):
    """nested: how many of the last directives are the nested parallel
    level (0: none)."""
    nloops = sum(1 for d in dirs if d[-1] in LOOP_LEAVES) or 1
    dims = DIMS[nloops]
    n = 1
    for x in dims:
        n *= x
    fmt, cast = FMT[typ]
    clauses = [[] for _ in dirs]
    if body == "copy":
        clauses[0].append("map(to: a[0:N]) map(from: b[0:N])")
        stmt = ["b[idx] = a[idx] * k;"]
    elif body == "stepped":
        clauses[0].append("map(to: a[0:N]) map(from: b[0:N]) "
                          "map(tofrom: marks[0:2 * MT])")
        stmt = ["b[idx] = a[idx] * k + step;"]
    elif body == "atomic":
        clauses[0].append("map(to: a[0:N]) map(tofrom: hist[0:H], cnt)")
        stmt = ["#pragma omp atomic update",
                "hist[(int)a[idx] + 4] += 1;",
                "#pragma omp atomic",
                "cnt += a[idx];"]
    else:
        holders = red_holders(dirs[:len(dirs) - nested],
                              body == "reduce-outer")
        if nested:
            holders.append(len(dirs) - 1)
        for h in holders:
            clauses[h].append("reduction(+: s)")
        clauses[0].append("map(to: a[0:N])")
        if 0 not in holders:
            clauses[0].append("map(tofrom: s)")
        stmt = ["s += a[idx] * k;"]

    # the loop nest: one loop per loop-associated directive
    idx = "i0"
    for j in range(1, nloops):
        idx = f"({idx}) * D{j} + i{j}" if j > 1 else f"i0 * D{j} + i{j}"
    lines = []
    ind = "  "
    opened = []          # closing braces to emit
    loop_no = 0

    def open_loop():
        nonlocal ind, loop_no
        j = loop_no
        lines.append(f"{ind}for (int i{j} = 0; i{j} < D{j}; i{j}++) {{")
        opened.append(ind + "}")
        ind += "  "
        loop_no += 1

    step_j = step_at(dirs) if body == "stepped" else None
    for j, d in enumerate(dirs):
        if j == step_j:
            lines.append(f"{ind}for (int step = 0; step < 2; step++) {{")
            opened.append(ind + "}")
            ind += "  "
            lines.append(f"{ind}if (omp_get_team_num() < MT)")
            lines.append(f"{ind}  marks[2 * omp_get_team_num() + step] = "
                         "step + 1;")
        text = " ".join(d)
        cl = " ".join(clauses[j])
        lines.append(f"{ind}#pragma omp {text}" + (f" {cl}" if cl else ""))
        if d[-1] in LOOP_LEAVES:
            open_loop()
        else:
            lines.append(ind + "{")
            opened.append(ind + "}")
            ind += "  "
    if loop_no == 0:
        open_loop()                      # target alone: a sequential loop
    lines.append(f"{ind}int idx = {idx};")
    lines += [ind + s for s in stmt]
    while opened:
        lines.append(opened.pop())
    region = "\n".join(lines)

    what = " { ".join(" ".join(d) for d in dirs) + " }" * (len(dirs) - 1)
    dimdefs = "\n".join(f"#define D{j} {x}" for j, x in enumerate(dims))
    v = f"{cast}"
    if body == "stepped":
        decls = (f"  static vt a[N], b[N];\n  vt k = {K};\n"
                 "  static int marks[2 * MT];")
        init = "    b[i] = -1;\n"
        check = f"""\
  int bad = 0;
  for (int i = 0; i < N; i++)
    if (b[i] != a[i] * k + 1) {{
      if (bad < 5)
        printf("FAIL %s: b[%d] = {fmt}, expected {fmt}\\n", NAME, i,
               {v}b[i], {v}(a[i] * k + 1));
      bad++;
    }}
  if (marks[0] != 1 || marks[1] != 2)
    bad++;
  for (int t = 0; t < 2 * MT; t++)
    if (marks[t] != 0 && marks[t] != t % 2 + 1)
      bad++;
  nfail += bad;
  printf("%s: b[0] = {fmt}, b[N-1] = {fmt}, marks %s\\n", NAME, {v}b[0],
         {v}b[N - 1], bad ? "wrong" : "ok");"""
    elif body == "copy":
        decls = f"  static vt a[N], b[N];\n  vt k = {K};"
        init = "    b[i] = -1;\n"
        check = f"""\
  vt sum = 0;
  int bad = 0;
  for (int i = 0; i < N; i++) {{
    if (b[i] != a[i] * k) {{
      if (bad < 5)
        printf("FAIL %s: b[%d] = {fmt}, expected {fmt}\\n", NAME, i,
               {v}b[i], {v}(a[i] * k));
      bad++;
    }}
    sum += b[i];
  }}
  nfail += bad;
  printf("%s: b[0] = {fmt}, b[N-1] = {fmt}, sum = {fmt}\\n", NAME,
         {v}b[0], {v}b[N - 1], {v}sum);"""
    elif body == "atomic":
        decls = ("  static vt a[N];\n  vt hist[H], cnt = 5;\n"
                 "  vt ehist[H], ecnt = 5;")
        init = ""
        check = f"""\
  for (int j = 0; j < H; j++)
    ehist[j] = 0;
  for (int i = 0; i < N; i++) {{
    ehist[(int)a[i] + 4] += 1;
    ecnt += a[i];
  }}
  printf("%s: hist =", NAME);
  for (int j = 0; j < H; j++)
    printf(" {fmt}", {v}hist[j]);
  printf(", cnt = {fmt}\\n", {v}cnt);
  for (int j = 0; j < H; j++)
    if (hist[j] != ehist[j]) {{
      printf("FAIL %s: hist[%d] = {fmt}, expected {fmt}\\n", NAME, j,
             {v}hist[j], {v}ehist[j]);
      nfail++;
    }}
  if (cnt != ecnt) {{
    printf("FAIL %s: cnt = {fmt}, expected {fmt}\\n", NAME, {v}cnt, {v}ecnt);
    nfail++;
  }}"""
    else:
        decls = f"  static vt a[N];\n  vt k = {K}, s = 5, es = 5;"
        init = ""
        check = f"""\
  for (int i = 0; i < N; i++)
    es += a[i] * k;
  printf("%s: s = {fmt}\\n", NAME, {v}s);
  if (s != es) {{
    printf("FAIL %s: s = {fmt}, expected {fmt}\\n", NAME, {v}s, {v}es);
    nfail++;
  }}"""
    hist_init = ("  for (int j = 0; j < H; j++)\n    hist[j] = 0;\n"
                 if body == "atomic" else "")
    return f"""\
/* omp2cuda nesting matrix case {name} (generated by
   tests/nesting/gen_nesting.py; do not edit).
   {what}; body: {body}, type {typ} */
#include <omp.h>
#include <stdio.h>

#define NAME "{name}"
#define MT 4096
{dimdefs}
#define N {n}
#define H {H}
typedef {typ} vt;

int main(void)
{{
  int nfail = 0;
{decls}
  for (int i = 0; i < N; i++) {{
    a[i] = (vt)((i * 7 + 3) % 13 - 4);
{init}  }}
{hist_init}
{region}

{check}
  printf("%s: %s\\n", NAME, nfail ? "FAIL" : "ok");
  return nfail != 0;
}}
""".replace("\n\n\n", "\n\n")


def all_cases():
    cases = []
    for ch in chains():
        for dirs in groupings(ch):
            nest = nest_name(dirs)
            for body in BODIES:
                if not applies(dirs, body):
                    continue
                for typ in TYPES:
                    name = f"{nest}-{body}-{typ}"
                    cases.append(Case(name, "c", render(name, dirs, body, typ)))
    return cases


NESTED_BODIES = ("copy", "atomic", "reduce")


def nested_cases():
    """The nested-parallel shape (see the module's doc)."""
    cases = []
    for ch in chains():
        for dirs in groupings(ch):
            nloops = sum(1 for d in dirs if d[-1] in LOOP_LEAVES)
            if dirs[-1][-1] != "for" or nloops > 2:
                continue
            for inner in ([["parallel", "for"]],
                          [["parallel"], ["for"]]):
                full = dirs + inner
                nest = nest_name(full)
                for body in NESTED_BODIES:
                    # reduce on a combined `target ... for`: the nested
                    # fold into a copy of the target construct's own is
                    # refused (docs/nested-parallel.md)
                    if not applies(dirs, body) or \
                            (body == "reduce" and dirs[0][-1] == "for"):
                        continue
                    for typ in TYPES:
                        name = f"{nest}-{body}-{typ}"
                        cases.append(Case(name, "c", render(
                            name, full, body, typ, len(inner))))
    return cases


def select(cases, count=None, seed=0, match=None):
    if match:
        cases = [c for c in cases if any(m in c.name for m in match)]
    if count is not None and count < len(cases):
        rng = random.Random(seed)
        keep = set(c.name for c in rng.sample(cases, count))
        cases = [c for c in cases if c.name in keep]
    return cases


def select_all(count=None, seed=0, match=None, nested=0):
    """The cases of the matrix, then those of the nested-parallel shape."""
    cases = select(all_cases(), count, seed, match)
    if nested:
        cases += select(nested_cases(), None if nested < 0 else nested, seed,
                        match)
    return cases


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="directory to write the programs to")
    ap.add_argument("--list", action="store_true", help="list the case names")
    ap.add_argument("--count", type=int, help="a seeded subset of N cases")
    ap.add_argument("--seed", type=int, default=0, help="seed for --count")
    ap.add_argument("--match", action="append",
                    help="only cases whose name contains this (repeatable)")
    ap.add_argument("--nested", type=int, default=0,
                    help="add a seeded subset of N nested-parallel cases "
                         "(-1: all of them)")
    a = ap.parse_args(argv)
    cases = select_all(a.count, a.seed, a.match, a.nested)
    if a.list:
        for c in cases:
            print(c.name)
        return 0
    if not a.out:
        ap.error("--out DIR or --list is required")
    os.makedirs(a.out, exist_ok=True)
    for c in cases:
        with open(os.path.join(a.out, c.filename), "w") as f:
            f.write(c.text)
    print(f"{len(cases)} cases written to {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
