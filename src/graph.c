/* graph.c — the key dependency graph and the evaluation plan.
 *
 * The graph is bipartite: a key depends on the declare rules that declare
 * it; a declare rule depends on the keys it reads at their resolved value
 * (compile.c's fr_deps: the keys it declares are read at their input value
 * inside the rule, so they are not among them).  Strongly connected
 * components are found with Tarjan's algorithm run iteratively (an explicit
 * stack: a million chained rules must not overflow the C stack).  Tarjan
 * completes a component after every component it depends on, so the order
 * in which components complete is the evaluation order; each component that
 * holds declare rules becomes a group of the plan, `cyclic` when it holds a
 * cycle (more than one node).  With lint on, each cyclic group is reported
 * as a warning naming one cycle through it, kconfig style:
 *   key dependency cycle: a -> rule r1 (f.rules:3) -> b -> rule r2 (f.rules:4) -> a
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"

#define NONE UINT32_MAX

typedef struct graph {
    const fr_ruleset *rs;
    const fr_deps    *deps;
    uint32_t          nkeys;
} graph;

/* Successors of node v: a key's declarers (rule nodes), a rule's
 * resolved reads (key nodes). */
static uint32_t nsucc(const graph *g, uint32_t v)
{
    if (v < g->nkeys)
        return g->rs->keys[v].ndeclarers;
    uint32_t r = v - g->nkeys;
    return g->deps->off[r + 1] - g->deps->off[r];
}

static uint32_t succ(const graph *g, uint32_t v, uint32_t i)
{
    if (v < g->nkeys)
        return g->nkeys + g->rs->keys[v].declarers[i];
    uint32_t r = v - g->nkeys;
    return g->deps->keys[g->deps->off[r] + i];
}

/* ---- per-key declarers and readers ------------------------------------------- */

static int key_lists(fr_ruleset *rs, uint32_t *ndecl)
{
    uint32_t nd = 0;
    for (uint32_t r = 0; r < rs->nrules; r++) {
        const fr_rule *ru = &rs->rules[r];
        if (ru->kind == FR_RULE_DECLARE) {
            nd++;
            for (uint32_t i = 0; i < ru->nitems; i++)
                rs->keys[ru->items[i].key].ndeclarers++;
        }
        for (uint32_t i = 0; i < ru->nreads; i++)
            rs->keys[ru->reads[i]].nreaders++;
    }
    *ndecl = nd;
    for (uint32_t k = 0; k < rs->nkeys; k++) {
        fr_key *key = &rs->keys[k];
        key->declarers = fr_arena_array(rs->arena, key->ndeclarers + 1, sizeof *key->declarers);
        key->readers = fr_arena_array(rs->arena, key->nreaders + 1, sizeof *key->readers);
        if (!key->declarers || !key->readers)
            return -1;
        key->ndeclarers = key->nreaders = 0;
    }
    for (uint32_t r = 0; r < rs->nrules; r++) {
        const fr_rule *ru = &rs->rules[r];
        if (ru->kind == FR_RULE_DECLARE)
            for (uint32_t i = 0; i < ru->nitems; i++) {
                fr_key *key = &rs->keys[ru->items[i].key];
                key->declarers[key->ndeclarers++] = r;
            }
        for (uint32_t i = 0; i < ru->nreads; i++) {
            fr_key *key = &rs->keys[ru->reads[i]];
            key->readers[key->nreaders++] = r;
        }
    }
    return 0;
}

/* ---- Tarjan, iteratively -------------------------------------------------------- */

typedef struct tarjan {
    uint32_t *index, *low;    /* per node; index NONE = unvisited */
    uint8_t  *onstack;
    uint32_t *stack;  uint32_t sp;
    uint32_t *cs_node, *cs_edge;  uint32_t csp;   /* the call stack */
    uint32_t  next;
    uint32_t *comp;           /* per node: its component (for the cycle search) */
    uint32_t  ncomp;
} tarjan;

/* Completed component: stack[from .. sp).  Adds its rules as a group. */
static int emit(fr_ruleset *rs, const graph *g, tarjan *t, uint32_t from)
{
    uint32_t nrules = 0, size = t->sp - from;
    for (uint32_t i = from; i < t->sp; i++) {
        uint32_t v = t->stack[i];
        t->onstack[v] = 0;
        t->comp[v] = t->ncomp;
        if (v >= g->nkeys)
            rs->plan_rules[rs->nplan_rules + nrules++] = v - g->nkeys;
    }
    t->ncomp++;
    t->sp = from;
    if (!nrules)
        return 0;
    uint32_t *first = &rs->plan_rules[rs->nplan_rules];
    /* rule order inside a group (shell sort: no callback, no recursion) */
    for (uint32_t gap = nrules / 2; gap > 0; gap /= 2)
        for (uint32_t i = gap; i < nrules; i++) {
            uint32_t x = first[i], j = i;
            while (j >= gap && first[j - gap] > x) {
                first[j] = first[j - gap];
                j -= gap;
            }
            first[j] = x;
        }
    fr_group *gr = &rs->groups[rs->ngroups++];
    gr->first = rs->nplan_rules;
    gr->n = nrules;
    gr->cyclic = size > 1;
    rs->nplan_rules += nrules;
    return 0;
}

static int strongconnect(fr_ruleset *rs, const graph *g, tarjan *t, uint32_t root)
{
    t->csp = 0;
    t->cs_node[t->csp] = root;
    t->cs_edge[t->csp++] = 0;
    t->index[root] = t->low[root] = t->next++;
    t->stack[t->sp++] = root;
    t->onstack[root] = 1;
    while (t->csp) {
        uint32_t v = t->cs_node[t->csp - 1];
        uint32_t *ei = &t->cs_edge[t->csp - 1];
        if (*ei < nsucc(g, v)) {
            uint32_t w = succ(g, v, (*ei)++);
            if (t->index[w] == NONE) {
                t->index[w] = t->low[w] = t->next++;
                t->stack[t->sp++] = w;
                t->onstack[w] = 1;
                t->cs_node[t->csp] = w;
                t->cs_edge[t->csp++] = 0;
            } else if (t->onstack[w] && t->index[w] < t->low[v]) {
                t->low[v] = t->index[w];
            }
            continue;
        }
        /* v is done */
        t->csp--;
        if (t->csp) {
            uint32_t u = t->cs_node[t->csp - 1];
            if (t->low[v] < t->low[u])
                t->low[u] = t->low[v];
        }
        if (t->low[v] == t->index[v]) {
            uint32_t from = t->sp;
            while (from > 0 && t->stack[from - 1] != v)
                from--;
            from--;   /* v itself */
            if (emit(rs, g, t, from) < 0)
                return -1;
        }
    }
    return 0;
}

/* ---- the cycle report (lint) ------------------------------------------------------- */

static void where(const fr_ruleset *rs, uint32_t r, char *buf, size_t n)
{
    fr_loc l = fr_sources_loc(rs->sources, rs->rules[r].loc);
    snprintf(buf, n, "%s:%u", l.file ? l.file : "?", l.line);
}

/* A shortest cycle through rule node `start` inside its component, by BFS.
 * Returns the path length (nodes) written to path[], or 0. */
static uint32_t find_cycle(const graph *g, const tarjan *t, uint32_t start, uint32_t *prev, uint32_t *queue,
                           uint32_t *path)
{
    uint32_t comp = t->comp[start], qh = 0, qt = 0, found = NONE;
    queue[qt++] = start;
    prev[start] = start;
    while (qh < qt && found == NONE) {
        uint32_t v = queue[qh++];
        for (uint32_t i = 0; i < nsucc(g, v); i++) {
            uint32_t w = succ(g, v, i);
            if (t->comp[w] != comp)
                continue;
            if (w == start) {
                found = v;
                break;
            }
            if (prev[w] == NONE) {
                prev[w] = v;
                queue[qt++] = w;
            }
        }
    }
    uint32_t n = 0;
    if (found != NONE) {
        for (uint32_t v = found; v != start; v = prev[v])
            path[n++] = v;
        path[n++] = start;
        /* reverse: start first */
        for (uint32_t i = 0; i < n / 2; i++) {
            uint32_t x = path[i];
            path[i] = path[n - 1 - i];
            path[n - 1 - i] = x;
        }
    }
    for (uint32_t i = 0; i < qt; i++)
        prev[queue[i]] = NONE;
    return n;
}

static void sb_append(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    if (!*buf)
        return;
    if (*len + n + 1 > *cap) {
        size_t nc = (*len + n + 1) * 2;
        char *nb = realloc(*buf, nc);
        if (!nb) {
            free(*buf);
            *buf = NULL;
            return;
        }
        *buf = nb;
        *cap = nc;
    }
    memcpy(*buf + *len, s, n + 1);
    *len += n;
}

static int report_cycles(const fr_ruleset *rs, const graph *g, const tarjan *t, fr_errsink *sink)
{
    uint32_t nnodes = g->nkeys + rs->nrules;
    uint32_t *prev = malloc((size_t)nnodes * sizeof *prev);
    uint32_t *queue = malloc((size_t)nnodes * sizeof *queue);
    uint32_t *path = malloc((size_t)(nnodes + 1) * sizeof *path);
    if (!prev || !queue || !path) {
        free(prev);
        free(queue);
        free(path);
        return -1;
    }
    memset(prev, 0xff, (size_t)nnodes * sizeof *prev);
    for (uint32_t gi = 0; gi < rs->ngroups && !sink->stopped; gi++) {
        const fr_group *gr = &rs->groups[gi];
        if (!gr->cyclic)
            continue;
        uint32_t r0 = rs->plan_rules[gr->first];
        uint32_t n = find_cycle(g, t, g->nkeys + r0, prev, queue, path);
        if (n < 2)
            continue;
        /* path: r0, k1, r1, k2, ..., k_last; print from k_last */
        size_t len = 0, cap = 256;
        char *msg = malloc(cap), tmp[1200];
        if (!msg)
            goto oom;
        msg[0] = '\0';
        sb_append(&msg, &len, &cap, "key dependency cycle: ");
        sb_append(&msg, &len, &cap, rs->keys[path[n - 1]].name);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t v = path[i];
            if (v >= g->nkeys) {
                char w[1024];
                where(rs, v - g->nkeys, w, sizeof w);
                snprintf(tmp, sizeof tmp, " -> rule %s (%s)", rs->rules[v - g->nkeys].name, w);
            } else {
                snprintf(tmp, sizeof tmp, " -> %s", rs->keys[v].name);
            }
            sb_append(&msg, &len, &cap, tmp);
        }
        if (!msg)
            goto oom;
        fr_diag *d = fr_report(sink, FR_SEV_WARNING, rs->rules[r0].name_loc, "%s", msg);
        free(msg);
        for (uint32_t i = 0; d && i < n; i += 2) {
            uint32_t r = path[i] - g->nkeys;
            uint32_t declared = path[(i + n - 1) % n], read = path[(i + 1) % n];
            fr_report_note(sink, d, rs->rules[r].name_loc, "rule %s declares %s and reads %s",
                           rs->rules[r].name, rs->keys[declared].name, rs->keys[read].name);
        }
        if (d)
            fr_report_hint(sink, d, "the rules of a cycle are iterated to a fixed point; a state that "
                                    "repeats is reported as an oscillation");
    }
    free(prev);
    free(queue);
    free(path);
    return 0;
oom:
    free(prev);
    free(queue);
    free(path);
    return -1;
}

/* ---- the plan -------------------------------------------------------------------------- */

int fr_graph_build(fr_ruleset *rs, const fr_deps *deps, fr_errsink *sink, bool lint)
{
    uint32_t ndecl;
    if (key_lists(rs, &ndecl) < 0)
        return -1;
    rs->check_rules = fr_arena_array(rs->arena, rs->nrules - ndecl + 1, sizeof *rs->check_rules);
    rs->plan_rules = fr_arena_array(rs->arena, ndecl + 1, sizeof *rs->plan_rules);
    rs->groups = fr_arena_array(rs->arena, ndecl + 1, sizeof *rs->groups);
    if (!rs->check_rules || !rs->plan_rules || !rs->groups)
        return -1;
    for (uint32_t r = 0; r < rs->nrules; r++)
        if (rs->rules[r].kind != FR_RULE_DECLARE)
            rs->check_rules[rs->ncheck_rules++] = r;
    if (!ndecl)
        return 0;

    graph g = { rs, deps, rs->nkeys };
    size_t nnodes = (size_t)rs->nkeys + rs->nrules;
    tarjan t;
    memset(&t, 0, sizeof t);
    t.index = malloc(nnodes * sizeof *t.index);
    t.low = malloc(nnodes * sizeof *t.low);
    t.onstack = calloc(nnodes, 1);
    t.stack = malloc(nnodes * sizeof *t.stack);
    t.cs_node = malloc(nnodes * sizeof *t.cs_node);
    t.cs_edge = malloc(nnodes * sizeof *t.cs_edge);
    t.comp = malloc(nnodes * sizeof *t.comp);
    int rc = -1;
    if (!t.index || !t.low || !t.onstack || !t.stack || !t.cs_node || !t.cs_edge || !t.comp)
        goto out;
    memset(t.index, 0xff, nnodes * sizeof *t.index);
    memset(t.comp, 0xff, nnodes * sizeof *t.comp);
    for (uint32_t r = 0; r < rs->nrules; r++) {
        uint32_t v = rs->nkeys + r;
        if (rs->rules[r].kind == FR_RULE_DECLARE && t.index[v] == NONE && strongconnect(rs, &g, &t, v) < 0)
            goto out;
    }
    rc = 0;
    if (lint)
        rc = report_cycles(rs, &g, &t, sink);
out:
    free(t.index);
    free(t.low);
    free(t.onstack);
    free(t.stack);
    free(t.cs_node);
    free(t.cs_edge);
    free(t.comp);
    return rc;
}
