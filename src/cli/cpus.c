/* cpus.c — the CPUs the command may use: `check -j auto`, the threads of a
 * long stream without -j (cmd_check.c), doc's searches (cmd_doc.c). */
#define _GNU_SOURCE 1   /* sched_getaffinity, CPU_COUNT */
#include "config.h"

#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* The number in the file at path (v2 cpu.max: "QUOTA PERIOD" or "max
 * PERIOD"; v1: one number per file): how many were read. */
static int read_longs(const char *path, long *a, long *b)
{
    FILE *g = fopen(path, "r");
    if (!g)
        return 0;
    int n = b ? fscanf(g, "%ld %ld", a, b) : fscanf(g, "%ld", a);
    fclose(g);
    return n < 0 ? 0 : n;
}

long cli_cgroup_cpus_at(const char *proc_cgroup, const char *root)
{
    FILE *f = fopen(proc_cgroup, "r");
    if (!f)
        return 0;
    long cpus = 0;
    char line[4096], path[4096 + 512];
    bool cut = false;   /* (the rest of a line longer than the buffer) */
    while (!cpus && fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        bool whole = len && line[len - 1] == '\n';
        bool skip = cut;
        cut = !whole && !feof(f);
        if (skip || cut)
            continue;   /* (a path longer than any we can open) */
        if (whole)
            line[len - 1] = '\0';
        /* ID:CONTROLLERS:/PATH */
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2 || c2[1] != '/')
            continue;
        *c1 = '\0';
        *c2 = '\0';
        const char *ctl = c1 + 1, *cg = c2 + 1;
        if (!strcmp(cg, "/"))
            cg = "";
        long quota = -1, period = 0;
        if (!strcmp(line, "0") && !*ctl) {   /* 0::/PATH (v2) */
            snprintf(path, sizeof path, "%s%s/cpu.max", root, cg);
            if (read_longs(path, &quota, &period) != 2)
                quota = -1;   /* ("max": no quota) */
        } else {   /* N:cpu,cpuacct:/PATH (v1) */
            bool cpu = false;
            for (const char *t = ctl; *t;) {
                size_t l = strcspn(t, ",");
                cpu |= l == 3 && !strncmp(t, "cpu", 3);
                t += l + (t[l] == ',');
            }
            if (!cpu)
                continue;
            snprintf(path, sizeof path, "%s/%s%s/cpu.cfs_quota_us", root, ctl, cg);
            if (read_longs(path, &quota, NULL) != 1)
                quota = -1;
            snprintf(path, sizeof path, "%s/%s%s/cpu.cfs_period_us", root, ctl, cg);
            if (read_longs(path, &period, NULL) != 1)
                period = 0;
        }
        if (quota > 0 && period > 0)
            cpus = quota / period + (quota % period != 0);
    }
    fclose(f);
    return cpus;
}

int cli_usable_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        long k = CPU_COUNT(&set);
        if (k > 0 && (n < 1 || k < n))
            n = k;
    }
#endif
#ifdef __linux__
    long q = cli_cgroup_cpus_at("/proc/self/cgroup", "/sys/fs/cgroup");
    if (q > 0 && (n < 1 || q < n))
        n = q;
#endif
    return n < 1 ? 1 : n > CLI_MAX_JOBS ? CLI_MAX_JOBS : (int)n;
}
