/* cmd_doc.c — `flagrule doc`: the error pages (src/doc.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "doc.h"
#include "ir.h"        /* the ruleset's sources */
#include "locfile.h"
#include "misspell.h"

static void usage(FILE *f)
{
    fputs("usage: flagrule doc [-r PATH]... [--format man|md|json] [-o DIR] [-v]\n"
          "                    [--budget N] [-j N] [--no-color] [RULE...]\n"
          "\n"
          "Generates a page per error rule (error and require), with an example launch\n"
          "line that triggers it and a corrected one, both checked by flagrule, and the\n"
          "index flagrule-errors.  With -o, writes DIR/flagrule-RULE.7 (.md, .json):\n"
          "atomically, leaving unchanged files alone, removing the pages of rules that\n"
          "no longer exist.  Without -o, prints the pages (md, json) to standard output.\n"
          "\n"
          "  -r PATH          add a rule file or directory (repeatable)\n"
          "  --format FORMAT  man (default), md or json\n"
          "  -o DIR           write the pages into DIR (it must exist)\n"
          "  -v, --verbose    say how many pages were written, unchanged, removed\n"
          "  --budget N       configs evaluated per rule and search step (default 20000)\n"
          "  -j, --jobs N     search on N threads (default: one per usable CPU, at\n"
          "                   most 8; 0 or auto: one per usable CPU); same output\n"
          "  --no-color       do not colour diagnostics\n"
          "  -h, --help       print this help\n"
          "  RULE...          only these rules' pages (no index; nothing is removed)\n"
          "\n"
          "Exit status: 0 done (a rule without example is a warning), 2 usage,\n"
          "rule-file or I/O errors.\n",
          f);
}

/* Without -j: the usable CPUs, at most this many threads (each search
 * holds an evaluator of its own). */
#define DOC_AUTO_JOBS 8

static const char *const doc_opts[] = {
    "-r", "--rules", "--format", "-o", "--output", "-v", "--verbose", "--budget", "-j", "--jobs",
    "--no-color", "--help", "-h",
};

/* YYYY-MM-DD of SOURCE_DATE_EPOCH, else of the newest rule file.  A set
 * but malformed SOURCE_DATE_EPOCH (not a decimal count of seconds from 0,
 * or past what a date can show) is an error, as reproducible-builds.org asks
 * (the pages would carry a date nobody chose): -1 after the message. */
static int page_date(const fr_ruleset *rs, char *buf, size_t n)
{
    time_t t = 0;
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    if (sde && *sde) {
        char *end = NULL;
        errno = 0;
        long long v = strtoll(sde, &end, 10);
        struct tm tm;
        time_t tv = (time_t)v;
        if (!(sde[0] >= '0' && sde[0] <= '9') || *end != '\0') {
            cli_err("doc: SOURCE_DATE_EPOCH is '%s': it must be a count of seconds since 1970-01-01 "
                    "(digits only, e.g. $(git log -1 --format=%%ct))", sde);
            return -1;
        }
        if (errno == ERANGE || (long long)tv != v || !gmtime_r(&tv, &tm) || tm.tm_year > 9999 - 1900) {
            cli_err("doc: SOURCE_DATE_EPOCH is '%s': past the year 9999, which a page's date cannot show "
                    "(at most 253402300799)", sde);
            return -1;
        }
        t = tv;
    } else {
        /* every file of the set, those without rules too (a default
         * changed in a flags file changes the pages' examples) */
        uint32_t nf = fr_sources_count(rs->sources);
        for (uint32_t f = 0; f < nf; f++) {
            const char *path = fr_sources_path(rs->sources, f);
            struct stat st;
            if (path && stat(path, &st) == 0 && st.st_mtime > t)
                t = st.st_mtime;
        }
    }
    struct tm tm;
    if (!gmtime_r(&t, &tm) || strftime(buf, n, "%Y-%m-%d", &tm) == 0)
        snprintf(buf, n, "1970-01-01");
    return 0;
}

static int parse_format(const char *v, fr_doc_format *f)
{
    if (!strcmp(v, "man"))
        *f = FR_DOC_MAN;
    else if (!strcmp(v, "md") || !strcmp(v, "markdown"))
        *f = FR_DOC_MD;
    else if (!strcmp(v, "json"))
        *f = FR_DOC_JSON;
    else {
        static const char *const names[] = { "man", "md", "json" };
        const char *best = fr_did_you_mean(v, strlen(v), names, 3);
        cli_err("doc: unknown format '%s' (choose from man, md, json)%s%s%s", v,
                best ? "; did you mean '" : "", best ? best : "", best ? "'?" : "");
        return -1;
    }
    return 0;
}

/* The value of an option given as "-o X", "--output X" or "--output=X". */
static const char *opt_value(int argc, char **argv, int *i, const char *shortname, const char *longname)
{
    const char *a = argv[*i];
    size_t ll = strlen(longname);
    if (!strncmp(a, longname, ll) && a[ll] == '=')
        return a + ll + 1;
    if (shortname && !strncmp(a, shortname, 2) && a[2] && a[1] != '-') {
        if (a[2] == '=') {   /* -r=PATH: the '=' is no part of the value (as in the other commands) */
            cli_err("doc: option '%s' takes its value as the next argument: write '%s %s'", shortname, shortname,
                    a + 3);
            return NULL;
        }
        return a + 2;
    }
    if (*i + 1 >= argc) {
        cli_err("doc: option '%s' needs a value", a);
        return NULL;
    }
    return argv[++*i];
}

static int is_opt(const char *a, const char *shortname, const char *longname)
{
    size_t ll = strlen(longname);
    if (!strcmp(a, longname) || (!strncmp(a, longname, ll) && a[ll] == '='))
        return 1;
    if (shortname && (!strcmp(a, shortname) || (!strncmp(a, shortname, 2) && a[2] && a[1] != '-')))
        return 1;
    return 0;
}

static void print_rule_names(const fr_ruleset *rs, const char *name)
{
    size_t nr = fr_ruleset_nrules(rs);
    const char **names = calloc(nr ? nr : 1, sizeof *names);
    if (!names)
        cli_oom();
    for (size_t r = 0; r < nr; r++)
        names[r] = fr_rule_name(rs, r);
    const char *best = fr_did_you_mean(name, strlen(name), names, nr);
    if (best)
        cli_err("doc: no rule named '%s'; did you mean '%s'?", name, best);
    else
        cli_err("doc: no rule named '%s'", name);
    free(names);
}

int cmd_doc(int argc, char **argv)
{
    cli_rules cr;
    memset(&cr, 0, sizeof cr);
    fr_doc_format format = FR_DOC_MAN;
    const char *outdir = NULL;
    bool verbose = false, no_color = false, rest = false;
    unsigned long budget = 0;
    int jobs = -1;   /* (not given) */
    const char **names = NULL;
    size_t nnames = 0;
    int status = FR_EXIT_USAGE;
    fr_ruleset *rs = NULL;
    uint32_t *rules = NULL;
    fr_doc_out out;
    memset(&out, 0, sizeof out);

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v;
        if (rest || a[0] != '-' || !strcmp(a, "-")) {
            const char **nn = realloc(names, (nnames + 1) * sizeof *nn);
            if (!nn)
                cli_oom();
            names = nn;
            names[nnames++] = a;
        } else if (!strcmp(a, "--")) {
            rest = true;
        } else if (is_opt(a, "-r", "--rules")) {
            if (!(v = opt_value(argc, argv, &i, "-r", "--rules")))
                goto done;
            if (cli_rules_add(&cr, v) < 0)
                cli_oom();
        } else if (is_opt(a, NULL, "--format")) {
            if (!(v = opt_value(argc, argv, &i, NULL, "--format")) || parse_format(v, &format) < 0)
                goto done;
        } else if (is_opt(a, "-o", "--output")) {
            if (!(v = opt_value(argc, argv, &i, "-o", "--output")))
                goto done;
            outdir = v;
        } else if (is_opt(a, NULL, "--budget")) {
            if (!(v = opt_value(argc, argv, &i, NULL, "--budget")))
                goto done;
            char *end = NULL;
            errno = 0;
            unsigned long long b = strtoull(v, &end, 10);
            if (errno || !end || *end || end == v || b == 0 || v[0] == '-' || b > 100000000ull) {
                cli_err("doc: --budget needs a number from 1 to 100000000, got '%s'", v);
                goto done;
            }
            budget = (unsigned long)b;
        } else if (cli_is_jobs_opt(a)) {
            if ((jobs = cli_opt_jobs("doc", argc, argv, &i)) < 0)
                goto done;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            verbose = true;
        } else if (!strcmp(a, "--no-color")) {
            no_color = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            status = cli_finish_output(FR_EXIT_OK);
            goto done;
        } else {
            cli_bad_option("doc", a, doc_opts, sizeof doc_opts / sizeof *doc_opts);
            fputs("Try 'flagrule doc --help'.\n", stderr);
            goto done;
        }
    }
    if (!outdir && format == FR_DOC_MAN && nnames == 0) {
        cli_err("doc: --format man writes one file per page: give -o DIR, or name the rules to print");
        fputs("Try 'flagrule doc --help'.\n", stderr);
        goto done;
    }

    cr.color = !no_color && !cli_no_color_env() && isatty(STDERR_FILENO);
    cr.tests = true;
    rs = cli_load_rules(&cr, NULL);
    if (!rs)
        goto done;

    rules = calloc(nnames ? nnames : 1, sizeof *rules);
    if (!rules)
        cli_oom();
    size_t nuniq = 0;
    for (size_t i = 0; i < nnames; i++) {
        long r = fr_ruleset_find_rule(rs, names[i]);
        if (r < 0) {
            print_rule_names(rs, names[i]);
            goto done;
        }
        /* a rule named twice (by its name twice, say) has one page */
        size_t j = 0;
        while (j < nuniq && rules[j] != (uint32_t)r)
            j++;
        if (j == nuniq) {
            names[nuniq] = names[i];
            rules[nuniq++] = (uint32_t)r;
        }
    }
    nnames = nuniq;

    if (outdir) {
        /* before the search (minutes for a big set), not after it */
        struct stat st;
        int err = stat(outdir, &st) < 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR
                                                : access(outdir, W_OK | X_OK) < 0 ? errno : 0;
        if (err) {
            cli_err("doc: cannot use directory %s: %s", outdir, strerror(err));
            goto done;
        }
    }

    char date[32];
    if (page_date(rs, date, sizeof date) < 0) {
        status = FR_EXIT_USAGE;
        goto done;
    }
    if (jobs < 0) {
        jobs = cli_usable_cpus();
        if (jobs > DOC_AUTO_JOBS)
            jobs = DOC_AUTO_JOBS;
    }
    fr_doc_opts o = { format, PACKAGE_VERSION, date, budget, (unsigned)jobs };
    fr_rc rc = fr_doc_generate(rs, &o, nnames ? rules : NULL, nnames, &out);
    if (rc == FR_ENOMEM)
        cli_oom();
    if (rc == FR_EINVAL) {
        /* a named rule is not an error rule */
        for (size_t i = 0; i < nnames; i++) {
            fr_doc_out one;
            if (fr_doc_generate(rs, &o, &rules[i], 1, &one) == FR_EINVAL) {
                cli_err("doc: rule '%s' is not an error rule: only error and require rules have pages",
                        names[i]);
                break;
            }
            fr_doc_out_free(&one);
        }
        goto done;
    }
    if (rc != FR_OK) {
        cli_err("doc: could not generate the pages");
        goto done;
    }
    for (size_t i = 0; i < out.nnotes; i++)
        fprintf(stderr, "flagrule: warning: %s\n", out.notes[i]);

    if (outdir) {
        fr_doc_write_report rep;
        rc = fr_doc_write_dir(&out, format, outdir, nnames == 0, &rep);
        if (rc == FR_ENOMEM)
            cli_oom();
        if (rc != FR_OK) {
            cli_err("doc: %s", rep.error ? rep.error : "cannot write the pages");
            fr_doc_write_report_free(&rep);
            goto done;
        }
        if (verbose)
            fprintf(stderr, "flagrule: doc: %s: %zu written, %zu unchanged, %zu removed\n", outdir,
                    rep.written, rep.unchanged, rep.removed);
        fr_doc_write_report_free(&rep);
        status = FR_EXIT_OK;
    } else {
        /* The pages (not the index) on standard output; md pages separated by
         * a blank line, JSON as one object per line. */
        size_t shown = 0;
        for (size_t i = 0; i < out.nfiles; i++) {
            if (out.files[i].rule < 0)
                continue;
            if (shown++ && format == FR_DOC_MD)
                fputc('\n', stdout);
            fwrite(out.files[i].text, 1, out.files[i].len, stdout);
        }
        status = cli_finish_output(FR_EXIT_OK);
    }
done:
    fr_doc_out_free(&out);
    free(rules);
    free(names);
    fr_ruleset_free(&rs);
    cli_rules_free(&cr);
    return status;
}
