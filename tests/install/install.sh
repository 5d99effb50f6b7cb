#!/bin/sh
# install.sh — libflagrule as a program outside the tree sees it.
#
#  1. src/libflagrule.sym (the exports of a shared build) names exactly the
#     functions include/flagrule.h declares.
#  2. The header stands alone: C99 and C11 with -Wall -Wextra -pedantic
#     -Werror, and C++ when a C++ compiler is there.
#  3. The library, the header, flagrule.pc and the shipped rules are
#     installed into a staging directory (make install-... DESTDIR=); a
#     consumer (consumer.c) is built with `pkg-config --cflags --libs
#     [--static] flagrule` and nothing else, and evaluates configs against
#     the installed rules: output compared byte for byte.
#  4. The version agrees: FLAGRULE_VERSION, fr_version(), pkg-config
#     --modversion and `flagrule --version`.
#  5. In a shared build, the .so exports the API and nothing else.
#
# Environment (tests/install/local.mk): MAKE CC PKG_CONFIG top_srcdir
# top_builddir FLAGRULE libdir includedir pkgdatadir SAN_CFLAGS SAN_LDFLAGS.
set -u
src=$(cd "${top_srcdir:-.}" && pwd)
build=$(cd "${top_builddir:-.}" && pwd)
CC=${CC:-cc}
MAKE=${MAKE:-make}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
SAN="${SAN_CFLAGS:-} ${SAN_LDFLAGS:-}"
tmp=$build/tests/install/stage.$$
trap 'rm -rf "$tmp"' EXIT INT TERM
rm -rf "$tmp"
mkdir -p "$tmp"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# 1. the export list against the header's declarations
"$CC" -E -P "$src/include/flagrule.h" | grep -oE '\bfr_[a-z_0-9]+[[:space:]]*\(' |
    sed 's/[[:space:]]*($//' | sort -u > "$tmp/header.sym"
sort -u "$src/src/libflagrule.sym" > "$tmp/list.sym"
if ! cmp -s "$tmp/header.sym" "$tmp/list.sym"; then
    bad "src/libflagrule.sym and include/flagrule.h differ (< header, > list):"
    diff "$tmp/header.sym" "$tmp/list.sym" | sed -n 's/^[<>]/    &/p'
fi
[ "$(wc -l < "$tmp/header.sym")" -gt 40 ] || bad "too few functions found in the header"

# 2. the header alone
printf '#include <flagrule.h>\nint main(void) { return fr_version() == 0; }\n' > "$tmp/alone.c"
for std in c99 c11; do
    "$CC" -std=$std -Wall -Wextra -pedantic -Werror -fsyntax-only -I"$src/include" "$tmp/alone.c" ||
        bad "flagrule.h does not compile alone with -std=$std"
done
CXX=${CXX:-$(command -v c++ 2>/dev/null || true)}
if [ -n "$CXX" ] && command -v "$CXX" >/dev/null 2>&1; then
    cp "$tmp/alone.c" "$tmp/alone.cc"
    "$CXX" -Wall -Wextra -pedantic -Werror -fsyntax-only -I"$src/include" "$tmp/alone.cc" ||
        bad "flagrule.h does not compile as C++"
else
    echo "(no C++ compiler: the C++ check skipped)"
fi

# 3. a staged install of the library's parts
dest=$tmp/root
if ! $MAKE -s -C "$build" install-libLTLIBRARIES install-includeHEADERS install-pkgconfigDATA \
        install-dist_rulesDATA DESTDIR="$dest" > "$tmp/make.out" 2>&1; then
    cat "$tmp/make.out"
    bad "make install into a staging directory failed"
    exit 1
fi
for f in "$includedir/flagrule.h" "$libdir/pkgconfig/flagrule.pc" "$libdir/libflagrule.la"; do
    [ -f "$dest$f" ] || bad "not installed: $f"
done
# (the staged files: libdir and includedir redefined, the dependencies
# (libpcre2-8) found where the system keeps them)
export PKG_CONFIG_PATH="$dest$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
stage="--define-variable=libdir=$dest$libdir --define-variable=includedir=$dest$includedir"
static=
[ -f "$dest$libdir/libflagrule.so" ] || static=--static
flags=$($PKG_CONFIG $stage $static --cflags --libs flagrule) || { bad "pkg-config flagrule failed"; exit 1; }
echo "pkg-config $static --cflags --libs flagrule: $flags"
case " $flags " in
    *" -I$dest$includedir "*) ;;
    *) bad "pkg-config gives no -I of the installed header ($flags)" ;;
esac
# shellcheck disable=SC2086
"$CC" -std=c11 -Wall -Wextra -Werror $SAN -o "$tmp/consumer" "$src/tests/install/consumer.c" $flags ||
    { bad "the consumer does not build with pkg-config's flags alone"; exit 1; }
rules=$($PKG_CONFIG --variable=rulesdir flagrule)/sglang
[ "$rules" = "$pkgdatadir/rules.d/sglang" ] || bad "rulesdir $rules, expected $pkgdatadir/rules.d/sglang"
LD_LIBRARY_PATH="$dest$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$tmp/consumer" "$dest$rules" \
    '--moe-a2a-backend pplx --deepep-mode normal' \
    '--moe-a2a-backend deepep --tp-size 8' \
    '--moe-a2a-backend pplx --enable-dp-attention --dp-size 2' \
    '--tp-sise 8' > "$tmp/out" 2> "$tmp/err"
rc=$?
ver=$($PKG_CONFIG --modversion flagrule)
echo "flagrule $ver" > "$tmp/head"
[ $rc -eq 0 ] || bad "consumer exited $rc"
[ -s "$tmp/err" ] && { bad "consumer wrote to stderr:"; sed 's/^/    /' "$tmp/err"; }
head -n 1 "$tmp/out" | cmp -s - "$tmp/head" || bad "version line: $(head -n 1 "$tmp/out"), expected flagrule $ver"
[ "$("$FLAGRULE" --version)" = "flagrule $ver" ] || bad "flagrule --version: $("$FLAGRULE" --version), pkg-config $ver"
# every compact line the consumer printed is the command's for that config
printf '%s\n' '--moe-a2a-backend pplx --deepep-mode normal' '--moe-a2a-backend deepep --tp-size 8' \
    '--moe-a2a-backend pplx --enable-dp-attention --dp-size 2' '--tp-sise 8' |
    "$FLAGRULE" check --no-env --format compact -r "$src/rules.d/sglang" > "$tmp/cmd" 2>/dev/null
grep -v '^  \|^flagrule \|keys, .* rules$' "$tmp/out" > "$tmp/lines"
cmp -s "$tmp/lines" "$tmp/cmd" || { bad "compact lines differ from flagrule check's:"; diff "$tmp/cmd" "$tmp/lines"; }
grep -q "^  rule pplx-normal-mode: " "$tmp/out" || bad "no pplx-normal-mode error in the consumer's output"
grep -q "^  invalid: unknown flag '--tp-sise'; did you mean '--tp-size'?" "$tmp/out" ||
    bad "no did-you-mean for --tp-sise in the consumer's output"
sed 's/^/    /' "$tmp/out"

# 5. a shared build's exports
if [ -z "$static" ]; then
    so=$(ls "$dest$libdir"/libflagrule.so.* 2>/dev/null | head -n 1)
    nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRW]$/ { print $3 }' | sort -u > "$tmp/so.sym"
    cmp -s "$tmp/so.sym" "$tmp/list.sym" || { bad "$so exports other symbols:"; diff "$tmp/list.sym" "$tmp/so.sym"; }
fi

[ $fail -eq 0 ] && echo "ok: header, export list, pkg-config, staged install, consumer, version $ver"
exit $fail
