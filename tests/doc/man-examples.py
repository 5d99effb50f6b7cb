#!/usr/bin/env python3
"""man-examples.py — run the examples of the man pages and compare.

Usage: man-examples.py [PAGE...]   (default: the built flagrule.1 and
flagrule-rules.5 under $top_builddir/man)

In a page, a roff comment line marks the .EX/.EE block that follows it:

  .\\" test-file NAME      the block is written to the file NAME
  .\\" test-run [STATUS]   the block holds "$ command" lines, each followed by
                          its exact output (stdout, then stderr); every
                          command but the last exits 0, the last exits STATUS
                          (default 0)

The blocks are turned back into plain text (roff escapes undone) and run with
sh in a fresh directory, with `flagrule` on PATH being $FLAGRULE, NO_COLOR set
and FLAGRULE_PATH unset.  Exit status: 0 all passed, 1 a failure, 77 skipped
(no flagrule binary).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

NAMED = {
    "aq": "'", "ga": "`", "dq": '"', "rs": "\\", "ha": "^", "ti": "~",
    "em": "\u2014", "en": "\u2013", "lq": "\u201c", "rq": "\u201d",
    "bu": "\u2022", "pl": "+", "mi": "-",
}


def unroff(line, where):
    """Plain text of one roff text line (no requests)."""
    out = []
    i = 0
    while i < len(line):
        c = line[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = line[i + 1:i + 2]
        if n in ("-", "e"):
            out.append("-" if n == "-" else "\\")
            i += 2
        elif n == "&":
            i += 2
        elif n == " ":
            out.append(" ")
            i += 2
        elif n == "f":
            if line[i + 2:i + 3] == "[":
                j = line.index("]", i)
                i = j + 1
            else:
                i += 3
        elif n == "(":
            name = line[i + 2:i + 4]
            if name not in NAMED:
                raise ValueError("%s: unknown escape \\(%s" % (where, name))
            out.append(NAMED[name])
            i += 4
        elif n == "[":
            j = line.index("]", i)
            name = line[i + 2:j]
            if re.fullmatch(r"u[0-9A-F]{4,6}", name):
                out.append(chr(int(name[1:], 16)))
            elif name in NAMED:
                out.append(NAMED[name])
            else:
                raise ValueError("%s: unknown escape \\[%s]" % (where, name))
            i = j + 1
        else:
            raise ValueError("%s: unknown escape \\%s" % (where, n))
    return "".join(out)


def blocks(path):
    """Yields (kind, arg, lineno, text) for every marked block."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r'^\.\\" test-(file|run)(?:\s+(\S+))?\s*$', lines[i])
        i += 1
        if not m:
            continue
        start = i
        while i < len(lines) and lines[i] != ".EX":
            if lines[i].startswith('.\\" test-'):
                raise ValueError("%s:%d: marker without a block" % (path, start))
            i += 1
        if i == len(lines):
            raise ValueError("%s:%d: marker without a block" % (path, start))
        i += 1
        body = []
        while i < len(lines) and lines[i] != ".EE":
            if lines[i].startswith(".") or lines[i].startswith("'"):
                raise ValueError("%s:%d: request inside an example block" % (path, i + 1))
            body.append(unroff(lines[i], "%s:%d" % (path, i + 1)))
            i += 1
        yield m.group(1), m.group(2), start, "\n".join(body) + "\n"


def run_block(text, status, workdir, env, where):
    """Runs the commands of a test-run block; returns a list of failures."""
    cmds = []
    for line in text.splitlines():
        if line.startswith("$ "):
            cmds.append([line[2:], []])
        elif not cmds:
            return ["%s: output before the first command" % where]
        else:
            cmds[-1][1].append(line)
    fails = []
    for k, (cmd, expected) in enumerate(cmds):
        want_rc = status if k == len(cmds) - 1 else 0
        p = subprocess.run(["sh", "-c", cmd], cwd=workdir, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        got = (p.stdout + p.stderr).decode("utf-8", "replace")
        want = "".join(l + "\n" for l in expected)
        if got != want or p.returncode != want_rc:
            msg = ["%s: $ %s" % (where, cmd)]
            if p.returncode != want_rc:
                msg.append("  exit status %d, expected %d" % (p.returncode, want_rc))
            if got != want:
                msg.append("  expected output:")
                msg += ["    | " + l for l in want.splitlines()]
                msg.append("  actual output:")
                msg += ["    | " + l for l in got.splitlines()]
            fails.append("\n".join(msg))
    return fails


def main(argv):
    flagrule = os.environ.get("FLAGRULE", "")
    if not flagrule or not os.access(flagrule, os.X_OK):
        print("man-examples: no flagrule binary ($FLAGRULE); skipped")
        return 77
    top = os.environ.get("top_builddir", ".")
    pages = argv[1:] or [os.path.join(top, "man", "flagrule.1"),
                         os.path.join(top, "man", "flagrule-rules.5")]
    bindir = tempfile.mkdtemp(prefix="frdoc-bin.")
    os.symlink(os.path.abspath(flagrule), os.path.join(bindir, "flagrule"))
    env = {k: v for k, v in os.environ.items()
           if k not in ("FLAGRULE_PATH",) and not k.startswith("SGLANG_")}
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "/usr/bin:/bin")
    env["NO_COLOR"] = "1"
    env["LC_ALL"] = "C"
    fails = []
    nrun = 0
    try:
        for page in pages:
            workdir = tempfile.mkdtemp(prefix="frdoc-ex.")
            try:
                for kind, arg, lineno, text in blocks(page):
                    where = "%s:%d" % (page, lineno)
                    if kind == "file":
                        if not arg or "/" in arg:
                            fails.append("%s: test-file needs a plain file name" % where)
                            continue
                        with open(os.path.join(workdir, arg), "w", encoding="utf-8") as f:
                            f.write(text)
                    else:
                        status = int(arg) if arg else 0
                        nrun += 1
                        fails += run_block(text, status, workdir, env, where)
            finally:
                shutil.rmtree(workdir, ignore_errors=True)
    finally:
        shutil.rmtree(bindir, ignore_errors=True)
    for f in fails:
        print("FAIL " + f)
    print("man-examples: %d example blocks run, %d failed" % (nrun, len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except ValueError as e:
        print("man-examples: %s" % e)
        sys.exit(1)
