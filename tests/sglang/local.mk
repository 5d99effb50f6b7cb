## tests/sglang/local.mk — the SGLang outcome table and the argparse mirror
## (included by Makefile.am).
##
## run-table.py: cases.txt, the outcomes SGLang gives, through `flagrule check`;
## argparse-mirror.py: command lines read as SGLang's own argparse parser reads them.
TESTS += tests/sglang/run-table.py
if HAVE_PYTHON3
TESTS += tests/sglang/argparse-mirror.py
endif
EXTRA_DIST += tests/sglang/run-table.py tests/sglang/cases.txt tests/sglang/messages.txt tests/sglang/README.md \
	tests/sglang/argparse-mirror.py
