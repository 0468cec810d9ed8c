#!/usr/bin/env python3
"""Runs the fallback fuzzer (gen_programs.py): differential tests of regions
left on the host inside device data environments.

For every generated program: `omp2cuda --dry-run --report=json` says which
regions are translated and which stay on the host (compared with what the
generator intended: a region drawn to stay on the host that gets translated,
or the reverse, is counted as a note, not a failure); the program is built
with `omp2cuda-cc --backend=emu` and with `gcc/g++ -fopenmp
-foffload=disable` (the reference: host OpenMP, shared memory), both are run,
and their stdout and exit status must be identical (the emu binary is run
once per --poison byte, O2C_EMU_POISON: fresh device memory all-ones bytes
and then zeros by default; and once more with OMP_TARGET_OFFLOAD=DISABLED,
which must print the same too).

known_failures.txt lists translator/runtime bugs the fuzzer found, one line
each: `feature NAME REPRODUCER REASON...`.  gen_programs.py does not generate
a listed feature; this script runs each REPRODUCER (a minimal program in
known/) and expects it to fail (XFAIL).  One that passes is an XPASS and
fails the run: remove the line, and the generator uses the feature again.

Prints one line per program (its files stay in --work) and a summary:
programs, builds, identical, different, regions translated and left on the
host (by warning ID, from the JSON report).  Exits 1 when any program differs
or fails to build, or on an XPASS.

--all-features / --enable NAME generate the known-bug features too, to see
them fail; each failure then names the known features its program uses, and
the summary counts failures in programs that use none (new bugs).
--check-generator checks the generator instead of omp2cuda: clang-19
offloading to the host CPU (separate device memory) must print what the host
build prints.

Usage: run_programs.py [--build DIR] [--work DIR] [--seed S] [--count N]
                       [--first I] [--lang c|cpp|both] [-j 2] [--opt -O2]
                       [--all-features] [--enable FEATURE] [--no-known]
                       [--poison 'ff 00'] [--check-generator] [-v]
"""
import argparse
import collections
import concurrent.futures
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen_programs  # noqa: E402

RUN_TIMEOUT = 60
LLVM_LIB = "/usr/lib/llvm-19/lib"        # libomptarget for --check-generator
BUILD_RETRIES = 2        # build/ may be rebuilt under us: retry a failed build
print_lock = threading.Lock()
# what a failure looks like while build/ is being rebuilt
TRANSIENT = ("No such file or directory", "not found", "Permission denied",
             "undefined reference", "cannot find -l", "file truncated",
             "file format not recognized", "registered more than once",
             "cannot run", "Aborted")


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


def build(cmd, tools, cwd=None):
    for attempt in range(BUILD_RETRIES + 1):
        wait_for(tools)
        rc, out, err = run(cmd, cwd=cwd)
        if rc == 0 or not any(t in out + err for t in TRANSIENT):
            break
        if attempt < BUILD_RETRIES:
            time.sleep(10)
    return rc, out + err


def load_known(path, kind="feature"):
    """KIND NAME REPRODUCER REASON... lines (feature: a known failure;
    fixed: a reproducer of a fixed bug, which must pass)."""
    known = []
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for line in f:
            w = line.split(None, 3)
            if len(w) >= 3 and w[0] == kind:
                known.append((w[1], w[2], w[3].strip() if len(w) > 3 else ""))
    return known


class Result:
    def __init__(self, name):
        self.name = name
        self.ok = False
        self.reason = ""
        self.detail = ""
        self.regions = collections.Counter()   # 'device' or host diagnostic id
        self.mismatch = []                      # intent vs the tool's class
        self.builds = 0
        self.features = []


def intents_by_line(text):
    """Line of each region's directive -> the generator's intent."""
    lines = text.splitlines()
    out = {}
    for i, l in enumerate(lines):
        mo = re.search(r"/\* region R(\d+): (translated|stays on the host, ([\w-]+)) \*/", l)
        if not mo:
            continue
        intent = "device" if mo.group(2) == "translated" else mo.group(3)
        for j in range(i + 1, min(i + 4, len(lines))):
            if lines[j].lstrip().startswith("#pragma omp target"):
                out[j + 1] = (int(mo.group(1)), intent)
                break
    return out


def classify(report_text, main_text, r):
    try:
        regions = json.loads(report_text)
    except ValueError:
        r.mismatch.append("no JSON report")
        return
    if isinstance(regions, dict):        # {"regions": [...], "totals": {...}}
        regions = regions.get("regions", [])
    want = intents_by_line(main_text)
    for reg in regions:
        if reg.get("class") == "data":
            continue
        got = "device" if reg.get("translated") else \
            reg.get("diagnostic", "host").replace("omp2cuda-", "")
        r.regions[got] += 1
        w = want.get(reg.get("line"))
        if w is None:
            r.mismatch.append(f"line {reg.get('line')}: region without a marker")
        elif w[1] != got:
            r.mismatch.append(f"R{w[0]} intended {w[1]}, omp2cuda: {got}")


def build_and_compare(d, files, main, cpp, a, r, emu_flags=()):
    """Builds `files` in d both ways, runs both, fills r; True when equal."""
    std = ["-std=c++17"] if cpp else []
    driver = os.path.join(a.build, "bin", "omp2cuda-cc")
    tools = [os.path.join(a.build, "bin", "omp2cuda"), driver]
    srcs = [os.path.join(d, f) for f in files]
    emu = os.path.join(d, "emu")
    if a.check_generator:
        # an independent implementation with separate device memory:
        # clang's libomptarget offloading to the host CPU
        clang = "clang++-19" if cpp else "clang-19"
        rc, log = build([clang, "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu",
                         "-DFF_DECLARE_TARGET", "-O1"] + std + srcs + ["-o", emu], [])
    else:
        rc, log = build([driver, "--backend=emu", a.opt] + a.emu_flags + list(emu_flags) +
                        std + srcs + ["-o", emu], tools)
    r.builds += 1
    with open(os.path.join(d, "emu_build.log"), "w") as f:
        f.write(log)
    host = os.path.join(d, "host")
    cc = os.environ.get("OMP2CUDA_CXX", "g++") if cpp else os.environ.get("OMP2CUDA_CC", "gcc")
    hrc_b, hout_b, herr_b = run([cc] + std + ["-fopenmp", "-foffload=disable", "-O2"] +
                                srcs + ["-o", host])
    r.builds += 1
    if hrc_b != 0:
        r.reason = "host reference build failed (generator bug)"
        r.detail = (hout_b + herr_b)[-3000:]
        return False
    if rc != 0:
        r.reason = "omp2cuda-cc --backend=emu failed"
        r.detail = "\n".join(l for l in log.splitlines() if "error" in l)[-3000:]
        return False
    hrc, hout, herr = run([host], timeout=RUN_TIMEOUT)
    env = None
    if a.check_generator:
        env = dict(os.environ, LD_LIBRARY_PATH=LLVM_LIB + ":" +
                   os.environ.get("LD_LIBRARY_PATH", ""))
    with open(os.path.join(d, "host.out"), "w") as f:
        f.write(hout)
    with open(os.path.join(d, "host.err"), "w") as f:
        f.write(herr)
    if hrc != 0:
        r.reason = f"host reference exited {hrc} (generator bug)"
        r.detail = (hout + herr)[-2000:]
        return False
    # once per O2C_EMU_POISON byte (--poison): a read of device memory the
    # program never wrote shows under one of them (all-ones bytes hide a
    # logical fold that starts from it, zeros a sum)
    for i, poison in enumerate(a.poison if not a.check_generator else [None]):
        penv = dict(env or os.environ)
        if poison is not None:
            penv["O2C_EMU_POISON"] = poison
        erc, eout, eerr = run([emu], timeout=RUN_TIMEOUT, env=penv)
        sfx = "" if i == 0 else "." + poison
        for tag, text in (("emu.out", eout), ("emu.err", eerr)):
            with open(os.path.join(d, tag + sfx), "w") as f:
                f.write(text)
        if erc != hrc or eout != hout:
            r.reason = "output differs from the host reference" if eout != hout else \
                f"exit status {erc}, host reference {hrc}"
            if poison is not None:
                r.reason += f" (O2C_EMU_POISON={poison})"
            r.detail = "".join(difflib.unified_diff(
                hout.splitlines(True), eout.splitlines(True), "host", "emu")) + \
                (eerr[-1000:] if erc != hrc else "")
            return False
    if a.check_generator:
        return True
    # the same binary with offloading disabled: everything on the host
    env = dict(os.environ, OMP_TARGET_OFFLOAD="DISABLED")
    drc, dout, derr = run([emu], timeout=RUN_TIMEOUT, env=env)
    if drc != hrc or dout != hout:
        r.reason = "output with OMP_TARGET_OFFLOAD=DISABLED differs from the host reference"
        r.detail = "".join(difflib.unified_diff(
            hout.splitlines(True), dout.splitlines(True), "host", "emu-disabled")) + derr[-1000:]
        return False
    return True


def run_program(p, a):
    r = Result(p.name)
    r.features = p.features
    if a.check_generator and "global-function" in p.features:
        # a function that uses a global would need the global `declare
        # target` for a real offloading compiler, which changes what enter
        # data does to it; omp2cuda leaves such regions on the host
        r.ok = True
        r.skipped = True
        return r
    d = os.path.join(a.work, p.name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for fn, text in p.files.items():
        with open(os.path.join(d, fn), "w") as f:
            f.write(text)
    cpp = p.lang == "cpp"
    tool = os.path.join(a.build, "bin", "omp2cuda")
    driver = os.path.join(a.build, "bin", "omp2cuda-cc")
    std = ["-std=c++17"] if cpp else []
    # 1. which regions stay on the host?
    for attempt in range(BUILD_RETRIES + 1):
        wait_for([tool, driver])
        rc, out, err = run([tool, os.path.join(d, p.main), "--dry-run",
                            "--report=json", "--"] + std)
        if rc in (0, 3):
            break
        time.sleep(10)
    with open(os.path.join(d, "report.json"), "w") as f:
        f.write(out)
    with open(os.path.join(d, "translate.log"), "w") as f:
        f.write(err)
    if rc not in (0, 3):
        r.reason = f"omp2cuda exited {rc}"
        r.detail = (out + err)[-2000:]
        return r
    if not a.check_generator:
        classify(out, p.files[p.main], r)
    # 2. builds, runs, comparison
    r.ok = build_and_compare(d, list(p.files), p.main, cpp, a, r)
    return r


def run_reproducer(feature, path, a):
    r = Result("known:" + feature)
    src = os.path.join(HERE, path)
    d = os.path.join(a.work, "known_" + feature)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    if not os.path.exists(src):
        r.reason = f"reproducer {path} is missing"
        return r
    shutil.copy(src, d)
    # a reproducer may need driver flags: a line `fallback-fuzz-flags: ...`
    flags = []
    with open(src) as f:
        for line in f:
            mo = re.search(r"fallback-fuzz-flags:\s*(.*?)\s*(\*/)?$", line)
            if mo:
                flags = mo.group(1).split()
    r.ok = build_and_compare(d, [os.path.basename(src)], os.path.basename(src),
                             src.endswith(".cpp"), a, r, flags)
    return r


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--work", help="scratch directory (default BUILD/fallback_fuzz)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--first", type=int, default=0, help="index of the first program")
    ap.add_argument("--lang", choices=["c", "cpp", "both"], default="both")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--opt", default="-O2", help="optimisation for the emu build")
    ap.add_argument("--emu-flags", default="",
                    help="more omp2cuda-cc flags for the emu build, e.g. "
                         "'--host-compiler=g++'")
    ap.add_argument("--poison", default="ff 00",
                    help="O2C_EMU_POISON bytes to run each emu program under, one "
                         "run each (default 'ff 00')")
    ap.add_argument("--known", default=os.path.join(HERE, "known_failures.txt"))
    ap.add_argument("--all-features", action="store_true",
                    help="generate the features known_failures.txt switches off too")
    ap.add_argument("--enable", action="append", default=[], metavar="FEATURE",
                    help="generate this feature although known_failures.txt lists it")
    ap.add_argument("--no-known", action="store_true",
                    help="do not run the reproducers of known failures")
    ap.add_argument("--check-generator", action="store_true",
                    help="check the generator instead of omp2cuda: build each program "
                         "with clang-19 offloading to the host CPU (libomptarget, "
                         "separate device memory) instead of omp2cuda-cc; every program "
                         "must print what the host build prints (implies "
                         "--all-features --no-known)")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    if a.check_generator:
        a.all_features = a.no_known = True
    a.emu_flags = a.emu_flags.split()
    a.poison = a.poison.split()
    a.build = os.path.abspath(a.build)
    a.work = os.path.abspath(a.work or os.path.join(a.build, "fallback_fuzz"))
    os.makedirs(a.work, exist_ok=True)

    known = load_known(a.known)
    off_all = {k[0] for k in known}
    off = set() if a.all_features else off_all - set(a.enable)
    unknown = [k[0] for k in known if k[0] not in gen_programs.FEATURES]
    t0 = time.time()
    progs = [gen_programs.generate(a.seed, i, a.lang, off)
             for i in range(a.first, a.first + a.count)]
    print(f"fallback fuzz: {len(progs)} programs (seed {a.seed}, "
          f"{a.first}..{a.first + a.count - 1}, {a.lang}), {a.jobs} at a time, "
          f"emu build {' '.join([a.opt] + a.emu_flags)}, run with O2C_EMU_POISON "
          f"{' and '.join(a.poison)}; features off: {' '.join(sorted(off)) or 'none'} "
          f"(generated in {time.time() - t0:.1f} s)", flush=True)

    results = []
    failed = []
    xfail = 0
    regions = collections.Counter()
    mism = 0

    def report(r, kind="prog"):
        nonlocal xfail
        with print_lock:
            if kind == "known":
                if r.ok:
                    failed.append(r.name)
                    print(f"XPASS {r.name}: listed in known_failures.txt but passes: "
                          f"remove the line (the generator then uses the feature again)",
                          flush=True)
                else:
                    xfail += 1
                    print(f"XFAIL {r.name}: {r.reason}", flush=True)
                    if a.verbose and r.detail:
                        print("  " + r.detail.rstrip()[-1500:].replace("\n", "\n  "))
                return
            host = sum(v for k, v in r.regions.items() if k != "device")
            tag = f"[{r.regions.get('device', 0)} translated, {host} on the host]"
            expl = [] if a.check_generator else \
                sorted(set(r.features) & (off_all | {"fallback-triggered"}))
            if getattr(r, "skipped", False):
                print(f"SKIP  {r.name}: uses a global in a called function", flush=True)
            elif r.ok:
                print(f"PASS  {r.name} {tag}", flush=True)
            else:
                failed.append(r.name)
                r.explained = expl
                why = f" (uses known-bug features: {' '.join(expl)})" if expl else ""
                print(f"FAIL  {r.name} {tag}: {r.reason}{why}", flush=True)
                if r.detail:
                    print("  " + r.detail.rstrip()[-3000:].replace("\n", "\n  "), flush=True)
                print(f"  (files in {os.path.join(a.work, r.name)})", flush=True)
            if r.mismatch and a.verbose:
                print("  note: " + "; ".join(r.mismatch), flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = {ex.submit(run_program, p, a): ("prog", p.name) for p in progs}
        if not a.no_known:
            for feat, path, why in known:
                futs[ex.submit(run_reproducer, feat, path, a)] = ("known", feat)
            # Reproducers of fixed bugs: regression tests, like any program.
            for feat, path, why in load_known(a.known, "fixed"):
                futs[ex.submit(run_reproducer, feat, path, a)] = ("prog", "known:" + feat)
        for fut in concurrent.futures.as_completed(futs):
            kind, name = futs[fut]
            try:
                r = fut.result()
            except Exception as e:  # a bug in this script: count it, go on
                r = Result(name)
                r.reason = f"runner error: {e!r}"
            if kind == "prog":
                results.append(r)
                regions.update(r.regions)
                mism += len(r.mismatch)
            report(r, kind)

    for u in unknown:
        failed.append(u)
        print(f"FAIL  known_failures.txt: '{u}' is not a feature of gen_programs.py")
    progs_failed = [r for r in results if not r.ok]
    builds = sum(r.builds for r in results)
    skipped = sum(1 for r in results if getattr(r, "skipped", False))
    identical = sum(1 for r in results if r.ok) - skipped
    different = sum(1 for r in progs_failed if "differs" in r.reason or "exit status" in r.reason)
    other = len(progs_failed) - different
    unexplained = [r.name for r in progs_failed if not getattr(r, "explained", None)]
    host = sum(v for k, v in regions.items() if k != "device")
    print(f"elapsed: {time.time() - t0:.0f} s")
    print(f"programs: {len(results)}, builds: {builds}, identical: {identical}, "
          f"different: {different}, failed otherwise: {other}"
          + (f", skipped: {skipped}" if skipped else ""))
    if a.check_generator:
        print("(--check-generator: clang-19 -fopenmp-targets=x86_64-pc-linux-gnu "
              "against the host build; omp2cuda was not used)")
    if not a.check_generator:
        print(f"regions: {regions.get('device', 0)} translated, {host} left on the host ("
              + ", ".join(f"{k} {v}" for k, v in sorted(regions.items())
                          if k != "device") + ")")
    if (a.all_features or a.enable) and progs_failed and not a.check_generator:
        print(f"{len(progs_failed) - len(unexplained)} failures in programs that use "
              f"known-bug features; {len(unexplained)} in programs that do not"
              + (": " + " ".join(unexplained) if unexplained else ""))
    if mism:
        print(f"notes: {mism} regions classified otherwise than the generator intended "
              f"(-v lists them)")
    if known and not a.no_known:
        print(f"known failures: {xfail} reproducers fail as expected (XFAIL)")
    print(f"{identical} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
