#!/usr/bin/env python3
"""Malformed command lines: missing option arguments, unknown options and
commands, empty strings, huge arguments, options after `--`, repeated
options — and 400 random command lines from a fixed seed.

Each run ends, never crashes, exits 0, 1 or 2, and an exit status 2 comes
with a message on stderr (never silence).
"""
import random
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import *

R = write("r.rules", "flag k : int = 1;\nflag s : string = \"\";\nrule big: k > 1 -> error \"k is {k}\";\n")
OUT = path("out")
os.makedirs(OUT, exist_ok=True)

FIXED = [
    [], [""], ["-"], ["--"], ["check", "-r"], ["check", "--format"], ["check", "--format", ""],
    ["check", "--format", "xml"], ["check", "-r", ""], ["check", "--no-such-option"],
    ["check", "-x"], ["check", "-rr"], ["resolve", "--format"], ["resolve", "--format", "compact"],
    ["explain"], ["explain", "-r", R], ["explain", "-r", R, "--why-not"],
    ["explain", "-r", R, "nosuchkey", "--"], ["explain", "-r", R, "--why-not", "nosuchrule", "--"],
    ["explain", "-r", R, "k", "extra", "words"], ["lint", "extra"], ["lint", "-r", R, "--dump-ir", "--dump-ir"],
    ["test", "-r", R, "-v", "-v", "-v"], ["doc", "-r", R, "--format"], ["doc", "-r", R, "-o"],
    ["doc", "-r", R, "--format", "man"], ["doc", "-r", R, "nosuchrule"], ["doc", "-r", R, "--format", "pdf"],
    ["nosuchcommand"], ["CHECK"], ["check", "--help", "--format", "json"], ["--version", "extra"],
    ["check", "-r", R, "--", "--k"], ["check", "-r", R, "--", "--k", "--k"], ["check", "-r", R, "--", "--"],
    ["check", "-r", R, "--", "-r", R], ["check", "-r", R, "--format=json", "--", "--k=2"],
    ["check", "-r", R, "-", "extra"], ["check", "-r", "a" * 100000, "--"],
    ["check", "-r", R, "--", "--s", "x" * 100000], ["check", "-r", R, "--", "--" + "k" * 100000],
    ["check", "-r", R] + ["--format", "json"] * 1000 + ["--"],
    ["check"] + ["-r", R] * 500 + ["--"],
    ["check", "-r", R, "--", "\udcff\udcfe"],
]

for args in FIXED:
    r = run(args, timeout=20)
    what = "flagrule %s" % " ".join(a[:30] for a in args)[:120]
    if check_sane(r, what):
        if r.rc == 2:
            check(r.err.strip() != b"", what + ": status 2 comes with a message", r.describe())

rng = random.Random(6)
VOCAB = ["check", "resolve", "explain", "lint", "test", "doc", "-r", R, RULES, "--format", "text",
         "json", "compact", "flags", "kv", "man", "md", "-o", OUT, "--no-env", "--no-color",
         "--werror", "--dump-ir", "--why-not", "-v", "--verbose", "--help", "-h", "--", "-",
         "--ignore-unknown", "--unknown-flag", "--tp", "--deepep",
         "--k", "2", "--s", "", "k", "big", "--tp-size", "8", "--moe-a2a-backend", "pplx",
         "--deepep-mode", "normal", "--format=json", "-rr", "--r", "=", "'", "\"", "\\"]
for i in range(int(400 * max(SCALE, 0.1))):
    args = [rng.choice(VOCAB[:6])] + [rng.choice(VOCAB) for _ in range(rng.randint(0, 8))]
    r = run(args, timeout=20)
    what = "random command line %d: flagrule %s" % (i, " ".join(args))
    if not r.timed_out and not r.crashed and r.rc in (0, 1, 2) and (r.rc != 2 or r.err.strip()):
        continue
    check_sane(r, what)
    if r.rc == 2:
        check(r.err.strip() != b"", what + ": status 2 comes with a message", r.describe())

finish()
