## tests/hostile/local.mk — hostile inputs and limits (included by Makefile.am).
##
## Python scripts (automake exit codes: 0 pass, 1 fail, 77 skip) that run
## the flagrule binary on generated inputs: deep nesting, huge files and
## lines, a million rules, catastrophic regexes, hostile config streams, I/O
## errors, output escaping and out of memory (an LD_PRELOAD malloc shim for
## the command, a link-time --wrap for the library).  HOSTILE_SCALE=0.1
## makes the big inputs ten times smaller.

HOSTILE_TESTS = \
	tests/hostile/limits-nesting.py \
	tests/hostile/limits-size.py \
	tests/hostile/limits-graph.py \
	tests/hostile/limits-shapes.py \
	tests/hostile/regex-limits.py \
	tests/hostile/config-stream.py \
	tests/hostile/io-errors.py \
	tests/hostile/cli-args.py \
	tests/hostile/escaping.py \
	tests/hostile/oom-cli.py
if HAVE_PYTHON3
TESTS += $(HOSTILE_TESTS)
endif
EXTRA_DIST += $(HOSTILE_TESTS) tests/hostile/hostile.py tests/hostile/failmalloc.c tests/hostile/README.md

# The library under failing allocations: its malloc & co. are redirected at
# link time (libflagrule is static here).
check_PROGRAMS += tests/hostile/oom
tests_hostile_oom_SOURCES = tests/hostile/oom.c tests/fuzz/fuzz_result.c tests/fuzz/fuzz.h
tests_hostile_oom_LDADD = libfrcore.la $(PCRE2_LIBS) $(PTHREAD_LIBS)
tests_hostile_oom_LDFLAGS = $(AM_LDFLAGS) \
	-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup
TESTS += tests/hostile/oom

# The command under failing allocations: an LD_PRELOAD shim, built without
# sanitizers (oom-cli.py skips itself in sanitizer builds).
tests/hostile/failmalloc.so: tests/hostile/failmalloc.c
	@$(MKDIR_P) tests/hostile
	$(AM_V_CC)$(CC) -shared -fPIC -O2 -Wall -o $@ $(srcdir)/tests/hostile/failmalloc.c -ldl
tests/hostile/oom-cli.log: tests/hostile/failmalloc.so
CLEANFILES += tests/hostile/failmalloc.so

# One ruleset shared by evaluators on several threads (results must equal the
# single-threaded ones).  `make tsan-threads` builds the same test and the
# library sources with clang -fsanitize=thread and runs it.
check_PROGRAMS += tests/hostile/threads
tests_hostile_threads_SOURCES = tests/hostile/threads.c tests/fuzz/fuzz_result.c tests/fuzz/fuzz.h
tests_hostile_threads_LDADD = libfrcore.la $(PCRE2_LIBS) -lpthread
TESTS += tests/hostile/threads

TSAN_GRAMMAR = grammar/parser.c grammar/lexer.c
tsan-threads: $(BUILT_SOURCES) grammar/lexer.c
	$(FUZZ_CC) -fsanitize=thread -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L \
	  -I$(top_builddir) -I$(top_srcdir) -I$(top_srcdir)/include -I$(top_srcdir)/src \
	  -I$(top_builddir)/grammar $(PCRE2_CFLAGS) \
	  -DFR_SRCDIR='"$(abs_top_srcdir)"' -DFR_PKGDATADIR='"$(pkgdatadir)"' \
	  -o tests/hostile/threads-tsan $(srcdir)/tests/hostile/threads.c \
	  $(srcdir)/tests/fuzz/fuzz_result.c \
	  $(addprefix $(srcdir)/,$(filter %.c,$(libfrcore_la_SOURCES))) \
	  $(foreach f,$(TSAN_GRAMMAR),$(if $(wildcard $(f)),$(f),$(srcdir)/$(f))) \
	  $(PCRE2_LIBS) -lpthread
	TSAN_OPTIONS=halt_on_error=1 tests/hostile/threads-tsan
.PHONY: tsan-threads
CLEANFILES += tests/hostile/threads-tsan
