#!/usr/bin/env python3
"""Out of memory in the flagrule command: one documented policy.

With tests/hostile/failmalloc.so preloaded, the N-th allocation of the
program fails (N = 1, 2, ... sampled).  Each run either gives exactly the
normal output and status, or stops with status 2 and the single line
'flagrule: out of memory' on stderr (what it printed before is a prefix of
the normal output).  Never a crash, never another message, never a
different answer with status 0/1.  Skipped in sanitizer builds (ASan owns
malloc there; the library-level test tests/hostile/oom covers them).
"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import *
import hostile
import struct

# A static flagrule (./configure --enable-static-binary) ignores LD_PRELOAD:
# the build's dynamically linked twin of it stands in (FLAGRULE_DYNAMIC).
if os.environ.get("FLAGRULE_DYNAMIC") and os.access(os.environ["FLAGRULE_DYNAMIC"], os.X_OK):
    hostile.FLAGRULE = FLAGRULE = os.environ["FLAGRULE_DYNAMIC"]


def dynamically_linked(exe):
    """True if the ELF file has a program interpreter (PT_INTERP)."""
    with open(exe, "rb") as f:
        h = f.read(64)
        if h[:4] != b"\x7fELF" or h[4] != 2:
            return True  # not a 64-bit ELF: let the runs tell
        end = "<" if h[5] == 1 else ">"
        phoff, = struct.unpack(end + "Q", h[32:40])
        phentsize, phnum = struct.unpack(end + "HH", h[54:58])
        f.seek(phoff)
        ph = f.read(phentsize * phnum)
    return any(struct.unpack(end + "I", ph[i * phentsize:i * phentsize + 4])[0] == 3
               for i in range(phnum))


if not dynamically_linked(FLAGRULE):
    skip("%s is linked statically: LD_PRELOAD does not apply (set FLAGRULE_DYNAMIC)" % FLAGRULE)
SHIM = os.path.join(os.path.abspath(TOP_BUILD), "tests", "hostile", "failmalloc.so")
if not os.path.exists(SHIM):
    skip("no %s (built by make check)" % SHIM)
if SANITIZED:
    skip("sanitizer build: LD_PRELOAD malloc shims do not combine with ASan")
MAX_RUNS = int(os.environ.get("OOM_MAX_RUNS", "120"))

RULES_FILE = write("r.rules", "flag k : int = 1;\nflag s : string = \"\";\n"
                   "rule big: k > 1 -> error \"k is {k!r}\";\n"
                   "rule re: s ~ /^a+$/ -> warn \"s={s}\";\n"
                   "rule d: k = 3 -> declare s = \"aaa\";\n")
SCENARIOS = [
    (["check", "-r", RULES, "--", "--moe-a2a-backend", "pplx", "--deepep-mode", "normal"], b""),
    (["check", "-r", RULES, "--format", "json"], b"--tp-size 2\n--moe-a2a-backend pplx\n--bad\n"),
    (["check", "-r", RULES_FILE, "--format", "compact"], b"--k 3\n--k 1 --s aa\n"),
    (["resolve", "-r", RULES, "--", "--moe-a2a-backend", "pplx"], b""),
    (["explain", "-r", RULES, "deepep_mode", "--", "--moe-a2a-backend", "pplx"], b""),
    (["lint", "-r", RULES_FILE], b""),
    (["test", "-r", RULES_FILE], b""),
    (["doc", "-r", RULES_FILE, "--format", "json"], b""),
]

counter = path("count")
kinds = {}
for args, stdin in SCENARIOS:
    name = " ".join(a for a in args if a not in (RULES, RULES_FILE))
    ref = run(args, stdin=stdin, env={"LD_PRELOAD": SHIM, "FAILMALLOC_COUNT": counter})
    if not check_sane(ref, name + " (no failure)"):
        continue
    with open(counter) as f:
        total = int(f.read())
    print("# %s: %d allocations" % (name, total))
    ats = list(range(1, min(total, 60) + 1))
    if total > 60:
        step = max(1, (total - 60) // max(1, MAX_RUNS - 60))
        ats += list(range(61, total + 1, step))
    bad = 0
    for sticky in (False, True):
        for at in ats:
            env = {"LD_PRELOAD": SHIM, "FAILMALLOC_AT": str(at)}
            if sticky:
                env["FAILMALLOC_STICKY"] = "1"
            r = run(args, stdin=stdin, env=env)
            what = "%s, allocation %d%s fails" % (name, at, "+" if sticky else "")
            OOM = b"flagrule: out of memory\n"
            same = r.rc == ref.rc and r.out == ref.out and r.err == ref.err
            # Stopping is fine: status 2, the OOM line last, and before it
            # only what a normal run prints (a prefix of stdout and stderr).
            stopped = (r.rc == 2 and r.err.endswith(OOM) and
                       ref.err.startswith(r.err[:-len(OOM)]) and ref.out.startswith(r.out))
            good = not r.timed_out and not r.crashed and (same or stopped)
            if not good:
                bad += 1
                kind = "timeout" if r.timed_out else "signal %d" % -r.rc if r.rc < 0 else \
                    "status %d: %s" % (r.rc, re.sub(rb"/\S*|\d+", b"#", (r.err.strip().split(b"\n") or [b""])[-1])
                                       .decode("utf-8", "replace")[:100])
                kinds[kind] = kinds.get(kind, 0) + 1
                if bad <= 3:
                    check(False, what, r.describe() + "\n    stdout: %r" % r.out[:300])
    check(bad == 0, "%s: every failing allocation is handled (%d runs, %d bad)"
          % (name, 2 * len(ats), bad))

for k, n in sorted(kinds.items(), key=lambda x: -x[1]):
    print("# bad outcome, %d times: %s" % (n, k))

finish()
