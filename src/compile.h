/* compile.h — internal interfaces of the compiler (compile.c, graph.c). */
#ifndef FR_COMPILE_H
#define FR_COMPILE_H

#include <stdbool.h>
#include <stdint.h>

#include "ast.h"
#include "ir.h"

/* The keys each rule reads at their resolved value (FR_OP_KEY nodes and
 * FR_SEG_KEY segments), as compressed rows: rule r's keys are
 * keys[off[r] .. off[r+1]), sorted and unique.  These are the dependency
 * edges of declare rules; keys read through given() or, inside a declare
 * rule, the keys it declares (read at their input value) are not in them. */
typedef struct fr_deps {
    uint32_t *off;    /* nrules + 1 */
    uint32_t *keys;
} fr_deps;

/* Whether fr_compile populates fresh memory ahead of its use on a helper
 * thread (prefault.h): -1 (the default) when the rule text is big
 * (FR_PREFAULT_MIN bytes or more), 0 never, 1 always (tests). */
#define FR_PREFAULT_MIN ((size_t)1 << 20)
void fr_compiler_set_prefault(fr_compiler *c, int mode);
/* How many helper threads this compiler has started so far (tests). */
unsigned fr_compiler_helpers(const fr_compiler *c);

/* graph.c: fills each key's declarers/readers, the evaluation plan
 * (plan_rules, groups, check_rules) and, with `lint`, reports dependency
 * cycles as warnings.  Returns 0, or -1 when out of memory. */
int fr_graph_build(fr_ruleset *rs, const fr_deps *deps, fr_errsink *sink, bool lint);

/* ir.c: builds the name hash tables of a ruleset (keys + aliases, rules)
 * and the CLI spelling hash.  Returns 0 or -1 (out of memory). */
int fr_ir_index(fr_ruleset *rs);
/* fr_ir_index in two steps: the key and spelling tables and the rule
 * table's memory (0 or -1), then filling the rule table (reads only the
 * rules' names: fr_compile runs it on its helper thread while the graph
 * is built). */
int  fr_ir_index_keys(fr_ruleset *rs);
void fr_ir_index_rules(void *rs);

/* dump.c helper: an expression in readable infix form, appended to a
 * growable buffer.  Returns 0 or -1. */
typedef struct fr_strbuf {
    char  *p;
    size_t n, cap;
    bool   oom;
} fr_strbuf;
void fr_sb_put(fr_strbuf *b, const char *s, size_t n);
void fr_sb_puts(fr_strbuf *b, const char *s);
void fr_sb_printf(fr_strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fr_dump_node(fr_strbuf *b, const fr_ruleset *rs, uint32_t node);
void fr_dump_val(fr_strbuf *b, const fr_ruleset *rs, fr_type t, fr_val v);

#endif
