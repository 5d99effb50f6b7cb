#!/usr/bin/env python3
"""Property: `resolve` output fed back to `check` passes with the same
resolved values, as a command line and as a JSON object (--input json).

For every config that checks ok, `flagrule resolve --format flags` prints a
command line; that command line, checked again, must be ok, and
`resolve --format json` of it must equal `resolve --format json` of the
original config (the resolved state is a fixed point: giving every key its
resolved value changes nothing).  On the shipped rules with the configs of
tests/sglang/cases.txt, and on generated rule sets whose declarations only
rewrite `auto` values (tests/props/gen.py, roundtrip mode, fixed seeds).

    roundtrip.py [--seeds N] [--seed S] [--max-shipped N]
"""
import argparse
import json
import os
import random
import shlex
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen
from props import *

ap = argparse.ArgumentParser()
ap.add_argument("--seeds", type=int, default=int(os.environ.get("PROPS_SEEDS", "40")) // 2)
ap.add_argument("--seed", type=int, default=None)
ap.add_argument("--max-shipped", type=int, default=120)
args = ap.parse_args()
skip_without_binary()

failures = []
tested = 0


def resolve_json(rargs, words):
    p = flagrule(["resolve", "--no-env", "--format", "json"] + rargs + ["--"] + words)
    try:
        return p.returncode, json.loads(p.stdout.decode("utf-8"))
    except ValueError:
        return p.returncode, ("unparsable", p.stdout[:300], p.stderr[:300])


def roundtrip(rargs, config, label):
    """Returns None if fine, or a description of the failure."""
    global tested
    words = shlex.split(config)
    c = flagrule(["check", "--no-env", "--format", "compact"] + rargs + ["--"] + words)
    if c.returncode != 0:
        return None          # only ok configs are round-tripped
    tested += 1
    f = flagrule(["resolve", "--no-env", "--format", "flags"] + rargs + ["--"] + words)
    if f.returncode != 0:
        return "%s: resolve of an ok config exits %d: %s" % (label, f.returncode, f.stderr[:300])
    text = f.stdout.decode("utf-8", "surrogateescape").strip()
    try:
        back = shlex.split(text)
    except ValueError as e:
        return "%s: resolve printed words sh cannot split (%s): %r" % (label, e, text)
    c2 = flagrule(["check", "--no-env", "--format", "compact"] + rargs + ["--"] + back)
    if c2.returncode != 0:
        return "%s: config %r resolves to %r, which checks %s: %s %s" % (
            label, config, text, c2.returncode, c2.stdout[:200], c2.stderr[:200])
    s1, j1 = resolve_json(rargs, words)
    s2, j2 = resolve_json(rargs, back)
    if j1 != j2:
        diff = {k: (j1.get(k), j2.get(k)) for k in set(j1) | set(j2)
                if j1.get(k) != j2.get(k)} if isinstance(j1, dict) and isinstance(j2, dict) else (j1, j2)
        return "%s: config %r resolves to %r; resolved values differ (original, fed back): %s" % (
            label, config, text, diff)
    # the same through JSON: resolve's object, checked with --input json,
    # passes and resolves to itself
    if isinstance(j1, dict):
        jtext = json.dumps(j1)
        c3 = flagrule(["check", "--no-env", "--format", "compact", "--input", "json"] + rargs + ["--", jtext])
        if c3.returncode != 0:
            return "%s: config %r resolves to the JSON %s, which checks %s: %s %s" % (
                label, config, jtext, c3.returncode, c3.stdout[:200], c3.stderr[:200])
        p = flagrule(["resolve", "--no-env", "--format", "json", "--input", "json"] + rargs + ["--", jtext])
        try:
            j3 = json.loads(p.stdout.decode("utf-8"))
        except ValueError:
            j3 = ("unparsable", p.stdout[:300], p.stderr[:300])
        if j3 != j1:
            return "%s: config %r resolves to the JSON %s, which resolves to %s" % (label, config, jtext, j3)
    return None


try:
    # ---- the shipped rules ---------------------------------------------------
    if args.seed is None:
        table = os.path.join(TOP_SRC, "tests", "sglang", "cases.txt")
        cfgs = []
        if os.path.exists(table):
            with open(table, encoding="utf-8") as f:
                for line in f:
                    if line.strip() and not line.lstrip().startswith("#") and "=>" in line:
                        cfgs.append(line[:line.rindex("=>")].strip())
        cfgs = random.Random(0).sample(cfgs, min(len(cfgs), args.max_shipped * 3))
        n0 = tested
        for cfg in cfgs:
            if tested - n0 >= args.max_shipped:
                break
            err = roundtrip(["-r", RULES], cfg, "shipped rules")
            if err:
                failures.append(err)
        print("shipped rules: %d ok configs round-tripped" % (tested - n0))

    # ---- generated rule sets -----------------------------------------------------
    top = tempfile.mkdtemp(prefix="flagrule-roundtrip-")
    seeds = [args.seed] if args.seed is not None else list(range(1001, 1001 + args.seeds))
    for seed in seeds:
        rng = random.Random(seed)
        keys, rules = gen.gen_ruleset(rng, roundtrip=True)
        p = os.path.join(top, "seed%d.rules" % seed)
        with open(p, "w") as f:
            f.write("\n".join([gen.decl_text(k) for k in keys] + [t for _, t in rules]) + "\n")
        lint = flagrule(["lint", "-r", p])
        if lint.returncode == 2:
            print("seed %d: rules do not compile (skipped): %s" % (
                seed, lint.stderr.decode("utf-8", "replace").split("\n")[0]))
            continue
        n0 = tested
        bad = 0
        for _ in range(40):
            err = roundtrip(["-r", p], gen.gen_config(rng, keys), "seed %d (%s)" % (seed, p))
            if err:
                bad += 1
                if bad <= 2:
                    failures.append(err)
        print("seed %d: %d ok configs round-tripped, %d failed" % (seed, tested - n0, bad))
        if not bad:
            os.unlink(p)
except Crash as e:
    failures.append(str(e))

print("%d round trips, %d failures" % (tested, len(failures)))
for f in failures[:30]:
    print("FAIL: " + f)
if tested == 0 and not failures:
    print("SKIP: no config checked ok (rules or CLI missing?)")
    sys.exit(77)
sys.exit(1 if failures else 0)
