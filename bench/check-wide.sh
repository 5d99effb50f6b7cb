#!/bin/sh
# bench/check-wide.sh -- the synthetic sets' generator and references away
# from the 200 flags of the targets, run by `make check` (diff only, no
# timing): bench/run --tiny --only synth at 12,000 flags (above 9,000 the
# CLIPS version orders its declare rules by layers: CLIPS's salience range)
# and at 60,000 (gen-synth's largest: no CLIPS version above 32,767 flags;
# gen-synth once crashed above 32,767).  flagrule, the straight-line C and
# (at 12,000) CLIPS must print the same bytes.
#
# Skips (exit 77) without python3, a C compiler or CLIPS, as check-tiny.sh.
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
PY=${PYTHON3:-python3}
CC=${CC:-cc}
command -v "$PY" >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=${TMPDIR:-/tmp}/fr-bench-probe-wide.$$
trap 'rm -f "$tmp" "$tmp.c"' EXIT
printf '#include <clips/clips.h>\nint main(void) { return CreateEnvironment() == 0; }\n' > "$tmp.c"
if ! $CC -o "$tmp" "$tmp.c" -lclips -lm >/dev/null 2>&1; then
    echo "SKIP: CLIPS not installed (apt-get install clips libclips-dev) or no C compiler"
    exit 77
fi
for m in 12000 60000; do
    out=$("$PY" "$top_srcdir/bench/run" --tiny --only synth --flags "$m" --cc "$CC" \
        --flagrule "${FLAGRULE:-$top_builddir/src/flagrule}" \
        --work "$top_builddir/bench/work-wide-$m" 2>&1)
    rc=$?
    printf '%s\n' "$out"
    [ "$rc" -eq 0 ] || { echo "FAIL: bench/run at $m flags: exit $rc"; exit 1; }
    want="diffing flagrule, C, CLIPS"
    [ "$m" -gt 32767 ] && want="diffing flagrule, C"
    printf '%s\n' "$out" | grep -q "synthetic dense 100 rules: $want\$" ||
        { echo "FAIL: at $m flags, not $want"; exit 1; }
    grep -q "^flags $m\$" "$top_builddir/bench/work-wide-$m/synth-dense-100/meta.txt" ||
        { echo "FAIL: at $m flags, the set is not of $m flags"; exit 1; }
done
echo "PASS: synthetic sets of 12,000 and 60,000 flags: the implementations agree"
