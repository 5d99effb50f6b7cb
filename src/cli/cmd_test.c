/* cmd_test.c — `flagrule test`: runs the test blocks of the rules. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "misspell.h"

static void usage(FILE *f)
{
    fputs("usage: flagrule test [-r PATH]... [-v] [--no-color]\n"
          "\n"
          "Runs the test blocks of the rules; prints a line per failing case\n"
          "(FILE:LINE:COL: test \"NAME\": expected ..., got ...) and a summary.\n"
          "\n"
          "  -r PATH          add a rule file or directory (repeatable)\n"
          "  -v, --verbose    also print a line per passing case\n"
          "  --no-color       do not colour diagnostics\n"
          "  -h, --help       print this help\n"
          "\n"
          "Exit status: 0 every case passed, 1 a case failed, 2 usage or rule-file errors.\n",
          f);
}

static const char *const test_opts[] = {
    "-r", "--rules", "-v", "--verbose", "--no-color", "--help", "-h",
};

int cmd_test(int argc, char **argv)
{
    cli_rules cr;
    memset(&cr, 0, sizeof cr);
    bool verbose = false, no_color = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-r") || !strcmp(a, "--rules")) {
            if (i + 1 >= argc) {
                cli_err("test: option '%s' needs a PATH", a);
                cli_rules_free(&cr);
                return FR_EXIT_USAGE;
            }
            if (cli_rules_add(&cr, argv[++i]) < 0)
                cli_oom();
        } else if (!strncmp(a, "-r", 2) && a[2] && a[2] != '=' && a[1] != '-') {   /* -rPATH, as check's */
            if (cli_rules_add(&cr, a + 2) < 0)
                cli_oom();
        } else if (!strncmp(a, "--rules=", 8)) {
            if (cli_rules_add(&cr, a + 8) < 0)
                cli_oom();
        } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            verbose = true;
        } else if (!strcmp(a, "--no-color")) {
            no_color = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            cli_rules_free(&cr);
            return cli_finish_output(FR_EXIT_OK);
        } else {
            if (!strcmp(a, "--"))
                cli_err("test: takes no config: it runs the test blocks of the rules "
                        "(to check a config: flagrule check -- FLAGS...)");
            else if (a[0] != '-')
                cli_err("test: unexpected argument '%s'", a);
            else
                cli_bad_option("test", a, test_opts, sizeof test_opts / sizeof *test_opts);
            fputs("Try 'flagrule test --help'.\n", stderr);
            cli_rules_free(&cr);
            return FR_EXIT_USAGE;
        }
    }
    cr.color = !no_color && !cli_no_color_env() && isatty(STDERR_FILENO);
    cr.tests = true;
    fr_ruleset *rs = cli_load_rules(&cr, NULL);
    cli_rules_free(&cr);
    if (!rs)
        return FR_EXIT_USAGE;
    fr_test_report rep;
    fr_rc rc = verbose ? fr_run_tests_verbose(rs, &rep) : fr_run_tests(rs, &rep);
    fr_ruleset_free(&rs);
    if (rc == FR_ENOMEM)
        cli_oom();
    if (rc != FR_OK) {
        cli_err("test: could not run the tests");
        return FR_EXIT_USAGE;
    }
    fputs(rep.text ? rep.text : "", stdout);
    printf("%zu passed, %zu failed\n", rep.passed, rep.failed);
    free(rep.text);
    return cli_finish_output(rep.failed ? FR_EXIT_FAIL : FR_EXIT_OK);
}
