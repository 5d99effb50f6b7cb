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
    if check_sane(r, name, statuses):
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

finish()
