#!/usr/bin/env python3
"""mutants.py — mutation analysis: plant generic bugs in the source, one at a time, and count how
many the fuzz targets kill, and how fast (docs/oracles.md, "Mutation analysis").

  python3 scripts/mutants.py [--seed S] [--per-group N] [--groups G,...] [--time T] [--jobs J]
                             [--out DIR] [--no-ctest] [--no-msan] [--list] [--smoke]
                             [--sites FILE:LINE:COL:OP,...]
  python3 scripts/mutants.py --stamp-equivalents | --audit-equivalents [--fix]
  python3 scripts/mutants.py --pool DIR [DIR ...]

For each group of source files (vISA codec, D3D codec, model, sampler, SIMD) it enumerates every
site of six generic operators — relational (< <= > >=), equality (== !=), logical (&& ||),
arithmetic (+ -), constant +1, statement deletion — in code (comments, strings, preprocessor
lines and the planted canary branches, `#if SF_CANARY == N`, are left alone), and draws N of them
per group with a seeded random generator. Each mutant is built the way a campaign builds (clang, libFuzzer, ASan+UBSan, -O2) in a private copy of the tree,
then run with the fuzz targets that cover its file, for at most T seconds in all, on the seed
corpus; a crash, sanitizer report, timeout or out-of-memory kills it. A survivor is then built with
MemorySanitizer (libFuzzer, as scripts/msan.sh builds) and given the same budget, as a campaign's
MSan build fuzzes beside its ASan+UBSan one (a kill there is reported as "msan:<target>" with the
MSan stage's own time), unless --no-msan. A survivor of both is then run with
ctest (unit label) in a replay build of the same copy, unless --no-ctest. A mutant that does not
compile is "stillborn" and not counted. Mutants listed in scripts/mutants-equivalent.txt (id, the
stamp of the line it was reviewed on, and the reason, reviewed by hand) are not counted either,
while their line reads the same; --stamp-equivalents stamps the list against the current tree and
drops entries whose mutant is no longer there; --audit-equivalents checks each entry, through git
history, against the line it was reviewed on (--fix moves it there, or makes it stale).

Mutants are drawn from, and built in copies of, DIR/snapshot: the tracked files as they were when the
first run into DIR started, so a run can be resumed after the tree changed (delete DIR to measure a
newer tree). Results go to DIR (default build-mutants/): results.jsonl (one line per mutant, appended as each
finishes, so an interrupted run resumes where it stopped), summary.json, report.txt (per group and
per file: killed / survived / stillborn / equivalent, score, median kill time) and survivors.diff.
--pool scores finished draws (their DIRs) together, per draw and pooled, at the draw: killed by
the fuzz targets, of the mutants not reviewed equivalent by now, with a 95% lower bound, since
one draw of 12 or 20 a group is a small sample. --list prints the drawn mutants without running them. --smoke (used by ctest) draws two mutants of
harness/model/inst.c, builds them with the replay engine and checks that the pipeline runs end to
end and that replaying the seed corpora kills at least one.
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where mutants are drawn from and built: a snapshot of the tree taken when a run starts (DIR/snapshot),
# so that editing the tree during a run, or between a run and its resumption, changes nothing.
SRC = ROOT

# group -> (source globs as folder + suffix filters, fuzz targets that cover them)
GROUPS = {
    "visa": (["harness/visa/"], ["visa_bin_fuzzer", "visa_text_fuzzer", "isa_file_fuzzer", "pipeline_fuzzer"]),
    "d3d": (["harness/d3d/"], ["dxbc_fuzzer", "d3dasm_fuzzer", "pipeline_fuzzer"]),
    "model": (["harness/model/"], ["visa_bin_fuzzer", "dxbc_fuzzer", "pipeline_fuzzer", "visa_text_fuzzer",
                                   "isa_file_fuzzer", "d3dasm_fuzzer"]),
    "sampler": (["oracles/sampler/exec.c", "oracles/sampler/scalar.c", "oracles/sampler/surface.c",
                 "oracles/sampler/state.c"], ["sample_diff_fuzzer", "backend_diff_fuzzer", "pipeline_fuzzer"]),
    "simd": (["oracles/sampler/backend.c", "oracles/sampler/simd_"],
             ["sample_diff_fuzzer", "backend_diff_fuzzer", "textcase_fuzzer"]),
    # Outside the five measured groups (drawn only when named): the case text reader and writer.
    "textcase": (["oracles/sampler/textcase"], ["textcase_fuzzer"]),
}
DEFAULT_GROUPS = ["visa", "d3d", "model", "sampler", "simd"]
EQUIV_FILE = os.path.join(ROOT, "scripts", "mutants-equivalent.txt")

# ---- Sites ---------------------------------------------------------------------------------------

OPS = [
    ("relational", re.compile(r"(?<![<>=!-])(<=|>=|<|>)(?![<>=])"),
     {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}),
    ("equality", re.compile(r"(==|!=)"), {"==": "!=", "!=": "=="}),
    ("logical", re.compile(r"(&&|\|\|)"), {"&&": "||", "||": "&&"}),
    ("arithmetic", re.compile(r"(?<=[\w)\]] )([+-])(?= [\w(])"), {"+": "-", "-": "+"}),
    ("constant", re.compile(r"(?<![\w.])(0x[0-9a-fA-F]+|[0-9]+)(?=[uUlL]*\b)(?!\.)"), None),
]
DECL = re.compile(r"^\s*(static\s+|const\s+|unsigned\s+|signed\s+|struct\s+|enum\s+)*"
                  r"(void|bool|char|short|int|long|float|double|size_t|u?int\d+_t|sf_\w+|[A-Z]\w*)\b[\s*]+\w+")
STMT = re.compile(r"^\s*[a-zA-Z_][\w.\->\[\]]*\s*(\(|[+\-*/|&^]?=[^=]|\+\+|--)")


def source_files(group):
    pats, _ = GROUPS[group]
    out = []
    for p in pats:
        full = os.path.join(SRC, p)
        if p.endswith("/"):
            for name in sorted(os.listdir(full)) if os.path.isdir(full) else []:
                if name.endswith((".c", ".h")):
                    out.append(os.path.join(p, name))
        elif os.path.isfile(full):
            out.append(p)
        else:
            d, pref = os.path.split(p)
            for name in sorted(os.listdir(os.path.join(SRC, d))):
                if name.startswith(pref) and name.endswith((".c", ".h")):
                    out.append(os.path.join(d, name))
    return out


def code_mask(text):
    """The text with comments, string and char literals and preprocessor lines blanked (same length)."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":
            j = text.find("\n", i)
            j = n if j < 0 else j
            while j > 0 and text[j - 1] == "\\" and j < n:  # continued directive
                j2 = text.find("\n", j + 1)
                j = n if j2 < 0 else j2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        if c in " \t":
            i += 1
            continue
        line_start = c == "\n"
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = " "
            i = j + 1
        else:
            i += 1
    return "".join(out)


CANARY_IF = re.compile(r"\s*#\s*if\b.*\bSF_CANARY\b")
PP_IF = re.compile(r"\s*#\s*if(n?def)?\b")
PP_ELSE = re.compile(r"\s*#\s*(else|elif)\b")
PP_ENDIF = re.compile(r"\s*#\s*endif\b")


def canary_mask(text, masked):
    """masked with the planted canary branches (#if SF_CANARY == N, up to its #else/#elif/#endif)
    blanked: they compile only in canary builds (scripts/canary.sh), so a mutant there is never built."""
    raw, out = text.split("\n"), masked.split("\n")
    depth, blank = 0, False
    for i, ln in enumerate(raw):
        if depth == 0:
            if CANARY_IF.match(ln):
                depth, blank = 1, True
            continue
        if PP_IF.match(ln):
            depth += 1
        elif PP_ENDIF.match(ln):
            depth -= 1
            blank = blank and depth > 0
        elif depth == 1 and PP_ELSE.match(ln):
            blank = False
        if blank:
            out[i] = " " * len(out[i])
    return "\n".join(out)


def sites(path, text=None):
    if text is None:
        text = open(os.path.join(SRC, path), encoding="utf-8").read()
    masked = canary_mask(text, code_mask(text))
    lines = masked.split("\n")
    offs = [0]
    for ln in lines[:-1]:
        offs.append(offs[-1] + len(ln) + 1)
    found = []
    for lineno, ln in enumerate(lines, 1):
        if not ln.strip():
            continue
        for name, rx, table in OPS:
            for m in rx.finditer(ln):
                orig = m.group(1)
                if name == "constant":
                    try:
                        v = int(orig, 0)
                    except ValueError:
                        continue
                    repl = hex(v + 1) if orig.lower().startswith("0x") else str(v + 1)
                else:
                    repl = table[orig]
                found.append((path, lineno, m.start(1), name, orig, repl))
        s = ln.strip()
        if s.endswith(";") and STMT.match(ln) and not DECL.match(ln) and not s.startswith(("return", "break", "continue", "goto")):
            found.append((path, lineno, len(ln) - len(ln.lstrip()), "delete", ln.strip(), ""))
    return text, offs, found


def mutant_id(site):
    path, line, col, op, orig, repl = site
    return hashlib.sha1(f"{path}:{line}:{col}:{op}:{orig}->{repl}".encode()).hexdigest()[:12]


def apply(text, offs, site):
    path, line, col, op, orig, repl = site
    start = offs[line - 1] + col
    if op == "delete":
        end = text.index("\n", start) if "\n" in text[start:] else len(text)
        return text[:start] + ";/* mutant: statement deleted */" + text[end:]
    assert text[start:start + len(orig)] == orig, (path, line, col, orig)
    return text[:start] + repl + text[start + len(orig):]


def draw(groups, per_group, seed):
    rng = random.Random(seed)
    chosen = []
    for g in groups:
        pool = []
        for f in source_files(g):
            _, _, s = sites(f)
            pool.extend(s)
        by_op = {}
        for s in pool:
            by_op.setdefault(s[3], []).append(s)
        ops = sorted(by_op)
        picked, seen = [], set()
        while len(picked) < min(per_group, len(pool)):
            op = ops[len(picked) % len(ops)]
            cand = rng.choice(by_op[op])
            mid = mutant_id(cand)
            if mid in seen:
                if len(seen) >= len(pool):
                    break
                continue
            seen.add(mid)
            picked.append(cand)
        chosen.extend((g, s) for s in picked)
    return chosen

# ---- Running -------------------------------------------------------------------------------------

def run(cmd, cwd=None, timeout=None, log=None, env=None):
    with open(log, "ab") if log else open(os.devnull, "wb") as f:
        try:
            p = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT, timeout=timeout, env=env)
            return p.returncode
        except subprocess.TimeoutExpired:
            return -999


def tracked_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split("\n")
    return [f for f in out if f]


def snapshot(dst):
    """Copies the tracked files of the tree into dst once; returns dst."""
    if os.path.isdir(dst):
        return dst
    tmp = dst + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    for f in tracked_files():
        s = os.path.join(ROOT, f)
        if not os.path.isfile(s):
            continue
        d = os.path.join(tmp, f)
        os.makedirs(os.path.dirname(d), exist_ok=True)
        shutil.copy2(s, d)
    os.rename(tmp, dst)
    return dst


def make_workspace(dst):
    src = os.path.join(dst, "src")
    if not os.path.isdir(src):
        shutil.copytree(SRC, src)
    return src


def ccache_args():
    return ["-DCMAKE_C_COMPILER_LAUNCHER=ccache"] if shutil.which("ccache") else []


def configure(src, bdir, engine, log, sanitize="ON"):
    args = ["cmake", "-S", src, "-B", bdir, "-DCMAKE_C_COMPILER=clang", "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
            "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG", f"-DSF_FUZZ_ENGINE={engine}"]
    if engine == "libfuzzer":
        args.append(f"-DSF_SANITIZE={sanitize}")
    return run(args + ccache_args(), log=log) == 0


def options(target):
    opts = {}
    p = os.path.join(SRC, "fuzz", target + ".options")
    if os.path.isfile(p):
        for line in open(p):
            m = re.match(r"\s*(\w+)\s*=\s*(\S+)", line)
            if m:
                opts[m.group(1)] = m.group(2)
    return opts


# The target that reads a file's code most directly runs first (a file not listed keeps its group's
# order). Campaigns run every target side by side; here they share one budget one after another, so
# a kill's time includes the slots of the targets before it.
FIRST_TARGET = [
    ("harness/visa/visa_isa_", "isa_file_fuzzer"), ("harness/visa/visa_file_", "isa_file_fuzzer"),
    ("harness/visa/visa_kernel", "isa_file_fuzzer"), ("harness/visa/visa_generic", "isa_file_fuzzer"),
    ("harness/visa/visa_gen_", "isa_file_fuzzer"), ("harness/visa/visa_lex", "visa_text_fuzzer"),
    ("harness/visa/visa_parse", "visa_text_fuzzer"), ("harness/visa/visa_text", "visa_text_fuzzer"),
    ("harness/d3d/d3d_lex", "d3dasm_fuzzer"), ("harness/d3d/d3d_parse", "d3dasm_fuzzer"),
    ("harness/d3d/d3d_decl_parse", "d3dasm_fuzzer"), ("harness/d3d/dxbc_text_parse", "d3dasm_fuzzer"),
    ("oracles/sampler/simd_rect", "sample_diff_fuzzer"), ("oracles/sampler/simd_", "backend_diff_fuzzer"),
]


def target_order(path, targets):
    for prefix, t in FIRST_TARGET:
        if path.startswith(prefix) and t in targets:
            return [t] + [x for x in targets if x != t]
    return list(targets)


def fuzz_stage(src, bdir, targets, budget, seed, log):
    """Every target first runs once over its seed corpus (-runs=0, as a campaign starts: most kills
    need no fuzzing at all), then the targets fuzz one after another in what is left of the budget.
    Returns (killed_by, seconds) or (None, elapsed)."""
    start = time.time()
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="halt_on_error=1")

    def go(t, extra, left):
        art = os.path.join(bdir, "art-" + t)
        shutil.rmtree(art, ignore_errors=True)
        os.makedirs(art)
        corp = os.path.join(bdir, "corp-" + t)
        shutil.rmtree(corp, ignore_errors=True)
        shutil.copytree(os.path.join(src, "corpus", t), corp)
        o = options(t)
        args = [os.path.join(bdir, "fuzz", t), f"-seed={seed}", f"-artifact_prefix={art}/",
                "-timeout=" + o.get("timeout", "10"), "-rss_limit_mb=2048"] + extra
        if "max_len" in o:
            args.append("-max_len=" + o["max_len"])
        if "dict" in o:
            args.append("-dict=" + os.path.join(src, "fuzz", o["dict"]))
        rc = run(args + [corp], timeout=left + 30, log=log, env=env)
        return rc != 0 or bool(os.listdir(art))

    for t in targets:
        left = budget - (time.time() - start)
        if left < 2:
            return None, round(time.time() - start, 1)
        if go(t, ["-runs=0"], left):
            return t, round(time.time() - start, 1)
    per = max(5, (budget - (time.time() - start)) // len(targets))
    for t in targets:
        left = budget - (time.time() - start)
        if left < 2:
            break
        if go(t, [f"-max_total_time={int(min(per, left))}"], left):
            return t, round(time.time() - start, 1)
    return None, round(time.time() - start, 1)


def ctest_stage(src, bdir, log):
    if not os.path.isdir(bdir):
        if not configure(src, bdir, "replay", log):
            return "ctest-configure-failed"
    if run(["cmake", "--build", bdir, "-j1"], log=log) != 0:
        return "ctest-build-failed"
    rc = run(["ctest", "--test-dir", bdir, "-L", "unit|fuzz", "-j1", "--timeout", "300"], log=log)
    return "killed" if rc != 0 else "survived"


class Runner:
    def __init__(self, a):
        self.a = a
        self.out = os.path.abspath(a.out)
        os.makedirs(self.out, exist_ok=True)
        self.results_path = os.path.join(self.out, "results.jsonl")
        self.lock = threading.Lock()
        self.done = {}
        if os.path.isfile(self.results_path):
            for line in open(self.results_path):
                try:
                    r = json.loads(line)
                    self.done[r["id"]] = r
                except (ValueError, KeyError):
                    pass
        self.slots = list(range(a.jobs))
        self.slot_lock = threading.Lock()

    def record(self, r):
        with self.lock:
            with open(self.results_path, "a") as f:
                f.write(json.dumps(r, sort_keys=True) + "\n")
                f.flush()
                os.fsync(f.fileno())
            self.done[r["id"]] = r
            print(f"{r['id']} {r['group']:8} {r['file']}:{r['line']} {r['op']:10} -> {r['status']}"
                  f"{' by ' + r['by'] if r.get('by') else ''} {r.get('seconds', '')}", flush=True)

    def one(self, group, site):
        with self.slot_lock:
            slot = self.slots.pop()
        try:
            return self._one(slot, group, site)
        finally:
            with self.slot_lock:
                self.slots.append(slot)

    def _one(self, slot, group, site):
        a = self.a
        path, line, col, op, orig, repl = site
        mid = mutant_id(site)
        ws = os.path.join(self.out, f"work{slot}")
        src = make_workspace(ws)
        bdir = os.path.join(ws, "build-fuzz" if a.engine == "libfuzzer" else "build-replay")
        log = os.path.join(self.out, "logs", mid + ".log")
        os.makedirs(os.path.dirname(log), exist_ok=True)
        if not os.path.isdir(bdir) and not configure(src, bdir, a.engine, log):
            return self.record(dict(id=mid, group=group, file=path, line=line, op=op, orig=orig, repl=repl,
                                    status="error", by="configure"))
        full = os.path.join(src, path)
        original = open(os.path.join(SRC, path), encoding="utf-8").read()
        text, offs, _ = sites(path)
        mutated = apply(text, offs, site)
        r = dict(id=mid, group=group, file=path, line=line, op=op, orig=orig, repl=repl)
        try:
            with open(full, "w", encoding="utf-8") as f:
                f.write(mutated)
            _, targets = GROUPS[group]
            if run(["cmake", "--build", bdir, "-j1", "--target"] + targets, log=log) != 0:
                r.update(status="stillborn")
                return self.record(r)
            if a.engine == "libfuzzer":
                by, secs = fuzz_stage(src, bdir, target_order(path, targets), a.time, a.seed, log)
            else:  # replay engine: the seed corpora and reproducers, as ctest replays them
                by, secs = None, 0.0
                t0 = time.time()
                for t in targets:
                    dirs = [os.path.join(src, d, t) for d in ("corpus", "crashes") if os.path.isdir(os.path.join(src, d, t))]
                    if run([os.path.join(bdir, "fuzz", t)] + dirs, timeout=a.time, log=log) != 0:
                        by = t
                        break
                secs = round(time.time() - t0, 1)
            if not by and a.engine == "libfuzzer" and a.msan:
                # A campaign runs its MemorySanitizer build beside the ASan+UBSan one (OSS-Fuzz does):
                # a survivor gets the same budget there. Its time is the MSan stage's own, as the two
                # builds fuzz side by side.
                mdir = os.path.join(ws, "build-msan")
                if not os.path.isdir(mdir) and not configure(src, mdir, "libfuzzer", log, sanitize="memory"):
                    r.update(status="error", by="msan-configure")
                    return self.record(r)
                if run(["cmake", "--build", mdir, "-j1", "--target"] + targets, log=log) != 0:
                    r.update(status="error", by="msan-build")
                    return self.record(r)
                mby, secs = fuzz_stage(src, mdir, target_order(path, targets), a.time, a.seed, log)
                by = "msan:" + mby if mby else None
            if by:
                r.update(status="killed", by=by, seconds=secs)
            elif a.ctest:
                res = ctest_stage(src, os.path.join(ws, "build-ctest"), log)
                r.update(status="killed" if res == "killed" else ("survived" if res == "survived" else "error"),
                         by="ctest" if res == "killed" else res if res not in ("survived",) else "", seconds=secs)
            else:
                r.update(status="survived", seconds=secs)
        finally:
            with open(full, "w", encoding="utf-8") as f:
                f.write(original)
        return self.record(r)


def line_stamp(site):
    """The first 8 hex digits of the SHA-1 of the site's source line, blanks at both ends dropped: an
    equivalence stamped with it holds only while the line reads the same (a mutant id is its file,
    line, column and operator, so another expression that comes to sit there would share it)."""
    path, line = site[0], site[1]
    lines = open(os.path.join(SRC, path), encoding="utf-8").read().split("\n")
    text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    return hashlib.sha1(text.encode()).hexdigest()[:8]


def equivalents():
    """id -> (stamp or None, reason), from lines '<id> [@<stamp>] <reason>'."""
    eq = {}
    if os.path.isfile(EQUIV_FILE):
        for line in open(EQUIV_FILE):
            line = line.strip()
            if line and not line.startswith("#"):
                mid, _, why = line.partition(" ")
                stamp = None
                if why.startswith("@") and re.match(r"@[0-9a-f]{8}( |$)", why):
                    stamp, why = why[1:9], why[9:]
                eq[mid] = (stamp, why.strip())
    return eq


def is_equivalent(eq, site, quiet=False):
    """Whether site's mutant is a reviewed equivalent. A stamped entry whose line now reads otherwise
    is stale: reported, and the mutant counts as a survivor until reviewed again."""
    e = eq.get(mutant_id(site))
    if not e:
        return False
    if e[0] and e[0] != line_stamp(site):
        if not quiet:
            print(f"mutants: stale equivalence {mutant_id(site)} ({site[0]}:{site[1]}): the line changed since it "
                  f"was reviewed; review it again", file=sys.stderr)
        return False
    return True


def nearest(cands, line):
    """Of sites that read the same (a line repeated: a prefetch, a local array), the one nearest to
    `line`, since edits move lines by a little; None when there is none, or two are equally near."""
    cands = sorted(cands, key=lambda x: abs(x[1] - line))
    if not cands or (len(cands) > 1 and abs(cands[0][1] - line) == abs(cands[1][1] - line)):
        return None
    return cands[0]


def equiv_entries(text):
    """(id, reason) of each entry of an equivalents list's text, stamps left out."""
    for raw in text.split("\n"):
        t = raw.strip()
        if t and not t.startswith("#"):
            mid, _, why = t.partition(" ")
            if re.match(r"@[0-9a-f]{8}( |$)", why):
                why = why[9:]
            yield mid, why.strip()


def reason_origins():
    """reason -> (commit, id): the first commit whose equivalents list holds the reason, and the id
    that list gave it: the review and the tree it was made on. An id alone does not name a review,
    since ids are places (file, line, column, operator) that other expressions come to occupy. Empty
    without history."""
    rel = os.path.relpath(EQUIV_FILE, ROOT)
    log = subprocess.run(["git", "-C", ROOT, "log", "--format=%H", "--reverse", "--", rel], capture_output=True, text=True)
    origin = {}
    for c in (log.stdout.split() if log.returncode == 0 else []):
        text = subprocess.run(["git", "-C", ROOT, "show", f"{c}:{rel}"], capture_output=True, text=True).stdout
        for mid, why in equiv_entries(text):
            origin.setdefault(why, (c, mid))
    return origin


def reanchor(mid, why, files, cur, origins):
    """The site of the current tree that equivalence `mid` (reason `why`) was reviewed on, found
    through history: the commit where the reason first appears and the id it had there (else the
    first commit that holds `mid`), the site with that id in that commit's tree (any group file),
    and the line of the current file that reads the same, with the same operator at the same place in
    it. When the old file had several such lines, the current one must have as many, and the entry
    goes to the one of the same rank (the k-th of them); when a copy came or went, which one the
    review was of cannot be told (one that went may be the one reviewed, and the nearest left be
    another function's line), so None. None too when a step finds nothing."""
    if why in origins:
        commits, mid = [origins[why][0]], origins[why][1]
    else:
        r = subprocess.run(["git", "-C", ROOT, "log", "--format=%H", "--reverse", "-S", mid, "--",
                            "scripts/mutants-equivalent.txt"], capture_output=True, text=True)
        commits = r.stdout.split()
        if r.returncode or not commits:
            return None
    for f in files:
        old = subprocess.run(["git", "-C", ROOT, "show", f"{commits[0]}:{f}"], capture_output=True, text=True)
        if old.returncode:
            continue
        hit = [x for x in sites(f, old.stdout)[2] if mutant_id(x) == mid]
        if not hit:
            continue
        site = hit[0]
        old_line = old.stdout.split("\n")[site[1] - 1]
        rel = site[2] - (len(old_line) - len(old_line.lstrip()))
        now = [x for x in cur.get(f, []) if x[3] == site[3] and x[4] == site[4] and x[5] == site[5]]
        lines = open(os.path.join(SRC, f), encoding="utf-8").read().split("\n")
        same = [x for x in now if lines[x[1] - 1].strip() == old_line.strip() and
                x[2] - (len(lines[x[1] - 1]) - len(lines[x[1] - 1].lstrip())) == rel]
        olines = old.stdout.split("\n")
        was = [x for x in sites(f, old.stdout)[2] if x[3:] == site[3:] and olines[x[1] - 1].strip() == old_line.strip() and
               x[2] - (len(olines[x[1] - 1]) - len(olines[x[1] - 1].lstrip())) == rel]
        if len(was) != len(same) or site not in was:
            return None
        return sorted(same, key=lambda x: x[1])[sorted(was, key=lambda x: x[1]).index(site)]
    return None


def audit_equivalents(fix=False):
    """Checks every entry of the equivalents list against the line it was reviewed on: the commit
    that first holds the entry's reason, the site its id named in that commit's tree, and that site's
    line and column against the site the id names now. A stamp only says the line has not changed
    since the entry was last stamped; a stamping that moved an entry onto another expression (before
    history was read there, a stamping re-stamped whatever line its id had come to name) would pass it. Returns
    1 when an entry names a line that reads otherwise than the one reviewed (each is listed), else 0.
    An entry whose reason is not in any commit yet (a review not committed) is left to its stamp.
    With fix, each such entry is moved to the site of the same file on the line that reads as the one
    reviewed, with the mutation at the same place in it (the nearest, when several do), or, when none
    does, given the stamp of the line reviewed, so that it is stale (a survivor) until reviewed again."""
    def git(*args):
        return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True)

    origin = reason_origins()
    if not origin:
        print("mutants: no history of the equivalents list to audit against (not a git checkout, or shallow)")
        return 0
    cur, ids = {}, {}
    for g in GROUPS:
        for f in source_files(g):
            if f not in cur:
                cur[f] = sites(f)
                for x in cur[f][2]:
                    ids.setdefault(mutant_id(x), x)
    trees = {}

    def old_site(commit, mid, first):
        for f in [first] + [f for f in cur if f != first]:
            if (commit, f) not in trees:
                r = git("show", f"{commit}:{f}")
                trees[commit, f] = None if r.returncode else (r.stdout, {mutant_id(x): x for x in sites(f, r.stdout)[2]})
            if trees[commit, f] and mid in trees[commit, f][1]:
                return trees[commit, f][0], trees[commit, f][1][mid]
        return None, None

    def at(text, site):
        line = text.split("\n")[site[1] - 1]
        return line.strip(), site[2] - (len(line) - len(line.lstrip()))

    n, bad, pending, moves = 0, 0, 0, {}
    for mid, why in equiv_entries(open(EQUIV_FILE, encoding="utf-8").read()):
        n += 1
        site, first = ids.get(mid), origin.get(why)
        if site is None or first is None:
            pending += first is None
            continue  # not a site: --stamp-equivalents drops or re-anchors it; not committed: its stamp guards it
        text, was = old_site(first[0], first[1], site[0])
        now = at(cur[site[0]][0], site)
        if was is None or was[0] != site[0] or was[3:] != site[3:] or at(text, was) != now:
            bad += 1
            seen = f"{was[0]}:{was[1]} '{at(text, was)[0][:70]}'" if was else "no site of that id"
            print(f"mutants: {mid} names {site[0]}:{site[1]} '{now[0][:70]}' ({site[3]} {site[4]!r} -> {site[5]!r}), "
                  f"reviewed at {first[0][:8]} on {seen}: {why[:90]}")
            if was is not None:
                same = [x for x in cur[was[0]][2] if x[3:] == was[3:] and at(cur[was[0]][0], x) == at(text, was)]
                near = nearest(same, was[1])
                if near is not None:
                    moves[mid] = (mutant_id(near), line_stamp(near))
                else:
                    moves[mid] = (mid, hashlib.sha1(at(text, was)[0].encode()).hexdigest()[:8])
                print(f"mutants:   {'moved to ' + moves[mid][0] if moves[mid][0] != mid else 'no line reads so: stale'}")
    print(f"mutants: {n} equivalences audited against the lines they were reviewed on, {bad} name another line"
          f"{f', {pending} not committed yet' if pending else ''}")
    if fix and moves:
        out = []
        for raw in open(EQUIV_FILE, encoding="utf-8").read().rstrip("\n").split("\n"):
            mid = raw.split(" ", 1)[0]
            if mid in moves and not raw.startswith("#"):
                why = raw.split(" ", 1)[1]
                why = why[9:].strip() if re.match(r"@[0-9a-f]{8}( |$)", why) else why
                raw = f"{moves[mid][0]} @{moves[mid][1]} {why}"
            out.append(raw)
        with open(EQUIV_FILE, "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
        print(f"mutants: {len(moves)} entries rewritten (--fix)")
    return 1 if bad else 0


def stamp_equivalents():
    """Rewrites the equivalents list against the current tree: each entry whose mutant is still a site
    on the line it was stamped on keeps that stamp, and a new entry (no stamp, or @00000000) gets its
    line's; an entry whose id's line now reads otherwise (lines moved under it, and another expression
    took its place) is re-anchored through history (reanchor) to the line that reads as the one
    reviewed, and kept stale (its old stamp, so that it counts as a survivor until reviewed again) when
    that cannot be told; an entry whose id is no longer a site is re-anchored the same way, with the
    new id, and dropped when it cannot be, since its id can only come back as another expression at
    the same place."""
    ids, cur, files = {}, {}, []
    for g in GROUPS:
        for f in source_files(g):
            if f in cur:
                continue
            files.append(f)
            cur[f] = sites(f)[2]
            for site in cur[f]:
                ids.setdefault(mutant_id(site), site)
    out, kept, moved, dropped, stale, origins = [], 0, 0, [], [], None
    for line in open(EQUIV_FILE):
        raw = line.rstrip("\n")
        t = raw.strip()
        if not t or t.startswith("#"):
            out.append(raw)
            continue
        mid, _, why = t.partition(" ")
        stamp = None
        if why.startswith("@") and re.match(r"@[0-9a-f]{8}( |$)", why):
            stamp, why = why[1:9], why[9:].strip()
        if mid in ids and stamp not in (None, "00000000") and stamp != line_stamp(ids[mid]):
            # its id now names another line: found as one whose id is gone (reanchor), so that a
            # line repeated elsewhere does not inherit the review when the copy reviewed changed
            if origins is None:
                origins = reason_origins()
            site = reanchor(mid, why, files, cur, origins)
            if site is None or any(o.startswith(mutant_id(site) + " ") for o in out):
                stale.append(mid)
                out.append(f"{mid} @{stamp} {why}")
                continue
            mid, moved = mutant_id(site), moved + 1
            ids[mid] = site
        elif mid not in ids:
            if origins is None:
                origins = reason_origins()
            site = reanchor(mid, why, files, cur, origins)
            if site is None or any(o.startswith(mutant_id(site) + " ") for o in out):
                dropped.append(mid)
                continue
            mid, moved = mutant_id(site), moved + 1
            ids[mid] = site
        out.append(f"{mid} @{line_stamp(ids[mid])} {why}")
        kept += 1
    # one entry per id: the later review (lower in the list) of a site reviewed twice under two ids
    last = {o.split(" ", 1)[0]: i for i, o in enumerate(out) if o.strip() and not o.startswith("#")}
    twice = sum(1 for i, o in enumerate(out) if o.strip() and not o.startswith("#") and last[o.split(" ", 1)[0]] != i)
    out = [o for i, o in enumerate(out) if not o.strip() or o.startswith("#") or last[o.split(" ", 1)[0]] == i]
    kept -= twice
    with open(EQUIV_FILE, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"mutants: {kept} equivalences stamped ({moved} re-anchored where their line is now, {twice} merged with a "
          f"later review of the same site), "
          f"{len(dropped)} dropped (no longer a site): {' '.join(dropped)}")
    if stale:
        print(f"mutants: {len(stale)} left stale (their line reads otherwise and no line reads as stamped; "
              f"review them again): {' '.join(stale)}")
    return 0


def report(out, chosen, results):
    eq = equivalents()
    rows = {}
    groups = {}
    survivors = []
    for g, s in chosen:
        mid = mutant_id(s)
        r = results.get(mid)
        if not r:
            continue
        st = "equivalent" if (r["status"] == "survived" and is_equivalent(eq, s)) else r["status"]
        for key, table in ((r["file"], rows), (g, groups)):
            t = table.setdefault(key, {"killed": 0, "survived": 0, "stillborn": 0, "equivalent": 0, "error": 0, "times": []})
            t[st if st in t else "error"] += 1
            if st == "killed" and r.get("by") != "ctest":
                t["times"].append(r.get("seconds", 0))
        if st == "survived":
            survivors.append((s, r))

    def line(name, t):
        live = t["killed"] + t["survived"]
        score = 100.0 * t["killed"] / live if live else 0.0
        med = statistics.median(t["times"]) if t["times"] else None
        return (f"{name:44} {t['killed']:6} {t['survived']:8} {t['stillborn']:9} {t['equivalent']:10} {t['error']:5}"
                f" {score:6.1f}% {('%.1f' % med) if med is not None else '-':>8}"), score, med
    text = [f"{'group / file':44} {'killed':>6} {'survived':>8} {'stillborn':>9} {'equivalent':>10} {'error':>5}"
            f" {'score':>7} {'median s':>8}"]
    summary = {"groups": {}, "files": {}}
    for name in sorted(groups):
        l, score, med = line(name, groups[name])
        text.append(l)
        summary["groups"][name] = dict(groups[name], score=score, median_kill_s=med)
    text.append("")
    for name in sorted(rows):
        l, score, med = line(name, rows[name])
        text.append(l)
        summary["files"][name] = dict(rows[name], score=score, median_kill_s=med)
    for d in (summary["groups"], summary["files"]):
        for v in d.values():
            v.pop("times", None)
    with open(os.path.join(out, "report.txt"), "w") as f:
        f.write("\n".join(text) + "\n")
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
    with open(os.path.join(out, "survivors.diff"), "w") as f:
        for s, r in survivors:
            path, lineno, col, op, orig, repl = s
            f.write(f"# {r['id']} {op} {path}:{lineno}\n-{orig}\n+{repl if op != 'delete' else '(deleted)'}\n\n")
    print("\n".join(text))
    return summary


def wilson_low(k, n, z=1.96):
    """The lower end of the 95% Wilson interval of k successes in n: what a score of k of n says
    about the true rate, n being small."""
    if not n:
        return 0.0
    p = k / n
    centre = p + z * z / (2 * n)
    spread = z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5
    return 100.0 * (centre - spread) / (1 + z * z / n)


def pool(dirs, quiet=False):
    """Each draw's and all draws' scores at the draw, per group: killed by the fuzz targets (a ctest
    kill is not one) of the mutants not reviewed equivalent by now: a survivor whose id is, or was in
    the list's history, the id of a review the list still holds. One draw of 12
    or 20 a group measures a rate of about 92% to within several points; the pool is the estimate."""
    global SRC
    eq = equivalents()
    # the ids each held review has had (ids are places, and a stamping moves them with their line),
    # so a draw made before a move still finds its review
    held = {why for _, why in equiv_entries(open(EQUIV_FILE).read())} if os.path.isfile(EQUIV_FILE) else set()
    rel = os.path.relpath(EQUIV_FILE, ROOT)
    log = subprocess.run(["git", "-C", ROOT, "log", "--format=%H", "--", rel], capture_output=True, text=True)
    ever = set()
    for c in (log.stdout.split() if log.returncode == 0 else []):
        text = subprocess.run(["git", "-C", ROOT, "show", f"{c}:{rel}"], capture_output=True, text=True).stdout
        ever.update(mid for mid, why in equiv_entries(text) if why in held)
    total = {}
    rows = []
    for d in dirs:
        path = os.path.join(d, "results.jsonl")
        if not os.path.isfile(path):
            print(f"mutants: --pool: {d} has no results.jsonl", file=sys.stderr)
            return None
        SRC = os.path.join(d, "snapshot")
        per = {}
        for ln in open(path):
            r = json.loads(ln)
            g = r.get("group", "?")
            t = per.setdefault(g, {"killed": 0, "live": 0, "times": []})
            st = r.get("status")
            if st == "killed" and r.get("by") != "ctest":
                t["killed"] += 1
                t["live"] += 1
                t["times"].append(r.get("seconds", 0))
                continue
            if st not in ("killed", "survived"):
                continue  # stillborn, error: not counted
            e = eq.get(r["id"])
            if st == "survived" and (r["id"] in ever or (e and (not e[0] or not os.path.isdir(SRC)
                                                              or e[0] == line_stamp((r["file"], r["line"]))))):
                continue  # reviewed equivalent
            t["live"] += 1
        rows.append((os.path.basename(os.path.normpath(d)), per))
        for g, t in per.items():
            a = total.setdefault(g, {"killed": 0, "live": 0, "times": []})
            for k in ("killed", "live"):
                a[k] += t[k]
            a["times"] += t["times"]
    if quiet:
        return total
    groups = [g for g in GROUPS if g in total] + sorted(g for g in total if g not in GROUPS)
    print(f"{'draw':16}" + "".join(f"{g:>14}" for g in groups))
    for name, per in rows:
        cells = []
        for g in groups:
            t = per.get(g)
            cells.append(f"{t['killed']:>4}/{t['live']:<3} {100.0 * t['killed'] / t['live']:5.1f}" if t and t["live"] else f"{'-':>14}")
        print(f"{name:16}" + "".join(f"{c:>14}" for c in cells))
    print(f"{'pooled':16}" + "".join(f"{total[g]['killed']:>4}/{total[g]['live']:<3} {100.0 * total[g]['killed'] / max(total[g]['live'], 1):5.1f}"
                                      for g in groups))
    print(f"{'95% low':16}" + "".join(f"{wilson_low(total[g]['killed'], total[g]['live']):14.1f}" for g in groups))
    print(f"{'median kill s':16}" + "".join(f"{statistics.median(total[g]['times']) if total[g]['times'] else 0:14.1f}"
                                             for g in groups))
    return total


def smoke(a):
    """Two mutants of the model core through the replay engine: the pipeline must run end to end and
    kill at least one (the seed corpora exercise sf_inst_equal and friends on every input)."""
    a.engine, a.ctest, a.time, a.jobs, a.msan = "replay", False, 120, 1, False
    global SRC
    SRC = snapshot(os.path.join(os.path.abspath(a.out), "snapshot"))
    text, offs, s = sites("harness/model/inst.c")
    pick = [x for x in s if x[3] == "equality"][:2]
    if len(pick) < 2:
        print("mutants smoke: fewer than two sites in harness/model/inst.c\n0 passed, 1 failed")
        return 1
    runner = Runner(a)
    for site in pick:
        if mutant_id(site) not in runner.done:
            runner.one("model", site)
    results = [runner.done[mutant_id(x)] for x in pick]
    again = draw(["model"], 3, 7) == draw(["model"], 3, 7)
    # an equivalence holds while its stamp is its line's, and no longer once the line reads otherwise
    mid = mutant_id(pick[0])
    stamps = is_equivalent({mid: (line_stamp(pick[0]), "")}, pick[0]) and \
        not is_equivalent({mid: ("00000000" if line_stamp(pick[0]) != "00000000" else "11111111", "")}, pick[0], True) and \
        is_equivalent({mid: (None, "")}, pick[0])
    # --pool: a ctest kill is no kill, a listed survivor is not counted, a stillborn neither
    pdir = os.path.join(os.path.abspath(a.out), "pool")
    os.makedirs(pdir, exist_ok=True)
    listed = next(iter(equivalents()), None)
    with open(os.path.join(pdir, "results.jsonl"), "w") as f:
        for st, by, mid in (("killed", "dxbc_fuzzer", "k1"), ("killed", "msan:dxbc_fuzzer", "k2"), ("killed", "ctest", "k3"),
                            ("survived", "", listed or "s0"), ("survived", "", "s1"), ("stillborn", "", "b1")):
            f.write(json.dumps({"group": "d3d", "status": st, "by": by, "id": mid, "file": "none.c", "line": 1,
                                "seconds": 2.0}) + "\n")
    t = pool([pdir], quiet=True)
    pooled = bool(t) and listed is not None and t["d3d"]["killed"] == 2 and t["d3d"]["live"] == 4 and \
        abs(wilson_low(9, 10) - 59.6) < 0.1 and wilson_low(0, 0) == 0.0
    ok = all(r["status"] in ("killed", "survived", "stillborn") for r in results) and \
        any(r["status"] == "killed" for r in results) and again and stamps and pooled
    print(f"mutants smoke: {[r['status'] for r in results]}, deterministic draw: {again}, stamps: {stamps}, "
          f"pool: {pooled}")
    print(f"{1 if ok else 0} passed, {0 if ok else 1} failed")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-group", type=int, default=20)
    ap.add_argument("--groups", default=",".join(DEFAULT_GROUPS))
    ap.add_argument("--time", type=int, default=60, help="seconds of fuzzing per mutant, all its targets together")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default=os.path.join(ROOT, "build-mutants"))
    ap.add_argument("--engine", choices=("libfuzzer", "replay"), default="libfuzzer")
    ap.add_argument("--no-ctest", dest="ctest", action="store_false")
    ap.add_argument("--no-msan", dest="msan", action="store_false",
                    help="skip the MemorySanitizer stage that a survivor of the ASan+UBSan fuzz stage gets")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--sites", default="", help="run these sites (FILE:LINE:COL:OP,...) instead of a draw")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--stamp-equivalents", action="store_true",
                    help="stamp each entry of the equivalents list with its line as the tree has it now, and drop "
                         "entries whose mutant is no longer a site")
    ap.add_argument("--audit-equivalents", action="store_true",
                    help="check each entry of the equivalents list against the line it was reviewed on (through "
                         "history); exit 1 when one names another line")
    ap.add_argument("--pool", nargs="+", metavar="DIR",
                    help="score several finished draws together, at the draw, with the equivalents list as it is now")
    ap.add_argument("--fix", action="store_true", help="with --audit-equivalents: move each entry that names another "
                    "line to the line reviewed, or make it stale when no line reads so")
    a = ap.parse_args()
    if a.pool:
        return 0 if pool(a.pool) is not None else 2
    if a.audit_equivalents:
        return audit_equivalents(a.fix)
    if a.smoke:
        return smoke(a)
    if a.stamp_equivalents:
        return stamp_equivalents()
    global SRC
    SRC = snapshot(os.path.join(os.path.abspath(a.out), "snapshot"))
    groups = [g for g in a.groups.split(",") if g]
    bad = [g for g in groups if g not in GROUPS]
    if bad:
        ap.error(f"unknown group(s) {bad}; groups: {', '.join(GROUPS)}")
    if a.jobs < 1 or a.time < 1 or a.per_group < 1:
        ap.error("--jobs, --time and --per-group must be positive")
    if a.sites:
        # Named sites (FILE:LINE:COL:OP, as --list prints them), e.g. to measure open survivors again.
        chosen = []
        for spec in a.sites.split(","):
            path, line, col, op = spec.rsplit(":", 3)
            g = next((g for g in GROUPS if path in source_files(g)), None)
            hit = [x for x in sites(path)[2] if x[1] == int(line) and x[2] == int(col) and x[3] == op] if g else []
            if not hit:
                ap.error(f"--sites: no {op} site at {path}:{line}:{col} in any group's files")
            chosen.extend((g, x) for x in hit[:1])
    else:
        chosen = draw(groups, a.per_group, a.seed)
    if a.list:
        for g, s in chosen:
            print(mutant_id(s), g, f"{s[0]}:{s[1]}:{s[2]}", s[3], repr(s[4]), "->", repr(s[5]))
        return 0
    runner = Runner(a)
    todo = [(g, s) for g, s in chosen if mutant_id(s) not in runner.done]
    print(f"mutants: {len(chosen)} drawn (seed {a.seed}), {len(chosen) - len(todo)} already done, {len(todo)} to run")
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for fut in cf.as_completed([ex.submit(runner.one, g, s) for g, s in todo]):
            fut.result()
    report(runner.out, chosen, runner.done)
    return 0


if __name__ == "__main__":
    sys.exit(main())
