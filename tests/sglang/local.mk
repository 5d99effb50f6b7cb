## tests/sglang/local.mk — the SGLang outcome table (included by Makefile.am).
TESTS += tests/sglang/run-table.py
EXTRA_DIST += tests/sglang/run-table.py tests/sglang/cases.txt tests/sglang/messages.txt tests/sglang/README.md
