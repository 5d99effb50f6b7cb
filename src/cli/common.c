/* common.c — rule loading, messages and output checks shared by the
 * subcommands. */
#define _XOPEN_SOURCE 700
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "arena.h"   /* fr_mem_populate */
#include "misspell.h"   /* fr_did_you_mean */
#include "value.h"      /* fr_echo_value */
#include "cli.h"

void cli_err(const char *fmt, ...)
{
    va_list ap;
    fputs("flagrule: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

_Noreturn void cli_oom(void)
{
    fputs("flagrule: out of memory\n", stderr);
    exit(FR_EXIT_USAGE);
}

int cli_write_failed(int err)
{
    /* (a reader that stopped early, SIGPIPE ignored: the output is cut, and
     * the status says so, with no message, as SIGPIPE would have ended it) */
    if (err != EPIPE)
        cli_err("error writing output: %s", strerror(err ? err : EIO));
    return FR_EXIT_USAGE;
}

int cli_finish_output(int code)
{
    /* (errno: fflush's, or that of the write that failed before) */
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_write_failed(errno);
    return code;
}

int cli_rules_add(cli_rules *cr, const char *path)
{
    const char **p = realloc(cr->paths, (cr->npaths + 1) * sizeof *p);
    if (!p)
        return -1;
    cr->paths = p;
    cr->paths[cr->npaths++] = path;
    return 0;
}

void cli_rules_free(cli_rules *cr)
{
    free(cr->paths);
    cr->paths = NULL;
    cr->npaths = 0;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool cli_no_color_env(void)
{
    const char *nc = getenv("NO_COLOR");
    return nc && *nc;
}

const char *cli_default_rules(void)
{
    static char buf[4096];   /* CLI only: the library has no statics */
    if (is_dir(FR_PKGDATADIR "/rules.d"))
        return FR_PKGDATADIR "/rules.d";
    /* Running uninstalled: <builddir>/src/flagrule; the rules are in the
     * source tree, which is the build tree or FR_SRCDIR. */
    char cand[4096];
    ssize_t n = readlink("/proc/self/exe", cand, sizeof cand - 32);
    if (n > 0) {
        cand[n] = '\0';
        char *slash = strrchr(cand, '/');
        if (slash) {
            strcpy(slash, "/../rules.d");
            if (is_dir(cand) && realpath(cand, buf))
                return buf;
        }
    }
#ifdef FR_SRCDIR
    if (is_dir(FR_SRCDIR "/rules.d") && realpath(FR_SRCDIR "/rules.d", buf))
        return buf;
#endif
    return FR_PKGDATADIR "/rules.d";
}

/* Compiling the shipped rules writes ~300 KiB of fresh heap (the files'
 * text, the tree, the tables) and ~40 KiB of stack, a page fault a 4 KiB
 * page (~75 and ~10).  Where a fault traps to the hypervisor (~10 us on
 * the bench's AMD guests, HACKING.md) that is a third of a one-config
 * run's time over a program that does nothing; the same pages populated in
 * one madvise each cost a small part of it (one config 3.22 -> 2.80 ms
 * there, 124 -> 46 faults).  The heap's first CLI_HEAP_PRIME bytes: a
 * block of the brk heap (glibc: below the mmap threshold, which is then
 * fixed instead of rising with the sizes freed, and kept after the free:
 * below the trim threshold) populated, then freed for the compiler's
 * allocations.  A big rule set's arenas have mappings of their own
 * (arena.c), populated as they grow. */
#define CLI_HEAP_PRIME  ((size_t)320 << 10)
#define CLI_STACK_PRIME ((size_t)64 << 10)

static void prime_memory(void)
{
#ifdef __GLIBC__
    if (mallopt(M_MMAP_THRESHOLD, 1 << 20) && mallopt(M_TRIM_THRESHOLD, 2 << 20)) {
        void *p = malloc(CLI_HEAP_PRIME);
        if (p) {
            (void)fr_mem_populate(p, CLI_HEAP_PRIME);
            free(p);
        }
    }
#endif
    /* the stack below this frame (within the stack's mapping: a range past
     * its end is refused, and those pages fault in as before) */
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    if (sp > CLI_STACK_PRIME)
        (void)fr_mem_populate((void *)(sp - CLI_STACK_PRIME), CLI_STACK_PRIME);
}

char *cli_echo(const char *s, size_t len)
{
    fr_buf b = { 0 };
    fr_echo_value(&b, s, len);
    char *t = fr_buf_take(&b);
    if (!t)
        cli_oom();
    return t;
}

/* Whether s can be shown as it is inside '...' in a message: printable
 * ASCII without a quote, not long. */
static bool plain(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f || s[i] == '\'')
            return false;
    return n <= FR_ECHO_MAX;
}

void cli_bad_option(const char *cmd, const char *arg, const char *const *cand, size_t n)
{
    /* the options of any subcommand that take a value (as the next argument) */
    static const char *const valued[] = { "-r", "--rules", "--format", "-j", "--jobs", "--input",
                                          "-o", "--output", "--budget", "--why-not" };
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    for (size_t i = 0; eq && i < n; i++) {
        if (strlen(cand[i]) != len || memcmp(cand[i], arg, len) != 0)
            continue;
        for (size_t j = 0; j < sizeof valued / sizeof *valued; j++)
            if (!strcmp(valued[j], cand[i])) {
                cli_err("%s: option '%s' takes its value as the next argument: write '%s %s'", cmd, cand[i],
                        cand[i], plain(eq + 1, strlen(eq + 1)) ? eq + 1 : "VALUE");
                return;
            }
        char *e = cli_echo(arg, strlen(arg));
        cli_err("%s: option '%s' takes no value, got %s", cmd, cand[i], e);
        free(e);
        return;
    }
    /* (the argument as check echoes a config's words: control bytes
     * escaped, a long one clipped) */
    char *e = cli_echo(arg, len);
    /* --OPTION-VALUE for --OPTION VALUE (`--input-json`, `--format-json`) */
    for (size_t i = 0; i < n; i++) {
        size_t cl = strlen(cand[i]);
        if (cl < 3 || cand[i][1] != '-' || len <= cl + 1 || memcmp(arg, cand[i], cl) != 0 || arg[cl] != '-')
            continue;
        for (size_t j = 0; j < sizeof valued / sizeof *valued; j++)
            if (!strcmp(valued[j], cand[i]) && plain(arg + cl + 1, len - cl - 1)) {
                cli_err("%s: unknown option %s; did you mean '%s %.*s'?", cmd, e, cand[i],
                        (int)(len - cl - 1), arg + cl + 1);
                free(e);
                return;
            }
    }
    /* (no suggestion for a one-letter option by spelling: every other one
     * is one edit away, and -j is no slip for -r) */
    const char *best = len == 2 && arg[0] == '-' && arg[1] != '-' ? NULL : fr_did_you_mean(arg, len, cand, n);
    if (best)
        cli_err("%s: unknown option %s; did you mean '%s'?", cmd, e, best);
    else
        cli_err("%s: unknown option %s", cmd, e);
    free(e);
}

fr_ruleset *cli_load_rules(const cli_rules *cr, size_t *nwarnings)
{
    prime_memory();
    fr_compiler *c = fr_compiler_new();
    if (!c)
        cli_oom();
    fr_compiler_set_lint(c, cr->lint);
    fr_compiler_set_skip_tests(c, !cr->tests && !cr->lint);

    char *envcopy = NULL;
    size_t added = 0;
    for (size_t i = 0; i < cr->npaths; i++, added++)
        fr_compiler_add_path(c, cr->paths[i]);
    const char *env = getenv("FLAGRULE_PATH");
    if (env && *env) {
        envcopy = strdup(env);
        if (!envcopy)
            cli_oom();
        char *save = NULL;
        for (char *tok = strtok_r(envcopy, ":", &save); tok; tok = strtok_r(NULL, ":", &save), added++)
            fr_compiler_add_path(c, tok);
    }
    if (added == 0)
        fr_compiler_add_path(c, cli_default_rules());

    fr_rc rc = FR_OK;
    fr_ruleset *rs = fr_compile(c, &rc);
    const fr_diags *d = fr_compiler_diags(c);
    size_t nw = 0;
    bool color = cr->color;
    if (cr->color_auto && fr_diags_count(d) > 0)
        color = !cli_no_color_env() && isatty(STDERR_FILENO);
    for (size_t i = 0; i < fr_diags_count(d); i++) {
        const fr_diag *g = fr_diags_get(d, i);
        if (fr_diag_severity(g) == FR_SEV_WARNING)
            nw++;
        char *text = fr_diags_render(d, g, color);
        if (!text)
            cli_oom();
        fputs(text, stderr);
        free(text);
    }
    if (!rs && rc == FR_ENOMEM)
        cli_oom();
    if (!rs) {
        size_t ne = fr_diags_errors(d);
        if (ne)
            fprintf(stderr, "flagrule: %zu error%s in the rules\n", ne, ne == 1 ? "" : "s");
    }
    if (nwarnings)
        *nwarnings = nw;
    free(envcopy);
    fr_compiler_free(&c);
    return rs;
}

/* The line of buf[0..n) at *at: [*from, *to) without its newline; *at
 * moves past it.  Whether it has anything but blanks. */
static bool next_line(const char *buf, size_t n, size_t *at, size_t *from, size_t *to, bool comments)
{
    size_t e = *at;
    while (e < n && buf[e] != '\n')
        e++;
    size_t i = *at;
    while (i < e && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r'))
        i++;
    *from = *at;
    *to = e;
    *at = e + 1;
    /* (comments: a command line's '#' line is a comment alone, no config) */
    return i < e && !(comments && buf[i] == '#');
}

void cli_hint_option_after_dashes(const char *cmd, const char *reason, const char *const *opts, size_t n)
{
    static const char *const lead[] = { "unknown flag '", "unexpected argument '" };
    for (size_t l = 0; reason && l < sizeof lead / sizeof *lead; l++) {
        size_t ll = strlen(lead[l]);
        if (strncmp(reason, lead[l], ll) != 0)
            continue;
        const char *w = reason + ll;
        size_t wl = strcspn(w, "'=");
        for (size_t i = 0; i < n; i++)
            if (strlen(opts[i]) == wl && strncmp(opts[i], w, wl) == 0) {
                fprintf(stderr, "flagrule: hint: '%s' is an option of flagrule %s: give it before '--' "
                        "(flagrule %s [OPTIONS] -- FLAGS...)\n", opts[i], cmd, cmd);
                return;
            }
    }
}

void cli_note_stdin_unread(const char *cmd)
{
    int n = 0;
    if (isatty(STDIN_FILENO) || ioctl(STDIN_FILENO, FIONREAD, &n) != 0 || n <= 0)
        return;
    fprintf(stderr, "flagrule: note: '--' with no flags after it is the empty config; standard input "
            "(%d bytes waiting) is not read: to %s the configs there, leave out '--'\n", n,
            strcmp(cmd, "check") ? "read" : "check");
}

size_t cli_size_env(const char *name)
{
    const char *e = getenv(name);
    if (e && *e >= '1' && *e <= '9') {
        char *end;
        unsigned long v = strtoul(e, &end, 10);
        if (!*end && v <= (1ul << 30))
            return (size_t)v;
    }
    return 0;
}

size_t cli_max_line(void)
{
    size_t v = cli_size_env("FLAGRULE_MAX_LINE");
    return v >= 2 && v <= CLI_MAX_LINE ? v : CLI_MAX_LINE;
}

int cli_stdin_config(const char *cmd, bool json, char **line, size_t *len)
{
    *line = NULL;
    *len = 0;
    if (isatty(STDIN_FILENO))
        return 0;
    size_t cap = 0, n = 0, max = cli_max_line();
    char *buf = NULL;
    for (;;) {
        if (cap - n < 4096) {
            cap = cap ? cap * 2 : 8192;
            char *nb = realloc(buf, cap);
            if (!nb)
                cli_oom();
            buf = nb;
        }
        ssize_t r = read(STDIN_FILENO, buf + n, cap - n - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            int e = errno;
            free(buf);
            cli_err("%s: error reading standard input: %s", cmd, strerror(e));
            return FR_EXIT_USAGE;
        }
        if (r == 0)
            break;
        n += (size_t)r;
        if (n >= max) {
            free(buf);
            cli_err("%s: standard input is %zu bytes or more; %s reads one config, a line of at "
                    "most %zu bytes", cmd, max, cmd, max - 1);
            return FR_EXIT_USAGE;
        }
    }
    /* the non-blank lines: one at most */
    size_t at = 0, nconf = 0, from = 0, to = 0, f, t;
    while (at < n)
        if (next_line(buf, n, &at, &f, &t, !json) && nconf++ == 0) {
            from = f;
            to = t;
        }
    if (nconf > 1 && json) {
        /* one JSON text over several lines (jq's pretty output) is one
         * config; lines that are each a JSON text are several; anything
         * else goes to the reader whole, to be refused with its place */
        json_error_t err;
        json_t *whole = json_loadb(buf, n, JSON_DECODE_ANY, &err);
        bool each = whole == NULL;
        json_decref(whole);
        for (at = 0; each && at < n;) {
            if (!next_line(buf, n, &at, &f, &t, false))
                continue;
            json_t *one = json_loadb(buf + f, t - f, JSON_DECODE_ANY, &err);
            each = one != NULL;
            json_decref(one);
        }
        if (!each) {
            buf[n] = '\0';
            *line = buf;
            *len = n;
            return 0;
        }
    }
    if (nconf > 1) {
        free(buf);
        cli_err("%s: standard input holds %zu configs; %s takes one (give it after '--', "
                "or check them all with: flagrule check)", cmd, nconf, cmd);
        return FR_EXIT_USAGE;
    }
    if (!nconf) {
        free(buf);
        return 0;
    }
    memmove(buf, buf + from, to - from);
    buf[to - from] = '\0';
    *line = buf;
    *len = to - from;
    return 0;
}

bool cli_is_jobs_opt(const char *a)
{
    return !strcmp(a, "-j") || !strcmp(a, "--jobs") || !strncmp(a, "--jobs=", 7) || (!strncmp(a, "-j", 2) && a[2]);
}

int cli_opt_jobs(const char *cmd, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    const char *opt = a[1] == '-' ? "--jobs" : "-j", *v;
    if (a[1] == '-' ? a[6] == '=' : a[2] != '\0')
        v = a + (a[1] == '-' ? 7 : 2);
    else if (*i + 1 < argc)
        v = argv[++*i];
    else {
        cli_err("%s: option '%s' needs a value: a number of jobs (1 or more), "
                "or 0 or 'auto' for one per usable CPU", cmd, opt);
        return -1;
    }
    long n = -1;
    if (!strcmp(v, "auto"))
        n = 0;
    else if (v[0] >= '0' && v[0] <= '9') {
        char *end;
        errno = 0;
        n = strtol(v, &end, 10);
        if (*end || errno || n > CLI_MAX_JOBS)
            n = -1;
    }
    if (n < 0) {
        cli_err("%s: invalid number of jobs '%s' for '%s': give a number from 1 to %d, "
                "or 0 or 'auto' for one per usable CPU", cmd, v, opt, CLI_MAX_JOBS);
        return -1;
    }
    return n == 0 ? cli_usable_cpus() : (int)n;
}
