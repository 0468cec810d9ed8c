#!/usr/bin/env python3
"""Runs the nesting matrix (gen_nesting.py) against the host reference.

For every case (the per-case steps are those of
tests/datasharing/run_matrix.py, imported from there): translate with
`omp2cuda --dry-run` (exit 0: every region translated, "on the device";
3: some region left on the host), build with `omp2cuda-cc --backend=emu`,
build the host reference with `gcc -fopenmp -foffload=disable`, run both.

A case fails when
  - a build or a run fails, the outputs differ byte for byte, or the output
    has a FAIL line: a wrong answer is never expected, known_host.txt or not;
  - a region is left on the host (exit 3) and the case is not listed in
    known_host.txt (name, then the reason);
  - it is listed in known_host.txt but every region is translated now
    (like XPASS: remove the entry, so that the list shrinks).
A listed case left on the host whose output matches is reported as HOST and
does not fail the run.

Prints one line per case, then the counts (generated, translated with every
region on the device, passed) and `N passed, M failed`; exits 1 on any
failure.  --write-known FILE writes a known_host.txt from the run: the cases
that pass with a region left on the host, with omp2cuda's warning.

Usage: run_nesting.py [--build DIR] [--work DIR] [--count N --seed S]
                      [--nested N]
                      [--match SUBSTR ...] [-j 2] [--opt -O2]
                      [--poison 'ff 00'] [--known FILE] [--write-known FILE]
"""
import argparse
import concurrent.futures
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "datasharing"))
import gen_nesting  # noqa: E402
import run_matrix   # noqa: E402  (the shared per-case steps)

KNOWN_HEADER = """\
# Cases of the nesting matrix (gen_nesting.py) that keep a region on the host
# today (omp2cuda --dry-run exits 3).  One line each: case name, then the
# reason (omp2cuda's warning, shortened).  run_nesting.py fails the run when
# a case not listed here is left on the host, and when a listed case is
# translated entirely (then remove its line).  Their output must still match
# the host reference: a wrong answer is never listed here.
# Regenerate: run_nesting.py --write-known tests/nesting/known_host.txt
"""


def host_reason(d):
    """omp2cuda's first 'left on the host' warning for a case, shortened."""
    try:
        with open(os.path.join(d, "translate.log")) as f:
            log = f.read()
    except OSError:
        return "(no translate.log)"
    for line in log.splitlines():
        m = re.search(r"warning: (.*?)(?: \[omp2cuda-[\w-]+\])?$", line)
        if m and "host" in m.group(1):
            text = m.group(1)
            text = re.sub(r"^target region left on the host: ", "", text)
            return text[:160]
    return "(left on the host; no warning text)"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--work", help="scratch directory (default BUILD/nesting)")
    ap.add_argument("--count", type=int, help="a seeded subset of N cases")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--match", action="append",
                    help="only cases whose name contains this (repeatable)")
    ap.add_argument("--nested", type=int, default=0,
                    help="also a seeded subset of N nested-parallel cases "
                         "(gen_nesting.py; -1: all)")
    ap.add_argument("-j", "--jobs", type=int, default=2,
                    help="cases at once (each compiles one file at a time)")
    ap.add_argument("--opt", default="-O2", help="optimisation for the emu build")
    ap.add_argument("--poison", default="ff 00",
                    help="O2C_EMU_POISON bytes to run each emu program under, one "
                         "run each (default 'ff 00')")
    ap.add_argument("--known", default=os.path.join(HERE, "known_host.txt"))
    ap.add_argument("--write-known", metavar="FILE",
                    help="write the cases passing with a region on the host to FILE")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="omp2cuda's warnings for the cases left on the host")
    a = ap.parse_args(argv)
    a.poison = a.poison.split()
    a.build = os.path.abspath(a.build)
    a.work = os.path.abspath(a.work or os.path.join(a.build, "nesting"))
    os.makedirs(a.work, exist_ok=True)

    everything = gen_nesting.all_cases()
    if a.nested:
        everything += gen_nesting.nested_cases()
    cases = gen_nesting.select_all(a.count, a.seed, a.match, a.nested)
    known = run_matrix.load_known(a.known)
    names = {c.name for c in everything}
    stale = sorted(k for k in known if k not in names)

    subset = (f"seeded subset, seed {a.seed}" if a.count is not None
              else "matching " + " ".join(a.match) if a.match else "all")
    print(f"nesting matrix: {len(cases)} of {len(everything)} cases ({subset}), "
          f"{a.jobs} at a time, emu build {a.opt}, run with O2C_EMU_POISON "
          f"{' and '.join(a.poison)}", flush=True)
    t0 = time.time()
    results = {}
    good = failed = on_host_known = 0

    def report(r):
        nonlocal good, failed, on_host_known
        dev = "device" if r.translate_rc == 0 else (
            "host-fallback" if r.translate_rc == 3 else "-")
        listed = r.name in known
        with run_matrix.print_lock:
            if not r.ok:
                failed += 1
                print(f"FAIL  {r.name} [{dev}]: {r.reason}", flush=True)
                if r.detail:
                    print("  " + r.detail.rstrip()[-3000:].replace("\n", "\n  "),
                          flush=True)
                return
            if r.translate_rc == 0 and listed:
                failed += 1
                print(f"FAIL  {r.name} [device]: listed in known_host.txt "
                      f"({known[r.name]}) but every region is translated now: "
                      "remove the entry", flush=True)
            elif r.translate_rc == 3 and not listed:
                failed += 1
                print(f"FAIL  {r.name} [host-fallback]: output matches, but a region "
                      "is left on the host and the case is not in known_host.txt: "
                      + host_reason(os.path.join(a.work, r.name)), flush=True)
            elif r.translate_rc == 3:
                on_host_known += 1
                good += 1
                print(f"HOST  {r.name} [host-fallback] (known: {known[r.name]})",
                      flush=True)
                if a.verbose:
                    print("  " + host_reason(os.path.join(a.work, r.name)))
            else:
                good += 1
                print(f"PASS  {r.name} [device]", flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = {ex.submit(run_matrix.run_case, c, a): c for c in cases}
        for fut in concurrent.futures.as_completed(futs):
            c = futs[fut]
            try:
                r = fut.result()
            except Exception as e:  # a bug in this script: count it, go on
                r = run_matrix.Result(c.name)
                r.reason = f"runner error: {e!r}"
            results[c.name] = r
            report(r)

    for k in stale:
        failed += 1
        print(f"FAIL  known_host.txt: '{k}' is not a case of the matrix")

    if a.write_known:
        order = {c.name: i for i, c in enumerate(everything)}
        rows = sorted((n for n, r in results.items()
                       if r.ok and r.translate_rc == 3), key=order.get)
        with open(a.write_known, "w") as f:
            f.write(KNOWN_HEADER)
            for n in rows:
                f.write(f"{n} {host_reason(os.path.join(a.work, n))}\n")
        print(f"wrote {len(rows)} entries to {a.write_known}")

    on_dev = sum(1 for r in results.values() if r.translate_rc == 0)
    ok = sum(1 for r in results.values() if r.ok)
    print(f"elapsed: {time.time() - t0:.0f} s")
    if on_host_known:
        print(f"{on_host_known} left on the host as listed in known_host.txt "
              "(outputs match)")
    print(f"{len(results)} generated, {on_dev} translated with every region on "
          f"the device, {ok} passed (same output as the host reference)")
    print(f"{good} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
