## tests/fuzz/local.mk — the fuzz harnesses (included by Makefile.am).
##
## make check: each harness body is linked with replay.c's plain main() and
## replays tests/fuzz/corpus/NAME and tests/fuzz/regress/NAME once (any C
## compiler; under valgrind in `make check-valgrind`).
## make fuzz: builds the harnesses with clang -fsanitize=fuzzer,address,
## undefined from the library sources and runs each for FUZZ_SECONDS
## (tests/fuzz/fuzz.sh; see tests/fuzz/README.md).

FUZZ_REPLAY = tests/fuzz/replay_compile tests/fuzz/replay_eval tests/fuzz/replay_doc \
	tests/fuzz/replay_json
check_PROGRAMS += $(FUZZ_REPLAY)
FUZZ_REPLAY_LDADD = libfrcore.la $(PCRE2_LIBS) $(PTHREAD_LIBS)
tests_fuzz_replay_compile_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_compile.c \
	tests/fuzz/fuzz_result.c tests/fuzz/fuzz.h
tests_fuzz_replay_compile_LDADD = $(FUZZ_REPLAY_LDADD)
tests_fuzz_replay_eval_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_eval.c \
	tests/fuzz/fuzz_result.c tests/fuzz/fuzz.h
tests_fuzz_replay_eval_LDADD = $(FUZZ_REPLAY_LDADD)
tests_fuzz_replay_doc_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_doc.c \
	tests/fuzz/fuzz_result.c tests/fuzz/fuzz.h
tests_fuzz_replay_doc_LDADD = $(FUZZ_REPLAY_LDADD) $(JANSSON_LIBS)
# (fuzz_json.c compiles in the CLI's src/cli/json_in.c)
tests_fuzz_replay_json_SOURCES = tests/fuzz/replay.c tests/fuzz/fuzz_json.c \
	tests/fuzz/fuzz_result.c tests/fuzz/fuzz.h
tests_fuzz_replay_json_LDADD = $(FUZZ_REPLAY_LDADD) $(JANSSON_LIBS)

FUZZ_REPLAY_TESTS = tests/fuzz/replay-compile.sh tests/fuzz/replay-eval.sh \
	tests/fuzz/replay-doc.sh tests/fuzz/replay-json.sh
TESTS += $(FUZZ_REPLAY_TESTS)
GOLDEN_TESTS += $(FUZZ_REPLAY_TESTS)
EXTRA_DIST += tests/fuzz/README.md tests/fuzz/FINDINGS.md tests/fuzz/fuzz.sh \
	tests/fuzz/replay.sh $(FUZZ_REPLAY_TESTS) tests/fuzz/mkcorpus.py \
	tests/fuzz/compile.dict tests/fuzz/eval.dict tests/fuzz/json.dict \
	tests/fuzz/corpus tests/fuzz/regress

FUZZ_SECONDS = 60
FUZZ_JOBS = 1
FUZZ_FLAGS =
FUZZ_TARGETS =
FUZZ_ENV = srcdir='$(srcdir)' builddir='$(builddir)' FUZZ_CC='$(FUZZ_CC)' \
	FUZZ_SECONDS='$(FUZZ_SECONDS)' FUZZ_JOBS='$(FUZZ_JOBS)' FUZZ_FLAGS='$(FUZZ_FLAGS)' \
	LIB_SOURCES='$(filter %.c,$(libfrcore_la_SOURCES))' \
	GRAMMAR_SOURCES='grammar/parser.c grammar/lexer.c' \
	CPPFLAGS_FUZZ='-I$(top_srcdir)/include -I$(top_srcdir)/src -I$(top_builddir)/grammar $(PCRE2_CFLAGS) $(JANSSON_CFLAGS)' \
	FUZZ_PKGDATADIR='$(pkgdatadir)' \
	FUZZ_LIBS='$(PCRE2_LIBS) $(JANSSON_LIBS)'

# `make fuzz [FUZZ_SECONDS=600] [FUZZ_TARGETS='compile eval doc json']`
fuzz: $(BUILT_SOURCES) grammar/lexer.c
	$(FUZZ_ENV) $(SHELL) $(srcdir)/tests/fuzz/fuzz.sh run $(FUZZ_TARGETS)
fuzz-build: $(BUILT_SOURCES) grammar/lexer.c
	$(FUZZ_ENV) $(SHELL) $(srcdir)/tests/fuzz/fuzz.sh build $(FUZZ_TARGETS)
.PHONY: fuzz fuzz-build

# `make clean-fuzz` removes the clang build; the grown corpus in
# tests/fuzz/.work is kept (delete it by hand).
clean-fuzz:
	rm -rf tests/fuzz/.build
.PHONY: clean-fuzz
