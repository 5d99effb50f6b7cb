/* test_cpus.c — the CPU quota of the process's cgroup as the command reads
 * it (src/cli/cpus.c, cli_cgroup_cpus_at): cgroup v2 and v1 lists and
 * files, laid out in a temporary directory. */
#define _GNU_SOURCE 1   /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli.h"

typedef struct tree {
    char dir[64];    /* the temporary directory */
    char list[128];  /* dir/cgroup: the /proc/self/cgroup stand-in */
    char root[128];  /* dir/fs: the /sys/fs/cgroup stand-in */
} tree;

/* path (under root, made with its directories) holding text */
static void put(const tree *t, const char *path, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", t->root, path);
    for (char *s = p + strlen(t->root) + 1; (s = strchr(s, '/')) != NULL; s++) {
        *s = '\0';
        (void)mkdir(p, 0700);
        *s = '/';
    }
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void list(const tree *t, const char *text)
{
    FILE *f = fopen(t->list, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int setup(void **state)
{
    tree *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    strcpy(t->dir, "/tmp/flagrule-cpus.XXXXXX");
    if (!mkdtemp(t->dir))
        return -1;
    snprintf(t->list, sizeof t->list, "%s/cgroup", t->dir);
    snprintf(t->root, sizeof t->root, "%s/fs", t->dir);
    (void)mkdir(t->root, 0700);
    *state = t;
    return 0;
}

static int teardown(void **state)
{
    tree *t = *state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->dir);
    int rc = system(cmd);
    free(t);
    return rc == 0 ? 0 : -1;
}

static long cpus(const tree *t)
{
    return cli_cgroup_cpus_at(t->list, t->root);
}

static void test_v2(void **state)
{
    tree *t = *state;
    list(t, "0::/kubepods/pod1/c1\n");
    put(t, "kubepods/pod1/c1/cpu.max", "150000 100000\n");
    assert_int_equal(cpus(t), 2);   /* 1.5 CPUs: rounded up */
    put(t, "kubepods/pod1/c1/cpu.max", "100000 100000\n");
    assert_int_equal(cpus(t), 1);
    put(t, "kubepods/pod1/c1/cpu.max", "max 100000\n");
    assert_int_equal(cpus(t), 0);   /* no quota */
    list(t, "0::/\n");   /* a container with its own namespace */
    put(t, "cpu.max", "400000 100000\n");
    assert_int_equal(cpus(t), 4);
    list(t, "0::/nowhere\n");   /* no file */
    assert_int_equal(cpus(t), 0);
}

static void test_v1(void **state)
{
    tree *t = *state;
    list(t, "12:pids:/x\n4:cpu,cpuacct:/docker/abc\n3:cpuset:/\n");
    put(t, "cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "50000\n");
    put(t, "cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000\n");
    assert_int_equal(cpus(t), 1);
    put(t, "cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "-1\n");
    assert_int_equal(cpus(t), 0);   /* no quota */
    list(t, "2:cpuacct,cpu:/\n");   /* the root cgroup, the other order */
    put(t, "cpuacct,cpu/cpu.cfs_quota_us", "250000\n");
    put(t, "cpuacct,cpu/cpu.cfs_period_us", "100000\n");
    assert_int_equal(cpus(t), 3);
    list(t, "2:cpuacct:/\n");   /* cpuacct is not cpu */
    put(t, "cpuacct/cpu.cfs_quota_us", "100000\n");
    put(t, "cpuacct/cpu.cfs_period_us", "100000\n");
    assert_int_equal(cpus(t), 0);
    /* hybrid: v1 cpu with a quota, v2 without cpu.max */
    list(t, "1:cpu:/a\n0::/\n");
    put(t, "cpu/a/cpu.cfs_quota_us", "200000\n");
    put(t, "cpu/a/cpu.cfs_period_us", "100000\n");
    assert_int_equal(cpus(t), 2);
}

static void test_bad_lists(void **state)
{
    tree *t = *state;
    assert_int_equal(cli_cgroup_cpus_at("/nonexistent/cgroup", t->root), 0);
    list(t, "");
    assert_int_equal(cpus(t), 0);
    list(t, "garbage\n1:cpu\n:\n::\n0::relative\n1:cpu:\n");
    assert_int_equal(cpus(t), 0);
    put(t, "cpu.max", "abc\n");
    list(t, "0::/\n");
    assert_int_equal(cpus(t), 0);
    put(t, "cpu.max", "0 100000\n");   /* a zero quota is no limit we can use */
    assert_int_equal(cpus(t), 0);
    /* a line longer than the reader's buffer is skipped whole, and the
     * next line still read */
    FILE *f = fopen(t->list, "w");
    assert_non_null(f);
    fputs("5:cpu:/", f);
    for (int i = 0; i < 6000; i++)
        fputc('x', f);
    fputs("\n0::/\n", f);
    fclose(f);
    put(t, "cpu.max", "300000 100000\n");
    assert_int_equal(cpus(t), 3);
}

static void test_usable(void **state)
{
    (void)state;
    int n = cli_usable_cpus();
    assert_true(n >= 1);
    assert_true(n <= CLI_MAX_JOBS);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online >= 1)
        assert_true(n <= online);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_v2, setup, teardown),
        cmocka_unit_test_setup_teardown(test_v1, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_lists, setup, teardown),
        cmocka_unit_test(test_usable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
