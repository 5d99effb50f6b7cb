#!/usr/bin/env python3
"""Deeply nested and very long expressions in rule files.

Each input either compiles (status 0) or stops with an explicit limit: a
located error (FILE:LINE:COL: error: ...) and status 2.  Never a crash (stack
overflow), never a hang.  The same inside test blocks, message templates and
declare values, and for `lint` (which walks the expressions again).
"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import *

N = int(100000 * SCALE) or 1
HEAD = "flag k : int = 1;\nflag b : bool = false;\nflag e : enum { x, y } = x;\n"

cases = {
    "100k open parens, unclosed": "rule r: " + "(" * N + "k = 1 -> error \"m\";\n",
    "100k balanced parens": "rule r: " + "(" * N + "k = 1" + ")" * N + " -> error \"m\";\n",
    "100k parens around an int": "rule r: " + "(" * N + "k" + ")" * N + " = 1 -> error \"m\";\n",
    "100k '!'": "rule r: " + "!" * N + "b -> error \"m\";\n",
    "100k unary '-'": "rule r: " + "- " * N + "k = 1 -> error \"m\";\n",
    "100k-term '&' chain": "rule r: " + " & ".join(["k = 1"] * N) + " -> error \"m\";\n",
    "100k-term '|' chain": "rule r: " + " | ".join(["b"] * N) + " -> error \"m\";\n",
    "100k-term '+' chain": "rule r: " + " + ".join(["k"] * N) + " = 1 -> error \"m\";\n",
    "100k-term '*' chain": "rule r: " + " * ".join(["k"] * N) + " = 1 -> error \"m\";\n",
    "100k-term right-nested '&'": "rule r: " + "b & (" * N + "b" + ")" * N + " -> error \"m\";\n",
    "100k parens in a declare value": "rule r: b -> declare k = " + "(" * N + "1" + ")" * N + ";\n",
    "100k parens in require": "rule r: b -> require " + "(" * N + "b" + ")" * N + " else \"m\";\n",
    "100k-member set": "rule r: k in { " + ", ".join(str(i) for i in range(N)) + " } -> error \"m\";\n",
    "100k nested braces": "rule r: k in " + "{ " * N + "1" + " }" * N + " -> error \"m\";\n",
    "100k '{{' in a template": "rule r: b -> error \"" + "{{" * N + "{k}" + "}}" * N + "\";\n",
    "100k '{' in a template": "rule r: b -> error \"" + "{" * N + "\";\n",
    "100k interpolations": "rule r: b -> error \"" + "{k!r}" * N + "\";\n",
    "100k unknown interpolations": "rule r: b -> error \"" + "{nosuch}" * N + "\";\n",
    "100k declare items": "rule r: b -> declare " + ", ".join(["k = 1"] * N) + ";\n",
    "100k enum values": "flag big : enum { " + ", ".join("v%d" % i for i in range(N)) + " } = v0;\n",
    "100k cli spellings": "flag c : int = 0 cli " + ", ".join('"--c%d"' % i for i in range(N)) + ";\n",
    "100k test expectations": "test \"t\" { --k 1 => " + ", ".join(["ok"] * N) + " }\n",
    "100k config words in a test": "test \"t\" { " + "--k 1 " * N + "=> ok }\n",
    "100k open parens in a test value": "test \"t\" { --k 1 => k = " + "(" * N + " }\n",
    "100k 'doc' solutions": "rule r: b -> error \"m\" doc { " + "solution \"s\"; " * N + "};\n",
    "100k adjacent strings": "rule r: b -> error " + "\"a\" " * N + ";\n",
}

for name, body in cases.items():
    f = write("nest.rules", HEAD + body)
    for cmd in (["lint", "-r", f], ["check", "-r", f, "--"]):
        r = run(cmd, timeout=60)
        # check: the rule may fire on the defaults (status 1).
        check_located_error_or_ok(r, "%s (%s)" % (name, cmd[0]), (0, 1) if cmd[0] == "check" else (0,))

# A deep expression in a regex (PCRE2 has its own nesting limit: a located
# compile error, not a crash).
f = write("re.rules", HEAD + "flag s : string = \"\";\nrule r: s ~ /" + "(" * 20000 + "a" + ")" * 20000 + "/ -> error \"m\";\n")
check_located_error_or_ok(run(["lint", "-r", f], timeout=60), "regex with 20k groups")

finish()
