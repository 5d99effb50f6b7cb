#!/bin/sh
# run.sh CASE — one golden diagnostic test (tests/diag/README).
#
# CASE is tests/diag/cases/NAME.rules (a file, or a directory of rule
# files).  The case runs `flagrule lint --no-color -r NAME.rules` (or the
# arguments in NAME.args) from the cases directory, so paths in the output
# are relative and stable, and compares its stderr followed by a line
# "[exit N]" with NAME.expected; stdout must be empty.  Under
# --enable-valgrind ($VALGRIND_CMD set) flagrule runs under valgrind, and a
# valgrind error (exit status 1, which lint never uses) fails the case.
#
# Set FLAGRULE_REGEN=1 to rewrite NAME.expected from the actual output.
set -u
case_path=$1
dir=$(dirname "$case_path")
name=$(basename "$case_path" .rules)
: "${FLAGRULE:?FLAGRULE is not set (run through make check)}"
case $FLAGRULE in
/*) ;;
*) FLAGRULE=$(pwd)/$FLAGRULE ;;
esac

cd "$dir" || exit 99
if [ ! -f "$name.expected" ] && [ "${FLAGRULE_REGEN:-0}" != 1 ]; then
    echo "$name: no $name.expected" >&2
    exit 99
fi
if [ -f "$name.args" ]; then
    args=$(cat "$name.args")
else
    args="-r $name.rules"
fi
tmp=${TMPDIR:-/tmp}/flagrule-diag.$$
trap 'rm -f "$tmp.out" "$tmp.err" "$tmp.act"' EXIT INT TERM
unset FLAGRULE_PATH NO_COLOR
# shellcheck disable=SC2086
${VALGRIND_CMD:-} "$FLAGRULE" lint --no-color $args >"$tmp.out" 2>"$tmp.err"
status=$?
{ cat "$tmp.err"; echo "[exit $status]"; } >"$tmp.act"

if [ "${FLAGRULE_REGEN:-0}" = 1 ]; then
    cp "$tmp.act" "$name.expected"
    echo "$name: regenerated"
    exit 0
fi
fail=0
if [ -n "${VALGRIND_CMD:-}" ] && [ "$status" = 1 ]; then
    echo "$name: valgrind reported errors:" >&2
    cat "$tmp.err" >&2
    fail=1
fi
if [ -s "$tmp.out" ]; then
    echo "$name: unexpected output on stdout:" >&2
    cat "$tmp.out" >&2
    fail=1
fi
if ! cmp -s "$name.expected" "$tmp.act"; then
    echo "$name: stderr differs from $name.expected:" >&2
    diff -u "$name.expected" "$tmp.act" >&2
    fail=1
fi
[ $fail = 0 ] && echo "$name: ok"
exit $fail
