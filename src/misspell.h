/* misspell.h — "did you mean": Damerau-Levenshtein (optimal string alignment)
 * distance, and the best candidate among names within a threshold. */
#ifndef FR_MISSPELL_H
#define FR_MISSPELL_H
#include <stddef.h>

/* Edit distance between a[0..alen) and b[0..blen): insertions, deletions,
 * substitutions and adjacent transpositions each cost 1.  Case-sensitive. */
size_t fr_edit_distance(const char *a, size_t alen, const char *b, size_t blen);

/* The closest of cand[0..n) to `word`, or NULL if none is close enough:
 * distance <= max(1, strlen(word)/3), ties broken by earlier position; a
 * case-insensitive exact match always qualifies. */
const char *fr_did_you_mean(const char *word, size_t len, const char *const *cand, size_t n);
#endif
