/* runtime — run a command and measure it as a whole process.
 *
 *   runtime [-n N] [-i IN] [-o OUT] [-s] -- CMD [ARGS...]
 *
 * Runs CMD N times (default 1), one after the other, with stdin from IN
 * (default /dev/null) and stdout to OUT (default /dev/null; stderr is kept).
 * -s starts it with posix_spawn() (clone(CLONE_VM|CLONE_VFORK) in glibc:
 * no copy of this process's page tables) instead of fork() + exec; the
 * default is fork(), as in every bench/RESULTS.md so far.
 * For each run prints one line on its own stdout:
 *
 *     WALL_S USER_S SYS_S MAXRSS_KB STATUS
 *
 * WALL_S is the wall time from just before fork() (or posix_spawn()) to the return of wait4()
 * (CLOCK_MONOTONIC): process creation, exec, dynamic loading, the work, exit.
 * USER_S/SYS_S/MAXRSS_KB come from wait4()'s rusage (ru_maxrss is what
 * /usr/bin/time -v reports as "Maximum resident set size").  STATUS is the
 * exit status, or 128+signal.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double tv(struct timeval t)
{
    return (double)t.tv_sec + (double)t.tv_usec * 1e-6;
}

int main(int argc, char **argv)
{
    const char *in = "/dev/null", *out = "/dev/null";
    long n = 1;
    int i = 1, spawn = 0;
    for (; i < argc; i++) {
        if (!strcmp(argv[i], "--")) {
            i++;
            break;
        } else if (!strcmp(argv[i], "-n") && i + 1 < argc)
            n = strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-i") && i + 1 < argc)
            in = argv[++i];
        else if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "-s"))
            spawn = 1;
        else
            break;
    }
    if (i >= argc || n < 1) {
        fprintf(stderr, "usage: runtime [-n N] [-i IN] [-o OUT] [-s] -- CMD [ARGS...]\n");
        return 2;
    }
    char **cmd = argv + i;
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (long r = 0; r < n; r++) {
        int fi = open(in, O_RDONLY), fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fi < 0 || fo < 0) {
            perror("runtime: open");
            return 2;
        }
        pid_t pid;
        double t0;
        if (spawn) {
            posix_spawn_file_actions_t fa;
            if (posix_spawn_file_actions_init(&fa) != 0
                || posix_spawn_file_actions_adddup2(&fa, fi, 0) != 0
                || posix_spawn_file_actions_adddup2(&fa, fo, 1) != 0
                || posix_spawn_file_actions_addclose(&fa, fi) != 0
                || posix_spawn_file_actions_addclose(&fa, fo) != 0) {
                fprintf(stderr, "runtime: posix_spawn_file_actions failed\n");
                return 2;
            }
            t0 = now();
            int e = posix_spawnp(&pid, cmd[0], &fa, NULL, cmd, environ);
            posix_spawn_file_actions_destroy(&fa);
            if (e != 0) {
                fprintf(stderr, "runtime: %s: %s\n", cmd[0], strerror(e));
                return 2;
            }
        } else if (t0 = now(), (pid = fork()) < 0) {
            perror("runtime: fork");
            return 2;
        } else if (pid == 0) {
            dup2(fi, 0);
            dup2(fo, 1);
            close(fi);
            close(fo);
            execvp(cmd[0], cmd);
            perror(cmd[0]);
            _exit(127);
        }
        int st;
        struct rusage ru;
        if (wait4(pid, &st, 0, &ru) < 0) {
            perror("runtime: wait4");
            return 2;
        }
        double t1 = now();
        close(fi);
        close(fo);
        int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        printf("%.6f %.6f %.6f %ld %d\n", t1 - t0, tv(ru.ru_utime), tv(ru.ru_stime), ru.ru_maxrss, code);
    }
    return 0;
}
