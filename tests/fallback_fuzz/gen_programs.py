#!/usr/bin/env python3
"""Fallback fuzzer: random OpenMP programs that mix translated target regions
with regions omp2cuda leaves on the host, inside device data environments.

Each program is deterministic and prints checksums of every array and scalar
(mid-way and at the end).  run_programs.py builds it twice, with
`gcc/g++ -fopenmp -foffload=disable` (host OpenMP: target regions run on the
host, host and "device" share memory) and with `omp2cuda-cc --backend=emu`
(translated regions run on the emulated device, whose memory is separate;
regions left on the host run under o2c::HostFallback), and compares stdout
and exit status.  Any difference is a wrong answer of the translator or its
runtime -- provided the program's result does not depend on whether host and
device memory are separate.  The generator guarantees that by construction.

What a program contains (drawn at random)
-----------------------------------------
Arrays (int or double; local, heap or file-scope), scalars, a struct `st`
whose members point at some arrays, an array of pointers `rows` (local or
heap) whose rows are arrays, and in C++ lambdas over arrays.  Steps:
`target data` blocks (nested), `target enter data` / `exit data` (an item
may name its array twice, by name and through a pointer `al_NAME` to it: the
construct counts the storage once, OpenMP 5.2 5.8.3), `target
update to/from` of sections, host writes and checksum prints, repeat loops
(the body runs twice), and target regions of these kinds:

  translated   `target teams distribute parallel for` / `target parallel
               for` / `... simd` loops (also in functions taking the arrays
               as pointer parameters), `target` sequential regions writing
               scalars mapped tofrom, `reduction(+)` loops;
  on the host  host-general: sequential code and a nested `parallel` +
               `single` or `parallel for`; host-call: a call of ext_mix(),
               defined in another file, or of gload_/gstore_ functions that
               use a global; host-clause: a `map(st.pK[..])` / `rows[k][..]`
               item on the region itself; host-type (C++): a call of a lambda;
               host-context (C++): a region inside a generic lambda.

Data is reached by name (sections `a[lo:len]`), through `st.pK`, through
`rows[k]` (mapped `p[0:R]` first, then `p[k][0:n]`: attach), through globals
(mapped with enter data, used by name or in called functions), through
lambdas that capture a pointer by copy or a local array by reference, and
through function parameters.  Regions carry `if(one)` / `if(zero)` /
`if(target: zero)` / `device(omp_get_initial_device())` (false: the region
runs on the host, on the host's copies), `nowait` (followed by `taskwait`),
`defaultmap(tofrom: scalar)`, `map(always, ...)`, `num_teams`,
`thread_limit`, `num_threads`.

How a program is conforming by construction
-------------------------------------------
Every operation is simulated, element by element, before it is kept.  Each
write gives the elements it writes a new version number; the simulation runs
two memory models side by side:

  S      shared memory: one copy (what the host build computes);
  H, D   separate memory: host copies and device copies with the OpenMP 5.x
         present table -- reference counts; map types to/from/tofrom/alloc
         (copy on entry only when the item is newly mapped, unless `always`;
         copy back on exit only when the count drops to zero, unless
         `always`); `delete`/`release`; `target update to/from` of sections;
         fresh device storage (alloc/from) holds an undefined version; a
         region whose if clause is false (or on the initial device) reads and
         writes the host's copies and maps nothing.

An operation is rejected (and another one drawn) when any element it reads --
on the host (host code, the checksums) or on the device (a region's body,
whether omp2cuda translates it or not) -- has a version in H/D that differs
from S.  So every value the program computes and prints is the same whether
memory is shared or separate: the program never reads a host copy the device
changed without a `from` map or `update from`, never reads a stale device
copy, never reads undefined (alloc'd) device memory, and the results never
depend on which copy a transfer overwrote.  The remaining rules:

 1. Races: a parallel loop (`target teams distribute parallel for`, `target
    parallel for`, `parallel for` inside a host region) writes one array only
    at its own index `i` and reads it only there; every other array it reads
    is not written by it, and never through another path to the same storage.
    Sequential code (a `target` region, `single`) may read and write anything.
    A `nowait` region is followed at once by `taskwait`.
 2. Device accesses reach only mapped storage: local and global arrays by name
    may be mapped implicitly (tofrom); data reached through a pointer (heap
    arrays, function parameters, struct members, rows of an array of
    pointers, lambda captures, functions that use a global) must be present
    or mapped explicitly on the region; a struct member or a row must be
    attached (below).  Scalars are mapped explicitly (or by defaultmap) when
    written; otherwise they may be read-only firstprivate (implicitly or in a
    `firstprivate` clause), also while present in a data environment: the
    private copy starts from the host's value.  Lambdas capture pointers by copy (OpenMP attaches them
    like zero-length sections) or local arrays by reference (mapped like the
    array), never a pointer by reference (the device would get the pointer
    variable itself, a host address).  A function that uses a global sees the
    global's mapped copy: the project's convention for omp2cuda's host
    fallback (a real offloading compiler needs `declare target` there).
 3. Attach (OpenMP 5.1): `st.pK[0:n]` / `rows[k][0:n]` are mapped only while
    the pointer's storage (`st`, `rows[0:R]`) is present and the pointee is
    not yet present, so the device pointer is attached; an attachment ends
    when either side is unmapped, and paths through it are then not used on
    the device until attached again.  Host code may always use them (host
    pointers never change between operations); updates and `from` maps of
    the storage keep the attached device pointers (libomptarget's shadow
    pointers).  One operation moves a pointer: three adjacent regions move
    `st.pK` by d inside its attached array, use an element through the moved
    pointer and move it back (moved_pointer; the first left on the host
    needs the last left on the host too, see there).
 4. `exit data` undoes an earlier `enter data` of the same item (delete only
    when that is its only reference); storages are unmapped after rows.
 5. Each construct maps a given base variable once (GCC rejects `rows` twice
    in one directive); one path per array per region.
 6. Values: integers in [0, 1009) mixed by MIX() (no overflow); doubles hold
    small integers, so sums and reductions are exact in any order; thread
    and team counts never reach the output.
 7. Before the final checksums every entry is unmapped, and elements whose
    host copy is not the program's value (a discarded device result) are
    overwritten on the host.

The claim is checked independently by `run_programs.py --check-generator`:
it builds the programs with clang-19 offloading to the host CPU (libomptarget,
whose device memory is separate) instead of omp2cuda, and each must print what
the host build prints (programs with functions that use globals are skipped,
see rule 2).

Known translator/runtime bugs (known_failures.txt) are avoided, each through a
feature switch: a listed feature is not generated (for the host-fallback
bugs, a third model emulates today's o2c::HostFallback and operations whose
reads differ under it are rejected too).  `--all-features` generates them,
`--enable NAME` one of them.

Usage:
  gen_programs.py --out DIR [--seed S] [--count N] [--lang c|cpp|both]
                  [--all-features] [--enable FEATURE] [--list]
"""
import argparse
import copy
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MOD = 1009
U = -1                       # version of undefined (freshly allocated) storage
OUT = -2                     # device "copy" of an element outside the mapped section

# Features that can be switched off by known_failures.txt ("feature NAME ...").
FEATURES = {
    "fallback-host-copy": "regions left on the host inside data environments "
                          "whose host copies differ from the device's",
    "fallback-region-maps": "map(always, ...) on a region left on the host",
    "fallback-if-false": "regions left on the host with a false if clause "
                         "or device(omp_get_initial_device()) in data environments",
    "firstprivate-present": "scalars present on the device read firstprivate "
                            "(not mapped) by a region",
    "moved-pointer": "an attached member pointer moved by one region, used "
                     "and moved back by others, each translated or left on "
                     "the host",
    "device-initial": "device(omp_get_initial_device()) on regions",
    "macro-tail-body": "unbraced loop bodies that end with a macro call",
    "extern-decl": "'extern' on the declaration of the external function (C)",
    "lambda-auto-return": "lambdas without a trailing return type called in "
                          "target regions (C++)",
    "alias-items": "enter data / exit data items naming one array twice, by "
                   "its name and by a pointer to it (OpenMP 5.2 5.8.3: the "
                   "construct counts the storage once)",
}


class Reject(Exception):
    pass


def load_known_features(path=os.path.join(HERE, "known_failures.txt")):
    """Feature names that known_failures.txt lists (`feature NAME ...`)."""
    off = set()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                w = line.split()
                if len(w) >= 2 and w[0] == "feature":
                    off.add(w[1])
    return off


# ----------------------------------------------------------------- buffers

class Buf:
    """One piece of storage: an array (local, heap, global) or a scalar."""

    def __init__(self, name, ctype, n, kind):
        self.name, self.ctype, self.n, self.kind = name, ctype, n, kind
        self.member = None       # struct member of `st` pointing at it
        self.row = None          # index in `rows`
        self.lam_ref = None      # C++: lambda returning a reference
        self.lam_val = None      # C++: lambda returning the value
        self.gfun = False        # global with gload_/gstore_ functions
        self.alias = None        # a pointer variable to it (al_NAME)

    @property
    def is_scalar(self):
        return self.kind == "scalar"

    @property
    def cast(self):
        return "(int)" if self.ctype == "int" else "(double)" \
            if self.ctype == "double" else ""

    @property
    def csum(self):
        return "csum_int" if self.ctype == "int" else "csum_dbl"


# ------------------------------------------------------------------- model

class Model:
    """The shared model S, the separate model (H, D) and, when a host-fallback
    bug is avoided, the emulation of today's HostFallback (H3, D3)."""

    def __init__(self, bufs, off):
        self.bufs = bufs
        self.ver = 0
        self.S, self.H, self.D, self.H3, self.D3 = {}, {}, {}, {}, {}
        self.rc, self.rc3 = {}, {}
        self.rng = {}                        # present section [lo, hi)
        self.stor = {"st": 0, "rows": 0}     # reference counts of storages
        self.att = set()                     # buffers attached to their path
        self.entered = {}                    # name -> enter data references
        # Model 3 emulates today's HostFallback.  With a fallback bug listed
        # as known, reads that differ under it are rejected; with none listed
        # (--all-features) it emulates both and only records that the
        # program would trigger them (triggered).
        gated = {"fallback-host-copy", "fallback-region-maps",
                 "fallback-if-false"} & set(off)
        self.reject3 = bool(gated)
        self.bug_copy = "fallback-host-copy" in gated or not gated
        self.bug_maps = "fallback-region-maps" in gated or not gated
        self.bug_if = "fallback-if-false" in gated or not gated
        self.triggered = False
        for b in bufs.values():
            v = self.newv()
            self.S[b.name] = [v] * b.n
            self.H[b.name] = [v] * b.n
            self.H3[b.name] = [v] * b.n
            self.D[b.name] = self.D3[b.name] = None
            self.rc[b.name] = self.rc3[b.name] = 0
            self.entered[b.name] = 0
        self.entered["st"] = self.entered["rows"] = 0

    def clone(self):
        c = copy.copy(self)
        for k in ("S", "H", "D", "H3", "D3"):
            setattr(c, k, {n: (None if v is None else list(v))
                           for n, v in getattr(self, k).items()})
        c.rc, c.rc3, c.stor = dict(self.rc), dict(self.rc3), dict(self.stor)
        c.rng = dict(self.rng)
        c.att, c.entered = set(self.att), dict(self.entered)
        return c

    def newv(self):
        self.ver += 1
        return self.ver

    def present(self, name):
        return self.rc[name] > 0

    # -- present table
    def enter(self, name, to, always=False, lo=0, ln=None, model3=True,
              always3=None):
        """Map entry of name[lo:lo+ln]; returns True when newly mapped."""
        b = self.bufs[name]
        ln = b.n if ln is None else ln
        new = self.rc[name] == 0
        if new:
            self.D[name] = [OUT] * lo + [U] * ln + [OUT] * (b.n - lo - ln)
            self.rng[name] = (lo, lo + ln)
        elif lo < self.rng[name][0] or lo + ln > self.rng[name][1]:
            raise Reject(f"{name}[{lo}:{ln}] extends its present section")
        if to and (new or always):
            self.D[name][lo:lo + ln] = self.H[name][lo:lo + ln]
        self.rc[name] += 1
        if model3:
            if self.rc3[name] == 0:
                self.D3[name] = [OUT] * lo + [U] * ln + [OUT] * (b.n - lo - ln)
            always3 = always if always3 is None else always3
            if to and (self.rc3[name] == 0 or always3):
                self.D3[name][lo:lo + ln] = self.H3[name][lo:lo + ln]
            self.rc3[name] += 1
        return new

    def exit(self, name, frm, always=False, delete=False, lo=0, ln=None,
             model3=True):
        b = self.bufs[name]
        ln = b.n if ln is None else ln
        if self.rc[name] <= 0:
            raise Reject("exit of an absent item")
        if lo < self.rng[name][0] or lo + ln > self.rng[name][1]:
            raise Reject("exit of a section outside the present one")
        self.rc[name] = 0 if delete else self.rc[name] - 1
        if frm and (self.rc[name] == 0 or always):
            self.H[name][lo:lo + ln] = self.D[name][lo:lo + ln]
        if self.rc[name] == 0:
            self.D[name] = None
            self.att.discard(name)
        if model3:
            self.rc3[name] = 0 if delete else self.rc3[name] - 1
            if frm and (self.rc3[name] == 0 or always):
                self.H3[name][lo:lo + ln] = self.D3[name][lo:lo + ln]
            if self.rc3[name] == 0:
                self.D3[name] = None

    def update(self, name, to, lo, ln):
        if not self.present(name):
            raise Reject("update of an absent item")
        if lo < self.rng[name][0] or lo + ln > self.rng[name][1]:
            raise Reject("update outside the present section")
        if to:
            self.D[name][lo:lo + ln] = self.H[name][lo:lo + ln]
            self.D3[name][lo:lo + ln] = self.H3[name][lo:lo + ln]
        else:
            self.H[name][lo:lo + ln] = self.D[name][lo:lo + ln]
            self.H3[name][lo:lo + ln] = self.D3[name][lo:lo + ln]

    def stor_enter(self, s):
        self.stor[s] += 1

    def stor_exit(self, s):
        if self.stor[s] <= 0:
            raise Reject("storage not present")
        self.stor[s] -= 1
        if self.stor[s] == 0:
            for b in self.bufs.values():
                if (s == "st" and b.member) or (s == "rows" and b.row is not None):
                    self.att.discard(b.name)

    def path_enter(self, name, to, always=False):
        """Map entry through st.pK[0:n] / rows[k][0:n]: attaches when the
        storage is present and the pointee new (rule 3)."""
        b = self.bufs[name]
        s = "st" if b.member else "rows"
        if self.stor[s] == 0 or self.present(name):
            raise Reject("no attach")
        self.enter(name, to, always)
        self.att.add(name)

    # -- accesses.  where: host (host code), dev (translated region), fb
    # (region left on the host: device semantics, runs under HostFallback)
    def read(self, name, idxs, where):
        s = self.S[name]
        if where == "host":
            h, h3 = self.H[name], self.H3[name]
        else:
            h = self.D[name]
            if h is None:
                raise Reject(f"{name} read on the device but absent")
            h3 = self.H3[name] if (where == "fb" and self.bug_copy) else self.D3[name]
            if h3 is None:
                h3 = self.H3[name]
        for i in idxs:
            if h[i] != s[i]:
                raise Reject(f"{name}[{i}] read in {where}: not the program's value")
            if h3[i] != s[i]:
                if self.reject3:
                    raise Reject(f"{name}[{i}] read in {where}: today's fallback differs")
                self.triggered = True

    def write(self, name, idxs, where):
        v = self.newv()
        if where in ("dev", "fb"):
            if self.D[name] is None:
                raise Reject(f"{name} written on the device but absent")
            if any(self.D[name][i] == OUT for i in idxs):
                raise Reject(f"{name} written outside its mapped section")
        for i in idxs:
            self.S[name][i] = v
            if where in ("host", "hx"):
                self.H[name][i] = v
                self.H3[name][i] = v
                if where == "hx" and self.rc3[name] > 0 and self.D3[name][i] != OUT:
                    self.D3[name][i] = v     # today's HostFallback, step 3
            else:
                self.D[name][i] = v
                if where == "fb" and self.bug_copy:
                    self.H3[name][i] = v
                    if self.D3[name] is not None and self.rc3[name] > 0 \
                            and self.D3[name][i] != OUT:
                        self.D3[name][i] = v
                else:
                    self.D3[name][i] = v

    def fallback_step1(self):
        """Today's HostFallback constructor: host := device for every entry."""
        for name in self.bufs:
            if self.rc3[name] > 0:
                self.H3[name] = [h if d == OUT else d
                                 for h, d in zip(self.H3[name], self.D3[name])]

    def dead(self, name):
        """Elements whose host copy (or today's fallback's) is not the
        program's value."""
        s = self.S[name]
        return [i for i in range(len(s))
                if self.H[name][i] != s[i] or self.H3[name][i] != s[i]]


# ------------------------------------------------------------- operations

class Op:
    """A program step: apply() simulates it (raising Reject), lines() is its
    text.  Ops are replayable (repeat loops apply them twice)."""

    def apply(self, m):
        raise NotImplementedError

    def lines(self):
        raise NotImplementedError


class Text(Op):
    def __init__(self, lines, fn=None):
        self._lines, self.fn = lines, fn

    def apply(self, m):
        if self.fn:
            self.fn(m)

    def lines(self):
        return self._lines


class MapItem:
    """One list item of a map clause: buffer, path kind, type."""

    def __init__(self, b, path, to, frm, always=False, lo=0, ln=None,
                 delete=False):
        self.b, self.path, self.to, self.frm = b, path, to, frm
        self.always, self.lo, self.ln, self.delete = always, lo, ln, delete
        self.hidden = False      # mapped by defaultmap(tofrom: scalar)

    def mtype(self, exiting=None):
        if self.delete:
            return "delete"
        if exiting is True:
            return "from" if self.frm else "release"
        if exiting is False:
            return "to" if self.to else "alloc"
        return {(True, True): "tofrom", (True, False): "to",
                (False, True): "from", (False, False): "alloc"}[(self.to, self.frm)]

    def text(self, g, exiting=None):
        mod = "always, " if self.always else ""
        return f"map({mod}{self.mtype(exiting)}: {g.section(self.b, self.path, self.lo, self.ln)})"

    def root(self):
        return {"member": "st", "row": "rows",
                "alias": self.b.alias}.get(self.path, self.b.name)


def group_items(items):
    """Split list items into groups with distinct base variables (GCC)."""
    groups = []
    for it in items:
        for gr in groups:
            if all(x.root() != it.root() for x in gr):
                gr.append(it)
                break
        else:
            groups.append([it])
    return groups


class DataBlock(Op):
    def __init__(self, g, items, stor_items, body):
        self.g, self.items, self.stor_items, self.body = g, items, stor_items, body

    def apply(self, m):
        for s, frm in self.stor_items:
            m.stor_enter(s)
        for it in self.items:
            if it.path in ("member", "row"):
                m.path_enter(it.b.name, it.to, it.always)
            else:
                m.enter(it.b.name, it.to, it.always, it.lo, it.ln)
        for op in self.body:
            op.apply(m)
        for it in reversed(self.items):
            m.exit(it.b.name, it.frm, it.always, lo=it.lo, ln=it.ln)
        for s, frm in reversed(self.stor_items):
            m.stor_exit(s)

    def lines(self):
        g = self.g
        clauses = [f"map({'tofrom' if frm else 'to'}: {g.stor_text(s)})"
                   for s, frm in self.stor_items] + [it.text(g) for it in self.items]
        out = ["#pragma omp target data " + " ".join(clauses), "{"]
        for op in self.body:
            out += ["  " + l if not l.startswith("#") else l for l in op.lines()]
        out.append("}")
        return out


class Seq(Op):
    """Ops that stay together (nothing may come between them)."""

    def __init__(self, ops):
        self.ops = ops

    def apply(self, m):
        for op in self.ops:
            op.apply(m)

    def lines(self):
        return [l for op in self.ops for l in op.lines()]


class Repeat(Op):
    def __init__(self, var, body):
        self.var, self.body = var, body

    def apply(self, m):
        for _ in range(2):
            for op in self.body:
                op.apply(m)

    def lines(self):
        out = [f"for (int {self.var} = 0; {self.var} < 2; {self.var}++) {{"]
        for op in self.body:
            out += ["  " + l if not l.startswith("#") else l for l in op.lines()]
        out.append("}")
        return out


class Region(Op):
    """A target region.  items: its explicit map items; implicit: buffers it
    maps implicitly (tofrom); events: (r|w, buffer, indices) in order;
    fb: left on the host (o2c::HostFallback); intent: expected class."""

    def __init__(self, text, items, implicit, events, fb, intent, paths,
                 host_exec=False):
        self.text, self.items, self.implicit = text, items, implicit
        self.events, self.fb, self.intent, self.paths = events, fb, intent, paths
        self.host_exec = host_exec
        # (name, whole): data the region reaches through a pointer whose
        # value (the array's first element) must lie in the present entry,
        # or as a whole array (a lambda's by-reference capture, a region in a
        # lambda), which must be present entirely
        self.bases = []
        self.helper = False

    def apply(self, m):
        if self.host_exec:
            # if(false) / device(omp_get_initial_device()): the region runs
            # on the host, on the host's copies, and maps nothing
            emu3 = self.fb and m.bug_if
            if emu3:
                m.fallback_step1()
            for ev in self.events:
                if ev[0] == "w":
                    m.write(ev[1], ev[2], "hx" if emu3 else "host")
                else:
                    m.read(ev[1], ev[2], "host")
            return
        where = "fb" if self.fb else "dev"
        pre = {n for n in m.bufs if m.rc3[n] > 0}
        # entry: model 2 always; model 3 as the runtime does it today
        emu3 = self.fb and m.bug_copy
        always3 = None if not (self.fb and m.bug_maps) else False
        for it in self.items:
            if it.path in ("member", "row") and not m.present(it.b.name):
                if m.stor["st" if it.path == "member" else "rows"] == 0:
                    raise Reject("path map without storage")
                m.att.add(it.b.name)
            elif it.path in ("member", "row") and it.b.name not in m.att:
                raise Reject("not attached")
            m.enter(it.b.name, it.to, it.always, it.lo, it.ln, model3=not emu3,
                    always3=always3)
            if emu3 and it.b.name in pre and it.always and it.to and not m.bug_maps:
                m.D3[it.b.name][it.lo:it.lo + (it.ln or it.b.n)] = \
                    m.H3[it.b.name][it.lo:it.lo + (it.ln or it.b.n)]
        for b in self.implicit:
            m.enter(b.name, True, model3=not emu3)
        for name, path in self.paths:    # rule 3: attached paths only
            if path in ("member", "row") and (
                    name not in m.att or m.stor["st" if path == "member" else "rows"] == 0):
                raise Reject(f"{name} through {path}: not attached")
        for name, whole in self.bases:   # rule 2: pointers and whole arrays
            if not m.present(name) or m.rng[name][0] != 0 or \
                    (whole and m.rng[name][1] != m.bufs[name].n):
                raise Reject(f"{name}: its base address (or the whole array) is not present")
        if emu3:
            m.fallback_step1()
        for ev in self.events:
            kind, name, idxs = ev[0], ev[1], ev[2]
            if kind == "fp":        # firstprivate read at region entry
                m.read(name, idxs, "host")
            elif kind == "r":
                m.read(name, idxs, where)
            else:
                m.write(name, idxs, where)
        for b in reversed(self.implicit):
            m.exit(b.name, True, model3=not emu3)
        for it in reversed(self.items):
            m.exit(it.b.name, it.frm, it.always, lo=it.lo, ln=it.ln,
                   model3=not emu3)

    def lines(self):
        return self.text


# --------------------------------------------------------------- generator

INTENT = {"tloop": "device", "tseq": "device", "tred": "device",
          "hgen": "host-general", "hext": "host-call", "hglob": "host-call",
          "hlam": "host-type", "hctx": "host-context", "hclause": "host-clause"}


class RegionBuilder:
    """What one region maps and touches while it is drawn."""

    def __init__(self, gen, kind):
        self.g, self.kind = gen, kind
        self.items, self.implicit, self.events, self.paths = [], [], [], []
        self.used = set()
        self.draw_extra()

    def pick(self, pred=lambda b: True):
        cands = [b for b in self.g.arrays if b.name not in self.used and pred(b)]
        if not cands:
            raise Reject("no array")
        b = self.g.r.choice(cands)
        self.used.add(b.name)
        return b

    def access(self, b, written, sec=None):
        """A path for b in the region, and b's map (explicit or implicit);
        sec: (lo, len) the region touches, for a section map."""
        g, r, m = self.g, self.g.r, self.g.m
        if self.kind == "hctx":
            # the region is in a lambda: only data that is present already
            if not m.present(b.name):
                raise Reject("hctx needs present data")
            path = r.choice(g.dev_paths(b))
            self.paths.append((b.name, path))
            return path
        path = r.choice(g.dev_paths(b))
        self.paths.append((b.name, path))
        if path == "name":
            pres = m.present(b.name)
            if (b.kind == "heap" and not pres) or r.random() < 0.35:
                if pres:
                    to, frm = r.choice([(True, True), (True, False), (False, True),
                                        (False, False)])
                elif written:
                    to, frm = r.choice([(True, True), (True, True), (False, True)])
                else:
                    to, frm = r.choice([(True, False), (True, True)])
                always = pres and r.random() < 0.4
                if always:
                    g.features.add("always-on-region")
                if pres:
                    lo, hi = m.rng[b.name]
                    lo, ln = lo, hi - lo
                elif sec and r.random() < 0.4:
                    lo, ln = sec
                else:
                    lo, ln = 0, None
                self.items.append(MapItem(b, "name", to, frm, always, lo, ln))
            elif not pres:
                self.implicit.append(b)
        return path

    def special(self, b, written):
        """The path that keeps a host-call/host-type region on the host."""
        m = self.g.m
        if not m.present(b.name):
            return None
        if self.kind == "hglob" and b.gfun:
            return "gfun"
        if self.kind == "hlam":
            if written:
                return "lam" if b.lam_ref else None
            if b.lam_val and (not b.lam_ref or self.g.r.random() < 0.5):
                return "lamv"
            return "lam" if b.lam_ref else None
        return None

    def scalar(self, written):
        g, r, m = self.g, self.g.r, self.g.m
        cands = [s for s in g.scalars if s.name not in self.used]
        if not cands:
            raise Reject("no scalar")
        s = r.choice(cands)
        self.used.add(s.name)
        pres = m.present(s.name)
        # A present scalar the region does not map is firstprivate all the
        # same: its private copy starts from the host's value (fuzz seed
        # 7771 program 115).
        fp_pres = pres and not written and g.on("firstprivate-present") and \
            r.random() < 0.5
        if written or (pres and not fp_pres) or (not pres and r.random() < 0.4):
            to, frm = (True, True) if written else r.choice([(True, False), (True, True)])
            self.items.append(MapItem(s, "name", to, frm, pres and r.random() < 0.2))
            return s, False
        if fp_pres:
            g.features.add("firstprivate-present")
        if r.random() < 0.3:
            self.extra += f" firstprivate({s.name})"
            g.features.add("firstprivate-clause")
        return s, True          # firstprivate, read-only

    def clauses(self):
        return "".join(" " + it.text(self.g) for it in self.items if not it.hidden) + \
            self.extra

    def draw_extra(self):
        """if / device clauses (rule: if(false) and device(initial device)
        run the region on the host, on host data), defaultmap, nowait."""
        g, r = self.g, self.g.r
        self.extra = ""
        self.host_exec = False
        self.nowait = False
        u = r.random()
        if u < 0.08:
            self.extra += r.choice([" if(one)", " if(target: one)"])
        elif u < 0.18:
            self.host_exec = True
            c = r.choice([" if(zero)", " if(target: zero)"] +
                         [" device(omp_get_initial_device())"] * g.on("device-initial"))
            if "device" in c:
                g.uses_omp_h = True
                g.features.add("device-initial")
            self.extra += c
            g.features.add("host-execution")


class Gen:
    def __init__(self, rng, lang, off, name):
        self.r, self.lang, self.off, self.name = rng, lang, off, name
        self.cpp = lang == "cpp"
        self.nreg = 0
        self.nprint = 0
        self.nfun = 0
        self.helpers = []        # file-scope functions (helper kernels)
        self.uses_ext = False
        self.uses_omp_h = False
        self.uses_st = False
        self.uses_rows = False
        self.intents = []        # (region id, intent)
        self.features = set()
        self.make_buffers()
        self.m = Model(self.bufs, off)

    def on(self, feature):
        return feature not in self.off

    # ------------------------------------------------------- declarations
    def make_buffers(self):
        r = self.r
        self.bufs = {}
        for k in range(r.randint(3, 6)):
            kind = r.choice(["local", "heap", "global"])
            ctype = r.choice(["int", "int", "double"])
            n = r.choice([8, 12, 16, 24, 32, 48, 64])
            name = {"local": "a", "heap": "h", "global": "g"}[kind] + str(k)
            self.bufs[name] = Buf(name, ctype, n, kind)
        arrays = list(self.bufs.values())
        if r.random() < 0.7:
            self.uses_st = True
            for k, b in enumerate(r.sample(arrays, r.randint(1, min(3, len(arrays))))):
                b.member = f"p{k}"
        self.nrows = 0
        ints = [b for b in arrays if b.ctype == "int" and b.member is None]
        if r.random() < 0.7:
            n = ints[0].n if ints else r.choice([16, 32])
            rows = [b for b in ints if b.n == n][:3]
            while len(rows) < 2:
                name = f"r{len(self.bufs)}"
                self.bufs[name] = Buf(name, "int", n, "heap")
                rows.append(self.bufs[name])
            self.uses_rows = True
            self.rows_heap = r.random() < 0.5
            for k, b in enumerate(rows):
                b.row = k
            self.nrows = len(rows)
        for b in self.bufs.values():
            if b.kind != "scalar" and self.on("alias-items") and r.random() < 0.4:
                b.alias = f"al_{b.name}"
        for b in self.bufs.values():
            b.whole = r.random() < 0.3     # map(a) rather than map(a[0:n])
            b.gfun = b.kind == "global" and r.random() < 0.7
            if self.cpp:
                if r.random() < 0.6:
                    b.lam_ref = f"lr_{b.name}"
                    # a pointer captured by copy (attached like a zero-length
                    # section when the lambda is mapped), or a local array
                    # captured by reference (mapped as the array).  Not a
                    # pointer captured by reference: OpenMP maps the pointer
                    # variable itself, so the device would use a host address.
                    b.lam_cap = r.choice(["=", "arr", "arr-default"]) \
                        if b.kind == "local" else "="
                if r.random() < 0.4:
                    b.lam_val = f"lv_{b.name}"
        for k in range(r.randint(1, 3)):
            name = f"s{k}"
            self.bufs[name] = Buf(name, r.choice(["long long", "long long", "double"]),
                                  1, "scalar")
        self.arrays = [b for b in self.bufs.values() if not b.is_scalar]
        self.scalars = [b for b in self.bufs.values() if b.is_scalar]

    # ------------------------------------------------------- path texts
    def elem(self, b, path, idx):
        if b.is_scalar:
            return b.name
        if path == "name":
            return f"{b.name}[{idx}]"
        if path == "member":
            return f"st.{b.member}[{idx}]"
        if path == "row":
            return f"rows[{b.row}][{idx}]"
        if path == "lam":
            return f"{b.lam_ref}({idx})"
        if path == "lamv":
            return f"{b.lam_val}({idx})"
        if path == "gfun":
            return f"gload_{b.name}({idx})"
        raise ValueError(path)

    def base(self, b, path):
        return {"name": b.name, "member": f"st.{b.member}",
                "row": f"rows[{b.row}]", "alias": b.alias}[path]

    def section(self, b, path, lo=0, ln=None):
        if b.is_scalar:
            return b.name
        ln = b.n if ln is None else ln
        if path.startswith("param:"):
            return f"{path[6:]}[{lo}:{ln}]"
        if path == "name" and b.kind != "heap" and lo == 0 and ln == b.n and b.whole:
            return b.name
        return f"{self.base(b, path)}[{lo}:{ln}]"

    def map_section(self, b, path):
        """(lo, len) for a data-construct map of b: a section of a present
        entry must lie inside it; a new one may be part of the array."""
        m, r = self.m, self.r
        if b.is_scalar:
            return 0, None
        if m.present(b.name):
            lo, hi = m.rng[b.name]
            if r.random() < 0.3 and hi - lo > 1:
                lo2 = r.randint(lo, hi - 1)
                return lo2, r.randint(lo2 + 1, hi) - lo2
            return lo, hi - lo
        if path == "name" and r.random() < 0.25:
            lo = r.randint(0, b.n // 2)
            self.features.add("partial-section")
            return lo, r.randint(lo + 1, b.n) - lo
        return 0, None

    def stor_text(self, s):
        return "st" if s == "st" else f"rows[0:{self.nrows}]"

    def host_paths(self, b):
        p = ["name"]
        if b.member:
            p.append("member")
        if b.row is not None:
            p.append("row")
        return p

    def attached_paths(self, b):
        m = self.m
        p = []
        if b.member and m.stor["st"] > 0 and b.name in m.att:
            p.append("member")
        if b.row is not None and m.stor["rows"] > 0 and b.name in m.att:
            p.append("row")
        return p

    def dev_paths(self, b):
        """Paths a device region may use for b (a new map may be needed for
        'name')."""
        return ["name"] + ([] if b.is_scalar else self.attached_paths(b))

    # ------------------------------------------------------------ helpers
    def mixc(self):
        return self.r.randint(1, 97)

    def marker(self, rid, intent):
        what = "translated" if intent == "device" else "stays on the host, " + intent
        return f"/* region R{rid}: {what} */"

    def idx_fn(self, n_read, hi):
        r = self.r
        if r.random() < 0.4 and hi <= n_read:
            return "i", (lambda i: i)
        a, c = r.randint(1, 7), r.randint(0, 13)
        return f"(i * {a} + {c}) % {n_read}", (lambda i, a=a, c=c, n=n_read: (i * a + c) % n)

    def loop_range(self, n):
        r = self.r
        if r.random() < 0.5:
            return 0, n
        lo = r.randint(0, n // 2)
        return lo, r.randint(lo + 1, n)

    def loop_text(self, lo, hi, stmt):
        if self.on("macro-tail-body") and stmt.endswith(");") and self.r.random() < 0.25:
            self.features.add("macro-tail-body")
            return [f"for (int i = {lo}; i < {hi}; i++)", f"  {stmt}"]
        return [f"for (int i = {lo}; i < {hi}; i++) {{ {stmt} }}"]

    # ------------------------------------------------------------ regions
    def region(self, kind):
        rb = RegionBuilder(self, kind)
        self.nreg += 1
        rid = self.nreg
        intent = INTENT[kind]
        self.intents.append((rid, intent))
        if kind == "tred":
            op = self.reduction_region(rb, rid, intent)
        elif kind in ("tloop", "hclause", "hctx") or \
                (kind in ("hext", "hglob", "hlam") and self.r.random() < 0.5):
            op = self.loop_region(kind, rb, rid, intent)
        else:
            op = self.seq_region(kind, rb, rid, intent)
        op.bases = self.bases_for(op, kind)
        for _, path in op.paths:
            if path == "gfun":
                self.features.add("global-function")
            elif path in ("lam", "lamv"):
                self.features.add("lambda-capture")
        if kind == "hctx":
            self.features.add("region-in-lambda")
        return op

    def loop_region(self, kind, rb, rid, intent):
        r, m = self.r, self.m
        fb = kind != "tloop"
        W, wpath = None, None
        if kind in ("hglob", "hlam") and r.random() < 0.5:
            W = rb.pick(lambda b: rb.special(b, True) is not None)
            wpath = rb.special(W, True)
            rb.paths.append((W.name, wpath))
            lo, hi = self.loop_range(W.n)
        else:
            W = rb.pick()
            lo, hi = self.loop_range(W.n)
            wpath = rb.access(W, True, (lo, hi - lo))
        rmw = r.random() < 0.7
        if rmw:
            val = f"gload_{W.name}(i)" if wpath == "gfun" else self.elem(W, wpath, "i")
            rb.events.append(("r", W.name, list(range(lo, hi))))
        else:
            val = "i"
        mixers = []
        special = wpath in ("gfun", "lam")
        for _ in range(r.randint(0, 2)):
            if self.scalars and r.random() < 0.25:
                try:
                    s, fp = rb.scalar(False)
                except Reject:
                    continue
                rb.events.append(("fp" if fp else "r", s.name, [0]))
                mixers.append(s.name)
                continue
            try:
                R = rb.pick()
            except Reject:
                continue
            rpath = rb.special(R, False) if r.random() < 0.7 else None
            if rpath:
                special = True
                rb.paths.append((R.name, rpath))
            else:
                rpath = rb.access(R, False)
            ie, fn = self.idx_fn(R.n, hi)
            mixers.append(self.elem(R, rpath, ie))
            rb.events.append(("r", R.name, sorted({fn(i) for i in range(lo, hi)})))
        if kind == "hclause":
            # an explicit map through a struct member or a row (rule 3)
            P = rb.pick(lambda b: (b.member and m.stor["st"] > 0 or
                                   b.row is not None and m.stor["rows"] > 0) and
                        (b.name in m.att or not m.present(b.name)))
            ppath = "member" if P.member and m.stor["st"] > 0 else "row"
            rb.items.append(MapItem(P, ppath, True, r.random() < 0.5))
            rb.paths.append((P.name, ppath))
            ie, fn = self.idx_fn(P.n, hi)
            mixers.append(self.elem(P, ppath, ie))
            rb.events.append(("r", P.name, sorted({fn(i) for i in range(lo, hi)})))
        if kind in ("hglob", "hlam") and not special:
            raise Reject(f"{kind} without its construct")
        ext = kind == "hext"
        for x in mixers:
            f = "ext_mix" if ext and (r.random() < 0.6 or x is mixers[-1]) else "MIX"
            val = f"{f}({val}, {x}, {self.mixc()})"
        if not mixers:
            val = f"{'ext_mix' if ext else 'MIX'}({val}, i, {self.mixc()})"
        if ext:
            self.uses_ext = True
        if wpath == "gfun":
            stmt = f"gstore_{W.name}(i, {val});"
        else:
            stmt = f"{self.elem(W, wpath, 'i')} = {W.cast}{val};"
        rb.events.append(("w", W.name, list(range(lo, hi))))
        u = r.random()
        directive = "target parallel for" if u < 0.15 else \
            "target teams distribute parallel for simd" if u < 0.25 else \
            "target teams distribute parallel for"
        if r.random() < 0.2:
            directive += r.choice([" num_teams(3)", " thread_limit(64)",
                                   " num_teams(2) thread_limit(32)"]) \
                if "teams" in directive else " num_threads(4)"
        after = []
        if r.random() < 0.1:
            # a deferred target task, waited for at once (rule: nothing runs
            # concurrently with it)
            directive_nw = " nowait"
            after = ["#pragma omp taskwait"]
            self.features.add("nowait")
        else:
            directive_nw = ""
        if kind == "tloop" and r.random() < 0.3:
            return self.helper_region(rb, rid, intent, directive, lo, hi, stmt,
                                      directive_nw, after)
        body = self.loop_text(lo, hi, stmt) + after
        pragma = "#pragma omp " + directive + rb.clauses() + directive_nw
        text = [self.marker(rid, intent)]
        if kind == "hctx":
            self.nfun += 1
            fn = f"run{self.nfun}"
            # generic: regions in plain lambdas are translated now
            text += [f"auto {fn} = [&](auto) {{", pragma] + ["  " + l for l in body] + \
                ["};", f"{fn}(0);"]
        else:
            text += [pragma] + body
        return Region(text, rb.items, rb.implicit, rb.events, fb, intent, rb.paths,
                      rb.host_exec)

    def bases_for(self, op, kind):
        """Region.bases: arrays reached through a pointer without a map of
        their own need their first element present (the pointer is attached
        like a zero-length section); arrays named as a whole without a map
        (present, or captured by a lambda) need all of it present."""
        explicit = {it.b.name for it in op.items}
        implicit = {b.name for b in op.implicit}
        out = []
        for name, path in op.paths:
            b = self.bufs[name]
            if name in explicit or name in implicit or b.is_scalar:
                continue
            if path == "name":
                out.append((name, not op.helper and b.kind != "heap"))
            elif path == "lam":
                out.append((name, b.lam_cap != "="))
            elif path == "lamv":
                out.append((name, False))
        return out

    def helper_region(self, rb, rid, intent, directive, lo, hi, stmt, nowait, after):
        """The loop in a function whose parameters are the arrays: pointers,
        so present already or mapped explicitly as parameter sections."""
        m = self.m
        params, args, items = [], [], []
        for it in rb.items:
            if it.b.is_scalar:
                raise Reject("helper with a mapped scalar")
        for k, (name, path) in enumerate(rb.paths):
            b = self.bufs[name]
            pn = f"q{k}"
            params.append(f"{b.ctype} *{pn}")
            args.append(self.base(b, path))
            stmt = stmt.replace(self.base(b, path) + "[", pn + "[")
            it = next((x for x in rb.items if x.b is b), None)
            if it is None and not m.present(b.name):
                it = MapItem(b, "name", True, True)
            if it is not None:
                items.append(MapItem(b, "param:" + pn, it.to, it.frm, it.always,
                                     it.lo, it.ln))
        for e in rb.events:
            if e[0] == "fp":
                b = self.bufs[e[1]]
                params.append(f"{b.ctype} {b.name}")
                args.append(b.name)
        self.nfun += 1
        fname = f"kern{self.nfun}"
        self.helpers.append([f"static void {fname}({', '.join(params)})", "{",
                             self.marker(rid, intent),
                             "#pragma omp " + directive +
                             "".join(" " + it.text(self) for it in items) + rb.extra + nowait] +
                            ["  " + l for l in self.loop_text(lo, hi, stmt) + after] + ["}"])
        op = Region([f"{fname}({', '.join(args)});"], items, [], rb.events, False,
                    intent, rb.paths, rb.host_exec)
        op.helper = True
        return op

    def reduction_region(self, rb, rid, intent):
        r, m = self.r, self.m
        s = r.choice(self.scalars)
        rb.used.add(s.name)
        rb.items.append(MapItem(s, "name", True, True, m.present(s.name) and r.random() < 0.2))
        R = rb.pick()
        rpath = rb.access(R, False)
        lo, hi = self.loop_range(R.n)
        rb.events += [("r", s.name, [0]), ("r", R.name, list(range(lo, hi))),
                      ("w", s.name, [0])]
        conv = "(long long)" if s.ctype == "long long" else ""
        pragma = "#pragma omp target teams distribute parallel for " \
            f"reduction(+: {s.name})" + rb.clauses()
        text = [self.marker(rid, intent), pragma] + \
            self.loop_text(lo, hi, f"{s.name} += {conv}{self.elem(R, rpath, 'i')};")
        return Region(text, rb.items, rb.implicit, rb.events, False, intent, rb.paths,
                      rb.host_exec)

    def seq_region(self, kind, rb, rid, intent):
        """A sequential target region (tseq, hgen, hext, hglob, hlam): scalar
        t accumulates array elements, then the region writes arrays."""
        r, m = self.r, self.m
        fb = kind != "tseq"
        t = r.choice(self.scalars)
        rb.used.add(t.name)
        rb.items.append(MapItem(t, "name", True, True, m.present(t.name) and r.random() < 0.2))
        if not m.present(t.name) and r.random() < 0.25:
            # t mapped tofrom by defaultmap; other scalars would be too, and
            # this region reads no other scalar
            rb.items[-1].hidden = True
            rb.extra += " defaultmap(tofrom: scalar)"
        body = []
        special = kind in ("hext", "hgen")

        def read_path(b):
            nonlocal special
            p = rb.special(b, False) if r.random() < 0.7 else None
            if p:
                special = True
                rb.paths.append((b.name, p))
                return p
            return rb.access(b, False)

        R = rb.pick()
        rp = read_path(R)
        k = r.randrange(R.n)
        f = "ext_mix" if kind == "hext" else "MIX"
        if kind == "hext":
            self.uses_ext = True
        body.append(f"{t.name} = {f}({t.name}, {self.elem(R, rp, k)}, {self.mixc()});")
        rb.events += [("r", t.name, [0]), ("r", R.name, [k]), ("w", t.name, [0])]
        if kind == "hgen":
            W = rb.pick()
            wp = rb.access(W, True)
            lo, hi = self.loop_range(W.n)
            e = self.elem(W, wp, "i")
            if r.random() < 0.5:
                body += ["#pragma omp parallel num_threads(3)", "{",
                         "#pragma omp single",
                         f"  for (int i = {lo}; i < {hi}; i++) {{ {e} = "
                         f"{W.cast}MIX({e}, {t.name} + i, {self.mixc()}); }}", "}"]
            else:
                body += ["#pragma omp parallel for num_threads(2)",
                         f"for (int i = {lo}; i < {hi}; i++) {{ {e} = "
                         f"{W.cast}MIX({e}, {t.name}, {self.mixc()}); }}"]
            rb.events += [("r", t.name, [0]), ("r", W.name, list(range(lo, hi))),
                          ("w", W.name, list(range(lo, hi)))]
        else:
            R2 = rb.pick()
            rp2 = read_path(R2)
            lo, hi = self.loop_range(R2.n)
            body.append(f"for (int i = {lo}; i < {hi}; i++) {{ {t.name} = "
                        f"MIX({t.name}, {self.elem(R2, rp2, 'i')}, {self.mixc()}); }}")
            rb.events += [("r", R2.name, list(range(lo, hi))), ("w", t.name, [0])]
            if r.random() < 0.7:
                # write one element: of R2 (sequential code may) or another
                if r.random() < 0.3 and rp2 != "lamv":
                    W, wp = R2, rp2
                else:
                    W = rb.pick()
                    wp = rb.special(W, True) if r.random() < 0.5 else None
                    if wp:
                        special = True
                        rb.paths.append((W.name, wp))
                    else:
                        wp = rb.access(W, True)
                k2 = r.randrange(W.n)
                rb.events += [("r", W.name, [k2]), ("w", W.name, [k2])]
                if wp == "gfun":
                    body.append(f"gstore_{W.name}({k2}, MIX(gload_{W.name}({k2}), "
                                f"{t.name}, {self.mixc()}));")
                else:
                    e = self.elem(W, wp, k2)
                    body.append(f"{e} = {W.cast}MIX({e}, {t.name}, {self.mixc()});")
        if not special:
            raise Reject(f"{kind} without its construct")
        pragma = "#pragma omp target" + rb.clauses()
        text = [self.marker(rid, intent), pragma, "{"] + \
            ["  " + l if not l.startswith("#") else l for l in body] + ["}"]
        return Region(text, rb.items, rb.implicit, rb.events, fb, intent, rb.paths,
                      rb.host_exec)

    def moved_pointer(self):
        """Three adjacent regions: one moves `st.pK` by d within its attached
        array, one reads and writes an element through the moved pointer, one
        moves it back (review hunt mv2, mv3).  Each is translated or left on
        the host (it calls ext_mix); the first left on the host needs the last
        left on the host too: a translated region that moved the pointer back
        would leave the host's copy moved, which the host build's one pointer
        is not (the program would depend on the memory model)."""
        r, m = self.r, self.m
        if not self.on("moved-pointer"):
            raise Reject("moved-pointer off")
        cands = [b for b in self.arrays if b.member and m.stor["st"] > 0 and
                 b.name in m.att and m.present(b.name) and
                 m.rng[b.name] == (0, b.n)]
        if not cands:
            raise Reject("no attached member")
        b = r.choice(cands)
        d = r.randint(1, b.n - 1)
        e = r.randrange(b.n)
        host = [r.random() < 0.5 for _ in range(3)]
        if host[0]:
            host[2] = True
        p = f"st.{b.member}"
        self.features.add("moved-pointer")
        regions = []
        for k, (fb, stmt) in enumerate(zip(host, [
                f"{p} = {p} + {{x}};",
                f"{p}[{e - d}] = {b.cast}{{f}}({p}[{e - d}], {e}, {self.mixc()});",
                f"{p} = {p} - {{x}};"])):
            self.nreg += 1
            intent = "host-call" if fb else "device"
            self.intents.append((self.nreg, intent))
            x = f"ext_mix(0, 0, {d})" if fb else str(d)
            stmt = stmt.format(x=x, f="ext_mix" if fb else "MIX")
            if fb:
                self.uses_ext = True
            events = [("r", b.name, [e]), ("w", b.name, [e])] if k == 1 else []
            op = Region([self.marker(self.nreg, intent), "#pragma omp target",
                         "{", "  " + stmt, "}"], [], [], events, fb, intent,
                        [(b.name, "member")])
            op.bases = self.bases_for(op, "hext" if fb else "tseq")
            regions.append(op)
        return Seq(regions)

    # ------------------------------------------------------------ host steps
    def host_print(self):
        r = self.r
        b = r.choice(self.arrays + self.scalars)
        self.nprint += 1
        if b.is_scalar:
            v = f"(long long){b.name}" if b.ctype == "double" else b.name
            return Text([f'printf("p{self.nprint} {b.name} %lld\\n", {v});'],
                        lambda m: m.read(b.name, [0], "host"))
        lo, hi = self.loop_range(b.n)
        path = r.choice(self.host_paths(b))
        return Text([f'printf("p{self.nprint} {b.name}[{lo}:{hi - lo}] %lld\\n", '
                     f'{b.csum}({self.base(b, path)} + {lo}, {hi - lo}));'],
                    lambda m: m.read(b.name, list(range(lo, hi)), "host"))

    def host_write(self, b=None, idxs=None, overwrite=None, sync=None):
        r = self.r
        b = b or r.choice(self.arrays + self.scalars)
        c = self.mixc()
        if overwrite is None:
            overwrite = r.random() < 0.3
        if b.is_scalar:
            idxs = [0]
            lines = [f"{b.name} = {c};" if overwrite else
                     f"{b.name} = MIX({b.name}, {c}, {self.mixc()});"]
        else:
            if idxs is None:
                lo, hi = self.loop_range(b.n)
                idxs = list(range(lo, hi))
            path = r.choice(self.host_paths(b))
            e = self.elem(b, path, "i")
            if idxs == list(range(idxs[0], idxs[-1] + 1)):
                v = f"{b.cast}((i * {c} + {self.mixc()}) % {MOD})" if overwrite \
                    else f"{b.cast}MIX({e}, i, {c})"
                lines = [f"for (int i = {idxs[0]}; i < {idxs[-1] + 1}; i++) {{ {e} = {v}; }}"]
            else:
                overwrite = True
                runs, lines = [], []
                for i in idxs:
                    if runs and runs[-1][1] == i:
                        runs[-1][1] = i + 1
                    else:
                        runs.append([i, i + 1])
                for lo_, hi_ in runs:
                    lines.append(f"for (int i = {lo_}; i < {hi_}; i++) {{ "
                                 f"{e} = {b.cast}((i * {c} + 1) % {MOD}); }}")
        lo, hi = min(idxs), max(idxs) + 1
        upd = None
        if sync is None:
            sync = r.random() < 0.75
        if self.m.present(b.name) and sync:
            # keep the device copy up to date (what of it is mapped)
            path = r.choice(["name"] + self.attached_paths(b)) if not b.is_scalar else "name"
            plo, phi = self.m.rng[b.name]
            lo, hi = max(lo, plo), min(hi, phi)
        if self.m.present(b.name) and sync and lo < hi:
            upd = (lo, hi - lo)
            lines.append(f"#pragma omp target update to({self.section(b, path, lo, hi - lo)})")

        def fn(m, b=b, idxs=idxs, overwrite=overwrite, upd=upd):
            if not overwrite:
                m.read(b.name, idxs, "host")
            m.write(b.name, idxs, "host")
            if upd:
                m.update(b.name, True, *upd)
        return Text(lines, fn)

    def update(self):
        m, r = self.m, self.r
        stors = [x for x in ("st", "rows") if m.stor[x] > 0]
        if stors and r.random() < 0.2:
            # the pointers' own storage: attached device pointers survive
            # (OpenMP 5.1 attach, as libomptarget's shadow pointers)
            x = r.choice(stors)
            to = r.random() < 0.5
            self.features.add("storage-update")

            def fn(m, x=x):
                if m.stor[x] == 0:
                    raise Reject("storage absent")
            return Text([f"#pragma omp target update {'to' if to else 'from'}"
                         f"({self.stor_text(x)})"], fn)
        pres = [b for b in self.bufs.values() if m.present(b.name)]
        if not pres:
            raise Reject("nothing present")
        b = r.choice(pres)
        to = r.random() < 0.4
        if b.is_scalar:
            lo, ln = 0, 1
        else:
            plo, phi = m.rng[b.name]
            lo, hi = self.loop_range(phi - plo)
            lo, ln = plo + lo, hi - lo
        # a transfer must not replace a good copy with a bad one
        src = (m.H if to else m.D)[b.name]
        dst = (m.D if to else m.H)[b.name]
        S = m.S[b.name]
        if any(src[i] != S[i] and dst[i] == S[i] for i in range(lo, lo + ln)):
            raise Reject("harmful update")
        path = r.choice(["name"] + self.attached_paths(b)) if not b.is_scalar else "name"
        return Text([f"#pragma omp target update {'to' if to else 'from'}"
                     f"({self.section(b, path, lo, ln)})"],
                    lambda m: m.update(b.name, to, lo, ln))

    def enter_data(self):
        r, m = self.r, self.m
        opts = [("stor", s) for s in ("st", "rows")
                if (s == "st" and self.uses_st) or (s == "rows" and self.uses_rows)]
        opts += [("buf", b) for b in self.bufs.values()]
        kind, x = r.choice(opts)
        if kind == "stor":
            def fn(m, s=x):
                m.stor_enter(s)
                m.entered[s] += 1
            return Text([f"#pragma omp target enter data map(to: {self.stor_text(x)})"], fn)
        b = x
        paths = ["name"]
        if not m.present(b.name):
            paths += [p for p, ok in (("member", b.member and m.stor["st"] > 0),
                                      ("row", b.row is not None and m.stor["rows"] > 0)) if ok]
        path = r.choice(paths)
        to = r.random() < 0.75
        always = m.present(b.name) and to and r.random() < 0.3
        lo, ln = self.map_section(b, path)

        # The same elements again through a pointer to them: one reference
        # for the construct, a copy when any item is `to` (OpenMP 5.2 5.8.3).
        twin = None
        if path == "name" and b.alias and r.random() < 0.4:
            twin = MapItem(b, "alias", r.random() < 0.5, False, False, lo, ln)
            self.features.add("alias-items")

        def fn(m, b=b, path=path, to=to or (twin is not None and twin.to),
               always=always, lo=lo, ln=ln):
            if path in ("member", "row"):
                m.path_enter(b.name, to, always)
            else:
                m.enter(b.name, to, always, lo, ln)
            m.entered[b.name] += 1
        it = MapItem(b, path, to, False, always, lo, ln)
        items = [it] + ([twin] if twin else [])
        if twin and r.random() < 0.5:
            items.reverse()
        text = " ".join(x.text(self, exiting=False) for x in items)
        return Text([f"#pragma omp target enter data {text}"], fn)

    def exit_data(self, force=None):
        r, m = self.r, self.m

        def stor_busy(s):
            return any(m.entered[b.name] > 0 and
                       ((s == "st" and b.member) or (s == "rows" and b.row is not None))
                       for b in self.arrays)
        opts = [n for n, c in m.entered.items() if c > 0 and
                (n not in ("st", "rows") or not stor_busy(n))]
        if force is not None:
            opts = [force]
        if not opts:
            raise Reject("nothing entered")
        n = r.choice(opts)
        if n in ("st", "rows"):
            def fn(m, s=n):
                if m.entered[s] <= 0:
                    raise Reject("exit data without enter data")
                m.stor_exit(s)
                m.entered[s] -= 1
            how = "from" if r.random() < 0.3 else "release"
            return Text([f"#pragma omp target exit data map({how}: {self.stor_text(n)})"], fn)
        b = self.bufs[n]
        S, D, H = m.S[n], m.D[n], m.H[n]
        last = m.rc[n] == 1
        lo, hi = m.rng[n]
        useful = any(D[i] == S[i] and H[i] != S[i] for i in range(lo, hi))
        harmful = any(D[i] != S[i] and H[i] == S[i] for i in range(lo, hi))
        always = delete = False
        if last:
            frm = useful and not harmful and r.random() < 0.85
            delete = not frm and r.random() < 0.3
        else:
            frm = always = useful and not harmful and r.random() < 0.5
            delete = not frm and m.entered[n] == m.rc[n] and r.random() < 0.3
        path = r.choice(["name"] + self.attached_paths(b)) if not b.is_scalar else "name"

        def fn(m, n=n, frm=frm, always=always, delete=delete, lo=lo, ln=hi - lo):
            if m.entered[n] <= 0:
                raise Reject("exit data without enter data")
            if delete and m.entered[n] != m.rc[n]:
                raise Reject("delete of a reference held by a data region")
            m.exit(n, frm, always, delete, lo, ln)
            m.entered[n] = 0 if delete else m.entered[n] - 1
        it = MapItem(b, path, False, frm, always, lo, hi - lo, delete=delete)
        items = [it]
        if path == "name" and b.alias and r.random() < 0.4:
            # One decrement for the construct; the twin releases, or copies
            # back as the item does.
            items.append(MapItem(b, "alias", False, frm and r.random() < 0.5,
                                 False, lo, hi - lo))
            self.features.add("alias-items")
            if r.random() < 0.5:
                items.reverse()
        text = " ".join(x.text(self, exiting=True) for x in items)
        return Text([f"#pragma omp target exit data {text}"], fn)

    def data_block(self, depth):
        r = self.r
        m = self.m
        items, stor_items, roots = [], [], set()
        for s in ("st", "rows"):
            if ((s == "st" and self.uses_st) or (s == "rows" and self.uses_rows)) \
                    and r.random() < 0.4:
                stor_items.append((s, r.random() < 0.3))
                roots.add(s)
                m.stor_enter(s)
        cands = list(self.bufs.values())
        r.shuffle(cands)
        for b in cands[:r.randint(1, 3)]:
            path = "name"
            if not m.present(b.name) and r.random() < 0.6:
                if b.member and m.stor["st"] > 0:
                    path = "member"
                elif b.row is not None and m.stor["rows"] > 0 and "rows" not in roots:
                    path = "row"
            lo, ln = self.map_section(b, path)
            it = MapItem(b, path, r.random() < 0.7, True,
                         m.present(b.name) and r.random() < 0.3, lo, ln)
            if it.root() in roots:
                continue
            roots.add(it.root())
            if path in ("member", "row"):
                m.path_enter(b.name, it.to, it.always)
            else:
                m.enter(b.name, it.to, it.always, lo, ln)
            items.append(it)
        if not items and not stor_items:
            raise Reject("empty data")
        body = self.ops(r.randint(2, 6), depth + 1)
        m = self.m               # the body's ops replaced the model
        # exit half of each map type: copy back when useful and harmless
        for it in reversed(items):
            n = it.b.name
            S, D, H = m.S[n], m.D[n], m.H[n]
            sec = range(it.lo, it.lo + (it.ln or it.b.n))
            if m.rc[n] == 1 or it.always:
                useful = any(D[i] == S[i] and H[i] != S[i] for i in sec)
                harmful = any(D[i] != S[i] and H[i] == S[i] for i in sec)
                it.frm = not harmful and (useful or r.random() < 0.5) and r.random() < 0.9
            else:
                it.frm = r.random() < 0.5
            m.exit(n, it.frm, it.always, lo=it.lo, ln=it.ln)
        for s, frm in reversed(stor_items):
            m.stor_exit(s)
        return DataBlock(self, items, stor_items, body)

    def repair(self):
        """Host overwrite of elements whose host copy is not the program's."""
        m = self.m
        cands = [b for b in self.bufs.values() if not m.present(b.name) and m.dead(b.name)]
        if not cands:
            raise Reject("nothing to repair")
        b = self.r.choice(cands)
        return self.host_write(b, m.dead(b.name), overwrite=True)

    # ------------------------------------------------------------ driver
    KINDS_C = ["tloop", "tloop", "tseq", "tred", "hgen", "hext", "hglob", "hclause"]
    KINDS_CPP = KINDS_C + ["hlam", "hlam", "hctx"]

    def one_op(self, depth):
        r = self.r
        kinds = self.KINDS_CPP if self.cpp else self.KINDS_C
        for attempt in range(40):
            base = self.m.clone()
            saved = (self.nreg, list(self.intents), self.nprint, self.nfun,
                     list(self.helpers), self.uses_ext, set(self.features), self.uses_omp_h)
            w = r.random()
            try:
                if w < 0.04:
                    op = self.moved_pointer()
                elif w < 0.40:
                    op = self.region(r.choice(kinds))
                elif w < 0.50 and depth < 3:
                    op = self.data_block(depth)
                elif w < 0.58:
                    op = self.enter_data()
                elif w < 0.64:
                    op = self.exit_data()
                elif w < 0.72:
                    op = self.update()
                elif w < 0.80:
                    op = self.host_write()
                elif w < 0.90:
                    op = self.host_print()
                elif w < 0.94:
                    op = self.repair()
                elif depth < 3:
                    self.nfun += 1
                    op = Repeat(f"rep{self.nfun}", self.ops(r.randint(1, 3), depth + 1))
                else:
                    raise Reject("too deep")
                # generation may have scribbled on the model: replay the op
                self.m = base.clone()
                op.apply(self.m)
                return op
            except Reject:
                self.m = base
                (self.nreg, self.intents, self.nprint, self.nfun, self.helpers,
                 self.uses_ext, self.features, self.uses_omp_h) = saved
        return None

    def ops(self, n, depth):
        out = []
        for _ in range(n):
            op = self.one_op(depth)
            if op is not None:
                out.append(op)
        return out

    def finish(self):
        """Exit everything entered (rule 4), repair dead host copies (rule 7)."""
        out = []

        def add(op):
            op.apply(self.m)
            out.append(op)
        for _ in range(200):
            m = self.m
            pend = [n for n, c in m.entered.items() if c > 0 and n not in ("st", "rows")]
            if not pend:
                break
            add(self.exit_data(force=pend[0]))
        for s in ("st", "rows"):
            while self.m.entered[s] > 0:
                add(self.exit_data(force=s))
        for b in self.bufs.values():
            if self.m.present(b.name):
                raise Reject("still present at the end")
            d = self.m.dead(b.name)
            if d:
                add(self.host_write(b, d, overwrite=True, sync=False))
        for b in self.bufs.values():
            self.m.read(b.name, list(range(b.n)), "host")
        return out

    # ------------------------------------------------------------ render
    def render(self, body, tail):
        cpp = self.cpp
        L = [f"/* omp2cuda fallback fuzz program {self.name} (generated by",
             "   tests/fallback_fuzz/gen_programs.py, whose header lists the rules that",
             "   make it conforming).  Each region is marked as the generator intends",
             "   it: translated, or left on the host and why. */"]
        L += ["#include <cstdio>", "#include <cstdlib>"] if cpp else \
            ["#include <stdio.h>", "#include <stdlib.h>"]
        if self.uses_omp_h:
            L.append("#include <omp.h>")
        L.append(f"#define MIX(x, y, c) ((((long long)(x)) * 3 + ((long long)(y)) * 5 + (c)) % {MOD})")
        if self.uses_ext:
            ext = ""
            if not cpp and self.on("extern-decl") and self.r.random() < 0.5:
                ext = "extern "
                self.features.add("extern-decl")
            L += ["#ifdef FF_DECLARE_TARGET /* for a compiler that offloads for real */",
                  "#pragma omp declare target", "#endif",
                  f"{ext}long long ext_mix(long long x, long long y, int c); /* in another file */",
                  "#ifdef FF_DECLARE_TARGET", "#pragma omp end declare target", "#endif"]
        L.append("static int zero = 0, one = 1; /* if() clauses */")
        for b in self.arrays:
            if b.kind == "global":
                L.append(f"{b.ctype} {b.name}[{b.n}];")
        for b in self.arrays:
            if b.gfun:
                L.append(f"static long long gload_{b.name}(int i) {{ return (long long){b.name}[i]; }}")
                L.append(f"static void gstore_{b.name}(int i, long long v) {{ {b.name}[i] = {b.cast}v; }}")
        if self.uses_st:
            mem = sorted((b for b in self.arrays if b.member), key=lambda b: b.member)
            L.append("struct Ptrs { " + " ".join(f"{b.ctype} *{b.member};" for b in mem) + " };")
        for t, cast in (("int", ""), ("double", "(long long)")):
            L += [f"static long long csum_{t[:3] if t == 'int' else 'dbl'}(const {t} *p, int n)",
                  "{", "  long long s = 0;", "  for (int i = 0; i < n; i++)",
                  f"    s = (s * 31 + {cast}p[i] + 1) % 1000000007;", "  return s;", "}"]
        for h in self.helpers:
            L += h
        L += ["int main()" if cpp else "int main(void)", "{"]
        I = "  "
        for b in self.arrays:
            if b.kind == "local":
                L.append(f"{I}{b.ctype} {b.name}[{b.n}];")
            elif b.kind == "heap":
                L.append(f"{I}{b.ctype} *{b.name} = new {b.ctype}[{b.n}];" if cpp else
                         f"{I}{b.ctype} *{b.name} = ({b.ctype} *)malloc({b.n} * sizeof({b.ctype}));")
        for k, b in enumerate(self.arrays):
            L.append(f"{I}for (int i = 0; i < {b.n}; i++) {b.name}[i] = "
                     f"{b.cast}((i * {2 * k + 3} + {k + 1}) % {MOD});")
        for k, b in enumerate(self.scalars):
            L.append(f"{I}{b.ctype} {b.name} = {k + 2};")
        for b in self.arrays:
            if b.alias:
                L.append(f"{I}{b.ctype} *{b.alias} = {b.name};")
        if self.uses_st:
            L.append(f"{I}struct Ptrs st;")
            for b in sorted((b for b in self.arrays if b.member), key=lambda b: b.member):
                L.append(f"{I}st.{b.member} = {b.name};")
        if self.uses_rows:
            if self.rows_heap:
                L.append(f"{I}int **rows = new int *[{self.nrows}];" if cpp else
                         f"{I}int **rows = (int **)malloc({self.nrows} * sizeof(int *));")
            else:
                L.append(f"{I}int *rows[{self.nrows}];")
            for b in sorted((b for b in self.arrays if b.row is not None), key=lambda b: b.row):
                L.append(f"{I}rows[{b.row}] = {b.name};")
        if cpp:
            for b in self.arrays:
                if b.lam_ref:
                    if b.lam_cap.startswith("arr"):
                        cap = "&" if b.lam_cap == "arr-default" else "&" + b.name
                        L.append(f"{I}auto {b.lam_ref} = [{cap}](int i) -> {b.ctype} & "
                                 f"{{ return {b.name}[i]; }};")
                    else:
                        L.append(f"{I}{b.ctype} *ptr_{b.lam_ref} = {b.name};")
                        L.append(f"{I}auto {b.lam_ref} = [=](int i) -> {b.ctype} & "
                                 f"{{ return ptr_{b.lam_ref}[i]; }};")
                if b.lam_val:
                    ret = f" -> {b.ctype}"
                    if self.on("lambda-auto-return") and self.r.random() < 0.5:
                        ret = ""
                        self.features.add("lambda-auto-return")
                    L.append(f"{I}{b.ctype} *ptr_{b.lam_val} = {b.name};")
                    L.append(f"{I}auto {b.lam_val} = [=](int i){ret} "
                             f"{{ return ptr_{b.lam_val}[i]; }};")
        for op in body + tail:
            for l in op.lines():
                L.append(l if l.startswith("#") else I + l)
        for b in self.arrays + self.scalars:
            if b.is_scalar:
                v = f"(long long){b.name}" if b.ctype == "double" else b.name
                L.append(f'{I}printf("{b.name} %lld\\n", {v});')
            else:
                L.append(f'{I}printf("{b.name} %lld\\n", {b.csum}({b.name}, {b.n}));')
        for b in self.arrays:
            if b.kind == "heap":
                L.append(f"{I}delete[] {b.name};" if cpp else f"{I}free({b.name});")
        if self.uses_rows and self.rows_heap:
            L.append(f"{I}delete[] rows;" if cpp else f"{I}free(rows);")
        L += [f"{I}return 0;", "}"]
        return "\n".join(L) + "\n"


EXT_TEXT = """\
/* The function regions call to stay on the host: defined in another
   translation unit, so omp2cuda cannot make it a device function. */
#ifdef FF_DECLARE_TARGET
#pragma omp declare target
#endif
long long ext_mix(long long x, long long y, int c)
{
  return (x * 3 + y * 5 + c) % 1009;
}
#ifdef FF_DECLARE_TARGET
#pragma omp end declare target
#endif
"""


class Program:
    def __init__(self, name, lang, files, intents, features, nops):
        self.name, self.lang, self.files = name, lang, files
        self.intents, self.features, self.nops = intents, features, nops

    @property
    def main(self):
        return self.name + (".c" if self.lang == "c" else ".cpp")


def generate(seed, index, lang=None, off=None):
    """Program number `index` of seed `seed` (deterministic)."""
    off = load_known_features() if off is None else off
    rng = random.Random(f"fallback-fuzz:{seed}:{index}")
    if lang in (None, "both"):
        lang = "c" if rng.random() < 0.5 else "cpp"
    name = f"ff{seed}_{index:04d}_{lang}"
    for attempt in range(20):
        g = Gen(rng, lang, off, name)
        body = g.ops(rng.randint(6, 14), 0)
        try:
            tail = g.finish()
        except Reject:
            continue
        if g.nreg == 0:
            continue
        text = g.render(body, tail)
        if g.m.triggered:
            g.features.add("fallback-triggered")
        files = {g_main(name, lang): text}
        if g.uses_ext:
            files[name + "_ext" + (".c" if lang == "c" else ".cpp")] = EXT_TEXT
        return Program(name, lang, files, g.intents, sorted(g.features), len(body))
    raise RuntimeError(f"could not generate program {index} of seed {seed}")


def g_main(name, lang):
    return name + (".c" if lang == "c" else ".cpp")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="directory to write the programs to")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--first", type=int, default=0, help="index of the first program")
    ap.add_argument("--lang", choices=["c", "cpp", "both"], default="both")
    ap.add_argument("--all-features", action="store_true",
                    help="also generate the features known_failures.txt switches off")
    ap.add_argument("--enable", action="append", default=[], metavar="FEATURE",
                    help="generate this feature although known_failures.txt lists it")
    ap.add_argument("--list", action="store_true", help="print names and intents only")
    a = ap.parse_args(argv)
    off = set() if a.all_features else load_known_features() - set(a.enable)
    if not a.list and not a.out:
        ap.error("--out DIR or --list is required")
    for i in range(a.first, a.first + a.count):
        p = generate(a.seed, i, a.lang, off)
        if a.list:
            print(p.name, " ".join(f"R{k}:{v}" for k, v in p.intents))
            continue
        os.makedirs(a.out, exist_ok=True)
        for fn, text in p.files.items():
            with open(os.path.join(a.out, fn), "w") as f:
                f.write(text)
    if not a.list:
        print(f"{a.count} programs written to {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
