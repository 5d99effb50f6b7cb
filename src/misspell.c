/* misspell.c — optimal string alignment distance and "did you mean".
 *
 * Unlike nftables' misspell.c (which this follows in spirit), the full
 * (alen+1) x (blen+1) recurrence is computed over three rolling rows, with
 * the last character of both strings included and the threshold compared
 * with <=, so "ab" -> "ac" is 1 and a candidate exactly at the threshold
 * qualifies. */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "misspell.h"

#define FR_STACK_ROW 128

static size_t min3(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

/* Hyyrö's bit-vector algorithm for the optimal string alignment distance
 * ("A bit-vector algorithm for computing Levenshtein and Damerau edit
 * distances", 2003), for 1 <= alen <= 64: one column of the recurrence per
 * byte of b, in a few word operations.  Bit i of the vectors is row i+1;
 * bits above alen hold garbage that never reaches the lower bits. */
static size_t osa_run(const uint64_t *peq, size_t alen, const unsigned char *b, size_t blen)
{
    uint64_t vp = ~0ull, vn = 0, d0 = 0, pm_prev = 0;
    const uint64_t top = 1ull << (alen - 1);
    size_t score = alen;
    for (size_t j = 0; j < blen; j++) {
        uint64_t pm = peq[b[j]];
        uint64_t tr = ((~d0 & pm) << 1) & pm_prev;
        d0 = (((pm & vp) + vp) ^ vp) | pm | vn | tr;
        uint64_t hp = vn | ~(d0 | vp);
        uint64_t hn = d0 & vp;
        if (hp & top)
            score++;
        else if (hn & top)
            score--;
        uint64_t x = (hp << 1) | 1;
        vn = x & d0;
        vp = (hn << 1) | ~(x | d0);
        pm_prev = pm;
    }
    return score;
}

/* peq[c]: the positions of byte c in a (1 <= alen <= 64); only the
 * entries of the bytes in b are read (blen of them cleared when b is
 * given, else all 256). */
static void osa_peq(uint64_t peq[256], const unsigned char *a, size_t alen, const unsigned char *b, size_t blen)
{
    if (b)
        for (size_t j = 0; j < blen; j++)
            peq[b[j]] = 0;
    else
        memset(peq, 0, 256 * sizeof *peq);
    for (size_t i = 0; i < alen; i++)
        peq[a[i]] |= 1ull << i;
}

static size_t osa_bits(const unsigned char *a, size_t alen, const unsigned char *b, size_t blen)
{
    uint64_t peq[256];
    osa_peq(peq, a, alen, b, blen);
    return osa_run(peq, alen, b, blen);
}

size_t fr_edit_distance(const char *a, size_t alen, const char *b, size_t blen)
{
    if (alen == 0)
        return blen;
    if (blen == 0)
        return alen;
    if (alen <= 64)
        return osa_bits((const unsigned char *)a, alen, (const unsigned char *)b, blen);
    size_t stack[3 * FR_STACK_ROW];
    size_t *mem = stack;
    if (blen + 1 > FR_STACK_ROW) {
        if (blen + 1 > SIZE_MAX / (3 * sizeof(size_t)))
            return SIZE_MAX;
        mem = malloc(3 * (blen + 1) * sizeof(size_t));
        if (!mem)
            return SIZE_MAX;   /* "not similar": no suggestion */
    }
    size_t *prev2 = mem, *prev = mem + (blen + 1), *cur = mem + 2 * (blen + 1);
    for (size_t j = 0; j <= blen; j++)
        prev[j] = j;
    for (size_t i = 1; i <= alen; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= blen; j++) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            size_t d = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]
                && prev2[j - 2] + 1 < d)
                d = prev2[j - 2] + 1;
            cur[j] = d;
        }
        size_t *t = prev2;
        prev2 = prev;
        prev = cur;
        cur = t;
    }
    size_t r = prev[blen];
    if (mem != stack)
        free(mem);
    return r;
}

static int same_ci(const char *a, size_t alen, const char *b, size_t blen)
{
    if (alen != blen)
        return 0;
    for (size_t i = 0; i < alen; i++)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return 0;
    return 1;
}

/* The next word of s[0..len) from *at (words split at '-' and '_'): its
 * start, its length in *wlen (0: none left); *at moves past it. */
static size_t next_word(const char *s, size_t len, size_t *at, size_t *wlen)
{
    size_t i = *at;
    while (i < len && (s[i] == '-' || s[i] == '_'))
        i++;
    size_t j = i;
    while (j < len && s[j] != '-' && s[j] != '_')
        j++;
    *at = j;
    *wlen = j - i;
    return i;
}

/* a and b (of one length) hold the same words, split at '-' and '_', in
 * another order: `--cuda-graph-decode-backend` for
 * `--cuda-graph-backend-decode` (at most 16 words). */
static int same_words(const char *a, const char *b, size_t len)
{
    enum { MAXW = 16 };
    size_t bs[MAXW], bl[MAXW], nb = 0, na = 0, at, w, n;
    unsigned char used[MAXW] = { 0 };
    for (at = 0; (w = next_word(b, len, &at, &n)), n; nb++) {
        if (nb == MAXW)
            return 0;
        bs[nb] = w;
        bl[nb] = n;
    }
    for (at = 0; (w = next_word(a, len, &at, &n)), n; na++) {
        size_t k = 0;
        while (k < nb && (used[k] || bl[k] != n || memcmp(b + bs[k], a + w, n) != 0))
            k++;
        if (k == nb)
            return 0;
        used[k] = 1;
    }
    return na == nb;
}

/* The words of a (split at '-' and '_'; two at least) are words of b in
 * their order, b having one or two more: `--moe-backend` for
 * `--moe-a2a-backend`, a word left out.  Returns how many more, else 0. */
static size_t words_left_out(const char *a, size_t alen, const char *b, size_t blen)
{
    size_t at = 0, bt = 0, n, m, na = 0, nb = 0, w, v;
    for (w = next_word(a, alen, &at, &n); n; w = next_word(a, alen, &at, &n)) {
        na++;
        for (;;) {
            v = next_word(b, blen, &bt, &m);
            if (!m)
                return 0;
            nb++;
            if (m == n && memcmp(a + w, b + v, n) == 0)
                break;
        }
    }
    while ((void)next_word(b, blen, &bt, &m), m)
        nb++;
    return na >= 2 && nb > na && nb - na <= 2 ? nb - na : 0;
}

const char *fr_did_you_mean(const char *word, size_t len, const char *const *cand, size_t n)
{
    size_t max = len / 3 > 1 ? len / 3 : 1;
    /* the word's bit vectors once, not once a candidate (a set of 60,000
     * spellings: 6 ms a word, most of it there) */
    uint64_t peq[256];
    const int bits = len >= 1 && len <= 64;
    if (bits)
        osa_peq(peq, (const unsigned char *)word, len, NULL, 0);
    const char *best = NULL;
    size_t best_score = SIZE_MAX;   /* 2*distance; a case-only difference scores 1,
                                       the same words in another order 2 */
    for (size_t i = 0; i < n; i++) {
        if (!cand[i])
            continue;
        size_t clen = strlen(cand[i]);
        size_t score, d0;
        if (same_ci(word, len, cand[i], clen)) {
            score = (clen == len && memcmp(word, cand[i], len) == 0) ? 0 : 1;
        } else if (clen == len && same_words(word, cand[i], len)) {
            score = 2;   /* (as one edit) */
        } else if ((d0 = words_left_out(word, len, cand[i], clen)) != 0) {
            score = 2 * d0;   /* (a word left out: as one edit; the shorter candidate on a tie) */
            if (score == best_score && best && clen < strlen(best))
                best_score = score + 1;
        } else {
            size_t diff = clen > len ? clen - len : len - clen;
            if (diff > max)
                continue;   /* the distance is at least the length difference */
            size_t d = bits && clen ? osa_run(peq, len, (const unsigned char *)cand[i], clen)
                                    : fr_edit_distance(word, len, cand[i], clen);
            if (d > max)
                continue;
            score = 2 * d;
        }
        if (score < best_score) {
            best_score = score;
            best = cand[i];
        }
    }
    return best;
}
