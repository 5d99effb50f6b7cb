/* flagrule.h — the public API of libflagrule.
 *
 * flagrule compiles rule files (*.rules) into a ruleset and evaluates flag
 * configurations against it with fixed-point resolution.
 *
 * Ownership, once for all:
 *  - Every `fr_x_new`/`fr_compile` result is owned by the caller and released
 *    with `fr_x_free(&p)`, which frees it and sets *p to NULL (NULL is fine).
 *  - `const` pointers returned by accessors are borrowed: they live as long as
 *    the object they came from, and for an fr_result until the next
 *    evaluation on the same fr_eval.
 *  - A ruleset is immutable once compiled and may be shared by many
 *    evaluators, also across threads.  An fr_eval is used by one thread at a
 *    time.
 *  - The library never prints and never exits.  Out of memory: every
 *    allocation is checked; the failing call returns NULL or FR_ENOMEM and the
 *    objects involved stay valid to free.
 *
 * Strings are UTF-8 (or any bytes), passed with explicit lengths where they
 * may come from user input, and returned NUL-terminated.
 */
#ifndef FLAGRULE_H
#define FLAGRULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version ---------------------------------------------------------------
 * The version of the header (compile time) and of the library linked
 * (run time).  The API and ABI follow the library's libtool version: a
 * function or type is added or changed only with a new version. */
#define FLAGRULE_VERSION_MAJOR 0
#define FLAGRULE_VERSION_MINOR 1
#define FLAGRULE_VERSION_PATCH 0
#define FLAGRULE_VERSION "0.1.0"

/* "MAJOR.MINOR.PATCH" of the library linked (static storage). */
const char *fr_version(void);

/* ---- status codes -------------------------------------------------------- */

typedef enum fr_rc {
    FR_OK = 0,
    FR_EIO = -1,       /* a file could not be read or written (see diagnostics) */
    FR_ESYNTAX = -2,   /* the rule set has errors (see diagnostics) */
    FR_ENOMEM = -3,    /* out of memory */
    FR_EINVAL = -4,    /* bad argument */
    FR_ENOTFOUND = -5  /* no such key / rule */
} fr_rc;

typedef enum fr_severity {
    FR_SEV_ERROR = 0,
    FR_SEV_WARNING,
    FR_SEV_INFO,
    FR_SEV_NOTE        /* attached to another diagnostic ("previous definition here") */
} fr_severity;

/* ---- diagnostics (about rule files) ---------------------------------------
 * Diagnostics are data.  A diagnostic has a primary location and zero or more
 * notes (each with its own location).  Rendering (GNU style
 * "FILE:LINE:COL: error: MSG", the source line, a caret line) is done by
 * fr_diag_render, which returns text; the caller prints it. */

typedef struct fr_loc {
    const char *file;      /* path as given; NULL if no location */
    uint32_t    line, col; /* 1-based; col counts bytes */
    uint32_t    end_line, end_col; /* inclusive end of the span */
} fr_loc;

typedef struct fr_diag fr_diag;
typedef struct fr_diags fr_diags;

size_t         fr_diags_count(const fr_diags *d);
size_t         fr_diags_errors(const fr_diags *d);   /* how many are errors */
const fr_diag *fr_diags_get(const fr_diags *d, size_t i);   /* NULL past the end */
/* (the accessors take NULL: FR_SEV_ERROR, NULL, no location, 0 notes) */
fr_severity    fr_diag_severity(const fr_diag *g);
const char    *fr_diag_message(const fr_diag *g);
fr_loc         fr_diag_loc(const fr_diag *g);
size_t         fr_diag_nnotes(const fr_diag *g);
const fr_diag *fr_diag_note(const fr_diag *g, size_t i);

/* GNU-style text with source line and caret, notes included, ending in a
 * newline.  `color`: use ANSI colours.  Returns a malloc'd string (free()),
 * or NULL (out of memory, or d or g NULL). */
char *fr_diags_render(const fr_diags *d, const fr_diag *g, bool color);

/* ---- compiling ------------------------------------------------------------ */

typedef struct fr_compiler fr_compiler;
typedef struct fr_ruleset  fr_ruleset;

fr_compiler *fr_compiler_new(void);
void         fr_compiler_free(fr_compiler **c);

/* Adds a file, or a directory (its *.rules files, in byte order of names).
 * A file that cannot be read is an error diagnostic (returns FR_EIO).  A file
 * or directory added already (same st_dev and st_ino) is skipped (FR_OK). */
fr_rc fr_compiler_add_path(fr_compiler *c, const char *path);
/* Adds source text under a display name (the text is copied). */
fr_rc fr_compiler_add_text(fr_compiler *c, const char *name, const char *text, size_t len);

/* Compiles everything added.  On success returns a ruleset (the compiler may
 * then be freed); on errors returns NULL and *rc says why.  Either way the
 * diagnostics (warnings included) are in fr_compiler_diags(). */
fr_ruleset *fr_compile(fr_compiler *c, fr_rc *rc);
const fr_diags *fr_compiler_diags(const fr_compiler *c);

/* Options for compilation: stop after this many errors (default 20; 0: no
 * limit). */
void fr_compiler_set_max_errors(fr_compiler *c, unsigned n);
/* Also run the slower static checks of `flagrule lint` (cycles, rules that
 * can never fire, ...) as warnings. */
void fr_compiler_set_lint(fr_compiler *c, bool on);
/* Skip the `test` and `doc` blocks: a well-formed block is found by a byte
 * scan and not parsed (the ruleset has no tests and no rule docs); a block
 * the scan cannot vouch for is parsed as usual, so syntax errors that end a
 * block early are still reported.  For callers that only evaluate configs
 * (check, resolve, explain): `flagrule test`, `lint` and `doc` parse all.
 * Off by default. */
void fr_compiler_set_skip_tests(fr_compiler *c, bool on);
/* Whether fr_compile may start one helper thread while it compiles a big
 * rule text (1 MiB or more, ~15,000 rules): the thread faults fresh memory
 * in ahead of the compiler and takes some independent work, and is joined
 * before fr_compile returns; it changes no result and no diagnostic.  On by
 * default; off for callers that must not create threads (e.g. between fork
 * and exec, or under a seccomp policy). */
void fr_compiler_set_threads(fr_compiler *c, bool on);

void fr_ruleset_free(fr_ruleset **rs);

/* A readable dump of the IR (keys, rules, nodes, plan).  malloc'd. */
char *fr_ruleset_dump(const fr_ruleset *rs);

/* ---- introspection ---------------------------------------------------------- */

typedef enum fr_keykind_pub { FR_FLAG = 0, FR_ENV = 1, FR_FACT = 2 } fr_keykind_pub;
typedef enum fr_type_pub {
    FR_BOOL = 0, FR_INT = 1, FR_STRING = 2, FR_ENUM = 3   /* (a `switch` key is FR_BOOL) */
} fr_type_pub;

size_t      fr_ruleset_nkeys(const fr_ruleset *rs);
const char *fr_key_name(const fr_ruleset *rs, size_t k);
int         fr_key_kind(const fr_ruleset *rs, size_t k);      /* fr_keykind_pub */
int         fr_key_type(const fr_ruleset *rs, size_t k);      /* fr_type_pub */
bool        fr_key_nullable(const fr_ruleset *rs, size_t k);
const char *fr_key_cli(const fr_ruleset *rs, size_t k);       /* canonical spelling or NULL */
const char *fr_key_help(const fr_ruleset *rs, size_t k);
/* How a config line writes null for key k: a flag's first null word
 * (`cli null "WORD"`), "null" for a nullable fact, NULL when a line cannot
 * (a flag without null words is null only by being left out, an env key
 * only by being unset).  And whether the word s (len bytes) reads as null
 * there: a null word of the flag, null or None for a nullable fact. */
const char *fr_key_null_word(const fr_ruleset *rs, size_t k);
bool        fr_key_word_is_null(const fr_ruleset *rs, size_t k, const char *s, size_t len);
long        fr_ruleset_find_key(const fr_ruleset *rs, const char *name); /* -1 if none; aliases too */

size_t      fr_ruleset_nrules(const fr_ruleset *rs);
const char *fr_rule_name(const fr_ruleset *rs, size_t r);
long        fr_ruleset_find_rule(const fr_ruleset *rs, const char *name);
fr_loc      fr_rule_loc(const fr_ruleset *rs, size_t r);

/* ---- values ----------------------------------------------------------------- */

typedef struct fr_value {
    int         type;      /* fr_type_pub */
    bool        is_null;
    int64_t     i;         /* bool 0/1, int */
    const char *s;         /* string or enum value name (NUL-terminated) */
    size_t      len;       /* length of s */
} fr_value;

/* The default value of key k (strings borrowed from the ruleset). */
fr_value fr_key_default(const fr_ruleset *rs, size_t k);

/* ---- evaluation --------------------------------------------------------------- */

typedef struct fr_eval   fr_eval;
typedef struct fr_result fr_result;

typedef enum fr_status {
    FR_STATUS_OK = 0,      /* no error (warnings allowed) */
    FR_STATUS_ERROR = 1,   /* at least one error */
    FR_STATUS_INVALID = 2  /* the config could not be read (unknown flag, bad value, ...) */
} fr_status;

/* An evaluator reads its rule set: the rule set must outlive its use
 * (fr_eval_free alone may come after fr_ruleset_free). */
fr_eval *fr_eval_new(const fr_ruleset *rs);
void     fr_eval_free(fr_eval **ev);

/* Options: read env keys that the config does not give from the process
 * environment (getenv).  Default off in the library; the CLI turns it on
 * unless --no-env. */
void fr_eval_set_use_environ(fr_eval *ev, bool on);
/* Options: skip flags the rule set does not declare (with the word after
 * one when it looks like its value) instead of making the config invalid,
 * so a full launch line of the program can be checked.  Default off. */
void fr_eval_set_ignore_unknown(fr_eval *ev, bool on);

/* Evaluate one config written as a shell command line (quoting honoured,
 * leading program words skipped, `--flag value`, `--flag=value`, bare bool
 * flags, NAME=VALUE for env and fact keys).  NULL only out of memory or for a
 * bad argument (ev NULL; line NULL with len > 0; for fr_eval_argv, argv NULL
 * with argc > 0; for fr_eval_values, keys or vals NULL with n > 0); a NULL
 * element of argv makes the config invalid. */
const fr_result *fr_eval_line(fr_eval *ev, const char *line, size_t len);
/* The same with words already split (argv style). */
const fr_result *fr_eval_argv(fr_eval *ev, size_t argc, const char *const *argv);

/* The same with typed values by key, for configs that come as data (JSON,
 * a program's own settings): keys[i] (a key id) takes vals[i]; a key given
 * twice takes its last value.  A value fits its key or the config is
 * invalid: a bool for a bool key, an int for an int key, null for a
 * nullable key; text (FR_STRING or FR_ENUM, s and len) is taken as it is
 * by a string key (even "null") and read by any other key as the same
 * value on a command line ("8", "pplx", "true"; an env key whose text is
 * not of its type keeps its default, with an "input" warning). */
const fr_result *fr_eval_values(fr_eval *ev, size_t n, const size_t *keys, const fr_value *vals);
/* A result of FR_STATUS_INVALID with the caller's reason (copied; NULL or
 * "" reads "invalid config"), for a
 * config the caller's own reader refused (e.g. malformed JSON): the stream
 * keeps one result per input.  NULL only out of memory. */
const fr_result *fr_eval_reject(fr_eval *ev, const char *reason);

fr_status   fr_result_status(const fr_result *r);
/* For FR_STATUS_INVALID: why (e.g. "unknown flag '--tp-sise'; did you mean
 * '--tp-size'?"). NULL otherwise, or when out of memory (the "did you mean"
 * is computed by the first call: a stream that never asks does not pay it). */
const char *fr_result_invalid_reason(const fr_result *r);

/* Messages: kind is FR_SEV_ERROR, FR_SEV_WARNING or FR_SEV_INFO.  Errors
 * include conflicts and oscillations (rule = the first rule involved) and
 * run-time errors (division by zero, regex limit).  Warnings include "input"
 * ones (rule -1): an env key given a value of the wrong type, which keeps
 * its default.  Report order: rule order, then the input warnings. */
typedef struct fr_message {
    fr_severity severity;
    long        rule;      /* rule id, or -1 */
    const char *text;      /* interpolated message */
    const char *kind;      /* "rule", "conflict", "oscillation", "runtime", "input" */
} fr_message;

size_t            fr_result_nmessages(const fr_result *r, fr_severity sev);
/* The i-th message of a severity.  Its text is rendered on first access,
 * so NULL means: i is out of range, or out of memory. */
const fr_message *fr_result_message(const fr_result *r, fr_severity sev, size_t i);

/* Values of key k after resolution, and as given (input). */
fr_value fr_result_resolved(const fr_result *r, size_t k);
fr_value fr_result_input(const fr_result *r, size_t k);
/* Whether k was set by a declare rule in the result, and by which rule (-1). */
bool     fr_result_declared(const fr_result *r, size_t k);
long     fr_result_declared_by(const fr_result *r, size_t k);
/* Whether the config gave k explicitly. */
bool     fr_result_given(const fr_result *r, size_t k);
/* Iterates the keys declared in the result, in key order: the first declared
 * key after `after` (-1 to start), or -1 when there is none. */
long     fr_result_next_declared(const fr_result *r, long after);
/* Appends the result as one line of `check --format compact` (HACKING.md),
 * newline included, to the malloc'd buffer *buf holding *len bytes in *cap
 * (grown with realloc; *buf may start NULL).  FR_OK or FR_ENOMEM. */
fr_rc    fr_result_append_compact(const fr_result *r, char **buf, size_t *len, size_t *cap);

/* Formats a value as text ("8", "true", "pplx", the string, "null") or as
 * Python repr when `repr`.  Returns a malloc'd string. */
char *fr_value_format(const fr_value *v, bool repr);

/* ---- explanations --------------------------------------------------------------
 * Text explaining why key k has its value in the last result (the declaring
 * rule, its location, each term of its condition with its value, recursively
 * for declared keys it read), or why rule r did not fire (`why_not`).  The
 * text is for humans; malloc'd. */
char *fr_explain_key(fr_eval *ev, size_t k);
char *fr_explain_why_not(fr_eval *ev, size_t r);

/* ---- tests (the `test` blocks of the rule set) ------------------------------------ */

typedef struct fr_test_report {
    size_t passed, failed;
    char  *text;   /* a line per failure, "FILE:LINE:COL: test \"name\": expected ..., got ..."
                      (malloc'd; free with free()) */
} fr_test_report;

fr_rc fr_run_tests(const fr_ruleset *rs, fr_test_report *out);
/* The same, with a line per passing case in `text` too
 * ("FILE:LINE:COL: test \"name\": ok"). */
fr_rc fr_run_tests_verbose(const fr_ruleset *rs, fr_test_report *out);

#ifdef __cplusplus
}
#endif
#endif
