#!/bin/sh
# tests/fuzz/fuzz.sh — build the libFuzzer harnesses with clang and run them.
# Called by `make fuzz` (tests/fuzz/local.mk), which passes the environment:
#   FUZZ_CC        clang (configure finds it; `make fuzz FUZZ_CC=clang-14`)
#   FUZZ_SECONDS   wall-clock seconds per harness (default 60)
#   FUZZ_JOBS      parallel fuzzing processes per harness (default 1)
#   FUZZ_FLAGS     extra libFuzzer flags
#   srcdir builddir LIB_SOURCES GRAMMAR_SOURCES CPPFLAGS_FUZZ FUZZ_LIBS
#
#   fuzz.sh build [HARNESS...]   build tests/fuzz/.build/fuzz_HARNESS
#   fuzz.sh run   [HARNESS...]   build, then fuzz each for FUZZ_SECONDS
#
# The library sources are compiled directly into the fuzz binaries (objects
# in $builddir/tests/fuzz/.build/obj), separate from the gcc build.  Each run
# grows $builddir/tests/fuzz/.work/HARNESS from the seed corpus and the
# regression inputs; crashes, leaks and timeouts land in
# $builddir/tests/fuzz/.work/artifacts/ and fail the run.  Minimise one with
#   tests/fuzz/.build/fuzz_HARNESS -minimize_crash=1 -runs=10000 ARTIFACT
# and add it to tests/fuzz/regress/HARNESS/ (see tests/fuzz/README).
set -eu

srcdir=$(cd "${srcdir:-.}" && pwd)
builddir=$(cd "${builddir:-.}" && pwd)
FUZZ_CC=${FUZZ_CC:-clang}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_JOBS=${FUZZ_JOBS:-1}
FUZZ_FLAGS=${FUZZ_FLAGS:-}
ALL="compile eval doc json"

out=$builddir/tests/fuzz/.build
work=$builddir/tests/fuzz/.work
mkdir -p "$out/obj" "$work/artifacts"

if ! command -v "$FUZZ_CC" >/dev/null 2>&1; then
    echo "fuzz.sh: no clang ('$FUZZ_CC'); install clang and libclang-rt-dev, or set FUZZ_CC" >&2
    exit 2
fi

SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
CFLAGS_FUZZ="-g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -DFR_FUZZING=1 $SAN"
# The same include order as automake: builddir (config.h), srcdir, then AM_CPPFLAGS.
INC="-I$builddir -I$srcdir ${CPPFLAGS_FUZZ:-}"

obj_of() { echo "$out/obj/$(echo "$1" | tr '/.' '__').o"; }

compile_one() {  # SRC FLAGS...
    src=$1; shift
    o=$(obj_of "$src")
    if [ ! -f "$o" ] || [ "$src" -nt "$o" ] || newer_header "$o"; then
        # shellcheck disable=SC2086
        "$FUZZ_CC" $CFLAGS_FUZZ "$@" $INC "-DFR_SRCDIR=\"$srcdir\"" \
            "-DFR_PKGDATADIR=\"${FUZZ_PKGDATADIR:-/usr/local/share/flagrule}\"" \
            -c "$src" -o "$o"
    fi
    echo "$o"
}

# Any header of src/, include/ or tests/fuzz newer than the object?
newer_header() {
    [ -n "$(find "$srcdir/src" "$srcdir/include" "$srcdir/tests/fuzz" "$builddir/grammar" \
        -name '*.h' -newer "$1" 2>/dev/null | head -1)" ]
}

build() {
    libobjs=""
    for s in ${LIB_SOURCES:-}; do
        f=$srcdir/$s
        libobjs="$libobjs $(compile_one "$f" -fsanitize=fuzzer-no-link)"
    done
    for s in ${GRAMMAR_SOURCES:-}; do
        f=$builddir/$s
        [ -f "$f" ] || f=$srcdir/$s
        libobjs="$libobjs $(compile_one "$f" -fsanitize=fuzzer-no-link -Wno-unused-function)"
    done
    common=$(compile_one "$srcdir/tests/fuzz/fuzz_result.c" -fsanitize=fuzzer-no-link)
    for h in "$@"; do
        [ -f "$srcdir/tests/fuzz/fuzz_$h.c" ] || { echo "fuzz.sh: no harness '$h'" >&2; exit 2; }
        ho=$(compile_one "$srcdir/tests/fuzz/fuzz_$h.c" -fsanitize=fuzzer-no-link)
        # shellcheck disable=SC2086
        "$FUZZ_CC" $CFLAGS_FUZZ -fsanitize=fuzzer -o "$out/fuzz_$h" $ho $common $libobjs ${FUZZ_LIBS:--lpcre2-8 -ljansson}
        echo "fuzz.sh: built $out/fuzz_$h"
    done
}

run() {
    status=0
    for h in "$@"; do
        mkdir -p "$work/$h"
        dict=""
        [ -f "$srcdir/tests/fuzz/$h.dict" ] && dict="-dict=$srcdir/tests/fuzz/$h.dict"
        log=$work/$h.log
        echo "fuzz.sh: fuzzing $h for ${FUZZ_SECONDS}s (log: $log)"
        set +e
        cd "$work"
        # shellcheck disable=SC2086
        ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} \
        UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
        dirs=""
        for d in "$srcdir/tests/fuzz/corpus/$h" "$srcdir/tests/fuzz/regress/$h"; do
            [ -d "$d" ] && dirs="$dirs $d"
        done
        par=""
        [ "$FUZZ_JOBS" -gt 1 ] && par="-jobs=$FUZZ_JOBS -workers=$FUZZ_JOBS"
        "$out/fuzz_$h" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
            -max_len=65536 -print_final_stats=1 $par \
            -artifact_prefix="$work/artifacts/$h-" $dict $FUZZ_FLAGS \
            "$work/$h" $dirs >"$log" 2>&1
        rc=$?
        set -e
        grep -E '^(stat::|#[0-9]+.*DONE|==[0-9]+==ERROR|SUMMARY|.*(crash|leak|timeout|oom)-)' "$log" | tail -20 || true
        if [ $rc -ne 0 ]; then
            echo "fuzz.sh: $h FOUND A PROBLEM (status $rc); see $log and $work/artifacts/" >&2
            status=1
        fi
    done
    return $status
}

cmd=${1:-run}
[ $# -gt 0 ] && shift
if [ $# -eq 0 ]; then
    for h in $ALL; do
        [ -f "$srcdir/tests/fuzz/fuzz_$h.c" ] && set -- "$@" "$h"
    done
fi
case $cmd in
build) build "$@" ;;
run) build "$@"; run "$@" ;;
*) echo "usage: fuzz.sh build|run [HARNESS...]" >&2; exit 2 ;;
esac
