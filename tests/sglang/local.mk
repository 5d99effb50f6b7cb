## tests/sglang/local.mk — included by Makefile.am
