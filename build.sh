#!/bin/sh
# build.sh — set up, build and run flagrule from a fresh clone on Debian.
#
#   ./build.sh run     install what is missing, build, check a launch line
#                      (flagrule linked fully static: the fastest start, see HACKING.md)
#   ./build.sh check   install what is missing, build, run the whole test suite
#   ./build.sh ci      what CI runs: check with -Werror, then ASan+UBSan, then valgrind,
#                      then (where clang is) check on a clang -Werror build
#   ./build.sh bench   install what is missing, build, make bench (bench/RESULTS.md;
#                      8-15 minutes on 2 idle cores)
#
# Packages are installed with apt-get (through sudo when not root) only when
# missing.  Set FLAGRULE_NO_INSTALL=1 to skip that step.
set -eu
cd "$(dirname "$0")"

PKGS="build-essential autoconf automake libtool pkg-config flex bison \
libpcre2-dev libjansson-dev libcmocka-dev mandoc python3 valgrind"
# what the tests and the benchmarks compare against (bench/: the CLIPS
# reference, diffed by make check, timed by make bench)
TEST_PKGS="clips libclips-dev"
JOBS=$(nproc 2>/dev/null || echo 2)

# install_deps [MORE_PACKAGES]
install_deps() {
    [ "${FLAGRULE_NO_INSTALL:-0}" = 1 ] && return 0
    missing=""
    for p in $PKGS ${1:-}; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    echo "build.sh: installing:$missing"
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    # shellcheck disable=SC2086
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing </dev/null
}

# build DIR [configure options...]: an out-of-tree build in DIR.
build() {
    dir=$1; shift
    { [ -x configure ] && [ configure -nt configure.ac ]; } || autoreconf -fi
    mkdir -p "$dir"
    (cd "$dir" && { [ -f Makefile ] && [ config.status -nt ../configure ] || ../configure -q "$@"; } && make -s -j"$JOBS")
}

# suite DIR TARGET: make TARGET in DIR; when it fails, what each failing
# test said (its log without the passing lines) and the machine, last, so
# that the tail of a CI log shows why
suite() {
    dir=$1 target=$2
    shift 2
    if env "$@" make -C "$dir" -s -j"$JOBS" "$target"; then
        return 0
    fi
    echo "build.sh: $target failed in $dir; the failing tests said:"
    for trs in $(grep -rl -E '^:test-result: (FAIL|ERROR)' "$dir" --include='*.trs' 2>/dev/null); do
        log=${trs%.trs}.log
        echo "---- ${log#"$dir"/}"
        grep -v -E '^(ok|PASS)\b' "$log" 2>/dev/null | tail -n 40
    done
    echo "---- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2)"
    df -h "${TMPDIR:-/tmp}" . 2>/dev/null || true
    exit 1
}

cmd=${1:-run}
case $cmd in
run)
    install_deps
    # static when libpcre2-8.a, libjansson.a and libc.a link (the -dev
    # packages above ship them); configure falls back to dynamic otherwise
    build _build --enable-static-binary=auto
    echo '$ flagrule check -- --moe-a2a-backend pplx --deepep-mode normal'
    status=0
    _build/src/flagrule check -- --moe-a2a-backend pplx --deepep-mode normal || status=$?
    echo "(exit status $status: 1 means the config has errors)"
    ;;
check)
    install_deps "$TEST_PKGS"
    build _build --enable-static-binary=auto
    suite _build check
    ;;
bench)
    install_deps "$TEST_PKGS"
    build _build --enable-static-binary=auto
    make -C _build bench
    ;;
ci)
    install_deps "$TEST_PKGS"
    build _build-ci --enable-werror
    suite _build-ci check
    build _build-san --enable-werror --enable-asan --enable-ubsan
    suite _build-san check ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    build _build-vg --enable-werror --enable-valgrind
    suite _build-vg check-valgrind
    # clang warns where gcc does not (format strings through va_list, ranges
    # of char) and generates other code: everything built with it too,
    # warnings as errors, and the suite run on that build
    if command -v clang >/dev/null 2>&1; then
        build _build-clang --enable-werror CC=clang
        suite _build-clang check
    else
        echo "build.sh: no clang here: the clang build is skipped"
    fi
    ;;
*)
    echo "usage: ./build.sh run|check|ci|bench" >&2
    exit 2
    ;;
esac
