"""hostile.py — helpers for the hostile-input tests (tests/hostile/*.py).

Each test script imports this module, runs the flagrule binary on inputs it
generates (into a private temporary directory), and calls check() for every
expectation.  finish() prints a summary and exits with automake's codes:
0 all passed, 1 a check failed, 77 skipped, 99 harness error.

Environment (set by make check, see Makefile.am AM_TESTS_ENVIRONMENT):
  FLAGRULE         the binary (else ../../src/flagrule from the build tree)
  FLAGRULE_RULES   the shipped rules directory
  HOSTILE_SCALE    scale factor for the big inputs (default 1; CI may lower)
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP_SRC = os.environ.get("top_srcdir") or os.path.join(HERE, "..", "..")
TOP_BUILD = os.environ.get("top_builddir") or TOP_SRC
FLAGRULE = os.environ.get("FLAGRULE") or os.path.join(TOP_BUILD, "src", "flagrule")
RULES = os.environ.get("FLAGRULE_RULES") or os.path.join(TOP_SRC, "rules.d", "sglang")
SCALE = float(os.environ.get("HOSTILE_SCALE", "1"))

_failures = []
_passes = 0
_tmp = None


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def hard_error(why):
    print("ERROR: " + why)
    sys.exit(99)


def binary_has(symbol):
    try:
        with open(FLAGRULE, "rb") as f:
            return symbol.encode() in f.read()
    except OSError:
        return False


if not os.access(FLAGRULE, os.X_OK):
    skip("no flagrule binary at %s" % FLAGRULE)

SANITIZED = binary_has("__asan_init") or binary_has("__ubsan_handle")
# Big inputs under valgrind take too long for CI: only on request.
VALGRIND = os.environ.get("VALGRIND_CMD", "").split() if os.environ.get("HOSTILE_VALGRIND") else []
# Time limits are for a plain -O2 build; sanitizers and valgrind are slower.
SLOW = 1.0
if SANITIZED:
    SLOW = 4.0
if VALGRIND:
    SLOW = 40.0


def tmpdir():
    global _tmp
    if _tmp is None:
        _tmp = tempfile.mkdtemp(prefix="flagrule-hostile-")
    return _tmp


def path(name):
    return os.path.join(tmpdir(), name)


def write(name, data):
    p = path(name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return p


class Run:
    """The outcome of one flagrule run."""

    def __init__(self, args, rc, out, err, secs, maxrss_kb, timed_out):
        self.args, self.rc, self.out, self.err = args, rc, out, err
        self.secs, self.maxrss_kb, self.timed_out = secs, maxrss_kb, timed_out

    @property
    def crashed(self):
        """Killed by a signal other than SIGPIPE, or a sanitizer report."""
        if self.timed_out:
            return False
        if self.rc < 0 and self.rc != -signal.SIGPIPE:
            return True
        return bool(re.search(rb"(ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|"
                              rb"== ?Invalid (read|write)|definitely lost)", self.err))

    def describe(self):
        s = "`flagrule %s` -> " % " ".join(self.args)[:200]
        if self.timed_out:
            s += "TIMED OUT after %.1fs" % self.secs
        elif self.rc < 0:
            s += "killed by signal %d" % -self.rc
        else:
            s += "status %d" % self.rc
        s += " in %.2fs, maxrss %d MB" % (self.secs, self.maxrss_kb // 1024)
        if self.err:
            e = self.err[:1500].decode("utf-8", "replace")
            s += "\n    stderr: " + e.replace("\n", "\n            ")
        return s


# Peak memory of a child: ru_maxrss of a process forked from this (big)
# Python process includes the parent's pages until exec, so a small fresh
# interpreter forks and execs flagrule and reports the child's own peak.
RSS_HELPER = r"""
import os, signal, sys
out = sys.argv[1]
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, st, ru = os.wait4(pid, 0)
with open(out, "w") as f:
    f.write(str(ru.ru_maxrss))
if os.WIFSIGNALED(st):
    signal.signal(os.WTERMSIG(st), signal.SIG_DFL)
    os.kill(os.getpid(), os.WTERMSIG(st))
sys.exit(os.WEXITSTATUS(st))
"""


def run(args, stdin=b"", timeout=30, env=None, stdout_path=None, stdin_path=None,
        use_valgrind=True, measure_rss=False):
    """Runs flagrule ARGS with stdin bytes (or a file); returns a Run.
    With measure_rss, Run.maxrss_kb is flagrule's own peak (else it may
    include this Python process's memory)."""
    timeout *= SLOW
    full_env = dict(os.environ)
    for k in list(full_env):
        if k.startswith(("SGLANG_", "NCCL_")) or k == "FLAGRULE_PATH":
            del full_env[k]
    full_env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=1")
    full_env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    if env:
        full_env.update(env)
    if stdin_path is None:
        stdin_path = path("stdin.%d" % threading.get_ident())
        with open(stdin_path, "wb") as f:
            f.write(stdin)
    own_out = stdout_path is None
    if own_out:
        stdout_path = path("stdout.%d" % threading.get_ident())
    err_path = path("stderr.%d" % threading.get_ident())
    cmd = (VALGRIND if use_valgrind else []) + [FLAGRULE] + list(args)
    rss_path = None
    if measure_rss:
        rss_path = path("rss.%d" % threading.get_ident())
        exe = cmd[0] if os.path.isabs(cmd[0]) else shutil.which(cmd[0])
        cmd = [sys.executable, "-c", RSS_HELPER, rss_path, exe] + cmd[1:]
    # A raw fd: stdin may be a directory (a read error the program must report).
    fin = os.open(stdin_path, os.O_RDONLY)
    with open(stdout_path, "wb") as fout, open(err_path, "wb") as ferr:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdin=fin, stdout=fout, stderr=ferr, env=full_env,
                             start_new_session=True)
        timed_out = []

        def kill():
            timed_out.append(1)
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass
        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, ru = os.wait4(p.pid, 0)
        timer.cancel()
        p.returncode = 0   # reaped by wait4
        secs = time.monotonic() - t0
    os.close(fin)
    rc = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    out = b""
    if own_out:
        with open(stdout_path, "rb") as f:
            out = f.read()
    with open(err_path, "rb") as f:
        err = f.read()
    maxrss = ru.ru_maxrss
    if rss_path:
        try:
            with open(rss_path) as f:
                maxrss = int(f.read())
            os.unlink(rss_path)
        except (OSError, ValueError):
            maxrss = -1
    return Run(args, rc, out, err, secs, maxrss, bool(timed_out))


def check(cond, what, detail=""):
    global _passes
    if cond:
        _passes += 1
        print("ok - " + what)
    else:
        _failures.append(what)
        print("FAIL - " + what + ("\n    " + detail if detail else ""))
    return cond


def check_sane(r, what, statuses=(0, 1, 2)):
    """No crash, no hang, an expected status."""
    ok = check(not r.timed_out, what + ": ends in time", r.describe())
    ok &= check(not r.crashed, what + ": no crash or sanitizer report", r.describe())
    if not r.timed_out and not r.crashed:
        ok &= check(r.rc in statuses, what + ": status in %s" % (statuses,), r.describe())
    return ok


LOC_RE = re.compile(rb"^[^:\n]+:\d+:\d+: error: ", re.M)


def check_located_error_or_ok(r, what, ok=(0,)):
    """A limit: either it works (status in ok) or a located error and status 2."""
    if not check_sane(r, what, tuple(ok) + (2,)):
        return
    if r.rc == 2:
        check(LOC_RE.search(r.err) is not None,
              what + ": the error is located (FILE:LINE:COL: error:)", r.describe())
        check(len(r.err) < 64 * 1024,
              what + ": the diagnostics stay short (%d bytes)" % len(r.err), r.describe())


def finish():
    if _tmp and not os.environ.get("HOSTILE_KEEP"):
        shutil.rmtree(_tmp, ignore_errors=True)
    print("%d passed, %d failed" % (_passes, len(_failures)))
    for f in _failures:
        print("  failed: " + f)
    sys.exit(1 if _failures else 0)
