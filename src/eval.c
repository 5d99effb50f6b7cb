/* eval.c — fixed-point resolution and judging on the IR (work in progress). */
#include "config.h"

#include "eval.h"

int fr_eval_index_build(fr_ruleset *rs)
{
    (void)rs;
    return 0;
}
