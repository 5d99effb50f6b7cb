/* cmd_check.c — `flagrule check` and `flagrule resolve`. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sys/stat.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "cpu.h"
#include "eval.h"
#include "misspell.h"
#include "value.h"

enum fmt { FMT_TEXT, FMT_JSON, FMT_COMPACT, FMT_ARGS, FMT_KV };

typedef struct opts {
    cli_rules rules;
    int       format;
    bool      werror, verbose, no_env, no_color, help, ignore_unknown;
    bool      have_words;      /* `--` was given */
    int       nwords;
    char    **words;
    bool      from_stdin;
    bool      json_in;         /* --input json */
    size_t    max_line;        /* cli_max_line() */
    int       jobs;            /* -j: evaluation threads for a stream (1: none; 0: not
                                * given: -j 1, and cli_usable_cpus() up to AUTO_JOBS once the
                                * stream is long: see check_stream) */
} opts;

/* ---- output buffer ---------------------------------------------------------- */

typedef struct out {
    char  *p;
    size_t len, cap;
    bool   failed;
    int    err;      /* the failed write's errno */
} out;

/* Straight to the file descriptor: check and resolve print nothing else to
 * stdout, so stdio's buffer (and its fstat + isatty on the first write)
 * would only copy the bytes once more.  A write error sets errno for the
 * caller's message, as fwrite did.  Returns false on a write error. */
static bool write_stdout(const char *p, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(STDOUT_FILENO, p + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;   /* (nothing written, no error said) */
            return false;
        }
        done += (size_t)n;
    }
    return true;
}

static void out_flush(out *o)
{
    if (!o->failed && o->len && !write_stdout(o->p, o->len)) {
        o->failed = true;
        o->err = errno;
    }
    o->len = 0;
}

static void out_reserve(out *o, size_t n)
{
    if (o->len + n + 1 <= o->cap)
        return;
    size_t ncap = o->cap ? o->cap : 1 << 16;
    while (ncap < o->len + n + 1)
        ncap *= 2;
    char *p = realloc(o->p, ncap);
    if (!p)
        cli_oom();
    o->p = p;
    o->cap = ncap;
}

static void out_put(out *o, const char *s, size_t n)
{
    out_reserve(o, n);
    memcpy(o->p + o->len, s, n);
    o->len += n;
}

static void out_puts(out *o, const char *s)
{
    out_put(o, s, strlen(s));
}

static void out_fbuf(out *o, fr_buf *b)
{
    if (b->oom)
        cli_oom();
    out_put(o, b->p ? b->p : "", b->len);
    b->len = 0;
}

/* Text for the terminal: control characters (tab excepted) escaped, so a
 * value can neither fake a record nor send terminal escapes: C0 and DEL,
 * and as Python's repr() writes them, the C1 controls (U+0080-U+009F: 8-bit
 * CSI, NEL) and the line and paragraph separators (U+2028, U+2029), which
 * some readers take for line breaks. */
/* The length of the C1 control (2) or line/paragraph separator (3) at
 * s[i] (len bytes in all), else 0: the non-ASCII characters the text
 * format escapes. */
static size_t odd_char_at(const char *s, size_t len, size_t i)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[i] == 0xc2 && i + 1 < len && u[i + 1] >= 0x80 && u[i + 1] <= 0x9f)
        return 2;
    if (u[i] == 0xe2 && i + 2 < len && u[i + 1] == 0x80 && (u[i + 2] == 0xa8 || u[i + 2] == 0xa9))
        return 3;
    return 0;
}

/* Its escape: \xNN for a C1 control (Python's repr), \u2028 or \u2029. */
static void odd_char_escape(char esc[8], const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    if (n == 2)
        snprintf(esc, 8, "\\x%02x", u[1]);
    else
        snprintf(esc, 8, "\\u%04x", 0x2000 + (u[2] - 0x80));
}

static void out_text(out *o, const char *s)
{
    const char *run = s;
    while (*s) {
        unsigned char c = (unsigned char)*s;
        size_t n = 0;
        char esc[8];
        if (c < 0x20 || c == 0x7f) {
            if (c == '\t') {
                s++;
                continue;
            }
            n = 1;
            if (c == '\n')
                memcpy(esc, "\\n", 3);
            else if (c == '\r')
                memcpy(esc, "\\r", 3);
            else
                snprintf(esc, sizeof esc, "\\x%02x", c);
        } else if ((c == 0xc2 || c == 0xe2) && (n = odd_char_at(s, strnlen(s, 3), 0)) != 0)
            odd_char_escape(esc, s, n);
        if (!n) {
            s++;
            continue;
        }
        out_put(o, run, (size_t)(s - run));
        out_put(o, esc, strlen(esc));
        s += n;
        run = s;
    }
    out_put(o, run, (size_t)(s - run));
}

/* ---- options ------------------------------------------------------------------- */

static const char *const check_opts[] = {
    "-r", "--rules", "--format", "--werror", "-v", "--verbose", "--no-env", "--ignore-unknown", "--no-color", "--help", "-h",
    "-j", "--jobs", "--input",
};
static const char *const resolve_opts[] = {
    "-r", "--rules", "--format", "--no-env", "--ignore-unknown", "--no-color", "--help", "-h", "--input",
};

static void unknown_option(const char *cmd, const char *arg, const char *const *cand, size_t n)
{
    cli_bad_option(cmd, arg, cand, n);
    /* (a long option none of ours, --tp-size say: perhaps a flag of the
     * config, written before '--') */
    size_t nl = strcspn(arg, "=");
    bool ours = false;
    for (size_t i = 0; i < n && !ours; i++)
        ours = strlen(cand[i]) == nl && !strncmp(cand[i], arg, nl);
    if (!strncmp(arg, "--", 2) && !ours)
        fprintf(stderr, "flagrule: the config goes after '--': flagrule %s [OPTIONS] -- FLAGS...\n", cmd);
    fprintf(stderr, "Try 'flagrule %s --help'.\n", cmd);
}

static int parse_format(const char *cmd, const char *v, bool resolve)
{
    if (!resolve) {
        if (!strcmp(v, "text"))
            return FMT_TEXT;
        if (!strcmp(v, "json"))
            return FMT_JSON;
        if (!strcmp(v, "compact"))
            return FMT_COMPACT;
    } else {
        if (!strcmp(v, "args") || !strcmp(v, "flags"))
            return FMT_ARGS;
        if (!strcmp(v, "kv"))
            return FMT_KV;
        if (!strcmp(v, "json"))
            return FMT_JSON;
    }
    static const char *const cf[] = { "text", "json", "compact" };
    static const char *const rf[] = { "flags", "args", "kv", "json" };
    const char *best = resolve ? fr_did_you_mean(v, strlen(v), rf, 4) : fr_did_you_mean(v, strlen(v), cf, 3);
    cli_err("%s: unknown format '%s' (choose from %s)%s%s%s", cmd, v,
            resolve ? "flags, kv, json" : "text, json, compact", best ? "; did you mean '" : "",
            best ? best : "", best ? "'?" : "");
    return -1;
}

/* Without -j: the threads a long stream goes on with (at most: the reading
 * and writing do not scale); from a regular file, when at least AUTO_LEFT
 * bytes are left at its first read, else never; from a pipe, once AUTO_AFTER
 * bytes have been read.  Two threads start paying at ~5 MB of SGLang configs
 * on the bench's AMD guest (~20,000 configs; below, starting them, their
 * buffers' page faults and the second CPU's warm-up cost more than they
 * save: PROFILE.md, section 11). */
#define AUTO_JOBS  8
#define AUTO_LEFT  ((size_t)8 << 20)
#define AUTO_AFTER ((size_t)8 << 20)

/* Parses argv; returns -1 on a usage error (printed). */
static int parse_opts(int argc, char **argv, opts *o, bool resolve)
{
    const char *cmd = argv[0];
    const char *const *cand = resolve ? resolve_opts : check_opts;
    size_t ncand = resolve ? sizeof resolve_opts / sizeof *resolve_opts
                           : sizeof check_opts / sizeof *check_opts;
    o->format = resolve ? FMT_ARGS : FMT_TEXT;
    o->jobs = 0;
    o->max_line = cli_max_line();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            o->have_words = true;
            o->words = argv + i + 1;
            o->nwords = argc - i - 1;
            return 0;
        }
        if (!strcmp(a, "-r") || !strcmp(a, "--rules")) {
            if (i + 1 >= argc) {
                cli_err("%s: option '%s' needs a PATH", cmd, a);
                return -1;
            }
            if (cli_rules_add(&o->rules, argv[++i]) < 0)
                cli_oom();
        } else if (!strncmp(a, "-r", 2) && a[2] && a[2] != '=' && a[1] != '-') {
            if (cli_rules_add(&o->rules, a + 2) < 0)
                cli_oom();
        } else if (!strncmp(a, "--rules=", 8)) {
            if (cli_rules_add(&o->rules, a + 8) < 0)
                cli_oom();
        } else if (!strcmp(a, "--format") || !strncmp(a, "--format=", 9)) {
            const char *v;
            if (a[8] == '=')
                v = a + 9;
            else if (i + 1 < argc)
                v = argv[++i];
            else {
                cli_err("%s: option '--format' needs a value", cmd);
                return -1;
            }
            if ((o->format = parse_format(cmd, v, resolve)) < 0)
                return -1;
        } else if (!strcmp(a, "--input") || !strncmp(a, "--input=", 8)) {
            int in = cli_opt_input(cmd, argc, argv, &i);
            if (in < 0)
                return -1;
            o->json_in = in == 1;
        } else if (!resolve && cli_is_jobs_opt(a)) {
            if ((o->jobs = cli_opt_jobs(cmd, argc, argv, &i)) < 0)
                return -1;
        } else if (!resolve && !strcmp(a, "--werror")) {
            o->werror = true;
        } else if (!resolve && (!strcmp(a, "-v") || !strcmp(a, "--verbose"))) {
            o->verbose = true;
        } else if (!strcmp(a, "--no-env")) {
            o->no_env = true;
        } else if (!strcmp(a, "--ignore-unknown")) {
            o->ignore_unknown = true;
        } else if (!strcmp(a, "--no-color")) {
            o->no_color = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            o->help = true;
        } else if (!strcmp(a, "-") && !resolve) {
            o->from_stdin = true;
        } else if (a[0] == '-') {
            unknown_option(cmd, a, cand, ncand);
            return -1;
        } else {
            cli_err("%s: unexpected argument '%s'", cmd, a);
            fprintf(stderr, "flagrule: the config goes after '--': flagrule %s [OPTIONS] -- FLAGS...\n", cmd);
            return -1;
        }
    }
    return 0;
}

static void check_usage(FILE *f)
{
    fputs("usage: flagrule check [-r PATH]... [--format text|json|compact] [--werror] [-v]\n"
          "                      [--input line|json] [--no-env] [--ignore-unknown]\n"
          "                      [--no-color] [-j N] [-- FLAGS... | < CONFIGS]\n"
          "\n"
          "Evaluates configs against the rules.  With FLAGS after '--', checks that one\n"
          "config; otherwise reads one config per line from standard input and prints\n"
          "one record per line.\n"
          "\n"
          "  -r PATH          add a rule file or directory (repeatable)\n"
          "  --format FORMAT  text (default), json (JSON Lines) or compact\n"
          "  --werror         a config with warnings fails too\n"
          "  -v, --verbose    text format: also print the declared and resolved values\n"
          "  --input INPUT    line (default): a config is a command line; json: a JSON\n"
          "                   object, {\"KEY\": VALUE, ...}, one per line\n"
          "  --no-env         do not read env keys from the process environment\n"
          "  --ignore-unknown skip flags the rules do not declare (and their values)\n"
          "  --no-color       do not colour the output\n"
          "  -j, --jobs N     evaluate the configs of standard input on N threads\n"
          "                   (0 or 'auto': one per usable CPU); without -j, one\n"
          "                   thread, and up to 8 for an input of 8 MiB or more;\n"
          "                   the output is the same, in input order\n"
          "  -h, --help       print this help\n"
          "\n"
          "Exit status: 0 no errors, 1 a config had errors or was invalid, 2 usage or\n"
          "rule-file errors.\n",
          f);
}

static void resolve_usage(FILE *f)
{
    fputs("usage: flagrule resolve [-r PATH]... [--format flags|kv|json] [--input line|json]\n"
          "                        [--no-env] [--ignore-unknown] [--no-color]\n"
          "                        [-- FLAGS... | < CONFIG]\n"
          "\n"
          "Prints the resolved config: every key's value after the declare rules.\n"
          "The config is FLAGS after '--', else the one line of standard input (when it\n"
          "is not a terminal).  Messages go to standard error; a config with errors is\n"
          "still printed, and the exit status is 1.\n"
          "\n"
          "  -r PATH          add a rule file or directory (repeatable)\n"
          "  --format FORMAT  flags (default; also 'args'): a command line of the flags\n"
          "                   that differ from their defaults, quoted for sh(1), with\n"
          "                   env and fact keys as leading NAME=VALUE words;\n"
          "                   kv: KEY=VALUE lines of every key; json: one object\n"
          "  --input INPUT    line (default): the config is a command line; json: a\n"
          "                   JSON object, {\"KEY\": VALUE, ...}\n"
          "  --no-env         do not read env keys from the process environment\n"
          "  --ignore-unknown skip flags the rules do not declare (and their values)\n"
          "  --no-color       do not colour the output\n"
          "  -h, --help       print this help\n",
          f);
}

/* ---- shared pieces -------------------------------------------------------------------- */

typedef struct ctx {
    const fr_ruleset *rs;
    opts   *o;
    out     out;
    fr_buf  tmp;
    char  **where;     /* per rule: "FILE:LINE" (ctx_where), NULL until used */
    bool    color;
    size_t  nkeys;
    size_t  flush_at;  /* record() writes `out` to stdout from this size on */
    cli_jin *jin;      /* --input json: the reader (made on first use) */
} ctx;

/* "FILE:LINE" of rule r, formatted on first use and cached: most rules
 * never produce a message (and the compact format prints none), so start-up
 * does not pay a malloc + snprintf per rule. */
static const char *ctx_where(ctx *c, size_t r)
{
    if (!c->where) {
        size_t nr = fr_ruleset_nrules(c->rs);
        c->where = calloc(nr ? nr : 1, sizeof *c->where);
        if (!c->where)
            cli_oom();
    }
    if (c->where[r])
        return c->where[r];
    fr_loc l = fr_rule_loc(c->rs, r);
    char buf[64];
    size_t n = l.file ? strlen(l.file) : 1;
    char *s = malloc(n + sizeof buf);
    if (!s)
        cli_oom();
    if (l.file)
        snprintf(s, n + sizeof buf, "%s:%u", l.file, l.line);
    else
        strcpy(s, "?");
    c->where[r] = s;
    return s;
}

static void ctx_free(ctx *c)
{
    size_t nr = fr_ruleset_nrules(c->rs);
    if (c->where)
        for (size_t r = 0; r < nr; r++)
            free(c->where[r]);
    free(c->where);
    free(c->out.p);
    fr_buf_free(&c->tmp);
    cli_jin_free(c->jin);
}

/* A message (its text is rendered on access: NULL is out of memory). */
static const fr_message *msg_at(const fr_result *res, int sev, size_t i)
{
    const fr_message *m = fr_result_message(res, (fr_severity)sev, i);
    if (!m)
        cli_oom();
    return m;
}

/* Messages of a result merged into rule order (ties: error, warning, info). */
static size_t merged(const fr_result *res, const fr_message **v, size_t cap)
{
    size_t idx[3] = { 0, 0, 0 }, n[3], total = 0;
    for (int s = 0; s < 3; s++)
        n[s] = fr_result_nmessages(res, (fr_severity)s);
    while (total < cap) {
        int best = -1;
        long br = 0;
        for (int s = 0; s < 3; s++) {
            if (idx[s] >= n[s])
                continue;
            const fr_message *m = msg_at(res, s, idx[s]);
            if (best < 0 || m->rule < br) {
                best = s;
                br = m->rule;
            }
        }
        if (best < 0)
            break;
        v[total++] = msg_at(res, best, idx[best]++);
    }
    return total;
}

static size_t nmsgs_total(const fr_result *res)
{
    return fr_result_nmessages(res, FR_SEV_ERROR) + fr_result_nmessages(res, FR_SEV_WARNING) +
           fr_result_nmessages(res, FR_SEV_INFO);
}

/* Compact-style value (quoted when it needs it) into c->out. */
static void put_value_compact(ctx *c, fr_value v)
{
    fr_buf *b = &c->tmp;
    b->len = 0;
    if (v.is_null)
        fr_buf_puts(b, "null");
    else if (v.type == FR_INT)
        fr_buf_printf(b, "%lld", (long long)v.i);
    else if (v.type == FR_BOOL)
        fr_buf_puts(b, v.i ? "true" : "false");
    else
        fr_compact_str(b, v.s, v.len);
    out_fbuf(&c->out, b);
}

/* A value on the -v lines of the text format: as in the compact format,
 * but a quoted string's controls escaped as the text format escapes them
 * elsewhere (\xNN; a C1 control as \xNN, U+2028 and U+2029 as \u2028 and
 * \u2029: Python's repr), and those separators quoted too. */
static void put_value_text(ctx *c, fr_value v)
{
    if (v.is_null || v.type == FR_INT || v.type == FR_BOOL) {
        put_value_compact(c, v);
        return;
    }
    const char *s = v.s;
    size_t len = v.len;
    bool quote = len == 0 || s[0] == '"' || (len == 4 && memcmp(s, "null", 4) == 0);
    for (size_t i = 0; i < len && !quote; i++) {
        unsigned char ch = (unsigned char)s[i];
        quote = ch == ' ' || ch == '\\' || ch < 0x20 || ch == 0x7f || odd_char_at(s, len, i);
    }
    fr_buf *b = &c->tmp;
    b->len = 0;
    if (!quote) {
        fr_buf_put(b, s, len);
        out_fbuf(&c->out, b);
        return;
    }
    fr_buf_putc(b, '"');
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)s[i];
        size_t odd;
        if (ch == '"' || ch == '\\') {
            fr_buf_putc(b, '\\');
            fr_buf_putc(b, (char)ch);
        } else if (ch == '\n')
            fr_buf_puts(b, "\\n");
        else if (ch == '\t')
            fr_buf_puts(b, "\\t");
        else if (ch == '\r')
            fr_buf_puts(b, "\\r");
        else if (ch < 0x20 || ch == 0x7f)
            fr_buf_printf(b, "\\x%02x", ch);
        else if ((odd = odd_char_at(s, len, i)) != 0) {
            char esc[8];
            odd_char_escape(esc, s + i, odd);
            fr_buf_puts(b, esc);
            i += odd - 1;
        } else
            fr_buf_putc(b, (char)ch);
    }
    fr_buf_putc(b, '"');
    out_fbuf(&c->out, b);
}

/* ---- text format ------------------------------------------------------------------------- */

static const char *sev_name(fr_severity s)
{
    return s == FR_SEV_ERROR ? "error" : s == FR_SEV_WARNING ? "warning" : "info";
}

static const char *sev_color(fr_severity s)
{
    return s == FR_SEV_ERROR ? "\033[1;31m" : s == FR_SEV_WARNING ? "\033[1;33m" : "\033[1;36m";
}

static void text_line_prefix(ctx *c, unsigned long line)
{
    if (line) {
        char buf[32];
        int n = snprintf(buf, sizeof buf, "line %lu: ", line);
        out_put(&c->out, buf, (size_t)n);
    }
}

static void text_record(ctx *c, const fr_result *res, unsigned long line)
{
    const fr_ruleset *rs = c->rs;
    if (fr_result_status(res) == FR_STATUS_INVALID) {
        text_line_prefix(c, line);
        const char *why = fr_result_invalid_reason(res);
        if (!why)
            cli_oom();
        out_puts(&c->out, "invalid: ");
        out_text(&c->out, why);
        out_puts(&c->out, "\n");
        return;
    }
    size_t total = nmsgs_total(res);
    if (total == 0) {
        text_line_prefix(c, line);
        out_puts(&c->out, "ok\n");
    } else {
        const fr_message *stackv[32];
        const fr_message **v = total <= 32 ? stackv : malloc(total * sizeof *v);
        if (!v)
            cli_oom();
        total = merged(res, v, total);
        for (size_t i = 0; i < total; i++) {
            const fr_message *m = v[i];
            text_line_prefix(c, line);
            if (c->color)
                out_puts(&c->out, sev_color(m->severity));
            out_puts(&c->out, sev_name(m->severity));
            if (c->color)
                out_puts(&c->out, "\033[0m");
            out_puts(&c->out, "[");
            /* (a message of no rule: its kind, "input") */
            out_puts(&c->out, m->rule >= 0 ? fr_rule_name(rs, (size_t)m->rule) : m->kind);
            out_puts(&c->out, "]: ");
            out_text(&c->out, m->text);
            out_puts(&c->out, "\n");
            if (m->rule >= 0) {
                out_puts(&c->out, "  --> ");
                out_text(&c->out, ctx_where(c, (size_t)m->rule));
                out_puts(&c->out, "\n");
            }
        }
        if (v != stackv)
            free(v);
    }
    if (c->o->verbose) {
        out_puts(&c->out, "  declared:");
        long k = fr_result_next_declared(res, -1);
        if (k < 0)
            out_puts(&c->out, " -");
        for (; k >= 0; k = fr_result_next_declared(res, k)) {
            out_puts(&c->out, " ");
            out_puts(&c->out, fr_key_name(rs, (size_t)k));
            out_puts(&c->out, "=");
            put_value_text(c, fr_result_resolved(res, (size_t)k));
        }
        out_puts(&c->out, "\n  resolved:");
        for (size_t kk = 0; kk < c->nkeys; kk++) {
            out_puts(&c->out, " ");
            out_puts(&c->out, fr_key_name(rs, kk));
            out_puts(&c->out, "=");
            put_value_text(c, fr_result_resolved(res, kk));
        }
        out_puts(&c->out, "\n");
    }
}

/* ---- JSON ------------------------------------------------------------------------------------- */

static json_t *jstr(ctx *c, const char *s, size_t len)
{
    json_t *j;
    if (fr_utf8_valid(s, len))
        j = json_stringn_nocheck(s, len);
    else {
        fr_buf *b = &c->tmp;
        b->len = 0;
        fr_utf8_sanitize(b, s, len);
        if (b->oom)
            cli_oom();
        j = json_stringn_nocheck(b->p, b->len);
    }
    if (!j)
        cli_oom();
    return j;
}

static json_t *jvalue(ctx *c, fr_value v)
{
    json_t *j;
    if (v.is_null)
        j = json_null();
    else if (v.type == FR_INT)
        j = json_integer((json_int_t)v.i);
    else if (v.type == FR_BOOL)
        j = json_boolean(v.i);
    else
        return jstr(c, v.s, v.len);
    if (!j)
        cli_oom();
    return j;
}

/* Appends a JSON value and a newline.  json_dumpb into our own buffer: its
 * output callback cannot fail (json_dumps may drop a key when an allocation
 * of its string buffer fails). */
static void out_json(out *o, const json_t *j)
{
    size_t avail = o->cap > o->len + 1 ? o->cap - o->len - 1 : 0;
    size_t n = json_dumpb(j, avail ? o->p + o->len : NULL, avail, JSON_PRESERVE_ORDER);
    if (n == 0)
        cli_oom();
    if (n > avail) {
        out_reserve(o, n + 1);
        avail = o->cap - o->len - 1;
        n = json_dumpb(j, o->p + o->len, avail, JSON_PRESERVE_ORDER);
        if (n == 0 || n > avail)
            cli_oom();
    }
    o->len += n;
    out_put(o, "\n", 1);
}

static void jset(json_t *obj, const char *key, json_t *v)
{
    if (!v || json_object_set_new_nocheck(obj, key, v) < 0)
        cli_oom();
}

static void jappend(json_t *arr, json_t *v)
{
    if (!v || json_array_append_new(arr, v) < 0)
        cli_oom();
}

static json_t *jmsg(ctx *c, const fr_message *m)
{
    json_t *o = json_object();
    if (!o)
        cli_oom();
    if (m->rule >= 0) {
        const char *name = fr_rule_name(c->rs, (size_t)m->rule);
        jset(o, "rule", jstr(c, name, strlen(name)));
    } else
        jset(o, "rule", json_null());
    jset(o, "message", jstr(c, m->text, strlen(m->text)));
    if (m->rule >= 0) {
        fr_loc l = fr_rule_loc(c->rs, (size_t)m->rule);
        if (l.file) {
            jset(o, "file", jstr(c, l.file, strlen(l.file)));
            jset(o, "line", json_integer(l.line));
        } else {
            jset(o, "file", json_null());
            jset(o, "line", json_null());
        }
    } else {
        jset(o, "file", json_null());
        jset(o, "line", json_null());
    }
    return o;
}

static void json_record(ctx *c, const fr_result *res, unsigned long line)
{
    const fr_ruleset *rs = c->rs;
    json_t *o = json_object();
    json_t *errs = json_array(), *warns = json_array(), *infos = json_array();
    json_t *resolved = json_object(), *declared = json_object();
    if (!o || !errs || !warns || !infos || !resolved || !declared)
        cli_oom();
    jset(o, "line", json_integer((json_int_t)line));
    fr_status st = fr_result_status(res);
    /* (--werror: a config with warnings fails, and says so) */
    bool warned = c->o->werror && st == FR_STATUS_OK && fr_result_nmessages(res, FR_SEV_WARNING);
    jset(o, "status", json_string(st == FR_STATUS_OK && !warned ? "ok" : st == FR_STATUS_INVALID ? "invalid" : "error"));
    if (st == FR_STATUS_INVALID) {
        json_t *m = json_object();
        if (!m)
            cli_oom();
        jset(m, "rule", json_null());
        const char *why = fr_result_invalid_reason(res);
        if (!why)
            cli_oom();
        jset(m, "message", jstr(c, why, strlen(why)));
        jset(m, "file", json_null());
        jset(m, "line", json_null());
        jappend(errs, m);
    } else {
        json_t *arrs[3] = { errs, warns, infos };
        for (int s = 0; s < 3; s++) {
            size_t n = fr_result_nmessages(res, (fr_severity)s);
            for (size_t i = 0; i < n; i++)
                jappend(arrs[s], jmsg(c, msg_at(res, s, i)));
        }
        for (size_t k = 0; k < c->nkeys; k++)
            jset(resolved, fr_key_name(rs, k), jvalue(c, fr_result_resolved(res, k)));
        for (long k = fr_result_next_declared(res, -1); k >= 0; k = fr_result_next_declared(res, k))
            jset(declared, fr_key_name(rs, (size_t)k), jvalue(c, fr_result_resolved(res, (size_t)k)));
    }
    jset(o, "errors", errs);
    jset(o, "warnings", warns);
    jset(o, "infos", infos);
    jset(o, "resolved", resolved);
    jset(o, "declared", declared);
    out_json(&c->out, o);
    json_decref(o);
}

/* ---- check -------------------------------------------------------------------------------------- */

/* --werror, compact: the record (at out[at]) of a config with warnings
 * says error, and the rules of its warnings (each once, in report order;
 * [input] for an input warning) follow those of its errors in ERRORS. */
static void werror_compact(ctx *c, const fr_result *res, size_t at)
{
    out *o = &c->out;
    /* the STATUS and ERRORS fields: up to the second tab */
    char *t1 = memchr(o->p + at, '\t', o->len - at);
    char *t2 = t1 ? memchr(t1 + 1, '\t', o->len - (size_t)(t1 + 1 - o->p)) : NULL;
    if (!t2)
        return;
    size_t old = (size_t)(t2 - (o->p + at));
    const char *errs = t1 + 1;
    size_t elen = (size_t)(t2 - errs);
    if (elen == 1 && errs[0] == '-')
        elen = 0;
    fr_buf *b = &c->tmp;
    b->len = 0;
    fr_buf_puts(b, "error\t");
    fr_buf_put(b, errs, elen);
    size_t n = fr_result_nmessages(res, FR_SEV_WARNING);
    for (size_t i = 0; i < n; i++) {
        const fr_message *m = msg_at(res, FR_SEV_WARNING, i);
        /* (a warning of no rule: its kind in brackets, which no rule name
         * has, e.g. [input] for an env value of the wrong type) */
        char kb[32];
        if (m->rule < 0)
            snprintf(kb, sizeof kb, "[%s]", m->kind ? m->kind : "input");
        const char *name = m->rule < 0 ? kb : fr_rule_name(c->rs, (size_t)m->rule);
        size_t nl = strlen(name);
        /* (listed already: among the errors, or by an earlier warning) */
        const char *p = b->p + 6, *end = b->p + b->len;
        bool seen = false;
        while (p < end && !seen) {
            const char *q = memchr(p, ',', (size_t)(end - p));
            if (!q)
                q = end;
            seen = (size_t)(q - p) == nl && !memcmp(p, name, nl);
            p = q + 1;
        }
        if (seen)
            continue;
        if (b->len > 6)
            fr_buf_putc(b, ',');
        fr_buf_put(b, name, nl);
    }
    if (b->len == 6)
        fr_buf_putc(b, '-');
    if (b->oom)
        cli_oom();
    size_t rest = o->len - (at + old);
    out_reserve(o, b->len);
    memmove(o->p + at + b->len, o->p + at + old, rest);
    memcpy(o->p + at, b->p, b->len);
    o->len = at + b->len + rest;
}

static bool record(ctx *c, const fr_result *res, unsigned long line)
{
    bool warned = c->o->werror && fr_result_status(res) != FR_STATUS_INVALID &&
                  fr_result_nmessages(res, FR_SEV_WARNING);
    switch (c->o->format) {
    case FMT_COMPACT: {
        size_t at = c->out.len;
        if (fr_result_append_compact(res, &c->out.p, &c->out.len, &c->out.cap) != FR_OK)
            cli_oom();
        if (warned)
            werror_compact(c, res, at);
        break;
    }
    case FMT_JSON:
        json_record(c, res, line ? line : 1);
        break;
    default:
        text_record(c, res, line);
        break;
    }
    if (c->out.len >= c->flush_at)
        out_flush(&c->out);
    fr_status st = fr_result_status(res);
    if (st != FR_STATUS_OK)
        return false;
    if (c->o->werror && fr_result_nmessages(res, FR_SEV_WARNING))
        return false;
    return true;
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define NL_AVX2 1
/* The first newline at p or after, 64 bytes at a time (there is one, with
 * 63 readable bytes after it). */
static __attribute__((target("avx2"))) char *find_nl_avx2(char *p)
{
    const __m256i nl = _mm256_set1_epi8('\n');
    for (;;) {
        __m256i a = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(const void *)p), nl);
        __m256i b = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(p + 32)), nl);
        __m256i ab = _mm256_or_si256(a, b);
        if (!_mm256_testz_si256(ab, ab)) {
            uint64_t m = (uint64_t)(uint32_t)_mm256_movemask_epi8(a) |
                         (uint64_t)(uint32_t)_mm256_movemask_epi8(b) << 32;
            return p + __builtin_ctzll(m);
        }
        p += 64;
    }
}
#else
#define NL_AVX2 0
#endif

/* Evaluates the lines of buf[start, len) that end with a newline, and with
 * `eof` the last one without, recording each (line numbers after *lineno).
 * Returns where the unconsumed rest starts.  buf has 64 bytes of room after
 * len (the AVX2 newline scan).  The loop of both `check` paths: -j 1 calls it
 * on its read buffer, the -j N workers on a chunk of whole lines. */
/* One config of the stream: a command line, or with --input json an object. */
static inline const fr_result *eval_text(ctx *c, fr_eval *ev, const char *p, size_t len)
{
    if (__builtin_expect(!c->o->json_in, 1))
        return fr_eval_line(ev, p, len);
    if (!c->jin)
        c->jin = cli_jin_new(c->rs, c->o->ignore_unknown);
    return cli_eval_json(c->jin, ev, p, len);
}

/* The record of a line of o->max_line bytes or more (not read: see
 * CLI_MAX_LINE). */
static __attribute__((noinline)) const fr_result *too_long(ctx *c, fr_eval *ev)
{
    char msg[160];
    snprintf(msg, sizeof msg, "the line is %zu bytes or more; a config is one line, at most %zu bytes "
             "(its bytes were skipped)", c->o->max_line, c->o->max_line - 1);
    return fr_eval_reject(ev, msg);
}

static size_t check_lines(ctx *c, fr_eval *ev, char *buf, size_t start, size_t len, bool eof,
                          unsigned long *lineno, bool *fail)
{
    const size_t max = c->o->max_line;
#if NL_AVX2
    bool avx2 = FR_CPU_AVX2();
    /* a newline at buf[len] stops the scan, whose reads go up to 63 bytes
     * after it: all 64 are set, so that no byte read is uninitialised
     * (valgrind's memcheck flagged the comparisons) */
    memset(buf + len, '\n', 64);
#endif
    for (;;) {
        char *nl;
#if NL_AVX2
        if (avx2) {
            nl = find_nl_avx2(buf + start);
            if (nl == buf + len)
                nl = NULL;
        } else
#endif
            nl = len > start ? memchr(buf + start, '\n', len - start) : NULL;
        if (!nl) {
            if (eof && start < len) {
                const fr_result *res = len - start >= max ? too_long(c, ev)
                                                          : eval_text(c, ev, buf + start, len - start);
                if (!res)
                    cli_oom();
                if (!record(c, res, ++*lineno))
                    *fail = true;
                start = len;
            }
            return start;
        }
        size_t l = (size_t)(nl - (buf + start));
        const fr_result *res = __builtin_expect(l < max, 1) ? eval_text(c, ev, buf + start, l) : too_long(c, ev);
        if (!res)
            cli_oom();
        if (!record(c, res, ++*lineno))
            *fail = true;
        start += l + 1;
        if (c->out.failed)
            return start;
    }
}

static fr_eval *make_eval(const fr_ruleset *rs, const opts *o);

/* The one config of `check -- ...` and `resolve`: standard input's line, or
 * the words after `--` (as a command line, or joined into one JSON text). */
static const fr_result *eval_config(ctx *c, fr_eval *ev, const char *line, size_t llen)
{
    const opts *o = c->o;
    if (line)
        return eval_text(c, ev, line, llen);
    if (!o->json_in)
        return fr_eval_argv(ev, (size_t)o->nwords, (const char *const *)o->words);
    if (!c->jin)
        c->jin = cli_jin_new(c->rs, o->ignore_unknown);
    return cli_eval_json_words(c->jin, ev, (size_t)o->nwords, (const char *const *)o->words);
}

/* The evaluator is made when the first bytes of input are there (*evp NULL
 * until then): an empty input compiles the rules and evaluates nothing, and
 * an evaluator's arrays (a record and three message slots per rule, the
 * key and rule state) are not allocated, filled and freed for nothing
 * (10,000 rules: ~1 M instructions). */
static int check_parallel(ctx *c, int jobs, fr_eval *ev, const char *carry, size_t ncarry,
                          unsigned long lineno, bool fail);

/* Without -j (o->jobs 0) a long stream goes on on cli_usable_cpus() threads
 * (at most AUTO_JOBS): a regular file when AUTO_LEFT bytes or more are left
 * at its first read, a pipe once it has passed AUTO_AFTER bytes (or, for
 * both, the test hook FLAGRULE_PARALLEL_AFTER): on a short stream the
 * threads would cost more than they save. */
static int check_stream(ctx *c, fr_eval **evp)
{
    size_t after = 0, total = 0;
    bool decide = false;   /* at the first read: see above */
    int jobs = 1;
    if (c->o->jobs == 0) {
        after = cli_size_env("FLAGRULE_PARALLEL_AFTER");
        decide = !after;
    }
    size_t cap = 1 << 17, len = 0, start = 0;
    /* (64 bytes after cap: check_lines) */
    char *buf = malloc(cap + 64);
    if (!buf)
        cli_oom();
    unsigned long lineno = 0;
    bool eof = false, fail = false, ioerr = false;
    for (;;) {
        if (!*evp && len > start)
            *evp = make_eval(c->rs, c->o);
        if (*evp)
            start = check_lines(c, *evp, buf, start, len, eof, &lineno, &fail);
        if (!eof && !c->out.failed && len - start >= c->o->max_line) {
            /* a line too long (check_lines): its bytes read and dropped up
             * to its newline, what follows kept; then its record */
            bool nl = false;
            len = start = 0;
            while (!nl && !eof) {
                ssize_t n = read(STDIN_FILENO, buf, cap);
                if (n < 0 && errno == EINTR)
                    continue;
                if (n < 0) {
                    cli_err("error reading standard input: %s", strerror(errno));
                    ioerr = true;
                }
                if (n <= 0) {
                    eof = true;
                    break;
                }
                total += (size_t)n;
                char *q = memchr(buf, '\n', (size_t)n);
                if (q) {
                    nl = true;
                    len = (size_t)n - (size_t)(q + 1 - buf);
                    memmove(buf, q + 1, len);
                }
            }
            if (!record(c, too_long(c, *evp), ++lineno))
                fail = true;
            continue;
        }
        if (eof || c->out.failed)
            break;
        if (decide && total >= cap) {
            /* (a first read that did not fill the buffer: from a file, that
             * is all of it, and a pipe is no long stream yet: nothing to ask) */
            decide = false;
            struct stat st;
            off_t pos;
            if (fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode) &&
                (pos = lseek(STDIN_FILENO, 0, SEEK_CUR)) >= 0) {
                /* (what is left: the file after the offset, and the buffer's rest) */
                uintmax_t left = (uintmax_t)(st.st_size > pos ? st.st_size - pos : 0) + (len - start);
                after = left >= AUTO_LEFT ? 1 : 0;
            } else
                after = AUTO_AFTER;
        }
        if (after && total >= after) {
            /* a long stream: on threads from here, if there are CPUs for them */
            after = 0;
            jobs = cli_usable_cpus();
            if (jobs > AUTO_JOBS)
                jobs = AUTO_JOBS;
            if (jobs > 1) {
                out_flush(&c->out);
                if (c->out.failed)
                    break;
                int code = check_parallel(c, jobs, *evp, buf + start, len - start, lineno, fail);
                free(buf);
                return code;
            }
        }
        if (start > 0) {
            memmove(buf, buf + start, len - start);
            len -= start;
            start = 0;
        }
        if (len == cap) {
            char *nb = realloc(buf, cap * 2 + 64);
            if (!nb)
                cli_oom();
            buf = nb;
            cap *= 2;
        }
        ssize_t n;
        while ((n = read(STDIN_FILENO, buf + len, cap - len)) < 0 && errno == EINTR)
            ;
        if (n < 0) {
            cli_err("error reading standard input: %s", strerror(errno));
            ioerr = true;
            eof = true;
            continue;
        }
        if (n == 0)
            eof = true;
        len += (size_t)n;
        total += (size_t)n;
    }
    free(buf);
    out_flush(&c->out);
    if (ioerr)
        return FR_EXIT_USAGE;
    return fail ? FR_EXIT_FAIL : FR_EXIT_OK;
}

static fr_eval *make_eval(const fr_ruleset *rs, const opts *o)
{
    fr_eval *ev = fr_eval_new(rs);
    if (!ev)
        cli_oom();
    fr_eval_set_use_environ(ev, !o->no_env);
    fr_eval_set_ignore_unknown(ev, o->ignore_unknown);
    /* (a test hook, HACKING.md: every set in each of the evaluator's modes,
     * for tests/props/oracle.py) */
    const char *mode = getenv("FLAGRULE_EVAL_MODE");
    if (mode && strcmp(mode, "full") == 0)
        fr_eval_set_mode(ev, FR_MODE_FULL);
    else if (mode && strcmp(mode, "scan") == 0)
        fr_eval_set_mode(ev, FR_MODE_SCAN);
    else if (mode && strcmp(mode, "incr") == 0)
        fr_eval_set_mode(ev, FR_MODE_INCR);
    return ev;
}

/* ---- check -j N: the stream evaluated on N threads ------------------------------------------
 *
 * N workers (the main thread and N - 1 more), each with its own fr_eval and
 * ctx over the shared read-only ruleset, take turns reading standard input:
 * under the read lock a worker numbers the next chunk, reads it into its
 * own buffer (about `chunk_size` bytes, cut after the last newline; the
 * partial line is carried to the next chunk; a longer line makes a longer
 * chunk), counts its lines for the text and JSON formats, and lets go; then
 * it evaluates the chunk with check_lines() into an output buffer.  Output
 * goes out in chunk order: a worker whose chunk is the next to write writes
 * it, and then the chunks after it that other workers finished meanwhile
 * (left in their slots); otherwise it leaves its output in the chunk's slot
 * and reads on.  So no thread waits to be woken for each chunk, and the
 * chunk a worker evaluates is in its own core's cache (a reader thread that
 * handed chunks to workers, and a writer thread woken per chunk, cost the
 * stream what two threads gained up to ~20,000 configs: PROFILE.md).  At
 * most `nslots` chunks are numbered and not yet written, so memory stays
 * constant however long the stream is.  The bytes written, the exit status
 * and the messages are those of -j 1 (HACKING.md, "check -j"). */

typedef struct slot {
    out  out;        /* the records of its chunk */
    bool fail;       /* a record failed (exit status 1) */
    bool done;       /* evaluated: write_ready may write it */
} slot;

typedef struct pool {
    /* reading, under rd */
    pthread_mutex_t rd;
    out             carry;     /* the partial line after the chunks read */
    unsigned long   lineno;    /* lines of the chunks read (text and json formats) */
    bool            eof;       /* standard input ended (or failed) */
    bool            ioerr;
    bool            count;     /* count the lines (compact records carry none) */
    size_t          fixed;     /* FLAGRULE_CHUNK_SIZE, or 0 */
    int             wake[2];   /* standard input not a regular file: a pipe whose */
                               /* read end is polled with it, written on stop, so */
                               /* that a reader blocked on a slow producer ends */
                               /* (else -1) */
    /* the slots and the output, under mu */
    pthread_mutex_t mu;
    pthread_cond_t  room;      /* a slot was written, or stop */
    slot           *slots;     /* chunk number k is slots[k % nslots] */
    size_t          nslots;
    size_t          nread;     /* chunks numbered */
    size_t          written;   /* chunks written */
    bool            all_read;  /* no chunk will be numbered any more */
    bool            writing;   /* a worker is writing chunks out */
    bool            fail;      /* a record written failed (exit status 1) */
    bool            stop;      /* a write failed: the workers end */
    int             write_errno;
    out            *spare;     /* output buffers written out, for the next chunks */
    size_t          nspare;    /* (the last written is taken first: its pages are */
                               /* there and in a cache: nslots buffers are rarely made) */
    const ctx      *proto;     /* rs, o, color, nkeys for the workers' ctx */
} pool;


/* The size of chunk number k: FLAGRULE_CHUNK_SIZE bytes (a test hook, see
 * HACKING.md: tiny chunks put chunk boundaries everywhere), or 16 KiB
 * doubling up to 128 KiB, so that every worker has a chunk early (larger
 * chunks only cost page faults: PROFILE.md, section 11). */
static size_t chunk_size(size_t fixed, size_t k)
{
    if (fixed)
        return fixed;
    return k >= 3 ? (size_t)1 << 17 : (size_t)1 << (14 + k);
}

static void buf_reserve(char **buf, size_t *cap, size_t n)
{
    if (n <= *cap)
        return;
    /* (64 bytes after cap: check_lines) */
    char *nb = realloc(*buf, n + 64);
    if (!nb)
        cli_oom();
    *buf = nb;
    *cap = n;
}

/* Waits until standard input can be read (or is at its end, or failed:
 * read() says which), or until the workers are stopped: false then. */
static bool input_ready(pool *p)
{
    for (;;) {
        struct pollfd fds[2] = { { STDIN_FILENO, POLLIN, 0 }, { p->wake[0], POLLIN, 0 } };
        int r = poll(fds, 2, -1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return true;   /* (read() then waits, as without poll) */
        if (fds[1].revents)
            return false;
        return true;
    }
}

/* Reads the next chunk into *buf (under p->rd): the carried partial line
 * first, then standard input up to `want` bytes, cut after the last newline
 * (the rest carried); without a newline it reads on until one comes or EOF.
 * *len is the chunk's length; returns whether the stream ended with it (at
 * EOF the chunk is all that is left, its last line perhaps unterminated). */
static bool read_chunk(pool *p, char **buf, size_t *cap, size_t want, size_t *len, bool *toolong)
{
    *toolong = false;
    out *carry = &p->carry;
    if (*cap > 4 * want && carry->len <= want) {
        /* after a very long line: back to the usual size */
        free(*buf);
        *buf = NULL;
        *cap = 0;
    }
    /* (the buffer made at the full chunk size at once: no regrowth, no
     * copies, only the pages read into are touched) */
    size_t full = chunk_size(p->fixed, 4);
    buf_reserve(buf, cap, want > carry->len ? (want > full ? want : full) : carry->len);
    size_t n = carry->len;
    if (n)
        memcpy(*buf, carry->p, n);
    carry->len = 0;
    size_t scanned = 0;   /* (*buf)[0, scanned) has no newline (the carry may: a line too long leaves lines) */
    for (;;) {
        while (!p->eof && n < want) {
            if (p->wake[0] >= 0 && !input_ready(p)) {
                p->eof = true;   /* (stopped: a write failed; nothing more is read) */
                break;
            }
            ssize_t r = read(STDIN_FILENO, *buf + n, want - n);
            if (r < 0 && errno == EINTR)
                continue;
            if (r < 0) {
                cli_err("error reading standard input: %s", strerror(errno));
                p->ioerr = true;
                p->eof = true;
            } else if (r == 0)
                p->eof = true;
            else
                n += (size_t)r;
        }
        if (p->eof) {
            *len = n;
            return true;
        }
        size_t i = n;
        while (i > scanned && (*buf)[i - 1] != '\n')
            i--;   /* (the last line only: one per chunk) */
        if (i > scanned) {
            out_put(carry, *buf + i, n - i);
            *len = i;
            return false;
        }
        if (n >= p->proto->o->max_line) {
            /* one line too long (check_lines): its bytes read and dropped
             * up to its newline, what follows carried; the chunk is its
             * record alone (*toolong, *len 0) */
            *toolong = true;
            *len = 0;
            for (;;) {
                if (p->wake[0] >= 0 && !input_ready(p)) {
                    p->eof = true;
                    return true;
                }
                ssize_t r = read(STDIN_FILENO, *buf, *cap);
                if (r < 0 && errno == EINTR)
                    continue;
                if (r < 0) {
                    cli_err("error reading standard input: %s", strerror(errno));
                    p->ioerr = true;
                }
                if (r <= 0) {
                    p->eof = true;
                    return true;
                }
                char *q = memchr(*buf, '\n', (size_t)r);
                if (q) {
                    out_put(carry, q + 1, (size_t)r - (size_t)(q + 1 - *buf));
                    return false;
                }
            }
        }
        scanned = n;
        want = want * 2 > n ? want * 2 : n + 1;
        buf_reserve(buf, cap, want);
    }
}

static size_t count_nl(const char *p, size_t len)
{
    size_t n = 0;
    const char *end = p + len;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        n++;
        p++;
    }
    return n;
}

/* Writes the chunks that are done from the next one to write on, in order
 * (with p->mu held, and let go during each write). */
static void write_ready(pool *p)
{
    p->writing = true;
    for (;;) {
        slot *s = &p->slots[p->written % p->nslots];
        if (p->stop || p->written == p->nread || !s->done)
            break;
        out o = s->out;
        memset(&s->out, 0, sizeof s->out);
        p->fail |= s->fail;
        pthread_mutex_unlock(&p->mu);
        bool ok = !o.len || write_stdout(o.p, o.len);
        int e = errno;
        pthread_mutex_lock(&p->mu);
        p->spare[p->nspare++] = o;
        s->done = false;
        p->written++;
        if (!ok) {
            p->write_errno = e ? e : EIO;
            p->stop = true;
            if (p->wake[1] >= 0)
                (void)!write(p->wake[1], "", 1);   /* (a reader blocked in poll ends) */
        }
        pthread_cond_broadcast(&p->room);
    }
    p->writing = false;
}

/* A worker's loop, on the evaluator lent (the caller's, which frees it) or on one
 * of its own (lent NULL). */
static void work(pool *p, fr_eval *lent)
{
    ctx c;
    memset(&c, 0, sizeof c);
    c.rs = p->proto->rs;
    c.o = p->proto->o;
    c.color = p->proto->color;
    c.nkeys = p->proto->nkeys;
    c.flush_at = SIZE_MAX;   /* (write_ready writes, in chunk order) */
    fr_eval *ev = lent ? lent : make_eval(c.rs, c.o);
    char *buf = NULL;
    size_t cap = 0;
    for (;;) {
        pthread_mutex_lock(&p->rd);
        pthread_mutex_lock(&p->mu);
        while (!p->stop && !p->all_read && p->nread - p->written >= p->nslots)
            pthread_cond_wait(&p->room, &p->mu);
        bool end = p->stop || p->all_read;
        size_t k = p->nread;
        out o = { 0 };
        if (!end && p->nspare)
            o = p->spare[--p->nspare];
        pthread_mutex_unlock(&p->mu);
        if (end) {
            pthread_mutex_unlock(&p->rd);
            break;
        }
        size_t len;
        bool toolong;
        bool eof = read_chunk(p, &buf, &cap, chunk_size(p->fixed, k), &len, &toolong);
        unsigned long lineno = p->lineno;
        if (p->count)
            p->lineno += toolong ? 1 : count_nl(buf, len);
        pthread_mutex_lock(&p->mu);
        if (len || toolong)
            p->nread = k + 1;
        if (eof)
            p->all_read = true;
        pthread_mutex_unlock(&p->mu);
        pthread_mutex_unlock(&p->rd);
        if (!len && !toolong) {
            free(o.p);
            break;
        }
        /* slot k % nslots is this worker's until it is marked done */
        slot *s = &p->slots[k % p->nslots];
        bool fail = false;
        c.out = o;
        c.out.len = 0;
        if (!c.out.cap)
            out_reserve(&c.out, ((size_t)1 << 17) - 1);   /* (no doubling from 256 bytes up) */
        if (toolong)
            fail = !record(&c, too_long(&c, ev), ++lineno);
        else
            check_lines(&c, ev, buf, 0, len, eof, &lineno, &fail);
        pthread_mutex_lock(&p->mu);
        s->out = c.out;
        memset(&c.out, 0, sizeof c.out);
        s->fail = fail;
        s->done = true;
        if (!p->writing)
            write_ready(p);
        pthread_mutex_unlock(&p->mu);
        if (eof)
            break;
    }
    free(buf);
    if (!lent)
        fr_eval_free(&ev);
    ctx_free(&c);
}

static void *worker(void *arg)
{
    work(arg, NULL);
    return NULL;
}

/* The stream on `jobs` threads, from the bytes carry[0, ncarry) (what -j 1
 * read and did not evaluate: see check_stream) and then standard input;
 * lineno lines were read before, fail says whether one of them failed.
 * ev: the evaluator -j 1 made, for the main thread's worker (not a fresh
 * one: at 1,000,000 rules an evaluator is ~12 MB to allocate and fill),
 * or NULL. */
static int check_parallel(ctx *c, int jobs, fr_eval *ev, const char *carry, size_t ncarry,
                          unsigned long lineno, bool fail)
{
    pool p;
    memset(&p, 0, sizeof p);
    if (pthread_mutex_init(&p.rd, NULL) || pthread_mutex_init(&p.mu, NULL) ||
        pthread_cond_init(&p.room, NULL))
        cli_oom();
    p.proto = c;
    p.nslots = 2 * (size_t)jobs + 2;
    p.slots = calloc(p.nslots, sizeof *p.slots);
    p.spare = calloc(p.nslots, sizeof *p.spare);
    pthread_t *tid = calloc((size_t)jobs, sizeof *tid);
    if (!p.slots || !p.spare || !tid)
        cli_oom();
    if (c->o->format == FMT_JSON || c->o->json_in)
        json_object_seed(0);   /* jansson's one global, set before the threads */
    p.fixed = cli_size_env("FLAGRULE_CHUNK_SIZE");
    p.wake[0] = p.wake[1] = -1;
    struct stat st;
    if ((fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode)) && pipe(p.wake) != 0)
        p.wake[0] = p.wake[1] = -1;   /* (no pipe: a blocked reader ends with its input) */
    p.count = c->o->format != FMT_COMPACT;
    p.lineno = lineno;
    p.fail = fail;
    if (ncarry)
        out_put(&p.carry, carry, ncarry);
    /* the main thread is the first worker */
    int nthreads = 0;
    for (; nthreads < jobs - 1; nthreads++) {
        int e = pthread_create(&tid[nthreads], NULL, worker, &p);
        if (e)
            break;   /* go on with the threads there are (the main one at least) */
    }
    work(&p, ev);
    for (int i = 0; i < nthreads; i++)
        pthread_join(tid[i], NULL);
    /* (all joined: every chunk numbered has been written, by the worker
     * that finished it or by the one writing then, unless a write error
     * stopped them) */
    for (size_t i = 0; i < p.nslots; i++)
        free(p.slots[i].out.p);
    for (size_t i = 0; i < p.nspare; i++)
        free(p.spare[i].p);
    free(p.slots);
    free(p.spare);
    free(tid);
    free(p.carry.p);
    if (p.wake[0] >= 0) {
        close(p.wake[0]);
        close(p.wake[1]);
    }
    pthread_cond_destroy(&p.room);
    pthread_mutex_destroy(&p.mu);
    pthread_mutex_destroy(&p.rd);
    if (p.write_errno) {
        c->out.failed = true;
        c->out.err = p.write_errno;   /* for cmd_check's message */
    }
    if (p.ioerr)
        return FR_EXIT_USAGE;
    return p.fail ? FR_EXIT_FAIL : FR_EXIT_OK;
}

static bool want_color(const opts *o)
{
    return !o->no_color && !cli_no_color_env() && isatty(STDOUT_FILENO);
}

/* The start shared by check and resolve: options, --help, the rules.
 * Returns -1 to go on (with *rs set), or the exit status. */
static int start(int argc, char **argv, bool resolve, opts *o, fr_ruleset **rs)
{
    memset(o, 0, sizeof *o);
    if (parse_opts(argc, argv, o, resolve) < 0) {
        cli_rules_free(&o->rules);
        return FR_EXIT_USAGE;
    }
    if (o->help) {
        (resolve ? resolve_usage : check_usage)(stdout);
        cli_rules_free(&o->rules);
        return cli_finish_output(FR_EXIT_OK);
    }
    o->rules.color_auto = !o->no_color;   /* stderr a tty, NO_COLOR unset */
    *rs = cli_load_rules(&o->rules, NULL);
    if (!*rs) {
        cli_rules_free(&o->rules);
        return FR_EXIT_USAGE;
    }
    return -1;
}

int cmd_check(int argc, char **argv)
{
    opts o;
    fr_ruleset *rs = NULL;
    int st = start(argc, argv, false, &o, &rs);
    if (st >= 0)
        return st;
    ctx c;
    memset(&c, 0, sizeof c);
    c.rs = rs;
    c.o = &o;
    c.color = o.format == FMT_TEXT && want_color(&o);
    c.nkeys = fr_ruleset_nkeys(rs);
    c.flush_at = 1u << 16;
    /* (-j N: the workers make their own) */
    fr_eval *ev = o.have_words ? make_eval(rs, &o) : NULL;
    int code;
    if (o.have_words) {
        if (o.nwords == 0)
            cli_note_stdin_unread("check");
        const fr_result *res = eval_config(&c, ev, NULL, 0);
        if (!res)
            cli_oom();
        code = record(&c, res, 0) ? FR_EXIT_OK : FR_EXIT_FAIL;
        out_flush(&c.out);
        if (fr_result_status(res) == FR_STATUS_INVALID)
            cli_hint_option_after_dashes("check", fr_result_invalid_reason(res), check_opts,
                                         sizeof check_opts / sizeof *check_opts);
    } else if (o.jobs > 1) {
        code = check_parallel(&c, o.jobs, NULL, NULL, 0, 0, false);
    } else {
        code = check_stream(&c, &ev);
    }
    bool failed = c.out.failed;
    int werr = c.out.err;
    fr_eval_free(&ev);
    ctx_free(&c);
    fr_ruleset_free(&rs);
    cli_rules_free(&o.rules);
    if (failed)
        return cli_write_failed(werr);
    return cli_finish_output(code);
}

/* ---- resolve ---------------------------------------------------------------------------------------- */

static void stderr_messages(ctx *c, const fr_result *res)
{
    size_t total = nmsgs_total(res);
    const fr_message **v = malloc((total ? total : 1) * sizeof *v);
    if (!v)
        cli_oom();
    total = merged(res, v, total);
    out eo = { 0 };
    for (size_t i = 0; i < total; i++) {
        const fr_message *m = v[i];
        out_puts(&eo, sev_name(m->severity));
        out_puts(&eo, "[");
        out_puts(&eo, m->rule >= 0 ? fr_rule_name(c->rs, (size_t)m->rule) : m->kind);
        out_puts(&eo, "]: ");
        out_text(&eo, m->text);
        out_puts(&eo, "\n");
        if (m->rule >= 0) {
            out_puts(&eo, "  --> ");
            out_text(&eo, ctx_where(c, (size_t)m->rule));
            out_puts(&eo, "\n");
        }
    }
    if (eo.len)
        fwrite(eo.p, 1, eo.len, stderr);
    free(eo.p);
    free(v);
}

static bool differs(fr_value a, fr_value b)
{
    if (a.is_null || b.is_null)
        return a.is_null != b.is_null;
    if (a.type == FR_STRING || a.type == FR_ENUM)
        return a.len != b.len || memcmp(a.s, b.s, a.len) != 0;
    return a.i != b.i;
}

int cmd_resolve(int argc, char **argv)
{
    opts o;
    fr_ruleset *rs = NULL;
    int st = start(argc, argv, true, &o, &rs);
    if (st >= 0)
        return st;
    ctx c;
    memset(&c, 0, sizeof c);
    c.rs = rs;
    c.o = &o;
    c.nkeys = fr_ruleset_nkeys(rs);
    char *line = NULL;
    size_t llen = 0;
    if (o.have_words && o.nwords == 0)
        cli_note_stdin_unread("resolve");
    if (!o.have_words && (st = cli_stdin_config(argv[0], o.json_in, &line, &llen)) != 0) {
        fr_ruleset_free(&rs);
        cli_rules_free(&o.rules);
        return st;
    }
    fr_eval *ev = make_eval(rs, &o);
    const fr_result *res = eval_config(&c, ev, line, llen);
    if (!res)
        cli_oom();
    int code = FR_EXIT_OK;
    if (fr_result_status(res) == FR_STATUS_INVALID) {
        const char *why = fr_result_invalid_reason(res);
        if (!why)
            cli_oom();
        cli_err("invalid config: %s", why);
        if (o.have_words)
            cli_hint_option_after_dashes("resolve", why, resolve_opts, sizeof resolve_opts / sizeof *resolve_opts);
        code = FR_EXIT_FAIL;
    } else {
        stderr_messages(&c, res);
        if (fr_result_status(res) == FR_STATUS_ERROR)
            code = FR_EXIT_FAIL;
    }
    /* A config with errors is still printed (exit status 1), as flagrule(1)
     * says; an invalid one has nothing to print. */
    if (fr_result_status(res) != FR_STATUS_INVALID) {
        if (o.format == FMT_ARGS) {
            fr_buf *b = &c.tmp;
            int first = 1;
            for (int pass = 0; pass < 2; pass++) {
                for (size_t k = 0; k < c.nkeys; k++) {
                    int kind = fr_key_kind(rs, k);
                    if ((pass == 0) != (kind != FR_FLAG))
                        continue;
                    fr_value v = fr_result_resolved(res, k);
                    fr_value d = fr_key_default(rs, k);
                    if (!differs(v, d))
                        continue;
                    const char *nullw = v.is_null ? fr_key_null_word(rs, k) : NULL;
                    if (v.is_null && !nullw) {
                        cli_err("resolve: %s is null, which no config line gives (%s); --format json keeps it",
                                fr_key_name(rs, k),
                                kind == FR_ENV ? "an unset variable takes its default"
                                               : "it has no null word, and left out it takes its default");
                        continue;
                    }
                    /* a NUL byte: no config holds one, a line or an argv
                     * (a line break is quoted: the words are for sh) */
                    if (!v.is_null && v.type == FR_STRING && v.len && memchr(v.s, '\0', v.len)) {
                        cli_err("resolve: %s holds a NUL byte, which no config gives; --format json keeps it",
                                fr_key_name(rs, k));
                        continue;
                    }
                    b->len = 0;
                    if (!first)
                        fr_buf_putc(b, ' ');
                    first = 0;
                    char *ftext = fr_value_format(&v, false);
                    if (!ftext)
                        cli_oom();
                    const char *text = ftext;
                    size_t tlen = strlen(ftext);
                    if (!v.is_null && (v.type == FR_STRING || v.type == FR_ENUM)) {
                        text = v.s;
                        tlen = v.len;
                    } else if (v.is_null) {
                        text = nullw;
                        tlen = strlen(nullw);
                    }
                    /* a nullable string's text that is a null word of the key
                     * reads back as null on a command line */
                    if (!v.is_null && v.type == FR_STRING && fr_key_word_is_null(rs, k, text, tlen))
                        cli_err("resolve: %s is the text '%s', which a command line reads as null; "
                                "--format json keeps it", fr_key_name(rs, k), text);
                    if (kind != FR_FLAG) {
                        fr_buf_puts(b, fr_key_name(rs, k));
                        fr_buf_putc(b, '=');
                        fr_shell_quote(b, text, tlen);
                    } else {
                        const char *sp = fr_key_cli(rs, k);
                        if (v.type == FR_BOOL && !v.is_null && v.i) {
                            fr_shell_quote(b, sp, strlen(sp));
                        } else if (v.type == FR_BOOL && !v.is_null) {
                            fr_shell_quote(b, sp, strlen(sp));
                            fr_buf_puts(b, "=false");
                        } else if (fr_option_like(text, tlen)) {
                            /* a value argparse would read as an option: --flag=-value */
                            fr_buf tmpw = { 0 };
                            fr_buf_puts(&tmpw, sp);
                            fr_buf_putc(&tmpw, '=');
                            fr_buf_put(&tmpw, text, tlen);
                            if (tmpw.oom)
                                cli_oom();
                            fr_shell_quote(b, tmpw.p, tmpw.len);
                            fr_buf_free(&tmpw);
                        } else {
                            fr_shell_quote(b, sp, strlen(sp));
                            fr_buf_putc(b, ' ');
                            fr_shell_quote(b, text, tlen);
                        }
                    }
                    free(ftext);
                    out_fbuf(&c.out, b);
                }
            }
            out_puts(&c.out, "\n");
        } else if (o.format == FMT_KV) {
            for (size_t k = 0; k < c.nkeys; k++) {
                out_puts(&c.out, fr_key_name(rs, k));
                out_puts(&c.out, "=");
                put_value_compact(&c, fr_result_resolved(res, k));
                out_puts(&c.out, "\n");
            }
        } else {
            json_t *obj = json_object();
            if (!obj)
                cli_oom();
            for (size_t k = 0; k < c.nkeys; k++)
                jset(obj, fr_key_name(rs, k), jvalue(&c, fr_result_resolved(res, k)));
            out_json(&c.out, obj);
            json_decref(obj);
        }
        out_flush(&c.out);
    }
    bool failed = c.out.failed;
    int werr = c.out.err;
    fr_eval_free(&ev);
    free(line);
    ctx_free(&c);
    fr_ruleset_free(&rs);
    cli_rules_free(&o.rules);
    if (failed)
        return cli_write_failed(werr);
    return cli_finish_output(code);
}
