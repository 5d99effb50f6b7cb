## tests/sglang/local.mk — the SGLang outcome table and the argparse mirror
## (included by Makefile.am).
##
## run-table.py: cases.txt, the outcomes SGLang gives, through `flagrule check`;
## argparse-mirror.py: command lines read as SGLang's own argparse parser reads them;
## run-real.py: real-method.jsonl, outcomes recorded from SGLang's own method.
TESTS += tests/sglang/run-table.py tests/sglang/run-real.py
if HAVE_PYTHON3
TESTS += tests/sglang/argparse-mirror.py
endif
EXTRA_DIST += tests/sglang/run-table.py tests/sglang/cases.txt tests/sglang/messages.txt tests/sglang/README.md \
	tests/sglang/argparse-mirror.py tests/sglang/run-real.py tests/sglang/real-method.jsonl
