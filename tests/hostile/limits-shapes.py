#!/usr/bin/env python3
"""Rule-set shapes that once made the compiler, lint or doc superlinear.

Each shape is legal and big (100,000 rules, values or keys at scale 1); it
must compile and evaluate within a time limit that a linear implementation
meets with a wide margin and the quadratic one did not (the figures in the
commit messages), and within linear memory.  No timing is asserted beyond
the limit.
"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import *

N = max(100, int(100000 * SCALE))


def linear_run(name, args, rules, statuses, timeout=30, stdin=b"", per_rule_kb=2):
    r = run(args, stdin=stdin, timeout=timeout, measure_rss=True)
    # (the memory bound is the program's: under ASan the shadow memory and
    # the quarantine of freed blocks come on top, 10-15x here; the plain gcc
    # and clang builds of CI check it)
    if check_sane(r, name, statuses) and not SANITIZED:
        check(r.maxrss_kb < per_rule_kb * rules + (64 << 10),
              name + ": memory linear (%d KB for %d rules)" % (r.maxrss_kb, rules))
    return r


# N copies of one unnamed rule: ids <stem>-<hash>, -2, ..., -N (each once a
# probe of every lower suffix: quadratic, ~3 s at 10,000 rules).
same = write("same.rules", "flag x : int = 0;\n" + "x = 5 -> error \"same\";\n" * N)
r = linear_run("%d equal unnamed rules" % N, ["check", "--no-env", "--format", "compact", "-r", same],
               N, (1,), stdin=b"--x 5\n")
if r.rc == 1:
    ids = r.out.split(b"\t")[1].split(b",")
    check(len(ids) == N and len(set(ids)) == N and ids[-1].endswith(b"-%d" % N),
          "%d equal unnamed rules: every one fires, ids unique, the last -%d" % (N, N), repr(r.out[-80:]))

# One enum of N values, every value compared by a rule, and rules whose only
# guard passes for nearly every value (`e != v0`): the index build walked
# the whole domain for each rule (O(rules * values): 1.7 s at 10,000, 5 s
# for 10,000 `!=` rules on a 10,000-value enum).
big = write("bigenum.rules",
            "flag e : enum { %s } = v0;\nflag x : int = 0;\n" % ", ".join("v%d" % i for i in range(N)) +
            "".join("rule r%d: e = v%d -> error \"r\";\n" % (i, i) for i in range(N)) +
            "".join("rule n%d: e != v0 & x != %d -> error \"n\";\n" % (i, i) for i in range(0, N, 10)) +
            "".join("rule s%d: e in { v%d, v%d } -> error \"s\";\n" % (i, i, N - 1 - i) for i in range(0, N, 10)) +
            "".join("rule t%d: e not in { v0, v%d } & x = %d -> error \"t\";\n" % (i, i, i) for i in range(0, N, 10)))
nrules = N + 3 * (N // 10)
r = linear_run("%d-value enum, every value compared" % N,
               ["check", "--no-env", "--format", "compact", "-r", big], nrules, (1,),
               stdin=b"--e v10 --x 10\n--e v0\n--e v%d --x 20\n" % (N - 1))
if r.rc == 1:
    lines = r.out.split(b"\n")
    first = set(lines[0].split(b"\t")[1].split(b","))
    want = {b"r10", b"s10"} | {b"n%d" % i for i in range(0, N, 10) if i != 10}
    check(first == want, "%d-value enum: the rules of a value fire, and only they" % N,
          repr(sorted(first ^ want)[:10]))
    check(lines[1].startswith(b"error\tr0,s0\t"), "%d-value enum: the default's rule alone" % N, repr(lines[1][:80]))

# lint's "no config found on which the rule fires" (rule sets of at most
# 5,000 rules): a declare chain's keys were gathered into lists searched
# linearly (O(n^2) a rule: 34 s for a 5,000-long chain), and rules of 100
# conjuncts each went through the search by number of keys, its budget of
# evaluations spent every time, before the config built from the
# condition's shape was tried (38 s for 200 such rules).
L = max(50, int(4990 * SCALE))   # (with "never": under the 5,000-rule limit)
chain = write("chain.rules",
              "".join("flag k%d : int = 0;\n" % i for i in range(L + 1)) +
              "".join("rule d%d: k%d >= 0 -> declare k%d = k%d + 1;\n" % (i, i, i + 1, i) for i in range(L)) +
              "rule never: k0 > 1 & k0 < 1 -> error \"never\";\n")
r = linear_run("lint of a %d-long declare chain" % L, ["lint", "-r", chain], L, (0,), timeout=20)
if r.rc == 0:
    check(r.err.count(b"no config found on which") == 1 and b"'never'" in r.err,
          "lint of a %d-long declare chain: the one unsatisfiable rule reported" % L, r.err[-300:])
W = max(4, int(100 * SCALE))
wide = write("wide.rules",
             "".join("flag b%d : bool = false;\n" % i for i in range(100)) +
             "".join("rule w%d: %s -> error \"w\";\n" % (j, " & ".join("b%d" % ((i + j) % 100) for i in range(100)))
                     for j in range(W)) +
             "".join("rule o%d: %s -> error \"o\";\n" % (j, " | ".join("b%d" % ((i + j) % 100) for i in range(100)))
                     for j in range(W)))
r = linear_run("lint of %d rules of 100 conjuncts" % (2 * W), ["lint", "-r", wide], 2 * W, (0,), timeout=20)
if r.rc == 0:
    check(b"no config found" not in r.err, "lint of %d rules of 100 conjuncts: every rule can fire" % (2 * W),
          r.err[-300:])

# doc's related errors: each page compared its rule with every error rule
# and kept them all (rules^2 time and memory: 2.4 GB at 10,000 rules that
# all read one key).
D = max(100, int(10000 * SCALE))
onekey = write("onekey.rules", "flag x : int = 0;\n" +
               "".join("rule r%d: x = %d -> error \"v%d\";\n" % (i, i, i) for i in range(D)))
r = linear_run("doc of %d rules on one key" % D, ["doc", "--format", "json", "-r", onekey], D, (0,),
               timeout=60, per_rule_kb=8)
if r.rc == 0:
    check(r.out.count(b'"related"') >= D,
          "doc of %d rules on one key: a page each" % D)

# doc's example search gathered the keys a rule depends on by walking every
# declarer of every key it reads, again for every rule it collected (its
# blame step collects each other error that fires): one page of this set
# of 100,000 rules, 15% of them declare rules feeding 200 keys, took 94 s;
# the declarers' keys are now listed once per run, and each key's
# declarers walked once per search.
import random
rng = random.Random(7)
S = max(1000, int(100000 * SCALE))
dense = ["flag f%d : int = 0;\n" % i for i in range(200)]
for i in range(S):
    if rng.random() < 0.15:
        j = rng.randrange(2, 200)
        a, b = rng.sample(range(j), 2)
        dense.append("rule d%d: f%d = %d & f%d < %d -> declare f%d = %d;\n"
                     % (i, a, rng.randrange(1, 5), b, rng.randrange(1, 5), j, j))
    else:
        a, b = rng.sample(range(200), 2)
        dense.append("rule r%d: f%d = %d & f%d != %d -> error \"r%d\";\n"
                     % (i, a, rng.randrange(1, 5), b, rng.randrange(0, 5), i))
dense_path = write("dense.rules", "".join(dense))
r = linear_run("doc of one page among %d dense rules" % S, ["doc", "--format", "json", "-r", dense_path, "r0"], S, (0,),
               timeout=30)
if r.rc == 0:
    check(r.out.startswith(b'{"generator"') and b'"name": "r0"' in r.out and r.out.count(b"\n") == 1,
          "doc of one page among %d dense rules: the page" % S, r.out[:200])

# The configs of doc's search were arrays over every key, copied, counted and
# turned into a command line by walking all of them, at every evaluation:
# one page among 20,000 dense rules took 13-22 s with 300,000 more (unused)
# flags, against 0.5 s without them.  A config now lists its keys.
W = max(1000, int(300000 * SCALE))
wide = dense[:200] + dense[200:200 + max(100, int(20000 * SCALE))] + \
    ["".join("flag u%d : int = 0;\n" % i for i in range(W))]
wide = write("dense-wide.rules", "".join(wide))
r = linear_run("doc of one page among dense rules and %d unused flags" % W,
               ["doc", "--format", "json", "-r", wide, "r0"], W, (0,), timeout=10)
if r.rc == 0:
    check(b'"name": "r0"' in r.out and r.out.count(b"\n") == 1,
          "doc of one page among dense rules and %d unused flags: the page" % W, r.out[:200])

# A key costs memory of its own, rules or not: the evaluator's index once
# gave every key two guard tables (176 bytes, for the few keys a rule is
# guarded on) and the fused reader's table a 72-byte padded copy of its
# spelling and four slots (~1.1 KiB a key in all: 340 MB for 300,000
# flags; now ~0.75 KiB).
keys = write("keys.rules", "".join("flag u%d : int = 0;\n" % i for i in range(W)) +
             "rule r0: u1 > 2 -> error \"u1 is {u1}\";\n")
r = linear_run("check with %d flags and one rule" % W, ["check", "--no-env", "--format", "compact", "-r", keys],
               W, (1,), stdin=b"--u1 3\n--u%d 3\n" % (W - 1), timeout=10, per_rule_kb=0.85)
if r.rc == 1:
    check(r.out == b"error\tr0\t-\nok\t-\t-\n", "check with %d flags and one rule: the records" % W, r.out)

# Names that differ where a table's hash did not look: in their last two
# bytes (the spelling and program-flag hashes left them out of a slot index
# below 2^16 slots), in bytes 8-15 of a 40-byte name (the spelling map's
# hash read bytes 0-7, the middle and the last 8), and before the last 8
# bytes of names of one length (the fused reader's hash read only those):
# every such name in one run of slots, each build and lookup a walk of it
# (40,000 flags and 100,000 configs of 8 of them: 13-15 s; now 0.3 s).
F = max(1000, int(40000 * SCALE))
LINES = max(1000, int(100000 * SCALE))
for shape, pat in (("the last two bytes", "--flag-name-aa%02d%c%c"),
                   ("bytes 8-15 of 40", "--layer-%05d-attention-backend-override"),
                   ("before the last 8", "--attn-%05d-backend")):
    if "%c" in pat:
        al = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        names = [pat % (i // (62 * 62), al[i // 62 % 62], al[i % 62]) for i in range(F)]
    else:
        names = [pat % i for i in range(F)]
    text = "".join("flag f%d : int = 0 cli \"%s\";\n" % (i, n) for i, n in enumerate(names))
    text += "".join("cli value \"%s-p\";\n" % n for n in names[:F // 2])
    text += "rule r0: f1 = 7 -> error \"f1 is {f1}\";\n"
    path = write("names-%d.rules" % len(shape), text)
    lines = "".join(" ".join("%s %d" % (names[(i * 7919 + j * 104729) % F], (i + j) % 9) for j in range(8)) +
                    " %s-p x\n" % names[(i * 37) % (F // 2)] for i in range(LINES))
    lines += "%s 7\n" % names[1]
    r = linear_run("%d flags named alike but for %s, %d configs" % (F, shape, LINES),
                   ["check", "--no-env", "-j", "1", "--format", "compact", "-r", path], F, (1,),
                   stdin=lines.encode(), timeout=10, per_rule_kb=4)
    if r.rc == 1:
        out = r.out.split(b"\n")
        check(len(out) == LINES + 2 and out[-2] == b"error\tr0\t-" and out[0].startswith(b"ok"),
              "%d flags named alike but for %s: the records" % (F, shape), repr(r.out[-120:]))

# --input json, one object of J members written as reals (0.0, 1.0, ...)
# of J int keys: each member's digits were found by a scan of the whole
# line (J times the line: 30,000 members ~10 s); now one sorted pass.
J = max(1000, int(30000 * SCALE))
jrules = write("json-reals.rules", "".join("flag k%d : int = 0;\n" % i for i in range(J)) +
               "rule r0: k1 = 1 -> error \"k1 is {k1}\";\n")
obj = "{" + ", ".join('"k%d": %d.0' % (i, i) for i in range(J)) + "}\n"
r = linear_run("--input json, %d real members" % J,
               ["check", "--no-env", "--input", "json", "--format", "compact", "-r", jrules], J, (1,),
               stdin=obj.encode(), timeout=10, per_rule_kb=4)
check(r.out == b"error\tr0\t-\n", "--input json, %d real members: the record" % J, repr(r.out[:200]))

finish()
