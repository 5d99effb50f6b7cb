## tests/doc/local.mk — included by Makefile.am: the documentation tests.
##   man-lint.sh       every built page passes mandoc -Tlint with no message
TESTS += tests/doc/man-lint.sh
EXTRA_DIST += tests/doc/man-lint.sh tests/doc/man-examples.py
# The pages must exist before they are linted.
tests/doc/man-lint.log: $(man_MANS)
