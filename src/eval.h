/* eval.h — internal side of the evaluator (eval.c). */
#ifndef FR_EVAL_H
#define FR_EVAL_H
#include "ir.h"

/* Builds the evaluator's indexes in a freshly compiled ruleset (for
 * instance the guard index that lets a config skip rules that cannot fire).
 * Called by fr_compile() as its last step, after graph.c built the plan.
 * Returns 0, or -1 when out of memory. */
int fr_eval_index_build(fr_ruleset *rs);
#endif
