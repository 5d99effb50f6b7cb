/* cli.h — shared pieces of the flagrule command.  The command is the first
 * client of libflagrule: it parses options, prints, and decides exit codes. */
#ifndef FR_CLI_H
#define FR_CLI_H
#include <stdbool.h>
#include <stdio.h>
#include "flagrule.h"

/* Exit status, everywhere (documented in flagrule(1)). */
enum fr_exit {
    FR_EXIT_OK = 0,       /* no error (warnings allowed) */
    FR_EXIT_FAIL = 1,     /* a config has errors or is invalid; a test failed */
    FR_EXIT_USAGE = 2     /* usage, rule-file or I/O error */
};

/* Options common to the subcommands that load rules. */
typedef struct cli_rules {
    const char **paths;   /* -r PATH, in order */
    size_t       npaths;
    bool         lint;    /* run the lint checks while compiling */
    bool         tests;   /* compile test and doc blocks (test, lint, doc); else skipped */
    bool         color;   /* colour diagnostics (stderr is a tty and NO_COLOR unset) */
    bool         color_auto; /* decide `color` at the first diagnostic: stderr is a
                                tty and NO_COLOR is unset (no isatty() when there
                                is nothing to print, the usual case) */
} cli_rules;

/* Adds a -r PATH. Returns 0, or -1 out of memory. */
int cli_rules_add(cli_rules *cr, const char *path);
void cli_rules_free(cli_rules *cr);

/* Compiles the rule set: the -r paths, then the FLAGRULE_PATH entries
 * (colon-separated); with neither, the shipped rules (see cli_default_rules).
 * Prints every diagnostic to stderr.  Returns NULL on errors (after printing),
 * and sets *nwarnings to the number of warnings printed. */
fr_ruleset *cli_load_rules(const cli_rules *cr, size_t *nwarnings);

/* The directory of the shipped rules: $(pkgdatadir)/rules.d if it exists,
 * else rules.d beside the build tree (for running uninstalled). */
const char *cli_default_rules(void);
/* NO_COLOR is set to a non-empty value (no-color.org): no colours. */
bool cli_no_color_env(void);

/* An argument of subcommand cmd that is none of its options (cand[0..n)),
 * reported: "unknown option", with a "did you mean"; or, for one of them
 * given =VALUE, that it takes no value (or takes it as the next
 * argument). */
void cli_bad_option(const char *cmd, const char *arg, const char *const *cand, size_t n);

/* s[0..len) from the command line, to be shown in a message: as check
 * echoes a config's words (fr_echo_value: Python's repr, quotes included,
 * control bytes escaped, past 256 bytes clipped); malloc'd (out of memory:
 * cli_oom). */
char *cli_echo(const char *s, size_t len);

/* Prints "flagrule: " + message to stderr. */
void cli_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Out of memory: prints and exits FR_EXIT_USAGE. */
_Noreturn void cli_oom(void);
/* A failed write to standard output (errno err): its message, unless the
 * reader stopped early (EPIPE: quietly); returns FR_EXIT_USAGE. */
int cli_write_failed(int err);
/* Checks stdout for a write error (e.g. /dev/full) at exit: returns
 * cli_write_failed's status, or `code`. */
int cli_finish_output(int code);

/* The one config of resolve and explain when no '--' gave it: standard
 * input's config line when stdin is not a terminal (blank lines aside),
 * else none; with json, the whole input when it is one JSON text (a
 * pretty-printed object spans lines).  Returns 0 with *line (malloc'd,
 * NULL for none) and *len; or FR_EXIT_USAGE after printing (more than one
 * config, a read error). */
int cli_stdin_config(const char *cmd, bool json, char **line, size_t *len);

/* Subcommands.  argv[0] is the subcommand name. */
/* Configs as JSON objects, one per line (`--input json`; json_in.c): a
 * reader per evaluator (the threads of check -j have one each). */
typedef struct cli_jin cli_jin;
cli_jin *cli_jin_new(const fr_ruleset *rs, bool ignore_unknown);
void     cli_jin_free(cli_jin *j);
/* Evaluates one line's object; NULL only out of memory. */
const fr_result *cli_eval_json(cli_jin *j, fr_eval *ev, const char *text, size_t len);
/* The words after `--` joined by blanks: one JSON text. */
const fr_result *cli_eval_json_words(cli_jin *j, fr_eval *ev, size_t n, const char *const *words);
/* The option argv[*i], `--input VALUE` or `--input=VALUE` (*i moves past
 * a separate value): 0 line, 1 json, -1 (a usage error printed). */
int cli_opt_input(const char *cmd, int argc, char **argv, int *i);

/* The CPUs this process may run on (cpus.c): online, in its affinity mask
 * (taskset, cpusets) and within its own cgroup's CPU quota; 1 to
 * CLI_MAX_JOBS. */
#define CLI_MAX_JOBS 1024

/* A config is one line: one of CLI_MAX_LINE bytes or more is invalid, and
 * check reads and drops its bytes (memory stays bounded whatever the input:
 * `check < /dev/zero`); resolve and explain refuse a standard input that
 * large.  (Test hook: FLAGRULE_MAX_LINE=BYTES, HACKING.md.) */
#define CLI_MAX_LINE ((size_t)16 << 20)
/* After an invalid config given after '--': when its reason names one of
 * the command's options (`check -- --tp 2 --format json`), a hint on
 * standard error to give it before '--'. */
void cli_hint_option_after_dashes(const char *cmd, const char *reason, const char *const *opts, size_t n);
/* `--` with no words after it is the empty config: when standard input
 * has bytes waiting (a pipe or a file, by FIONREAD: a producer not yet
 * written is missed), a note on standard error that they are not read. */
void cli_note_stdin_unread(const char *cmd);
size_t cli_max_line(void);
/* A number of bytes from 1 to 2^30 in the environment variable `name` (the
 * test hooks of HACKING.md), or 0: unset or anything else. */
size_t cli_size_env(const char *name);
int  cli_usable_cpus(void);
/* Whether a is -j or --jobs (-jN and --jobs=N too). */
bool cli_is_jobs_opt(const char *a);
/* That option's value, argv[*i] on (*i moves past a separate value): N (1 to
 * CLI_MAX_JOBS), or 0 or 'auto' for cli_usable_cpus(); -1 a usage error
 * (printed, naming cmd). */
int  cli_opt_jobs(const char *cmd, int argc, char **argv, int *i);
/* The whole CPUs of the CPU quota of the process's own cgroup, from the
 * list at proc_cgroup (/proc/self/cgroup) and the cgroup file systems at
 * root (/sys/fs/cgroup): v2 `cpu.max`, v1 `cpu/cpu.cfs_quota_us` over
 * `cpu.cfs_period_us`, rounded up; 0 for no quota, or none found (a quota
 * set only on a parent cgroup is not seen). */
long cli_cgroup_cpus_at(const char *proc_cgroup, const char *root);

int cmd_lint(int argc, char **argv);
int cmd_check(int argc, char **argv);     /* check */
int cmd_resolve(int argc, char **argv);   /* resolve */
int cmd_explain(int argc, char **argv);
int cmd_test(int argc, char **argv);
int cmd_doc(int argc, char **argv);
#endif
