#!/usr/bin/env python3
"""Property: the order of rules and of files never changes the result.

For random rule sets (tests/props/gen.py, fixed seeds) and random configs,
the rule set is written as one file, then split over several files in
shuffled order, given as a directory, as -r files in several orders, and
with the files renamed so that their byte order is reversed.  Every variant
must compile the same way and give the same `check --format json` and
`--format compact` records, up to what the order legitimately changes: the
order of the messages (file order), locations, and the order in which a
conflict names its rules.

    order.py [--seeds N] [--seed S] [--keep]
"""
import argparse
import os
import random
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen
from props import *

ap = argparse.ArgumentParser()
ap.add_argument("--seeds", type=int, default=int(os.environ.get("PROPS_SEEDS", "40")))
ap.add_argument("--seed", type=int, default=None)
ap.add_argument("--keep", action="store_true")
args = ap.parse_args()
skip_without_binary()

seeds = [args.seed] if args.seed is not None else list(range(1, args.seeds + 1))
failures = []
compiled = 0
top = tempfile.mkdtemp(prefix="flagrule-props-")


def write_variant(d, files, names):
    os.makedirs(d)
    paths = []
    for items, name in zip(files, names):
        p = os.path.join(d, name)
        with open(p, "w") as f:
            f.write("\n".join(items) + "\n")
        paths.append(p)
    return paths


def outcome(rargs, stdin):
    pj = flagrule(["check", "--no-env", "--format", "json"] + rargs, stdin)
    pc = flagrule(["check", "--no-env", "--format", "compact"] + rargs, stdin)
    if pj.returncode == 2 or pc.returncode == 2:
        # A rule-file error: the same errors whatever the order (set of messages
        # without locations).
        msgs = sorted(set(LOC_RE.sub("<loc>", l) for l in
                          pj.stderr.decode("utf-8", "replace").split("\n") if ": error: " in l))
        return ("rules-error", [m.split(": error: ", 1)[1] for m in msgs])
    try:
        js = [normalize(r) for r in json_records(pj.stdout)]
    except ValueError as e:
        return ("bad-json", str(e))
    return (pj.returncode, js, compact_records(pc.stdout))


# Fixed cases (regressions), each a set of files compiled in every order.
FIXED = [
    ("three rules declare one key three ways (a conflict must name the same "
     "rules whatever the file order)",
     {"x1.rules": "flag k : int = 0;\nflag m : int = 0;\n"
                  "rule a: m = 0 -> declare k = 1;\nrule b: m = 0 -> declare k = 2;\n",
      "x2.rules": "rule c: m = 0 -> declare k = 3;\n"},
     ["", "--m 1", "--k 5"]),
]


def run_fixed():
    import itertools
    for name, files, cfgs in FIXED:
        d = os.path.join(top, "fixed-%d" % abs(hash(name)))
        os.makedirs(d)
        paths = []
        for fn, text in files.items():
            p = os.path.join(d, fn)
            with open(p, "w") as f:
                f.write(text)
            paths.append(p)
        stdin = ("\n".join(cfgs) + "\n").encode()
        outs = {}
        for perm in itertools.permutations(paths):
            outs[" ".join(os.path.basename(p) for p in perm)] = outcome(
                [a for p in perm for a in ("-r", p)], stdin)
        first = next(iter(outs.values()))
        bad = [k for k, v in outs.items() if v != first]
        if bad:
            failures.append("fixed case: %s: differs for file order %s:\n      %s\n      %s" % (
                name, bad[0], str(first)[:600], str(outs[bad[0]])[:600]))
            print("FAIL fixed case: " + name)
        else:
            print("ok fixed case: " + name)


try:
    if args.seed is None:
        run_fixed()
    for seed in seeds:
        rng = random.Random(seed)
        keys, rules = gen.gen_ruleset(rng, stratified=(seed % 3 == 0))
        decls = [gen.decl_text(k) for k in keys]
        configs = [gen.gen_config(rng, keys) for _ in range(60)]
        stdin = ("\n".join(configs) + "\n").encode()
        sd = os.path.join(top, "seed%d" % seed)
        variants = {}
        base = write_variant(os.path.join(sd, "one"), [decls + [t for _, t in rules]], ["all.rules"])
        variants["one file"] = ["-r", base[0]]
        for v in range(3):
            nfiles = rng.randint(2, 4)
            files = gen.split_files(rng, decls, rules, nfiles)
            names = ["f%d.rules" % i for i in range(nfiles)]
            paths = write_variant(os.path.join(sd, "split%d" % v), files, names)
            variants["split %d (directory)" % v] = ["-r", os.path.dirname(paths[0])]
            rev = list(reversed(paths))
            variants["split %d (-r files reversed)" % v] = [a for p in rev for a in ("-r", p)]
            perm = paths[:]
            rng.shuffle(perm)
            variants["split %d (-r files shuffled)" % v] = [a for p in perm for a in ("-r", p)]
            renamed = write_variant(os.path.join(sd, "split%d-renamed" % v), files,
                                    ["g%d.rules" % (nfiles - i) for i in range(nfiles)])
            variants["split %d (renamed, byte order reversed)" % v] = ["-r", os.path.dirname(renamed[0])]
        ref_name = "one file"
        ref = outcome(variants[ref_name], stdin)
        if ref[0] != "rules-error":
            compiled += 1
        bad = []
        for name, rargs in variants.items():
            if name == ref_name:
                continue
            got = outcome(rargs, stdin)
            if got != ref:
                detail = ""
                if ref[0] == got[0] and len(ref) == 3 and len(got) == 3:
                    for i, (a, b) in enumerate(zip(ref[1], got[1])):
                        if a != b:
                            detail = "config line %d: %s\n      one file: %s\n      %s: %s" % (
                                i + 1, configs[i], a, name, b)
                            break
                    else:
                        for i, (a, b) in enumerate(zip(ref[2], got[2])):
                            if a != b:
                                detail = "config line %d (compact): %s\n      %s\n      %s" % (
                                    i + 1, configs[i], a, b)
                                break
                else:
                    detail = "one file: %s\n      %s: %s" % (str(ref)[:500], name, str(got)[:500])
                bad.append("%s differs: %s" % (name, detail))
        if bad:
            failures.append("seed %d (rules in %s):\n    %s" % (seed, sd, "\n    ".join(bad[:3])))
            print("FAIL seed %d" % seed)
        else:
            print("ok seed %d (%s, %d variants)" % (
                seed, "rules error" if ref[0] == "rules-error" else "status %s" % ref[0], len(variants)))
except Crash as e:
    failures.append(str(e))

print("%d seeds, %d compiled, %d failed" % (len(seeds), compiled, len(failures)))
for f in failures:
    print("FAIL: " + f)
if len(seeds) >= 10 and compiled < len(seeds) // 2:
    print("FAIL: fewer than half of the generated rule sets compile; the generator or the compiler is off")
    failures.append("generator")
if failures and (args.keep or os.environ.get("PROPS_KEEP")):
    print("kept: %s" % top)
else:
    shutil.rmtree(top, ignore_errors=True)
sys.exit(1 if failures else 0)
