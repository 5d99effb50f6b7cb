/* cmd_lint.c — `flagrule lint`: compile the rules with the static checks on,
 * print every diagnostic, optionally dump the IR. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

enum { OPT_DUMP = 256, OPT_NO_COLOR, OPT_COLOR };

static const struct option lint_opts[] = {
    { "rules",    required_argument, NULL, 'r' },
    { "dump-ir",  no_argument,       NULL, OPT_DUMP },
    { "no-color", no_argument,       NULL, OPT_NO_COLOR },
    { "color",    no_argument,       NULL, OPT_COLOR },
    { "help",     no_argument,       NULL, 'h' },
    { NULL, 0, NULL, 0 }
};

static void lint_usage(FILE *out)
{
    fputs("usage: flagrule lint [-r PATH]... [--dump-ir] [--no-color]\n"
          "\n"
          "Compiles the rules and runs the static checks (dependency cycles, ...).\n"
          "Diagnostics go to stderr; the exit status is 0 when there is no error\n"
          "(warnings allowed) and 2 otherwise.\n"
          "\n"
          "  -r, --rules PATH   a rule file or a directory of *.rules (repeatable;\n"
          "                     default: FLAGRULE_PATH, else the shipped rules)\n"
          "      --dump-ir      print the compiled rule set (keys, rules, plan) to stdout\n"
          "      --no-color     never colour the diagnostics\n"
          "      --color        always colour them\n"
          "  -h, --help         this text\n", out);
}

int cmd_lint(int argc, char **argv)
{
    cli_rules cr = { 0 };
    bool dump = false;
    int color = -1;   /* -1: when stderr is a terminal and NO_COLOR is unset */
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+r:h", lint_opts, NULL)) != -1) {
        switch (c) {
        case 'r':
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
        case 'h':
            lint_usage(stdout);
            cli_rules_free(&cr);
            return cli_finish_output(FR_EXIT_OK);
        default:
            if (optopt == 'r')
                cli_err("lint: option '-r' needs a PATH");
            else
                cli_err("lint: unknown option '%s'", argv[optind - 1]);
            lint_usage(stderr);
            cli_rules_free(&cr);
            return FR_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_err("lint: unexpected argument '%s' (rule files are given with -r)", argv[optind]);
        cli_rules_free(&cr);
        return FR_EXIT_USAGE;
    }
    if (color < 0) {
        const char *nc = getenv("NO_COLOR");
        color = isatty(STDERR_FILENO) && !(nc && *nc);
    }
    cr.lint = true;
    cr.tests = true;
    cr.color = color;
    fr_ruleset *rs = cli_load_rules(&cr, NULL);
    cli_rules_free(&cr);
    if (!rs)
        return FR_EXIT_USAGE;
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
