#!/usr/bin/env python3
"""layers.py — checks that the library's dependencies run one way (docs/architecture.md).

Two readings of the same rule, "a folder depends only on itself and on folders of lower layers;
folders of one layer do not depend on each other":
  1. symbols: every undefined symbol of every object file of a build (nm) is resolved to the folder
     that defines it; a reference that goes up or sideways is a violation. This sees real calls,
     whatever the headers say.
  2. includes: a source file may include a private header (one outside include/) only from its own
     folder or a lower layer.
It also reports every source file over the line limit.

  python3 scripts/layers.py BUILD_DIR      exit 1 on a violation; prints "N passed, N failed"
"""
import os
import re
import subprocess
import sys

# (folder, layer). Lower layers never depend on higher ones; one layer's folders are peers.
LAYERS = [
    ("harness/model", 0), ("harness/sys", 0),
    ("harness/visa", 1), ("harness/d3d", 1),
    ("oracles/sampler", 2),
    ("harness/gen", 3),
    ("oracles/verify", 4), ("oracles/indep", 4),
    ("oracles/checks", 5), ("oracles/impl", 5),
    ("harness/triage", 6),
    ("harness/cli", 7), ("fuzz", 7), ("examples", 7),
]
# The model core reaches its families only through the operations table (harness/model/family.h):
# the table's rows name each family's ops object. That is the one sanctioned upward reference.
ALLOWED = {("harness/model", re.compile(r"^sf_\w+_family_ops$"))}
MAX_LINES = 800

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def folder_of(path):
    rel = os.path.relpath(path, ROOT) if os.path.isabs(path) else path
    best = None
    for f, layer in LAYERS:
        if rel == f or rel.startswith(f + "/"):
            if best is None or len(f) > len(best[0]):
                best = (f, layer)
    return best


def objects(build):
    lib = os.path.join(build, "CMakeFiles", "samplefuzz.dir")
    out = []
    for dirpath, _, files in os.walk(lib):
        for name in files:
            if name.endswith(".c.o"):
                obj = os.path.join(dirpath, name)
                src = os.path.relpath(obj, lib)[:-2]
                out.append((obj, src))
    return out


def nm(obj):
    text = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("U", "w"):
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDRBCGSV":
            defined.add(parts[2])
    return defined, undefined


def check_symbols(build, problems):
    objs = objects(build)
    if not objs:
        problems.append(f"symbols: no object files under {build}/CMakeFiles/samplefuzz.dir (build first)")
        return 0
    owner, uses = {}, []
    for obj, src in objs:
        d, u = nm(obj)
        for s in d:
            owner[s] = src
        uses.append((src, u))
    edges = 0
    for src, undef in uses:
        me = folder_of(src)
        if not me:
            problems.append(f"symbols: {src} is in no layer (add its folder to LAYERS)")
            continue
        for s in sorted(undef):
            if s not in owner:
                continue
            dst = owner[s]
            them = folder_of(dst)
            if not them or them[0] == me[0]:
                continue
            edges += 1
            if them[1] < me[1]:
                continue
            if any(me[0] == f and pat.match(s) for f, pat in ALLOWED):
                continue
            kind = "up" if them[1] > me[1] else "sideways"
            problems.append(f"symbols: {src} (layer {me[1]}) uses {s} from {dst} (layer {them[1]}): {kind}")
    return edges


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def sources():
    for top in ("harness", "oracles", "fuzz", "examples"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if name.endswith((".c", ".h", ".inc", ".def")):
                    yield os.path.relpath(os.path.join(dirpath, name), ROOT)


def check_includes(problems):
    n = 0
    for src in sources():
        me = folder_of(src)
        with open(os.path.join(ROOT, src), encoding="utf-8", errors="replace") as f:
            lines = f.readlines()
        if len(lines) > MAX_LINES:
            problems.append(f"size: {src} has {len(lines)} lines (limit {MAX_LINES})")
        if not me:
            continue
        for i, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if not m or m.group(1).startswith("samplefuzz/"):
                continue
            inc = m.group(1)
            target = inc if "/" in inc else os.path.join(os.path.dirname(src), inc)
            them = folder_of(target)
            n += 1
            if not them or them[0] == me[0] or them[1] < me[1]:
                continue
            problems.append(f"includes: {src}:{i} includes {inc} (layer {them[1]} from layer {me[1]})")
    return n


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    problems = []
    edges = check_symbols(sys.argv[1], problems)
    incs = check_includes(problems)
    for p in problems:
        print(p)
    print(f"layers: {edges} cross-folder symbol references, {incs} private includes, {len(problems)} problems")
    print(f"{0 if problems else 1} passed, {1 if problems else 0} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
