#!/bin/sh
# tests/fuzz/replay.sh HARNESS — make check: run every seed and regression
# input of tests/fuzz/{corpus,regress}/HARNESS once through the harness body
# (tests/fuzz/replay_HARNESS, built with the normal compiler).  Under
# `make check-valgrind` it runs under $VALGRIND_CMD.
set -u
h=$1
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
bin=$top_builddir/tests/fuzz/replay_$h
[ -x "$bin" ] || { echo "replay.sh: $bin not built" >&2; exit 99; }
timeout=20
[ -n "${VALGRIND_CMD:-}" ] && timeout=120
dirs=""
for d in "$top_srcdir/tests/fuzz/corpus/$h" "$top_srcdir/tests/fuzz/regress/$h"; do
    [ -d "$d" ] && dirs="$dirs $d"
done
[ -n "$dirs" ] || { echo "replay.sh: no inputs for $h" >&2; exit 77; }
# shellcheck disable=SC2086
exec ${VALGRIND_CMD:-} "$bin" -t "$timeout" $dirs
