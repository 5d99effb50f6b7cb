/* cmd_lint.c — `flagrule lint`: compile the rules with the static checks on,
 * print every diagnostic, optionally dump the IR. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "misspell.h"

enum { OPT_DUMP = 256, OPT_NO_COLOR, OPT_COLOR, OPT_WERROR };

static const struct option lint_opts[] = {
    { "rules",    required_argument, NULL, 'r' },
    { "dump-ir",  no_argument,       NULL, OPT_DUMP },
    { "no-color", no_argument,       NULL, OPT_NO_COLOR },
    { "color",    no_argument,       NULL, OPT_COLOR },
    { "werror",   no_argument,       NULL, OPT_WERROR },
    { "help",     no_argument,       NULL, 'h' },
    { NULL, 0, NULL, 0 }
};

static void lint_usage(FILE *out)
{
    fputs("usage: flagrule lint [-r PATH]... [--werror] [--dump-ir] [--no-color | --color]\n"
          "\n"
          "Compiles the rules and runs the static checks (dependency cycles, ...).\n"
          "Diagnostics go to stderr; the exit status is 0 when there is no error\n"
          "(warnings allowed, unless --werror) and 2 otherwise.\n"
          "\n"
          "  -r, --rules PATH   a rule file or a directory of *.rules (repeatable); the\n"
          "                     entries of FLAGRULE_PATH (colon-separated) are loaded\n"
          "                     after them; with neither, the shipped rules\n"
          "      --werror       a warning fails too (exit status 2)\n"
          "      --dump-ir      print the compiled rule set (keys, rules, plan) to stdout\n"
          "      --no-color     never colour the diagnostics\n"
          "      --color        always colour them\n"
          "  -h, --help         this text\n", out);
}

int cmd_lint(int argc, char **argv)
{
    cli_rules cr = { 0 };
    bool dump = false, werror = false;
    int color = -1;   /* -1: when stderr is a terminal and NO_COLOR is unset */
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+r:h", lint_opts, NULL)) != -1) {
        switch (c) {
        case 'r':
            if (optarg[0] == '=' && !strncmp(argv[optind - 1], "-r=", 3)) {
                /* -r=PATH: the '=' is no part of the path (as in the other commands) */
                cli_err("lint: option '-r' takes its value as the next argument: write '-r %s'", optarg + 1);
                fputs("Try 'flagrule lint --help'.\n", stderr);
                cli_rules_free(&cr);
                return FR_EXIT_USAGE;
            }
            if (cli_rules_add(&cr, optarg) < 0)
                cli_oom();
            break;
        case OPT_DUMP:
            dump = true;
            break;
        case OPT_NO_COLOR:
            color = 0;
            break;
        case OPT_COLOR:
            color = 1;
            break;
        case OPT_WERROR:
            werror = true;
            break;
        case 'h':
            lint_usage(stdout);
            cli_rules_free(&cr);
            return cli_finish_output(FR_EXIT_OK);
        default:
            if (optopt == 'r')
                cli_err("lint: option '-r' needs a PATH");
            else {
                static const char *const names[] = { "-r", "--rules", "--werror", "--dump-ir", "--no-color",
                                                     "--color", "--help", "-h" };
                cli_bad_option("lint", argv[optind - 1], names, sizeof names / sizeof *names);
            }
            fputs("Try 'flagrule lint --help'.\n", stderr);
            cli_rules_free(&cr);
            return FR_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_err("lint: unexpected argument '%s' (rule files are given with -r)", argv[optind]);
        cli_rules_free(&cr);
        return FR_EXIT_USAGE;
    }
    if (color < 0)
        color = isatty(STDERR_FILENO) && !cli_no_color_env();
    cr.lint = true;
    cr.tests = true;
    cr.color = color;
    size_t nwarn = 0;
    fr_ruleset *rs = cli_load_rules(&cr, &nwarn);
    cli_rules_free(&cr);
    if (!rs)
        return FR_EXIT_USAGE;
    if (werror && nwarn) {
        cli_err("lint: %zu warning%s, failing (--werror)", nwarn, nwarn == 1 ? "" : "s");
        fr_ruleset_free(&rs);
        return FR_EXIT_USAGE;
    }
    if (dump) {
        char *text = fr_ruleset_dump(rs);
        if (!text)
            cli_oom();
        fputs(text, stdout);
        free(text);
    }
    fr_ruleset_free(&rs);
    return cli_finish_output(FR_EXIT_OK);
}
