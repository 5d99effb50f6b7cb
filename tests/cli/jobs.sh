#!/bin/sh
# jobs.sh — `check -j N` prints exactly what `check -j 1` prints.
#
# A stream of a few thousand SGLang configs (the configs of
# tests/sglang/cases.txt, several times over with variations) with invalid
# lines, empty lines, CRLF endings, NUL bytes, a line longer than the
# default chunk (128 KiB) and a last line without a newline, checked with
# the shipped rules in every format of check (text, text -v, json, compact,
# --werror, --ignore-unknown) with -j 1, 2 and 4; with -j N also with tiny
# chunks (FLAGRULE_CHUNK_SIZE, a test hook: HACKING.md, "check -j"), so
# that chunk boundaries fall everywhere, and from a pipe; and without -j,
# where this input stays on one thread (it is under 8 MiB) unless
# FLAGRULE_PARALLEL_AFTER, the other hook, moves the switch to threads to
# after 1, 5,000 or 200,000 bytes.  Standard output,
# standard error and the exit status must be the same bytes.  Then the small
# inputs: empty, one newline, one line without a newline.
#
# Environment: FLAGRULE, FLAGRULE_RULES, top_srcdir (tests/local.mk).
# Exit: 0 pass, 1 fail, 99 harness error.
set -u
bin=${FLAGRULE:?}
rules=${FLAGRULE_RULES:?}
cases=${top_srcdir:-.}/tests/sglang/cases.txt
[ -x "$bin" ] && [ -d "$rules" ] && [ -f "$cases" ] || { echo "jobs.sh: missing inputs"; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/flagrule-jobs.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
unset FLAGRULE_PATH NO_COLOR FLAGRULE_CHUNK_SIZE FLAGRULE_PARALLEL_AFTER

# ---- the input -----------------------------------------------------------------
grep -v '^#' "$cases" | sed -n 's/ => .*//p' >"$tmp/base"
[ -s "$tmp/base" ] || { echo "jobs.sh: no configs in $cases"; exit 99; }
{
    cat "$tmp/base"
    sed 's/$/ --tp-size 3/' "$tmp/base"
    printf '\n--bogus-flag 1\n--tp-size x\n--moe-a2a-backend '"'"'pplx\n\n'
    sed 's/^/python -m sglang.launch_server /; s/$/\r/' "$tmp/base"
    printf -- '--tp-size 2 \000 --dp-size 2\n\000\n\r\n'
    printf -- '--model-path '
    dd if=/dev/zero bs=1024 count=300 2>/dev/null | tr '\000' m
    printf -- ' --moe-a2a-backend pplx --deepep-mode normal\n'
    sed 's/--enable-dp-attention//; s/--dp-size [0-9]*/--dp-size 1/' "$tmp/base"
    sed 's/--tp-size/--tp-sise/' "$tmp/base"
    cat "$tmp/base"
    printf -- '--moe-a2a-backend pplx --deepep-mode normal'   # no newline
} >"$tmp/in"
nlines=$(wc -l <"$tmp/in")
[ "$nlines" -gt 2000 ] || { echo "jobs.sh: only $nlines lines of input"; exit 99; }

fail=0
# run NAME INPUT ARGS...: flagrule check ARGS < INPUT into $tmp/NAME.{out,err,rc},
# with chunks of $cs bytes (empty: the default), on threads after $after
# bytes without -j (empty: the default)
cs= after=
run() {
    name=$1 in=$2
    shift 2
    env ${cs:+FLAGRULE_CHUNK_SIZE=$cs} ${after:+FLAGRULE_PARALLEL_AFTER=$after} "$bin" check -r "$rules" "$@" <"$in" >"$tmp/$name.out" 2>"$tmp/$name.err"
    echo $? >"$tmp/$name.rc"
}
# same REF NAME WHAT: the two runs printed the same bytes and exited alike
same() {
    for x in out err rc; do
        if ! cmp -s "$tmp/$1.$x" "$tmp/$2.$x"; then
            echo "FAIL $3: $x differs from -j 1"
            cmp "$tmp/$1.$x" "$tmp/$2.$x" | head -3
            fail=1
            return
        fi
    done
    echo "ok $3"
}

i=0
for opts in "--format compact" "" "-v" "--format json" "--werror --format compact" \
            "--ignore-unknown" "--no-env --format json"; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    run "r$i" "$tmp/in" $opts -j 1
    [ -s "$tmp/r$i.out" ] || { echo "FAIL check $opts: no output"; fail=1; }
    for j in 2 4; do
        # shellcheck disable=SC2086
        run "r$i-j$j" "$tmp/in" $opts -j $j
        same "r$i" "r$i-j$j" "check $opts -j $j"
    done
    for cs in 1 100 4096; do
        # shellcheck disable=SC2086
        run "r$i-c$cs" "$tmp/in" $opts -j 3
        same "r$i" "r$i-c$cs" "check $opts -j 3, $cs-byte chunks"
    done
    cs=
    # without -j: -j 1, then threads (the CPUs there are, up to 8)
    for after in "" 1 5000 200000; do
        # shellcheck disable=SC2086
        run "r$i-a$after" "$tmp/in" $opts
        same "r$i" "r$i-a$after" "check $opts, ${after:+threads after $after bytes}${after:-no -j}"
    done
    after=
    # shellcheck disable=SC2086
    cat "$tmp/in" | env FLAGRULE_PARALLEL_AFTER=5000 FLAGRULE_CHUNK_SIZE=100 "$bin" check -r "$rules" $opts \
        >"$tmp/q$i.out" 2>"$tmp/q$i.err"
    echo $? >"$tmp/q$i.rc"
    same "r$i" "q$i" "check $opts from a pipe, threads after 5000 bytes, 100-byte chunks"
    # from a pipe (short reads)
    # shellcheck disable=SC2086
    cat "$tmp/in" | "$bin" check -r "$rules" $opts -j 2 >"$tmp/p$i.out" 2>"$tmp/p$i.err"
    echo $? >"$tmp/p$i.rc"
    same "r$i" "p$i" "check $opts -j 2 from a pipe"
done
[ "$(cat "$tmp/r1.rc")" = 1 ] || { echo "FAIL the stream has errors: status 1 expected"; fail=1; }
[ "$(wc -l <"$tmp/r1.out")" -eq $((nlines + 1)) ] ||
    { echo "FAIL compact: one record per line"; fail=1; }

# without -j, a regular file of 8 MiB or more goes on threads from the start
# (when there are two CPUs or more), a pipe after its first 8 MiB
k=0; while [ $k -lt 20 ]; do cat "$tmp/in"; printf "\n"; k=$((k + 1)); done >"$tmp/big"
[ "$(wc -c <"$tmp/big")" -gt $((8 << 20)) ] || { echo "jobs.sh: big input under 8 MiB"; exit 99; }
run big1 "$tmp/big" --format compact -j 1
run big0 "$tmp/big" --format compact
same big1 big0 "a file of 8 MiB or more, no -j"
cat "$tmp/big" | "$bin" check -r "$rules" --format compact >"$tmp/bigp.out" 2>"$tmp/bigp.err"
echo $? >"$tmp/bigp.rc"
same big1 bigp "a pipe of 8 MiB or more, no -j"

# the status of a stream without errors is 0 with -j too
head -3 "$tmp/base" >"$tmp/ok"
run ok1 "$tmp/ok" --format compact -j 1
run ok2 "$tmp/ok" --format compact -j 2
same ok1 ok2 "a stream without errors"

# small inputs
: >"$tmp/empty"
printf '\n' >"$tmp/nl"
printf -- '--tp-size 2' >"$tmp/nonl"
printf -- '--tp-size 2\r' >"$tmp/cr"
for f in empty nl nonl cr; do
    for opts in "" "--format json" "--format compact"; do
        # shellcheck disable=SC2086
        run "$f-1" "$tmp/$f" $opts -j 1
        for cs in "" 1; do
            # shellcheck disable=SC2086
            run "$f-4" "$tmp/$f" $opts -j 4
            same "$f-1" "$f-4" "$f input, check $opts -j 4 ${cs:+($cs-byte chunks)}"
        done
        cs=
    done
done
exit $fail
