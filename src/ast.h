/* ast.h — the syntax tree the parser builds (grammar/parser.y), and the
 * parse context shared by the lexer, the parser and compile.c.
 *
 * Everything is allocated in one arena (the compiler's AST arena), freed in
 * one go after compilation; nothing in the tree owns memory, which is why the
 * grammar needs no %destructor.  Spans are byte offsets into the file being
 * parsed (the file id is the parse context's).  Names are interned in the
 * ruleset's interner; decoded strings live in the ruleset's arena (they end
 * up in the IR). */
#ifndef FR_AST_H
#define FR_AST_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "diag.h"
#include "intern.h"
#include "locfile.h"

/* Limits, each a located error when exceeded. */
#define FR_MAX_DEPTH      256          /* nesting of expressions */
#define FR_MAX_IDENT      1024         /* bytes in a name */
#define FR_MAX_STRING     (1u << 20)   /* bytes in a string literal */
#define FR_MAX_FILE       (256u << 20) /* bytes in a rule file */
#define FR_DEFAULT_MAX_ERRORS 20

typedef struct ast_pos {
    uint32_t start, end;
} ast_pos;

/* A decoded string literal (adjacent literals concatenated). */
typedef struct ast_str {
    const char *s;      /* NUL-terminated, in the ruleset arena */
    uint32_t    len;
    ast_pos     pos;    /* from the first quote to the last */
} ast_str;

/* A name as written: IDENT or hyphenated NAME. */
typedef struct ast_name {
    const char *s;      /* interned */
    uint32_t    len;
    uint8_t     hyphen; /* a hyphenated NAME */
    ast_pos     pos;
} ast_name;

typedef enum ast_ekind {
    AE_NAME = 0,   /* u.name: a key, alias or enum value (resolved later);
                      op = 1 for a hyphenated NAME */
    AE_INT,        /* u.i */
    AE_STR,        /* u.str */
    AE_TRUE,
    AE_FALSE,
    AE_NULL,
    AE_GIVEN,      /* u.name: given(KEY); the key's span is pos minus "given(" ")" */
    AE_UNARY,      /* op = FR_OP_NOT / FR_OP_NEG; u.bin.l */
    AE_BINARY,     /* op = an fr_op of arity 2; u.bin.l, u.bin.r */
    AE_IN,         /* op = FR_OP_IN / FR_OP_NOTIN; u.in */
    AE_MATCH       /* u.match */
} ast_ekind;

typedef struct ast_expr ast_expr;

typedef struct ast_elist {          /* set members */
    ast_expr         *e;
    struct ast_elist *next;
} ast_elist;

typedef struct ast_set {
    ast_elist *head, *tail;
    uint32_t   n;
    ast_pos    pos;                 /* the braces */
} ast_set;

typedef struct ast_regex {
    const char *pat;    /* the pattern as written, without slashes (strings arena) */
    uint32_t    len;
    uint32_t    flags;  /* bit 0..4: the letters i m s x u */
    ast_pos     pat_pos;/* the pattern's bytes in the source */
} ast_regex;

/* 32 bytes: a million rules' trees must stay small. */
struct ast_expr {
    uint8_t  kind;      /* ast_ekind */
    uint8_t  op;        /* fr_op for UNARY/BINARY/IN; hyphen flag for NAME */
    uint16_t depth;     /* 1 for a leaf */
    ast_pos  pos;
    uint32_t nterms;    /* AE_BINARY '&' or '|': the terms of its chain under it
                           (a child of another kind counts 1; see ast_binary) */
    union {
        const char *name;                       /* interned */
        struct { const char *name; ast_pos npos; } given;   /* AE_GIVEN: name (as u.name) and where
                                                                it is (a node of full size) */
        int64_t     i;
        struct { const char *s; uint32_t len; } str;
        struct { ast_expr *l, *r; } bin;
        struct { ast_expr *l; ast_set *set; } in;
        struct { ast_expr *l; ast_regex *re; } match;
    } u;
};

_Static_assert(sizeof(struct ast_expr) == 32, "ast_expr: 32 bytes");

/* ---- declarations ---------------------------------------------------------- */

typedef struct ast_vlist {          /* enum members, cli spellings */
    ast_str           v;            /* for names: s is interned */
    uint8_t           is_string;    /* written as a string literal */
    uint8_t           is_null;      /* a decl's cli: a null word (after `null`) */
    struct ast_vlist *next;
    ast_expr         *cval;         /* a decl's cli: `"--old" = VALUE`, a spelling
                                       that takes no value and gives this one
                                       (argparse's store_const); else NULL */
} ast_vlist;

typedef struct ast_decl {   /* (ordered for packing: an ast_stmt is 144 bytes) */
    ast_name   name;
    ast_name   tname;       /* the type name (bool/int/string) unless enum */
    ast_str    help;
    ast_vlist *values;      /* enum members */
    ast_expr  *def;         /* a literal */
    ast_vlist *cli;
    ast_pos    enum_pos;
    ast_pos    cli_pos;
    uint32_t   nvalues;
    uint32_t   ncli;
    uint8_t    keykind;     /* fr_keykind */
    uint8_t    is_enum;
    uint8_t    nullable;
    uint8_t    has_help;
} ast_decl;

typedef struct ast_alias {
    ast_name name, target;
} ast_alias;

/* cli KIND "--a", "--b";  the program's other flags (fr_progflag) */
typedef struct ast_prog {
    ast_name   kind;        /* bool, value, optional, list, any */
    ast_vlist *cli;
    uint32_t   ncli;
} ast_prog;

/* ---- rules ------------------------------------------------------------------ */

typedef struct ast_item {           /* declare KEY = EXPR | VALUE */
    ast_name         key;           /* empty (s == NULL) for a bare value */
    ast_expr        *value;         /* for a bare value: an AE_NAME/AE_STR */
    ast_pos          pos;
    struct ast_item *next;
} ast_item;

typedef struct ast_msg {            /* attached warn/info */
    uint8_t         sev;            /* FR_SEV_WARNING / FR_SEV_INFO */
    ast_str         text;
    struct ast_msg *next;
} ast_msg;

typedef struct ast_docfield {
    ast_name             field;
    uint8_t              is_name;   /* value is a name (see) rather than a string */
    ast_str              str;
    ast_name             name;
    struct ast_docfield *next;
} ast_docfield;

typedef struct ast_doc {
    ast_docfield *fields;
    ast_pos       pos;
} ast_doc;

typedef struct ast_rule {
    uint8_t   named;
    uint8_t   kind;         /* fr_rulekind */
    ast_name  name;
    ast_expr *cond;
    ast_expr *req;          /* REQUIRE */
    ast_str   msg;          /* ERROR/WARN/INFO/REQUIRE */
    ast_item *items;        /* DECLARE */
    uint32_t  nitems;
    ast_msg  *attached;
    uint32_t  nattached;
    ast_doc  *doc;
    ast_pos   pos;          /* the statement */
    ast_pos   text;         /* condition to end of action: hashed for unnamed ids */
} ast_rule;

/* ---- tests ------------------------------------------------------------------- */

typedef enum ast_expkind {
    AX_WORD = 0,    /* ok / invalid / anything else: checked in compile.c */
    AX_ERROR_ANY,   /* error */
    AX_MSG,         /* [not] error|warn|info RULE */
    AX_FIRST,       /* first error RULE (word = "first") */
    AX_VALUE        /* KEY = VALUE */
} ast_expkind;

typedef struct ast_expect {
    uint8_t            kind;
    uint8_t            negated;
    uint8_t            sev;      /* AX_MSG: FR_SEV_* */
    ast_name           word;     /* AX_WORD/AX_FIRST: the word; AX_VALUE: the key */
    ast_name           rule;     /* AX_MSG/AX_FIRST */
    ast_expr          *value;    /* AX_VALUE */
    ast_pos            pos;
    struct ast_expect *next;
} ast_expect;

typedef struct ast_case {
    const char      *config;     /* NUL-terminated, comments dropped (ruleset arena) */
    ast_pos          config_pos;
    ast_expect      *expects;
    uint32_t         nexpects;
    ast_pos          pos;
    struct ast_case *next;
} ast_case;

typedef struct ast_test {
    ast_str   name;
    ast_case *cases;
    uint32_t  ncases;
    ast_pos   pos;
} ast_test;

/* ---- statements and files ------------------------------------------------------ */

typedef enum ast_skind { AS_DECL = 0, AS_ALIAS, AS_RULE, AS_TEST, AS_PROG } ast_skind;

typedef struct ast_stmt {
    uint8_t kind;
    union {
        ast_decl  decl;
        ast_alias alias;
        ast_rule  rule;
        ast_test  test;
        ast_prog  prog;
    } u;
    struct ast_stmt *next;
} ast_stmt;

typedef struct ast_file {
    uint32_t  file;      /* fr_sources id */
    ast_stmt *stmts, *last;
    /* counts, for sizing the IR arrays once */
    uint32_t  nrules, nkeys, naliases, ntests, nprogs;   /* nprogs: program flag spellings */
    uint32_t  nexprs;    /* expression nodes built (an upper bound of IR nodes) */
} ast_file;

/* ---- error reporting shared by the parser and compile.c ------------------------ */

typedef struct fr_errsink {
    fr_diags *diags;
    unsigned  nerrors;
    unsigned  max_errors;   /* 0: no cap */
    bool      stopped;      /* the cap was reached: stop everything */
    bool      oom;
} fr_errsink;

/* Adds a diagnostic (errors count against the cap; once it is reached a
 * final note "too many errors, stopping" is added and NULL returned for
 * every later error).  NULL also when out of memory (sink->oom set). */
fr_diag *fr_report(fr_errsink *sink, fr_severity sev, fr_span where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
fr_diag *fr_reportv(fr_errsink *sink, fr_severity sev, fr_span where, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
void     fr_report_note(fr_errsink *sink, fr_diag *g, fr_span where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void     fr_report_hint(fr_errsink *sink, fr_diag *g, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- the parse context ------------------------------------------------------------ */

typedef struct fr_parse_ctx {
    /* inputs */
    fr_arena    *arena;      /* AST nodes */
    fr_arena    *strings;    /* decoded strings (ruleset arena) */
    fr_interner *names;
    fr_errsink  *sink;
    uint32_t     file;
    char        *text;       /* len bytes + 2 NULs, scanned in place */
    size_t       len;
    /* output */
    ast_file    *out;
    /* parser state (the token wrapper in parser.y) */
    bool         stop;       /* a fatal error: the lexer returns end of file */
    bool         oom;
    uint32_t     prev_end;   /* end of the last token returned */
    uint32_t     stmt_start; /* offset of the statement's first token */
    uint8_t      stmt_kind;  /* what the statement is, for messages */
    bool         at_stmt_start;
    unsigned     stmt_errors;   /* errors reported in the current statement */
    int          pending_tok;   /* a keyword held back behind a virtual ';' (0: none) */
    uint32_t     pending_start, pending_end;
    bool         virt_semi;     /* the last token returned was a virtual ';' */
    uint32_t     virt_at;       /* where the virtual ';' was put */
    bool         stmt_syntax_error; /* a syntax error in the current statement */
    int          prev_tok;      /* the last token returned */
    int          before_tok;    /* the one before it */
    uint32_t     before_start, before_end;
    uint32_t     prev_start;
    bool         la_stmt_start; /* the last token started a statement */
    bool         eaten;         /* an unterminated string/regex in this statement */
    bool         cli_nulls;     /* a declaration's `cli ... null` seen */
    bool         block_open;    /* inside a doc or test block */
    uint32_t     block_at;      /* its '{' */
    bool         virt_close;    /* the last token returned was a virtual '}' */
    bool         item_error;    /* the last test case / doc field was an error */
    ast_case    *cases_head, *cases_tail;   /* the test block being parsed */
    uint32_t     ncases;
    uint32_t     err_at;        /* the token of the last syntax error */
    ast_pos      reduced;       /* the last grammar reduction's span (YYLLOC_DEFAULT) */
    ast_pos      cmp_left, cmp_op;  /* the last comparison shifted: its left side, operator */
    uint32_t     list_depth;    /* braces of enum types and sets */
    bool         swallowing;    /* after a misplaced block's error: its tokens are dropped */
    uint32_t     swallow_depth; /* braces open in it (0: its '{' not seen yet) */
    /* lexer state */
    void        *scanner;
    jmp_buf     *jmp;        /* while the scanner sets up: where out of memory jumps */
    void        *pending;    /* while the buffer is set up: its first allocation */
    bool         track;      /* record that allocation in `pending` */
    uint8_t      test_state; /* 0, 1 after `test`, 2 after its name */
    bool         in_test;    /* inside a test block */
    bool         case_first; /* the next config word starts a case */
    uint32_t     test_open;  /* offset of the test block's `{` */
    uint32_t     paren_depth;
    uint32_t     paren_at[FR_MAX_DEPTH];   /* offsets of the open '(' */
    uint32_t     unary_run;  /* consecutive prefix operators */
    bool         suppress_syntax; /* the next syntax error follows a reported one */
    bool         suppress_armed;
    bool         restart;    /* the parser ran out of stack: parse on after ';' */
    char        *sbuf;       /* the string being decoded */
    size_t       slen, scap;
    uint32_t     sstart;     /* offset of the opening quote */
    bool         sbad;       /* the string had an error already reported */
    bool         slong;      /* the string is longer than FR_MAX_STRING */
    char        *cbuf;       /* the words of the current test config */
    size_t       clen, ccap;
    /* skipping test and doc blocks (fr_compiler_set_skip_tests) */
    bool         skip_blocks;   /* input: scan well-formed blocks, do not parse them */
    int          lex_last;      /* the last token frl_tok passed on */
    bool         close_pending; /* the next token is the skipped block's '}' */
    uint32_t     close_at;      /* its offset */
    uint32_t     skipped_open;  /* offset + 1 of the '{' of the last skipped block (0: none) */
    bool         skip_scalar;   /* tests: the block scanners without their AVX2 steps */
    /* the fast path for plain rules (parser.y): off after any syntax error */
    bool         no_fast;
    uint32_t     fast_skip;  /* statements not to try after one that was not plain */
} fr_parse_ctx;

/* frl_lex returns this after a nesting error: call it again. */
#define FR_TOK_SKIP (-2)

/* What ctx->stmt_kind says. */
enum { FR_STMT_RULE = 0, FR_STMT_DECL, FR_STMT_ALIAS, FR_STMT_TEST, FR_STMT_PROG };

/* Parses ctx->text into ctx->out (which the caller allocates).  Returns 0,
 * or -1 when out of memory.  Syntax errors are reported through ctx->sink. */
int fr_parse(fr_parse_ctx *ctx);

/* Helpers for the grammar actions (ast.c). */
fr_span   fr_ctx_span(const fr_parse_ctx *ctx, uint32_t start, uint32_t end);
ast_expr *ast_binary(fr_parse_ctx *ctx, int op, ast_expr *l, ast_expr *r, uint32_t start, uint32_t end);
ast_expr *ast_unary(fr_parse_ctx *ctx, int op, ast_expr *l, uint32_t start, uint32_t end);
ast_stmt *ast_stmt_new(fr_parse_ctx *ctx, ast_skind kind);
void      ast_append(fr_parse_ctx *ctx, ast_stmt *s);
/* zeroed; sets ctx->oom */
static inline void *ast_alloc(fr_parse_ctx *ctx, size_t n)
{
    void *p = fr_arena_zalloc8(ctx->arena, n);
    if (!p) {
        ctx->oom = true;
        ctx->stop = true;
    }
    return p;
}

/* A leaf but a string or given(KEY) has only the union's first 8 bytes
 * (u.name, u.i): it is allocated without the rest (peak RSS: most nodes are
 * leaves). */
#define AST_LEAF_SIZE (offsetof(ast_expr, u) + sizeof(int64_t))

static inline ast_expr *ast_expr_new(fr_parse_ctx *ctx, ast_ekind kind, uint32_t start, uint32_t end)
{
    bool leaf = kind != AE_STR && kind != AE_GIVEN && kind < AE_UNARY;
    ast_expr *e = ast_alloc(ctx, leaf ? AST_LEAF_SIZE : sizeof *e);
    if (!e)
        return NULL;
    e->kind = (uint8_t)kind;
    e->depth = 1;
    ctx->out->nexprs++;
    e->pos.start = start;
    e->pos.end = end;
    return e;
}

#endif
