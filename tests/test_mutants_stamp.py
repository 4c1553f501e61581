#!/usr/bin/env python3
"""Unit test of scripts/mutants.py's equivalents stamping (--stamp-equivalents), in a private git
repository: an entry whose mutant is no longer a site is re-anchored through history to the line
that reads as the one reviewed, and dropped when that cannot be told.

The case it guards: a line repeated in two functions (`int k = a == 0;`), an equivalence reviewed
on the first copy, and the first function removed. The only copy left is the other function's, so
"the nearest line that reads the same" would move the review onto code it never looked at (this
happened to three AVS entries when the null-page test was rewritten). With the same number of
copies before and after, the entry follows its copy by rank; when a copy came or went it is
dropped, and its mutant counts as a survivor until it is reviewed again. The same holds for a
stamped entry whose id comes to name another line (cases 5 and 6)."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import mutants as m  # noqa: E402

FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what)


def git(root, *args):
    subprocess.run(["git", "-C", root, *args], check=True, capture_output=True,
                   env=dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                            GIT_COMMITTER_EMAIL="t@t"))


FIRST = "static int f(int a) {\n  int k = a == 0;\n  return k;\n}\n"
SECOND = "static int g(int a) {\n  int k = a == 0;\n  return k + 1;\n}\n"


def site_of(text, line):
    """The '==' -> '!=' site on `line` of src/t.c as `text` reads."""
    hits = [s for s in m.sites("src/t.c", text)[2] if s[1] == line and s[3:] == ("equality", "==", "!=")]
    return hits[0] if hits else None


def run(before, after, reviewed_line, stamped=False):
    """The equivalents list after stamping: `before` committed with an entry on the '==' of line
    `reviewed_line` (stamped with its line and committed again, when `stamped`), then the file
    rewritten as `after`. Returns (entry ids, the current sites by id)."""
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "src"))
        os.makedirs(os.path.join(root, "scripts"))
        m.ROOT = m.SRC = root
        m.EQUIV_FILE = os.path.join(root, "scripts", "mutants-equivalent.txt")
        m.GROUPS = {"t": (["src/"], [])}
        git(root, "init", "-q")
        with open(os.path.join(root, "src", "t.c"), "w") as f:
            f.write(before)
        s = site_of(before, reviewed_line)
        with open(m.EQUIV_FILE, "w") as f:
            f.write(f"{m.mutant_id(s)} @00000000 the reviewed copy\n")
        git(root, "add", "-A")
        git(root, "commit", "-qm", "before")
        if stamped:
            m.stamp_equivalents()
            git(root, "commit", "-qam", "stamped")
        with open(os.path.join(root, "src", "t.c"), "w") as f:
            f.write(after)
        m.stamp_equivalents()
        ids = [ln.split()[0] for ln in open(m.EQUIV_FILE) if ln.strip() and not ln.startswith("#")]
        return ids, {m.mutant_id(x): x for x in m.sites("src/t.c", after)[2]}


def main():
    # 1. Two copies, the first (reviewed) removed and two blank lines in its place (so that no id is
    #    reused: the copy left sits on line 4):
    #    the other function's copy must not inherit the review.
    ids, now = run(FIRST + SECOND, "\n\n" + SECOND, 2)
    check(ids == [], f"the reviewed copy removed: the entry moved to {[now.get(i) for i in ids]} instead of being dropped")
    # 2. Two copies, the other one removed and a line added above: which copy went cannot be told
    #    from the lines alone, so the entry is dropped too (its mutant is a survivor until reviewed).
    ids, now = run(FIRST + SECOND, "/* a comment */\n" + FIRST, 2)
    check(ids == [], f"a copy removed: the entry moved to {[now.get(i) for i in ids]} instead of being dropped")
    # 3. Two copies, both kept, lines added between them: the reviewed second copy is still the second.
    ids, now = run(FIRST + SECOND, FIRST + "\n\n\n" + SECOND, 6)
    check(len(ids) == 1 and now.get(ids[0], (None, 0))[1] == 9, f"copies kept: the entry is at {[now.get(i) for i in ids]}, want line 9")
    # 4. One copy, moved down by a line: it follows.
    ids, now = run(FIRST, "\n" + FIRST, 2)
    check(len(ids) == 1 and now.get(ids[0], (None, 0))[1] == 3, f"one copy moved: the entry is at {[now.get(i) for i in ids]}, want line 3")
    # 5. Stamped, two copies, the reviewed first copy edited in place (its '==' at the same column, so
    #    its id is still a site but reads otherwise): the other function's copy, which still reads as
    #    stamped, must not inherit the review; the entry stays on its id, stale.
    ids, now = run(FIRST + SECOND, FIRST.replace("a == 0", "a == 1") + SECOND, 2, stamped=True)
    check(ids == [m.mutant_id(site_of(FIRST + SECOND, 2))] and now.get(ids[0], (None, 0))[1] == 2,
          f"the reviewed copy edited: the entry is at {[now.get(i) for i in ids]}, want left stale on line 2")
    # 6. Stamped, one copy, a line with an '==' at the same column put above it: the id now names the
    #    new line, and the entry follows the reviewed one to line 3.
    ids, now = run(FIRST, FIRST.replace("{\n", "{\n  int j = a == 1;\n", 1), 2, stamped=True)
    check(len(ids) == 1 and now.get(ids[0], (None, 0))[1] == 3, f"a line put above: the entry is at {[now.get(i) for i in ids]}, want line 3")
    print("test_mutants_stamp:", "FAILED" if FAILS else "ok")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
