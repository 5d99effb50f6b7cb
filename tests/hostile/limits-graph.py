#!/usr/bin/env python3
"""Big dependency graphs: long declare chains, long cycles, alias chains.

Compiling, checking and explaining must end in bounded time and memory, with
no stack overflow: a 100,000-long chain of declarations, a 20,000-key
cycle (an oscillation), a 100,000-long chain of aliases, alias cycles, and
`explain` at the end of the chain (its text may be cut, not unbounded).
Also: under an oscillation, `explain` says so instead of contradicting
itself.
"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import *

N = max(10, int(100000 * SCALE))
C = max(3, int(20000 * SCALE))

chain = write("chain.rules",
              "".join("flag k%d : int = 0;\n" % i for i in range(N + 1)) +
              "".join("rule r%d: k%d = 1 -> declare k%d = 1;\n" % (i, i, i + 1) for i in range(N)) +
              "rule last: k%d = 1 -> error \"end reached\";\n" % N)
for args, st in ((["lint", "-r", chain], (0,)),
                 (["check", "-r", chain, "--format", "compact", "--", "--k0", "1"], (1,)),
                 (["check", "-r", chain, "--format", "compact", "--"], (0,)),
                 (["resolve", "-r", chain, "--format", "kv", "--", "--k0", "1"], (1,)),
                 (["explain", "-r", chain, "k%d" % N, "--", "--k0", "1"], (0,)),
                 (["explain", "-r", chain, "--why-not", "last", "--"], (0,)),
                 (["test", "-r", chain], (0,))):
    name = "%d-long declare chain: %s" % (N, args[0] + (" --why-not" if "--why-not" in args else ""))
    r = run(args, timeout=20, measure_rss=True)
    if check_sane(r, name, st):
        check(len(r.out) < 64 << 20, name + ": output bounded (%d MB)" % (len(r.out) >> 20))
        check(r.maxrss_kb < 2 << 20, name + ": memory bounded (%d MB)" % (r.maxrss_kb >> 10))
        if args[0] == "check" and "--k0" in args:
            check(r.out.startswith(b"error\tlast\t"), name + ": the declarations reach the end",
                  repr(r.out[:100]))

cycle = write("cycle.rules",
              "".join("flag c%d : int = 0;\n" % i for i in range(C)) +
              "".join("rule q%d: c%d = 0 -> declare c%d = 1;\n" % (i, i, (i + 1) % C) for i in range(C)))
for args, st in ((["lint", "-r", cycle], (0,)),
                 (["check", "-r", cycle, "--format", "compact", "--"], (1,)),
                 (["explain", "-r", cycle, "c%d" % (C // 2), "--"], (0, 1))):
    name = "%d-key cycle: %s" % (C, args[0])
    r = run(args, timeout=20, measure_rss=True)
    if check_sane(r, name, st):
        check(len(r.out) + len(r.err) < 64 << 20, name + ": output bounded")
        check(r.maxrss_kb < 2 << 20, name + ": memory bounded (%d MB)" % (r.maxrss_kb >> 10))

# A ring of bools that each turn the next one on converges after as many
# rounds as it has keys (more than the 1000 rounds of a small cycle): every
# key true, no oscillation.
R = max(10, int(1500 * SCALE))
ring = write("ring.rules",
             "".join("flag k%d : bool = false;\n" % i for i in range(R)) +
             "".join("rule t%d: k%d -> declare k%d = true;\n" % (i, i, (i + 1) % R) for i in range(R)))
r = run(["check", "-r", ring, "--format", "compact", "--", "--k0"], timeout=20)
if check_sane(r, "%d-key ring" % R, (0,)):
    check(r.out.startswith(b"ok\t-\t") and r.out.count(b"=true") == R,
          "%d-key ring: converges, every key true" % R, repr(r.out[:80]))

aliases = write("alias.rules", "flag k : int = 0;\nalias a0 = k;\n" +
                "".join("alias a%d = a%d;\n" % (i, i - 1) for i in range(1, N)) +
                "rule r: a%d = 1 -> error \"via the last alias\";\n" % (N - 1))
r = run(["check", "-r", aliases, "--format", "compact", "--", "--k", "1"], timeout=20)
if check_sane(r, "%d-long alias chain" % N, (1,)):
    check(r.out.startswith(b"error\tr\t"), "%d-long alias chain resolves to the key" % N, repr(r.out[:80]))
r = run(["lint", "-r", write("acyc.rules", "flag k : int = 0;\n" +
                             "".join("alias b%d = b%d;\n" % (i, (i + 1) % N) for i in range(N)))], timeout=20)
check_located_error_or_ok(r, "%d-alias cycle" % N)
if r.rc == 2:
    check(r.err.count(b"\n") < 200, "%d-alias cycle: errors capped" % N)

# A short oscillation: explain must not say "condition is false" for a rule
# whose only term it shows as true.
cyc3 = write("cyc3.rules", "flag c0 : int = 0;\nflag c1 : int = 0;\nflag c2 : int = 0;\n"
             "rule q0: c0 = 0 -> declare c1 = 1;\nrule q1: c1 = 0 -> declare c2 = 1;\n"
             "rule q2: c2 = 0 -> declare c0 = 1;\n")
r = run(["explain", "-r", cyc3, "c1", "--"], timeout=20)
if check_sane(r, "explain under an oscillation", (0, 1)):
    check(re.search(rb"(?i)oscillat|never settle|keep changing", r.out) is not None,
          "explain under an oscillation says that the key oscillates", r.out.decode("utf-8", "replace"))

finish()
