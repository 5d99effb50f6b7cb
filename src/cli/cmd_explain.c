/* cmd_explain.c — `flagrule explain KEY [-- FLAGS]` and
 * `flagrule explain --why-not RULE [-- FLAGS]`. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "eval.h"
#include "misspell.h"

static void usage(FILE *f)
{
    fputs("usage: flagrule explain [-r PATH]... [--input line|json] [--no-env]\n"
          "                        [--ignore-unknown] [--no-color] KEY [-- FLAGS...]\n"
          "       flagrule explain [-r PATH]... [--input line|json] [--no-env]\n"
          "                        [--ignore-unknown] [--no-color] --why-not RULE [-- FLAGS...]\n"
          "\n"
          "Tells why KEY (a key name, an alias or a flag spelling) has its resolved\n"
          "value in the config given after '--' (else the one line of standard input,\n"
          "when it is not a terminal): given, the default, or declared by a rule\n"
          "(which rule, where, and the value of each term of its condition).\n"
          "With --why-not, tells why RULE did not fire.\n"
          "\n"
          "  -r PATH          add a rule file or directory (repeatable)\n"
          "  --why-not RULE   explain why RULE did not fire\n"
          "  --input INPUT    line (default): the config is a command line; json: a\n"
          "                   JSON object, {\"KEY\": VALUE, ...}\n"
          "  --no-env         do not read env keys from the process environment\n"
          "  --ignore-unknown skip flags the rules do not declare (and their values)\n"
          "  --no-color       do not colour diagnostics\n"
          "  -h, --help       print this help\n",
          f);
}

static const char *const explain_opts[] = {
    "-r", "--rules", "--why-not", "--input", "--no-env", "--ignore-unknown", "--no-color", "--help", "-h",
};

/* A key by name, alias or flag spelling; -1 if none. */
static long find_key(const fr_ruleset *rs, const char *name)
{
    long k = fr_ruleset_find_key(rs, name);
    if (k >= 0)
        return k;
    for (size_t i = 0; i < fr_ruleset_nkeys(rs); i++)
        if (!strcmp(fr_key_name(rs, i), name))
            return (long)i;
    if (rs->evindex) {
        int32_t s = fr_spellmap_find(&rs->evindex->map, name, strlen(name));
        if (s >= 0)
            return s;
    }
    return -1;
}

/* A name or argument from the command line in a message: cli_echo. */
static char *echo(const char *s)
{
    return cli_echo(s, strlen(s));
}

/* "unknown WHAT NAME", with a did-you-mean among cand[0..n) and a hint
 * (may be NULL); returns the usage status. */
/* The hint that a name is the other kind: "it is the KIND 'NAME'; " then
 * how, then NAME (malloc'd). */
static char *name_hint(const char *kind, const char *name, const char *how)
{
    size_t hl = strlen(kind) + strlen(how) + 2 * strlen(name) + 16;
    char *h = malloc(hl);
    if (!h)
        cli_oom();
    snprintf(h, hl, "it is the %s '%s'; %s%s", kind, name, how, name);
    return h;
}

static int unknown(const char *what, const char *name, const char *const *cand, size_t n, const char *hint)
{
    const char *best = fr_did_you_mean(name, strlen(name), cand, n);
    char *e = echo(name);
    if (hint)
        cli_err("explain: unknown %s %s: %s", what, e, hint);
    else if (best)
        cli_err("explain: unknown %s %s; did you mean '%s'?", what, e, best);
    else
        cli_err("explain: unknown %s %s", what, e);
    free(e);
    return FR_EXIT_USAGE;
}

static void both(const char *key, const char *why_not)
{
    char *ek = echo(key), *er = echo(why_not);
    cli_err("explain: give a KEY or --why-not RULE, not both (%s and --why-not %s)", ek, er);
    free(ek);
    free(er);
}

int cmd_explain(int argc, char **argv)
{
    cli_rules cr;
    memset(&cr, 0, sizeof cr);
    const char *key = NULL, *why_not = NULL;
    bool no_env = false, no_color = false, json_in = false, ignore_unknown = false;
    int nwords = 0;
    char **words = NULL;
    int code = FR_EXIT_USAGE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            words = argv + i + 1;
            nwords = argc - i - 1;
            break;
        }
        if (!strcmp(a, "-r") || !strcmp(a, "--rules")) {
            if (i + 1 >= argc) {
                cli_err("explain: option '%s' needs a PATH", a);
                goto out;
            }
            if (cli_rules_add(&cr, argv[++i]) < 0)
                cli_oom();
        } else if (!strncmp(a, "-r", 2) && a[2] && a[2] != '=' && a[1] != '-') {   /* -rPATH, as check's */
            if (cli_rules_add(&cr, a + 2) < 0)
                cli_oom();
        } else if (!strncmp(a, "--rules=", 8)) {
            if (cli_rules_add(&cr, a + 8) < 0)
                cli_oom();
        } else if (!strcmp(a, "--why-not")) {
            if (i + 1 >= argc) {
                cli_err("explain: option '--why-not' needs a RULE");
                goto out;
            }
            why_not = argv[++i];
        } else if (!strncmp(a, "--why-not=", 10)) {
            why_not = a + 10;
        } else if (!strcmp(a, "--input") || !strncmp(a, "--input=", 8)) {
            int in = cli_opt_input("explain", argc, argv, &i);
            if (in < 0)
                goto out;
            json_in = in == 1;
        } else if (!strcmp(a, "--no-env")) {
            no_env = true;
        } else if (!strcmp(a, "--ignore-unknown")) {
            ignore_unknown = true;
        } else if (!strcmp(a, "--no-color")) {
            no_color = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            cli_rules_free(&cr);
            return cli_finish_output(FR_EXIT_OK);
        } else if (a[0] == '-' && a[1] == '-' && a[2] && !key) {
            /* a flag spelling as the KEY, or an unknown option */
            const char *best = fr_did_you_mean(a, strlen(a), explain_opts,
                                               sizeof explain_opts / sizeof *explain_opts);
            if (best) {
                char *e = echo(a);
                cli_err("explain: unknown option %s; did you mean '%s'?", e, best);
                free(e);
                goto out;
            }
            key = a;
        } else if (a[0] == '-' && a[1]) {
            cli_bad_option("explain", a, explain_opts, sizeof explain_opts / sizeof *explain_opts);
            goto out;
        } else if (!key && !why_not) {
            key = a;
        } else if (why_not && !key) {
            both(a, why_not);
            goto out;
        } else {
            char *ea = echo(a), *ek = echo(key);
            if (key[0] == '-')   /* (`explain --key NAME`: --key was taken as a flag spelling) */
                cli_err("explain: unexpected argument %s after the KEY %s (read as a flag spelling: "
                        "explain has no option %s); usage: flagrule explain KEY [-- FLAGS...]", ea, ek, ek);
            else
                cli_err("explain: unexpected argument %s (the config goes after '--')", ea);
            free(ea);
            free(ek);
            goto out;
        }
    }
    if (key && why_not) {
        both(key, why_not);
        goto out;
    }
    if (!key && !why_not) {
        cli_err("explain: give a KEY or --why-not RULE");
        fputs("Try 'flagrule explain --help'.\n", stderr);
        goto out;
    }
    cr.color = !no_color && !cli_no_color_env() && isatty(STDERR_FILENO);
    fr_ruleset *rs = cli_load_rules(&cr, NULL);
    if (!rs)
        goto out;
    long id;
    if (key) {
        id = find_key(rs, key);
        if (id < 0 && key[0] == '-' && key[1] == '-' && rs->evindex) {
            /* a prefix of one flag spelling, as on a config line */
            const fr_spellmap *m = &rs->evindex->map;
            int32_t k = -1;
            const fr_progflag *pf = NULL;
            const char *spell = NULL;
            if (fr_spellmap_abbrev(m, key, strlen(key), &k, &pf, &spell)) {
                fr_buf b = { 0 };
                fr_spellmap_list_prefixed(&b, m, key, strlen(key));
                char *ek = echo(key);
                cli_err("explain: ambiguous flag %s could match %s", ek, b.p && !b.oom ? b.p : "several");
                free(ek);
                fr_buf_free(&b);
                fr_ruleset_free(&rs);
                code = FR_EXIT_USAGE;
                goto out;
            }
            if (k >= 0)
                id = k;
            else if (pf || fr_spellmap_prog(m, key, strlen(key))) {
                char *ek = echo(key);
                cli_err("explain: %s is one of the program's flags that the rules list to skip: "
                        "no rule reads it", ek);
                free(ek);
                fr_ruleset_free(&rs);
                code = FR_EXIT_USAGE;
                goto out;
            }
        }
        if (id < 0 && key[0] == '-' && key[1] == '-') {
            /* "did you mean" among the flags' spellings */
            size_t nk = fr_ruleset_nkeys(rs), n = 0, cap = 0;
            for (size_t k = 0; k < nk; k++)
                cap += rs->keys[k].ncli;
            const char **names = calloc(cap ? cap : 1, sizeof *names);
            if (!names)
                cli_oom();
            for (size_t k = 0; k < nk; k++)
                for (uint32_t j = 0; j < rs->keys[k].ncli; j++)
                    names[n++] = rs->keys[k].cli[j];
            code = unknown("flag", key, names, n, NULL);
            free(names);
            fr_ruleset_free(&rs);
            goto out;
        }
        if (id < 0) {
            size_t nk = fr_ruleset_nkeys(rs);
            const char **names = calloc(nk ? nk : 1, sizeof *names);
            if (!names)
                cli_oom();
            for (size_t k = 0; k < nk; k++)
                names[k] = fr_key_name(rs, k);
            /* a rule's name where a key is expected */
            long r = fr_ruleset_find_rule(rs, key);
            char *hint = r < 0 ? NULL
                               : name_hint("rule", fr_rule_name(rs, (size_t)r),
                                           "to tell why a rule fired or did not, use --why-not: "
                                           "flagrule explain --why-not ");
            /* a flag spelling without its dashes (`tp`), or the unique
             * prefix of a key's name (`SGLANG_MORI`) */
            size_t kl = strlen(key);
            char *two = malloc(kl + 3);
            if (!two)
                cli_oom();
            memcpy(two, "--", 2);
            memcpy(two + 2, key, kl + 1);
            long fk = -1;
            const char *spell = two;
            if (rs->evindex && key[0] != '-' && (fk = find_key(rs, two)) < 0) {
                /* (or its unique prefix: --tp for --tp-size) */
                int32_t ak;
                const fr_progflag *pf;
                if (!fr_spellmap_abbrev(&rs->evindex->map, two, kl + 2, &ak, &pf, &spell) && ak >= 0 && spell)
                    fk = ak;
            }
            const char *pre = NULL;
            for (size_t k = 0; k < nk && kl >= 3 && fk < 0; k++)
                if (!strncmp(names[k], key, kl)) {
                    if (pre) {
                        pre = NULL;
                        break;
                    }
                    pre = names[k];
                }
            const char *sugg = fk >= 0 ? spell : pre;
            if (!hint && sugg) {
                char *e = echo(key);
                cli_err("explain: unknown key %s; did you mean '%s'?", e, sugg);
                free(e);
                code = FR_EXIT_USAGE;
            } else {
                code = unknown("key", key, names, nk, hint);
            }
            free(two);
            free(hint);
            free(names);
            fr_ruleset_free(&rs);
            goto out;
        }
    } else {
        id = fr_ruleset_find_rule(rs, why_not);
        if (id < 0) {
            size_t nr = fr_ruleset_nrules(rs);
            const char **names = calloc(nr ? nr : 1, sizeof *names);
            if (!names)
                cli_oom();
            for (size_t r = 0; r < nr; r++)
                names[r] = fr_rule_name(rs, r);
            /* a key (a name, an alias, a flag spelling) given to --why-not */
            long k = find_key(rs, why_not);
            char *hint = k < 0 ? NULL
                               : name_hint("key", fr_key_name(rs, (size_t)k),
                                           "to tell why a key has its value, leave out --why-not: "
                                           "flagrule explain ");
            code = unknown("rule", why_not, names, nr, hint);
            free(hint);
            free(names);
            fr_ruleset_free(&rs);
            goto out;
        }
    }
    char *line = NULL;
    size_t llen = 0;
    if (words && nwords == 0)
        cli_note_stdin_unread("explain");
    if (!words && (code = cli_stdin_config("explain", json_in, &line, &llen)) != 0) {
        fr_ruleset_free(&rs);
        goto out;
    }
    fr_eval *ev = fr_eval_new(rs);
    if (!ev)
        cli_oom();
    fr_eval_set_use_environ(ev, !no_env);
    fr_eval_set_ignore_unknown(ev, ignore_unknown);
    cli_jin *jin = json_in ? cli_jin_new(rs, ignore_unknown) : NULL;
    const fr_result *res = jin && line    ? cli_eval_json(jin, ev, line, llen)
                           : jin          ? cli_eval_json_words(jin, ev, (size_t)nwords, (const char *const *)words)
                           : line         ? fr_eval_line(ev, line, llen)
                                          : fr_eval_argv(ev, (size_t)nwords, (const char *const *)words);
    if (!res)
        cli_oom();
    if (fr_result_status(res) == FR_STATUS_INVALID) {
        /* as resolve: nothing on standard output, the reason on standard error */
        const char *why = fr_result_invalid_reason(res);
        if (!why)
            cli_oom();
        cli_err("invalid config: %s", why);
        if (words)
            cli_hint_option_after_dashes("explain", why, explain_opts, sizeof explain_opts / sizeof *explain_opts);
    } else {
        char *text = key ? fr_explain_key(ev, (size_t)id) : fr_explain_why_not(ev, (size_t)id);
        if (!text)
            cli_oom();
        fputs(text, stdout);
        free(text);
    }
    cli_jin_free(jin);
    code = fr_result_status(res) == FR_STATUS_INVALID ? FR_EXIT_FAIL : FR_EXIT_OK;
    fr_eval_free(&ev);
    free(line);
    fr_ruleset_free(&rs);
    cli_rules_free(&cr);
    return cli_finish_output(code);
out:
    cli_rules_free(&cr);
    return code;
}
