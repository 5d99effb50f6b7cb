#!/bin/sh
# man-lint.sh — every built man page passes `mandoc -Tlint` with no message
# at all (no error, warning or style remark), and renders.
#
# Pages: the arguments, else $top_builddir/man/*.1 *.5 *.7 (flagrule.1,
# flagrule-rules.5 and the generated error pages).  Skipped (77) without mandoc.
set -u
MANDOC=${MANDOC:-$(command -v mandoc 2>/dev/null || true)}
if [ -z "$MANDOC" ]; then
    echo "man-lint: mandoc not found; skipped"
    exit 77
fi
top=${top_builddir:-.}
if [ $# -eq 0 ]; then
    set -- "$top"/man/*.1 "$top"/man/*.5 "$top"/man/*.7
fi
fail=0
n=0
for page in "$@"; do
    [ -f "$page" ] || continue
    n=$((n + 1))
    out=$("$MANDOC" -Tlint -W all "$page" 2>&1)
    if [ -n "$out" ]; then
        echo "FAIL $page:"
        printf '%s\n' "$out" | sed 's/^/    /'
        fail=1
        continue
    fi
    if ! "$MANDOC" -Tutf8 "$page" >/dev/null 2>&1; then
        echo "FAIL $page: does not render"
        fail=1
    fi
done
if [ "$n" -lt 2 ]; then
    echo "man-lint: expected at least flagrule.1 and flagrule-rules.5 in $top/man"
    exit 1
fi
echo "man-lint: $n pages, $( [ $fail = 0 ] && echo clean || echo FAILED)"
exit $fail
