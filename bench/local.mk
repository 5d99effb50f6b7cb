## bench/local.mk -- included by Makefile.am.
## `make bench`: the benchmarks (bench/run; writes bench/RESULTS.md in the
## source tree; 8-15 minutes on 2 idle cores).  `make check` runs bench/check-tiny.sh, the
## same harness in diff-only mode on tiny inputs.  BENCH_FLAGS passes options
## to bench/run, e.g. `make bench BENCH_FLAGS=--full`.

TESTS += bench/check-tiny.sh bench/check-wide.sh

EXTRA_DIST += bench/run bench/check-tiny.sh bench/check-wide.sh bench/runtime.c bench/rng.h \
	bench/gen-configs.c bench/gen-synth.c bench/synth-main.c bench/noop.c \
	bench/ref/sglang.c bench/ref/sglang-config.h bench/ref/sglang.py \
	bench/ref/sglang.clp bench/ref/sglang-clips.c bench/ref/synth-clips.c \
	bench/RESULTS.md bench/README.md bench/PROFILE.md bench/stream-ab.py

## bench/stream-ab (PROFILE.md sections 6 and 7; not run by make bench): built
## with the tests so that it keeps compiling against the public API.  x86-64
## only (TSC ticks, AVX2).
if HOST_X86_64
check_PROGRAMS += bench/stream-ab
bench_stream_ab_SOURCES = bench/stream-ab.c
bench_stream_ab_LDADD = libfrcore.la
endif

## The "one config, start to exit" table also shows the same flagrule linked
## the other way: with a static src/flagrule (./configure
## --enable-static-binary, the default when the static archives are
## installed) its dynamic twin src/flagrule-dynamic; with a dynamic one, a
## static relink of the same objects, bench/flagrule-static, when the static
## archives link (else the table has no static row).
BENCH_FLAGS =
if STATIC_BINARY
BENCH_OTHER = src/flagrule-dynamic$(EXEEXT)
BENCH_OTHER_FLAG = --flagrule-dynamic
else
BENCH_OTHER = bench/flagrule-static$(EXEEXT)
BENCH_OTHER_FLAG = --flagrule-static
endif
bench: src/flagrule$(EXEEXT)
	@$(MAKE) $(AM_MAKEFLAGS) $(BENCH_OTHER) || \
	  echo "bench: no $(BENCH_OTHER) (static linking failed?): one-config rows for src/flagrule only"
	other=''; test -x $(BENCH_OTHER) && other="$(BENCH_OTHER_FLAG) $(abs_top_builddir)/$(BENCH_OTHER)"; \
	$(PYTHON3) $(srcdir)/bench/run --cc '$(CC)' \
	    --flagrule '$(abs_top_builddir)/src/flagrule$(EXEEXT)' $$other \
	    --work '$(abs_top_builddir)/bench/work' \
	    --results '$(abs_top_srcdir)/bench/RESULTS.md' $(BENCH_FLAGS)

# src/flagrule's objects relinked fully static (libtool -all-static, the
# static libraries of libpcre2-8 and jansson): for `make bench` in a build
# configured with --disable-static-binary.
bench/flagrule-static$(EXEEXT): $(src_flagrule_OBJECTS) libfrcore.la
	@$(MKDIR_P) bench
	$(AM_V_CCLD)$(LIBTOOL) $(AM_V_lt) --tag=CC $(AM_LIBTOOLFLAGS) $(LIBTOOLFLAGS) --mode=link \
	  $(CCLD) $(AM_CFLAGS) $(CFLAGS) $(AM_LDFLAGS) -all-static $(LDFLAGS) -o $@ \
	  $(src_flagrule_OBJECTS) libfrcore.la `$(PKG_CONFIG) --static --libs libpcre2-8 jansson`

clean-local: clean-bench
clean-bench:
	rm -rf bench/work bench/work-tiny bench/work-wide-* bench/flagrule-static$(EXEEXT)

.PHONY: bench clean-bench
