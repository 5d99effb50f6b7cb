/* compile.c — the compiler: files -> AST (parser) -> checked IR (ir.h).
 *
 * fr_compile() parses every file added, then works in two passes so that a
 * rule may use a key declared in a later file:
 *   1. declarations of all files: keys, enums, aliases, rule names;
 *   2. rules (conditions, actions, messages, docs), then test blocks;
 * then graph.c builds the evaluation plan, ir.c the lookup tables, and
 * eval.c its indexes.  Every error of every file is reported (up to the cap)
 * before giving up.
 *
 * Memory: the AST lives in an arena freed when fr_compile() returns; the IR
 * arrays are sized from counts made while parsing and allocated once in the
 * ruleset's arena.  Name -> id lookups go through hash maps keyed by the
 * interned name pointer; nothing is quadratic. */
#define _DEFAULT_SOURCE   /* (struct dirent's d_type, DT_DIR, DT_REG) */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>   /* strcasecmp */
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
/* rule files of this size or more are mapped (add_file) */
#define FR_MAP_MIN ((off_t)64 << 10)
#endif

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "compile.h"
#include "doc.h"
#include "eval.h"
#include "misspell.h"
#include "prefault.h"

struct fr_compiler {
    fr_sources  *src;
    fr_diags    *diags;
    fr_errsink   sink;
    bool         lint;
    bool         skip_tests;  /* fr_compiler_set_skip_tests */
    bool         used;        /* fr_compile() ran */
    bool         oom;
    bool         io_failed;   /* a path could not be read */
    int          prefault;    /* fr_compiler_set_prefault: -1 auto, 0 off, 1 on */
    unsigned     helpers;     /* helper threads started (fr_compiler_helpers) */
    uint32_t    *files;       /* file ids added, in order */
    size_t       nfiles, capfiles;
    struct fileid *loaded;    /* files and directories added (a hash set) */
    size_t       nloaded, caploaded;
    size_t       rule_files;  /* rule files met in directories (added now or before) */
};

/* ---- the compiler object ---------------------------------------------------- */

fr_compiler *fr_compiler_new(void)
{
    fr_compiler *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->prefault = -1;
    c->src = fr_sources_new();
    c->diags = c->src ? fr_diags_new(c->src) : NULL;
    if (!c->diags) {
        fr_sources_free(&c->src);
        free(c);
        return NULL;
    }
    c->sink.diags = c->diags;
    c->sink.max_errors = FR_DEFAULT_MAX_ERRORS;
    return c;
}

void fr_compiler_free(fr_compiler **cp)
{
    if (!cp || !*cp)
        return;
    fr_compiler *c = *cp;
    fr_diags_free(&c->diags);
    fr_sources_unref(&c->src);
    free(c->files);
    free(c->loaded);
    free(c);
    *cp = NULL;
}

const fr_diags *fr_compiler_diags(const fr_compiler *c)
{
    return c ? c->diags : NULL;
}

void fr_compiler_set_max_errors(fr_compiler *c, unsigned n)
{
    if (c)
        c->sink.max_errors = n;
}

void fr_compiler_set_lint(fr_compiler *c, bool on)
{
    if (c)
        c->lint = on;
}

void fr_compiler_set_threads(fr_compiler *c, bool on)
{
    fr_compiler_set_prefault(c, on ? -1 : 0);
}

unsigned fr_compiler_helpers(const fr_compiler *c)
{
    return c ? c->helpers : 0;
}

void fr_compiler_set_prefault(fr_compiler *c, int mode)
{
    if (c)
        c->prefault = mode < 0 ? -1 : mode > 0;
}

void fr_compiler_set_skip_tests(fr_compiler *c, bool on)
{
    if (c)
        c->skip_tests = on;
}

static fr_span no_span(void)
{
    fr_span sp = { FR_NO_FILE, 0, 0 };
    return sp;
}

/* Adds a file's text; `owned` is a malloc'd buffer of len + 2 bytes, or
 * (maplen != 0) a mapping of maplen bytes, that the sources take over
 * (else `text` is copied). */
static fr_rc add_source(fr_compiler *c, const char *name, const char *text, char *owned, size_t len,
                        size_t maplen)
{
    if (len > FR_MAX_FILE) {
        fr_sources_free_text(owned, maplen);
        c->io_failed = true;
        fr_report(&c->sink, FR_SEV_ERROR, no_span(),
                  "%s: file too large (%zu bytes; the limit is %u MiB)", name, len, FR_MAX_FILE >> 20);
        return FR_EIO;
    }
    if (fr_vec_reserve((void **)&c->files, &c->capfiles, c->nfiles + 1, sizeof *c->files) < 0) {
        fr_sources_free_text(owned, maplen);
        return FR_ENOMEM;
    }
    int32_t id = owned ? fr_sources_adopt_map(c->src, name, owned, len, maplen)
                       : fr_sources_add(c->src, name, text, len);
    if (id < 0)
        return FR_ENOMEM;
    c->files[c->nfiles++] = (uint32_t)id;
    return FR_OK;
}

fr_rc fr_compiler_add_text(fr_compiler *c, const char *name, const char *text, size_t len)
{
    /* after fr_compile() the sources belong to the ruleset too: no more */
    if (!c || (!text && len) || c->used)
        return FR_EINVAL;
    fr_rc rc = add_source(c, name ? name : "<input>", text ? text : "", NULL, len, 0);
    if (rc == FR_ENOMEM)
        c->oom = true;
    return rc;
}

static fr_rc io_error(fr_compiler *c, const char *path, const char *what, int err)
{
    c->io_failed = true;
    if (err)
        fr_report(&c->sink, FR_SEV_ERROR, no_span(), "%s: %s: %s", path, what, strerror(err));
    else
        fr_report(&c->sink, FR_SEV_ERROR, no_span(), "%s: %s", path, what);
    return FR_EIO;
}

/* ---- files and directories loaded once ------------------------------------------------ */

/* A file or directory by identity: the same file named twice (-r a.rules -r
 * ./a.rules, FLAGRULE_PATH overlapping -r) or a directory reached again
 * through a symbolic link (a loop: d/self -> ../d) is loaded once. */
struct fileid {
    dev_t dev;
    ino_t ino;
    bool  used;
    bool  rules;   /* a directory whose scan found rule files (in it or below) */
};

static size_t fileid_slot(const struct fileid *t, size_t cap, dev_t dev, ino_t ino)
{
    uint64_t h = ((uint64_t)ino ^ ((uint64_t)dev << 32 | (uint64_t)dev >> 32)) * 0x9e3779b97f4a7c15ull;
    size_t i = (size_t)(h >> 32) & (cap - 1);
    while (t[i].used && !(t[i].dev == dev && t[i].ino == ino))
        i = (i + 1) & (cap - 1);
    return i;
}

/* Records st's file; 1 if it was recorded before, 0 if not, -1 out of memory. */
static int loaded_before(fr_compiler *c, const struct stat *st)
{
    if (c->caploaded && c->loaded[fileid_slot(c->loaded, c->caploaded, st->st_dev, st->st_ino)].used)
        return 1;
    if (2 * (c->nloaded + 1) > c->caploaded) {
        size_t cap = c->caploaded ? 2 * c->caploaded : 16;
        struct fileid *t = calloc(cap, sizeof *t);
        if (!t) {
            c->oom = true;
            return -1;
        }
        for (size_t i = 0; i < c->caploaded; i++)
            if (c->loaded[i].used)
                t[fileid_slot(t, cap, c->loaded[i].dev, c->loaded[i].ino)] = c->loaded[i];
        free(c->loaded);
        c->loaded = t;
        c->caploaded = cap;
    }
    struct fileid *e = &c->loaded[fileid_slot(c->loaded, c->caploaded, st->st_dev, st->st_ino)];
    e->dev = st->st_dev;
    e->ino = st->st_ino;
    e->used = true;
    c->nloaded++;
    return 0;
}

/* The record of st's file (recorded before). */
static struct fileid *loaded_entry(fr_compiler *c, const struct stat *st)
{
    struct fileid *e = &c->loaded[fileid_slot(c->loaded, c->caploaded, st->st_dev, st->st_ino)];
    return e->used ? e : NULL;
}

/* Reads a regular file into memory and adds it. */
static fr_rc add_file(fr_compiler *c, const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return io_error(c, path, "cannot open", errno);
    struct stat st;
    if (fstat(fd, &st) < 0) {
        int e = errno;
        close(fd);
        return io_error(c, path, "cannot read", e);
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return io_error(c, path, "is a directory (expected a rule file)", 0);
    }
    int seen = loaded_before(c, &st);
    if (seen) {
        close(fd);
        return seen < 0 ? FR_ENOMEM : FR_OK;
    }
    if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > FR_MAX_FILE) {
        close(fd);
        fr_report(&c->sink, FR_SEV_ERROR, no_span(),
                  "%s: file too large (%lld bytes; the limit is %u MiB)", path,
                  (long long)st.st_size, FR_MAX_FILE >> 20);
        return FR_EIO;
    }
#ifdef FR_MAP_MIN
    /* A big regular file is mapped, not read: its pages are the page
     * cache's, mapped many at a fault and not copied, where read() copies
     * them into fresh memory, a page fault a page (a quarter of the
     * system time of compiling 10,000 rules).  Private and writable: the
     * flex scanner writes into the text (those pages are copied on
     * write).  Only when the last page has the two NULs the lexers need
     * after the text (the kernel zeroes a mapping's bytes past the end of
     * the file); else, or if mmap fails, the file is read. */
    if (S_ISREG(st.st_mode) && st.st_size >= FR_MAP_MIN) {
        size_t len = (size_t)st.st_size, pg = (size_t)sysconf(_SC_PAGESIZE);
        size_t tail = pg > 0 && (pg & (pg - 1)) == 0 ? len & (pg - 1) : 0;
        if (tail != 0 && tail <= pg - 2) {
            void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
            if (m != MAP_FAILED) {
                close(fd);
                fr_rc rc = add_source(c, path, NULL, m, len, len);
                if (rc == FR_ENOMEM)
                    c->oom = true;
                return rc;
            }
        }
    }
#endif
    /* the size fstat gives, plus one byte to see the end of the file in
     * the same buffer; files of /proc say 0 and grow the buffer */
    size_t cap = S_ISREG(st.st_mode) && st.st_size > 0 ? (size_t)st.st_size + 3 : 4096, len = 0;
    char *buf = malloc(cap);
    if (!buf) {
        close(fd);
        c->oom = true;
        return FR_ENOMEM;
    }
    /* A big file: read() faults the fresh buffer in page by page (a third
     * of the time of a million-rule set's read); a helper thread takes the
     * last two thirds meanwhile (prefault.h), joined below. */
    fr_prefault *pf = NULL;
    if (c->prefault > 0 || (c->prefault < 0 && cap >= FR_PREFAULT_MIN)) {
        pf = fr_prefault_new();
        c->helpers += pf != NULL;
        fr_prefault_ask(pf, buf + cap / 3, cap - cap / 3);
    }
    for (;;) {
        if (len + 2 >= cap) {
            if (cap > FR_MAX_FILE) {
                fr_prefault_free(&pf);
                free(buf);
                close(fd);
                fr_report(&c->sink, FR_SEV_ERROR, no_span(),
                          "%s: file too large (the limit is %u MiB)", path, FR_MAX_FILE >> 20);
                return FR_EIO;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                fr_prefault_free(&pf);
                free(buf);
                close(fd);
                c->oom = true;
                return FR_ENOMEM;
            }
            buf = nb;
            cap *= 2;
        }
        ssize_t n = read(fd, buf + len, cap - 2 - len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            fr_prefault_free(&pf);
            free(buf);
            close(fd);
            return io_error(c, path, "cannot read", e);
        }
        if (n == 0)
            break;
        len += (size_t)n;
    }
    fr_prefault_free(&pf);
    close(fd);
    fr_rc rc = add_source(c, path, NULL, buf, len, 0);
    if (rc == FR_ENOMEM)
        c->oom = true;
    return rc;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a + 1, *(char *const *)b + 1);   /* (after the kind byte) */
}

static bool has_rules_ext(const char *name)
{
    size_t n = strlen(name);
    return n > 6 && strcmp(name + n - 6, ".rules") == 0;
}

/* A directory: its *.rules files in byte order of their names, and its
 * subdirectories (rules.d/sglang/...) in the same order, recursively. */
static fr_rc add_dir(fr_compiler *c, const char *path, int depth)
{
    if (depth > 16)
        return io_error(c, path, "directories nested too deeply", 0);
    DIR *d = opendir(path);
    if (!d)
        return io_error(c, path, "cannot open directory", errno);
    struct stat dst;
    bool have_id = fstat(dirfd(d), &dst) == 0;
    int seen = have_id ? loaded_before(c, &dst) : 0;
    if (seen) {
        closedir(d);
        /* (scanned before, its rule files counted then: they count here
         * too; a loop back to a directory being scanned counts none) */
        struct fileid *e = seen > 0 ? loaded_entry(c, &dst) : NULL;
        if (e && e->rules)
            c->rule_files++;
        return seen < 0 ? FR_ENOMEM : FR_OK;
    }
    size_t files_before = c->rule_files;
    char **names = NULL;
    size_t n = 0, cap = 0;
    fr_rc rc = FR_OK;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        /* a name is stored after a byte of its kind: 'd' a directory, 'f'
         * a regular file, '?' to ask stat() (a link, or no d_type) */
        size_t nl = strlen(de->d_name);
        char kind = '?';
#ifdef DT_DIR
        if (de->d_type == DT_DIR)
            kind = 'd';
        else if (de->d_type == DT_REG)
            kind = 'f';
#endif
        if (fr_vec_reserve((void **)&names, &cap, n + 1, sizeof *names) < 0
            || !(names[n] = malloc(nl + 2))) {
            rc = FR_ENOMEM;
            break;
        }
        names[n][0] = kind;
        memcpy(names[n] + 1, de->d_name, nl + 1);
        n++;
    }
    closedir(d);
    if (rc == FR_OK && n > 1)   /* (an empty directory: no array to sort) */
        qsort(names, n, sizeof *names, cmp_names);
    size_t plen = strlen(path);
    bool slash = plen && path[plen - 1] == '/';
    for (size_t i = 0; i < n; i++) {
        if (rc != FR_ENOMEM && !c->sink.stopped) {
            const char *name = names[i] + 1;
            size_t need = plen + strlen(name) + 2;
            char *full = malloc(need);
            struct stat st;
            if (!full) {
                rc = FR_ENOMEM;
            } else {
                snprintf(full, need, "%s%s%s", path, slash ? "" : "/", name);
                fr_rc r = FR_OK;
                /* the kind readdir gave, else stat's (once) */
                char kind = names[i][0];
                if (kind == '?')
                    kind = stat(full, &st) != 0 ? '-' : S_ISDIR(st.st_mode) ? 'd' : S_ISREG(st.st_mode) ? 'f' : 'o';
                if (kind == 'd') {
                    /* (whatever its name: one named like a rule file is a
                     * directory of them, as it would be given to -r) */
                    r = add_dir(c, full, depth + 1);
                } else if (has_rules_ext(name)) {
                    /* a FIFO or device found by the scan would block or
                     * never end; only an explicit -r may name one */
                    c->rule_files++;
                    if (kind == 'o')
                        r = io_error(c, full, "is not a regular file (in a rules directory)", 0);
                    else
                        r = add_file(c, full);
                }
                if (r != FR_OK && rc == FR_OK)
                    rc = r;
                if (r == FR_ENOMEM)
                    rc = r;
                free(full);
            }
        }
        free(names[i]);
    }
    free(names);
    if (have_id && c->rule_files > files_before) {
        struct fileid *e = loaded_entry(c, &dst);
        if (e)
            e->rules = true;
    }
    if (rc == FR_ENOMEM)
        c->oom = true;
    return rc;
}

fr_rc fr_compiler_add_path(fr_compiler *c, const char *path)
{
    if (!c || !path || c->used)
        return FR_EINVAL;
    struct stat st;
    if (!*path)
        return io_error(c, "''", "an empty rules path", 0);
    if (stat(path, &st) < 0)
        return io_error(c, path, "cannot open", errno);
    if (S_ISDIR(st.st_mode)) {
        /* a directory with no rule file in it (nor in its subdirectories)
         * is a mistake of the path, not an empty rule set: doc -o would
         * remove every page it wrote before */
        size_t before = c->rule_files;
        fr_rc rc = add_dir(c, path, 0);
        if (rc == FR_OK && c->rule_files == before)
            return io_error(c, path, "holds no rule files (NAME.rules)", 0);
        return rc;
    }
    return add_file(c, path);
}

/* ---- a pointer-keyed hash map (compile time only) ----------------------------- */

typedef struct pment {
    const void *p;
    uint32_t    tag;
    uint32_t    val;
} pment;

typedef struct ptrmap {
    pment  *e;
    size_t  mask, n;
} ptrmap;

enum {
    TAG_KEY = 0,      /* name -> key id */
    TAG_ALIAS,        /* name -> alias index */
    TAG_RULE,         /* (unused: a rule's id is its name's fr_intern_word) */
    TAG_TEST,         /* test name -> test index */
    TAG_VALENUM,      /* enum value name -> first enum that has it */
    TAG_CLI,          /* spelling -> key id */
    TAG_REGEX,        /* interned pattern, tag TAG_REGEX + 32 * flags -> regex id */
    TAG_DUPNEXT = 512,/* an unnamed rule's base id -> the next -N suffix to try (p1_unnamed) */
    TAG_ENUM = 1024   /* TAG_ENUM + enum id: value name -> value index */
};

static uint32_t pm_hash(const void *p, uint32_t tag)
{
    uint64_t x = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull ^ (uint64_t)tag * 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(x >> 32) ^ (uint32_t)x;
}

static uint32_t pm_get(const ptrmap *m, const void *p, uint32_t tag)
{
    if (!m->e)
        return UINT32_MAX;
    for (size_t i = pm_hash(p, tag) & m->mask;; i = (i + 1) & m->mask) {
        if (!m->e[i].p)
            return UINT32_MAX;
        if (m->e[i].p == p && m->e[i].tag == tag)
            return m->e[i].val;
    }
}

static int pm_grow(ptrmap *m)
{
    size_t ncap = m->e ? (m->mask + 1) * 2 : 512;
    pment *ne = calloc(ncap, sizeof *ne);
    if (!ne)
        return -1;
    for (size_t i = 0; m->e && i <= m->mask; i++) {
        if (!m->e[i].p)
            continue;
        size_t j = pm_hash(m->e[i].p, m->e[i].tag) & (ncap - 1);
        while (ne[j].p)
            j = (j + 1) & (ncap - 1);
        ne[j] = m->e[i];
    }
    free(m->e);
    m->e = ne;
    m->mask = ncap - 1;
    return 0;
}

/* Inserts or replaces.  Returns 0 or -1. */
static int pm_put(ptrmap *m, const void *p, uint32_t tag, uint32_t val)
{
    if ((!m->e || (m->n + 1) * 4 > (m->mask + 1) * 3) && pm_grow(m) < 0)
        return -1;
    size_t i = pm_hash(p, tag) & m->mask;
    for (; m->e[i].p; i = (i + 1) & m->mask)
        if (m->e[i].p == p && m->e[i].tag == tag) {
            m->e[i].val = val;
            return 0;
        }
    m->e[i].p = p;
    m->e[i].tag = tag;
    m->e[i].val = val;
    m->n++;
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorts ids ascending: insertion sort for the few keys a rule reads (qsort
 * costs ~200 instructions a call even for one or two), qsort beyond. */
static void sort_u32(uint32_t *v, size_t n)
{
    if (n > 16) {
        qsort(v, n, sizeof *v, cmp_u32);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        uint32_t x = v[i];
        size_t j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* ---- compile state -------------------------------------------------------------- */

#define NONE UINT32_MAX

typedef struct cc {
    fr_compiler *c;
    fr_errsink  *sink;
    fr_ruleset  *rs;
    fr_arena    *a;            /* the ruleset's arena */
    ast_file   **files;
    size_t       nfiles;
    uint32_t     file;         /* the file being compiled */
    bool         oom;
    bool         release;      /* pass 2 frees the tree as it goes (a big one) */

    ptrmap       map;
    /* pass 2: the keys of the names looked up last (key_of is called a few
     * times for each name of a comparison); NULL before */
    struct keycache *kc;
    /* did-you-mean candidates */
    const char **keycands;  size_t nkeycands;
    const char **rulecands;
    /* sizes */
    uint32_t     capnodes, capkeys, caprules, captests, capaliases;
    /* pass 1 writes the rules' records, pass 2 the nodes, in order: the
     * helper thread (rs->arena->pf, if any) faults their pages in ahead */
    fr_pf_cursor pf_rules, pf_nodes;
    /* growable, copied into the arena at the end */
    fr_enum     *enums;    size_t capenums;
    fr_val      *consts;   fr_type *ctypes; size_t capconsts;
    uint32_t    *consthash; size_t consthash_mask;
    fr_set      *sets;     size_t capsets;
    fr_regex    *regexes;  size_t capregexes;
    /* enum dedupe: hash of the value list -> enum id (TAG_ENUM - 1 - probe) */
    /* the rule being compiled */
    const ast_rule *cur;
    fr_arena       *ast;          /* the syntax tree's arena (pass 2 frees it as it goes) */
    uint32_t     cur_rule;
    bool         cur_declare;
    uint32_t     stamp;
    uint32_t    *declmark;     /* [nkeys]: == stamp when declared by cur */
    uint32_t    *readmark;     /* [nkeys]: == stamp when read by cur */
    uint32_t    *resmark;      /* [nkeys]: == stamp when read resolved by cur */
    uint8_t     *keybad;       /* [nkeys]: the declaration had an error */
    fr_span     *alias_locs;   /* [naliases] */
    fr_span     *test_locs;    /* [ntests] */
    struct stmtref *aliases, *unnamed, *testrefs, *progrefs;
    size_t       naliasrefs, capaliasrefs, nunnamed, capunnamed, ntestrefs, captestrefs;
    size_t       nprogrefs, capprogrefs;
    uint32_t    *rd;   size_t nrd, caprd;     /* reads of cur */
    /* where each written CLI spelling is (a spelling clash between two
     * keys points at the strings): key, index among its spellings, span */
    struct clipos { uint32_t key, j; fr_span sp; } *clipos;
    size_t       nclipos, capclipos;
    fr_deps      deps;
    size_t       ndeps, capdeps;
    bool         rule_bad;     /* an error in the current rule */
    /* pcre2 */
    pcre2_compile_context *pctx;
} cc;

static fr_span SP(const cc *k, ast_pos p)
{
    fr_span sp = { k->file, p.start, p.end };
    return sp;
}

static void nomem(cc *k)
{
    k->oom = true;
    k->sink->oom = true;
}

static bool stopped(const cc *k)
{
    return k->oom || k->sink->stopped || k->sink->oom;
}

static fr_diag *err(cc *k, ast_pos p, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static fr_diag *err(cc *k, ast_pos p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fr_diag *g = fr_reportv(k->sink, FR_SEV_ERROR, SP(k, p), fmt, ap);
    va_end(ap);
    k->rule_bad = true;
    return g;
}

/* A lint warning (only with fr_compiler_set_lint). */
static fr_diag *lint_warn(cc *k, ast_pos p, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static fr_diag *lint_warn(cc *k, ast_pos p, const char *fmt, ...)
{
    if (!k->c->lint)
        return NULL;
    va_list ap;
    va_start(ap, fmt);
    fr_diag *g = fr_reportv(k->sink, FR_SEV_WARNING, SP(k, p), fmt, ap);
    va_end(ap);
    return g;
}

static void note(cc *k, fr_diag *g, fr_span sp, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void note(cc *k, fr_diag *g, fr_span sp, const char *fmt, ...)
{
    if (!g)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fr_report_note(k->sink, g, sp, "%s", buf);
}

#define hint(k, g, ...) fr_report_hint((k)->sink, (g), __VA_ARGS__)

static ast_pos pos2(uint32_t s, uint32_t e)
{
    ast_pos p = { s, e };
    return p;
}

/* ---- names ------------------------------------------------------------------------ */

/* (pass 2's lookups of key names, by interned pointer: direct-mapped, 4
 * slots a name and at most KC_SIZE (3 MiB), malloc'd: a small set's
 * start-up zeroes and touches less.  It was at most 1,024 slots: with
 * 60,000 flags nearly every lookup missed it for the key map's probe, and
 * 1,000,000 rules compiled in 2.57 s, now 2.02 s (medians of 9)) */
#define KC_SIZE (1 << 18)
typedef struct keycache {
    size_t       mask;
    const char **name;
    uint32_t    *key;
} keycache;

static uint32_t key_lookup(const cc *k, const char *name);

/* The key a name denotes (a key or an alias), or NONE. */
static uint32_t key_of(const cc *k, const char *name)
{
    if (!k->kc || !name)
        return key_lookup(k, name);
    size_t i = ((uintptr_t)name >> 3 ^ (uintptr_t)name >> 13) & k->kc->mask;
    if (k->kc->name[i] != name) {
        k->kc->name[i] = name;
        k->kc->key[i] = key_lookup(k, name);
    }
    return k->kc->key[i];
}

static uint32_t key_lookup(const cc *k, const char *name)
{
    uint32_t id = pm_get(&k->map, name, TAG_KEY);
    if (id != NONE)
        return id;
    uint32_t al = pm_get(&k->map, name, TAG_ALIAS);
    if (al != NONE && al < k->rs->naliases)
        return k->rs->alias_keys[al];
    return NONE;
}

static const char *intern(cc *k, const char *s, size_t n)
{
    const char *r = fr_intern(k->rs->names, s, n);
    if (!r)
        nomem(k);
    return r;
}

static const char *tkind_word(uint8_t kind)
{
    switch (kind) {
    case FR_T_BOOL:   return "bool";
    case FR_T_INT:    return "int";
    case FR_T_STRING: return "string";
    case FR_T_ENUM:   return "enum";
    default:          return "null";
    }
}

/* "an int", "a bool", "a value of deepep_mode's enum" ... for messages.
 * `who` names the key when known. */
static const char *type_phrase(const cc *k, fr_type t, char *buf, size_t n)
{
    switch (t.kind) {
    case FR_T_BOOL:   return "a bool";
    case FR_T_INT:    return "an int";
    case FR_T_STRING: return "a string";
    case FR_T_NULL:   return "null";
    default:
        break;
    }
    /* name the enum by its first key */
    for (uint32_t i = 0; i < k->rs->nkeys; i++)
        if (k->rs->keys[i].type.kind == FR_T_ENUM && k->rs->keys[i].type.enum_id == t.enum_id) {
            snprintf(buf, n, "an enum (%s)", k->rs->keys[i].name);
            return buf;
        }
    return "an enum";
}

/* "choices: a, b, c" (at most 12 shown). */
static void choices(const fr_enum *e, char *buf, size_t n)
{
    size_t off = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < e->nvalues && off + 1 < n; i++) {
        if (i == 12) {
            snprintf(buf + off, n - off, ", ...");
            return;
        }
        int w = snprintf(buf + off, n - off, "%s%s", i ? ", " : "", e->values[i]);
        if (w < 0)
            return;
        off += (size_t)w;
    }
}

/* ---- constants, sets, regexes ------------------------------------------------------ */

static uint32_t const_hash(fr_type t, fr_val v)
{
    uint64_t x = (uint64_t)t.kind * 31 + t.enum_id;
    x = x * 1000003u ^ (uint64_t)v.i;
    x = x * 1000003u ^ (uint64_t)(uintptr_t)v.s;
    x = x * 1000003u ^ v.is_null ^ ((uint64_t)t.nullable << 1);
    return (uint32_t)(x ^ (x >> 29) ^ (x >> 47));
}

static bool const_eq(fr_type a, fr_val va, fr_type b, fr_val vb)
{
    return a.kind == b.kind && a.enum_id == b.enum_id && a.nullable == b.nullable
        && va.i == vb.i && va.s == vb.s && va.is_null == vb.is_null;
}

static int consthash_grow(cc *k)
{
    size_t ncap = k->consthash ? (k->consthash_mask + 1) * 2 : 256;
    uint32_t *nh = malloc(ncap * sizeof *nh);
    if (!nh)
        return -1;
    memset(nh, 0xff, ncap * sizeof *nh);
    for (uint32_t c = 0; c < k->rs->nconsts; c++) {
        size_t j = const_hash(k->ctypes[c], k->consts[c]) & (ncap - 1);
        while (nh[j] != NONE)
            j = (j + 1) & (ncap - 1);
        nh[j] = c;
    }
    free(k->consthash);
    k->consthash = nh;
    k->consthash_mask = ncap - 1;
    return 0;
}

/* The constant id of (t, v); strings must be interned. */
static uint32_t const_id(cc *k, fr_type t, fr_val v)
{
    fr_ruleset *rs = k->rs;
    if ((!k->consthash || (rs->nconsts + 1) * 2 > k->consthash_mask + 1) && consthash_grow(k) < 0) {
        nomem(k);
        return NONE;
    }
    size_t j = const_hash(t, v) & k->consthash_mask;
    for (; k->consthash[j] != NONE; j = (j + 1) & k->consthash_mask) {
        uint32_t c = k->consthash[j];
        if (const_eq(k->ctypes[c], k->consts[c], t, v))
            return c;
    }
    size_t cap = k->capconsts;
    if (fr_vec_reserve((void **)&k->consts, &cap, rs->nconsts + 1, sizeof *k->consts) < 0) {
        nomem(k);
        return NONE;
    }
    cap = k->capconsts;
    if (fr_vec_reserve((void **)&k->ctypes, &cap, rs->nconsts + 1, sizeof *k->ctypes) < 0) {
        nomem(k);
        return NONE;
    }
    k->capconsts = cap;
    uint32_t id = rs->nconsts++;
    k->consts[id] = v;
    k->ctypes[id] = t;
    k->consthash[j] = id;
    return id;
}

/* ---- nodes ------------------------------------------------------------------------------ */

/* A zeroed array of a rule's own (small, many: 8-aligned, no padding to 16). */
static void *arr8(cc *k, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    return fr_arena_zalloc8(k->a, n * size);
}

static uint32_t node(cc *k, uint8_t op, fr_type t, uint32_t a, uint32_t b, ast_pos p)
{
    fr_ruleset *rs = k->rs;
    if (rs->nnodes >= k->capnodes) {
        /* cannot happen: capnodes counts every expression parsed */
        nomem(k);
        return NONE;
    }
    fr_node *n = &rs->nodes[rs->nnodes];
    n->op = op;
    n->kind = t.kind;
    n->nullable = t.nullable;
    n->a = a;
    /* (as fr_node_set_type: a leaf's b is its enum id) */
    n->b = op <= FR_OP_INPUT ? (t.kind == FR_T_ENUM ? t.enum_id : 0) : b;
    n->start = p.start;   /* (in k->file, the rule's: fr_node_span) */
    n->end = p.end;
    return rs->nnodes++;
}

static fr_type ty(uint8_t kind)
{
    fr_type t = { kind, 0, 0 };
    return t;
}

static fr_type ty_enum(uint32_t id)
{
    fr_type t = { FR_T_ENUM, 0, id };
    return t;
}

static bool same_type(fr_type a, fr_type b)
{
    return a.kind == b.kind && (a.kind != FR_T_ENUM || a.enum_id == b.enum_id);
}

static uint32_t const_node(cc *k, fr_type t, fr_val v, ast_pos p)
{
    uint32_t c = const_id(k, t, v);
    if (c == NONE)
        return NONE;
    return node(k, FR_OP_CONST, t, c, 0, p);
}

/* Records that the current rule reads key `key` (resolved or input). */
static void note_read(cc *k, uint32_t key, bool resolved)
{
    if (k->readmark[key] != k->stamp) {
        k->readmark[key] = k->stamp;
        if (fr_vec_reserve((void **)&k->rd, &k->caprd, k->nrd + 1, sizeof *k->rd) < 0) {
            nomem(k);
            return;
        }
        k->rd[k->nrd++] = key;
    }
    if (resolved && k->resmark[key] != k->stamp) {
        k->resmark[key] = k->stamp;
        if (fr_vec_reserve((void **)&k->deps.keys, &k->capdeps, k->ndeps + 1, sizeof *k->deps.keys) < 0) {
            nomem(k);
            return;
        }
        k->deps.keys[k->ndeps++] = key;
    }
}

/* A key reference: its input value inside a rule that declares it. */
static uint32_t key_node(cc *k, uint32_t key, bool given, ast_pos p)
{
    if (k->keybad[key]) {
        k->rule_bad = true;   /* reported at the declaration */
        return NONE;
    }
    bool input = given || (k->cur_declare && k->declmark[key] == k->stamp);
    note_read(k, key, !input);
    return node(k, input ? FR_OP_INPUT : FR_OP_KEY, k->rs->keys[key].type, key, 0, p);
}

/* ---- describing operands in messages ---------------------------------------------------- */

/* 'text' of an expression as parsed (shortened): on one line, without its
 * comments (fr_src_oneline). */
static const char *quoted(const cc *k, ast_pos p, char *buf, size_t n)
{
    size_t len;
    const char *text = fr_sources_text(k->rs->sources, k->file, &len);
    uint32_t s = p.start, e = p.end;
    fr_buf one = { 0 };
    if (text && e <= len && s <= e)
        fr_src_oneline(&one, text + s, e - s);
    if (!text || e > len || s > e || one.oom) {
        fr_buf_free(&one);
        snprintf(buf, n, "the expression");
        return buf;
    }
    const char *t = one.p ? one.p : "";
    size_t w = one.len;
    const char *q = t[0] == '"' ? "" : "'";
    if (w > 40)
        snprintf(buf, n, "%s%.*s...%s", q, 37, t, q);
    else
        snprintf(buf, n, "%s%.*s%s", q, (int)w, t, q);
    fr_buf_free(&one);
    return buf;
}

/* The text inside quoted()'s quotes (in place). */
static const char *unquoted(char *q)
{
    size_t n = strlen(q);
    if (n >= 2 && q[0] == '\'' && q[n - 1] == '\'') {
        q[n - 1] = '\0';
        return q + 1;
    }
    return q;
}

/* "an int", "a bool", "a string", "a deepep_mode value", "null". */
static const char *tphrase(const cc *k, fr_type t, char *buf, size_t n)
{
    if (t.kind != FR_T_ENUM)
        return type_phrase(k, t, buf, n);
    /* "an enum {x, y}" (its values, as many as fit, then "...}"): names
     * the type whatever its keys are called */
    if (t.enum_id >= k->rs->nenums || n < 16)
        return "an enum";
    const fr_enum *e = &k->enums[t.enum_id];
    size_t off = (size_t)snprintf(buf, n, "an enum {");
    for (uint32_t i = 0; i < e->nvalues; i++) {
        size_t len = strlen(e->values[i]), sep = i ? 2 : 0;
        /* room for it and "}", or for ", ...}" after it */
        size_t need = sep + len + (i + 1 < e->nvalues ? 6 : 1);
        if (off + need >= n) {
            snprintf(buf + off, n - off, "%s...}", i ? ", " : "");
            return buf;
        }
        off += (size_t)snprintf(buf + off, n - off, "%s%s", i ? ", " : "", e->values[i]);
    }
    snprintf(buf + off, n - off, "}");
    return buf;
}

/* The name of an enum for "unknown value 'x' for NAME". */
static const char *enum_owner(const cc *k, uint32_t enum_id, const char *ctxname)
{
    if (ctxname)
        return ctxname;
    for (uint32_t i = 0; i < k->rs->nkeys; i++)
        if (k->rs->keys[i].type.kind == FR_T_ENUM && k->rs->keys[i].type.enum_id == enum_id)
            return k->rs->keys[i].name;
    return "the enum";
}

static void unknown_value(cc *k, ast_pos p, const char *v, size_t vlen, uint32_t enum_id,
                          const char *ctxname)
{
    const fr_enum *en = &k->enums[enum_id];
    char ch[512];
    choices(en, ch, sizeof ch);
    const char *m = fr_did_you_mean(v, vlen, (const char *const *)en->values, en->nvalues);
    if (m)
        err(k, p, "unknown value '%.*s' for %s; did you mean '%s'? choices: %s", (int)(vlen > 60 ? 60 : vlen),
            v, enum_owner(k, enum_id, ctxname), m, ch);
    else
        err(k, p, "unknown value '%.*s' for %s; choices: %s", (int)(vlen > 60 ? 60 : vlen), v,
            enum_owner(k, enum_id, ctxname), ch);
}

static void unknown_key(cc *k, ast_pos p, const char *name)
{
    if (pm_get(&k->map, name, TAG_ALIAS) != NONE) {
        k->rule_bad = true;   /* an alias whose target is unknown: reported there */
        return;
    }
    const char *m = fr_did_you_mean(name, strlen(name), k->keycands, k->nkeycands);
    if (m)
        err(k, p, "unknown key '%s'; did you mean '%s'?", name, m);
    else
        err(k, p, "unknown key '%s'", name);
}

/* The key (or alias) named s[0..n), or NONE. */
static uint32_t key_named(cc *k, const char *s, size_t n)
{
    const char *in = fr_intern_lookup(k->rs->names, s, n);
    return in ? key_of(k, in) : NONE;
}

/* A hyphenated name where a key goes.  arith: in an expression, where
 * `a-b` may be meant as a subtraction (said when a is a key). */
static void hyphen_key(cc *k, ast_pos p, const char *name, bool arith)
{
    char u[FR_MAX_IDENT + 1];
    size_t n = strlen(name);
    if (n > FR_MAX_IDENT)
        n = FR_MAX_IDENT;
    for (size_t i = 0; i < n; i++)
        u[i] = name[i] == '-' ? '_' : name[i];
    u[n] = '\0';
    /* the key with underscores for the dashes, or the nearest such */
    const char *m = key_named(k, u, n) != NONE ? u : fr_did_you_mean(u, n, k->keycands, k->nkeycands);
    fr_diag *g = m ? err(k, p, "'%s' is not a key (names of keys have no '-'); did you mean '%s'?", name, m)
                   : err(k, p, "'%s' is not a key (names of keys have no '-')", name);
    const char *dash = strchr(name, '-');
    if (arith && dash && key_named(k, name, (size_t)(dash - name)) != NONE)
        hint(k, g, "write '%.*s - %s' with spaces for subtraction", (int)(dash - name), name, dash + 1);
}

/* ---- literal values (defaults, set members, test expectations) ------------------------------- */

/* Checks literal e against type t (of key `keyname`) and stores its value.
 * Returns 0, or -1 after reporting an error. */
static int lit_val(cc *k, const ast_expr *e, fr_type t, const char *keyname, fr_val *out)
{
    char b1[96], b2[96];
    memset(out, 0, sizeof *out);
    switch (e->kind) {
    case AE_NULL:
        if (!t.nullable) {
            fr_diag *g = err(k, e->pos, "'%s' cannot be null: its type is not nullable", keyname);
            hint(k, g, "a key is nullable when its type ends in '?', e.g. '%s? = null'", tkind_word(t.kind));
            return -1;
        }
        out->is_null = 1;
        return 0;
    case AE_TRUE:
    case AE_FALSE:
        if (t.kind == FR_T_BOOL) {
            out->i = e->kind == AE_TRUE;
            return 0;
        }
        break;
    case AE_INT:
        if (e->op) {   /* 2^63 without its minus */
            err(k, e->pos, "integer too large (the largest is 9223372036854775807)");
            return -1;
        }
        if (t.kind == FR_T_INT) {
            out->i = e->u.i;
            return 0;
        }
        break;
    case AE_STR:
        if (t.kind == FR_T_STRING) {
            out->s = intern(k, e->u.str.s, e->u.str.len);
            out->i = e->u.str.len;
            return out->s ? 0 : -1;
        }
        if (t.kind == FR_T_ENUM) {
            const char *in = fr_intern_lookup(k->rs->names, e->u.str.s, e->u.str.len);
            uint32_t vi = in ? pm_get(&k->map, in, TAG_ENUM + t.enum_id) : NONE;
            if (vi == NONE) {
                unknown_value(k, e->pos, e->u.str.s, e->u.str.len, t.enum_id, keyname);
                return -1;
            }
            out->i = vi;
            return 0;
        }
        break;
    case AE_NAME:
        if (t.kind == FR_T_ENUM) {
            uint32_t vi = pm_get(&k->map, e->u.name, TAG_ENUM + t.enum_id);
            if (vi == NONE) {
                unknown_value(k, e->pos, e->u.name, strlen(e->u.name), t.enum_id, keyname);
                return -1;
            }
            out->i = vi;
            return 0;
        }
        if (t.kind == FR_T_STRING) {
            fr_diag *g = err(k, e->pos, "%s is not a string (the type of '%s')", quoted(k, e->pos, b1, sizeof b1),
                             keyname);
            hint(k, g, "strings are written in double quotes");
            return -1;
        }
        break;
    default:
        break;
    }
    fr_type et = ty(e->kind == AE_INT ? FR_T_INT : e->kind == AE_STR ? FR_T_STRING
                    : e->kind == AE_NAME ? FR_T_ENUM : FR_T_BOOL);
    if (e->kind == AE_NAME)
        err(k, e->pos, "%s is not %s (the type of '%s')", quoted(k, e->pos, b1, sizeof b1),
            tphrase(k, t, b2, sizeof b2), keyname);
    else
    {
        char b3[96];
        err(k, e->pos, "%s is %s, not %s (the type of '%s')", quoted(k, e->pos, b1, sizeof b1),
            type_phrase(k, et, b2, sizeof b2), tphrase(k, t, b3, sizeof b3), keyname);
    }
    return -1;
}

/* ---- expressions ---------------------------------------------------------------------------- */

static uint32_t c_expr(cc *k, const ast_expr *e, const fr_type *expect, const char *ctxname);

static fr_type ntype(const cc *k, uint32_t n)
{
    return fr_node_type(&k->rs->nodes[n]);
}

/* Whether e has a type of its own (not a bare name or literal that takes
 * the other side's type). */
static bool self_typed(const cc *k, const ast_expr *e)
{
    switch (e->kind) {
    case AE_NAME:
        return !e->op && key_of(k, e->u.name) != NONE;
    case AE_STR:
    case AE_NULL:
        return false;
    default:
        return true;
    }
}

/* The key named by e when it is a plain key reference (for messages). */
static const char *keyname_of(const cc *k, const ast_expr *e)
{
    if (e->kind == AE_NAME || e->kind == AE_GIVEN) {
        uint32_t key = e->op ? NONE : key_of(k, e->u.name);
        if (key != NONE)
            return k->rs->keys[key].name;
    }
    return NULL;
}

static uint32_t c_name(cc *k, const ast_expr *e, const fr_type *expect, const char *ctxname)
{
    const char *name = e->u.name;
    char b1[96], b2[96];
    if (expect && expect->kind == FR_T_ENUM) {
        uint32_t vi = pm_get(&k->map, name, TAG_ENUM + expect->enum_id);
        if (vi != NONE) {
            uint32_t kk = e->op || !k->c->lint ? NONE : key_of(k, name);   /* (lint only: no cost otherwise) */
            if (kk != NONE) {
                /* both a value of the enum and a key: the value wins */
                fr_diag *g = lint_warn(k, e->pos, "'%s' is read as the value %s here, not as the key %s", name,
                                       name, k->rs->keys[kk].name);
                hint(k, g, "to compare with the key, give it another name with 'alias'; to keep the value, "
                           "quote it: \"%s\"", name);
            }
            fr_val v = { (int64_t)vi, NULL, 0 };
            return const_node(k, ty_enum(expect->enum_id), v, e->pos);
        }
    }
    uint32_t key = e->op ? NONE : key_of(k, name);
    if (key != NONE)
        return key_node(k, key, false, e->pos);
    if (expect && expect->kind == FR_T_ENUM) {
        unknown_value(k, e->pos, name, strlen(name), expect->enum_id, ctxname);
        return NONE;
    }
    uint32_t en = pm_get(&k->map, name, TAG_VALENUM);
    if (en != NONE) {
        if (expect && ctxname)
            err(k, e->pos, "type mismatch: '%s' is %s but '%s' is %s", ctxname,
                tphrase(k, *expect, b1, sizeof b1), name, tphrase(k, ty_enum(en), b2, sizeof b2));
        else if (expect)
            err(k, e->pos, "type mismatch: '%s' is %s, not %s", name, tphrase(k, ty_enum(en), b2, sizeof b2),
                tphrase(k, *expect, b1, sizeof b1));
        else {
            fr_diag *g = err(k, e->pos, "'%s' is a value, not a key", name);
            hint(k, g, "compare a key with it, e.g. '%s = %s'", enum_owner(k, en, NULL), name);
        }
        return NONE;
    }
    if (e->op)
        hyphen_key(k, e->pos, name, true);
    else
        unknown_key(k, e->pos, name);
    return NONE;
}

static uint32_t c_leaf(cc *k, const ast_expr *e, const fr_type *expect, const char *ctxname)
{
    fr_val v = { 0, NULL, 0 };
    switch (e->kind) {
    case AE_NAME:
        return c_name(k, e, expect, ctxname);
    case AE_INT:
        if (e->op) {   /* 2^63 without its minus */
            err(k, e->pos, "integer too large (the largest is 9223372036854775807)");
            return NONE;
        }
        v.i = e->u.i;
        return const_node(k, ty(FR_T_INT), v, e->pos);
    case AE_TRUE:
    case AE_FALSE:
        v.i = e->kind == AE_TRUE;
        return const_node(k, ty(FR_T_BOOL), v, e->pos);
    case AE_STR:
        if (expect && expect->kind == FR_T_ENUM) {
            if (lit_val(k, e, *expect, enum_owner(k, expect->enum_id, ctxname), &v) < 0)
                return NONE;
            return const_node(k, ty_enum(expect->enum_id), v, e->pos);
        }
        v.s = intern(k, e->u.str.s, e->u.str.len);
        v.i = e->u.str.len;
        return v.s ? const_node(k, ty(FR_T_STRING), v, e->pos) : NONE;
    case AE_NULL: {
        v.is_null = 1;
        if (!expect)
            return const_node(k, ty(FR_T_NULL), v, e->pos);
        if (!expect->nullable) {
            fr_diag *g = ctxname ? err(k, e->pos, "'%s' is never null: its type is not nullable", ctxname)
                                 : err(k, e->pos, "this is never null: its type is not nullable");
            hint(k, g, "declare the key with '?' to allow null, e.g. 'flag x : int? = null;'");
            return NONE;
        }
        fr_type t = *expect;
        return const_node(k, t, v, e->pos);
    }
    case AE_GIVEN: {
        ast_pos kp = e->u.given.npos;   /* (the name's: not all of given(...)) */
        if (e->op) {
            hyphen_key(k, kp, e->u.name, false);
            return NONE;
        }
        uint32_t key = key_of(k, e->u.name);
        if (key == NONE) {
            unknown_key(k, kp, e->u.name);
            return NONE;
        }
        return key_node(k, key, true, e->pos);
    }
    default:
        return NONE;
    }
}

/* Requires node n (from e) to have type kind `want`; `what` names the
 * operator for the message. */
static bool need(cc *k, uint32_t n, const ast_expr *e, uint8_t want, const char *what)
{
    if (n == NONE)
        return false;
    fr_type t = ntype(k, n);
    if (t.kind == want)
        return true;
    char b1[96], b2[96];
    fr_diag *g = err(k, e->pos, "%s needs %s, but %s is %s", what,
                     want == FR_T_BOOL ? "conditions (bools)" : want == FR_T_INT ? "ints" : "a string",
                     quoted(k, e->pos, b1, sizeof b1), tphrase(k, t, b2, sizeof b2));
    if (want == FR_T_BOOL && t.kind == FR_T_INT)
        hint(k, g, "compare it, e.g. '%s != 0'", unquoted(b1));
    return false;
}

static void lint_const_fault(cc *k, ast_pos pos, int op, uint32_t a, uint32_t b);

static uint32_t c_unary(cc *k, const ast_expr *e)
{
    const ast_expr *x = e->u.bin.l;
    if (e->op == FR_OP_NEG && x && x->kind == AE_INT && x->op == 1) {
        /* -9223372036854775808: the smallest int, as one constant */
        fr_val v = { INT64_MIN, NULL, 0 };
        return const_node(k, ty(FR_T_INT), v, e->pos);
    }
    uint32_t a = c_expr(k, e->u.bin.l, NULL, NULL);
    if (a == NONE)
        return NONE;
    if (e->op == FR_OP_NOT) {
        if (!need(k, a, e->u.bin.l, FR_T_BOOL, "'!'"))
            return NONE;
        return node(k, FR_OP_NOT, ty(FR_T_BOOL), a, 0, e->pos);
    }
    if (!need(k, a, e->u.bin.l, FR_T_INT, "'-'"))
        return NONE;
    fr_node *n = &k->rs->nodes[a];
    if (n->op == FR_OP_CONST && a == k->rs->nnodes - 1) {
        /* fold a negative literal into one constant */
        fr_val v = k->consts[n->a];
        if (v.i != INT64_MIN) {
            v.i = -v.i;
            k->rs->nnodes--;
            return const_node(k, ty(FR_T_INT), v, e->pos);
        }
    }
    /* (- -9223372036854775808: as the other operators on constants that
     * overflow, a warning and a run-time error) */
    lint_const_fault(k, e->pos, FR_OP_NEG, a, 0);
    fr_type rt = ty(FR_T_INT);
    rt.nullable = ntype(k, a).nullable;   /* (-null is null) */
    return node(k, FR_OP_NEG, rt, a, 0, e->pos);
}

/* keyname_of(e), where e was compiled (with no expected type) to node n:
 * a bare name that became a key reference names that key (no lookup). */
static const char *keyname_at(const cc *k, const ast_expr *e, uint32_t n)
{
    if (e->kind == AE_NAME && !e->op) {
        const fr_node *nd = &k->rs->nodes[n];
        if (nd->op == FR_OP_KEY || nd->op == FR_OP_INPUT)
            return k->rs->keys[nd->a].name;
    }
    return keyname_of(k, e);
}

static uint32_t c_compare(cc *k, const ast_expr *e)
{
    const ast_expr *l = e->u.bin.l, *r = e->u.bin.r;
    uint32_t a, b;
    char b1[96], b2[96], b3[96], b4[96];
    if (!self_typed(k, l) && self_typed(k, r)) {
        b = c_expr(k, r, NULL, NULL);
        if (b == NONE)
            return NONE;
        fr_type t = ntype(k, b);
        a = c_expr(k, l, &t, keyname_at(k, r, b));
    } else {
        a = c_expr(k, l, NULL, NULL);
        if (a == NONE)
            return NONE;
        fr_type t = ntype(k, a);
        b = c_expr(k, r, t.kind == FR_T_NULL ? NULL : &t, keyname_at(k, l, a));
    }
    if (a == NONE || b == NONE)
        return NONE;
    fr_type ta = ntype(k, a), tb = ntype(k, b);
    const char *opt = fr_op_text((fr_op)e->op);
    if (e->op == FR_OP_EQ || e->op == FR_OP_NE) {
        if (ta.kind == FR_T_NULL && tb.kind == FR_T_NULL) {
            err(k, e->pos, "comparing null with null");
            return NONE;
        }
        if (ta.kind == FR_T_NULL || tb.kind == FR_T_NULL) {
            fr_type other = ta.kind == FR_T_NULL ? tb : ta;
            const ast_expr *oe = ta.kind == FR_T_NULL ? r : l;
            if (!other.nullable) {
                fr_diag *g = err(k, e->pos, "%s is never null: %s is not nullable", quoted(k, oe->pos, b1, sizeof b1),
                                 tphrase(k, other, b2, sizeof b2));
                hint(k, g, "declare the key with '?' to allow null");
                return NONE;
            }
        } else if (!same_type(ta, tb)) {
            err(k, e->pos, "type mismatch: %s is %s but %s is %s", quoted(k, l->pos, b1, sizeof b1),
                tphrase(k, ta, b2, sizeof b2), quoted(k, r->pos, b3, sizeof b3), tphrase(k, tb, b4, sizeof b4));
            return NONE;
        }
    } else if (ta.kind == FR_T_NULL || tb.kind == FR_T_NULL || l->kind == AE_NULL || r->kind == AE_NULL) {
        /* (a null operand makes the comparison false for every config, as
         * `a + null` is refused) */
        fr_diag *g = err(k, e->pos, "'%s' with null: null has no order, the comparison is never true", opt);
        hint(k, g, "test for null with '= null' or '!= null'");
        return NONE;
    } else if (ta.kind != FR_T_INT || tb.kind != FR_T_INT) {
        char what[16];
        snprintf(what, sizeof what, "'%s'", opt);
        if (!need(k, a, l, FR_T_INT, what) || !need(k, b, r, FR_T_INT, what))
            return NONE;
    }
    const fr_node *na = &k->rs->nodes[a], *nb = &k->rs->nodes[b];
    if ((na->op == FR_OP_KEY || na->op == FR_OP_INPUT) && na->op == nb->op && na->a == nb->a) {
        bool always = e->op == FR_OP_EQ || e->op == FR_OP_LE || e->op == FR_OP_GE;
        lint_warn(k, e->pos, "%s is always %s", quoted(k, e->pos, b1, sizeof b1), always ? "true" : "false");
    }
    return node(k, e->op, ty(FR_T_BOOL), a, b, e->pos);
}

/* The value of node n when it is int arithmetic on constants alone that
 * evaluates without a fault (at most `depth` levels down: a bounded look,
 * so that a long chain is not walked again at every level): 1 and *out,
 * else 0. */
static int const_int_of(const fr_node *nodes, const fr_val *consts, uint32_t n, int depth, int64_t *out)
{
    const fr_node *nd = &nodes[n];
    int64_t x, y;
    if (nd->op == FR_OP_CONST) {
        if (consts[nd->a].is_null || fr_node_type(nd).kind != FR_T_INT)
            return 0;
        *out = consts[nd->a].i;
        return 1;
    }
    if (depth == 0)
        return 0;
    if (nd->op == FR_OP_NEG) {
        if (!const_int_of(nodes, consts, nd->a, depth - 1, &x) || x == INT64_MIN)
            return 0;
        *out = -x;
        return 1;
    }
    if (nd->op != FR_OP_ADD && nd->op != FR_OP_SUB && nd->op != FR_OP_MUL && nd->op != FR_OP_DIV &&
        nd->op != FR_OP_MOD)
        return 0;
    if (!const_int_of(nodes, consts, nd->a, depth - 1, &x) || !const_int_of(nodes, consts, nd->b, depth - 1, &y))
        return 0;
    switch (nd->op) {
    case FR_OP_ADD: return !__builtin_add_overflow(x, y, out);
    case FR_OP_SUB: return !__builtin_sub_overflow(x, y, out);
    case FR_OP_MUL: return !__builtin_mul_overflow(x, y, out);
    default:
        if (y == 0 || (x == INT64_MIN && y == -1))
            return 0;
        *out = nd->op == FR_OP_DIV ? x / y : x % y;   /* (as the evaluator: C's truncation) */
        return 1;
    }
}

/* The fault of node n (op over children a, b) when it is one on constants
 * alone: "division by zero", "remainder by zero", "integer overflow";
 * NULL when there is none (or an operand is not a constant). */
static const char *const_fault(const fr_node *nodes, const fr_val *consts, int op, uint32_t a, uint32_t b)
{
    int64_t x, y, r;
    if (op == FR_OP_NEG)
        return const_int_of(nodes, consts, a, 6, &x) && x == INT64_MIN ? "integer overflow" : NULL;
    if ((op != FR_OP_ADD && op != FR_OP_SUB && op != FR_OP_MUL && op != FR_OP_DIV && op != FR_OP_MOD) ||
        !const_int_of(nodes, consts, b, 6, &y))
        return NULL;
    if ((op == FR_OP_DIV || op == FR_OP_MOD) && y == 0)
        return op == FR_OP_DIV ? "division by zero" : "remainder by zero";
    if (!const_int_of(nodes, consts, a, 6, &x))
        return NULL;
    bool ovf = false;
    switch (op) {
    case FR_OP_ADD: ovf = __builtin_add_overflow(x, y, &r); break;
    case FR_OP_SUB: ovf = __builtin_sub_overflow(x, y, &r); break;
    case FR_OP_MUL: ovf = __builtin_mul_overflow(x, y, &r); break;
    case FR_OP_DIV: ovf = x == INT64_MIN && y == -1; break;   /* (x % -1 is 0, INT64_MIN's too) */
    default: break;
    }
    return ovf ? "integer overflow" : NULL;
}

/* Whether node n (of a condition) holds arithmetic that lint_const_fault
 * warns of. */
static bool has_const_fault(const fr_ruleset *rs, uint32_t n, int depth)
{
    const fr_node *nd = &rs->nodes[n];
    int ar = fr_op_arity((fr_op)nd->op);
    if (depth > FR_MAX_DEPTH + 8 || nd->op <= FR_OP_INPUT)
        return false;
    if (const_fault(rs->nodes, rs->consts, nd->op, nd->a, nd->b))
        return true;
    return (ar >= 1 && has_const_fault(rs, nd->a, depth + 1)) || (ar == 2 && has_const_fault(rs, nd->b, depth + 1));
}

/* Lint: int arithmetic that fails every config that evaluates it (a
 * run-time error): by a constant zero, or of two constants (or arithmetic
 * on constants alone) that overflow. */
static void lint_const_fault(cc *k, ast_pos pos, int op, uint32_t a, uint32_t b)
{
    const char *what = const_fault(k->rs->nodes, k->consts, op, a, b);
    if (!what)
        return;
    fr_diag *g = lint_warn(k, pos, "%s: this '%s' fails every config that evaluates it (a run-time error)",
                           what, op == FR_OP_NEG ? "-" : fr_op_text((fr_op)op));
    hint(k, g, "a config that evaluates it gets the status error, whatever its values (unless an '&' "
                   "or '|' beside it decides the condition without it)");
}

static uint32_t c_binary(cc *k, const ast_expr *e)
{
    switch (e->op) {
    case FR_OP_EQ: case FR_OP_NE: case FR_OP_LT: case FR_OP_LE: case FR_OP_GT: case FR_OP_GE:
        return c_compare(k, e);
    default:
        break;
    }
    uint32_t a = c_expr(k, e->u.bin.l, NULL, NULL);
    uint32_t b = c_expr(k, e->u.bin.r, NULL, NULL);
    if (a == NONE || b == NONE)
        return NONE;
    uint8_t want = e->op == FR_OP_AND || e->op == FR_OP_OR ? FR_T_BOOL : FR_T_INT;
    if (ntype(k, a).kind != want || ntype(k, b).kind != want) {
        char what[16];
        snprintf(what, sizeof what, "'%s'", fr_op_text((fr_op)e->op));
        if (!need(k, a, e->u.bin.l, want, what) || !need(k, b, e->u.bin.r, want, what))
            return NONE;
    }
    if (want == FR_T_INT)
        lint_const_fault(k, e->pos, e->op, a, b);
    fr_type rt = ty(want);
    if (want == FR_T_INT)   /* arithmetic with a null operand is null */
        rt.nullable = ntype(k, a).nullable || ntype(k, b).nullable;
    return node(k, e->op, rt, a, b, e->pos);
}

static int cmp_int(const void *x, const void *y)
{
    const fr_val *a = x, *b = y;
    return a->i < b->i ? -1 : a->i > b->i;
}

static int cmp_str(const void *x, const void *y)
{
    const fr_val *a = x, *b = y;
    size_t n = (size_t)(a->i < b->i ? a->i : b->i);
    int c = n ? memcmp(a->s, b->s, n) : 0;
    if (c)
        return c;
    return a->i < b->i ? -1 : a->i > b->i;
}

static uint32_t c_in(cc *k, const ast_expr *e)
{
    const ast_expr *l = e->u.in.l;
    uint32_t a = c_expr(k, l, NULL, NULL);
    if (a == NONE)
        return NONE;
    fr_type t = ntype(k, a);
    const char *kn = keyname_of(k, l);
    char b1[96];
    if (t.kind == FR_T_NULL) {
        err(k, l->pos, "'in' needs a value on its left, not null");
        return NONE;
    }
    fr_ruleset *rs = k->rs;
    if (fr_vec_reserve((void **)&k->sets, &k->capsets, rs->nsets + 1, sizeof *k->sets) < 0) {
        nomem(k);
        return NONE;
    }
    fr_set set;
    memset(&set, 0, sizeof set);
    set.type = t;
    const ast_set *as = e->u.in.set;
    uint32_t nwords = t.kind == FR_T_ENUM ? (k->enums[t.enum_id].nvalues + 63) / 64 : 0;
    /* an enum set is a bit set over the enum's values, unless it is sparse:
     * a few members of a big enum are their sorted value indices instead
     * (a bit set would cost each set nvalues / 8 bytes: rules times values,
     * for rules that each name a value or two of one big enum) */
    bool sparse = t.kind == FR_T_ENUM && as->n && nwords > 4 && (uint64_t)nwords * sizeof *set.bits >
                                                      (uint64_t)as->n * sizeof *set.vals;
    if (t.kind == FR_T_ENUM && !sparse)
        set.bits = arr8(k, nwords ? nwords : 1, sizeof *set.bits);
    else if (as->n)
        set.vals = arr8(k, as->n, sizeof *set.vals);
    if ((set.bits == NULL) == (set.vals == NULL) && (t.kind == FR_T_ENUM || as->n)) {
        nomem(k);
        return NONE;
    }
    bool bad = false;
    uint32_t nv = 0;
    for (const ast_elist *m = as->head; m; m = m->next) {
        fr_val v;
        if (m->e->kind == AE_NULL && t.nullable) {
            set.has_null = 1;
            continue;
        }
        if (m->e->kind == AE_NULL) {
            err(k, m->e->pos, "%s is never null: it is not nullable", quoted(k, l->pos, b1, sizeof b1));
            bad = true;
            continue;
        }
        fr_type tt = t;
        tt.nullable = 0;
        if (m->e->kind == AE_NAME && !m->e->op && key_of(k, m->e->u.name) != NONE &&
            (t.kind != FR_T_ENUM || pm_get(&k->map, m->e->u.name, TAG_ENUM + t.enum_id) == NONE)) {
            /* `m in { k, 2 }`: a key among the members */
            fr_diag *g = err(k, m->e->pos, "'%s' is a key: a set holds values, not keys", m->e->u.name);
            hint(k, g, "compare with the key on its own, e.g. '%s = %s | %s in { ... }'", kn ? kn : "x",
                 m->e->u.name, kn ? kn : "x");
            bad = true;
            continue;
        }
        if (lit_val(k, m->e, tt, kn ? kn : "the left side", &v) < 0) {
            bad = true;
            continue;
        }
        if (set.bits) {
            if (!(set.bits[v.i / 64] & (1ull << (v.i % 64))))
                nv++;
            set.bits[v.i / 64] |= 1ull << (v.i % 64);
        } else {
            set.vals[nv++] = v;
        }
    }
    if (bad)
        return NONE;
    if (set.vals && nv > 1) {
        int (*cmp)(const void *, const void *) = t.kind == FR_T_STRING ? cmp_str : cmp_int;
        qsort(set.vals, nv, sizeof *set.vals, cmp);
        uint32_t w = 1;
        for (uint32_t i = 1; i < nv; i++)
            if (cmp(&set.vals[i], &set.vals[w - 1]) != 0)
                set.vals[w++] = set.vals[i];
        nv = w;
    }
    set.n = nv;
    if (nv == 0 && !set.has_null)
        lint_warn(k, as->pos, "an empty set: %s is always %s", quoted(k, e->pos, b1, sizeof b1),
                  e->op == FR_OP_IN ? "false" : "true");
    uint32_t sid = rs->nsets++;
    k->sets[sid] = set;
    return node(k, e->op, ty(FR_T_BOOL), a, sid, e->pos);
}

static uint32_t c_regex(cc *k, const ast_regex *re)
{
    fr_ruleset *rs = k->rs;
    const char *pat = intern(k, re->pat, re->len);
    if (!pat)
        return NONE;
    uint32_t tag = TAG_REGEX + 32 * re->flags;
    uint32_t id = pm_get(&k->map, pat, tag);
    if (id != NONE)
        return id;
    int errcode;
    PCRE2_SIZE erroff;
    uint32_t flags = fr_regex_options(re->flags);
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pat, re->len, flags, &errcode, &erroff, k->pctx);
    if (!code) {
        PCRE2_UCHAR msg[256];
        if (pcre2_get_error_message(errcode, msg, sizeof msg) < 0)
            snprintf((char *)msg, sizeof msg, "error %d", errcode);
        if (errcode == PCRE2_ERROR_NOMEMORY || errcode == PCRE2_ERROR_HEAP_FAILED) {
            nomem(k);
            return NONE;
        }
        uint32_t at = re->pat_pos.start + (uint32_t)(erroff > re->len ? re->len : erroff);
        err(k, pos2(at, at + 1), "bad regular expression: %s", (const char *)msg);
        return NONE;
    }
    /* (no JIT code here: each evaluator compiles its own copy when it
     * first matches the regex, eval.c regex_jit) */
    if (fr_vec_reserve((void **)&k->regexes, &k->capregexes, rs->nregexes + 1, sizeof *k->regexes) < 0
        || pm_put(&k->map, pat, tag, rs->nregexes) < 0) {
        pcre2_code_free(code);
        nomem(k);
        return NONE;
    }
    id = rs->nregexes++;
    k->regexes[id].pattern = pat;
    k->regexes[id].flags = flags;
    k->regexes[id].code = code;
    k->regexes[id].loc = SP(k, re->pat_pos);
    return id;
}

static uint32_t c_match(cc *k, const ast_expr *e)
{
    uint32_t a = c_expr(k, e->u.match.l, NULL, NULL);
    if (a == NONE || !need(k, a, e->u.match.l, FR_T_STRING, "'~'"))
        return NONE;
    uint32_t re = c_regex(k, e->u.match.re);
    if (re == NONE)
        return NONE;
    return node(k, FR_OP_MATCH, ty(FR_T_BOOL), a, re, e->pos);
}

static uint32_t c_expr(cc *k, const ast_expr *e, const fr_type *expect, const char *ctxname)
{
    if (!e || stopped(k))
        return NONE;
    if (e->depth > k->rs->max_depth)
        k->rs->max_depth = e->depth;
    switch (e->kind) {
    case AE_UNARY:  return c_unary(k, e);
    case AE_BINARY: return c_binary(k, e);
    case AE_IN:     return c_in(k, e);
    case AE_MATCH:  return c_match(k, e);
    default:        return c_leaf(k, e, expect, ctxname);
    }
}

/* A condition: an expression of type bool. */
static uint32_t c_cond(cc *k, const ast_expr *e, const char *what)
{
    uint32_t n = c_expr(k, e, NULL, NULL);
    if (n == NONE)
        return NONE;
    fr_type t = ntype(k, n);
    if (t.kind != FR_T_BOOL) {
        char b1[96], b2[96];
        fr_diag *g = err(k, e->pos, "%s %s is %s, not a condition (bool)", what, quoted(k, e->pos, b1, sizeof b1),
                         tphrase(k, t, b2, sizeof b2));
        if (t.kind == FR_T_INT)
            hint(k, g, "compare it, e.g. '%s != 0'", unquoted(b1));
        else if (t.kind == FR_T_ENUM || t.kind == FR_T_STRING)
            hint(k, g, "compare it, e.g. '%s = VALUE'", unquoted(b1));
        return NONE;
    }
    return n;
}

/* ---- message templates ----------------------------------------------------------------------- */

/* The source offset of byte `doff` of the decoded string s (which may be
 * several adjacent literals with escapes in between). */
static uint32_t src_pos(const cc *k, const ast_str *s, uint32_t doff)
{
    size_t flen;
    const char *t = fr_sources_text(k->rs->sources, k->file, &flen);
    uint32_t i = s->pos.start, end = s->pos.end > flen ? (uint32_t)flen : s->pos.end;
    uint32_t count = 0;
    bool in = false;
    while (t && i < end) {
        char c = t[i];
        if (c == '"') {
            in = !in;
            i++;
            continue;
        }
        if (!in) {
            if (c == '#')
                while (i < end && t[i] != '\n')
                    i++;
            else
                i++;
            continue;
        }
        uint32_t chars = 1, bytes = 1;
        if (c == '\\' && i + 1 < end) {
            char d = t[i + 1];
            chars = 2;
            if (d == 'x') {
                chars = 4;
            } else if (d == 'u') {
                uint32_t j = i + 2, cp = 0;
                while (j < end && t[j] != '}') {
                    if (t[j] != '{') {
                        unsigned v = (unsigned)(t[j] >= 'a' ? t[j] - 'a' + 10 : t[j] >= 'A' ? t[j] - 'A' + 10
                                                                                      : t[j] - '0');
                        cp = cp * 16 + (v & 15);
                    }
                    j++;
                }
                chars = j + 1 - i;
                bytes = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            }
        }
        if (count + bytes > doff)
            return i;
        count += bytes;
        i += chars;
    }
    return end > s->pos.start ? end - 1 : s->pos.start;
}

/* Span of decoded bytes [a, b) of s in the source. */
static ast_pos src_span(const cc *k, const ast_str *s, uint32_t a, uint32_t b)
{
    /* Each call walks the string from its start: once the error cap is
     * reached nothing more is reported, so do not pay for spans (F2: a
     * message of 60,000 bad placeholders compiled in quadratic time). */
    if (k->sink->stopped)
        return s->pos;
    uint32_t sa = src_pos(k, s, a);
    uint32_t sb = b > a ? src_pos(k, s, b - 1) + 1 : sa + 1;
    return pos2(sa, sb < sa ? sa + 1 : sb);
}

static bool name_start(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

static bool name_char(char c)
{
    return name_start(c) || (c >= '0' && c <= '9') || c == '-';
}

typedef struct segvec {
    fr_seg *v;
    size_t  n, cap;
} segvec;

static int seg_push(cc *k, segvec *sv, fr_seg s)
{
    if (fr_vec_reserve((void **)&sv->v, &sv->cap, sv->n + 1, sizeof *sv->v) < 0) {
        nomem(k);
        return -1;
    }
    sv->v[sv->n++] = s;
    return 0;
}

/* One placeholder: the text between '{' and '}' (decoded bytes [a, b)). */
static int c_placeholder(cc *k, const ast_str *s, uint32_t a, uint32_t b, segvec *sv)
{
    const char *p = s->s + a, *e = s->s + b;
    bool given = false, repr = false;
    if ((size_t)(e - p) > 6 && memcmp(p, "given(", 6) == 0) {
        given = true;
        p += 6;
    }
    const char *n0 = p;
    if (p < e && name_start(*p))
        while (p < e && name_char(*p))
            p++;
    const char *n1 = p;
    if (given) {
        if (p < e && *p == ')')
            p++;
        else
            n1 = n0;   /* malformed */
    }
    if (e - p == 2 && p[0] == '!' && p[1] == 'r') {
        repr = true;
        p += 2;
    }
    if (n1 == n0 || p != e) {
        fr_diag *g = err(k, src_span(k, s, a - 1, b + 1), "bad placeholder '{%.*s}' in the message", (int)(b - a > 40 ? 40 : b - a),
                         s->s + a);
        hint(k, g, "placeholders are {KEY}, {KEY!r}, {given(KEY)} and {given(KEY)!r}; "
                   "write '{{' and '}}' for braces");
        return -1;
    }
    const char *name = fr_intern_lookup(k->rs->names, n0, (size_t)(n1 - n0));
    uint32_t key = name ? key_of(k, name) : NONE;
    if (key != NONE && !k->keybad[key]) {
        bool input = given || (k->cur_declare && k->declmark[key] == k->stamp);
        /* (a read of the rule, but no dependency of what it declares: a
         * message is rendered from the final values, after resolution) */
        note_read(k, key, false);
        fr_seg seg = { input ? FR_SEG_INPUT : FR_SEG_KEY, repr, key, NULL, 0 };
        return seg_push(k, sv, seg);
    }
    if (key != NONE)
        return -1;   /* the key's declaration has an error */
    ast_pos npos = src_span(k, s, (uint32_t)(n0 - s->s), (uint32_t)(n1 - s->s));
    if (memchr(n0, '-', (size_t)(n1 - n0))) {
        char tmp[FR_MAX_IDENT + 1];
        snprintf(tmp, sizeof tmp, "%.*s", (int)(n1 - n0), n0);
        hyphen_key(k, npos, tmp, false);
        return -1;
    }
    {
        char tmp[FR_MAX_IDENT + 1];
        snprintf(tmp, sizeof tmp, "%.*s", (int)(n1 - n0), n0);
        const char *m = fr_did_you_mean(tmp, strlen(tmp), k->keycands, k->nkeycands);
        if (name && pm_get(&k->map, name, TAG_ALIAS) != NONE)
            return -1;   /* a broken alias, reported at its declaration */
        if (m)
            err(k, npos, "unknown key '%s' in the message; did you mean '%s'?", tmp, m);
        else
            err(k, npos, "unknown key '%s' in the message", tmp);
        return -1;
    }
}

static int c_template(cc *k, const ast_str *s, fr_template *out, segvec *sv)
{
    sv->n = 0;
    out->source = s->s;
    out->loc = SP(k, s->pos);
    if (!s->len) {
        /* (a report line with nothing after the rule's name, a page with no
         * description) */
        fr_diag *g = err(k, s->pos, "a message cannot be empty");
        hint(k, g, "say what is wrong and what to do, e.g. error \"--x needs --y\"");
        out->nsegs = 0;
        return -1;
    }
    if (memchr(s->s, '\0', s->len)) {
        /* (a message is text: a NUL would cut it where it is printed) */
        err(k, s->pos, "a message cannot contain a NUL byte ('\\0')");
        out->nsegs = 0;
        return -1;
    }
    const char *t = s->s;
    uint32_t n = s->len, i = 0, run = 0;
    bool bad = false;
    /* the next '{' and '}' at or after i (NULL: none), found by memchr, not
     * byte by byte (most messages have no brace) */
    const char *ob = n ? memchr(t, '{', n) : NULL, *cb = n ? memchr(t, '}', n) : NULL;
    while (i < n) {
        if (ob && ob < t + i)
            ob = memchr(t + i, '{', n - i);
        if (cb && cb < t + i)
            cb = memchr(t + i, '}', n - i);
        const char *nx = !ob ? cb : !cb ? ob : ob < cb ? ob : cb;
        if (!nx)
            break;
        i = (uint32_t)(nx - t);
        char c = t[i];
        if (i + 1 < n && t[i + 1] == c) {
            /* "{{" or "}}": text up to and including the first brace */
            fr_seg seg = { FR_SEG_TEXT, 0, 0, t + run, i + 1 - run };
            if (seg_push(k, sv, seg) < 0)
                return -1;
            i += 2;
            run = i;
            continue;
        }
        if (c == '}') {
            fr_diag *g = err(k, src_span(k, s, i, i + 1), "single '}' in the message");
            hint(k, g, "write '}}' for a literal brace");
            bad = true;
            i++;
            continue;
        }
        const char *close = memchr(t + i + 1, '}', n - i - 1);
        const char *open2 = memchr(t + i + 1, '{', n - i - 1);
        if (!close || (open2 && open2 < close)) {
            fr_diag *g = err(k, src_span(k, s, i, i + 1), "unclosed '{' in the message");
            hint(k, g, "write '{{' for a literal brace");
            bad = true;
            i++;
            continue;
        }
        if (i > run) {
            fr_seg seg = { FR_SEG_TEXT, 0, 0, t + run, i - run };
            if (seg_push(k, sv, seg) < 0)
                return -1;
        }
        uint32_t b = (uint32_t)(close - t);
        if (c_placeholder(k, s, i + 1, b, sv) < 0)
            bad = true;
        i = b + 1;
        run = i;
    }
    if (run < n) {
        fr_seg seg = { FR_SEG_TEXT, 0, 0, t + run, n - run };
        if (seg_push(k, sv, seg) < 0)
            return -1;
    }
    if (bad || k->oom)
        return -1;
    out->nsegs = (uint32_t)sv->n;
    out->segs = arr8(k, sv->n ? sv->n : 1, sizeof *out->segs);
    if (!out->segs) {
        nomem(k);
        return -1;
    }
    if (sv->n)
        memcpy(out->segs, sv->v, sv->n * sizeof *sv->v);
    return 0;
}

/* ---- doc blocks ----------------------------------------------------------------------------------- */

static const char *const doc_fields[] = { "summary", "means", "solution", "situation", "upstream", "see" };
enum { DF_SUMMARY, DF_MEANS, DF_SOLUTION, DF_SITUATION, DF_UPSTREAM, DF_SEE, DF__N };

static int doc_field(const char *name)
{
    for (int i = 0; i < DF__N; i++)
        if (strcmp(name, doc_fields[i]) == 0)
            return i;
    return -1;
}

/* The rule names as "did you mean" candidates, made when an unknown rule
 * is first reported (not a walk over every rule record for nothing);
 * NULL when out of memory. */
static const char **rule_cands(cc *k)
{
    if (!k->rulecands) {
        k->rulecands = calloc(k->rs->nrules + 1, sizeof *k->rulecands);
        if (!k->rulecands) {
            nomem(k);
            return NULL;
        }
        for (uint32_t i = 0; i < k->rs->nrules; i++)
            k->rulecands[i] = k->rs->rules[i].name;
    }
    return k->rulecands;
}

static uint32_t find_rule(cc *k, const ast_name *n, const char *what)
{
    uint32_t r = n->s ? *fr_intern_word(n->s) : NONE;
    if (r != NONE)
        return r;
    const char **cands = rule_cands(k);
    if (!cands)
        return NONE;
    const char *m = fr_did_you_mean(n->s, n->len, cands, k->rs->nrules);
    if (m)
        err(k, n->pos, "unknown rule '%s'%s; did you mean '%s'?", n->s, what, m);
    else
        err(k, n->pos, "unknown rule '%s'%s", n->s, what);
    return NONE;
}

static fr_doc *c_doc(cc *k, const ast_doc *d, uint8_t kind)
{
    if (kind != FR_RULE_ERROR && kind != FR_RULE_REQUIRE) {
        /* (no page is written for it: the block would be dropped) */
        fr_diag *g = err(k, d->pos, "a doc block belongs to an error or require rule, not to %s rule",
                         kind == FR_RULE_WARN ? "a warn" : kind == FR_RULE_INFO ? "an info" : "a declare");
        hint(k, g, "flagrule doc writes a page for each error; explain a warning in a comment");
        return NULL;
    }
    fr_doc *doc = fr_arena_zalloc(k->a, sizeof *doc);
    if (!doc) {
        nomem(k);
        return NULL;
    }
    doc->loc = SP(k, d->pos);
    uint32_t count[DF__N] = { 0 };
    const ast_docfield *first[DF__N] = { NULL };
    for (const ast_docfield *f = d->fields; f; f = f->next) {
        int which = doc_field(f->field.s);
        if (which < 0) {
            const char *m = fr_did_you_mean(f->field.s, f->field.len, doc_fields, DF__N);
            if (m)
                err(k, f->field.pos, "unknown doc field '%s'; did you mean '%s'?", f->field.s, m);
            else
                err(k, f->field.pos, "unknown doc field '%s'; the fields are summary, means, solution, "
                                     "situation, upstream and see", f->field.s);
            continue;
        }
        if (which == DF_SEE && !f->is_name) {
            fr_diag *g = err(k, f->str.pos, "'see' takes a rule name, not a string");
            hint(k, g, "write 'see other-rule-name;'");
            continue;
        }
        if (which != DF_SEE && f->is_name) {
            fr_diag *g = err(k, f->name.pos, "'%s' takes a string, not a name", f->field.s);
            hint(k, g, "write '%s \"...\";'", f->field.s);
            continue;
        }
        if (which != DF_SEE) {
            size_t blank = 0;
            while (blank < f->str.len && strchr(" \t\n\r\f\v", f->str.s[blank]))
                blank++;
            if (blank == f->str.len) {
                fr_diag *g = err(k, f->str.pos, "an empty '%s' in the doc block", f->field.s);
                hint(k, g, "write its text, or leave the field out");
                continue;
            }
            if (memchr(f->str.s, '\0', f->str.len)) {
                err(k, f->str.pos, "a doc text cannot contain a NUL byte ('\\0')");
                continue;
            }
        }
        if ((which == DF_SUMMARY || which == DF_MEANS || which == DF_UPSTREAM) && first[which]) {
            fr_diag *g = err(k, f->field.pos, "duplicate '%s' in the doc block", f->field.s);
            note(k, g, SP(k, first[which]->field.pos), "first given here");
            continue;
        }
        if (!first[which])
            first[which] = f;
        count[which]++;
    }
    doc->solutions = fr_arena_array(k->a, count[DF_SOLUTION] + 1, sizeof *doc->solutions);
    doc->situations = fr_arena_array(k->a, count[DF_SITUATION] + 1, sizeof *doc->situations);
    doc->see = fr_arena_array(k->a, count[DF_SEE] + 1, sizeof *doc->see);
    if (!doc->solutions || !doc->situations || !doc->see) {
        nomem(k);
        return NULL;
    }
    for (const ast_docfield *f = d->fields; f; f = f->next) {
        int which = doc_field(f->field.s);
        if (which < 0 || (which == DF_SEE) != (f->is_name != 0))
            continue;
        switch (which) {
        case DF_SUMMARY:
            if (f == first[which])
                doc->summary = f->str.s;
            break;
        case DF_MEANS:
            if (f == first[which])
                doc->means = f->str.s;
            break;
        case DF_UPSTREAM:
            if (f == first[which])
                doc->upstream = f->str.s;
            break;
        case DF_SOLUTION:
            doc->solutions[doc->nsolutions++] = f->str.s;
            break;
        case DF_SITUATION:
            doc->situations[doc->nsituations++] = f->str.s;
            break;
        case DF_SEE: {
            uint32_t r = find_rule(k, &f->name, " in 'see'");
            if (r != NONE)
                doc->see[doc->nsee++] = r;
            break;
        }
        }
    }
    return doc;
}

/* ---- rules --------------------------------------------------------------------------------------------- */

/* Keys named in the condition (directly or through given()) whose enum
 * has value v; up to two, for the ambiguity message. */
static void bare_value_keys(cc *k, const ast_expr *e, const char *v, uint32_t found[2], uint32_t *n)
{
    if (!e)
        return;
    switch (e->kind) {
    case AE_NAME:
    case AE_GIVEN: {
        uint32_t key = e->op ? NONE : key_of(k, e->u.name);
        if (key == NONE || !v)
            return;
        fr_type t = k->rs->keys[key].type;
        if (t.kind != FR_T_ENUM || pm_get(&k->map, v, TAG_ENUM + t.enum_id) == NONE)
            return;
        for (uint32_t i = 0; i < *n && i < 2; i++)
            if (found[i] == key)
                return;
        if (*n < 2)
            found[*n] = key;
        (*n)++;
        return;
    }
    case AE_UNARY:
    case AE_IN:
    case AE_MATCH:
        bare_value_keys(k, e->u.bin.l, v, found, n);
        return;
    case AE_BINARY:
        bare_value_keys(k, e->u.bin.l, v, found, n);
        bare_value_keys(k, e->u.bin.r, v, found, n);
        return;
    default:
        return;
    }
}

/* The values of the enum keys named in the condition (did-you-mean
 * candidates of a bare 'declare VALUE'), at most cap. */
static void cond_values(cc *k, const ast_expr *e, const char **out, uint32_t *n, uint32_t cap)
{
    if (!e || *n >= cap)
        return;
    switch (e->kind) {
    case AE_NAME:
    case AE_GIVEN: {
        uint32_t key = e->op ? NONE : key_of(k, e->u.name);
        if (key == NONE || k->rs->keys[key].type.kind != FR_T_ENUM)
            return;
        const fr_enum *en = &k->enums[k->rs->keys[key].type.enum_id];
        for (uint32_t i = 0; i < en->nvalues && *n < cap; i++)
            out[(*n)++] = en->values[i];
        return;
    }
    case AE_UNARY:
    case AE_IN:
    case AE_MATCH:
        cond_values(k, e->u.bin.l, out, n, cap);
        return;
    case AE_BINARY:
        cond_values(k, e->u.bin.l, out, n, cap);
        cond_values(k, e->u.bin.r, out, n, cap);
        return;
    default:
        return;
    }
}

/* The key of declare item `it`, or NONE after an error. */
static uint32_t item_key(cc *k, const ast_rule *r, const ast_item *it)
{
    if (it->key.s) {
        if (it->key.hyphen) {
            hyphen_key(k, it->key.pos, it->key.s, false);
            return NONE;
        }
        uint32_t key = key_of(k, it->key.s);
        if (key == NONE)
            unknown_key(k, it->key.pos, it->key.s);
        return key;
    }
    const ast_expr *v = it->value;
    const char *name = v->kind == AE_NAME ? v->u.name
                     : fr_intern_lookup(k->rs->names, v->u.str.s, v->u.str.len);
    uint32_t found[2] = { NONE, NONE }, n = 0;
    bare_value_keys(k, r->cond, name, found, &n);
    char b1[96];
    if (n == 1)
        return found[0];
    if (n == 0) {
        uint32_t key = v->kind == AE_NAME && !v->op ? key_of(k, v->u.name) : NONE;
        fr_diag *g;
        if (key != NONE) {
            g = err(k, v->pos, "'declare %s' names a key but no value", v->u.name);
            hint(k, g, "write 'declare %s = VALUE'", v->u.name);
        } else {
            const char *vals[256];
            uint32_t nv = 0;
            cond_values(k, r->cond, vals, &nv, 256);
            const char *m = name ? fr_did_you_mean(name, strlen(name), vals, nv) : NULL;
            if (m)
                g = err(k, v->pos, "%s is not a value of any key in the condition; did you mean '%s'?",
                        quoted(k, v->pos, b1, sizeof b1), m);
            else
                g = err(k, v->pos, "%s is not a value of any key in the condition",
                        quoted(k, v->pos, b1, sizeof b1));
            hint(k, g, "'declare VALUE' sets the one key of the condition that has VALUE; "
                       "otherwise write 'declare KEY = VALUE'");
        }
        return NONE;
    }
    fr_diag *g = err(k, v->pos, "'declare %s' is ambiguous: %s is a value of both '%s' and '%s'",
                     v->kind == AE_NAME ? v->u.name : "...", quoted(k, v->pos, b1, sizeof b1),
                     k->rs->keys[found[0]].name, k->rs->keys[found[1]].name);
    hint(k, g, "write 'declare %s = %s'", k->rs->keys[found[0]].name, unquoted(b1));
    return NONE;
}

static void c_declare(cc *k, const ast_rule *r, fr_rule *out)
{
    out->items = arr8(k, r->nitems, sizeof *out->items);
    out->attached = arr8(k, r->nattached + 1, sizeof *out->attached);
    if (!out->items || !out->attached) {
        nomem(k);
        return;
    }
    /* the keys first: they read their input value everywhere in the rule */
    uint32_t i = 0;
    const ast_item *it;
    for (it = r->items; it; it = it->next, i++) {
        uint32_t key = item_key(k, r, it);
        out->items[i].key = key;
        out->items[i].loc = SP(k, it->pos);
        if (key == NONE)
            continue;
        const fr_key *kk = &k->rs->keys[key];
        if (kk->kind == FR_KEY_FACT) {
            fr_diag *g = err(k, it->key.s ? it->key.pos : it->value->pos,
                             "cannot declare '%s': it is a fact (given by the caller)", kk->name);
            note(k, g, kk->loc, "'%s' is declared here", kk->name);
            out->items[i].key = NONE;
            continue;
        }
        if (k->declmark[key] == k->stamp) {
            err(k, it->key.s ? it->key.pos : it->value->pos, "'%s' is declared twice in this rule", kk->name);
            continue;
        }
        k->declmark[key] = k->stamp;
    }
}

static void c_declare_values(cc *k, const ast_rule *r, fr_rule *out)
{
    uint32_t i = 0;
    char b1[96], b2[96], b3[96];
    for (const ast_item *it = r->items; it; it = it->next, i++) {
        uint32_t key = out->items[i].key;
        if (key == NONE)
            continue;
        const fr_key *kk = &k->rs->keys[key];
        fr_type t = kk->type;
        uint32_t v = c_expr(k, it->value, &t, kk->name);
        if (v == NONE)
            continue;
        fr_type vt = ntype(k, v);
        if (vt.kind == FR_T_NULL || (!same_type(vt, t))) {
            if (vt.kind == FR_T_NULL && t.nullable) {
                fr_node_set_type(&k->rs->nodes[v], t);
            } else {
                err(k, it->value->pos, "cannot declare '%s' (%s) to %s, which is %s", kk->name,
                    tphrase(k, t, b1, sizeof b1), quoted(k, it->value->pos, b2, sizeof b2),
                    tphrase(k, vt, b3, sizeof b3));
                continue;
            }
        }
        out->items[i].value = v;
    }
    out->nitems = i;
}

static void c_rule(cc *k, const ast_rule *r, uint32_t id, segvec *sv)
{
    fr_ruleset *rs = k->rs;
    fr_rule *out = &rs->rules[id];
    k->stamp++;
    k->cur = r;
    k->cur_rule = id;
    k->cur_declare = r->kind == FR_RULE_DECLARE;
    k->nrd = 0;
    k->rule_bad = false;
    k->deps.off[id] = (uint32_t)k->ndeps;
    out->kind = r->kind;
    out->loc = SP(k, r->pos);
    out->name_loc = r->named ? SP(k, r->name.pos) : SP(k, r->text);
    out->cond = out->req = NONE;
    if (r->kind == FR_RULE_DECLARE)
        c_declare(k, r, out);
    out->cond = c_cond(k, r->cond, "the condition");
    switch (r->kind) {
    case FR_RULE_REQUIRE:
        out->req = c_cond(k, r->req, "the required condition");
        /* fall through */
    case FR_RULE_ERROR:
    case FR_RULE_WARN:
    case FR_RULE_INFO:
        c_template(k, &r->msg, &out->msg, sv);
        break;
    case FR_RULE_DECLARE: {
        if (!out->items)
            break;
        c_declare_values(k, r, out);
        uint32_t j = 0;
        for (const ast_msg *m = r->attached; m; m = m->next, j++) {
            out->attached[j].severity = m->sev;
            c_template(k, &m->text, &out->attached[j].msg, sv);
        }
        out->nattached = j;
        break;
    }
    }
    if (r->doc)
        out->doc = c_doc(k, r->doc, r->kind);
    /* reads, sorted; the dependency row likewise */
    if (k->nrd) {
        out->reads = arr8(k, k->nrd, sizeof *out->reads);
        if (!out->reads) {
            nomem(k);
            return;
        }
        memcpy(out->reads, k->rd, k->nrd * sizeof *k->rd);
        sort_u32(out->reads, k->nrd);
        out->nreads = (uint32_t)k->nrd;
    }
    uint32_t d0 = k->deps.off[id];
    if (k->ndeps > d0)
        sort_u32(k->deps.keys + d0, k->ndeps - d0);
    k->deps.off[id + 1] = (uint32_t)k->ndeps;
}

/* ---- test blocks ------------------------------------------------------------------------------------------ */

static const char *sev_noun(uint8_t sev)
{
    return sev == FR_SEV_ERROR ? "errors" : sev == FR_SEV_WARNING ? "warnings" : "infos";
}

/* Whether expression n can stop on a run-time error: arithmetic (division
 * or remainder by zero, overflow) or a regex match (the match limit, bad
 * UTF-8).  Conservative: an operation that cannot fail on these operands
 * still counts (the check below refuses only what can never happen). */
static bool may_fail(const fr_ruleset *rs, uint32_t n)
{
    while (n < rs->nnodes) {
        const fr_node *nd = &rs->nodes[n];
        switch ((fr_op)nd->op) {
        case FR_OP_ADD: case FR_OP_SUB: case FR_OP_MUL: case FR_OP_DIV: case FR_OP_MOD:
        case FR_OP_NEG: case FR_OP_MATCH:
            return true;
        default:
            break;
        }
        int ar = fr_op_arity((fr_op)nd->op);
        if (ar == 0)
            return false;
        if (ar == 2 && may_fail(rs, nd->b))   /* (depth: expressions nest at most 256 levels) */
            return true;
        n = nd->a;
    }
    return false;
}

/* An expectation that rule r gives a message of severity sev must be
 * possible: error rules give errors (declare rules too: conflicts and
 * oscillations), warn/info rules and the messages attached to a declare
 * their own severity, and errors too when their condition can stop on a
 * run-time error (a division by zero is an error of the config, whatever
 * the rule's severity). */
static void check_severity(cc *k, const ast_expect *x, uint32_t r, uint8_t sev)
{
    const fr_rule *ru = &k->rs->rules[r];
    bool ok;
    switch (ru->kind) {
    case FR_RULE_ERROR:
    case FR_RULE_REQUIRE: ok = sev == FR_SEV_ERROR; break;
    case FR_RULE_WARN:    ok = sev == FR_SEV_WARNING || (sev == FR_SEV_ERROR && may_fail(k->rs, ru->cond)); break;
    case FR_RULE_INFO:    ok = sev == FR_SEV_INFO || (sev == FR_SEV_ERROR && may_fail(k->rs, ru->cond)); break;
    default:
        ok = sev == FR_SEV_ERROR;
        for (uint32_t i = 0; i < ru->nattached; i++)
            ok = ok || ru->attached[i].severity == sev;
        break;
    }
    if (ok)
        return;
    uint8_t gives = ru->kind == FR_RULE_WARN ? FR_SEV_WARNING : ru->kind == FR_RULE_INFO ? FR_SEV_INFO
                                                                                       : FR_SEV_ERROR;
    /* (a declare rule: the severities of its attached messages, and
     * errors only in a conflict or an oscillation; sev is none of them) */
    char what[96];
    if (ru->kind == FR_RULE_DECLARE) {
        bool w = false, in = false;
        for (uint32_t i = 0; i < ru->nattached; i++) {
            w = w || ru->attached[i].severity == FR_SEV_WARNING;
            in = in || ru->attached[i].severity == FR_SEV_INFO;
        }
        snprintf(what, sizeof what, "%s%s", w ? "warnings, and errors" : in ? "infos, and errors" : "errors",
                 " only in a conflict or an oscillation");
    } else
        snprintf(what, sizeof what, "%s", sev_noun(gives));
    fr_diag *g = x->negated
                     ? err(k, x->rule.pos, "rule '%s' gives %s, never %s: 'not %s %s' always holds", ru->name,
                           what, sev_noun(sev), x->sev == FR_SEV_ERROR ? "error"
                                                : x->sev == FR_SEV_WARNING ? "warn" : "info", ru->name)
                     : err(k, x->rule.pos, "rule '%s' gives %s, never %s", ru->name, what, sev_noun(sev));
    note(k, g, ru->name_loc, "'%s' is defined here", ru->name);
}

static void c_expect(cc *k, const ast_expect *x, fr_expect *out)
{
    out->loc = SP(k, x->pos);
    out->rule = out->key = NONE;
    switch (x->kind) {
    case AX_WORD:
        if (strcmp(x->word.s, "ok") == 0) {
            out->kind = FR_EXP_OK;
        } else if (strcmp(x->word.s, "invalid") == 0) {
            out->kind = FR_EXP_INVALID;
        } else if (strcmp(x->word.s, "first") == 0) {
            fr_diag *g = err(k, x->word.pos, "'first' needs 'error RULE' after it");
            hint(k, g, "write 'first error RULE'");
        } else if (key_of(k, x->word.s) != NONE) {
            /* `n != 2`: the word before what the parser could not take */
            fr_diag *g = err(k, x->word.pos, "'%s' is a key: an expectation of its value is '%s = VALUE'",
                             x->word.s, x->word.s);
            hint(k, g, "expectations: ok, invalid, error, [not] error|warn|info RULE, first error RULE, "
                       "KEY = VALUE (no other comparison)");
        } else {
            static const char *const words[] = { "ok", "invalid", "error", "warn", "info", "first" };
            const char *m = fr_did_you_mean(x->word.s, x->word.len, words, 6);
            fr_diag *g = m ? err(k, x->word.pos, "unknown expectation '%s'; did you mean '%s'?", x->word.s, m)
                           : err(k, x->word.pos, "unknown expectation '%s'", x->word.s);
            hint(k, g, "expectations: ok, invalid, error, [not] error|warn|info RULE, first error RULE, "
                       "KEY = VALUE");
        }
        return;
    case AX_ERROR_ANY:
        out->kind = FR_EXP_ERROR_ANY;
        return;
    case AX_MSG:
        out->kind = FR_EXP_MSG;
        out->negated = x->negated;
        out->severity = x->sev;
        out->rule = find_rule(k, &x->rule, "");
        if (out->rule != NONE)
            check_severity(k, x, out->rule, x->sev);
        return;
    case AX_FIRST:
        out->kind = FR_EXP_FIRST_ERROR;
        if (strcmp(x->word.s, "first") != 0) {
            fr_diag *g = err(k, x->word.pos, "unknown expectation '%s error'", x->word.s);
            hint(k, g, "did you mean 'first error RULE'?");
            return;
        }
        out->rule = find_rule(k, &x->rule, "");
        if (out->rule != NONE)
            check_severity(k, x, out->rule, FR_SEV_ERROR);
        return;
    case AX_VALUE: {
        out->kind = FR_EXP_VALUE;
        if (x->word.hyphen) {
            hyphen_key(k, x->word.pos, x->word.s, false);
            return;
        }
        uint32_t key = key_of(k, x->word.s);
        if (key == NONE) {
            unknown_key(k, x->word.pos, x->word.s);
            return;
        }
        if (k->keybad[key])
            return;
        out->key = key;
        lit_val(k, x->value, k->rs->keys[key].type, k->rs->keys[key].name, &out->value);
        return;
    }
    }
}

/* Whether expectations a and b of one case contradict each other (no
 * config meets both): ok and an error; invalid and a status, a value or a
 * message; a message and its negation; two values of one key. */
static bool contradicts(const fr_ruleset *rs, const fr_expect *a, const fr_expect *b)
{
    for (int swap = 0; swap < 2; swap++) {
        const fr_expect *x = swap ? b : a, *y = swap ? a : b;
        bool y_error = y->kind == FR_EXP_ERROR_ANY || y->kind == FR_EXP_FIRST_ERROR ||
                       (y->kind == FR_EXP_MSG && !y->negated && y->severity == FR_SEV_ERROR);
        if (x->kind == FR_EXP_OK && (y_error || y->kind == FR_EXP_INVALID))
            return true;
        if (x->kind == FR_EXP_INVALID && y->kind != FR_EXP_INVALID && !(y->kind == FR_EXP_MSG && y->negated))
            return true;
    }
    if (a->kind == FR_EXP_MSG && b->kind == FR_EXP_MSG && a->rule == b->rule && a->rule != NONE &&
        a->severity == b->severity && a->negated != b->negated)
        return true;
    if (a->kind == FR_EXP_VALUE && b->kind == FR_EXP_VALUE && a->key == b->key && a->key != NONE &&
        !fr_val_eq(rs->keys[a->key].type, a->value, b->value))
        return true;
    return false;
}

static void check_contradictions(cc *k, const ast_case *c, const fr_testcase *tc)
{
    uint32_t j = 0;
    for (const ast_expect *y = c->expects; y; y = y->next, j++) {
        uint32_t i = 0;
        for (const ast_expect *x = c->expects; x != y && i < 4096; x = x->next, i++) {
            if (!contradicts(k->rs, &tc->expects[i], &tc->expects[j]))
                continue;
            char b1[64], b2[64];
            fr_diag *g = err(k, y->pos, "%s contradicts %s: no config meets both",
                             quoted(k, y->pos, b2, sizeof b2), quoted(k, x->pos, b1, sizeof b1));
            note(k, g, SP(k, x->pos), "the other expectation");
            return;   /* (one a case) */
        }
    }
}

static void c_test(cc *k, const ast_test *t, fr_test *out)
{
    out->name = t->name.s;
    out->loc = SP(k, t->pos);
    out->cases = fr_arena_array(k->a, t->ncases + 1, sizeof *out->cases);
    if (!out->cases) {
        nomem(k);
        return;
    }
    uint32_t i = 0;
    for (const ast_case *c = t->cases; c; c = c->next, i++) {
        fr_testcase *tc = &out->cases[i];
        tc->config = c->config;
        tc->loc = SP(k, c->pos);
        tc->expects = fr_arena_array(k->a, c->nexpects + 1, sizeof *tc->expects);
        if (!tc->expects) {
            nomem(k);
            return;
        }
        uint32_t j = 0;
        for (const ast_expect *x = c->expects; x; x = x->next, j++)
            c_expect(k, x, &tc->expects[j]);
        tc->nexpects = j;
        check_contradictions(k, c, tc);
    }
    out->ncases = i;
}

/* ---- pass 1: declarations ------------------------------------------------------------------------------------ */

/* A previous definition of `name` as a key or an alias: its span, or none. */
static bool prev_name(const cc *k, const char *name, fr_span *where, const char **what)
{
    uint32_t id = pm_get(&k->map, name, TAG_KEY);
    if (id != NONE) {
        *where = k->rs->keys[id].loc;
        *what = "key";
        return true;
    }
    id = pm_get(&k->map, name, TAG_ALIAS);
    if (id != NONE) {
        *where = k->alias_locs[id];
        *what = "alias";
        return true;
    }
    return false;
}

static int enum_find_or_add(cc *k, const char **vals, uint32_t n, uint32_t *id)
{
    uint32_t h = fr_hash_bytes(vals, n * sizeof *vals);
    const void *hk = (const void *)(uintptr_t)((uintptr_t)h + 1);
    for (uint32_t probe = 0; probe < 24; probe++) {
        uint32_t e = pm_get(&k->map, hk, 1000 + probe);
        if (e == NONE) {
            if (pm_put(&k->map, hk, 1000 + probe, k->rs->nenums) < 0)
                return -1;
            break;
        }
        if (k->enums[e].nvalues == n && memcmp(k->enums[e].values, vals, n * sizeof *vals) == 0) {
            *id = e;
            return 0;
        }
    }
    if (fr_vec_reserve((void **)&k->enums, &k->capenums, k->rs->nenums + 1, sizeof *k->enums) < 0)
        return -1;
    uint32_t e = k->rs->nenums++;
    k->enums[e].values = vals;
    k->enums[e].nvalues = n;
    for (uint32_t i = 0; i < n; i++) {
        if (pm_put(&k->map, vals[i], TAG_ENUM + e, i) < 0)
            return -1;
        if (pm_get(&k->map, vals[i], TAG_VALENUM) == NONE && pm_put(&k->map, vals[i], TAG_VALENUM, e) < 0)
            return -1;
    }
    *id = e;
    return 0;
}

/* The type of a declaration; false after an error. */
static bool p1_type(cc *k, const ast_decl *d, fr_type *t)
{
    t->nullable = d->nullable;
    if (!d->is_enum) {
        const char *tn = d->tname.s;
        if (!strcmp(tn, "bool") || !strcmp(tn, "switch"))
            t->kind = FR_T_BOOL;
        else if (!strcmp(tn, "int"))
            t->kind = FR_T_INT;
        else if (!strcmp(tn, "string"))
            t->kind = FR_T_STRING;
        else {
            static const char *const types[] = { "bool", "switch", "int", "string", "enum" };
            /* (and the other languages' names of them) */
            static const char *const other[][2] = {
                { "integer", "int" }, { "long", "int" }, { "number", "int" }, { "uint", "int" },
                { "boolean", "bool" }, { "str", "string" }, { "text", "string" }, { "choice", "enum" },
            };
            const char *m = fr_did_you_mean(tn, d->tname.len, types, 5);
            for (size_t o = 0; o < sizeof other / sizeof *other; o++)
                if (!strcasecmp(tn, other[o][0]))
                    m = other[o][1];
            for (size_t o = 0; !m && o < 5; o++)
                if (!strcasecmp(tn, types[o]))
                    m = types[o];   /* (types are lowercase: "Int") */
            fr_diag *g = m ? err(k, d->tname.pos, "unknown type '%s'; did you mean '%s'?", tn, m)
                           : err(k, d->tname.pos, "unknown type '%s'", tn);
            hint(k, g, "the types are bool, switch, int, string and enum { VALUE, ... }");
            return false;
        }
        return true;
    }
    const char **vals = fr_arena_array(k->a, d->nvalues, sizeof *vals);
    if (!vals) {
        nomem(k);
        return false;
    }
    uint32_t n = 0;
    bool ok = true;
    /* duplicate members: a temporary mark in the map under a fresh tag */
    uint32_t tag = TAG_ENUM + 0x7fffffffu - (uint32_t)(k->stamp++ & 0x3fffffff);
    for (const ast_vlist *v = d->values; v; v = v->next) {
        if (v->is_string && memchr(v->v.s, '\0', v->v.len)) {
            /* (a value is a name: a NUL would cut it where it is printed and matched) */
            err(k, v->v.pos, "an enum value cannot contain a NUL byte ('\\0')");
            ok = false;
            continue;
        }
        const char *name = v->is_string ? intern(k, v->v.s, v->v.len) : v->v.s;
        if (!name)
            return false;
        uint32_t prev = pm_get(&k->map, name, tag);
        if (prev != NONE) {
            fr_diag *g = err(k, v->v.pos, "duplicate value '%s' in the enum", name);
            /* (the first listing's own span: written another way, its
             * length is not the duplicate's) */
            ast_pos first = pos2(prev, prev + (uint32_t)strlen(name));
            for (const ast_vlist *u = d->values; u != v; u = u->next)
                if (u->v.pos.start == prev) {
                    first = u->v.pos;
                    break;
                }
            note(k, g, SP(k, first), "first listed here");
            ok = false;
            continue;
        }
        if (pm_put(&k->map, name, tag, v->v.pos.start) < 0) {
            nomem(k);
            return false;
        }
        vals[n++] = name;
    }
    if (!ok)
        return false;
    t->kind = FR_T_ENUM;
    if (enum_find_or_add(k, vals, n, &t->enum_id) < 0) {
        nomem(k);
        return false;
    }
    return true;
}

/* A CLI spelling ("--tp-size") as written is one (else reported). */
static bool cli_spelling_ok(cc *k, const ast_vlist *v)
{
    const char *s = v->v.s;
    const unsigned char *u = (const unsigned char *)s;
    /* below 0x21 (blanks, control bytes, an escaped NUL) or '=': none
     * ((c - 0x21) wraps above 0x1c for those) */
    /* (8 bytes a step: a rule set may list hundreds of spellings, and a
     * one-config run compiles them all) */
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t bad = 0;
    uint32_t i = 0, n = v->v.len;
    for (; i < n; i += 8) {
        uint64_t x = 0x4141414141414141ull;   /* ('A': fine) */
        memcpy(&x, u + i, n - i < 8 ? n - i : 8);
        uint64_t e = x ^ (ones * '=');
        /* a byte below 0x21 (x < 0x80 there), or 0 in e */
        bad |= ((x - ones * 0x21) & ~x & highs) | ((e - ones) & ~e & highs);
    }
    if (bad) {
        fr_diag *g = err(k, v->v.pos, "bad CLI spelling \"%s\"", s);
        hint(k, g, "a spelling has no spaces, control characters or '=', e.g. \"--tp-size\" or \"--tp\"");
        return false;
    }
    if (v->v.len < 3 || s[0] != '-' || s[1] != '-' || s[2] == '-') {
        /* a config reads only words starting with "--" as flags: the
         * words before the first one are program words, skipped */
        char buf[64];
        fr_diag *g = err(k, v->v.pos, "a CLI spelling is '--' and a name, not %s", quoted(k, v->v.pos, buf, sizeof buf));
        const char *name = s;
        while (*name == '-')
            name++;
        if (*name && name - s >= 2)
            hint(k, g, "write \"--%s\"", name);
        else if (*name)
            hint(k, g, "a config reads only words starting with '--' as flags (the words before the first "
                       "one are the program's): write \"--%s\"", name);
        else
            hint(k, g, "e.g. \"--tp-size\" or \"--tp\"");
        return false;
    }
    return true;
}

/* A CLI spelling ("--tp-size") as written: interned, or NULL with *bad set
 * when it is no spelling (reported), or NULL (out of memory). */
static const char *cli_spelling(cc *k, const ast_vlist *v, bool *bad)
{
    *bad = !cli_spelling_ok(k, v);
    return *bad ? NULL : intern(k, v->v.s, v->v.len);   /* (NULL: out of memory) */
}

/* A null word (`cli null "WORD"`) of a key of type t is no value of that
 * type (else reported), so that a command line reads each word one way. */
static bool null_word_ok(cc *k, const ast_vlist *v, fr_type t, const fr_key *key)
{
    fr_val val;
    fr_type plain = t;
    plain.nullable = 0;
    const char *s = v->v.s;
    bool is_value = false;
    if (t.kind == FR_T_ENUM) {   /* (k->enums: the ruleset's are set after pass 1) */
        for (uint32_t i = 0; i < k->enums[t.enum_id].nvalues && !is_value; i++)
            is_value = !strcmp(k->enums[t.enum_id].values[i], s);
    } else if (t.kind != FR_T_STRING) {
        is_value = fr_value_parse(k->rs, plain, s, v->v.len, &val) != FR_PARSE_BAD;
    }
    if (is_value) {
        fr_diag *g = err(k, v->v.pos, "null word \"%s\" is a value of '%s'", s, key->name);
        hint(k, g, "a command line reads the word as that value: choose a word that is no value of '%s'", key->name);
        return false;
    }
    if (memchr(s, '\0', v->v.len)) {
        fr_diag *g = err(k, v->v.pos, "a null word cannot hold a NUL byte");
        hint(k, g, "a config word never holds one");
        return false;
    }
    if (fr_key_has_null_word(key, s, v->v.len)) {   /* (the words kept so far) */
        err(k, v->v.pos, "null word \"%s\" listed twice", s);
        return false;
    }
    return true;
}

/* The null words of a flag: after an error, none. */
static void p1_nulls(cc *k, const ast_decl *d, fr_key *key, uint32_t n, ast_pos at)
{
    if (d->keykind != FR_KEY_FLAG) {
        fr_diag *g = err(k, at, "only flags have null words");
        hint(k, g, d->keykind == FR_KEY_ENV ? "an env key is null when the variable is not set"
                                            : "a fact reads the words null and None as null");
        return;
    }
    if (!d->nullable) {
        fr_diag *g = err(k, at, "'%s' has null words but is not nullable", d->name.s);
        hint(k, g, "a key is nullable when its type ends in '?'");
        return;
    }
    if (!(key->nulls = fr_arena_array(k->a, n, sizeof *key->nulls))) {
        nomem(k);
        return;
    }
    uint32_t bad = 0;
    for (const ast_vlist *v = d->cli; v; v = v->next) {
        if (!v->is_null)
            continue;
        if (!null_word_ok(k, v, key->type, key)) {
            bad++;
            continue;
        }
        const char *in = intern(k, v->v.s, v->v.len);
        if (!in)
            return;
        key->nulls[key->nnulls++] = in;
    }
    if (bad)
        key->nnulls = 0;
}

static void p1_cli(cc *k, const ast_decl *d, fr_key *key)
{
    if (!d->cli)
        return;
    uint32_t nnulls = 0;
    ast_pos at = d->cli_pos;
    for (const ast_vlist *v = d->cli; v; v = v->next)
        if (v->is_null && !nnulls++)
            at = v->v.pos;
    if (nnulls && !k->keybad[key - k->rs->keys])
        p1_nulls(k, d, key, nnulls, at);
    if (!d->ncli)
        return;
    if (d->keykind != FR_KEY_FLAG) {
        fr_diag *g = err(k, d->cli_pos, "only flags have CLI spellings");
        hint(k, g, "env and fact keys are given as %s=VALUE", d->name.s);
        return;
    }
    key->cli = fr_arena_array(k->a, d->ncli, sizeof *key->cli);
    if (!key->cli) {
        nomem(k);
        return;
    }
    uint32_t nconst = 0;
    for (const ast_vlist *v = d->cli; v; v = v->next)
        nconst += !v->is_null && v->cval;
    if (nconst && (!(key->cli_const = fr_arena_array(k->a, d->ncli, sizeof *key->cli_const)) ||
                   !(key->cli_val = fr_arena_array(k->a, d->ncli, sizeof *key->cli_val)))) {
        nomem(k);
        return;
    }
    bool keybad = k->keybad[key - k->rs->keys];
    for (const ast_vlist *v = d->cli; v; v = v->next) {
        bool bad;
        if (v->is_null)
            continue;
        const char *in = cli_spelling(k, v, &bad);
        if (bad)
            continue;
        if (!in)
            return;
        bool twice = false;
        for (uint32_t j = 0; j < key->ncli && !twice; j++)
            twice = key->cli[j] == in;   /* (interned) */
        if (twice) {
            /* (argparse refuses a conflicting option string too) */
            fr_diag *g = err(k, v->v.pos, "'%s' is listed twice in the CLI spellings of '%s'", in, key->name);
            hint(k, g, "list each spelling once");
            continue;
        }
        if (v->cval) {
            /* "--old" = VALUE: no value word, VALUE given (store_const) */
            fr_val cv = key->def;
            if (v == d->cli) {
                fr_diag *g = err(k, v->v.pos, "the first spelling of '%s' must take a value", key->name);
                hint(k, g, "a config is written with the first spelling: list one without '= VALUE' "
                           "first (a spelling with '= VALUE' takes no value and gives that one)");
                continue;
            }
            if (!keybad && lit_val(k, v->cval, key->type, key->name, &cv) < 0)
                continue;
            key->cli_const[key->ncli] = 1;
            key->cli_val[key->ncli] = cv;
        }
        if (fr_vec_reserve((void **)&k->clipos, &k->capclipos, k->nclipos + 1, sizeof *k->clipos) < 0) {
            nomem(k);
            return;
        }
        k->clipos[k->nclipos].key = (uint32_t)(key - k->rs->keys);
        k->clipos[k->nclipos].j = key->ncli;
        k->clipos[k->nclipos++].sp = SP(k, v->v.pos);
        key->cli[key->ncli++] = in;
    }
}

/* The default spelling: "--" + name with '_' turned into '-'. */
static const char *default_cli(cc *k, const char *name)
{
    size_t n = strlen(name);
    char buf[FR_MAX_IDENT + 3];
    if (n > FR_MAX_IDENT)
        n = FR_MAX_IDENT;
    buf[0] = buf[1] = '-';
    for (size_t i = 0; i < n; i++)
        buf[i + 2] = name[i] == '_' ? '-' : name[i];
    return intern(k, buf, n + 2);
}

/* A `switch` (a bool flag that a command line turns on by naming it, as
 * argparse's store_true: no =VALUE, no way to write false): a flag, not
 * nullable, false by default.  False after an error. */
static bool p1_switch(cc *k, const ast_decl *d, fr_key *key)
{
    if (d->keykind != FR_KEY_FLAG) {
        fr_diag *g = err(k, d->tname.pos, "only flags can be switches");
        hint(k, g, "an env or fact key is given as %s=VALUE: declare it bool", d->name.s);
        return false;
    }
    if (d->nullable) {
        fr_diag *g = err(k, d->tname.pos, "a switch cannot be nullable");
        hint(k, g, "a switch is false unless a command line names it: declare it bool? to have null");
        return false;
    }
    if (key->def.i) {
        fr_diag *g = err(k, d->def ? d->def->pos : d->tname.pos, "a switch is false by default");
        hint(k, g, "a command line can only turn a switch on; declare it bool to take =false");
        return false;
    }
    key->is_switch = 1;
    return true;
}

static void p1_decl(cc *k, const ast_decl *d)
{
    fr_ruleset *rs = k->rs;
    uint32_t id = rs->nkeys++;
    fr_key *key = &rs->keys[id];
    key->name = d->name.s;
    key->kind = d->keykind;
    key->loc = SP(k, d->name.pos);
    key->help = d->has_help ? d->help.s : NULL;
    bool register_name = true;
    if (d->name.hyphen) {
        fr_diag *g = err(k, d->name.pos, "key names cannot contain '-'");
        hint(k, g, "write '_' instead; a flag's CLI spelling turns '_' into '-' (tp_size -> --tp-size)");
        register_name = false;
    } else {
        fr_span prev;
        const char *what;
        if (prev_name(k, d->name.s, &prev, &what)) {
            fr_diag *g = err(k, d->name.pos, "duplicate key '%s'", d->name.s);
            note(k, g, prev, "'%s' is first declared here (as %s %s)", d->name.s,
                 what[0] == 'a' ? "an" : "a", what);
            register_name = false;
        }
    }
    if (register_name && pm_put(&k->map, d->name.s, TAG_KEY, id) < 0) {
        nomem(k);
        return;
    }
    if (!p1_type(k, d, &key->type)) {
        k->keybad[id] = 1;
        key->type = ty(FR_T_BOOL);
    } else if (d->def && lit_val(k, d->def, key->type, key->name, &key->def) < 0) {
        k->keybad[id] = 1;
    } else if (!d->is_enum && !strcmp(d->tname.s, "switch") && !p1_switch(k, d, key)) {
        k->keybad[id] = 1;
    }
    p1_cli(k, d, key);
    if (key->kind == FR_KEY_FLAG && !d->ncli) {
        key->cli = fr_arena_array(k->a, 1, sizeof *key->cli);
        if (!key->cli || !(key->cli[0] = default_cli(k, key->name))) {
            nomem(k);
            return;
        }
        key->ncli = 1;
    }
}

static void p1_alias(cc *k, const ast_alias *al)
{
    fr_ruleset *rs = k->rs;
    uint32_t id = rs->naliases++;
    rs->alias_names[id] = al->name.s;
    rs->alias_keys[id] = NONE;
    k->alias_locs[id] = SP(k, al->name.pos);
    if (al->name.hyphen) {
        fr_diag *g = err(k, al->name.pos, "alias names cannot contain '-'");
        hint(k, g, "write '_' instead");
        return;
    }
    fr_span prev;
    const char *what;
    if (prev_name(k, al->name.s, &prev, &what)) {
        fr_diag *g = err(k, al->name.pos, "duplicate name '%s': it is already %s %s", al->name.s,
                         what[0] == 'a' ? "an" : "a", what);
        note(k, g, prev, "'%s' is first declared here", al->name.s);
        return;
    }
    if (pm_put(&k->map, al->name.s, TAG_ALIAS, id) < 0)
        nomem(k);
}

/* Aliases point at keys, or at aliases of keys (resolved after every key
 * of every file is known).  Each alias is resolved once: the chain from an
 * unresolved alias is followed until a key, an alias already resolved, or an
 * alias on the chain itself (a cycle), and every alias on it gets the
 * result — linear in the number of aliases, however they chain. */
enum { AL_TODO = 0, AL_PATH, AL_DONE };

static void p1_alias_targets(cc *k, const ast_alias *const *als)
{
    fr_ruleset *rs = k->rs;
    uint32_t n = rs->naliases;
    if (!n)
        return;
    uint8_t *state = calloc(n, 1);
    uint32_t *path = malloc(n * sizeof *path);
    if (!state || !path) {
        free(state);
        free(path);
        nomem(k);
        return;
    }
    for (uint32_t id = 0; id < n && !stopped(k); id++) {
        if (state[id] == AL_DONE)
            continue;
        uint32_t len = 0, cur = id, key = NONE;
        bool cycle = false;
        for (;;) {
            state[cur] = AL_PATH;
            path[len++] = cur;
            const char *t = als[cur]->target.s;
            key = pm_get(&k->map, t, TAG_KEY);
            if (key != NONE)
                break;
            uint32_t a2 = pm_get(&k->map, t, TAG_ALIAS);
            if (a2 == NONE) {
                const ast_alias *al = als[cur];
                k->file = k->alias_locs[cur].file;
                if (al->target.hyphen) {
                    hyphen_key(k, al->target.pos, t, false);
                    break;
                }
                const char *m = fr_did_you_mean(t, strlen(t), k->keycands, k->nkeycands);
                if (m && strcmp(m, al->name.s) != 0)   /* (not the alias itself) */
                    err(k, al->target.pos, "unknown key '%s'; did you mean '%s'?", t, m);
                else
                    err(k, al->target.pos, "unknown key '%s'", t);
                break;
            }
            if (state[a2] == AL_DONE) {
                key = rs->alias_keys[a2];
                break;
            }
            if (state[a2] == AL_PATH) {
                cycle = true;
                cur = a2;   /* (where the cycle starts on the path) */
                break;
            }
            cur = a2;
        }
        if (cycle && !stopped(k)) {
            /* one error for the cycle, at its first alias on the path,
             * naming the whole chain; the aliases that lead into it have
             * no key either, and no error of their own */
            uint32_t at = 0;
            while (path[at] != cur)
                at++;
            const ast_alias *first = als[path[at]];
            k->file = k->alias_locs[path[at]].file;
            if (at + 1 == len)
                err(k, first->target.pos, "alias '%s' refers to itself", first->name.s);
            else {
                /* (at most 8 names and notes: a cycle may be long) */
                fr_buf chain = { 0 };
                uint32_t ncyc = len - at;
                for (uint32_t i = at; i < len && i - at < 8; i++) {
                    fr_buf_puts(&chain, als[path[i]]->name.s);
                    fr_buf_puts(&chain, " -> ");
                }
                if (ncyc > 8)
                    fr_buf_puts(&chain, "... -> ");
                fr_buf_puts(&chain, first->name.s);
                if (ncyc > 8)
                    fr_buf_printf(&chain, " (%u aliases)", ncyc);
                fr_diag *g = err(k, first->target.pos, "aliases refer to each other in a cycle: %s",
                                 chain.oom ? "..." : chain.p);
                fr_buf_free(&chain);
                for (uint32_t i = at + 1; i < len && i - at < 8; i++)
                    note(k, g, k->alias_locs[path[i]], "alias '%s' is declared here", als[path[i]]->name.s);
                hint(k, g, "an alias names a key, or an alias of one");
            }
        }
        for (uint32_t i = 0; i < len; i++) {
            uint32_t a = path[i];
            state[a] = AL_DONE;
            rs->alias_keys[a] = key;
        }
    }
    free(state);
    free(path);
}

static void p1_rule_name(cc *k, const ast_rule *r, uint32_t id)
{
    fr_rule *out = &k->rs->rules[id];
    out->named = r->named;
    if (!r->named)
        return;
    out->name = r->name.s;
    uint32_t *word = fr_intern_word(r->name.s);   /* name -> rule id */
    uint32_t prev = *word;
    if (prev != NONE) {
        /* 'rule ab-c1-2:' after 'rule ab-c1:' is read as 'rule ab-c1:'
         * once the lexer has said what is wrong with '-2': no second error */
        size_t len;
        const char *t = fr_sources_text(k->rs->sources, k->file, &len);
        uint32_t e = r->name.pos.end;
        if (t && e + 1 < len && t[e] == '-' && t[e + 1] >= '0' && t[e + 1] <= '9')
            return;
        fr_diag *g = err(k, r->name.pos, "duplicate rule name '%s'", r->name.s);
        note(k, g, k->rs->rules[prev].name_loc, "'%s' is first defined here", r->name.s);
        return;
    }
    out->name_loc = SP(k, r->name.pos);
    *word = id;
}

/* "<file stem>-<8 hex>": FNV-1a 32 of the rule text (condition to end of
 * action) without its comments, runs of whitespace collapsed to one space
 * (a comment is whitespace: strings and regexes, where '#' is text, are
 * skipped over as the lexer reads them). */
static void p1_unnamed(cc *k, const ast_rule *r, uint32_t id, const char *stem, size_t stemlen)
{
    size_t flen;
    const char *t = fr_sources_text(k->rs->sources, k->file, &flen);
    uint32_t h = 2166136261u;
    bool ws = false, tilde = false;
    char quote = 0;   /* inside "...", '...' or /.../: its closing byte */
    uint32_t end = r->text.end < flen ? r->text.end : (uint32_t)flen;
    for (uint32_t i = r->text.start; i < end; i++) {
        unsigned char c = (unsigned char)t[i];
        if (quote) {
            if (c == '\\' && quote != '\'' && i + 1 < end) {
                h = (h ^ c) * 16777619u;
                c = (unsigned char)t[++i];
            } else if (c == (unsigned char)quote || c == '\n')
                quote = 0;
        } else {
            bool isws = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
            if (c == '#') {
                while (i + 1 < end && t[i + 1] != '\n')
                    i++;
                isws = true;
            }
            if (isws) {
                ws = true;
                continue;
            }
            if (c == '"' || c == '\'' || (c == '/' && tilde))
                quote = (char)c;
            tilde = c == '~';
        }
        if (ws) {
            h ^= ' ';
            h *= 16777619u;
            ws = false;
        }
        h ^= c;
        h *= 16777619u;
    }
    /* the stem as name characters: a run of other bytes (a blank, a dot,
     * a control byte, a comma, a UTF-8 character) is one '_', so that the
     * id is one word in every output format */
    char buf[300];
    int n = 0;
    for (size_t i = 0; i < stemlen && n < 256; i++) {
        unsigned char c = (unsigned char)stem[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-')
            buf[n++] = (char)c;
        else if (n == 0 || buf[n - 1] != '_' || (i > 0 && stem[i - 1] == '_'))
            buf[n++] = '_';
    }
    n += snprintf(buf + n, sizeof buf - (size_t)n, "-%08x", h);
    const char *base = intern(k, buf, (size_t)n), *name = base;
    if (name && *fr_intern_word(name) != NONE) {
        /* taken: -2, -3, ... from where the last rule of this base id stopped
         * (every suffix below it is taken, and names are never given back),
         * so that N equal rules cost N probes, not N^2 / 2 */
        uint32_t next = pm_get(&k->map, base, TAG_DUPNEXT);
        unsigned dup = next == UINT32_MAX ? 2 : next;
        for (;; dup++) {
            int m = snprintf(buf + n, sizeof buf - (size_t)n, "-%u", dup);
            name = intern(k, buf, (size_t)(n + m));
            if (!name || *fr_intern_word(name) == NONE)
                break;
        }
        if (name && pm_put(&k->map, base, TAG_DUPNEXT, dup + 1) < 0) {
            nomem(k);
            return;
        }
    }
    if (!name)
        return;
    fr_rule *out = &k->rs->rules[id];
    out->name = name;
    out->name_loc = SP(k, r->text);
    *fr_intern_word(name) = id;
}

static void p1_test_name(cc *k, const ast_test *t, uint32_t id)
{
    const char *name = intern(k, t->name.s, t->name.len);
    if (!name)
        return;
    k->test_locs[id] = SP(k, t->name.pos);
    uint32_t prev = pm_get(&k->map, name, TAG_TEST);
    if (prev != NONE) {
        fr_diag *g = err(k, t->name.pos, "duplicate test name \"%s\"", name);
        note(k, g, k->test_locs[prev], "first used here");
        return;
    }
    if (pm_put(&k->map, name, TAG_TEST, id) < 0)
        nomem(k);
}

static int cmp_cli(const void *a, const void *b)
{
    return strcmp(((const fr_cliname *)a)->spelling, ((const fr_cliname *)b)->spelling);
}

/* Where spelling j of key i is written (*found true), or fallback. */
static fr_span cli_where(const cc *k, uint32_t i, uint32_t j, fr_span fallback, bool *found)
{
    for (size_t x = 0; x < k->nclipos; x++)
        if (k->clipos[x].key == i && k->clipos[x].j == j) {
            if (found)
                *found = true;
            return k->clipos[x].sp;
        }
    return fallback;
}

/* The spelling table: flags' CLI spellings, env and fact names. */
static void p1_clinames(cc *k)
{
    fr_ruleset *rs = k->rs;
    uint32_t n = 0;
    for (uint32_t i = 0; i < rs->nkeys; i++)
        n += rs->keys[i].kind == FR_KEY_FLAG ? rs->keys[i].ncli : 1;
    rs->clinames = fr_arena_array(k->a, n + 1, sizeof *rs->clinames);
    if (!rs->clinames) {
        nomem(k);
        return;
    }
    for (uint32_t i = 0; i < rs->nkeys && !stopped(k); i++) {
        fr_key *key = &rs->keys[i];
        uint32_t ns = key->kind == FR_KEY_FLAG ? key->ncli : 1;
        for (uint32_t j = 0; j < ns; j++) {
            if (pm_get(&k->map, key->name, TAG_KEY) != i)
                break;   /* a duplicate declaration: reported already */
            const char *sp = key->kind == FR_KEY_FLAG ? key->cli[j] : key->name;
            uint32_t prev = pm_get(&k->map, sp, TAG_CLI);
            if (prev != NONE) {
                k->file = key->loc.file;
                if (prev == i) {
                    /* (argparse refuses a conflicting option string too) */
                    fr_diag *g = err(k, pos2(key->loc.start, key->loc.end),
                                     "'%s' is listed twice in the CLI spellings of '%s'", sp, key->name);
                    hint(k, g, "list each spelling once");
                    continue;
                }
                /* at the strings where they are written (a default
                 * spelling, or an env or fact name: at the key's name) */
                const fr_key *pk = &rs->keys[prev];
                fr_span here = cli_where(k, i, j, key->loc, NULL), there;
                uint32_t pj = 0;
                bool written = false;
                if (pk->kind == FR_KEY_FLAG)
                    while (pj + 1 < pk->ncli && strcmp(pk->cli[pj], sp) != 0)
                        pj++;
                there = cli_where(k, prev, pj, pk->loc, &written);
                k->file = here.file;
                fr_diag *g = err(k, pos2(here.start, here.end),
                                 "'%s' is the CLI spelling of both '%s' and '%s'", sp, pk->name, key->name);
                if (written)
                    note(k, g, there, "'%s' spells '%s' here", sp, pk->name);
                else if (pk->kind == FR_KEY_FLAG)
                    note(k, g, there, "'%s' is the default spelling of '%s', declared here", sp, pk->name);
                else
                    note(k, g, there, "'%s' is declared here", pk->name);
                continue;
            }
            if (pm_put(&k->map, sp, TAG_CLI, i) < 0) {
                nomem(k);
                return;
            }
            rs->clinames[rs->nclinames].spelling = sp;
            rs->clinames[rs->nclinames].key = i;
            rs->nclinames++;
        }
    }
    qsort(rs->clinames, rs->nclinames, sizeof *rs->clinames, cmp_cli);
}

/* ---- the driver ----------------------------------------------------------------------------------------------- */

static void cc_free(cc *k)
{
    free(k->map.e);
    free(k->keycands);
    free(k->rulecands);
    free(k->enums);
    free(k->consts);
    free(k->ctypes);
    free(k->consthash);
    free(k->sets);
    free(k->regexes);
    free(k->declmark);
    free(k->readmark);
    free(k->resmark);
    free(k->keybad);
    free(k->alias_locs);
    free(k->test_locs);
    free(k->rd);
    free(k->clipos);
    free(k->deps.off);
    free(k->deps.keys);
    free(k->files);
    free(k->aliases);
    free(k->unnamed);
    free(k->testrefs);
    free(k->progrefs);
    if (k->pctx)
        pcre2_compile_context_free(k->pctx);
}

/* What only the passes over the tree read, freed before the graph and the
 * evaluator's indexes are built (peak RSS).  cc_free frees the rest. */
#define RELEASE(p) do { free(p); (p) = NULL; } while (0)
static void cc_release(cc *k)
{
    RELEASE(k->map.e);
    k->map.mask = k->map.n = 0;
    /* the interned names stay in the arena; only the passes look names up */
    fr_interner_free(&k->rs->names);
    RELEASE(k->keycands);
    k->nkeycands = 0;
    RELEASE(k->rulecands);
    RELEASE(k->consts);
    RELEASE(k->ctypes);
    RELEASE(k->consthash);
    RELEASE(k->sets);
    RELEASE(k->declmark);
    RELEASE(k->readmark);
    RELEASE(k->resmark);
    RELEASE(k->rd);
    RELEASE(k->aliases);
    RELEASE(k->unnamed);
    RELEASE(k->testrefs);
    RELEASE(k->progrefs);
    k->naliasrefs = k->nunnamed = k->ntestrefs = k->nprogrefs = 0;
    k->capaliasrefs = k->capunnamed = k->captestrefs = k->capprogrefs = 0;
    k->capconsts = k->capsets = k->caprd = k->consthash_mask = 0;
    k->nrd = 0;
}
#undef RELEASE

#define FR_RESERVE_MIN ((size_t)256 << 10)

/* A byte at `at` of file `file` that makes the file unreadable as rule
 * text: an error there with a hint (the caller reads the file no further). */
static void refuse_byte(cc *k, uint32_t file, uint32_t at, const char *msg, const char *how)
{
    uint32_t saved = k->file;
    k->file = file;
    fr_diag *g = err(k, pos2(at, at + 1), "%s", msg);
    hint(k, g, "%s", how);
    k->file = saved;
}

static ast_file *parse_file(cc *k, fr_arena *ast, uint32_t file)
{
    ast_file *f = fr_arena_zalloc(ast, sizeof *f);
    if (!f) {
        nomem(k);
        return NULL;
    }
    f->file = file;
    fr_parse_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.arena = ast;
    ctx.strings = k->a;
    ctx.names = k->rs->names;
    ctx.sink = k->sink;
    ctx.file = file;
    size_t len;
    ctx.text = (char *)fr_sources_text(k->rs->sources, file, &len);   /* scanned in place */
    ctx.len = len;
    ctx.out = f;
    ctx.skip_blocks = k->c->skip_tests;
    /* about a new name per 64 bytes of text (a rule and its name); a
     * small file's names fit the first table or grow it at little cost
     * (the shipped rules: 165 names in 81 KB of text, comments and test
     * blocks mostly) */
    if (len >= FR_RESERVE_MIN)
        fr_interner_reserve(ctx.names, len / 64);
    /* Lines end in LF (or CRLF).  A carriage return alone would end one
     * for the eye (old Mac files, a converter's slip) but not here: a '#'
     * comment would run on over the rules after it, dropping them
     * silently, and every location would be on one line.  Refused, at the
     * first one. */
    for (const char *t = ctx.text, *e = ctx.text + len; (t = memchr(t, '\r', (size_t)(e - t))) != NULL; t++)
        if (t + 1 == e || t[1] != '\n') {
            refuse_byte(k, file, (uint32_t)(t - ctx.text),
                        "a carriage return (CR) alone ends a line here; flagrule reads lines that end in LF or CRLF",
                        "convert the line endings, e.g. tr '\\r' '\\n' < OLD > NEW; in a string, write \\r");
            return f;
        }
    /* A raw NUL byte: a rule file is text (a string writes \0).  Refused,
     * at the first one, the file not read further: besides being no rule
     * text, each NUL inside a token makes flex rescan the token from its
     * start, which would be quadratic in a run of them (a fuzzer's 26,000
     * NULs in a string took 3 s). */
    const char *nul = memchr(ctx.text, '\0', len);
    if (nul) {
        refuse_byte(k, file, (uint32_t)(nul - ctx.text), "a NUL byte (0x00) in a rule file; flagrule reads rule "
                    "files as text", "in a string, write \\0 or \\x00; is this a binary file?");
        return f;
    }
    if (fr_parse(&ctx) < 0)
        nomem(k);
    return f;
}

/* The stem of a path: its base name without the extension. */
static const char *file_stem(const char *path, size_t *len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    *len = dot && dot > base ? (size_t)(dot - base) : strlen(base);
    if (*len == 0) {
        *len = 5;
        return "rules";
    }
    return base;
}

static int cc_alloc(cc *k, uint32_t nkeys, uint32_t nrules, uint32_t ntests, uint32_t naliases, uint64_t nexprs)
{
    fr_ruleset *rs = k->rs;
    if (nexprs >= UINT32_MAX)
        return -1;
    k->capnodes = (uint32_t)nexprs;
    k->caprules = nrules;
    rs->keys = fr_arena_array(k->a, nkeys + 1, sizeof *rs->keys);
    rs->rules = fr_arena_array(k->a, nrules + 1, sizeof *rs->rules);
    rs->tests = fr_arena_array(k->a, ntests + 1, sizeof *rs->tests);
    rs->alias_names = fr_arena_array(k->a, naliases + 1, sizeof *rs->alias_names);
    rs->alias_keys = fr_arena_array(k->a, naliases + 1, sizeof *rs->alias_keys);
    rs->nodes = fr_arena_array(k->a, nexprs + 1, sizeof *rs->nodes);
    k->declmark = calloc(nkeys + 1, sizeof *k->declmark);
    k->readmark = calloc(nkeys + 1, sizeof *k->readmark);
    k->resmark = calloc(nkeys + 1, sizeof *k->resmark);
    k->keybad = calloc(nkeys + 1, 1);
    k->alias_locs = calloc(naliases + 1, sizeof *k->alias_locs);
    k->test_locs = calloc(ntests + 1, sizeof *k->test_locs);
    k->deps.off = calloc((size_t)nrules + 1, sizeof *k->deps.off);
    k->pctx = pcre2_compile_context_create(NULL);
    /* pass 1 writes the rules' records faster than a helper populates
     * pages: the helper takes the last two thirds at once, pass 1 faults
     * in the first third itself meanwhile (pf_rules then starts there) */
    if (rs->rules && k->a->pf) {
        size_t third = ((size_t)nrules + 1) / 3;
        fr_prefault_ask(k->a->pf, rs->rules + third, ((size_t)nrules + 1 - third) * sizeof *rs->rules);
        k->pf_rules.next = SIZE_MAX;
    }
    if (!rs->keys || !rs->rules || !rs->tests || !rs->alias_names || !rs->alias_keys || !rs->nodes
        || !k->declmark || !k->readmark || !k->resmark || !k->keybad || !k->alias_locs || !k->test_locs
        || !k->deps.off || !k->pctx)
        return -1;
    return 0;
}

typedef struct stmtref {
    const ast_stmt *s;
    uint32_t        file;
    uint32_t        id;
} stmtref;

static int ref_push(cc *k, stmtref **v, size_t *n, size_t *cap, const ast_stmt *s, uint32_t id)
{
    if (fr_vec_reserve((void **)v, cap, *n + 1, sizeof **v) < 0) {
        nomem(k);
        return -1;
    }
    (*v)[*n].s = s;
    (*v)[*n].file = k->file;
    (*v)[*n].id = id;
    (*n)++;
    return 0;
}

/* The passes walk the statement list in the order the parser built it,
 * which is the order of the tree's bytes in its arena blocks: a walk whose
 * next statement is known only once the current one's `next` is loaded
 * waits for memory at each statement (10,000 rules: pass 1 waited ~90 ns a
 * statement, ~4% of the compile).  So the bytes TREE_AHEAD past the
 * current statement are prefetched as the walk goes (*at: how far; a
 * statement not just after the last restarts it, as at a new block). */
#define TREE_AHEAD 2048
static inline void tree_ahead(const void *s, const unsigned char **at)
{
    const unsigned char *p = s;
    if (*at < p || *at > p + 2 * TREE_AHEAD)
        *at = p;
    for (; *at < p + TREE_AHEAD; *at += 64)
        __builtin_prefetch(*at);
}

/* One walk over every statement: declarations, rule names, test names;
 * aliases, unnamed rules and tests are remembered for later. */
static void pass1(cc *k)
{
    fr_ruleset *rs = k->rs;
    uint32_t rid = 0, tid = 0;
    const unsigned char *ahead = NULL;
    for (size_t f = 0; f < k->nfiles && !stopped(k); f++) {
        k->file = k->files[f]->file;
        for (const ast_stmt *s = k->files[f]->stmts; s && !stopped(k); s = s->next) {
            tree_ahead(s, &ahead);
            switch (s->kind) {
            case AS_DECL:
                p1_decl(k, &s->u.decl);
                break;
            case AS_ALIAS:
                if (ref_push(k, &k->aliases, &k->naliasrefs, &k->capaliasrefs, s, rs->naliases) == 0)
                    p1_alias(k, &s->u.alias);
                break;
            case AS_RULE:
                fr_prefault_ahead(k->a->pf, rs->rules, sizeof *rs->rules, (size_t)k->caprules + 1, rid,
                                  &k->pf_rules);
                if (!s->u.rule.named)
                    ref_push(k, &k->unnamed, &k->nunnamed, &k->capunnamed, s, rid);
                p1_rule_name(k, &s->u.rule, rid++);
                break;
            case AS_TEST:
                if (ref_push(k, &k->testrefs, &k->ntestrefs, &k->captestrefs, s, tid) == 0)
                    p1_test_name(k, &s->u.test, tid++);
                break;
            case AS_PROG:
                ref_push(k, &k->progrefs, &k->nprogrefs, &k->capprogrefs, s, 0);
                break;
            }
        }
    }
    rs->nrules = rid;
}

/* The index in rs->proghash of the program flag spelled s[0..n), or of the
 * empty slot where it goes. */
static uint32_t prog_slot(const fr_ruleset *rs, const char *s, size_t n)
{
    for (uint32_t i = fr_prog_hash(s, n) & rs->proghash_mask;; i = (i + 1) & rs->proghash_mask) {
        uint32_t id = rs->proghash[i];
        if (id == UINT32_MAX || (rs->progs[id].len == n && memcmp(rs->progs[id].spelling, s, n) == 0))
            return i;
    }
}

/* `cli KIND "--a", ...;`: the program's other flags (after the keys'
 * spellings are known: a spelling is one or the other).  A rule set may
 * list hundreds (a server's whole command line) and a one-config run
 * compiles them all: the spellings stay where the parser put them (the
 * ruleset's arena), one hash table finds them, nothing is sorted. */
static void p1_progs(cc *k)
{
    static const char *const kinds[] = { "bool", "value", "optional", "list", "any" };
    fr_ruleset *rs = k->rs;
    size_t n = 0;
    for (size_t i = 0; i < k->nprogrefs; i++)
        n += k->progrefs[i].s->u.prog.ncli;
    if (!n)
        return;
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    rs->progs = fr_arena_array(k->a, n, sizeof *rs->progs);
    rs->proghash = fr_arena_array(k->a, cap, sizeof *rs->proghash);
    if (!rs->progs || !rs->proghash) {
        nomem(k);
        return;
    }
    memset(rs->proghash, 0xff, cap * sizeof *rs->proghash);
    rs->proghash_mask = (uint32_t)cap - 1;
    fr_span *locs = malloc(n * sizeof *locs);   /* (for "first declared here") */
    if (!locs) {
        nomem(k);
        return;
    }
    for (size_t i = 0; i < k->nprogrefs && !stopped(k); i++) {
        const ast_prog *pg = &k->progrefs[i].s->u.prog;
        k->file = k->progrefs[i].file;
        int kind = -1;
        for (int j = 0; j < 5; j++)
            if (strlen(kinds[j]) == pg->kind.len && memcmp(kinds[j], pg->kind.s, pg->kind.len) == 0)
                kind = j;
        if (kind < 0) {
            fr_diag *g = err(k, pg->kind.pos, "unknown kind '%.*s' of program flags", (int)pg->kind.len, pg->kind.s);
            const char *m = fr_did_you_mean(pg->kind.s, pg->kind.len, kinds, 5);
            if (m)
                hint(k, g, "did you mean '%s'?", m);
            else
                hint(k, g, "the kinds: bool (no value), value (one), optional (zero or one), list (one or more), "
                           "any (zero or more)");
            continue;
        }
        for (const ast_vlist *v = pg->cli; v; v = v->next) {
            const char *sp = v->v.s;
            size_t len = v->v.len;
            if (!cli_spelling_ok(k, v))
                continue;
            /* (a key's spelling is interned and in the map: p1_clinames) */
            const char *in = fr_intern_lookup(rs->names, sp, len);
            uint32_t key = in ? pm_get(&k->map, in, TAG_CLI) : NONE;
            if (key != NONE) {
                fr_diag *g = err(k, v->v.pos, "'%s' is a CLI spelling of the key '%s', not one of the program's other flags",
                                 sp, rs->keys[key].name);
                note(k, g, rs->keys[key].loc, "'%s' is declared here", rs->keys[key].name);
                hint(k, g, "leave it out of this list: the rules read it");
                continue;
            }
            uint32_t slot = prog_slot(rs, sp, len);
            if (rs->proghash[slot] != UINT32_MAX) {
                fr_diag *g = err(k, v->v.pos, "program flag '%s' declared twice", sp);
                note(k, g, locs[rs->proghash[slot]], "first declared here");
                continue;
            }
            locs[rs->nprogs] = SP(k, v->v.pos);
            rs->proghash[slot] = rs->nprogs;
            fr_progflag *f = &rs->progs[rs->nprogs++];
            f->spelling = sp;
            f->len = (uint32_t)len;
            f->kind = (uint32_t)kind;
        }
    }
    free(locs);
}

static void pass1_late(cc *k)
{
    fr_ruleset *rs = k->rs;
    /* did-you-mean candidates (an alias's unknown target has them too) */
    k->nkeycands = rs->nkeys + rs->naliases;
    k->keycands = calloc(k->nkeycands + 1, sizeof *k->keycands);
    if (!k->keycands) {
        nomem(k);
        return;
    }
    for (uint32_t i = 0; i < rs->nkeys; i++)
        k->keycands[i] = rs->keys[i].name;
    for (uint32_t i = 0; i < rs->naliases; i++)
        k->keycands[rs->nkeys + i] = rs->alias_names[i];
    const ast_alias **als = calloc(rs->naliases + 1, sizeof *als);
    if (!als) {
        nomem(k);
        return;
    }
    for (size_t i = 0; i < k->naliasrefs && i < rs->naliases; i++)
        als[i] = &k->aliases[i].s->u.alias;
    p1_alias_targets(k, (const ast_alias *const *)als);
    free(als);
    /* unnamed rules, once every given name is known */
    for (size_t i = 0; i < k->nunnamed && !stopped(k); i++) {
        k->file = k->unnamed[i].file;
        size_t stemlen;
        const char *stem = file_stem(fr_sources_path(rs->sources, k->file), &stemlen);
        p1_unnamed(k, &k->unnamed[i].s->u.rule, k->unnamed[i].id, stem, stemlen);
    }
    p1_clinames(k);
    p1_progs(k);
}

static void pass2(cc *k)
{
    fr_ruleset *rs = k->rs;
    /* the names of keys and aliases are all known: cache the lookups */
    keycache kc;
    size_t kcn = 64;
    while (kcn < KC_SIZE && kcn < 4 * ((size_t)rs->nkeys + rs->naliases))
        kcn *= 2;
    kc.mask = kcn - 1;
    kc.name = calloc(kcn, sizeof *kc.name + sizeof *kc.key);
    kc.key = kc.name ? (uint32_t *)(void *)(kc.name + kcn) : NULL;
    k->kc = kc.name ? &kc : NULL;   /* (without it: no cache) */
    segvec sv = { NULL, 0, 0 };
    uint32_t rid = 0;
    /* The tree is read once, in the order the parser built it: the arena's
     * blocks before the one holding the statement before last are done
     * with (a statement's nodes are allocated after the reduction of the
     * one two before it, whatever the parser's lookahead), and go back now,
     * not after the pass (peak RSS: the tree and the IR are not both whole).
     * Not when test blocks, walked after the rules, are compiled, nor for a
     * small rule set (less than FR_PREFAULT_MIN bytes of text, and no
     * helper): its tree stays whole, and its blocks of 256 KiB and more go
     * to the ruleset's arena, where the index build reuses their pages
     * instead of faulting fresh ones in (10,000 rules: 2,570 -> 2,281 page
     * faults); free()d, they would go back to the system. */
    bool release = k->ast && k->ntestrefs == 0 && k->release;
    const void *lo = NULL, *hi = NULL;
    const ast_stmt *prev = NULL;
    for (size_t f = 0; f < k->nfiles && !stopped(k); f++) {
        k->file = k->files[f]->file;
        for (const ast_stmt *s = k->files[f]->stmts; s && !stopped(k); s = s->next) {
            /* (a rule's nodes are far fewer than a chunk: once a statement) */
            fr_prefault_ahead(k->a->pf, rs->nodes, sizeof *rs->nodes, (size_t)k->capnodes + 1, rs->nnodes,
                              &k->pf_nodes);
            if (s->kind == AS_RULE)
                c_rule(k, &s->u.rule, rid++, &sv);
            if (release && prev && ((const void *)prev < lo || (const void *)prev >= hi))
                fr_arena_free_older(k->ast, prev, &lo, &hi);
            prev = s;
        }
    }
    for (uint32_t r = rid; r < rs->nrules; r++)
        k->deps.off[r + 1] = k->deps.off[r];
    k->cur_declare = false;
    for (size_t i = 0; i < k->ntestrefs && !stopped(k); i++) {
        k->file = k->testrefs[i].file;
        k->stamp++;
        c_test(k, &k->testrefs[i].s->u.test, &rs->tests[k->testrefs[i].id]);
    }
    rs->ntests = (uint32_t)k->ntestrefs;
    free(sv.v);
    free(kc.name);
    k->kc = NULL;
}

/* Moves the growable arrays into the ruleset's arena. */
static int finish_arrays(cc *k)
{
    fr_ruleset *rs = k->rs;
    rs->enums = fr_arena_array(k->a, rs->nenums + 1, sizeof *rs->enums);
    rs->consts = fr_arena_array(k->a, rs->nconsts + 1, sizeof *rs->consts);
    rs->const_types = fr_arena_array(k->a, rs->nconsts + 1, sizeof *rs->const_types);
    rs->sets = fr_arena_array(k->a, rs->nsets + 1, sizeof *rs->sets);
    rs->regexes = fr_arena_array(k->a, rs->nregexes + 1, sizeof *rs->regexes);
    if (!rs->enums || !rs->consts || !rs->const_types || !rs->sets || !rs->regexes)
        return -1;
    if (rs->nenums)
        memcpy(rs->enums, k->enums, rs->nenums * sizeof *rs->enums);
    if (rs->nconsts) {
        memcpy(rs->consts, k->consts, rs->nconsts * sizeof *rs->consts);
        memcpy(rs->const_types, k->ctypes, rs->nconsts * sizeof *rs->const_types);
    }
    if (rs->nsets)
        memcpy(rs->sets, k->sets, rs->nsets * sizeof *rs->sets);
    if (rs->nregexes)
        memcpy(rs->regexes, k->regexes, rs->nregexes * sizeof *rs->regexes);
    return 0;
}

static void free_regexes(fr_regex *re, uint32_t n)
{
    for (uint32_t i = 0; re && i < n; i++)
        if (re[i].code)
            pcre2_code_free((pcre2_code *)re[i].code);
}

void fr_ruleset_free(fr_ruleset **rsp)
{
    if (!rsp || !*rsp)
        return;
    fr_ruleset *rs = *rsp;
    free_regexes(rs->regexes, rs->nregexes);
    fr_interner_free(&rs->names);
    fr_arena_free(&rs->arena);
    fr_sources_unref(&rs->sources);
    free(rs);
    *rsp = NULL;
}

static fr_ruleset *ruleset_new(fr_compiler *c)
{
    fr_ruleset *rs = calloc(1, sizeof *rs);
    if (!rs)
        return NULL;
    rs->arena = fr_arena_new();
    rs->names = rs->arena ? fr_interner_new(rs->arena) : NULL;
    if (!rs->names) {
        fr_arena_free(&rs->arena);
        free(rs);
        return NULL;
    }
    rs->sources = fr_sources_ref(c->src);
    return rs;
}

/* Lint: error rules on which the example search of doc.c finds no config
 * that fires them — most often a contradiction (`a = x & a = y`).  The
 * search evaluates configs, so it is skipped on very large rule sets. */
#define LINT_UNTRIGGERED_MAX_RULES 5000u

/* A key that a condition compares with null but that no config line gives
 * null: a nullable flag without null words, whose default is not null,
 * that no rule declares.  Node n's tree is searched; NONE if there is none. */
static uint32_t null_unreachable(const fr_ruleset *rs, uint32_t n, int depth)
{
    const fr_node *nd = &rs->nodes[n];
    int ar = fr_op_arity((fr_op)nd->op);
    if (depth > FR_MAX_DEPTH + 8 || nd->op <= FR_OP_INPUT)
        return NONE;
    if ((nd->op == FR_OP_EQ || nd->op == FR_OP_NE) && ar == 2) {
        const fr_node *l = &rs->nodes[nd->a], *r = &rs->nodes[nd->b];
        if (r->op == FR_OP_KEY || r->op == FR_OP_INPUT) {
            const fr_node *t = l;
            l = r;
            r = t;
        }
        if ((l->op == FR_OP_KEY || l->op == FR_OP_INPUT) && r->op == FR_OP_CONST && rs->consts[r->a].is_null) {
            const fr_key *key = &rs->keys[l->a];
            if (key->kind == FR_KEY_FLAG && key->type.nullable && !key->nnulls && !fr_key_null_spelling(key) &&
                !key->def.is_null && (l->op == FR_OP_INPUT || !key->ndeclarers))
                return l->a;
        }
    }
    uint32_t k = ar >= 1 ? null_unreachable(rs, nd->a, depth + 1) : NONE;
    if (k == NONE && ar == 2)
        k = null_unreachable(rs, nd->b, depth + 1);
    return k;
}

static int lint_untriggered(fr_compiler *c, const fr_ruleset *rs)
{
    if (rs->nrules > LINT_UNTRIGGERED_MAX_RULES)
        return 0;
    uint32_t *ids = NULL;
    size_t n = 0;
    if (fr_doc_untriggered(rs, 0, &ids, &n) != FR_OK)
        return -1;
    for (size_t i = 0; i < n; i++) {
        const fr_rule *r = &rs->rules[ids[i]];
        fr_span sp = r->named ? r->name_loc : r->loc;
        /* (a condition with a constant fault was warned of: that it fails
         * whenever it is evaluated says why it never fires) */
        if (has_const_fault(rs, r->cond, 0) || (r->kind == FR_RULE_REQUIRE && has_const_fault(rs, r->req, 0)))
            continue;
        static const char *const kind[] = { "error", "warn", "info", "error", "declare" };
        /* a rule of a cyclic group may fire only where the cycle never
         * settles (an oscillation, which fails the config): that, not an
         * unsatisfiable condition, is then the likely reason */
        bool cyclic = false;
        for (uint32_t gi = 0; gi < rs->ngroups && !cyclic; gi++)
            if (rs->groups[gi].cyclic)
                for (uint32_t j = 0; j < rs->groups[gi].n && !cyclic; j++)
                    cyclic = rs->plan_rules[rs->groups[gi].first + j] == ids[i];
        fr_diag *g = fr_diag_add(c->diags, FR_SEV_WARNING, sp,
                                 cyclic ? "no config found on which %s rule '%s' fires and its cycle of "
                                          "declare rules settles; it may fire only where they oscillate"
                                        : "no config found on which %s rule '%s' fires; "
                                          "its condition may be unsatisfiable",
                                 r->kind <= FR_RULE_DECLARE ? kind[r->kind] : "", r->name);
        uint32_t k = null_unreachable(rs, r->cond, 0);
        if (k == NONE && r->kind == FR_RULE_REQUIRE)
            k = null_unreachable(rs, r->req, 0);
        if (!g || (k != NONE &&
                   fr_diag_hint(c->diags, g,
                                "no config line gives %s null (left out, it takes its default): to let "
                                "one, declare a null word for it, e.g. cli null \"none\"",
                                rs->keys[k].ncli ? rs->keys[k].cli[0] : rs->keys[k].name) < 0)) {
            free(ids);
            return -1;
        }
    }
    free(ids);
    return 0;
}

static fr_ruleset *compile_all(fr_compiler *c, fr_ruleset *rs, fr_arena **ast, cc *k)
{
    k->c = c;
    k->sink = &c->sink;
    k->rs = rs;
    k->a = rs->arena;
    k->nfiles = c->nfiles;
    k->ast = *ast;
    k->files = calloc(c->nfiles + 1, sizeof *k->files);
    if (!k->files) {
        nomem(k);
        return NULL;
    }
    uint64_t nexprs = 0;
    uint32_t nkeys = 0, nrules = 0, ntests = 0, naliases = 0;
    for (size_t i = 0; i < c->nfiles && !stopped(k); i++) {
        k->files[i] = parse_file(k, *ast, c->files[i]);
        if (!k->files[i])
            return NULL;
        nexprs += k->files[i]->nexprs;
        nkeys += k->files[i]->nkeys;
        nrules += k->files[i]->nrules;
        ntests += k->files[i]->ntests;
        naliases += k->files[i]->naliases;
    }
    if (stopped(k))
        return NULL;
    if (cc_alloc(k, nkeys, nrules, ntests, naliases, nexprs) < 0) {
        nomem(k);
        return NULL;
    }
    pass1(k);
    if (!stopped(k))
        pass1_late(k);
    if (!stopped(k))
        pass2(k);
    if (k->oom || finish_arrays(k) < 0) {
        nomem(k);
        return NULL;
    }
    /* the tree is not read after this: give its memory back before the
     * graph and the evaluator's indexes are built (peak RSS) */
    for (size_t i = 0; i < k->nfiles; i++)
        k->files[i] = NULL;
    k->ast = NULL;
    /* (its big blocks' pages go to the ruleset's arena: the index
     * build's allocations reuse them instead of faulting in new ones) */
    fr_arena_give(rs->arena, ast);
    cc_release(k);
    if (c->sink.nerrors || c->sink.stopped)
        return NULL;
    /* the rule name table is filled on the helper (if any) meanwhile: it
     * reads the rules' names, the graph does not write them */
    if (fr_ir_index_keys(rs) < 0) {
        nomem(k);
        return NULL;
    }
    bool job = fr_prefault_job(rs->arena->pf, fr_ir_index_rules, rs) == 0;
    int grc = fr_graph_build(rs, &k->deps, &c->sink, c->lint);
    if (job)
        fr_prefault_job_wait(rs->arena->pf);
    else
        fr_ir_index_rules(rs);
    if (grc < 0) {
        nomem(k);
        return NULL;
    }
    /* the rows of the dependency graph: read by fr_graph_build only */
    free(k->deps.off);
    free(k->deps.keys);
    k->deps.off = k->deps.keys = NULL;
    k->ndeps = k->capdeps = 0;
    if (c->sink.nerrors || c->sink.stopped)
        return NULL;
    if (fr_eval_index_build(rs) < 0) {
        nomem(k);
        return NULL;
    }
    if (c->lint && lint_untriggered(c, rs) < 0) {
        nomem(k);
        return NULL;
    }
    fr_arena_drop_spares(rs->arena);
    /* (line maps are built when a location is first asked for: locfile.c) */
    return rs;
}

#define FR_POPULATE_MIN ((size_t)64 << 10)
#define FR_POPULATE_WIN ((size_t)64 << 10)
#define FR_THP_MIN      ((size_t)256 << 10)

fr_ruleset *fr_compile(fr_compiler *c, fr_rc *rcp)
{
    fr_rc dummy;
    if (!rcp)
        rcp = &dummy;
    if (!c || c->used) {
        *rcp = FR_EINVAL;
        return NULL;
    }
    c->used = true;
    if (c->oom) {
        *rcp = FR_ENOMEM;
        return NULL;
    }
    fr_ruleset *rs = ruleset_new(c);
    fr_arena *ast = rs ? fr_arena_new() : NULL;
    if (!ast) {
        fr_ruleset_free(&rs);
        *rcp = FR_ENOMEM;
        return NULL;
    }
    /* a big rule text: fresh memory faulted in on a helper thread */
    size_t text = 0;
    for (uint32_t f = 0; f < fr_sources_count(c->src); f++) {
        size_t n = 0;
        (void)fr_sources_text(c->src, f, &n);
        text += n;
    }
    fr_prefault *pf = c->prefault > 0 || (c->prefault < 0 && text >= FR_PREFAULT_MIN) ? fr_prefault_new() : NULL;
    c->helpers += pf != NULL;
    fr_arena_set_prefault(rs->arena, pf);
    fr_arena_set_prefault(ast, pf);
    if (pf && text >= FR_THP_MIN && fr_mem_hugepages_pay()) {
        /* (a big set's arenas on huge pages, the helper populating them,
         * where the machine gives those cheaper: measured, HACKING.md) */
        fr_arena_set_hugepages(rs->arena, true);
        fr_arena_set_hugepages(ast, true);
    }
    if (!pf && text >= FR_POPULATE_MIN) {
        fr_arena_set_populate(rs->arena, FR_POPULATE_WIN);
        fr_arena_set_populate(ast, FR_POPULATE_WIN);
        /* (from FR_THP_MIN: the syntax tree alone is several times the
         * text, so the huge pages are filled; the shipped rules, ~90 KiB,
         * would pay 2 MiB of zeroing for a few hundred KiB; below
         * FR_PREFAULT_MIN also with the helper off: a big set's arenas on
         * huge pages cost more than they save, HACKING.md) */
        bool thp = text >= FR_THP_MIN && text < FR_PREFAULT_MIN;
        fr_arena_set_hugepages(rs->arena, thp);
        fr_arena_set_hugepages(ast, thp);
    }
    cc k;
    memset(&k, 0, sizeof k);
    k.release = pf != NULL || text >= FR_PREFAULT_MIN;
    fr_ruleset *out = compile_all(c, rs, &ast, &k);
    /* (the helper is joined before the call returns) */
    if (rs) {
        fr_arena_set_prefault(rs->arena, NULL);
        fr_arena_set_populate(rs->arena, 0);
        fr_arena_set_hugepages(rs->arena, false);
    }
    fr_arena_set_prefault(ast, NULL);
    fr_prefault_free(&pf);
    if (!out) {
        /* the codes live in the growable array until finish_arrays copied them */
        free_regexes(k.regexes, rs->nregexes);
        rs->nregexes = 0;
        fr_ruleset_free(&rs);
        *rcp = k.oom || c->sink.oom ? FR_ENOMEM : c->io_failed ? FR_EIO : FR_ESYNTAX;
    } else {
        *rcp = FR_OK;
    }
    cc_free(&k);
    fr_arena_free(&ast);
    /* read in file order, whatever pass found them */
    fr_diags_sort(c->diags);
    return out;
}
