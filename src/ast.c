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

ast_expr *ast_binary(fr_parse_ctx *ctx, int op, ast_expr *l, ast_expr *r, uint32_t start, uint32_t end)
{
    if (!l || !r)
        return NULL;
    unsigned d = (l->depth > r->depth ? l->depth : r->depth) + 1u;
    if (d > FR_MAX_DEPTH && l->kind == AE_BINARY && l->op == op && (op == FR_OP_OR || op == FR_OP_AND) &&
        ctx->stmt_errors == 0) {
        /* a long flat chain (a | b | c ...): each term nests one level */
        fr_diag *g = fr_report(ctx->sink, FR_SEV_ERROR, fr_ctx_span(ctx, start, end),
                               "more than %d terms joined by '%s' (each nests one level)", FR_MAX_DEPTH,
                               op == FR_OP_OR ? "|" : "&");
        fr_report_hint(ctx->sink, g, "%s", op == FR_OP_OR ? "for one key's values write 'KEY in { V1, V2, ... }'; "
                                                           "else split the rule in two"
                                                         : "split the rule in two, or group the terms with parentheses");
        ctx->stmt_errors++;
        if (ctx->sink->stopped)
            ctx->stop = true;
        return NULL;
    }
    if (!depth_ok(ctx, d, start, end))
        return NULL;
    ast_expr *e = ast_expr_new(ctx, AE_BINARY, start, end);
    if (!e)
        return NULL;
    e->op = (uint8_t)op;
    e->depth = (uint16_t)d;
    e->u.bin.l = l;
    e->u.bin.r = r;
    return e;
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
