/* replay.c — a plain main() for the fuzz harnesses: runs every input file
 * (or every file of every directory) given on the command line once through
 * LLVMFuzzerTestOneInput.  Built with any C compiler, so `make check`
 * replays the seed corpus and the regression inputs without clang.
 *
 *   replay_NAME [-t SECONDS] [-v] PATH...
 *
 * -t: per-input time limit (default 20 s; 0 = none): an input that takes
 *     longer is a hang and the run dies with SIGALRM, naming the input.
 * -v: print each input's name before running it.
 * Files whose names start with '.' and README* are skipped.  Exit status 0
 * when every input ran (a harness that finds a broken contract aborts).
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

static const char *current;
static unsigned timeout_s = 20;
static int verbose;
static size_t ninputs;

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "replay: time limit exceeded (hang?) on input ";
    ssize_t w = write(2, msg, sizeof msg - 1);
    if (current)
        w = write(2, current, strlen(current));
    w = write(2, "\n", 1);
    (void)w;
    signal(SIGALRM, SIG_DFL);
    raise(SIGALRM);
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return -1;
    }
    for (;;) {
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                return -1;
            }
            buf = nb;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        fprintf(stderr, "replay: %s: read error\n", path);
        free(buf);
        return -1;
    }
    /* An exact-size copy, so ASan sees reads past the input's end. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return -1;
    }
    memcpy(exact, buf, len);
    free(buf);
    current = path;
    if (verbose)
        fprintf(stderr, "replay: %s\n", path);
    alarm(timeout_s);
    LLVMFuzzerTestOneInput(exact, len);
    alarm(0);
    current = NULL;
    free(exact);
    ninputs++;
    return 0;
}

static int skip_name(const char *name)
{
    return name[0] == '.' || !strncmp(name, "README", 6);
}

static int run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path);
    struct dirent **ents = NULL;
    int n = scandir(path, &ents, NULL, alphasort);
    if (n < 0) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        if (!skip_name(ents[i]->d_name)) {
            size_t len = strlen(path) + strlen(ents[i]->d_name) + 2;
            char *sub = malloc(len);
            if (!sub) {
                rc = -1;
            } else {
                snprintf(sub, len, "%s/%s", path, ents[i]->d_name);
                struct stat sst;
                if (stat(sub, &sst) == 0 && S_ISREG(sst.st_mode) && run_file(sub) != 0)
                    rc = -1;
                free(sub);
            }
        }
        free(ents[i]);
    }
    free(ents);
    return rc;
}

int main(int argc, char **argv)
{
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "-t") && i + 1 < argc)
            timeout_s = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-v"))
            verbose = 1;
        else if (!strcmp(argv[i], "--"))
            { i++; break; }
        else {
            fprintf(stderr, "usage: %s [-t SECONDS] [-v] PATH...\n", argv[0]);
            return 2;
        }
    }
    if (i == argc) {
        fprintf(stderr, "usage: %s [-t SECONDS] [-v] PATH...\n", argv[0]);
        return 2;
    }
    signal(SIGALRM, on_alarm);
    LLVMFuzzerInitialize(&argc, &argv);
    int rc = 0;
    for (; i < argc; i++)
        if (run_path(argv[i]) != 0)
            rc = 1;
    fprintf(stderr, "replay: %zu inputs\n", ninputs);
    return rc;
}
