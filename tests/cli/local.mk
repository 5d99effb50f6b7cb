## tests/cli/local.mk — golden CLI cases (included by Makefile.am).
##
## Each tests/cli/*.t is one case: the command, its standard input, the
## expected standard output, standard error and exit status (the format is
## described in tests/cli/run.sh).  The cases run in tests/cli/ against the
## small rule files there; with --enable-valgrind, VALGRIND_CMD prefixes the
## command.

TEST_EXTENSIONS += .t
T_LOG_COMPILER = $(SHELL) $(srcdir)/tests/cli/run.sh

CLI_TESTS = \
	tests/cli/resolve-null-text.t \
	tests/cli/check-declare-null.t \
	tests/cli/check-declare-null-compact.t \
	tests/cli/explain-declare-null.t \
	tests/cli/explain-conflict-other.t \
	tests/cli/check-input-json-flag-names.t \
	tests/cli/resolve-input-json-pretty.t \
	tests/cli/resolve-input-json-many.t \
	tests/cli/explain-input-json-pretty-bad.t \
	tests/cli/check-input-json-pretty.t \
	tests/cli/check-input-json.t \
	tests/cli/check-input-json-invalid.t \
	tests/cli/check-input-json-compact.t \
	tests/cli/check-input-json-json.t \
	tests/cli/check-input-json-args.t \
	tests/cli/check-input-json-ignore-unknown.t \
	tests/cli/check-input-json-moe.t \
	tests/cli/check-input-bad.t \
	tests/cli/check-input-missing.t \
	tests/cli/check-jobs-input-json.t \
	tests/cli/resolve-input-json.t \
	tests/cli/resolve-input-json-kv.t \
	tests/cli/resolve-input-json-invalid.t \
	tests/cli/explain-input-json.t \
	tests/cli/explain-input-bad.t \
	tests/cli/explain-key-option.t \
	tests/cli/main-unknown-command.t \
	tests/cli/main-unknown-far.t \
	tests/cli/main-unknown-version.t \
	tests/cli/main-option-first.t \
	tests/cli/resolve-stdin.t \
	tests/cli/explain-stdin.t \
	tests/cli/explain-stdin-many.t \
	tests/cli/resolve-stdin-many.t \
	tests/cli/resolve-stdin-words.t \
	tests/cli/check-werror-compact.t \
	tests/cli/check-werror-json.t \
	tests/cli/check-werror-jobs.t \
	tests/cli/lint-werror.t \
	tests/cli/lint-unknown-option.t \
	tests/cli/main-help-command.t \
	tests/cli/main-help-unknown.t \
	tests/cli/explain-both-forms.t \
	tests/cli/explain-why-not-oscillation.t \
	tests/cli/explain-declared-expr.t \
	tests/cli/test-config-words.t \
	tests/cli/check-regex-utf.t \
	tests/cli/check-regex-utf-text.t \
	tests/cli/doc-rule-twice.t \
	tests/cli/check-stream-continued.t \
	tests/cli/check-stream-continued-text.t \
	tests/cli/check-value-option-like.t \
	tests/cli/resolve-value-option-like.t \
	tests/cli/check-env-text.t \
	tests/cli/check-env-text-environ.t \
	tests/cli/check-env-bad-line.t \
	tests/cli/check-env-int-range.t \
	tests/cli/check-env-int-range-environ.t \
	tests/cli/check-env-int-range-json.t \
	tests/cli/check-switch.t \
	tests/cli/check-null-words.t \
	tests/cli/check-null-words-json.t \
	tests/cli/resolve-null-words.t \
	tests/cli/check-const-spellings.t \
	tests/cli/check-const-spellings-argv.t \
	tests/cli/check-const-spellings-json.t \
	tests/cli/resolve-const-spellings.t \
	tests/cli/lint-dump-const-spellings.t \
	tests/cli/check-abbrev-one-flag.t \
	tests/cli/check-switch-argv.t \
	tests/cli/check-switch-json.t \
	tests/cli/check-env-int-blanks.t \
	tests/cli/check-env-int-blanks-environ.t \
	tests/cli/check-int-python.t \
	tests/cli/check-long-value.t \
	tests/cli/check-sglang-argparse.t \
	tests/cli/check-argv-abbrev.t \
	tests/cli/check-argv-ambiguous.t \
	tests/cli/check-prog-launch-line.t \
	tests/cli/check-sglang-launch-line.t \
	tests/cli/check-prog-launch-line-values.t \
	tests/cli/resolve-prog-launch-line.t \
	tests/cli/check-prog-invalid.t \
	tests/cli/check-prog-invalid-compact.t \
	tests/cli/check-prog-input-json.t \
	tests/cli/check-prog-input-json-ignore-unknown.t \
	tests/cli/check-argv-empty.t \
	tests/cli/check-ignore-unknown.t \
	tests/cli/check-ignore-unknown-argv.t \
	tests/cli/check-ignore-unknown-env.t \
	tests/cli/check-argv-command-line.t \
	tests/cli/check-stream-command-line.t \
	tests/cli/check-flag-as-env.t \
	tests/cli/check-argv-flag-as-env.t \
	tests/cli/check-config-slips.t \
	tests/cli/check-config-slips-ignore.t \
	tests/cli/check-argv-help.t \
	tests/cli/check-argv-enum.t \
	tests/cli/check-argv-errors.t \
	tests/cli/check-argv-invalid.t \
	tests/cli/check-argv-missing.t \
	tests/cli/check-argv-ok.t \
	tests/cli/check-rules-twice.t \
	tests/cli/check-argv-warning.t \
	tests/cli/check-bad-format.t \
	tests/cli/check-compact-errors.t \
	tests/cli/check-compact-man.t \
	tests/cli/check-conflict.t \
	tests/cli/check-env-bad.t \
	tests/cli/check-env-config-wins.t \
	tests/cli/check-env.t \
	tests/cli/check-escaping-raw.t \
	tests/cli/check-escaping.t \
	tests/cli/check-help.t \
	tests/cli/check-jobs-argv.t \
	tests/cli/check-jobs-auto.t \
	tests/cli/check-jobs-bad.t \
	tests/cli/check-jobs-compact.t \
	tests/cli/check-jobs-empty.t \
	tests/cli/check-jobs-json.t \
	tests/cli/check-jobs-missing.t \
	tests/cli/check-jobs-negative.t \
	tests/cli/check-jobs-text.t \
	tests/cli/check-jobs-toomany.t \
	tests/cli/check-json-utf8.t \
	tests/cli/check-json-values.t \
	tests/cli/check-no-env.t \
	tests/cli/check-no-rules-file.t \
	tests/cli/check-oscillation.t \
	tests/cli/check-quoting.t \
	tests/cli/check-rules-error.t \
	tests/cli/check-runtime-error.t \
	tests/cli/check-stream-compact.t \
	tests/cli/check-stream-empty.t \
	tests/cli/check-stream-json.t \
	tests/cli/check-stream-ok.t \
	tests/cli/check-stream-text.t \
	tests/cli/check-usage.t \
	tests/cli/check-verbose.t \
	tests/cli/check-werror.t \
	tests/cli/explain-alias.t \
	tests/cli/explain-invalid.t \
	tests/cli/explain-key.t \
	tests/cli/explain-spelling.t \
	tests/cli/explain-unknown.t \
	tests/cli/explain-why-not.t \
	tests/cli/resolve-defaults.t \
	tests/cli/resolve-errors.t \
	tests/cli/resolve-flags.t \
	tests/cli/resolve-invalid.t \
	tests/cli/resolve-json.t \
	tests/cli/resolve-kv.t \
	tests/cli/resolve-man.t \
	tests/cli/test-fail.t \
	tests/cli/test-pass.t \
	tests/cli/test-usage.t \
	tests/cli/test-verbose.t
TESTS += $(CLI_TESTS)
# check -j N against check -j 1 on a few thousand generated lines (every
# format, tiny chunks, a pipe)
TESTS += tests/cli/jobs.sh
EXTRA_DIST += $(CLI_TESTS) tests/cli/run.sh tests/cli/jobs.sh \
	tests/cli/bad.rules \
	tests/cli/cycle.rules \
	tests/cli/failing.rules \
	tests/cli/misc.rules \
	tests/cli/prog.rules \
	tests/cli/moe.rules \
	tests/cli/envtext.rules \
	tests/cli/switch.rules \
	tests/cli/nullwords.rules \
	tests/cli/consts.rules \
	tests/cli/nulldecl.rules \
	tests/cli/conflict.rules \
	tests/cli/exprs.rules \
	tests/cli/utf.rules
