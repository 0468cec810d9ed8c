#!/usr/bin/env python3
"""Every OpenMP API call in device code of generated .cu files resolves to
the device runtime (issue 14): in each __global__ kernel and each
__host__ __device__ function, an `omp_*(` call is either qualified
`o2c_dev::omp_*` (`o2c_dev::master::omp_*`, the team master's answers) or
named by a `using o2c_dev::omp_*;` in that function, or a member call of
the team of a nested parallel region (`o2c_team.omp_*`).
Host code (stubs, host fallbacks) keeps the host routines.

    device_api_grep.py FILE.cu...
Prints `N passed, M failed` (one per file) and exits non-zero on a finding.
"""
import re
import sys

DEVICE_HEAD = re.compile(r"(__global__|__host__ __device__)[^;{]*\)\s*\{")
CALL = re.compile(r"(?<![\w:.])(omp_\w+)\s*\(")
USING = re.compile(r"using\s+o2c_dev::(omp_\w+)\s*;")


def function_bodies(text):
    """(start line, body text) of each device function, by brace matching
    (strings and comments in generated device code hold no braces that
    matter here: a false match can only report too much)."""
    for m in DEVICE_HEAD.finditer(text):
        depth, i = 0, m.end() - 1
        while i < len(text):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        yield text.count("\n", 0, m.start()) + 1, text[m.end():i]


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def check(path):
    text = strip_comments(open(path, encoding="utf-8").read())
    problems = []
    for line, body in function_bodies(text):
        named = set(USING.findall(body))
        for call in CALL.findall(body):
            if call not in named:
                problems.append(f"{path}:{line}: device code calls the host's {call}")
    return problems


def main(paths):
    passed = failed = 0
    for p in paths:
        found = check(p)
        for f in found:
            print(f)
        failed += bool(found)
        passed += not found
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not paths else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
