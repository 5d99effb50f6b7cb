#!/bin/sh
# bench/check-tiny.sh -- the benchmark harness in miniature, run by `make check`
# so that it never rots: builds the reference implementations, generates a few
# hundred SGLang configs and a 100-rule synthetic set, and checks that the
# straight-line C, the SGLang-style Python and the CLIPS versions print the
# same bytes as `flagrule check --format compact`.  No timing.
#
# Skips (exit 77) without python3, a C compiler or CLIPS (Debian: clips,
# libclips-dev).
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
PY=${PYTHON3:-python3}
CC=${CC:-cc}
command -v "$PY" >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=${TMPDIR:-/tmp}/fr-bench-probe.$$
trap 'rm -f "$tmp" "$tmp.c"' EXIT
printf '#include <clips/clips.h>\nint main(void) { return CreateEnvironment() == 0; }\n' > "$tmp.c"
if ! $CC -o "$tmp" "$tmp.c" -lclips -lm >/dev/null 2>&1; then
    echo "SKIP: CLIPS not installed (apt-get install clips libclips-dev) or no C compiler"
    exit 77
fi
exec "$PY" "$top_srcdir/bench/run" --tiny --cc "$CC" \
    --flagrule "${FLAGRULE:-$top_builddir/src/flagrule}" \
    --work "$top_builddir/bench/work-tiny"
