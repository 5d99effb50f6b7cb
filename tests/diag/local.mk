## tests/diag/local.mk — included by Makefile.am
