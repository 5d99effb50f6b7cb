## tests/doc/local.mk — included by Makefile.am: the documentation tests.
##   man-lint.sh        every built page (flagrule.1, flagrule-rules.5, the
##                      generated error pages) passes mandoc -Tlint silently
##   man-examples.py    the EXAMPLES of flagrule.1 and flagrule-rules.5 run
##   help-agrees.py     `flagrule [CMD] --help` and flagrule(1) agree
##   error-examples.py  every error page's EXAMPLE: the before line fails
##                      with the page's rule, the after line passes
##   golden.sh          flagrule doc on golden/small.rules, man/md/json,
##                      byte for byte (tests/doc/golden.sh --update)
##   write.sh           atomic writes, unchanged and stale pages, errors
##   doc-values.py      awkward values shown exactly; examples a line can carry
##   tests/unit/test_doc  roff/Markdown/JSON escaping, writing a directory
TESTS += tests/doc/man-lint.sh tests/doc/golden.sh tests/doc/write.sh
GOLDEN_TESTS += tests/doc/golden.sh tests/doc/write.sh
if HAVE_PYTHON3
TESTS += tests/doc/man-examples.py tests/doc/error-examples.py tests/doc/help-agrees.py \
	tests/doc/doc-values.py
endif
if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_doc
tests_unit_test_doc_SOURCES = tests/unit/test_doc.c
tests_unit_test_doc_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_doc_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/test_doc
endif
EXTRA_DIST += tests/doc/man-lint.sh tests/doc/man-examples.py tests/doc/error-examples.py \
	tests/doc/help-agrees.py tests/doc/doc-values.py \
	tests/doc/golden.sh tests/doc/write.sh tests/doc/golden/small.rules \
	tests/doc/golden/stderr.txt tests/doc/golden/man tests/doc/golden/md tests/doc/golden/json
# The pages must be built before they are linted and their examples run.
tests/doc/man-lint.log tests/doc/man-examples.log tests/doc/error-examples.log \
tests/doc/help-agrees.log: $(man_MANS) man/errors.stamp
