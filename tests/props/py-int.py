#!/usr/bin/env python3
"""Property: an int value is read as Python's int() reads a str.

SGLang's flags are argparse arguments of type=int, and its int env variables
go through int() too: blanks around the number are dropped (Unicode's as
well: U+00A0, U+3000...), digits of any script count ('٨', '８'), single
underscores may stand between digits, and CPython (3.11; 3.10.7 on) refuses
more than 4,300 digits.  On random texts built from those pieces (and from
near misses: U+001C, U+200B, U+FEFF, cut UTF-8, '+ 8', '1__0', '8_'), this
checks flagrule against this very Python's int(), for a flag (--tp-size) and
an env variable (SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK) of the
shipped rules, through every way a value comes in: a config line on stdin
(shell-quoted), the argv form (`check -- --tp-size TEXT`), and `--input
json` (a JSON string).  An int beyond 64 bits, which Python takes, is
"out of the 64-bit range" here (flagrule's documented limit), for the env
variable too (SGLang's EnvInt reads it with a bare int(): no fallback); an
env variable that is no int falls back to its default with a warning (what
SGLang's EnvField.get() does on a ValueError).

    py-int.py [--seeds N] [--seed S] [--cases N]
"""
import argparse
import json
import os
import random
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from props import *

ap = argparse.ArgumentParser()
ap.add_argument("--seeds", type=int, default=max(1, int(os.environ.get("PROPS_SEEDS", "40")) // 10))
ap.add_argument("--seed", type=int, default=None)
ap.add_argument("--cases", type=int, default=400)
args = ap.parse_args()
skip_without_binary()

# CPython's default limit (PYTHONINTMAXSTRDIGITS may have changed it); a
# Python without one (< 3.10.7) gets no texts near it
LIMIT = hasattr(sys, "set_int_max_str_digits")
if LIMIT:
    sys.set_int_max_str_digits(4300)

FLAG, KEY = "--tp-size", "tp_size"
ENV, ENV_DEFAULT = "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 128

ATOMS = ["0", "1", "7", "9", "42", "_", "__", " ", "\t", "\x0b", "\x0c", "\r", "\n", "\x1c", "\x1f",
         "\x85", "\xa0", "\u1680", "\u2000", "\u200a", "\u200b", "\u2028", "\u2029", "\u202f",
         "\u205f", "\u3000", "\ufeff", "+", "-", "\u0660", "\u0668", "\u0669", "\u066a", "\u0966",
         "\uff10", "\uff18", "\uff19", "\uff1a", "\U0001d7ce", "\U0001d7ff", "\U0001fbf9",
         "\U0001fbfa", "\u07c9", "\u07ca", "x", "e", ".", "0" * 20, "9223372036854775807",
         "9223372036854775808", "18446744073709551616"]


def rand_text(rng):
    r = rng.random()
    if r < 0.03 and LIMIT:   # around CPython's 4,300-digit limit
        n = rng.choice([4299, 4300, 4301])
        return rng.choice(["", " ", "+", "-"]) + "0" * (n - 1) + rng.choice(["1", "\u0668"])
    return "".join(rng.choice(ATOMS) for _ in range(rng.randint(1, 5)))


def python_int(s):
    """'BAD', 'RANGE' or the value's decimal text."""
    try:
        v = int(s)
    except ValueError:
        return "BAD"
    return str(v) if -2 ** 63 <= v < 2 ** 63 else "RANGE"


def quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def check_lines(texts, make_line, name, input_json=False):
    """Evaluates one line per text; returns [(status, resolved value, reason)]."""
    stdin = "".join(make_line(t) + "\n" for t in texts).encode("utf-8", "surrogatepass")
    argv = ["check", "--no-env", "--format", "json", "-r", RULES]
    if input_json:
        argv += ["--input", "json"]
    p = flagrule(argv, stdin)
    recs = [json.loads(l) for l in p.stdout.decode("utf-8").splitlines()]
    if len(recs) != len(texts):
        raise SystemExit("FAIL %s: %d records for %d lines\n%s" % (
            name, len(recs), len(texts), p.stderr.decode("utf-8", "replace")[:2000]))
    return recs


def expect_flag(rec, text, exp, how):
    if exp == "BAD" or exp == "RANGE":
        why = " ".join(e["message"] for e in rec["errors"])
        ok = rec["status"] == "invalid" and "expects an integer" in why and (exp == "BAD") == (
            "64-bit" not in why)
    else:
        ok = rec["status"] != "invalid" and str(rec["resolved"][KEY]) == exp
    if not ok:
        raise SystemExit("FAIL (%s): %s %r: Python's int() gives %s, flagrule %s" % (
            how, FLAG, text, exp, json.dumps(rec)[:600]))


seeds = [args.seed] if args.seed is not None else range(1, args.seeds + 1)
n = 0
for seed in seeds:
    rng = random.Random(seed)
    texts = [rand_text(rng) for _ in range(args.cases)]
    # a line holds no newline: those texts go through argv and JSON only
    line_texts = [t for t in texts if "\n" not in t and "\r" not in t]

    # (a value word starting with '-' is an option to argparse: only after '=')
    for how, make, ts in (("--flag 'TEXT'", lambda t: "%s %s" % (FLAG, quote(t)),
                           [t for t in line_texts if not t.startswith("-")]),
                          ("--flag='TEXT'", lambda t: "%s=%s" % (FLAG, quote(t)), line_texts)):
        for t, rec in zip(ts, check_lines(ts, make, how)):
            expect_flag(rec, t, python_int(t), how)
            n += 1

    for t, rec in zip(line_texts, check_lines(line_texts, lambda t: "%s=%s" % (ENV, quote(t)), "env")):
        exp = python_int(t)
        if exp == "RANGE":
            why = " ".join(e["message"] for e in rec["errors"])
            ok = rec["status"] == "invalid" and ENV in why and "64-bit" in why
            if not ok:
                raise SystemExit("FAIL (env): %s=%r: Python's int() gives %s, flagrule %s" % (
                    ENV, t, exp, json.dumps(rec)[:600]))
            n += 1
            continue
        got = rec["resolved"][ENV]
        warned = any(ENV in w["message"] for w in rec["warnings"])
        if exp == "BAD":
            ok = got == ENV_DEFAULT and warned
        else:
            ok = str(got) == exp and not warned
        if not ok:
            raise SystemExit("FAIL (env): %s=%r: Python's int() gives %s, flagrule %s" % (
                ENV, t, exp, json.dumps(rec)[:600]))
        n += 1

    recs = check_lines(texts, lambda t: json.dumps({KEY: t}), "json", input_json=True)
    for t, rec in zip(texts, recs):
        expect_flag(rec, t, python_int(t), "--input json")
        n += 1

    # the argv form: a process a case, so a sample
    for t in rng.sample(texts, min(25, len(texts))):
        if t.startswith("-"):
            continue   # (argparse would read it as an option)
        p = flagrule(["check", "--no-env", "--format", "json", "-r", RULES, "--", FLAG, t])
        expect_flag(json.loads(p.stdout), t, python_int(t), "argv")
        n += 1

print("ok: %d values read as Python's int() reads them (seeds %s)" % (n, list(seeds)))
