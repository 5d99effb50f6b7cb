/* parser.y — the grammar of the rule language (HACKING.md "The language").
 *
 * A pure parser (%define api.pure full) with byte-offset locations (ast_pos)
 * and one context struct (fr_parse_ctx) as its parameter; no globals.  The
 * tree is allocated in the context's arena, so a discarded value owns
 * nothing: the %destructor below is empty on purpose (bison still runs it,
 * and valgrind checks the claim on the malformed inputs of tests/diag).
 *
 * Errors: a statement that fails to parse is skipped up to its `;` (test
 * cases up to their `;` or `}`, doc fields up to their `;`), so every error
 * of a file is reported, up to the compiler's cap.  Messages are written in
 * the user's words by yyreport_syntax_error() below.  A statement keyword
 * that opens a line in the middle of a statement makes the token wrapper
 * insert a virtual `;` first ("missing ';' after the rule"), so the next
 * statement is parsed normally.
 */
%code top {
#include "config.h"
}

%code requires {
#include "ast.h"
}

%code provides {
int  frl_lex(YYSTYPE *lval, YYLTYPE *lloc, void *scanner);
int  fr_lex_begin(fr_parse_ctx *ctx);
void fr_lex_end(fr_parse_ctx *ctx);
void fr_lex_skip_statement(fr_parse_ctx *ctx);
char *frl_fast_pos(fr_parse_ctx *ctx);
void frl_fast_move(fr_parse_ctx *ctx, char *q);
uint32_t frl_skip_block(fr_parse_ctx *ctx, size_t p, bool test);
}

%code {
#include <stdio.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ir.h"
#include "misspell.h"

/* (ctx->reduced: the operands of a chained comparison, for its message) */
#define YYLLOC_DEFAULT(Cur, Rhs, N)                             \
    do {                                                        \
        if (N) {                                                \
            (Cur).start = YYRHSLOC(Rhs, 1).start;               \
            (Cur).end = YYRHSLOC(Rhs, N).end;                   \
        } else {                                                \
            (Cur).start = (Cur).end = YYRHSLOC(Rhs, 0).end;     \
        }                                                       \
        ctx->reduced = (Cur);                                   \
    } while (0)

static int  yylex(YYSTYPE *lval, YYLTYPE *lloc, fr_parse_ctx *ctx);
static void yyerror(const YYLTYPE *loc, fr_parse_ctx *ctx, const char *msg);

#define SPAN(p) fr_ctx_span(ctx, (p).start, (p).end)
#define NEW(T) ((T *)ast_alloc(ctx, sizeof(T)))

static ast_str   str_cat(fr_parse_ctx *ctx, ast_str a, ast_str b);
static inline ast_expr *leaf_name(fr_parse_ctx *ctx, ast_name n);
static ast_stmt *make_rule(fr_parse_ctx *ctx, ast_stmt *s, ast_pos pos);
static void fp_stmts(fr_parse_ctx *ctx);

/* `cli ... null "WORD", ...`: the null words follow the spellings in one
 * list, each marked (a decl's ncli counts the spellings only). */
static void cli_nulls(ast_vlist **head, ast_vlist **tail, ast_vlist *nulls)
{
    if (!nulls)
        return;
    for (ast_vlist *v = nulls; v; v = v->next)
        v->is_null = 1;
    if (*tail)
        (*tail)->next = nulls;
    else
        *head = nulls;
    ast_vlist *t = nulls;
    while (t->next)
        t = t->next;
    *tail = t;
}
}

%define api.pure full
%define api.location.type {ast_pos}
%define parse.error custom
%locations
%expect 0
%param {fr_parse_ctx *ctx}

%union {
    ast_name      name;
    int64_t       i;
    ast_str       str;
    ast_regex    *re;
    ast_expr     *e;
    ast_set      *set;
    ast_stmt     *st;
    ast_vlist    *v;
    struct { ast_vlist *head, *tail; uint32_t n; } vl;
    struct { ast_item *head, *tail; uint32_t n; } il;
    struct { ast_msg *head, *tail; uint32_t n; } ml;
    struct { ast_expect *head, *tail; uint32_t n; } xl;
    struct { ast_case *head, *tail; uint32_t n; } cl;
    struct { ast_docfield *head, *tail; } dl;
    ast_docfield *df;
    ast_expect   *x;
    ast_case     *cs;
    ast_doc      *doc;
    ast_item     *it;
    int           k;
}

%token END 0            "end of file"
%token <name> IDENT     "name"
%token <name> NAME      "hyphenated name"
%token <i>    INT       "integer"
%token <str>  STRING    "string"
%token <re>   REGEX     "regular expression"
%token        CWORD     "test config"
%token K_FLAG "flag" K_ENV "env" K_FACT "fact" K_ALIAS "alias" K_RULE "rule"
%token K_TEST "test" K_DOC "doc" K_REQUIRE "require" K_ELSE "else"
%token K_ERROR "error" K_WARN "warn" K_INFO "info" K_DECLARE "declare"
%token K_IN "in" K_NOT "not" K_NULL "null" K_TRUE "true" K_FALSE "false"
%token K_ENUM "enum" K_GIVEN "given" K_CLI "cli"
%token EQ "==" NE "!=" LE "<=" GE ">=" ARROW "->" FATARROW "=>"

%type <name> name rname
%type <str>  str
%type <e>    cond literal
%type <set>  set members
%type <k>    keykind nullable
%type <st>   decl type alias prog rule action test
%type <name> rulehead
%type <v>    enumval spell
%type <vl>   enumvals clilist spells cli
%type <il>   items
%type <it>   item
%type <ml>   attached
%type <doc>  doc
%type <dl>   docitems
%type <df>   docitem
%type <xl>   expects
%type <x>    expect
%type <str>  help

%left '|'
%left '&'
%precedence '!'
%nonassoc '=' EQ NE '<' LE '>' GE K_IN K_NOT '~'
%left '+' '-'
%left '*' '/' '%'
%precedence UMINUS

%destructor { } <*>

%%

file
    : %empty
    | file stmt
    ;

stmt
    : decl ';'          { ast_append(ctx, $1); }
    | alias ';'         { ast_append(ctx, $1); }
    | prog ';'          { ast_append(ctx, $1); }
    | rule ';'          { ast_append(ctx, make_rule(ctx, $1, @1)); }
    | rule doc          {
        /* after a doc block the ';' may be left out (a following ';' is
         * an empty statement) */
        if ($1)
            $1->u.rule.doc = $2;
        ast_append(ctx, make_rule(ctx, $1, @$));
    }
    | test              { ast_append(ctx, $1); }
    | ';'
    | error ';'         { yyerrok; }
    ;

/* ---- declarations ------------------------------------------------------- */

decl
    : keykind name ':' type nullable '=' literal cli help {
        $$ = $4;
        if ($$) {
            ast_decl *d = &$$->u.decl;
            d->keykind = (uint8_t)$1;
            d->name = $2;
            d->nullable = (uint8_t)$5;
            d->def = $7;
            d->cli = $8.head;
            d->ncli = $8.n;
            d->cli_pos = @8;
            d->has_help = @9.end > @9.start;
            d->help = $9;
        }
    }
    ;

keykind
    : K_FLAG            { $$ = FR_KEY_FLAG; }
    | K_ENV             { $$ = FR_KEY_ENV; }
    | K_FACT            { $$ = FR_KEY_FACT; }
    ;

type
    : IDENT {
        $$ = ast_stmt_new(ctx, AS_DECL);
        if ($$)
            $$->u.decl.tname = $1;
    }
    | K_ENUM '{' enumvals comma '}' {
        $$ = ast_stmt_new(ctx, AS_DECL);
        if ($$) {
            $$->u.decl.is_enum = 1;
            $$->u.decl.values = $3.head;
            $$->u.decl.nvalues = $3.n;
            $$->u.decl.enum_pos = @$;
        }
    }
    ;

comma
    : %empty
    | ','
    ;

enumvals
    : enumval           { $$.head = $$.tail = $1; $$.n = $1 ? 1 : 0; }
    | enumvals ',' enumval {
        $$ = $1;
        if ($3) {
            if ($$.tail)
                $$.tail->next = $3;
            else
                $$.head = $3;
            $$.tail = $3;
            $$.n++;
        }
    }
    ;

enumval
    : name {
        $$ = NEW(ast_vlist);
        if ($$) {
            $$->v.s = $1.s;
            $$->v.len = $1.len;
            $$->v.pos = @1;
        }
    }
    | str {
        $$ = NEW(ast_vlist);
        if ($$) {
            $$->v = $1;
            $$->is_string = 1;
        }
    }
    ;

nullable
    : %empty            { $$ = 0; }
    | '?'               { $$ = 1; }
    ;

cli
    : %empty            { $$.head = $$.tail = NULL; $$.n = 0; }
    | K_CLI spells      { $$ = $2; }
    | K_CLI spells K_NULL clilist { $$ = $2; cli_nulls(&$$.head, &$$.tail, $4.head); }
    | K_CLI K_NULL clilist { $$.head = $$.tail = NULL; $$.n = 0; cli_nulls(&$$.head, &$$.tail, $3.head); }
    ;

/* the spellings: "--tp-size", or "--old" = VALUE (takes no value, gives
 * VALUE: argparse's store_const) */
spells
    : spell             { $$.head = $$.tail = $1; $$.n = $1 ? 1 : 0; }
    | spells ',' spell {
        $$ = $1;
        if ($3) {
            if ($$.tail)
                $$.tail->next = $3;
            else
                $$.head = $3;
            $$.tail = $3;
            $$.n++;
        }
    }
    ;

spell
    : STRING {
        $$ = NEW(ast_vlist);
        if ($$) {
            $$->v = $1;
            $$->v.pos = @1;
            $$->is_string = 1;
        }
    }
    | STRING '=' literal {
        $$ = NEW(ast_vlist);
        if ($$) {
            $$->v = $1;
            $$->v.pos = @1;
            $$->is_string = 1;
            $$->cval = $3;
        }
    }
    ;

/* null words */
clilist
    : STRING {
        ast_vlist *v = NEW(ast_vlist);
        $$.head = $$.tail = v;
        $$.n = v ? 1 : 0;
        if (v) {
            v->v = $1;
            v->v.pos = @1;
            v->is_string = 1;
        }
    }
    | clilist ',' STRING {
        $$ = $1;
        ast_vlist *v = NEW(ast_vlist);
        if (v) {
            v->v = $3;
            v->v.pos = @3;
            v->is_string = 1;
            if ($$.tail)
                $$.tail->next = v;
            else
                $$.head = v;
            $$.tail = v;
            $$.n++;
        }
    }
    ;

help
    : %empty            { memset(&$$, 0, sizeof $$); }
    | str               { $$ = $1; }
    ;

alias
    : K_ALIAS name '=' name {
        $$ = ast_stmt_new(ctx, AS_ALIAS);
        if ($$) {
            $$->u.alias.name = $2;
            $$->u.alias.target = $4;
        }
    }
    ;

/* the program's other flags: cli KIND "--a", "--b" */
prog
    : K_CLI name clilist {
        $$ = ast_stmt_new(ctx, AS_PROG);
        if ($$) {
            $$->u.prog.kind = $2;
            $$->u.prog.cli = $3.head;
            $$->u.prog.ncli = $3.n;
        }
    }
    ;

/* ---- rules ---------------------------------------------------------------- */

rule
    : rulehead cond ARROW action {
        $$ = $4;
        if ($$ && $2) {
            ast_rule *r = &$$->u.rule;
            if ($1.s) {
                r->named = 1;
                r->name = $1;
            }
            r->cond = $2;
            r->text.start = @2.start;
            r->text.end = @4.end;
            r->pos.start = $1.s ? @1.start : @2.start;
            r->pos.end = @4.end;
        } else {
            $$ = NULL;
        }
    }
    ;

rulehead
    : %empty            { memset(&$$, 0, sizeof $$); }
    | K_RULE IDENT ':'  { $$ = $2; }   /* (rname inline: one reduction less a rule) */
    | K_RULE NAME ':'   { $$ = $2; }
    ;

rname
    : IDENT
    | NAME
    ;

action
    : K_ERROR str {
        $$ = ast_stmt_new(ctx, AS_RULE);
        if ($$) { $$->u.rule.kind = FR_RULE_ERROR; $$->u.rule.msg = $2; }
    }
    | K_WARN str {
        $$ = ast_stmt_new(ctx, AS_RULE);
        if ($$) { $$->u.rule.kind = FR_RULE_WARN; $$->u.rule.msg = $2; }
    }
    | K_INFO str {
        $$ = ast_stmt_new(ctx, AS_RULE);
        if ($$) { $$->u.rule.kind = FR_RULE_INFO; $$->u.rule.msg = $2; }
    }
    | K_REQUIRE cond K_ELSE str {
        $$ = $2 ? ast_stmt_new(ctx, AS_RULE) : NULL;
        if ($$) {
            $$->u.rule.kind = FR_RULE_REQUIRE;
            $$->u.rule.req = $2;
            $$->u.rule.msg = $4;
        }
    }
    | K_DECLARE items attached {
        $$ = $2.head ? ast_stmt_new(ctx, AS_RULE) : NULL;
        if ($$) {
            $$->u.rule.kind = FR_RULE_DECLARE;
            $$->u.rule.items = $2.head;
            $$->u.rule.nitems = $2.n;
            $$->u.rule.attached = $3.head;
            $$->u.rule.nattached = $3.n;
        }
    }
    ;

items
    : item              { $$.head = $$.tail = $1; $$.n = $1 ? 1 : 0; }
    | items ',' item {
        $$ = $1;
        if (!$3 || !$$.head) {
            $$.head = NULL;   /* a broken item breaks the rule */
        } else {
            $$.tail->next = $3;
            $$.tail = $3;
            $$.n++;
        }
    }
    ;

item
    : name '=' cond {
        $$ = $3 ? NEW(ast_item) : NULL;
        if ($$) { $$->key = $1; $$->value = $3; $$->pos = @$; }
    }
    | name {
        ast_expr *v = leaf_name(ctx, $1);
        $$ = v ? NEW(ast_item) : NULL;
        if ($$) { $$->value = v; $$->pos = @$; }
    }
    | str {
        ast_expr *v = ast_expr_new(ctx, AE_STR, @1.start, @1.end);
        $$ = v ? NEW(ast_item) : NULL;
        if ($$) {
            v->u.str.s = $1.s;
            v->u.str.len = $1.len;
            $$->value = v;
            $$->pos = @$;
        }
    }
    ;

attached
    : %empty            { $$.head = $$.tail = NULL; $$.n = 0; }
    | attached K_WARN str {
        $$ = $1;
        ast_msg *m = NEW(ast_msg);
        if (m) {
            m->sev = FR_SEV_WARNING;
            m->text = $3;
            if ($$.tail) $$.tail->next = m; else $$.head = m;
            $$.tail = m;
            $$.n++;
        }
    }
    | attached K_INFO str {
        $$ = $1;
        ast_msg *m = NEW(ast_msg);
        if (m) {
            m->sev = FR_SEV_INFO;
            m->text = $3;
            if ($$.tail) $$.tail->next = m; else $$.head = m;
            $$.tail = m;
            $$.n++;
        }
    }
    ;

doc
    : K_DOC '{' docitems '}' {
        $$ = ctx->skipped_open == @2.start + 1 ? NULL : NEW(ast_doc);   /* skipped: dropped */
        if ($$) {
            $$->fields = $3.head;
            $$->pos = @$;
        }
    }
    ;

docitems
    : docitem           { $$.head = $$.tail = $1; ctx->item_error = false; }
    | docitems ';' docitem {
        if (!ctx->item_error || yychar == YYEMPTY || yylloc.start != ctx->err_at)
            yyerrok;   /* see cases */
        ctx->item_error = false;
        $$ = $1;
        if ($3) {
            if ($$.tail) $$.tail->next = $3; else $$.head = $3;
            $$.tail = $3;
        }
    }
    ;

docitem
    : %empty            { $$ = NULL; }
    | IDENT str {
        $$ = NEW(ast_docfield);
        if ($$) { $$->field = $1; $$->str = $2; }
    }
    | IDENT rname {
        $$ = NEW(ast_docfield);
        if ($$) { $$->field = $1; $$->is_name = 1; $$->name = $2; }
    }
    | error             { $$ = NULL; ctx->item_error = true; }
    ;

/* ---- conditions and expressions --------------------------------------------- */

/* One nonterminal with precedences, loosest first: '|', '&', '!',
 * comparisons (non-associative), '+ -', '* / %', unary '-'.  (A chain of
 * one nonterminal per level would cost seven unit reductions per operand.) */
cond
    : cond '|' cond     { $$ = ast_binary(ctx, FR_OP_OR, $1, $3, @$.start, @$.end); }
    | cond '&' cond     { $$ = ast_binary(ctx, FR_OP_AND, $1, $3, @$.start, @$.end); }
    | '!' cond          { $$ = ast_unary(ctx, FR_OP_NOT, $2, @$.start, @$.end); }
    | cond '=' cond     { $$ = ast_binary(ctx, FR_OP_EQ, $1, $3, @$.start, @$.end); }
    | cond EQ cond      { $$ = ast_binary(ctx, FR_OP_EQ, $1, $3, @$.start, @$.end); }
    | cond NE cond      { $$ = ast_binary(ctx, FR_OP_NE, $1, $3, @$.start, @$.end); }
    | cond '<' cond     { $$ = ast_binary(ctx, FR_OP_LT, $1, $3, @$.start, @$.end); }
    | cond LE cond      { $$ = ast_binary(ctx, FR_OP_LE, $1, $3, @$.start, @$.end); }
    | cond '>' cond     { $$ = ast_binary(ctx, FR_OP_GT, $1, $3, @$.start, @$.end); }
    | cond GE cond      { $$ = ast_binary(ctx, FR_OP_GE, $1, $3, @$.start, @$.end); }
    | cond K_IN set {
        $$ = ast_unary(ctx, FR_OP_IN, $1, @$.start, @$.end);
        if ($$) { $$->kind = AE_IN; $$->u.in.set = $3; }
        if (!$3) $$ = NULL;
    }
    | cond K_NOT K_IN set {
        $$ = ast_unary(ctx, FR_OP_NOTIN, $1, @$.start, @$.end);
        if ($$) { $$->kind = AE_IN; $$->u.in.set = $4; }
        if (!$4) $$ = NULL;
    }
    | cond '~' REGEX {
        $$ = ast_unary(ctx, FR_OP_MATCH, $1, @$.start, @$.end);
        if ($$) { $$->kind = AE_MATCH; $$->u.match.re = $3; }
        if (!$3) $$ = NULL;
    }
    | cond '+' cond     { $$ = ast_binary(ctx, FR_OP_ADD, $1, $3, @$.start, @$.end); }
    | cond '-' cond     { $$ = ast_binary(ctx, FR_OP_SUB, $1, $3, @$.start, @$.end); }
    | cond '*' cond     { $$ = ast_binary(ctx, FR_OP_MUL, $1, $3, @$.start, @$.end); }
    | cond '/' cond     { $$ = ast_binary(ctx, FR_OP_DIV, $1, $3, @$.start, @$.end); }
    | cond '%' cond     { $$ = ast_binary(ctx, FR_OP_MOD, $1, $3, @$.start, @$.end); }
    | '-' cond %prec UMINUS { $$ = ast_unary(ctx, FR_OP_NEG, $2, @$.start, @$.end); }
    /* the atoms, here rather than in a nonterminal of their own: a unit
     * reduction (name -> atom -> cond) costs bison a full reduce step */
    | IDENT             { $$ = leaf_name(ctx, $1); }
    | NAME              { $$ = leaf_name(ctx, $1); }
    | K_GIVEN '(' name ')' {
        $$ = ast_expr_new(ctx, AE_GIVEN, @$.start, @$.end);
        if ($$) { $$->u.given.name = $3.s; $$->u.given.npos = @3; $$->op = $3.hyphen; }
    }
    | INT {
        $$ = ast_expr_new(ctx, AE_INT, @$.start, @$.end);
        if ($$) { $$->u.i = $1; $$->op = $1 == INT64_MIN; }   /* (2^63: only after '-') */
    }
    | str {
        $$ = ast_expr_new(ctx, AE_STR, @$.start, @$.end);
        if ($$) { $$->u.str.s = $1.s; $$->u.str.len = $1.len; }
    }
    | K_TRUE            { $$ = ast_expr_new(ctx, AE_TRUE, @$.start, @$.end); }
    | K_FALSE           { $$ = ast_expr_new(ctx, AE_FALSE, @$.start, @$.end); }
    | K_NULL            { $$ = ast_expr_new(ctx, AE_NULL, @$.start, @$.end); }
    | '(' cond ')' {
        $$ = $2;
        if ($$) $$->pos = @$;
        /* (2^63 in parentheses: no '-' before them makes it an int) */
        if ($$ && $$->kind == AE_INT && $$->op == 1) $$->op = 2;
    }
    ;

set
    : '{' members comma '}' { $$ = $2; if ($$) $$->pos = @$; }
    | '{' '}' {
        $$ = NEW(ast_set);
        if ($$) $$->pos = @$;
    }
    ;

members
    : literal {
        $$ = NEW(ast_set);
        ast_elist *l = NEW(ast_elist);
        if (!$$ || !l || !$1) {
            $$ = NULL;
        } else {
            l->e = $1;
            $$->head = $$->tail = l;
            $$->n = 1;
        }
    }
    | members ',' literal {
        $$ = $1;
        ast_elist *l = NEW(ast_elist);
        if (!$$ || !l || !$3) {
            $$ = NULL;
        } else {
            l->e = $3;
            $$->tail->next = l;
            $$->tail = l;
            $$->n++;
        }
    }
    ;

/* A literal value: defaults, set members, test expectations. */
literal
    : K_TRUE            { $$ = ast_expr_new(ctx, AE_TRUE, @$.start, @$.end); }
    | K_FALSE           { $$ = ast_expr_new(ctx, AE_FALSE, @$.start, @$.end); }
    | K_NULL            { $$ = ast_expr_new(ctx, AE_NULL, @$.start, @$.end); }
    | INT {
        $$ = ast_expr_new(ctx, AE_INT, @$.start, @$.end);
        if ($$) { $$->u.i = $1; $$->op = $1 == INT64_MIN; }   /* (2^63: only after '-') */
    }
    | '-' INT {
        $$ = ast_expr_new(ctx, AE_INT, @$.start, @$.end);
        if ($$) $$->u.i = $2 == INT64_MIN ? INT64_MIN : -$2;
    }
    | STRING {
        /* one literal: in a declaration a second string is the help text */
        $$ = ast_expr_new(ctx, AE_STR, @$.start, @$.end);
        if ($$) { $$->u.str.s = $1.s; $$->u.str.len = $1.len; }
    }
    | IDENT             { $$ = leaf_name(ctx, $1); }
    | NAME              { $$ = leaf_name(ctx, $1); }
    ;

name
    : IDENT
    | NAME
    ;

str
    : STRING            { $$ = $1; $$.pos = @1; }
    | str STRING        { $$ = str_cat(ctx, $1, $2); $$.pos = @$; }
    ;

/* ---- test blocks --------------------------------------------------------------- */

/* The cases go to ctx as they are parsed, so that error recovery inside
 * the block (which may pop `cases`) loses none of them. */
test
    : K_TEST str '{' { ctx->cases_head = ctx->cases_tail = NULL; ctx->ncases = 0; } cases '}' {
        $$ = ctx->skipped_open == @3.start + 1 ? NULL : ast_stmt_new(ctx, AS_TEST);   /* skipped */
        if ($$) {
            $$->u.test.name = $2;
            $$->u.test.cases = ctx->cases_head;
            $$->u.test.ncases = ctx->ncases;
            $$->u.test.pos = @$;
        }
    }
    ;

cases
    : case              { ctx->item_error = false; }
    | cases ';' case {
        /* report the next error again, unless the erroneous token is still
         * the lookahead (it would be reported twice) */
        if (!ctx->item_error || yychar == YYEMPTY || yylloc.start != ctx->err_at)
            yyerrok;
        ctx->item_error = false;
    }
    ;

case
    : %empty
    | config FATARROW expects {
        ast_case *c = NEW(ast_case);
        char *cfg = fr_arena_strndup(ctx->strings, ctx->cbuf ? ctx->cbuf : "", ctx->clen);
        if (!cfg)
            ctx->oom = ctx->stop = true;
        if (c && cfg) {
            c->config = cfg;
            c->config_pos = @1;
            c->expects = $3.head;
            c->nexpects = $3.n;
            c->pos = @$;
            if (ctx->cases_tail)
                ctx->cases_tail->next = c;
            else
                ctx->cases_head = c;
            ctx->cases_tail = c;
            ctx->ncases++;
        }
    }
    | error             { ctx->item_error = true; }
    ;

config
    : CWORD
    | config CWORD
    ;

expects
    : expect            { $$.head = $$.tail = $1; $$.n = $1 ? 1 : 0; }
    | expects ',' expect {
        $$ = $1;
        if ($3) {
            if ($$.tail) $$.tail->next = $3; else $$.head = $3;
            $$.tail = $3;
            $$.n++;
        }
    }
    ;

expect
    : IDENT {
        $$ = NEW(ast_expect);
        if ($$) { $$->kind = AX_WORD; $$->word = $1; $$->pos = @$; }
    }
    | K_ERROR {
        $$ = NEW(ast_expect);
        if ($$) { $$->kind = AX_ERROR_ANY; $$->pos = @$; }
    }
    | K_ERROR rname {
        $$ = NEW(ast_expect);
        if ($$) { $$->kind = AX_MSG; $$->sev = FR_SEV_ERROR; $$->rule = $2; $$->pos = @$; }
    }
    | K_WARN rname {
        $$ = NEW(ast_expect);
        if ($$) { $$->kind = AX_MSG; $$->sev = FR_SEV_WARNING; $$->rule = $2; $$->pos = @$; }
    }
    | K_INFO rname {
        $$ = NEW(ast_expect);
        if ($$) { $$->kind = AX_MSG; $$->sev = FR_SEV_INFO; $$->rule = $2; $$->pos = @$; }
    }
    | K_NOT K_ERROR rname {
        $$ = NEW(ast_expect);
        if ($$) {
            $$->kind = AX_MSG; $$->negated = 1; $$->sev = FR_SEV_ERROR;
            $$->rule = $3; $$->pos = @$;
        }
    }
    | K_NOT K_WARN rname {
        $$ = NEW(ast_expect);
        if ($$) {
            $$->kind = AX_MSG; $$->negated = 1; $$->sev = FR_SEV_WARNING;
            $$->rule = $3; $$->pos = @$;
        }
    }
    | K_NOT K_INFO rname {
        $$ = NEW(ast_expect);
        if ($$) {
            $$->kind = AX_MSG; $$->negated = 1; $$->sev = FR_SEV_INFO;
            $$->rule = $3; $$->pos = @$;
        }
    }
    | IDENT K_ERROR rname {
        $$ = NEW(ast_expect);
        if ($$) { $$->kind = AX_FIRST; $$->word = $1; $$->rule = $3; $$->pos = @$; }
    }
    | name '=' literal {
        $$ = $3 ? NEW(ast_expect) : NULL;
        if ($$) { $$->kind = AX_VALUE; $$->word = $1; $$->value = $3; $$->pos = @$; }
    }
    | name EQ literal {
        $$ = $3 ? NEW(ast_expect) : NULL;
        if ($$) { $$->kind = AX_VALUE; $$->word = $1; $$->value = $3; $$->pos = @$; }
    }
    ;

%%

/* ---- the token wrapper ------------------------------------------------------ */

static bool stmt_keyword(int t)
{
    /* (the six are declared in a row: one range check) */
    _Static_assert(K_ENV == K_FLAG + 1 && K_FACT == K_FLAG + 2 && K_ALIAS == K_FLAG + 3
                   && K_RULE == K_FLAG + 4 && K_TEST == K_FLAG + 5, "statement keywords in a row");
    return (unsigned)(t - K_FLAG) <= (unsigned)(K_TEST - K_FLAG);
}

/* Only blanks between the start of the line and `off`. */
static bool opens_line(const fr_parse_ctx *ctx, uint32_t off)
{
    for (; off > 0; off--) {
        char c = ctx->text[off - 1];
        if (c == '\n')
            return true;
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

static const char *stmt_word(uint8_t kind)
{
    switch (kind) {
    case FR_STMT_DECL:  return "declaration";
    case FR_STMT_ALIAS: return "alias";
    case FR_STMT_TEST:  return "test block";
    case FR_STMT_PROG:  return "cli statement";
    default:            return "rule";
    }
}

static bool is_comparison(int t)
{
    return t == '=' || t == EQ || t == NE || t == '<' || t == LE || t == '>' || t == GE || t == K_IN
        || t == K_NOT || t == '~';
}

/* Statement and block bookkeeping for the messages and the virtual ';'. */
static void track(fr_parse_ctx *ctx, int t, const YYLTYPE *lloc)
{
    if (is_comparison(ctx->prev_tok) && ctx->prev_tok != K_NOT) {
        /* a comparison operator was shifted (its left side reduced last) */
        ctx->cmp_left = ctx->reduced;
        ctx->cmp_op.start = ctx->prev_tok == K_IN && ctx->before_tok == K_NOT ? ctx->before_start : ctx->prev_start;
        ctx->cmp_op.end = ctx->prev_end;
    }
    ctx->la_stmt_start = ctx->at_stmt_start;
    ctx->before_tok = ctx->prev_tok;
    ctx->before_start = ctx->prev_start;
    ctx->before_end = ctx->prev_end;
    ctx->prev_tok = t;
    ctx->prev_start = lloc->start;
    ctx->prev_end = lloc->end;
    if (t == 0)
        return;
    if (ctx->at_stmt_start && t != ';') {
        ctx->at_stmt_start = false;
        ctx->stmt_start = lloc->start;
        ctx->stmt_kind = t == K_FLAG || t == K_ENV || t == K_FACT ? FR_STMT_DECL
                       : t == K_ALIAS ? FR_STMT_ALIAS
                       : t == K_TEST ? FR_STMT_TEST
                       : t == K_CLI ? FR_STMT_PROG : FR_STMT_RULE;
        ctx->stmt_errors = 0;
        ctx->stmt_syntax_error = false;
        ctx->eaten = false;
        ctx->cli_nulls = false;
    }
    if (t == K_NULL && ctx->stmt_kind == FR_STMT_DECL && (ctx->before_tok == K_CLI || ctx->before_tok == STRING))
        ctx->cli_nulls = true;
    switch (t) {
    case '{':
        if (ctx->before_tok == K_DOC || (ctx->before_tok == STRING && ctx->stmt_kind == FR_STMT_TEST)) {
            ctx->block_open = true;
            ctx->block_at = lloc->start;
        }
        else
            ctx->list_depth++;
        break;
    case '}':
        if (ctx->list_depth) {
            ctx->list_depth--;
        } else if (ctx->block_open) {
            /* a test block or a rule's doc block ends the statement */
            ctx->block_open = false;
            ctx->at_stmt_start = true;
        }
        break;
    case ';':
        if (!ctx->block_open) {
            ctx->at_stmt_start = true;
            ctx->list_depth = 0;
        } else {
            ctx->list_depth = 0;
        }
        break;
    default:
        break;
    }
}

/* A block reported as misplaced (a doc block after its rule's ';', a test
 * block without a name): its tokens up to its '}' are dropped and a ';'
 * there ends the statement, so that its fields are not taken for
 * statements of their own (one error, not three).  t: the token just
 * read. */
static int swallow_block(fr_parse_ctx *ctx, int t, YYSTYPE *lval, YYLTYPE *lloc)
{
    while (t != 0 && !ctx->stop) {
        if (t == '{')
            ctx->swallow_depth++;
        else if (ctx->swallow_depth == 0 || (stmt_keyword(t) && opens_line(ctx, lloc->start)))
            break;   /* no block after all, or it was never closed: parse on
                      * from this token (yylex puts a ';' before a statement
                      * keyword that starts a line) */
        else if (t == '}' && --ctx->swallow_depth == 0) {
            ctx->swallowing = false;
            lloc->start = lloc->end;   /* (a ';' where the block ends) */
            return ';';
        }
        while ((t = frl_lex(lval, lloc, ctx->scanner)) == FR_TOK_SKIP)
            ;
    }
    ctx->swallowing = false;
    return t;
}

static int yylex(YYSTYPE *lval, YYLTYPE *lloc, fr_parse_ctx *ctx)
{
    int t;
    if (ctx->pending_tok) {
        t = ctx->pending_tok;
        ctx->pending_tok = 0;
        ctx->virt_semi = false;
        lloc->start = ctx->pending_start;
        lloc->end = ctx->pending_end;
        if (ctx->virt_close) {
            ctx->virt_close = false;
        } else if (!ctx->stmt_syntax_error && !ctx->eaten) {
            fr_diag *g = fr_report(ctx->sink, FR_SEV_ERROR, fr_ctx_span(ctx, ctx->virt_at, ctx->virt_at),
                                   "missing ';' after the %s", stmt_word(ctx->stmt_kind));
            (void)g;
            if (ctx->sink->stopped)
                ctx->stop = true;
        }
        if (ctx->stop) {
            t = 0;
            lloc->start = lloc->end = (uint32_t)ctx->len;
        }
    } else if (ctx->stop) {
        t = 0;
        lloc->start = lloc->end = (uint32_t)ctx->len;
    } else {
        /* (prev_tok 0: the start of the file) */
        if (ctx->at_stmt_start && (ctx->prev_tok == ';' || ctx->prev_tok == '}' || ctx->prev_tok == 0) && !ctx->no_fast && !ctx->suppress_armed
            && !ctx->suppress_syntax && !ctx->block_open && !ctx->in_test) {
            if (ctx->fast_skip)
                ctx->fast_skip--;
            else
                fp_stmts(ctx);   /* plain rules, directly */
        }
        if (ctx->suppress_armed)
            ctx->suppress_syntax = ctx->suppress_armed = false;
        while ((t = frl_lex(lval, lloc, ctx->scanner)) == FR_TOK_SKIP)
            ctx->suppress_armed = false;
        if (ctx->swallowing)
            t = swallow_block(ctx, t, lval, lloc);
        if (ctx->suppress_syntax)
            ctx->suppress_armed = true;
        if (ctx->stop) {
            t = 0;
            lloc->start = lloc->end = (uint32_t)ctx->len;
        }
        if (stmt_keyword(t) && !ctx->at_stmt_start && opens_line(ctx, lloc->start)) {
            ctx->pending_tok = t;
            ctx->pending_start = lloc->start;
            ctx->pending_end = lloc->end;
            ctx->virt_at = ctx->prev_end;
            lloc->start = lloc->end = ctx->prev_end;
            if (ctx->block_open) {
                /* a doc or test block left open: close it */
                fr_diag *g = fr_report(ctx->sink, FR_SEV_ERROR, fr_ctx_span(ctx, ctx->prev_end, ctx->prev_end),
                                       "missing '}' at the end of the %s block",
                                       ctx->stmt_kind == FR_STMT_TEST ? "test" : "doc");
                fr_report_note(ctx->sink, g, fr_ctx_span(ctx, ctx->block_at, ctx->block_at + 1),
                               "the block starts here");
                ctx->in_test = false;
                ctx->virt_close = true;
                ctx->stmt_errors++;
                if (ctx->sink->stopped)
                    ctx->stop = true;
                t = '}';
            } else {
                ctx->virt_semi = true;
                t = ';';
            }
        }
    }
    track(ctx, t, lloc);
    return t;
}

/* ---- syntax errors in the user's words ------------------------------------------- */

static void yyerror(const YYLTYPE *loc, fr_parse_ctx *ctx, const char *msg)
{
    ctx->no_fast = true;
    ctx->stmt_syntax_error = true;
    if (ctx->stop && !strstr(msg, "exhausted"))
        return;
    if (strstr(msg, "exhausted")) {
        /* bison's own stack limit (the lexer's nesting check comes first
         * in practice): skip the statement and parse on */
        fr_report(ctx->sink, FR_SEV_ERROR, fr_ctx_span(ctx, loc->start, loc->end),
                  "expression nested too deeply (more than %d levels)", FR_MAX_DEPTH);
        fr_lex_skip_statement(ctx);
        ctx->restart = true;
        if (ctx->sink->stopped)
            ctx->stop = true;
        return;
    }
    fr_report(ctx->sink, FR_SEV_ERROR, fr_ctx_span(ctx, loc->start, loc->end), "%s", msg);
    ctx->stop = true;
}

static bool is_keyword(yysymbol_kind_t k)
{
    return k >= YYSYMBOL_K_FLAG && k <= YYSYMBOL_K_CLI;
}

/* A short description of a token kind, for "expected ..." lists. */
static const char *kind_desc(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_YYEOF:    return "the end of the file";
    case YYSYMBOL_IDENT:    return "a name";
    case YYSYMBOL_NAME:     return "a hyphenated name";
    case YYSYMBOL_INT:      return "an integer";
    case YYSYMBOL_STRING:   return "a string";
    case YYSYMBOL_REGEX:    return "a regular expression /.../";
    case YYSYMBOL_CWORD:    return "a test config";
    case YYSYMBOL_K_FLAG:   return "'flag'";
    case YYSYMBOL_K_ENV:    return "'env'";
    case YYSYMBOL_K_FACT:   return "'fact'";
    case YYSYMBOL_K_ALIAS:  return "'alias'";
    case YYSYMBOL_K_RULE:   return "'rule'";
    case YYSYMBOL_K_TEST:   return "'test'";
    case YYSYMBOL_K_DOC:    return "'doc'";
    case YYSYMBOL_K_REQUIRE: return "'require'";
    case YYSYMBOL_K_ELSE:   return "'else'";
    case YYSYMBOL_K_ERROR:  return "'error'";
    case YYSYMBOL_K_WARN:   return "'warn'";
    case YYSYMBOL_K_INFO:   return "'info'";
    case YYSYMBOL_K_DECLARE: return "'declare'";
    case YYSYMBOL_K_IN:     return "'in'";
    case YYSYMBOL_K_NOT:    return "'not'";
    case YYSYMBOL_K_NULL:   return "'null'";
    case YYSYMBOL_K_TRUE:   return "'true'";
    case YYSYMBOL_K_FALSE:  return "'false'";
    case YYSYMBOL_K_ENUM:   return "'enum'";
    case YYSYMBOL_K_GIVEN:  return "'given'";
    case YYSYMBOL_K_CLI:    return "'cli'";
    case YYSYMBOL_EQ:       return "'=='";
    case YYSYMBOL_NE:       return "'!='";
    case YYSYMBOL_LE:       return "'<='";
    case YYSYMBOL_GE:       return "'>='";
    case YYSYMBOL_ARROW:    return "'->'";
    case YYSYMBOL_FATARROW: return "'=>'";
    default:                return yysymbol_name(k);   /* "';'" and the like */
    }
}

/* The unexpected token, with its text where that helps. */
static void la_desc(fr_parse_ctx *ctx, yysymbol_kind_t k, const YYLTYPE *loc, char *buf, size_t n)
{
    if (k == YYSYMBOL_IDENT || k == YYSYMBOL_NAME) {
        uint32_t len = loc->end - loc->start;
        snprintf(buf, n, "name '%.*s'", (int)(len > 40 ? 40 : len), ctx->text + loc->start);
    } else if (is_keyword(k)) {
        snprintf(buf, n, "keyword %s", kind_desc(k));
    } else {
        snprintf(buf, n, "%s", kind_desc(k));
    }
}

static bool is_operator(yysymbol_kind_t k)
{
    static const char ops[] = "&|=<>+-*/%~";
    if (k == YYSYMBOL_EQ || k == YYSYMBOL_NE || k == YYSYMBOL_LE || k == YYSYMBOL_GE)
        return true;
    for (const char *p = ops; *p; p++) {
        int c = (unsigned char)*p;   /* (an int: clang finds the char's range always in YYTRANSLATE's) */
        if (k == YYTRANSLATE(c))
            return true;
    }
    return false;
}

typedef struct expset {
    yysymbol_kind_t k[YYNTOKENS];
    int             n;
} expset;

static bool has(const expset *e, yysymbol_kind_t k)
{
    for (int i = 0; i < e->n; i++)
        if (e->k[i] == k)
            return true;
    return false;
}

#define CH(c) YYTRANSLATE(c)

static bool is_comparison_kind(yysymbol_kind_t k)
{
    return k == CH('=') || k == YYSYMBOL_EQ || k == YYSYMBOL_NE || k == CH('<') || k == YYSYMBOL_LE
        || k == CH('>') || k == YYSYMBOL_GE || k == YYSYMBOL_K_IN || k == YYSYMBOL_K_NOT || k == CH('~');
}

/* "a, b or c" from the expected set, grouping operators and expression starts. */
static void list_expected(const expset *e, char *buf, size_t n)
{
    const char *items[8];
    int ni = 0;
    bool expr = has(e, YYSYMBOL_IDENT) && has(e, YYSYMBOL_INT) && has(e, CH('('));
    bool value = !expr && has(e, YYSYMBOL_IDENT) && has(e, YYSYMBOL_INT);
    bool stmt = has(e, YYSYMBOL_K_FLAG);
    if (stmt)
        items[ni++] = "a declaration, a rule or a test block";
    else if (expr)
        items[ni++] = "an expression";
    else if (value)
        items[ni++] = "a value";
    bool ops = has(e, CH('&')) && has(e, CH('|'));
    if (ops)
        items[ni++] = "an operator";
    bool toomany = false;
    for (int i = 0; i < e->n; i++) {
        yysymbol_kind_t k = e->k[i];
        if ((stmt || expr || value) && (k == YYSYMBOL_IDENT || k == YYSYMBOL_NAME || k == YYSYMBOL_INT
            || k == YYSYMBOL_STRING || is_keyword(k) || k == CH('(') || k == CH('!') || k == CH('-')
            || k == CH(';')))
            continue;
        if (ops && (is_operator(k) || k == YYSYMBOL_K_IN || k == YYSYMBOL_K_NOT))
            continue;
        if (k == YYSYMBOL_YYerror || k == YYSYMBOL_YYUNDEF)
            continue;
        if (ni == 6) {
            toomany = true;
            break;
        }
        items[ni++] = kind_desc(k);
    }
    if (toomany) {
        snprintf(buf, n, "%s", (stmt || expr || value) ? items[0] : "something else");
        return;
    }
    if (ni == 0) {
        snprintf(buf, n, "something else");
        return;
    }
    size_t off = 0;
    buf[0] = '\0';
    for (int i = 0; i < ni && off < n; i++) {
        const char *sep = i == 0 ? "" : i == ni - 1 ? " or " : ", ";
        off += (size_t)snprintf(buf + off, n - off, "%s%s", sep, items[i]);
    }
}

/* Whether the token at `off` is the first of a rule's condition. */
static bool starts_condition(const fr_parse_ctx *ctx, uint32_t off)
{
    if (off == ctx->stmt_start)
        return true;
    while (off > 0 && (ctx->text[off - 1] == ' ' || ctx->text[off - 1] == '\t' || ctx->text[off - 1] == '\n'
                       || ctx->text[off - 1] == '\r'))
        off--;
    return off > 0 && ctx->text[off - 1] == ':';
}

static bool on_later_line(const fr_parse_ctx *ctx, uint32_t from, uint32_t to)
{
    if (to > ctx->len)
        to = (uint32_t)ctx->len;
    for (uint32_t i = from; i < to; i++)
        if (ctx->text[i] == '\n')
            return true;
    return false;
}

static int yyreport_syntax_error(const yypcontext_t *yc, fr_parse_ctx *ctx)
{
    ctx->no_fast = true;
    ctx->stmt_syntax_error = true;
    if (ctx->stop)
        return 0;
    if (ctx->suppress_syntax) {
        ctx->suppress_syntax = ctx->suppress_armed = false;
        return 0;
    }
    expset e;
    e.n = yypcontext_expected_tokens(yc, e.k, YYNTOKENS);
    if (e.n < 0)
        e.n = 0;
    yysymbol_kind_t la = yypcontext_token(yc);
    YYLTYPE loc = *yypcontext_location(yc);
    ctx->err_at = loc.start;
    bool virt = ctx->virt_semi && la == CH(';') && loc.start == loc.end;
    yysymbol_kind_t shown = la;
    YYLTYPE shown_loc = loc;
    if (virt) {
        /* the "';'" is ours: talk about the keyword that follows it */
        shown = YYTRANSLATE(ctx->pending_tok);
        shown_loc.start = ctx->pending_start;
        shown_loc.end = ctx->pending_end;
    }
    if (ctx->eaten) {
        /* an unterminated string or regex ate the rest of the line: what
         * follows is not the user's mistake */
        ctx->stmt_errors++;
        return 0;
    }
    char got[96], exp[256];
    la_desc(ctx, shown, &shown_loc, got, sizeof got);
    fr_span at = fr_ctx_span(ctx, loc.start, loc.end);
    fr_diag *g = NULL;
    const char *hint = NULL;
    static const char *const stmt_keywords[] = { "flag", "env", "fact", "alias", "rule", "test", "doc" };
    const char *kw_hint;
    char kw_buf[128], chain_buf[256];
    /* the token before the lookahead (the lookahead went through track()) */
    int prev = ctx->before_tok;
    uint32_t prev_end = ctx->before_end;

    bool doc_block = ctx->block_open && ctx->stmt_kind == FR_STMT_RULE;
    if (has(&e, CH(')')) && ctx->paren_depth > 0
        && (la == YYSYMBOL_ARROW || la == CH(';') || la == YYSYMBOL_K_ELSE || la == CH(',')
            || la == YYSYMBOL_YYEOF || la == YYSYMBOL_K_WARN || la == YYSYMBOL_K_INFO)) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "missing ')' before %s", got);
        uint32_t open = ctx->paren_at[(ctx->paren_depth > FR_MAX_DEPTH ? FR_MAX_DEPTH : ctx->paren_depth) - 1];
        fr_report_note(ctx->sink, g, fr_ctx_span(ctx, open, open + 1), "the '(' it closes");
    } else if (la == CH(')') && ctx->paren_depth == 0) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "unmatched ')'");
    } else if (la == CH('}') && ctx->la_stmt_start) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "unmatched '}'");
    } else if (!virt && !ctx->block_open && !ctx->la_stmt_start && has(&e, CH(';')) && la != CH(';')
        && prev_end < loc.start
        && (la == YYSYMBOL_YYEOF || on_later_line(ctx, prev_end, loc.start))) {
        at = fr_ctx_span(ctx, prev_end, prev_end);
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "missing ';' after the %s", stmt_word(ctx->stmt_kind));
    } else if (has(&e, YYSYMBOL_ARROW) && !has(&e, CH(';'))) {
        if (la == YYSYMBOL_K_ERROR || la == YYSYMBOL_K_WARN || la == YYSYMBOL_K_INFO
            || la == YYSYMBOL_K_DECLARE || la == YYSYMBOL_K_REQUIRE)
            g = fr_report(ctx->sink, FR_SEV_ERROR, at, "missing '->' between the condition and the action");
        else
            g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected '->' after the condition, not %s", got);
        if (la == YYSYMBOL_FATARROW)
            hint = "a rule is 'CONDITION -> ACTION'; '=>' separates a test config from its expectations";
        else if (la == YYSYMBOL_IDENT && loc.end - loc.start == 3 && !memcmp(ctx->text + loc.start, "and", 3))
            hint = "write '&' for 'and'";
        else if (la == YYSYMBOL_IDENT && loc.end - loc.start == 2 && !memcmp(ctx->text + loc.start, "or", 2))
            hint = "write '|' for 'or'";
        else if (prev == IDENT && starts_condition(ctx, ctx->before_start)
                 && ((ctx->before_end - ctx->before_start == 2 && !memcmp(ctx->text + ctx->before_start, "if", 2))
                     || (ctx->before_end - ctx->before_start == 4
                         && !memcmp(ctx->text + ctx->before_start, "when", 4))))
            hint = "a rule is 'CONDITION -> ACTION', without 'if' or 'when'";
        else if (prev == IDENT && ctx->before_start == ctx->stmt_start && (la == YYSYMBOL_IDENT || la == YYSYMBOL_NAME)
                 && (kw_hint = fr_did_you_mean(ctx->text + ctx->before_start,
                                               ctx->before_end - ctx->before_start, stmt_keywords,
                                               sizeof stmt_keywords / sizeof *stmt_keywords)) != NULL) {
            /* 'flga a : int = 0;' reads as the condition 'flga' of an unnamed rule */
            snprintf(kw_buf, sizeof kw_buf, "'%.*s' starts the statement: did you mean '%s'?",
                     (int)(ctx->before_end - ctx->before_start > 40 ? 40 : ctx->before_end - ctx->before_start),
                     ctx->text + ctx->before_start, kw_hint);
            hint = kw_buf;
        } else if (la == CH('(') && prev == IDENT && prev_end == loc.start) {
            /* 'giveen(m)', 'len(s)': there is one function, given() */
            bool near = fr_did_you_mean(ctx->text + ctx->before_start, ctx->before_end - ctx->before_start,
                                        (const char *const[]){ "given" }, 1) != NULL;
            snprintf(kw_buf, sizeof kw_buf, "'%.*s(' is no function: %s",
                     (int)(ctx->before_end - ctx->before_start > 40 ? 40 : ctx->before_end - ctx->before_start),
                     ctx->text + ctx->before_start,
                     near ? "did you mean 'given(KEY)'?" : "the one function is given(KEY), a key's input value");
            hint = kw_buf;
        } else if (la == YYSYMBOL_IDENT || la == YYSYMBOL_NAME || la == CH('!') || la == CH('('))
            hint = "join conditions with '&' (and) or '|' (or)";
        else if (la == YYSYMBOL_STRING)
            hint = "an action is 'error \"...\"', 'warn \"...\"', 'info \"...\"', 'declare ...' or 'require ... else \"...\"'";
    } else if (has(&e, YYSYMBOL_K_ELSE) && !has(&e, CH(';'))) {
        static const char *const els[] = { "else" };
        if ((la == YYSYMBOL_IDENT || la == YYSYMBOL_NAME) &&
            (fr_did_you_mean(ctx->text + loc.start, loc.end - loc.start, els, 1) ||
             (loc.end - loc.start > 4 && !memcmp(ctx->text + loc.start, "else", 4))))
            g = fr_report(ctx->sink, FR_SEV_ERROR, at,
                          "expected 'else' and a message after the required condition, not %s; did you mean 'else'?",
                          got);
        else
            g = fr_report(ctx->sink, FR_SEV_ERROR, at,
                          "expected 'else' and a message after the required condition, not %s", got);
    } else if (has(&e, YYSYMBOL_FATARROW)) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected '=>' after the test config, not %s", got);
        hint = "a test case is: CONFIG => EXPECTATIONS ;";
    } else if (e.n <= 2 && has(&e, YYSYMBOL_STRING)
               && (prev == K_ERROR || prev == K_WARN || prev == K_INFO || prev == K_ELSE)) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected the message (a string) after '%s', not %s",
                      prev == K_ERROR ? "error" : prev == K_WARN ? "warn" : prev == K_INFO ? "info" : "else",
                      got);
    } else if (has(&e, CH(':')) && ctx->stmt_kind == FR_STMT_DECL && (prev == IDENT || prev == NAME)) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected ':' and a type after the key name, not %s", got);
        if (la == CH('='))
            hint = "a declaration is 'flag NAME : TYPE = DEFAULT;', e.g. 'flag tp_size : int = 1;'";
    } else if (has(&e, CH(':')) && prev != IDENT && prev != NAME && ctx->stmt_kind == FR_STMT_RULE
               && e.n <= 2) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected ':' after the rule name, not %s", got);
    } else if (has(&e, CH(':')) && ctx->stmt_kind == FR_STMT_RULE && e.n == 1) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected ':' after the rule name, not %s", got);
    } else if (la == CH('=') && ctx->cli_nulls && prev == STRING && ctx->stmt_kind == FR_STMT_DECL) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "a null word takes no '= VALUE'");
        hint = "a spelling that gives a value (\"--old\" = VALUE) comes before 'null'; the words after it give null";
    } else if (has(&e, YYSYMBOL_STRING) && ctx->cli_nulls && (prev == K_NULL || prev == ',')) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected a null word (a string), not %s", got);
        hint = "write the words a command line gives for null as strings, e.g. cli null \"none\"";
    } else if (has(&e, YYSYMBOL_STRING) && (prev == K_CLI || (prev == ',' && ctx->stmt_kind == FR_STMT_DECL))) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected a CLI spelling (a string), not %s", got);
        hint = "write the spellings as strings, e.g. cli \"--tp-size\", \"--tp\"";
    } else if (prev == '{' && la == CH('}') && ctx->stmt_kind == FR_STMT_DECL) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "an enum needs at least one value");
    } else if (has(&e, CH('{')) && prev == K_IN) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected '{' and the members of the set, not %s", got);
        hint = "a set is written in braces, e.g. 'tp_size in { 1, 2, 4 }'";
    } else if (doc_block && la == CH(':')) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "unexpected ':' in a doc field");
        hint = "a doc field is NAME \"TEXT\"; (no ':'), e.g. summary \"one line\";";
    } else if (doc_block && has(&e, CH(';')) && (la == YYSYMBOL_IDENT || la == YYSYMBOL_NAME)) {
        at = fr_ctx_span(ctx, prev_end, prev_end);
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "missing ';' after the doc field");
    } else if (has(&e, YYSYMBOL_K_ENUM) && has(&e, YYSYMBOL_IDENT)) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at,
                      "expected a type (bool, int, string or enum { ... }), not %s", got);
    } else if (has(&e, CH('=')) && ctx->stmt_kind == FR_STMT_DECL
               && (prev == IDENT || prev == '}' || prev == '?')) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected '=' and a default value after the type, not %s", got);
        if (la == CH(';'))
            hint = "every key has a default, e.g. 'flag dp_size : int = 1;'";
        else if (la == CH('{') && prev == IDENT)
            hint = "a type with values is written 'enum { VALUE, ... }', in lowercase";
    } else if ((has(&e, YYSYMBOL_CWORD) || (ctx->block_open && ctx->stmt_kind == FR_STMT_TEST))
               && la == YYSYMBOL_FATARROW) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "a test case needs a config before '=>'");
        hint = "write the flags as on a command line, e.g. '--tp-size 2 => ok'; for the defaults alone, '\"\" => ok'";
    } else if (has(&e, YYSYMBOL_K_NOT) && has(&e, YYSYMBOL_K_WARN)) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected an expectation after '=>', not %s", got);
        hint = "expectations: ok, invalid, error, [not] error|warn|info RULE, first error RULE, KEY = VALUE";
    } else if (ctx->block_open && ctx->stmt_kind == FR_STMT_TEST && has(&e, CH(';'))
               && (la == YYSYMBOL_IDENT || la == YYSYMBOL_NAME)) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "unexpected %s after an expectation", got);
        hint = "expectations: ok, invalid, error, [not] error|warn|info RULE, first error RULE, KEY = VALUE";
    } else if (la == YYSYMBOL_K_DOC && has(&e, YYSYMBOL_K_FLAG)) {
        /* 'rule ... -> error "..."; doc { ... }': the ';' ended the rule */
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "a doc block outside a rule");
        hint = "a doc block ends its rule: 'rule NAME: CONDITION -> ACTION doc { ... }', with no ';' before 'doc'";
        ctx->swallowing = true;
        ctx->swallow_depth = 0;
    } else if (has(&e, YYSYMBOL_IDENT) && is_keyword(la)) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected a name, not %s", got);
        if (la == YYSYMBOL_K_NOT && has(&e, CH('!')))
            hint = "write '!' for 'not' ('not' belongs to 'not in { ... }')";
        else
            fr_report_hint(ctx->sink, g, "%s is a keyword; it cannot be used as a name", kind_desc(la));
    } else if (prev == K_TEST && la == CH('{')) {
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected the test block's name (a string), not '{'");
        hint = "a test block is named: test \"NAME\" { CONFIG => EXPECTATIONS; ... }";
        ctx->swallowing = true;
        ctx->swallow_depth = 1;   /* (its '{' is the token in error) */
    } else if (is_comparison_kind(la) && has(&e, CH('+')) && !has(&e, la)) {
        /* 'a < 1 < 2': a comparison after a comparison's right side */
        ast_pos l = ctx->cmp_left, op = ctx->cmp_op, mid = ctx->reduced;
        g = fr_report(ctx->sink, FR_SEV_ERROR, at, "comparisons do not chain: %s after a comparison", got);
        if (l.start >= ctx->stmt_start && l.start < l.end && l.end <= op.start && op.start < op.end
            && op.end <= mid.start && mid.start < mid.end && mid.end <= loc.start
            && l.end - l.start <= 40 && mid.end - mid.start <= 40 && loc.end - loc.start <= 3
            && !on_later_line(ctx, l.start, l.end) && !on_later_line(ctx, op.start, op.end)
            && !on_later_line(ctx, mid.start, mid.end)) {
            snprintf(chain_buf, sizeof chain_buf, "join two comparisons with '&': '%.*s %.*s %.*s & %.*s %.*s%s ...'",
                     (int)(l.end - l.start), ctx->text + l.start, (int)(op.end - op.start), ctx->text + op.start,
                     (int)(mid.end - mid.start), ctx->text + mid.start, (int)(mid.end - mid.start),
                     ctx->text + mid.start, (int)(loc.end - loc.start), ctx->text + loc.start,
                     la == YYSYMBOL_K_NOT ? " in" : "");
            hint = chain_buf;
        } else {
            hint = "join two comparisons with '&', e.g. 'a < b & b < c'";
        }
    } else {
        list_expected(&e, exp, sizeof exp);
        /* a name where keywords may go: the nearest of them ('eror' ->
         * 'error', 'decalre' -> 'declare', 'flga' -> 'flag') */
        char kw[YYNTOKENS][16];
        const char *cand[YYNTOKENS];
        size_t nc = 0;
        const char *best = NULL;
        if (la == YYSYMBOL_IDENT || la == YYSYMBOL_NAME) {
            for (int i = 0; i < e.n; i++) {
                const char *d = kind_desc(e.k[i]);   /* "'error'" */
                size_t dl = strlen(d);
                if (!is_keyword(e.k[i]) || dl < 3 || dl - 2 >= sizeof kw[0])
                    continue;
                memcpy(kw[nc], d + 1, dl - 2);
                kw[nc][dl - 2] = '\0';
                cand[nc] = kw[nc];
                nc++;
            }
            best = fr_did_you_mean(ctx->text + loc.start, loc.end - loc.start, cand, nc);
            /* or a keyword the word starts with ('warning' -> 'warn',
             * 'errors' -> 'error', 'requires' -> 'require') */
            for (size_t i = 0; !best && i < nc; i++) {
                size_t kl = strlen(cand[i]);
                if (loc.end - loc.start > kl && !memcmp(ctx->text + loc.start, cand[i], kl))
                    best = cand[i];
            }
        }
        if (best)
            g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected %s, not %s; did you mean '%s'?", exp, got, best);
        else
            g = fr_report(ctx->sink, FR_SEV_ERROR, at, "expected %s, not %s", exp, got);
        if (la == CH('=') && prev == CH('='))
            hint = "'=' and '==' both compare; write one of them";
        else if (la == YYSYMBOL_EQ && ctx->stmt_kind == FR_STMT_RULE && has(&e, CH(';')) &&
                 (prev == IDENT || prev == NAME))
            hint = "a declaration sets a key with one '=': 'declare KEY = VALUE'";
    }
    if (g && hint)
        fr_report_hint(ctx->sink, g, "%s", hint);
    ctx->stmt_errors++;
    if (ctx->sink->stopped)
        ctx->stop = true;
    return 0;
}

/* ---- helpers for the actions ----------------------------------------------------- */

static ast_str str_cat(fr_parse_ctx *ctx, ast_str a, ast_str b)
{
    ast_str r = a;
    size_t n = (size_t)a.len + b.len;
    if (n > FR_MAX_STRING) {
        if (a.len < FR_MAX_STRING)
            fr_report(ctx->sink, FR_SEV_ERROR, fr_ctx_span(ctx, b.pos.start, b.pos.start + 1),
                      "string too long (more than %u bytes)", FR_MAX_STRING);
        n = FR_MAX_STRING;
    }
    char *s = fr_arena_alloc(ctx->strings, n + 1);
    if (!s) {
        ctx->oom = ctx->stop = true;
        return r;
    }
    memcpy(s, a.s, a.len);
    memcpy(s + a.len, b.s, n - a.len);
    s[n] = '\0';
    r.s = s;
    r.len = (uint32_t)n;
    return r;
}

static inline ast_expr *leaf_name(fr_parse_ctx *ctx, ast_name n)
{
    ast_expr *e = ast_expr_new(ctx, AE_NAME, n.pos.start, n.pos.end);
    if (e) {
        e->u.name = n.s;
        e->op = n.hyphen;
    }
    return e;
}

/* The statement ends at `pos.end` (its doc block, if any). */
static ast_stmt *make_rule(fr_parse_ctx *ctx, ast_stmt *s, ast_pos pos)
{
    (void)ctx;
    if (s && pos.end > s->u.rule.pos.end)
        s->u.rule.pos.end = pos.end;
    return s;
}

/* ---- the fast path for plain rules ---------------------------------------------
 *
 * Most statements of a large rule set are plain rules: a condition of names,
 * literals, comparisons, sets, '!', '&', '|' and parentheses, and an error,
 * warn, info, require or declare action, ended by ';'.  At the start of a
 * statement (after a ';', the parser idle in `file .`), the token wrapper
 * tries to read such a rule directly: the tokens into a small array (as the
 * lexer would cut them), then the grammar over them, building the same tree
 * the grammar actions build, in the same order.  Anything else --
 * another statement, a doc block, a token or a form outside this subset, a
 * lexical error, a limit -- leaves everything as it was and the statement
 * goes through flex and bison (which report its errors).  After any syntax
 * error the fast path is off for the rest of the file (bison's error
 * recovery counts the tokens it shifts). */

enum { FP_WS = 1, FP_ID0 = 2, FP_ID1 = 4, FP_DIG = 8, FP_SSTOP = 16 };
#define FP_AZ(b) ['A' + (b)] = FP_ID0 | FP_ID1, ['a' + (b)] = FP_ID0 | FP_ID1
static const unsigned char fp_class[256] = {
    [0] = FP_SSTOP, ['"'] = FP_SSTOP, ['\\'] = FP_SSTOP,
    [' '] = FP_WS, ['\n'] = FP_WS | FP_SSTOP, ['\t'] = FP_WS, ['\r'] = FP_WS, ['\f'] = FP_WS, ['\v'] = FP_WS,
    ['_'] = FP_ID0 | FP_ID1,
    ['0'] = FP_ID1 | FP_DIG, ['1'] = FP_ID1 | FP_DIG, ['2'] = FP_ID1 | FP_DIG, ['3'] = FP_ID1 | FP_DIG,
    ['4'] = FP_ID1 | FP_DIG, ['5'] = FP_ID1 | FP_DIG, ['6'] = FP_ID1 | FP_DIG, ['7'] = FP_ID1 | FP_DIG,
    ['8'] = FP_ID1 | FP_DIG, ['9'] = FP_ID1 | FP_DIG,
    FP_AZ(0), FP_AZ(1), FP_AZ(2), FP_AZ(3), FP_AZ(4), FP_AZ(5), FP_AZ(6), FP_AZ(7), FP_AZ(8),
    FP_AZ(9), FP_AZ(10), FP_AZ(11), FP_AZ(12), FP_AZ(13), FP_AZ(14), FP_AZ(15), FP_AZ(16),
    FP_AZ(17), FP_AZ(18), FP_AZ(19), FP_AZ(20), FP_AZ(21), FP_AZ(22), FP_AZ(23), FP_AZ(24),
    FP_AZ(25),
};
#undef FP_AZ
#define FP(c, bits) (fp_class[(unsigned char)(c)] & (bits))

#define FP_MAXTOK 128   /* tokens of a fast statement (the tree stays shallow) */
/* After a statement that is not a plain rule, the next FP_BACKOFF ones go
 * to bison without a try (a hand-written file: declarations, doc blocks,
 * attached messages, given(); the tries cost more than they save). */
#define FP_BACKOFF 16
#define FP_BAIL   (-1)
#define FP_BLOCK  (-3)  /* a skipped doc or test block, '{' to '}' (i: the '}') */
#define FP_NEW(st, T) ((T *)ast_alloc((st)->ctx, sizeof(T)))

typedef struct fp_tok {
    int      t;
    uint32_t start, end;
    int64_t  i;          /* INT */
} fp_tok;

/* A keyword's token (FP_BAIL for the keywords no fast statement has), or
 * IDENT. */
static int fp_keyword(const char *s, size_t n)
{
#define KW(w, tok) if (n == sizeof w - 1 && memcmp(s, w, n) == 0) return (tok)
    switch (s[0]) {
    case 'a': KW("alias", FP_BAIL); break;
    case 'c': KW("cli", K_CLI); break;
    case 'd': KW("declare", K_DECLARE); KW("doc", K_DOC); break;
    case 'e': KW("error", K_ERROR); KW("else", K_ELSE); KW("env", K_ENV); KW("enum", K_ENUM); break;
    case 'f': KW("false", K_FALSE); KW("flag", K_FLAG); KW("fact", K_FACT); break;
    case 'g': KW("given", K_GIVEN); break;
    case 'i': KW("in", K_IN); KW("info", K_INFO); break;
    case 'n': KW("not", K_NOT); KW("null", K_NULL); break;
    case 'r': KW("rule", K_RULE); KW("require", K_REQUIRE); break;
    case 't': KW("true", K_TRUE); KW("test", K_TEST); break;
    case 'w': KW("warn", K_WARN); break;
    default: break;
    }
#undef KW
    return IDENT;
}

/* The tokens of one statement from p, up to its ';' (the last token), as
 * the lexer cuts them; their number, or 0.  *endp: after the ';'. */
static int fp_lex(const fr_parse_ctx *ctx, const char *p, fp_tok *tk, const char **endp)
{
    const char *t = ctx->text, *end = t + ctx->len;
    int n = 0;
    for (;;) {
        for (;;) {
            while (FP(*p, FP_WS))   /* stops at the NULs after the text */
                p++;
            if (*p != '#')
                break;
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            p = nl ? nl : end;
        }
        if (p >= end || n == FP_MAXTOK)
            return 0;
        fp_tok *k = &tk[n++];
        k->start = (uint32_t)(p - t);
        unsigned char c = (unsigned char)*p;
        if (FP(c, FP_ID0)) {
            /* {ID}(-{ID})*: a hyphenated name when '-' and a letter follow */
            const char *s = p;
            int hyph = 0;
            for (p++;;) {
                while (FP(*p, FP_ID1))
                    p++;
                if (p + 1 < end && *p == '-' && FP(p[1], FP_ID0)) {
                    hyph = 1;
                    p += 2;
                    continue;
                }
                break;
            }
            size_t len = (size_t)(p - s);
            if (len > FR_MAX_IDENT)
                return 0;
            k->t = hyph ? NAME : fp_keyword(s, len);
            if (k->t == FP_BAIL)
                return 0;
        } else if (FP(c, FP_DIG)) {
            uint64_t v = 0;
            for (; FP(*p, FP_DIG); p++) {
                unsigned d = (unsigned)(*p - '0');
                if (v > ((uint64_t)INT64_MAX - d) / 10)
                    return 0;   /* too large: the lexer reports it */
                v = v * 10 + d;
            }
            if (FP(*p, FP_ID0))
                return 0;       /* a bad number */
            k->t = INT;
            k->i = (int64_t)v;
        } else if (c == '"') {
            const char *q = p + 1;
#ifdef __SSE2__
            /* 16 bytes a step while they are inside the text */
            for (;;) {
                if (q + 16 > end)
                    break;
                __m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
                __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                                         _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
                                                      _mm_cmpeq_epi8(v, _mm_setzero_si128())));
                unsigned mask = (unsigned)_mm_movemask_epi8(m);
                if (mask) {
                    q += __builtin_ctz(mask);
                    break;
                }
                q += 16;
            }
#endif
            while (!FP(*q, FP_SSTOP))   /* '"', '\n', '\\', NUL */
                q++;
            if (*q != '"' || (size_t)(q - (p + 1)) > FR_MAX_STRING)
                return 0;       /* escapes, an unterminated string: the lexer */
            p = q + 1;
            k->t = STRING;
        } else {
            char d = p[1];
            int w = 1;
            switch (c) {
            case '{': {
                /* the lexer's test_state: `test` STRING... '{' opens a test block */
                int j = n - 2;
                while (j > 0 && tk[j].t == STRING)
                    j--;
                bool test_block = j >= 0 && j < n - 2 && tk[j].t == K_TEST;
                if (n >= 2 && (tk[n - 2].t == K_DOC || test_block)) {
                    /* a doc block, or a test block: skipped as frl_tok skips
                     * it (the statement ends at its '}'), else bison */
                    if (!ctx->skip_blocks)
                        return 0;
                    uint32_t close = frl_skip_block((fr_parse_ctx *)ctx, k->start + 1u, test_block);
                    if (!close)
                        return 0;
                    k->t = FP_BLOCK;
                    k->i = close;
                    k->end = close + 1;
                    *endp = t + close + 1;
                    return n;
                }
                k->t = c;
                break;
            }
            case ';': case ',': case '(': case ')': case '}': case ':': case '?':
                if (c == ':' && d == '=')
                    return 0;
                k->t = c;
                break;
            case '~': {
                /* the lexer's RE start condition: blanks and comments,
                 * then /PATTERN/FLAGS on one line (anything else: bison) */
                k->t = '~';
                k->end = k->start + 1;
                const char *q = p + 1;
                for (;;) {
                    while (FP(*q, FP_WS))
                        q++;
                    if (*q != '#')
                        break;
                    const char *nl = memchr(q, '\n', (size_t)(end - q));
                    q = nl ? nl : end;
                }
                if (*q != '/' || q >= end || n == FP_MAXTOK)
                    return 0;
                fp_tok *r = &tk[n++];
                r->start = (uint32_t)(q - t);
                for (q++; *q != '/'; q++) {
                    if (*q == '\\')
                        q++;
                    if (*q == '\n' || *q == '\0')
                        return 0;   /* unterminated (or a NUL): the lexer */
                }
                uint32_t close = (uint32_t)(q - t);
                uint64_t flags = 0;
                for (q++; FP(*q, FP_ID0) && *q != '_'; q++) {
                    const char *f = memchr("imsxu", *q, 5);
                    if (!f)
                        return 0;   /* an unknown flag: the lexer reports it */
                    flags |= 1u << (f - "imsxu");
                }
                r->t = REGEX;
                r->i = (int64_t)(flags << 32 | close);
                r->end = (uint32_t)(q - t);
                p = q;
                continue;
            }
            case '=':
                if (d == '=') { k->t = EQ; w = 2; }
                else if (d == '>' || d == '<') return 0;
                else k->t = '=';
                break;
            case '!':
                if (d == '=') { k->t = NE; w = 2; } else k->t = '!';
                break;
            case '<':
                if (d == '=') { k->t = LE; w = 2; }
                else if (d == '>') return 0;
                else k->t = '<';
                break;
            case '>':
                if (d == '=') { k->t = GE; w = 2; } else k->t = '>';
                break;
            case '-':
                if (d == '>') {
                    k->t = ARROW;
                    w = 2;
                } else {
                    k->t = '-';
                }
                break;
            case '&': case '|':
                if (d == (char)c)
                    return 0;
                k->t = c;
                break;
            default:
                return 0;
            }
            p += w;
        }
        k->end = (uint32_t)(p - t);
        if (k->t == ';') {
            *endp = p;
            return n;
        }
    }
}

/* Names of up to 7 bytes interned lately, by their bytes (the keys and
 * values a rule set names again and again): no hash, no compare. */
#define FP_NCACHE 1024
typedef struct fp_ncache {
    uint64_t    w[FP_NCACHE];   /* the bytes, and the length in the top byte (0: empty) */
    const char *s[FP_NCACHE];
} fp_ncache;

typedef struct fp_state {
    fr_parse_ctx *ctx;
    const fp_tok *tk;
    int           i;        /* the next token */
    fp_ncache    *nc;
} fp_state;

/* An expression: its node and its span. */
typedef struct fp_exp {
    ast_expr *e;
    uint32_t  start, end;
} fp_exp;

/* fp_name's slow path: interns the name (and caches it at i when w). */
static __attribute__((noinline)) const char *fp_intern(fp_state *st, const char *p, size_t len, uint64_t w,
                                                       size_t i)
{
    const char *s = fr_intern(st->ctx->names, p, len);
    if (!s)
        st->ctx->oom = st->ctx->stop = true;
    else if (w) {
        st->nc->w[i] = w;
        st->nc->s[i] = s;
    }
    return s;
}

static inline ast_name fp_name(fp_state *st, const fp_tok *k, bool cache)
{
    size_t len = k->end - k->start;
    const char *p = st->ctx->text + k->start, *s;
    /* the text is followed by two NULs: 8 bytes from p are readable when
     * p + 8 <= text + len + 2 */
    if (cache && len < 8 && k->start + 8 <= st->ctx->len + 2) {
        uint64_t w;
        memcpy(&w, p, 8);
        w = (w & (((uint64_t)1 << (8 * len)) - 1)) | (uint64_t)len << 56;
        uint64_t h = w * 0x9E3779B97F4A7C15ull;
        size_t i = (size_t)(h >> 54) & (FP_NCACHE - 1);
        s = st->nc->w[i] == w ? st->nc->s[i] : fp_intern(st, p, len, w, i);
    } else {
        s = fp_intern(st, p, len, 0, 0);
    }
    ast_name n = { s, (uint32_t)len, (uint8_t)(k->t == NAME), { k->start, k->end } };
    return n;
}

static ast_str fp_string(fp_state *st, const fp_tok *k)
{
    ast_str s;
    memset(&s, 0, sizeof s);
    size_t len = k->end - k->start - 2;
    char *c = fr_arena_strndup(st->ctx->strings, st->ctx->text + k->start + 1, len);
    if (!c)
        st->ctx->oom = st->ctx->stop = true;
    s.s = c;
    s.len = (uint32_t)len;
    s.pos.start = k->start;
    s.pos.end = k->end;
    return s;
}

/* str: one string or adjacent ones (joined, as str_cat joins them; past
 * FR_MAX_STRING bytes bison reports it). */
static bool fp_str(fp_state *st, ast_str *out)
{
    const fp_tok *k = &st->tk[st->i];
    if (k->t != STRING)
        return false;
    if (st->tk[st->i + 1].t != STRING) {
        *out = fp_string(st, k);
        st->i++;
        return out->s != NULL;
    }
    int j = st->i;
    size_t total = 0;
    for (; st->tk[j].t == STRING; j++)
        total += st->tk[j].end - st->tk[j].start - 2;
    if (total > FR_MAX_STRING)
        return false;
    char *c = fr_arena_alloc(st->ctx->strings, total + 1);
    if (!c) {
        st->ctx->oom = st->ctx->stop = true;
        return false;
    }
    size_t off = 0;
    for (int i = st->i; i < j; i++) {
        size_t len = st->tk[i].end - st->tk[i].start - 2;
        memcpy(c + off, st->ctx->text + st->tk[i].start + 1, len);
        off += len;
    }
    c[total] = '\0';
    out->s = c;
    out->len = (uint32_t)total;
    out->pos.start = k->start;
    out->pos.end = st->tk[j - 1].end;
    st->i = j;
    return true;
}

/* A leaf for token k: a name, an integer, a string, true/false/null. */
static inline __attribute__((always_inline)) bool fp_leaf(fp_state *st, const fp_tok *k, fp_exp *x)
{
    x->start = k->start;
    x->end = k->end;
    x->e = NULL;
    switch (k->t) {
    case IDENT:
    case NAME: {
        ast_name n = fp_name(st, k, true);
        x->e = n.s ? leaf_name(st->ctx, n) : NULL;
        return true;
    }
    case INT:
        if ((x->e = ast_expr_new(st->ctx, AE_INT, k->start, k->end)))
            x->e->u.i = k->i;
        return true;
    case STRING: {
        ast_str s = fp_string(st, k);
        if (s.s && (x->e = ast_expr_new(st->ctx, AE_STR, k->start, k->end))) {
            x->e->u.str.s = s.s;
            x->e->u.str.len = s.len;
        }
        return true;
    }
    case K_TRUE:
        x->e = ast_expr_new(st->ctx, AE_TRUE, k->start, k->end);
        return true;
    case K_FALSE:
        x->e = ast_expr_new(st->ctx, AE_FALSE, k->start, k->end);
        return true;
    case K_NULL:
        x->e = ast_expr_new(st->ctx, AE_NULL, k->start, k->end);
        return true;
    default:
        return false;
    }
}

static bool fp_or(fp_state *st, fp_exp *x);

static bool fp_ok(const fp_exp *x)
{
    return x->e != NULL;
}

/* An operand: a leaf or a parenthesized condition. */
static inline __attribute__((always_inline)) bool fp_prim(fp_state *st, fp_exp *x)
{
    const fp_tok *k = &st->tk[st->i];
    if (k->t == '(') {
        st->i++;
        if (!fp_or(st, x) || st->tk[st->i].t != ')')
            return false;
        x->start = k->start;
        x->end = st->tk[st->i].end;
        st->i++;
        if (x->e)
            x->e->pos.start = x->start, x->e->pos.end = x->end;
        return true;
    }
    if (k->t == K_GIVEN) {
        /* given '(' name ')' */
        const fp_tok *nm = &st->tk[st->i + 2], *close = &st->tk[st->i + 3];
        if (st->tk[st->i + 1].t != '(' || (nm->t != IDENT && nm->t != NAME) || close->t != ')')
            return false;
        ast_name n = fp_name(st, nm, true);
        if (!n.s)
            return false;
        x->start = k->start;
        x->end = close->end;
        if (!(x->e = ast_expr_new(st->ctx, AE_GIVEN, x->start, x->end)))
            return false;
        x->e->u.given.name = n.s;
        x->e->u.given.npos.start = nm->start;
        x->e->u.given.npos.end = nm->end;
        x->e->op = n.hyphen;
        st->i += 4;
        return true;
    }
    if (k->t == STRING && st->tk[st->i + 1].t == STRING)
        return false;   /* adjacent strings: the grammar joins them */
    if (!fp_leaf(st, k, x))
        return false;
    st->i++;
    return fp_ok(x);
}

/* '{' literal, ... [','] '}' */
static bool fp_set(fp_state *st, ast_set **out)
{
    const fp_tok *open = &st->tk[st->i];
    if (open->t != '{')
        return false;
    st->i++;
    ast_set *set = NULL;
    if (st->tk[st->i].t != '}') {
        for (;;) {
            const fp_tok *k = &st->tk[st->i];
            fp_exp m;
            if (k->t == '(' || !fp_leaf(st, k, &m) || !fp_ok(&m))
                return false;
            st->i++;
            if (!set) {
                set = FP_NEW(st, ast_set);
                if (!set)
                    return false;
            }
            ast_elist *l = FP_NEW(st, ast_elist);
            if (!l)
                return false;
            l->e = m.e;
            if (set->tail)
                set->tail->next = l;
            else
                set->head = l;
            set->tail = l;
            set->n++;
            if (st->tk[st->i].t == ',') {
                st->i++;
                if (st->tk[st->i].t == '}')
                    break;
                continue;
            }
            if (st->tk[st->i].t != '}')
                return false;
            break;
        }
    } else if (!(set = FP_NEW(st, ast_set))) {
        return false;
    }
    if (set) {
        set->pos.start = open->start;
        set->pos.end = st->tk[st->i].end;
    }
    st->i++;
    *out = set;
    return true;
}

static int fp_cmp_op(int t)
{
    switch (t) {
    case '=': case EQ: return FR_OP_EQ;
    case NE:           return FR_OP_NE;
    case '<':          return FR_OP_LT;
    case LE:           return FR_OP_LE;
    case '>':          return FR_OP_GT;
    case GE:           return FR_OP_GE;
    default:           return -1;
    }
}

/* operand [comparison operand | [not] in set] (comparisons do not chain) */
static bool fp_cmp(fp_state *st, fp_exp *x)
{
    if (!fp_prim(st, x))
        return false;
    int t = st->tk[st->i].t, op = fp_cmp_op(t);
    if (op >= 0) {
        st->i++;
        fp_exp r;
        if (!fp_prim(st, &r))
            return false;
        if (!(x->e = ast_binary(st->ctx, op, x->e, r.e, x->start, r.end)))
            return false;
        x->end = r.end;
    } else if (t == K_IN || (t == K_NOT && st->tk[st->i + 1].t == K_IN)) {
        op = t == K_IN ? FR_OP_IN : FR_OP_NOTIN;
        st->i += t == K_IN ? 1 : 2;
        ast_set *set;
        if (!fp_set(st, &set))
            return false;
        uint32_t end = st->tk[st->i - 1].end;
        ast_expr *e = ast_unary(st->ctx, op, x->e, x->start, end);
        if (!e)
            return false;
        e->kind = AE_IN;
        e->u.in.set = set;
        x->e = e;
        x->end = end;
    } else if (t == '~') {
        const fp_tok *r = &st->tk[st->i + 1];
        if (r->t != REGEX)
            return false;
        st->i += 2;
        /* as lex_regex builds it (the pattern without the slashes) */
        ast_regex *re = FP_NEW(st, ast_regex);
        if (!re)
            return false;
        uint32_t close = (uint32_t)((uint64_t)r->i & 0xffffffffu);
        size_t plen = close - r->start - 1;
        char *pat = fr_arena_strndup(st->ctx->strings, st->ctx->text + r->start + 1, plen);
        if (!pat) {
            st->ctx->oom = st->ctx->stop = true;
            return false;
        }
        re->pat = pat;
        re->len = (uint32_t)plen;
        re->flags = (uint32_t)((uint64_t)r->i >> 32);
        re->pat_pos.start = r->start + 1;
        re->pat_pos.end = r->start + 1 + (uint32_t)plen;
        ast_expr *e = ast_unary(st->ctx, FR_OP_MATCH, x->e, x->start, r->end);
        if (!e)
            return false;
        e->kind = AE_MATCH;
        e->u.match.re = re;
        x->e = e;
        x->end = r->end;
    } else {
        return true;
    }
    t = st->tk[st->i].t;
    return fp_cmp_op(t) < 0 && t != K_IN && t != K_NOT && t != '~';
}

static bool fp_not(fp_state *st, fp_exp *x)
{
    const fp_tok *k = &st->tk[st->i];
    if (k->t != '!')
        return fp_cmp(st, x);
    st->i++;
    if (!fp_not(st, x))
        return false;
    if (!(x->e = ast_unary(st->ctx, FR_OP_NOT, x->e, k->start, x->end)))
        return false;
    x->start = k->start;
    return true;
}

static bool fp_and(fp_state *st, fp_exp *x)
{
    if (!fp_not(st, x))
        return false;
    while (st->tk[st->i].t == '&') {
        st->i++;
        fp_exp r;
        if (!fp_not(st, &r))
            return false;
        if (!(x->e = ast_binary(st->ctx, FR_OP_AND, x->e, r.e, x->start, r.end)))
            return false;
        x->end = r.end;
    }
    return true;
}

static bool fp_or(fp_state *st, fp_exp *x)
{
    if (!fp_and(st, x))
        return false;
    while (st->tk[st->i].t == '|') {
        st->i++;
        fp_exp r;
        if (!fp_and(st, &r))
            return false;
        if (!(x->e = ast_binary(st->ctx, FR_OP_OR, x->e, r.e, x->start, r.end)))
            return false;
        x->end = r.end;
    }
    return true;
}

/* The statement of n tokens (the last its ';'), parsed and built; false if
 * it is not a plain rule (or out of memory). */
static bool fp_rule(fp_state *st, int n, ast_stmt **out)
{
    const fp_tok *tk = st->tk;
    ast_name rname;
    memset(&rname, 0, sizeof rname);
    bool named = false;
    uint32_t head = tk[0].start;
    st->i = 0;
    if (tk[0].t == K_RULE) {
        if ((tk[1].t != IDENT && tk[1].t != NAME) || tk[2].t != ':')
            return false;
        rname = fp_name(st, &tk[1], false);   /* (a name per rule: not cached) */
        if (!rname.s)
            return false;
        named = true;
        st->i = 3;
    }
    fp_exp cond;
    if (!fp_or(st, &cond) || tk[st->i].t != ARROW)
        return false;
    st->i++;
    const fp_tok *a = &tk[st->i++];
    ast_stmt *s = NULL;
    uint32_t end;
    switch (a->t) {
    case K_ERROR:
    case K_WARN:
    case K_INFO: {
        ast_str msg;
        if (!fp_str(st, &msg))
            return false;
        end = msg.pos.end;
        if (!(s = ast_stmt_new(st->ctx, AS_RULE)))
            return false;
        s->u.rule.kind = a->t == K_ERROR ? FR_RULE_ERROR : a->t == K_WARN ? FR_RULE_WARN : FR_RULE_INFO;
        s->u.rule.msg = msg;
        break;
    }
    case K_REQUIRE: {
        fp_exp req;
        if (!fp_or(st, &req) || tk[st->i].t != K_ELSE)
            return false;
        st->i++;
        ast_str msg;
        if (!fp_str(st, &msg))
            return false;
        end = msg.pos.end;
        if (!(s = ast_stmt_new(st->ctx, AS_RULE)))
            return false;
        s->u.rule.kind = FR_RULE_REQUIRE;
        s->u.rule.req = req.e;
        s->u.rule.msg = msg;
        break;
    }
    case K_DECLARE: {
        ast_item *ihead = NULL, *itail = NULL;
        uint32_t nitems = 0;
        for (;;) {
            const fp_tok *k = &tk[st->i];
            if (k->t != IDENT && k->t != NAME)
                return false;
            st->i++;
            ast_name key = fp_name(st, k, true);
            if (!key.s)
                return false;
            ast_item *it = NULL;
            if (tk[st->i].t == '=') {
                st->i++;
                fp_exp v;
                if (!fp_or(st, &v))
                    return false;
                end = v.end;
                if (!(it = FP_NEW(st, ast_item)))
                    return false;
                it->key = key;
                it->value = v.e;
                it->pos.start = k->start;
                it->pos.end = v.end;
            } else {
                end = k->end;
                ast_expr *v = leaf_name(st->ctx, key);
                if (!v || !(it = FP_NEW(st, ast_item)))
                    return false;
                it->value = v;
                it->pos.start = k->start;
                it->pos.end = k->end;
            }
            if (it) {
                if (itail)
                    itail->next = it;
                else
                    ihead = it;
                itail = it;
                nitems++;
            }
            if (tk[st->i].t != ',')
                break;
            st->i++;
        }
        /* attached messages: warn|info str ... */
        ast_msg *mhead = NULL, *mtail = NULL;
        uint32_t nmsgs = 0;
        while (tk[st->i].t == K_WARN || tk[st->i].t == K_INFO) {
            uint8_t sev = tk[st->i].t == K_WARN ? FR_SEV_WARNING : FR_SEV_INFO;
            st->i++;
            ast_str text;
            if (!fp_str(st, &text))
                return false;
            end = text.pos.end;
            ast_msg *m = FP_NEW(st, ast_msg);
            if (!m)
                return false;
            m->sev = sev;
            m->text = text;
            if (mtail)
                mtail->next = m;
            else
                mhead = m;
            mtail = m;
            nmsgs++;
        }
        if (!(s = ast_stmt_new(st->ctx, AS_RULE)))
            return false;
        s->u.rule.kind = FR_RULE_DECLARE;
        s->u.rule.items = ihead;
        s->u.rule.nitems = nitems;
        s->u.rule.attached = mhead;
        s->u.rule.nattached = nmsgs;
        break;
    }
    default:
        return false;
    }
    uint32_t stmt_end = end;
    if (tk[st->i].t == K_DOC && tk[st->i + 1].t == FP_BLOCK) {
        /* `rule doc`: the skipped block is dropped, the rule ends at its '}' */
        st->i++;
        stmt_end = tk[st->i].end;
    }
    if (st->i != n - 1)
        return false;   /* not at its ';' (or the doc block's '}') */
    if (s) {
        ast_rule *r = &s->u.rule;
        if (named) {
            r->named = 1;
            r->name = rname;
        }
        r->cond = cond.e;
        r->text.start = cond.start;
        r->text.end = end;
        r->pos.start = named ? head : cond.start;
        r->pos.end = stmt_end;
    }
    *out = s;
    return true;
}

/* A literal (defaults): true false null INT '-' INT STRING IDENT NAME. */
static bool fp_literal(fp_state *st, fp_exp *x)
{
    const fp_tok *k = &st->tk[st->i];
    if (k->t == '-') {
        const fp_tok *v = &st->tk[st->i + 1];
        if (v->t != INT)
            return false;
        if (!(x->e = ast_expr_new(st->ctx, AE_INT, k->start, v->end)))
            return false;
        x->e->u.i = -v->i;
        x->start = k->start;
        x->end = v->end;
        st->i += 2;
        return true;
    }
    if (!fp_leaf(st, k, x))
        return false;
    st->i++;
    return fp_ok(x);
}

/* keykind name ':' type nullable '=' literal cli help ';', built in the
 * grammar actions' order. */
static bool fp_decl(fp_state *st, int n, ast_stmt **out)
{
    const fp_tok *tk = st->tk;
    int keykind = tk[0].t == K_FLAG ? FR_KEY_FLAG : tk[0].t == K_ENV ? FR_KEY_ENV : FR_KEY_FACT;
    if ((tk[1].t != IDENT && tk[1].t != NAME) || tk[2].t != ':')
        return false;
    ast_name name = fp_name(st, &tk[1], true);
    if (!name.s)
        return false;
    st->i = 3;
    ast_stmt *s;
    if (tk[3].t == IDENT) {
        ast_name tname = fp_name(st, &tk[3], true);
        if (!tname.s || !(s = ast_stmt_new(st->ctx, AS_DECL)))
            return false;
        s->u.decl.tname = tname;
        st->i = 4;
    } else if (tk[3].t == K_ENUM && tk[4].t == '{') {
        st->i = 5;
        ast_vlist *head = NULL, *tail = NULL;
        uint32_t nv = 0;
        for (;;) {
            const fp_tok *k = &tk[st->i];
            ast_vlist *v;
            if (k->t == IDENT || k->t == NAME) {
                ast_name vn = fp_name(st, k, true);
                if (!vn.s || !(v = FP_NEW(st, ast_vlist)))
                    return false;
                v->v.s = vn.s;
                v->v.len = vn.len;
                v->v.pos = vn.pos;
                st->i++;
            } else if (k->t == STRING) {
                ast_str vs;
                if (!fp_str(st, &vs) || !(v = FP_NEW(st, ast_vlist)))
                    return false;
                v->v = vs;
                v->is_string = 1;
            } else {
                return false;
            }
            if (tail)
                tail->next = v;
            else
                head = v;
            tail = v;
            nv++;
            if (tk[st->i].t == ',') {
                st->i++;
                if (tk[st->i].t == '}')
                    break;
                continue;
            }
            if (tk[st->i].t != '}')
                return false;
            break;
        }
        if (!(s = ast_stmt_new(st->ctx, AS_DECL)))
            return false;
        s->u.decl.is_enum = 1;
        s->u.decl.values = head;
        s->u.decl.nvalues = nv;
        s->u.decl.enum_pos.start = tk[3].start;
        s->u.decl.enum_pos.end = tk[st->i].end;
        st->i++;
    } else {
        return false;
    }
    ast_decl *d = &s->u.decl;
    if (tk[st->i].t == '?') {
        d->nullable = 1;
        st->i++;
    }
    if (tk[st->i].t != '=')
        return false;
    st->i++;
    fp_exp def;
    if (!fp_literal(st, &def))
        return false;
    d->cli_pos.start = d->cli_pos.end = def.end;
    if (tk[st->i].t == K_CLI) {
        d->cli_pos.start = tk[st->i].start;
        st->i++;
        ast_vlist *tail = NULL;
        uint8_t nulls = 0;   /* past `null`: the null words */
        if (tk[st->i].t == K_NULL) {
            nulls = 1;
            st->i++;
        }
        for (;;) {
            const fp_tok *k = &tk[st->i];
            if (k->t != STRING)
                return false;
            ast_str cs = fp_string(st, k);
            fp_exp cv = { 0 };
            if (tk[st->i + 1].t == '=' && !nulls) {
                /* "--old" = VALUE (its node made first, as bison does) */
                st->i += 2;
                if (!fp_literal(st, &cv))
                    return false;
                st->i--;   /* (back on the last token: the loop steps past it) */
            }
            ast_vlist *v = FP_NEW(st, ast_vlist);
            if (!cs.s || !v)
                return false;
            v->cval = cv.e;
            v->v = cs;
            v->is_string = 1;
            v->is_null = nulls;
            if (tail)
                tail->next = v;
            else
                d->cli = v;
            tail = v;
            d->ncli += !nulls;
            d->cli_pos.end = cv.e ? cv.end : k->end;
            st->i++;
            if (tk[st->i].t == K_NULL && !nulls) {
                nulls = 1;
                st->i++;
                continue;
            }
            if (tk[st->i].t != ',')
                break;
            st->i++;
        }
    }
    if (tk[st->i].t == STRING) {
        if (!fp_str(st, &d->help))
            return false;
        d->has_help = 1;
    }
    if (st->i != n - 1 || tk[st->i].t != ';')
        return false;
    d->keykind = (uint8_t)keykind;
    d->name = name;
    d->def = def.e;
    *out = s;
    return true;
}

/* cli KIND "--a", "--b", ... ';' (the program's other flags). */
static bool fp_prog(fp_state *st, int n, ast_stmt **out)
{
    const fp_tok *tk = st->tk;
    if (tk[1].t != IDENT && tk[1].t != NAME)
        return false;
    ast_name kind = fp_name(st, &tk[1], true);
    if (!kind.s)
        return false;
    ast_vlist *head = NULL, *tail = NULL;
    uint32_t nv = 0;
    st->i = 2;
    for (;;) {
        const fp_tok *k = &tk[st->i];
        if (k->t != STRING || tk[st->i + 1].t == STRING)
            return false;   /* (adjacent strings: the grammar's) */
        ast_str cs = fp_string(st, k);
        ast_vlist *v = FP_NEW(st, ast_vlist);
        if (!cs.s || !v)
            return false;
        v->v = cs;
        v->is_string = 1;
        if (tail)
            tail->next = v;
        else
            head = v;
        tail = v;
        nv++;
        st->i++;
        if (tk[st->i].t != ',')
            break;
        st->i++;
    }
    if (st->i != n - 1 || tk[st->i].t != ';')
        return false;
    ast_stmt *s = ast_stmt_new(st->ctx, AS_PROG);
    if (!s)
        return false;
    s->u.prog.kind = kind;
    s->u.prog.cli = head;
    s->u.prog.ncli = nv;
    *out = s;
    return true;
}

/* test str '{' ... '}' with the body skipped: the grammar drops it. */
static bool fp_test(fp_state *st, int n)
{
    const fp_tok *tk = st->tk;
    size_t total = 0;
    int j = 1;
    for (; tk[j].t == STRING; j++)
        total += tk[j].end - tk[j].start - 2;
    return j > 1 && j == n - 1 && tk[j].t == FP_BLOCK && total <= FR_MAX_STRING;
}

/* A named rule's name: its interner slot is loaded while the statement
 * before it is built (with a name per rule, a cache miss each). */
static void fp_prefetch(const fr_parse_ctx *ctx, const fp_tok *tk, int n)
{
    if (n >= 2 && tk[0].t == K_RULE && (tk[1].t == IDENT || tk[1].t == NAME))
        fr_intern_prefetch(ctx->names, ctx->text + tk[1].start, tk[1].end - tk[1].start);
}

/* Statements from the scanner's position on, each read directly; stops
 * before the first one the fast path does not take.  The tokens of the next
 * statement are read before this one is built (see fp_prefetch). */
static void fp_stmts(fr_parse_ctx *ctx)
{
    fp_tok buf[2][FP_MAXTOK + 2];
    const char *p = frl_fast_pos(ctx), *endp = NULL;
    if (!p)
        return;
    int cur = 0, n = fp_lex(ctx, p, buf[cur], &endp);
    if (n < 1) {
        ctx->fast_skip = FP_BACKOFF;
        return;
    }
    fp_prefetch(ctx, buf[cur], n);
    fp_ncache nc;
    memset(nc.w, 0, sizeof nc.w);
    while (n >= 1) {
        fp_tok *tk = buf[cur];
        tk[n].t = tk[n + 1].t = 0;   /* (lookahead past the ';') */
        const char *endq = NULL;
        int m = fp_lex(ctx, endp, buf[cur ^ 1], &endq);
        fp_prefetch(ctx, buf[cur ^ 1], m);
        /* built as it is parsed: a statement that turns out not to be one
         * the fast path takes leaves some unreachable nodes in the AST
         * arena and some interned names, nothing else */
        fp_state st = { ctx, tk, 0, &nc };
        ast_stmt *s = NULL;
        uint32_t nexprs = ctx->out->nexprs;
        bool ok;
        uint8_t kind = FR_STMT_RULE;
        switch (tk[0].t) {
        case ';':
            ok = n == 1;   /* an empty statement */
            break;
        case K_FLAG: case K_ENV: case K_FACT:
            ok = fp_decl(&st, n, &s) && s;
            kind = FR_STMT_DECL;
            break;
        case K_TEST:
            ok = fp_test(&st, n);
            kind = FR_STMT_TEST;
            break;
        case K_CLI:
            ok = fp_prog(&st, n, &s) && s;
            kind = FR_STMT_PROG;
            break;
        default:
            ok = fp_rule(&st, n, &s) && s;
            break;
        }
        if (!ok) {
            ctx->out->nexprs = nexprs;
            ctx->fast_skip = FP_BACKOFF;
            return;
        }
        if (s)
            ast_append(ctx, s);
        /* the wrapper's and the lexer's state after the statement, as
         * track() and frl_tok() leave it */
        const fp_tok *last = &tk[n - 1];
        if (n == 1) {
            /* ';' at the start of a statement */
            ctx->la_stmt_start = ctx->at_stmt_start;
            ctx->before_tok = ctx->prev_tok;
            ctx->before_start = ctx->prev_start;
            ctx->before_end = ctx->prev_end;
            ctx->prev_tok = ';';
            ctx->prev_start = last->start;
            ctx->prev_end = last->end;
            ctx->lex_last = ';';
        } else {
            ctx->la_stmt_start = false;
            ctx->stmt_start = tk[0].start;
            ctx->stmt_kind = kind;
            ctx->stmt_errors = 0;
            ctx->stmt_syntax_error = false;
            ctx->eaten = false;
            if (last->t == FP_BLOCK) {
                /* '{' and the skipped block's '}' */
                ctx->before_tok = '{';
                ctx->before_start = last->start;
                ctx->before_end = last->start + 1;
                ctx->prev_tok = '}';
                ctx->prev_start = (uint32_t)last->i;
                ctx->prev_end = last->end;
                ctx->block_open = false;
                ctx->block_at = last->start;
                ctx->skipped_open = last->start + 1;
                ctx->lex_last = '}';
            } else {
                const fp_tok *before = &tk[n - 2];
                ctx->before_tok = before->t;
                ctx->before_start = before->start;
                ctx->before_end = before->end;
                ctx->prev_tok = ';';
                ctx->prev_start = last->start;
                ctx->prev_end = last->end;
                ctx->lex_last = ';';
            }
        }
        ctx->at_stmt_start = true;
        ctx->list_depth = 0;
        ctx->test_state = 0;
        ctx->paren_depth = 0;
        ctx->unary_run = 0;
        frl_fast_move(ctx, (char *)endp);
        cur ^= 1;
        n = m;
        endp = endq;
    }
}

int fr_parse(fr_parse_ctx *ctx)
{
    if (fr_lex_begin(ctx) < 0)
        return -1;
    ctx->at_stmt_start = true;
    int r;
    do {
        ctx->restart = false;
        r = yyparse(ctx);
    } while (r == 2 && ctx->restart && !ctx->stop && !ctx->oom);
    fr_lex_end(ctx);
    return ctx->oom || ctx->sink->oom ? -1 : 0;
}
