/* threads.c — one compiled ruleset shared by evaluators on several threads
 * (include/flagrule.h: "A ruleset is immutable once compiled and may be
 * shared by many evaluators, also across threads").
 *
 * The shipped rules are compiled once; NTHREADS threads each create their
 * own fr_eval and evaluate every config of tests/sglang/cases.txt (plus
 * explanations and the rules' test blocks) in a different order; every
 * result must equal the single-threaded reference.  To look for data races,
 * build it with -fsanitize=thread: `make tsan-threads` (tests/hostile/local.mk)
 * compiles it and the library sources with clang and runs it.
 *
 *   threads [RULES_DIR [CASES]]   exit 0 pass, 1 fail, 77 skip
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flagrule.h"
#include "../fuzz/fuzz.h"

#ifndef FR_SRCDIR
#define FR_SRCDIR "."
#endif
#define NTHREADS 4

static fr_ruleset *rs;
static char **configs;
static size_t nconfigs;
static fz_str *reference;
static int failures;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void snapshot(fr_eval *ev, size_t i, fz_str *out)
{
    const fr_result *r = fr_eval_line(ev, configs[i], strlen(configs[i]));
    if (!r)
        fz_oom();
    fz_result_check(rs, r, out);
    if (fr_ruleset_nkeys(rs)) {
        char *t = fr_explain_key(ev, i % fr_ruleset_nkeys(rs));
        if (!t)
            fz_oom();
        fz_puts(out, t);
        free(t);
    }
}

static void *worker(void *arg)
{
    size_t id = (size_t)arg;
    fr_eval *ev = fr_eval_new(rs);
    if (!ev)
        fz_oom();
    for (int pass = 0; pass < 3; pass++) {
        for (size_t j = 0; j < nconfigs; j++) {
            /* a different order in every thread and pass */
            size_t i = (j * (2 * id + 1) + (size_t)pass * 7) % nconfigs;
            fz_str got = { 0 };
            snapshot(ev, i, &got);
            if (got.len != reference[i].len || memcmp(got.p, reference[i].p, got.len)) {
                pthread_mutex_lock(&lock);
                if (failures++ < 3)
                    fprintf(stderr, "threads: thread %zu, config %zu '%s' differs:\n--- ref\n%s--- got\n%s",
                            id, i, configs[i], reference[i].p, got.p);
                pthread_mutex_unlock(&lock);
            }
            fz_str_free(&got);
        }
    }
    fr_test_report rep = { 0 };
    if (fr_run_tests(rs, &rep) != FR_OK || rep.failed) {
        pthread_mutex_lock(&lock);
        failures++;
        fprintf(stderr, "threads: thread %zu: the rules' tests: %zu failed\n%s", id, rep.failed,
                rep.text ? rep.text : "");
        pthread_mutex_unlock(&lock);
    }
    free(rep.text);
    fr_eval_free(&ev);
    return NULL;
}

static void read_cases(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("SKIP: no %s\n", path);
        exit(77);
    }
    char line[8192];
    while (fgets(line, sizeof line, f)) {
        char *arrow = NULL, *p = line;
        while ((p = strstr(p, "=>")) != NULL)
            arrow = p++;
        if (line[0] == '#' || !arrow)
            continue;
        *arrow = '\0';
        configs = realloc(configs, (nconfigs + 1) * sizeof *configs);
        if (!configs || !(configs[nconfigs] = strdup(line)))
            fz_oom();
        nconfigs++;
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    const char *rules = argc > 1 ? argv[1] : FR_SRCDIR "/rules.d/sglang";
    read_cases(argc > 2 ? argv[2] : FR_SRCDIR "/tests/sglang/cases.txt");
    fr_compiler *c = fr_compiler_new();
    if (!c)
        fz_oom();
    fr_compiler_add_path(c, rules);
    fr_rc rc;
    rs = fr_compile(c, &rc);
    fr_compiler_free(&c);
    if (!rs) {
        printf("threads: the rules do not compile (rc %d)\n", (int)rc);
        return 99;
    }
    reference = calloc(nconfigs, sizeof *reference);
    fr_eval *ev = fr_eval_new(rs);
    if (!reference || !ev)
        fz_oom();
    for (size_t i = 0; i < nconfigs; i++)
        snapshot(ev, i, &reference[i]);
    fr_eval_free(&ev);

    pthread_t t[NTHREADS];
    for (size_t i = 0; i < NTHREADS; i++)
        if (pthread_create(&t[i], NULL, worker, (void *)i) != 0) {
            printf("threads: pthread_create failed\n");
            return 99;
        }
    for (size_t i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);

    for (size_t i = 0; i < nconfigs; i++) {
        fz_str_free(&reference[i]);
        free(configs[i]);
    }
    free(reference);
    free(configs);
    fr_ruleset_free(&rs);
    printf("%zu configs x %d threads x 3 passes: %d differences\n", nconfigs, NTHREADS, failures);
    return failures ? 1 : 0;
}
