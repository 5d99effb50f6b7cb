#!/usr/bin/env python3
"""Regenerate the fuzz seed corpus and the eval dictionary from the tree.

    python3 tests/fuzz/mkcorpus.py [--check]

Writes tests/fuzz/corpus/{compile,eval,doc}/ (files named by the SHA-1 of
their content, like libFuzzer's, so re-running is idempotent; files named
hand-* (hand-written seeds) and fuzz-* (inputs the fuzzers found, merged
with -merge=1; see README.md) are left alone) and tests/fuzz/eval.dict.
Sources:
  compile, doc: rules.d/**/*.rules (whole files, the shipped set as one
      multi-file input, and the declarations plus a few rules at a time),
      every *.rules file under tests/ (golden diagnostics, CLI cases), and
      the rule examples in HACKING.md, DESIGN.md and man/*.in;
  eval: the configs of tests/sglang/cases.txt, of the shipped test blocks
      and of tests/cli/, packed several lines to a file.
Stale generated files (no longer produced) are removed.  --check only
reports whether the corpus is up to date (exit 1 if not).
"""
import glob
import hashlib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
MARK = b"\n#@file\n"
LINES_PER_EVAL_SEED = 8


def read(path):
    with open(path, "rb") as f:
        return f.read()


def statements(text):
    """Split rule text into chunks ending at a ';' or '}' at end of line
    followed by a blank line (good enough for seeds)."""
    out, cur = [], []
    lines = text.split(b"\n")
    for i, line in enumerate(lines):
        cur.append(line)
        nxt = lines[i + 1] if i + 1 < len(lines) else b""
        if line.rstrip().endswith((b";", b"}")) and not nxt.strip():
            out.append(b"\n".join(cur).strip(b"\n") + b"\n")
            cur = []
    if any(l.strip() for l in cur):
        out.append(b"\n".join(cur).strip(b"\n") + b"\n")
    return [s for s in out if s.strip() and not all(
        l.strip().startswith(b"#") or not l.strip() for l in s.split(b"\n"))]


def doc_examples(path):
    """Rule-language code blocks of a Markdown or man page."""
    text = read(path).decode("utf-8", "replace")
    blocks = re.findall(r"```[a-z]*\n(.*?)```", text, re.S)
    blocks += re.findall(r"^\.EX\n(.*?)^\.EE", text, re.S | re.M)
    out = []
    for b in blocks:
        if re.search(r"^\s*(flag|env|fact|rule|alias|test)\b", b, re.M) and "$ " not in b:
            b = b.replace("\\-", "-").replace("\\(aq", "'").replace("\\(dq", '"') \
                 .replace("\\e", "\\").replace("\\&", "").replace("\\(ga", "`")
            out.append(b.encode())
    return out


def compile_seeds():
    seeds = []
    shipped = sorted(glob.glob(os.path.join(TOP, "rules.d", "*", "*.rules")))
    for p in shipped:
        seeds.append(read(p))
    if shipped:
        seeds.append(MARK.join(read(p) for p in shipped))
    decls = [p for p in shipped if os.path.basename(p).startswith("00")]
    rest = [p for p in shipped if p not in decls]
    if decls:
        head = b"".join(read(p) for p in decls)
        for p in rest:
            st = statements(read(p))
            for i in range(0, len(st), 4):
                seeds.append(head + MARK + b"\n".join(st[i:i + 4]))
    for p in sorted(glob.glob(os.path.join(TOP, "tests", "**", "*.rules"), recursive=True)):
        if "/fuzz/" in p or not os.path.isfile(p):
            continue
        seeds.append(read(p))
    for p in [os.path.join(TOP, "HACKING.md"), "/work/shared/DESIGN.md"] + \
            sorted(glob.glob(os.path.join(TOP, "man", "*.in"))):
        if os.path.exists(p):
            seeds.extend(doc_examples(p))
    return seeds


def configs():
    cfgs = []
    table = os.path.join(TOP, "tests", "sglang", "cases.txt")
    if os.path.exists(table):
        for line in read(table).split(b"\n"):
            if line.strip() and not line.lstrip().startswith(b"#") and b"=>" in line:
                cfgs.append(line[:line.rindex(b"=>")].strip())
    for p in sorted(glob.glob(os.path.join(TOP, "rules.d", "*", "*.rules"))) + \
            sorted(glob.glob(os.path.join(TOP, "tests", "cli", "**", "*.rules"), recursive=True)):
        if not os.path.isfile(p):
            continue
        text = b"\n".join(l for l in read(p).split(b"\n") if not l.lstrip().startswith(b"#"))
        for body in re.findall(rb"\btest\s+\"[^\"]*\"\s*\{(.*?)\n\}", text, re.S):
            for case in re.split(rb";", body):
                if b"=>" in case:
                    c = b" ".join(case.split(b"=>")[0].split())
                    if c:
                        cfgs.append(c)
    # tests/cli/*.t: "$ check ... -- CONFIG" command lines
    for p in sorted(glob.glob(os.path.join(TOP, "tests", "cli", "*.t"))):
        for line in read(p).split(b"\n"):
            if line.startswith(b"$ ") and b" -- " in line:
                cfgs.append(line.split(b" -- ", 1)[1].strip())
    seen, out = set(), []
    for c in cfgs:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


def eval_seeds():
    cfgs = configs()
    return [b"\n".join(cfgs[i:i + LINES_PER_EVAL_SEED]) + b"\n"
            for i in range(0, len(cfgs), LINES_PER_EVAL_SEED)]


def eval_dict():
    words = set()
    for p in sorted(glob.glob(os.path.join(TOP, "rules.d", "*", "*.rules"))):
        text = read(p).decode("utf-8", "replace")
        text = "\n".join(l for l in text.split("\n") if not l.lstrip().startswith("#"))
        for kind, name in re.findall(r"\b(flag|env|fact)\s+([A-Za-z_]\w*)", text):
            if kind == "flag":
                words.add("--" + name.replace("_", "-"))
            else:
                words.add(name + "=")
        words.update(re.findall(r'"(--[A-Za-z0-9-]+)"', text))
        for body in re.findall(r"enum\s*\{([^}]*)\}", text):
            words.update(w.strip().strip('"') for w in body.split(",") if w.strip())
    words.update(["python -m sglang.launch_server", "=", "'", '"', "\\", "null", "None",
                  "true", "false", "9223372036854775808", "-1", "0"])
    lines = ["# libFuzzer dictionary for fuzz_eval (generated by mkcorpus.py)"]
    for w in sorted(words):
        lines.append('"' + w.replace("\\", "\\\\").replace('"', '\\"') + '"')
    return ("\n".join(lines) + "\n").encode()


def sync(dirname, seeds, check):
    d = os.path.join(HERE, "corpus", dirname)
    os.makedirs(d, exist_ok=True)
    want = {}
    for s in seeds:
        want[hashlib.sha1(s).hexdigest()] = s
    have = {f for f in os.listdir(d) if not f.startswith(("hand-", "fuzz-", ".", "README"))}
    stale = have - set(want)
    missing = set(want) - have
    if check:
        return not stale and not missing
    for f in stale:
        os.unlink(os.path.join(d, f))
    for f in missing:
        with open(os.path.join(d, f), "wb") as fh:
            fh.write(want[f])
    print("corpus/%s: %d seeds (%d new, %d removed)" % (dirname, len(want), len(missing), len(stale)))
    return True


def main():
    check = "--check" in sys.argv[1:]
    comp = compile_seeds()
    ok = sync("compile", comp, check)
    # doc: the same rule texts, without the per-chunk seeds (doc generation
    # of the whole set is slower; the chunk seeds add little there).
    ok &= sync("doc", [s for s in comp if MARK not in s or s.count(MARK) > 1], check)
    ok &= sync("eval", eval_seeds(), check)
    dpath = os.path.join(HERE, "eval.dict")
    d = eval_dict()
    if check:
        ok &= os.path.exists(dpath) and read(dpath) == d
    else:
        with open(dpath, "wb") as f:
            f.write(d)
    if check and not ok:
        print("mkcorpus: the corpus is out of date; run python3 tests/fuzz/mkcorpus.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
