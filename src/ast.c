/* ast.c — building the syntax tree, and the error sink shared by the parser
 * and the compiler (the error cap lives here). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "ir.h"

/* ---- reporting --------------------------------------------------------------- */

fr_diag *fr_reportv(fr_errsink *sink, fr_severity sev, fr_span where, const char *fmt, va_list ap)
{
    if (sink->stopped)
        return NULL;
    if (sev == FR_SEV_ERROR && sink->max_errors && sink->nerrors >= sink->max_errors) {
        sink->stopped = true;
        fr_span none = { FR_NO_FILE, 0, 0 };
        if (!fr_diag_add(sink->diags, FR_SEV_NOTE, none, "too many errors, stopping"))
            sink->oom = true;
        return NULL;
    }
    fr_diag *g = fr_diag_addv(sink->diags, sev, where, fmt, ap);
    if (!g)
        sink->oom = true;
    else if (sev == FR_SEV_ERROR)
        sink->nerrors++;
    return g;
}

fr_diag *fr_report(fr_errsink *sink, fr_severity sev, fr_span where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fr_diag *g = fr_reportv(sink, sev, where, fmt, ap);
    va_end(ap);
    return g;
}

void fr_report_note(fr_errsink *sink, fr_diag *g, fr_span where, const char *fmt, ...)
{
    if (!g)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (!fr_diag_note_add(sink->diags, g, where, "%s", buf))
        sink->oom = true;
}

void fr_report_hint(fr_errsink *sink, fr_diag *g, const char *fmt, ...)
{
    if (!g)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (fr_diag_hint(sink->diags, g, "%s", buf) < 0)
        sink->oom = true;
}

/* ---- tree building ------------------------------------------------------------ */

fr_span fr_ctx_span(const fr_parse_ctx *ctx, uint32_t start, uint32_t end)
{
    fr_span sp = { ctx->file, start, end };
    return sp;
}

/* A node `depth` deep: an error (once per statement) past the limit. */
static bool depth_ok(fr_parse_ctx *ctx, unsigned depth, uint32_t start, uint32_t end)
{
    if (depth <= FR_MAX_DEPTH)
        return true;
    if (ctx->stmt_errors == 0)
        fr_report(ctx->sink, FR_SEV_ERROR, fr_ctx_span(ctx, start, end),
                  "expression nested too deeply (more than %d levels)", FR_MAX_DEPTH);
    ctx->stmt_errors++;
    if (ctx->sink->stopped)
        ctx->stop = true;
    return false;
}

/* A chain's terms under e (1 for a term that is not an op chain node). */
static uint32_t chain_terms(const ast_expr *e, int op)
{
    return e->kind == AE_BINARY && e->op == op ? e->nterms : 1u;
}

static ast_expr *binary_node(fr_parse_ctx *ctx, int op, ast_expr *l, ast_expr *r, uint32_t start, uint32_t end)
{
    unsigned d = (l->depth > r->depth ? l->depth : r->depth) + 1u;
    if (!depth_ok(ctx, d, start, end))
        return NULL;
    ast_expr *e = ast_expr_new(ctx, AE_BINARY, start, end);
    if (!e)
        return NULL;
    e->op = (uint8_t)op;
    e->depth = (uint16_t)d;
    e->u.bin.l = l;
    e->u.bin.r = r;
    if (op == FR_OP_AND || op == FR_OP_OR) {
        uint64_t t = (uint64_t)chain_terms(l, op) + chain_terms(r, op);
        e->nterms = t > UINT32_MAX ? UINT32_MAX : (uint32_t)t;
    }
    return e;
}

/* A chain of '&' (or '|') that the parser builds left to right nests a level
 * per term.  Past FR_CHAIN_FLAT levels the chain is kept balanced instead, as
 * a binary counter: its left spine holds blocks of terms whose sizes fall
 * from left to right, and appending a term merges the last two blocks while
 * they are the same size.  The terms keep their order (the tree's in-order),
 * and & and | are associative and evaluated left to right with short
 * circuits, so the meaning is the same; the depth grows with the log of the
 * terms, and a chain of any length compiles. */
#define FR_CHAIN_FLAT 32

ast_expr *ast_binary(fr_parse_ctx *ctx, int op, ast_expr *l, ast_expr *r, uint32_t start, uint32_t end)
{
    if (!l || !r)
        return NULL;
    if ((op != FR_OP_AND && op != FR_OP_OR) || l->kind != AE_BINARY || l->op != op || l->depth < FR_CHAIN_FLAT)
        return binary_node(ctx, op, l, r, start, end);
    /* l = (rest op block): while block and r hold as many terms, r becomes
     * (block op r) and l its rest */
    while (l->kind == AE_BINARY && l->op == op && chain_terms(l->u.bin.r, op) == chain_terms(r, op)) {
        ast_expr *block = l->u.bin.r;
        if (!(r = binary_node(ctx, op, block, r, block->pos.start, r->pos.end)))
            return NULL;
        l = l->u.bin.l;
    }
    return binary_node(ctx, op, l, r, start, end);
}

ast_expr *ast_unary(fr_parse_ctx *ctx, int op, ast_expr *l, uint32_t start, uint32_t end)
{
    if (!l)
        return NULL;
    unsigned d = l->depth + 1u;
    if (!depth_ok(ctx, d, start, end))
        return NULL;
    ast_expr *e = ast_expr_new(ctx, AE_UNARY, start, end);
    if (!e)
        return NULL;
    e->op = (uint8_t)op;
    e->depth = (uint16_t)d;
    e->u.bin.l = l;
    return e;
}

ast_stmt *ast_stmt_new(fr_parse_ctx *ctx, ast_skind kind)
{
    ast_stmt *s = ast_alloc(ctx, sizeof *s);
    if (s)
        s->kind = (uint8_t)kind;
    return s;
}

void ast_append(fr_parse_ctx *ctx, ast_stmt *s)
{
    if (!s)
        return;
    ast_file *f = ctx->out;
    if (f->last)
        f->last->next = s;
    else
        f->stmts = s;
    f->last = s;
    switch (s->kind) {
    case AS_RULE:  f->nrules++;   break;
    case AS_DECL:  f->nkeys++;    break;
    case AS_ALIAS: f->naliases++; break;
    case AS_TEST:  f->ntests++;   break;
    case AS_PROG:  f->nprogs += s->u.prog.ncli; break;
    }
}
