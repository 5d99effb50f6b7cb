/* oom.c — out of memory in the library: every allocation the library makes
 * fails in turn, and every call must then return its error value (NULL /
 * FR_ENOMEM), leave the objects freeable, and never return a wrong answer.
 *
 * The library's calls to malloc, calloc, realloc, strdup and strndup are
 * redirected here at link time (-Wl,--wrap=..., see local.mk; this works
 * because libflagrule is linked statically into the test).  Allocations
 * inside PCRE2 and libc (fopen, getline) are not injected.
 *
 * A scenario (compile the shipped rules, evaluate configs, explain, run the
 * rules' tests, dump the IR) runs once with no failure to record the
 * answers, then again with allocation number N failing (and, in "sticky"
 * mode, every allocation after it), for N = 1, 2, ... (sampled when there
 * are many).  Each call either succeeds with exactly the recorded answer or
 * reports out of memory.  Under ASan the leak check at exit covers the
 * failure paths.
 *
 *   oom [RULES_DIR]       exit 0 pass, 1 fail, 77 skip (allocations not wrapped)
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "flagrule.h"
#include "../fuzz/fuzz.h"

#ifndef FR_SRCDIR
#define FR_SRCDIR "."
#endif

/* ---- the failing allocator ---------------------------------------------- */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static int armed;              /* only inside library calls */
static unsigned long count;    /* allocations seen while armed */
static unsigned long fail_at;  /* 0: never */
static int sticky;             /* fail every allocation from fail_at on */
static unsigned long failed;   /* failures injected in this run */

static int should_fail(void)
{
    if (!armed)
        return 0;
    count++;
    if (fail_at && (count == fail_at || (sticky && count > fail_at))) {
        failed++;
        errno = ENOMEM;
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t n) { return should_fail() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t m) { return should_fail() ? NULL : __real_calloc(n, m); }
void *__wrap_realloc(void *p, size_t n) { return should_fail() ? NULL : __real_realloc(p, n); }
char *__wrap_strdup(const char *s) { return should_fail() ? NULL : __real_strdup(s); }
char *__wrap_strndup(const char *s, size_t n) { return should_fail() ? NULL : __real_strndup(s, n); }

#define API(x) (armed = 1, (x)); armed = 0

/* ---- the scenario -------------------------------------------------------- */
static const char *const CONFIGS[] = {
    "",
    "--moe-a2a-backend pplx --deepep-mode normal",
    "--moe-a2a-backend pplx --enable-dp-attention --dp-size 2 --tp-size 2",
    "--enable-waterfill --moe-a2a-backend mori",
    "--tp-sise 8",
    "SGLANG_X=1 python -m sglang.launch_server --tp 8 --moe-a2a-backend deepep --deepep-mode low_latency",
    "--moe-a2a-backend 'deepep_v2' --moe-runner-backend triton",
};
#define NCONFIGS (sizeof CONFIGS / sizeof CONFIGS[0])

typedef struct answers {
    fz_str environ_result;      /* CONFIGS[2] with the process environment on */
    fz_str compile;             /* "ok" or the rc */
    fz_str dump;
    fz_str results[NCONFIGS];
    fz_str explain;
    fz_str tests;
} answers;

static const char *rules_dir;
static int problems;
static unsigned long quiet;   /* in a child: print details only while few runs were bad */

static void problem(unsigned long at, const char *fmt, const char *what)
{
    if (problems++ < 2 && !quiet)
        fprintf(stderr, "oom: allocation %lu%s failing: %s %s\n", at, sticky ? "+" : "",
                fmt, what);
}

/* Compares a recorded answer with this run's (when the call succeeded). */
static void same(unsigned long at, const fz_str *want, const fz_str *got, const char *what)
{
    if (want->len != got->len || memcmp(want->p, got->p, want->len) != 0) {
        problem(at, "a call succeeded with a different answer:", what);
        if (problems <= 1 && !quiet)
            fprintf(stderr, "--- expected\n%s--- got\n%s---\n", want->p ? want->p : "",
                    got->p ? got->p : "");
    }
}

static void scenario(answers *rec, answers *ref, unsigned long at)
{
    fr_compiler *c = API(fr_compiler_new());
    if (!c)
        return;
    fr_rc rc = API(fr_compiler_add_path(c, rules_dir));
    if (rc != FR_OK) {
        if (rc != FR_ENOMEM && ref)
            problem(at, "fr_compiler_add_path did not report FR_ENOMEM", "");
        fr_compiler_free(&c);
        return;
    }
    rc = FR_EINVAL;
    fr_ruleset *rs = API(fr_compile(c, &rc));
    if (!rs) {
        if (!ref) {
            fprintf(stderr, "oom: the rules do not compile without failures (rc %d)\n", (int)rc);
            exit(99);
        }
        if (rc != FR_ENOMEM) {
            char b[64];
            snprintf(b, sizeof b, "rc %d", (int)rc);
            problem(at, "fr_compile failed without FR_ENOMEM:", b);
        }
        fr_compiler_free(&c);
        return;
    }
    fr_compiler_free(&c);

    char *dump = API(fr_ruleset_dump(rs));
    if (dump) {
        fz_str got = { 0 };
        fz_puts(&got, dump);
        if (ref)
            same(at, &ref->dump, &got, "fr_ruleset_dump");
        else
            rec->dump = got, got.p = NULL;
        fz_str_free(&got);
        free(dump);
    }

    fr_eval *ev = API(fr_eval_new(rs));
    if (ev) {
        for (size_t i = 0; i < NCONFIGS; i++) {
            const fr_result *r = API(fr_eval_line(ev, CONFIGS[i], strlen(CONFIGS[i])));
            if (!r)
                continue;
            fz_str got = { 0 };
            fz_result_check(rs, r, &got);
            if (ref)
                same(at, &ref->results[i], &got, CONFIGS[i]);
            else
                rec->results[i] = got, got.p = NULL;
            fz_str_free(&got);
        }
        /* explain refers to the last successful result; only compare when
         * every evaluation succeeded. */
        const fr_result *r = API(fr_eval_line(ev, CONFIGS[2], strlen(CONFIGS[2])));
        if (r) {
            long k = fr_ruleset_find_key(rs, "deepep_mode");
            char *t = NULL;
            if (k >= 0) {
                t = API(fr_explain_key(ev, (size_t)k));
            }
            if (t) {
                fz_str got = { 0 };
                fz_puts(&got, t);
                if (ref)
                    same(at, &ref->explain, &got, "fr_explain_key");
                else
                    rec->explain = got, got.p = NULL;
                fz_str_free(&got);
                free(t);
            }
        }
        fr_eval_free(&ev);
    }

    /* The process environment: SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK
     * (set by main) decides whether CONFIGS[2] has an error.  A snapshot
     * that fails must not silently evaluate without it. */
    ev = API(fr_eval_new(rs));
    if (ev) {
        API(fr_eval_set_use_environ(ev, true));
        const fr_result *r = API(fr_eval_line(ev, CONFIGS[2], strlen(CONFIGS[2])));
        if (r) {
            fz_str got = { 0 };
            fz_result_check(rs, r, &got);
            if (ref)
                same(at, &ref->environ_result, &got, "fr_eval_set_use_environ + fr_eval_line");
            else
                rec->environ_result = got, got.p = NULL;
            fz_str_free(&got);
        }
        fr_eval_free(&ev);
    }

    fr_test_report rep = { 0 };
    rc = API(fr_run_tests(rs, &rep));
    if (rc == FR_OK) {
        fz_str got = { 0 };
        fz_putu(&got, rep.passed);
        fz_puts(&got, " passed, ");
        fz_putu(&got, rep.failed);
        fz_puts(&got, " failed\n");
        if (rep.text)
            fz_puts(&got, rep.text);
        if (ref)
            same(at, &ref->tests, &got, "fr_run_tests");
        else
            rec->tests = got, got.p = NULL;
        fz_str_free(&got);
    } else if (rc != FR_ENOMEM) {
        problem(at, "fr_run_tests failed without FR_ENOMEM", "");
    }
    free(rep.text);
    fr_ruleset_free(&rs);
}

static void answers_free(answers *a)
{
    fz_str_free(&a->environ_result);
    fz_str_free(&a->compile);
    fz_str_free(&a->dump);
    for (size_t i = 0; i < NCONFIGS; i++)
        fz_str_free(&a->results[i]);
    fz_str_free(&a->explain);
    fz_str_free(&a->tests);
}

int main(int argc, char **argv)
{
    rules_dir = argc > 1 ? argv[1] : FR_SRCDIR "/rules.d/sglang";
    const char *maxruns = getenv("OOM_MAX_RUNS");
    unsigned long max_runs = maxruns ? strtoul(maxruns, NULL, 10) : 1500;

    setenv("SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK", "1000000", 1);
    answers ref;
    memset(&ref, 0, sizeof ref);
    count = 0;
    fail_at = 0;
    scenario(&ref, NULL, 0);
    unsigned long total = count;
    if (total == 0) {
        printf("SKIP: the library's allocations are not wrapped (shared library?)\n");
        return 77;
    }
    printf("# the scenario makes %lu allocations in the library\n", total);

    /* Each run in a child process, so that a crash, an exit() inside the
     * library or a leak (LeakSanitizer exits 23) at one failure point is
     * reported and does not hide the others. */
    unsigned long stride = total / max_runs + 1, runs = 0, bad = 0;
    unsigned long nexit = 0, nsignal = 0, nleak = 0, ncontract = 0;
    for (int mode = 0; mode < 2; mode++) {
        for (unsigned long at = 1; at <= total; at += (at < 200 ? 1 : stride)) {
            fflush(NULL);
            pid_t pid = fork();
            if (pid < 0) {
                perror("oom: fork");
                return 99;
            }
            if (pid == 0) {
                quiet = bad >= 10;
                sticky = mode;
                count = 0;
                failed = 0;
                fail_at = at;
                scenario(NULL, &ref, at);
                fail_at = 0;
                answers_free(&ref);
                exit(problems ? 1 : 0);
            }
            int st = 0;
            if (waitpid(pid, &st, 0) < 0) {
                perror("oom: waitpid");
                return 99;
            }
            runs++;
            if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
                continue;
            bad++;
            const char *what;
            if (WIFSIGNALED(st)) {
                nsignal++;
                what = "killed by a signal (crash)";
            } else if (WEXITSTATUS(st) == 1) {
                ncontract++;
                what = "a broken contract (above)";
            } else if (WEXITSTATUS(st) == 23) {
                nleak++;
                what = "a leak (LeakSanitizer, above)";
            } else {
                nexit++;
                what = "the library called exit()";
            }
            if (bad <= 30)
                printf("FAIL: allocation %lu%s failing: %s (status 0x%x)\n", at, mode ? "+" : "",
                       what, (unsigned)st);
        }
    }
    printf("# %lu runs with an injected failure: %lu bad (%lu broken contracts, %lu exit() in the "
           "library, %lu crashes, %lu leaks)\n", runs, bad, ncontract, nexit, nsignal, nleak);
    if (bad)
        problems = (int)bad;
    fail_at = 0;
    answers_free(&ref);
    if (problems) {
        printf("FAIL: %d failure points not handled (details above and on stderr)\n", problems);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
