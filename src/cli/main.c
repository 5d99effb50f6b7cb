/* main.c — `flagrule COMMAND ...`: dispatch to the subcommands. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
    fprintf(out, "usage: flagrule COMMAND [OPTIONS] [-- FLAGS...]\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'flagrule COMMAND --help' describes a command; see flagrule(1).\n");
}

/* The command named `name`, or NULL. */
static const struct command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, commands[i].name))
            return &commands[i];
    return NULL;
}

/* An unknown command word (after `prefix`, "" or "help: "), with the nearest
 * command (and, with `extras`, help / --help / --version) suggested; then the
 * usage.  Returns the exit status. */
static int unknown_command(const char *prefix, const char *word, bool extras)
{
    const char *names[NCOMMANDS + 3] = { "help", "--help", "--version" };
    size_t n = extras ? 3 : 0;
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[n++] = commands[i].name;
    const char *best = fr_did_you_mean(word, strlen(word), names, n);
    if (best)
        cli_err("%sunknown command '%s'; did you mean '%s'?", prefix, word, best);
    else
        cli_err("%sunknown command '%s'", prefix, word);
    usage(stderr);
    return FR_EXIT_USAGE;
}

/* A standard descriptor that was closed at start-up is given /dev/null
 * opened the other way round (standard input for writing, the outputs for
 * reading): its reads or writes still fail with EBADF, reported as for a
 * closed one, and no descriptor opened later (the -j wake pipe, a page of
 * doc -o) can take its number and be read or written as if it were it. */
static void hold_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int n = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (n >= 0 && n != fd) {
            dup2(n, fd);
            close(n);
        }
    }
}

int main(int argc, char **argv)
{
    hold_std_fds();
    if (argc < 2) {
        usage(stderr);
        return FR_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "help") && argc > 2 && strcmp(argv[2], "--help") && strcmp(argv[2], "-h") &&
        strcmp(argv[2], "help")) {   /* (help help: the usage, below) */
        /* help COMMAND: that command's help */
        const struct command *c = find_command(argv[2]);
        if (!c)
            return unknown_command("help: ", argv[2], false);
        char *hargv[] = { argv[2], (char *)"--help", NULL };
        return c->run(2, hargv);
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return cli_finish_output(FR_EXIT_OK);
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        printf("flagrule %s\n", PACKAGE_VERSION);
        return cli_finish_output(FR_EXIT_OK);
    }
    const struct command *c = find_command(argv[1]);
    if (c)
        return c->run(argc - 1, argv + 1);
    if (argv[1][0] == '-' && strcmp(argv[1], "--"))
        /* an option first, as in `git -C`: options follow the command here */
        for (int i = 2; i < argc && strcmp(argv[i], "--"); i++)
            if ((c = find_command(argv[i]))) {
                cli_err("option '%s' before the command; options follow it: flagrule %s %s ...", argv[1],
                        c->name, argv[1]);
                return FR_EXIT_USAGE;
            }
    return unknown_command("", argv[1], true);
}
