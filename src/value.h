/* value.h — run-time value helpers (value.c): parsing text for a type,
 * formatting as text / Python repr / compact output, comparison and hashing,
 * and a small growable byte buffer used by the evaluator and the CLI. */
#ifndef FR_VALUE_H
#define FR_VALUE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "ir.h"

/* ---- a growable buffer -----------------------------------------------------
 * Appends never fail loudly: out of memory sets `oom` and later appends are
 * ignored, so a caller checks once at the end.  The bytes are kept
 * NUL-terminated when cap > 0. */
typedef struct fr_buf {
    char  *p;
    size_t len, cap;
    int    oom;
} fr_buf;

int  fr_buf_reserve(fr_buf *b, size_t extra);      /* 0 or -1 (sets oom) */
void fr_buf_put(fr_buf *b, const void *s, size_t n);
void fr_buf_puts(fr_buf *b, const char *s);
void fr_buf_putc(fr_buf *b, char c);
void fr_buf_printf(fr_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fr_buf_free(fr_buf *b);
/* Returns the bytes as a malloc'd NUL-terminated string (the buffer is
 * emptied and released), or NULL when out of memory (the buffer is freed). */
char *fr_buf_take(fr_buf *b);

/* Source text (an expression, a rule) on one line, as the parser reads it:
 * comments dropped, each run of whitespace and comments written as one space
 * (none at the ends), strings and regular expressions as written.  For
 * one-line renderings (explain, run-time error messages, diagnostics); a
 * verbatim listing keeps the text as it is. */
void fr_src_oneline(fr_buf *b, const char *t, size_t n);

/* A control character at p (n bytes left) of a string literal or a regular
 * expression's pattern, as an escape that reads as the same bytes there
 * (so that source text shown on a terminal cannot drive it): an ASCII
 * control byte (not a tab) is \xHH; a C1 control (U+0080-U+009F, 2 bytes of
 * UTF-8) is \u{HH} in a string, \x{HH} in a UTF regex, \xC2\xHH in another.
 * kind: 0 a string, 1 a regex, 2 a UTF regex.  Returns the bytes taken
 * (out written, NUL-terminated), 0 when p is no control. */
size_t fr_ctl_escape(const char *p, size_t n, int kind, char out[12]);

/* ---- parsing ---------------------------------------------------------------- */

typedef enum fr_parse_rc {
    FR_PARSE_OK = 0,
    FR_PARSE_BAD,       /* not a value of the type (bad int, bool, enum member) */
    FR_PARSE_RANGE      /* an integer out of the 64-bit range */
} fr_parse_rc;

/* Parses config text for a key of type `t`.  `null` and `None` are null for
 * a nullable type (an enum member of that spelling wins; the config reader
 * passes them only for a fact: config.c, word_value).  Strings point
 * into `s` (not copied).  Bools accept true/false/1/0 (case-insensitive
 * true/false).  Ints as Python's int() reads a str (fr_parse_int). */
fr_parse_rc fr_value_parse(const fr_ruleset *rs, fr_type t, const char *s, size_t len, fr_val *out);
/* Parses an integer as Python's int() parses a str: blanks around it
 * (str.isspace() but U+001C..U+001F) dropped, an optional sign, decimal
 * digits of any script (Unicode Nd) with single `_` between them, at most
 * 4,300 digits (CPython's limit); FR_PARSE_OK (0), FR_PARSE_BAD or
 * FR_PARSE_RANGE (outside int64). */
fr_parse_rc fr_parse_int(const char *s, size_t len, int64_t *out);

/* "an integer", "true or false", "a string", "one of a, b, c". */
void fr_type_expect_text(fr_buf *b, const fr_ruleset *rs, fr_type t);

/* ---- formatting -------------------------------------------------------------- */

/* Text form: 8, true, pplx, the string bytes, null. */
void fr_val_text(fr_buf *b, const fr_ruleset *rs, fr_type t, fr_val v);
/* Python repr: 'pplx', 8, True, None; strings as CPython's str.__repr__
 * (invalid UTF-8 bytes shown as \udcXX, as Python's surrogateescape). */
void fr_val_repr(fr_buf *b, const fr_ruleset *rs, fr_type t, fr_val v);
void fr_pyrepr_str(fr_buf *b, const char *s, size_t len);
/* A user's text echoed in a message (a config reason, a name on the command
 * line), as fr_pyrepr_str (quotes included; control bytes, C1 controls,
 * U+2028/9 and invalid UTF-8 escaped); past FR_ECHO_MAX bytes only its first
 * FR_ECHO_KEEP (cut before a UTF-8 sequence) and its length: a 10 MB value
 * gave a 10 MB message. */
#define FR_ECHO_MAX  256
#define FR_ECHO_KEEP 160
void fr_echo_value(fr_buf *b, const char *s, size_t len);
/* The compact-format form (HACKING.md): like text, but a string or enum
 * value holding a space, tab, newline or backslash, empty, or the text
 * null, is written
 * C-escaped in double quotes. */
void fr_val_compact(fr_buf *b, const fr_ruleset *rs, fr_type t, fr_val v);
/* A string in that form.  (Control characters other than tab and newline
 * also make it quoted, so a compact line never holds raw control bytes.) */
void fr_compact_str(fr_buf *b, const char *s, size_t len);
/* Appends s quoted for a POSIX shell if it needs quoting (else as is). */
void fr_shell_quote(fr_buf *b, const char *s, size_t len);
/* Bytes and length of a value's text form when it needs no formatting
 * (strings, enums, bools, null); NULL for ints. */
const char *fr_val_plain(const fr_ruleset *rs, fr_type t, fr_val v, size_t *len);

/* Public form of a value (flagrule.h). */
fr_value fr_val_public(const fr_ruleset *rs, fr_type t, fr_val v);

/* ---- comparison ----------------------------------------------------------------- */

/* Equality of two values of type t (null equals only null). */
static inline bool fr_val_eq(fr_type t, fr_val a, fr_val b)
{
    if (a.is_null | b.is_null)
        return a.is_null == b.is_null;
    if (t.kind == FR_T_STRING)
        return a.i == b.i && (a.i == 0 || memcmp(a.s, b.s, (size_t)a.i) == 0);
    return a.i == b.i;
}
/* Total order for sorting sets: null first; ints numerically; strings by
 * memcmp then length; bools/enums by index. */
int      fr_val_cmp(fr_type t, fr_val a, fr_val b);
uint64_t fr_val_hash(fr_type t, fr_val v);

/* Whether `v` is a member of set `st` (null: st->has_null). */
bool fr_set_contains(const fr_set *st, fr_val v);

/* UTF-8 validity of bytes, and a copy with each invalid sequence replaced by
 * U+FFFD (appended to b). */
bool fr_utf8_valid(const char *s, size_t len);
void fr_utf8_sanitize(fr_buf *b, const char *s, size_t len);
/* How Python's argparse reads a word after a flag that takes a value: 0,
 * a value (no '-' first, a lone '-', a negative number: -5, -.5, any
 * script's digits); 1, an option ('-' and more, no space); 2, a word with a
 * space: an option only when it names one (config.c, option_word). */
int fr_option_like(const char *w, size_t n);
#endif
