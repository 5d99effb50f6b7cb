#!/usr/bin/env python3
"""Property: `check --input json` reads a line the same way whichever of its
two readers takes it.

The fast reader (src/cli/json_in.c) takes flat objects of known keys and
plain values and gives up on anything else, which jansson then reads; the
test hook FLAGRULE_JSON_SLOW=1 sends every line to jansson.  On random
lines — objects of known keys, aliases, flag names without dashes and their
prefixes, unknown and near names, every kind of value (integers of 1 to 21
digits, leading zeros, -0, fractions and exponents, strings with every
escape, \\u0000, surrogates, raw UTF-8, invalid bytes, control bytes), odd
blanks, keys twice, trailing commas, nested values, cut lines and trailing
garbage — both give the same bytes,
status and stderr, in the json and text formats, with and without
--ignore-unknown, and with -j 2 and tiny chunks.  Also checked (through
FLAGRULE_JSON_STATS) that the fast reader takes every clean line: a reader
that always gave up would pass the comparison.

    json-readers.py [--seeds N] [--seed S] [--lines N]
"""
import argparse
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from props import *

ap = argparse.ArgumentParser()
ap.add_argument("--seeds", type=int, default=int(os.environ.get("PROPS_SEEDS", "40")) // 4)
ap.add_argument("--seed", type=int, default=None)
ap.add_argument("--lines", type=int, default=400)
args = ap.parse_args()
skip_without_binary()


def run(argv, stdin, slow, extra_env=None):
    e = env()
    e.pop("FLAGRULE_JSON_SLOW", None)
    if slow:
        e["FLAGRULE_JSON_SLOW"] = "1"
    if extra_env:
        e.update(extra_env)
    p = subprocess.run([FLAGRULE] + argv, input=stdin, capture_output=True, timeout=120, env=e)
    if p.returncode < 0 or b"Sanitizer" in p.stderr or b"runtime error:" in p.stderr:
        raise Crash("`flagrule %s` crashed (status %d):\n%s" % (
            " ".join(argv), p.returncode, p.stderr.decode("utf-8", "replace")[:3000]))
    return p


# The keys of the shipped rules, with their types (from `resolve --format json`
# of the empty config: a default's JSON type; nullable keys default to null).
p = run(["resolve", "--no-env", "-r", RULES, "--format", "json", "--"], b"", False)
DEFAULTS = json.loads(p.stdout)
KEYS = sorted(DEFAULTS)


def rand_int_text(rng):
    r = rng.random()
    if r < 0.5:
        return str(rng.choice([0, 1, 2, 4, 8, 16, 64, 128, 256, 1024, 4096, 8192, -1, -5]))
    if r < 0.8:
        n = rng.randint(1, 21)
        s = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(n - 1))
        return ("-" if rng.random() < 0.3 else "") + s
    return rng.choice(["-0", "00", "01", "-", "0.5", "1e3", "1E2", "2.0", "-0.0", "1e400",
                       "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                       "999999999999999999", "1000000000000000000", "0x10", "+1", ".5", "1."])


ESCAPES = ["\\n", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\u0041", "\\u00e9",
           "\\u20ac", "\\u0000", "\\ud83d\\ude00", "\\udc00", "\\ud800", "\\u12", "\\x41", "\\"]


def rand_string_body(rng):
    parts = []
    for _ in range(rng.randint(0, 6)):
        r = rng.random()
        if r < 0.55:
            parts.append(rng.choice(["pplx", "deepep", "auto", "normal", "low_latency", "null",
                                     "true", "8", "/models/m", "a b", "deep_gemm", "none", ""]))
        elif r < 0.8:
            parts.append(rng.choice(ESCAPES))
        elif r < 0.9:
            parts.append(rng.choice(["é", "€", "😀", "\x7f"]))
        else:
            parts.append(rng.choice(["\x01", "\t", "\x1f"]))
    return "".join(parts)


def rand_value(rng, key):
    d = DEFAULTS.get(key)
    r = rng.random()
    if r < 0.6:   # a value of the key's kind
        if isinstance(d, bool):
            return rng.choice(["true", "false", "\"true\"", "\"false\"", "1"])
        if isinstance(d, int):
            return rand_int_text(rng) if rng.random() < 0.85 else "\"%s\"" % rand_int_text(rng)
        if d is None:
            return rng.choice(["null", "\"x\"", "\"null\"", "4", "\"" + rand_string_body(rng) + "\""])
        return "\"" + (rng.choice([d, "auto", "normal", "pplx", "deepep", "none"])
                       if rng.random() < 0.7 else rand_string_body(rng)) + "\""
    if r < 0.75:
        return "\"" + rand_string_body(rng) + "\""
    if r < 0.85:
        return rand_int_text(rng)
    return rng.choice(["null", "true", "false", "[]", "[1, \"a\"]", "{}", "{\"a\": {\"b\": null}}",
                       "tru", "nul", "falsey", "NaN", "\"unterminated"])


def clean_value(rng, key):
    """A plain value of key's kind: what the fast reader takes."""
    d = DEFAULTS.get(key)
    if isinstance(d, bool):
        return rng.random() < 0.5
    if isinstance(d, int):
        return rng.choice([d, 0, 1, 2, 8, 4096, -1, 123456789012345678])
    if d is None:
        return rng.choice([None, "x", "null", "/m/a \"b\"\n\u00e9"])
    return rng.choice([d, "auto", "none", "pplx", "tab\there", "\u00e9\u20ac"])


def rand_name(rng):
    r = rng.random()
    k = rng.choice(KEYS)
    if r < 0.72:
        return k
    if r < 0.77:
        return k.replace("_", "-")                            # a flag without dashes
    if r < 0.8:
        return k.replace("_", "-")[:rng.randint(1, len(k))]   # a prefix of one
    if r < 0.87:
        return k[:-1] if len(k) > 1 else k + "x"             # near miss
    if r < 0.92:
        return "--" + k.replace("_", "-")                     # a flag spelling
    if r < 0.96:
        return rng.choice(["host", "port", "served_model_name", "", "x" * 60])
    return k.replace("_", "\\u005f", 1)                       # the same name, escaped


def ws(rng):
    return rng.choice(["", "", "", " ", "  ", "\t", " \r ", "\n"]) if rng.random() < 0.3 else ""


def rand_line(rng, clean):
    names = rng.sample(KEYS, rng.randint(0, min(12, len(KEYS))))
    members = []
    for n in names:
        if clean:
            members.append((n, json.dumps(clean_value(rng, n))))
        else:
            members.append((rand_name(rng), rand_value(rng, n)))
    if not clean and members and rng.random() < 0.1:
        members.append(rng.choice(members))                   # a key twice
    sep = "," + ws(rng) if not clean else ", "
    body = sep.join("%s\"%s\"%s:%s%s" % (ws(rng), n, ws(rng), ws(rng), v) for n, v in members)
    line = ws(rng) + "{" + body + ws(rng) + "}" + ws(rng)
    if not clean:
        r = rng.random()
        if r < 0.04:
            line = line[:rng.randint(0, len(line))]           # cut
        elif r < 0.07:
            line = line.replace("}", ",}", 1) if members else line
        elif r < 0.10:
            line += rng.choice(["x", "{}", ",", " 1"])
        elif r < 0.12:
            line = rng.choice(["[]", "1", "\"s\"", "null", "--tp-size 2", ""])
    data = line.replace("\n", " ").encode("utf-8")
    if not clean and rng.random() < 0.03:
        data = data.replace(b"a", b"\xff", 1)                 # invalid UTF-8
    return data


failures = []
seeds = [args.seed] if args.seed is not None else list(range(args.seeds))
for seed in seeds:
    rng = random.Random(seed)
    lines = [rand_line(rng, rng.random() < 0.3) for _ in range(args.lines)]
    stdin = b"\n".join(lines) + b"\n"
    for extra in ([], ["--ignore-unknown"]):
        for fmt in ("json", "text"):
            argv = ["check", "--no-env", "-r", RULES, "--input", "json", "--format", fmt] + extra
            a = run(argv, stdin, False)
            b = run(argv, stdin, True)
            what = "seed %d, %s" % (seed, " ".join(argv[1:]))
            if (a.stdout, a.stderr, a.returncode) != (b.stdout, b.stderr, b.returncode):
                al, bl = a.stdout.split(b"\n"), b.stdout.split(b"\n")
                diff = next((i for i in range(min(len(al), len(bl))) if al[i] != bl[i]), None)
                failures.append("%s: the readers differ%s" % (
                    what, "" if diff is None else " at output line %d:\n  fast: %r\n  slow: %r" % (
                        diff + 1, al[diff][:300], bl[diff][:300])))
                continue
            if fmt == "json" and not extra:
                n = len(json_records(a.stdout))
                if n != len(lines):
                    failures.append("%s: %d records for %d lines" % (what, n, len(lines)))
    argv = ["check", "--no-env", "-r", RULES, "--input", "json", "--format", "json", "-j", "2"]
    c = run(argv, stdin, False, {"FLAGRULE_CHUNK_SIZE": "61"})
    a = run(argv[:-2], stdin, True)
    if (c.stdout, c.returncode) != (a.stdout, a.returncode):
        failures.append("seed %d: -j 2 with 61-byte chunks differs from the slow reader" % seed)

# The fast reader takes the clean lines (flat objects of known keys with
# plain values; FLAGRULE_JSON_STATS counts the lines of each reader): a
# reader that always gave up would pass the comparisons above.
rng = random.Random(12345)
clean = [rand_line(rng, True) for _ in range(200)]
p = run(["check", "--no-env", "-r", RULES, "--input", "json", "--format", "compact"],
        b"\n".join(clean) + b"\n", False, {"FLAGRULE_JSON_STATS": "1"})
want = b"flagrule: json input: %d fast, 0 jansson\n" % len(clean)
if p.stderr != want:
    failures.append("clean lines: %r, want %r" % (p.stderr, want))
# and a lone surrogate escape, which jansson refuses, is not taken
p = run(["check", "--no-env", "-r", RULES, "--input", "json", "--format", "compact"],
        b'{"moe_a2a_backend": "pplx\\udc00"}\n', False, {"FLAGRULE_JSON_STATS": "1"})
if not p.stdout.startswith(b"invalid") or not p.stderr.endswith(b"0 fast, 1 jansson\n"):
    failures.append("a lone surrogate escape: %r %r" % (p.stdout, p.stderr))

print("%d seeds x %d lines, %d failures" % (len(seeds), args.lines, len(failures)))
for f in failures[:20]:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
