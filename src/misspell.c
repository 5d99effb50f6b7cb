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

size_t fr_edit_distance(const char *a, size_t alen, const char *b, size_t blen)
{
    if (alen == 0)
        return blen;
    if (blen == 0)
        return alen;
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

const char *fr_did_you_mean(const char *word, size_t len, const char *const *cand, size_t n)
{
    size_t max = len / 3 > 1 ? len / 3 : 1;
    const char *best = NULL;
    size_t best_score = SIZE_MAX;   /* 2*distance; a case-only difference scores 1 */
    for (size_t i = 0; i < n; i++) {
        if (!cand[i])
            continue;
        size_t clen = strlen(cand[i]);
        size_t score;
        if (same_ci(word, len, cand[i], clen)) {
            score = (clen == len && memcmp(word, cand[i], len) == 0) ? 0 : 1;
        } else {
            size_t diff = clen > len ? clen - len : len - clen;
            if (diff > max)
                continue;   /* the distance is at least the length difference */
            size_t d = fr_edit_distance(word, len, cand[i], clen);
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
