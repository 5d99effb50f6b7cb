## bench/local.mk -- included by Makefile.am.
## `make bench`: the benchmarks (bench/run; writes bench/RESULTS.md in the
## source tree; 10-15 minutes on 2 idle cores).  `make check` runs bench/check-tiny.sh, the
## same harness in diff-only mode on tiny inputs.  BENCH_FLAGS passes options
## to bench/run, e.g. `make bench BENCH_FLAGS=--full`.

TESTS += bench/check-tiny.sh

EXTRA_DIST += bench/run bench/check-tiny.sh bench/runtime.c bench/rng.h \
	bench/gen-configs.c bench/gen-synth.c bench/synth-main.c \
	bench/ref/sglang.c bench/ref/sglang-config.h bench/ref/sglang.py \
	bench/ref/sglang.clp bench/ref/sglang-clips.c bench/ref/synth-clips.c \
	bench/RESULTS.md bench/README.md bench/PROFILE.md

BENCH_FLAGS =
bench: src/flagrule
	$(PYTHON3) $(srcdir)/bench/run --cc '$(CC)' \
	    --flagrule '$(abs_top_builddir)/src/flagrule' \
	    --work '$(abs_top_builddir)/bench/work' \
	    --results '$(abs_top_srcdir)/bench/RESULTS.md' $(BENCH_FLAGS)

clean-local: clean-bench
clean-bench:
	rm -rf bench/work bench/work-tiny

.PHONY: bench clean-bench
