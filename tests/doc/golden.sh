#!/bin/sh
# golden.sh — `flagrule doc` on tests/doc/golden/small.rules in man, md and
# json, compared byte for byte with tests/doc/golden/{man,md,json}/ (the
# version in the man pages' .TH line is written as VERSION there), and its
# warnings with golden/stderr.txt.  The man pages also pass mandoc -Tlint.
#
# To accept a deliberate change: tests/doc/golden.sh --update (review the
# diff before committing it).
set -u
FLAGRULE=${FLAGRULE:?FLAGRULE must name the flagrule binary}
here=$(cd "$(dirname "$0")" && pwd)
src=$here/golden
update=0
[ "${1:-}" = --update ] && update=1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/frdoc-golden.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
: >"$tmp/stderr.txt"
for fmt in man md json; do
    mkdir "$tmp/$fmt"
    if ! (cd "$src" && SOURCE_DATE_EPOCH=0 FLAGRULE_PATH= ${VALGRIND_CMD:-} "$FLAGRULE" doc \
            -r small.rules --format "$fmt" -o "$tmp/$fmt") 2>>"$tmp/stderr.txt"; then
        echo "FAIL: flagrule doc --format $fmt failed:"
        cat "$tmp/stderr.txt"
        fail=1
        continue
    fi
    if [ "$fmt" = man ]; then
        for f in "$tmp/man"/*.7; do
            sed 's/^\(\.TH .* "flagrule\) [^"]*\(" "flagrule errors"\)$/\1 VERSION\2/' "$f" >"$f.v" &&
                mv "$f.v" "$f"
        done
    fi
    if [ $update = 1 ]; then
        rm -rf "${src:?}/$fmt" && cp -R "$tmp/$fmt" "$src/$fmt"
    elif ! diff -ru "$src/$fmt" "$tmp/$fmt"; then
        echo "FAIL: --format $fmt differs from tests/doc/golden/$fmt (see the diff above)"
        fail=1
    fi
done
if [ $update = 1 ]; then
    cp "$tmp/stderr.txt" "$src/stderr.txt"
    echo "golden: updated $src"
    exit 0
fi
if ! diff -u "$src/stderr.txt" "$tmp/stderr.txt"; then
    echo "FAIL: the warnings differ from tests/doc/golden/stderr.txt"
    fail=1
fi
if [ -d "$tmp/man" ] && ! sh "$here/man-lint.sh" "$tmp/man"/*.7; then
    fail=1
fi
# every page's example does what it says (error-examples.py)
if [ -d "$tmp/man" ] && ! (cd "$src" && FLAGRULE="$FLAGRULE" python3 "$here/error-examples.py" small.rules \
        "$tmp/man"/*.7); then
    fail=1
fi
[ $fail = 0 ] && echo "golden: man, md and json pages as expected"
exit $fail
