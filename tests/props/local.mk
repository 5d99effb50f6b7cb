## tests/props/local.mk — property tests (included by Makefile.am).
##
## order.py: the order of rules and files never changes the result;
## roundtrip.py: `resolve` output checked again passes with the same values;
## json-readers.py: the fast JSON reader and jansson read every line alike;
## py-int.py: int values read as Python's int() reads them;
## oracle.py: every record equals an independent model's, written from the
## manual (flagrule-rules(5));
## argparse-sets.py: random flag sets (spellings sharing prefixes, constant
## spellings, the program's other flags) read as Python's argparse reads them.
## Random rule sets and configs from fixed seeds (tests/props/gen.py);
## PROPS_SEEDS=N changes how many.

PROPS_TESTS = tests/props/order.py tests/props/roundtrip.py tests/props/json-readers.py \
	tests/props/py-int.py tests/props/oracle.py tests/props/argparse-sets.py
if HAVE_PYTHON3
TESTS += $(PROPS_TESTS)
endif
EXTRA_DIST += $(PROPS_TESTS) tests/props/gen.py tests/props/props.py
