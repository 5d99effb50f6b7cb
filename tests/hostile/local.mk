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
	tests/hostile/regex-limits.py \
	tests/hostile/config-stream.py \
	tests/hostile/io-errors.py \
	tests/hostile/cli-args.py \
	tests/hostile/escaping.py \
	tests/hostile/oom-cli.py
if HAVE_PYTHON3
TESTS += $(HOSTILE_TESTS)
endif
EXTRA_DIST += $(HOSTILE_TESTS) tests/hostile/hostile.py tests/hostile/failmalloc.c

# The library under failing allocations: its malloc & co. are redirected at
# link time (libflagrule is static here).
check_PROGRAMS += tests/hostile/oom
tests_hostile_oom_SOURCES = tests/hostile/oom.c tests/fuzz/fuzz_result.c tests/fuzz/fuzz.h
tests_hostile_oom_LDADD = libflagrule.la $(PCRE2_LIBS)
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
