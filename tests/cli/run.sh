#!/bin/sh
# run.sh — runs one golden CLI case (tests/cli/*.t) and compares stdout,
# stderr and the exit status with the expectations.
#
# A .t file is a list of lines; the first characters say what a line is:
#   # ...        a comment
#   $ ARGS       the command: flagrule ARGS (sh words; run in tests/cli/)
#   env N=V      an environment variable for the command
#   < TEXT       a line of standard input (a newline is added)
#   <. TEXT      the last piece of standard input, without a newline
#   > TEXT       a line of expected standard output ('>' alone: an empty one)
#   2> TEXT      a line of expected standard error (exact; '2>' alone: an empty one;
#                no 2> line: stderr must be empty)
#   2~ ERE       standard error must have a line matching ERE (instead)
#   ? N          the expected exit status (default 0)
# TEXT is passed through printf %b: \t \r \\ \0NNN are escapes.
#
# Environment: FLAGRULE (the binary), VALGRIND_CMD (a prefix, may be empty).
# Exit: 0 pass, 1 fail, 99 harness error (automake conventions).
set -u
case_file=$1
[ -f "$case_file" ] || { echo "no such case: $case_file"; exit 99; }
here=$(cd "$(dirname "$case_file")" && pwd)
name=$(basename "$case_file")
bin=${FLAGRULE:-}
if [ -z "$bin" ]; then
    bin=$(cd "$here/../.." && pwd)/src/flagrule
fi
[ -x "$bin" ] || { echo "no flagrule binary at $bin"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/flagrule-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
: >"$tmp/stdin"; : >"$tmp/want.out"; : >"$tmp/want.err"; : >"$tmp/env"
args=; want_rc=0; err_re=; have_cmd=0
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
    '#'*|'') ;;
    '$ '*) args=${line#'$ '}; have_cmd=1 ;;
    'env '*) printf '%s\n' "${line#env }" >>"$tmp/env" ;;
    '<. '*) printf '%b' "${line#'<. '}" >>"$tmp/stdin" ;;
    '<.') ;;
    '< '*) printf '%b\n' "${line#'< '}" >>"$tmp/stdin" ;;
    '<') printf '\n' >>"$tmp/stdin" ;;
    '> '*) printf '%b\n' "${line#'> '}" >>"$tmp/want.out" ;;
    '>') printf '\n' >>"$tmp/want.out" ;;
    '2> '*) printf '%b\n' "${line#'2> '}" >>"$tmp/want.err" ;;
    '2>') printf '\n' >>"$tmp/want.err" ;;
    '2~ '*) err_re=${line#'2~ '} ;;
    '? '*) want_rc=${line#'? '} ;;
    *) echo "$name: bad line: $line"; exit 99 ;;
    esac
done <"$case_file"
[ $have_cmd = 1 ] || { echo "$name: no command"; exit 99; }

(
    cd "$here" || exit 99
    unset FLAGRULE_PATH NO_COLOR
    while IFS= read -r kv; do
        export "$kv"
    done <"$tmp/env"
    eval "set -- $args"
    # shellcheck disable=SC2086
    exec ${VALGRIND_CMD:-} "$bin" "$@" <"$tmp/stdin" >"$tmp/got.out" 2>"$tmp/got.err"
)
rc=$?

fail=0
if [ "$rc" != "$want_rc" ]; then
    echo "$name: exit status $rc, expected $want_rc"
    fail=1
fi
if ! cmp -s "$tmp/want.out" "$tmp/got.out"; then
    echo "$name: standard output differs (expected, got):"
    diff -u "$tmp/want.out" "$tmp/got.out" | sed -n '3,$p'
    fail=1
fi
if [ -n "$err_re" ]; then
    if ! grep -Eq -- "$err_re" "$tmp/got.err"; then
        echo "$name: standard error does not match /$err_re/:"
        cat "$tmp/got.err"
        fail=1
    fi
elif ! cmp -s "$tmp/want.err" "$tmp/got.err"; then
    echo "$name: standard error differs (expected, got):"
    diff -u "$tmp/want.err" "$tmp/got.err" | sed -n '3,$p'
    fail=1
fi
[ $fail = 0 ] && echo "$name: ok"
exit $fail
