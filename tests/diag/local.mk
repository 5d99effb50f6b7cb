## tests/diag/local.mk — included by Makefile.am
## Golden diagnostic tests: one test per tests/diag/cases/NAME.rules (a file
## or a directory), run by tests/diag/run.sh, which compares the stderr and
## exit status of `flagrule lint -r NAME.rules` with NAME.expected.
## Add a new case to DIAG_TESTS (automake needs the list spelled out).
TEST_EXTENSIONS += .rules
RULES_LOG_COMPILER = $(SHELL) $(srcdir)/tests/diag/run.sh
DIAG_TESTS = \
	tests/diag/cases/lint-declare-values.rules \
	tests/diag/cases/lint-compared-keys.rules \
	tests/diag/cases/lint-arith-search.rules \
	tests/diag/cases/bad-default.rules \
	tests/diag/cases/alias-cycle.rules \
	tests/diag/cases/message-reads.rules \
	tests/diag/cases/empty-message.rules \
	tests/diag/cases/lone-cr.rules \
	tests/diag/cases/caret-width.rules \
	tests/diag/cases/regex-verbs.rules \
	tests/diag/cases/rule-name-digit-dup.rules \
	tests/diag/cases/cycle-oscillates.rules \
	tests/diag/cases/test-contradictions.rules \
	tests/diag/cases/null-order.rules \
	tests/diag/cases/set-keys.rules \
	tests/diag/cases/habits.rules \
	tests/diag/cases/bad-u-escape.rules \
	tests/diag/cases/regex-examples.rules \
	tests/diag/cases/doc-misuse.rules \
	tests/diag/cases/type-names.rules \
	tests/diag/cases/regex-class-slash.rules \
	tests/diag/cases/switch-errors.rules \
	tests/diag/cases/null-words.rules \
	tests/diag/cases/const-spellings.rules \
	tests/diag/cases/null-unreachable.rules \
	tests/diag/cases/shape-examples.rules \
	tests/diag/cases/prog-flags-bad.rules \
	tests/diag/cases/prog-flags-syntax.rules \
	tests/diag/cases/constant-fault.rules \
	tests/diag/cases/arith-examples.rules \
	tests/diag/cases/nullable-arith.rules \
	tests/diag/cases/nul-byte.rules \
	tests/diag/cases/int64-min.rules \
	tests/diag/cases/flat-chain.rules \
	tests/diag/cases/value-or-key.rules \
	tests/diag/cases/test-not-severity.rules \
	tests/diag/cases/block-misplaced.rules \
	tests/diag/cases/misspelt-keywords.rules \
	tests/diag/cases/rule-name-dot.rules \
	tests/diag/cases/non-ascii.rules \
	tests/diag/cases/chained-comparison.rules \
	tests/diag/cases/alias-unknown-key.rules \
	tests/diag/cases/cli-spelling.rules \
	tests/diag/cases/bad-escape.rules \
	tests/diag/cases/c-operators.rules \
	tests/diag/cases/colon-equals.rules \
	tests/diag/cases/control-chars.rules \
	tests/diag/cases/cycle.rules \
	tests/diag/cases/declare-errors.rules \
	tests/diag/cases/dir-entry.rules \
	tests/diag/cases/doc-errors.rules \
	tests/diag/cases/doc-syntax.rules \
	tests/diag/cases/duplicate-rule-name.rules \
	tests/diag/cases/duplicates.rules \
	tests/diag/cases/empty-dir.rules \
	tests/diag/cases/empty.rules \
	tests/diag/cases/error-cap.rules \
	tests/diag/cases/fat-arrow.rules \
	tests/diag/cases/fires-past-declare.rules \
	tests/diag/cases/habits.rules \
	tests/diag/cases/hyphen-key.rules \
	tests/diag/cases/integer-overflow.rules \
	tests/diag/cases/keyword-as-name.rules \
	tests/diag/cases/missing-arrow.rules \
	tests/diag/cases/missing-default.rules \
	tests/diag/cases/missing-file.rules \
	tests/diag/cases/missing-semicolon.rules \
	tests/diag/cases/multi-file.rules \
	tests/diag/cases/nesting-limit.rules \
	tests/diag/cases/never-fires.rules \
	tests/diag/cases/raw-nul.rules \
	tests/diag/cases/rule-name-digit.rules \
	tests/diag/cases/expect-declare-severity.rules \
	tests/diag/cases/not-a-condition.rules \
	tests/diag/cases/null-compare.rules \
	tests/diag/cases/operand-types.rules \
	tests/diag/cases/parentheses.rules \
	tests/diag/cases/regex-error.rules \
	tests/diag/cases/regex-syntax.rules \
	tests/diag/cases/several-errors.rules \
	tests/diag/cases/templates.rules \
	tests/diag/cases/test-case-syntax.rules \
	tests/diag/cases/test-values.rules \
	tests/diag/cases/type-mismatch.rules \
	tests/diag/cases/unclosed-test-block.rules \
	tests/diag/cases/unknown-enum-value.rules \
	tests/diag/cases/unknown-key.rules \
	tests/diag/cases/unknown-rule.rules \
	tests/diag/cases/unterminated-string.rules \
	tests/diag/cases/warnings-only.rules
TESTS += $(DIAG_TESTS)
GOLDEN_TESTS += $(DIAG_TESTS)
EXTRA_DIST += tests/diag/run.sh tests/diag/README tests/diag/cases
# In a VPATH build (make distcheck) the log directory does not exist yet.
$(DIAG_TESTS:.rules=.log): tests/diag/cases/.dirstamp
tests/diag/cases/.dirstamp:
	@$(MKDIR_P) tests/diag/cases
	@: > $@
DISTCLEANFILES = tests/diag/cases/.dirstamp
