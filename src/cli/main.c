/* main.c — `flagrule COMMAND ...`: dispatch to the subcommands. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "misspell.h"

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    { "check",   cmd_check,   "evaluate configs against the rules" },
    { "resolve", cmd_resolve, "print the resolved config" },
    { "explain", cmd_explain, "why a key has its value, or why a rule did not fire" },
    { "lint",    cmd_lint,    "compile the rules and run the static checks" },
    { "test",    cmd_test,    "run the test blocks of the rules" },
    { "doc",     cmd_doc,     "generate the error documentation" },
};

static void usage(FILE *out)
{
    fprintf(out, "usage: flagrule COMMAND [OPTIONS] [-- FLAGS...]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'flagrule COMMAND --help' describes a command; see flagrule(1).\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return FR_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "help") && argc > 2 && strcmp(argv[2], "--help") && strcmp(argv[2], "-h")) {
        /* help COMMAND: that command's help */
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (!strcmp(argv[2], commands[i].name)) {
                char *hargv[] = { argv[2], (char *)"--help", NULL };
                return commands[i].run(2, hargv);
            }
        const char *names[sizeof commands / sizeof commands[0]];
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            names[i] = commands[i].name;
        const char *best = fr_did_you_mean(argv[2], strlen(argv[2]), names, sizeof names / sizeof names[0]);
        if (best)
            cli_err("help: unknown command '%s'; did you mean '%s'?", argv[2], best);
        else
            cli_err("help: unknown command '%s'", argv[2]);
        usage(stderr);
        return FR_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return cli_finish_output(FR_EXIT_OK);
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        printf("flagrule %s\n", PACKAGE_VERSION);
        return cli_finish_output(FR_EXIT_OK);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    if (argv[1][0] == '-' && strcmp(argv[1], "--"))
        /* an option first, as in `git -C`: options follow the command here */
        for (int i = 2; i < argc && strcmp(argv[i], "--"); i++)
            for (size_t j = 0; j < sizeof commands / sizeof commands[0]; j++)
                if (!strcmp(argv[i], commands[j].name)) {
                    cli_err("option '%s' before the command; options follow it: flagrule %s %s ...", argv[1],
                            commands[j].name, argv[1]);
                    return FR_EXIT_USAGE;
                }
    const char *names[sizeof commands / sizeof commands[0] + 3] = { "help", "--help", "--version" };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        names[3 + i] = commands[i].name;
    const char *best = fr_did_you_mean(argv[1], strlen(argv[1]), names, sizeof names / sizeof names[0]);
    if (best)
        cli_err("unknown command '%s'; did you mean '%s'?", argv[1], best);
    else
        cli_err("unknown command '%s'", argv[1]);
    usage(stderr);
    return FR_EXIT_USAGE;
}
