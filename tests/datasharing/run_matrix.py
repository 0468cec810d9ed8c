#!/usr/bin/env python3
"""Runs the data-sharing matrix (gen_matrix.py) against the host reference.

For every case: translate with `omp2cuda --dry-run` (exit 0: every region
translated, "on the device"; 3: some region left on the host), build with
`omp2cuda-cc --backend=emu`, build the host reference with
`gcc/g++ -fopenmp -foffload=disable`, run both (the emu program once per
--poison byte, O2C_EMU_POISON: fresh device memory all-ones bytes and then
zeros by default); the case passes when every run exits 0 and its stdout is
the host's byte for byte, with no FAIL line.

Cases listed in known_failures.txt (name, then the reason) are expected to
fail (XFAIL); one that passes is reported as XPASS and fails the run, so that
the entry is removed once the translator is fixed.

Prints one line per case, then `N passed, M failed`; exits 1 on any failure.

Usage: run_matrix.py [--build DIR] [--work DIR] [--count N --seed S]
                     [--match SUBSTR ...] [-j 2] [--opt -O2] [--poison 'ff 00']
"""
import argparse
import concurrent.futures
import difflib
import os
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen_matrix  # noqa: E402

RUN_TIMEOUT = 120
BUILD_RETRIES = 2       # build/ may be rebuilt under us: retry a failed build
print_lock = threading.Lock()


def load_known(path):
    known = {}
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, reason = line.partition(" ")
            known[name] = reason.strip() or "(no reason given)"
    return known


def wait_for(paths, limit=300):
    """The tools may vanish for a moment while build/ is rebuilt."""
    t0 = time.time()
    while not all(os.access(p, os.X_OK) for p in paths):
        if time.time() - t0 > limit:
            return False
        time.sleep(5)
    return True


def run(cmd, timeout=600, cwd=None, env=None):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, cwd=cwd, env=env)
        return p.returncode, p.stdout.decode(errors="replace"), \
            p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return 124, "", f"timed out after {timeout} s"


# what a build failure looks like while build/ is being rebuilt
TRANSIENT = ("No such file or directory", "not found", "Permission denied",
             "undefined reference", "cannot find -l", "file truncated",
             "file format not recognized")


def build(cmd, tools):
    for attempt in range(BUILD_RETRIES + 1):
        wait_for(tools)
        rc, out, err = run(cmd)
        if rc == 0 or not any(t in out + err for t in TRANSIENT):
            break
        if attempt < BUILD_RETRIES:
            time.sleep(10)
    return rc, out + err


class Result:
    def __init__(self, name):
        self.name = name
        self.ok = False
        self.reason = ""
        self.detail = ""
        self.translate_rc = None


def run_case(case, a):
    r = Result(case.name)
    d = os.path.join(a.work, case.name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    src = os.path.join(d, case.filename)
    with open(src, "w") as f:
        f.write(case.text)
    cpp = case.lang == "cpp"
    std = ["-std=c++17"] if cpp else []
    tool = os.path.join(a.build, "bin", "omp2cuda")
    driver = os.path.join(a.build, "bin", "omp2cuda-cc")
    tools = [tool, driver]

    # 1. did every region translate?
    for attempt in range(BUILD_RETRIES + 1):
        wait_for(tools)
        rc, out, err = run([tool, src, "--dry-run", "--"] + std)
        if rc in (0, 3):
            break
        time.sleep(10)
    r.translate_rc = rc
    with open(os.path.join(d, "translate.log"), "w") as f:
        f.write(out + err)
    if rc not in (0, 3):
        r.reason = f"omp2cuda exited {rc}"
        r.detail = (out + err)[-2000:]
        return r

    # 2. builds
    emu = os.path.join(d, "emu")
    rc, log = build([driver, "--backend=emu", a.opt] + std + [src, "-o", emu], tools)
    with open(os.path.join(d, "emu_build.log"), "w") as f:
        f.write(log)
    if rc != 0:
        r.reason = "omp2cuda-cc --backend=emu failed"
        r.detail = log[-3000:]
        return r
    host = os.path.join(d, "host")
    cc = os.environ.get("OMP2CUDA_CXX", "g++") if cpp else os.environ.get("OMP2CUDA_CC", "gcc")
    rc, out, err = run([cc] + std + ["-fopenmp", "-foffload=disable", "-O2", src, "-o", host])
    if rc != 0:
        r.reason = "host reference build failed (generator bug)"
        r.detail = (out + err)[-3000:]
        return r

    # 3. runs
    hrc, hout, herr = run([host], timeout=RUN_TIMEOUT)
    for tag, text in (("host.out", hout), ("host.err", herr)):
        with open(os.path.join(d, tag), "w") as f:
            f.write(text)
    if hrc != 0 or "FAIL" in hout:
        r.reason = f"host reference failed (exit {hrc}; generator bug)"
        r.detail = hout + herr
        return r
    # once per O2C_EMU_POISON byte (--poison): a read of device memory the
    # program never wrote shows under one of them (all-ones bytes hide a
    # logical fold that starts from it, zeros a sum)
    for i, poison in enumerate(a.poison):
        erc, eout, eerr = run([emu], timeout=RUN_TIMEOUT,
                              env=dict(os.environ, O2C_EMU_POISON=poison))
        sfx = "" if i == 0 else "." + poison
        for tag, text in (("emu.out", eout), ("emu.err", eerr)):
            with open(os.path.join(d, tag + sfx), "w") as f:
                f.write(text)
        if erc != 0:
            r.reason = f"emu program exited {erc} (O2C_EMU_POISON={poison})"
            r.detail = eout + eerr[-2000:]
            return r
        if eout != hout:
            r.reason = f"stdout differs from the host reference (O2C_EMU_POISON={poison})"
            r.detail = "".join(difflib.unified_diff(
                hout.splitlines(True), eout.splitlines(True), "host", "emu"))
            return r
    r.ok = True
    return r


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--work", help="scratch directory (default BUILD/datasharing)")
    ap.add_argument("--count", type=int, help="a seeded subset of N cases")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--match", action="append",
                    help="only cases whose name contains this (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=2,
                    help="cases at once (each compiles one file at a time)")
    ap.add_argument("--opt", default="-O2", help="optimisation for the emu build")
    ap.add_argument("--poison", default="ff 00",
                    help="O2C_EMU_POISON bytes to run each emu program under, one "
                         "run each (default 'ff 00')")
    ap.add_argument("--known", default=os.path.join(HERE, "known_failures.txt"))
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="details of expected failures too")
    a = ap.parse_args(argv)
    a.poison = a.poison.split()
    a.build = os.path.abspath(a.build)
    a.work = os.path.abspath(a.work or os.path.join(a.build, "datasharing"))
    os.makedirs(a.work, exist_ok=True)

    everything = gen_matrix.all_cases()
    cases = gen_matrix.select(everything, a.count, a.seed, a.match)
    known = load_known(a.known)
    names = {c.name for c in everything}
    stale = sorted(k for k in known if k not in names)

    subset = (f"seeded subset, seed {a.seed}" if a.count is not None
              else "matching " + " ".join(a.match) if a.match else "all")
    print(f"data-sharing matrix: {len(cases)} of {len(everything)} cases ({subset}), "
          f"{a.jobs} at a time, emu build {a.opt}, run with O2C_EMU_POISON "
          f"{' and '.join(a.poison)}", flush=True)
    t0 = time.time()
    results = {}
    passed = failed = xfail = 0

    def report(r):
        nonlocal passed, failed, xfail
        dev = "device" if r.translate_rc == 0 else (
            "host-fallback" if r.translate_rc == 3 else "-")
        with print_lock:
            if r.name in known:
                if r.ok:
                    failed += 1
                    print(f"XPASS {r.name} [{dev}]: listed in known_failures.txt "
                          f"({known[r.name]}) but passes: remove the entry", flush=True)
                else:
                    xfail += 1
                    print(f"XFAIL {r.name} [{dev}]: {r.reason} (known: {known[r.name]})",
                          flush=True)
                    if a.verbose and r.detail:
                        print("  " + r.detail.rstrip().replace("\n", "\n  "))
            elif r.ok:
                passed += 1
                print(f"PASS  {r.name} [{dev}]", flush=True)
            else:
                failed += 1
                print(f"FAIL  {r.name} [{dev}]: {r.reason}", flush=True)
                if r.detail:
                    print("  " + r.detail.rstrip()[-3000:].replace("\n", "\n  "),
                          flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = {ex.submit(run_case, c, a): c for c in cases}
        for fut in concurrent.futures.as_completed(futs):
            c = futs[fut]
            try:
                r = fut.result()
            except Exception as e:  # a bug in this script: count it, go on
                r = Result(c.name)
                r.reason = f"runner error: {e!r}"
            results[c.name] = r
            report(r)

    for k in stale:
        failed += 1
        print(f"FAIL  known_failures.txt: '{k}' is not a case of the matrix")
    on_dev = sum(1 for r in results.values() if r.translate_rc == 0)
    on_host = sorted(n for n, r in results.items() if r.translate_rc == 3)
    print(f"elapsed: {time.time() - t0:.0f} s")
    print(f"{on_dev} of {len(results)} on the device (omp2cuda exit 0: every region translated)")
    if on_host:
        print(f"{len(on_host)} left (partly) on the host (exit 3): {' '.join(on_host)}")
    if xfail:
        print(f"{xfail} expected failures (known_failures.txt)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
