## tests/cli/local.mk — included by Makefile.am
