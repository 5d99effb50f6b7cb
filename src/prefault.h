/* prefault.h — faulting fresh memory in ahead of its first use, on a helper
 * thread (compiling a big rule set).
 *
 * The first write to a fresh page costs a page fault (on the bench's VM
 * ~2.9 us a page: the kernel clears it, the host backs it); compiling a
 * million rules faults in about a gigabyte.  A helper thread asks the
 * kernel to populate the pages the compiler is about to write
 * (MADV_POPULATE_WRITE: as if written, without touching the bytes), on the
 * other core, so that the compiling thread finds them present.
 *
 * Populating never changes the contents of memory, so nothing is shared
 * with the helper but its queue of address ranges: a range that is freed
 * (even unmapped and mapped again) before the helper gets to it is
 * harmless.  The helper is started by fr_compile for big inputs and joined
 * before fr_compile returns.  Where threads or MADV_POPULATE_WRITE are not
 * available, fr_prefault_new returns NULL and nothing changes. */
#ifndef FR_PREFAULT_H
#define FR_PREFAULT_H
#include <stddef.h>

typedef struct fr_prefault fr_prefault;

/* A helper thread, or NULL (no threads, no MADV_POPULATE_WRITE, out of
 * memory: the callers then do without). */
fr_prefault *fr_prefault_new(void);
/* Asks for the pages of [p, p + n) to be populated (whole pages inside the
 * range).  A request that does not fit in the queue is dropped.  No-op when
 * pf is NULL. */
void         fr_prefault_ask(fr_prefault *pf, const void *p, size_t n);
/* For an array written in order: once element `at` of base[0 .. n) (of
 * `size` bytes each) reaches cur->next, asks for the pages up to two
 * FR_PF_CHUNKs past it (from cur->asked on), and sets next a chunk on:
 * pages are populated as the writer nears them, not all at once (peak
 * memory stays as it was).  A zeroed cursor starts at the array's start. */
#define FR_PF_CHUNK ((size_t)1 << 20)
typedef struct fr_pf_cursor {
    size_t next, asked;
} fr_pf_cursor;
void         fr_prefault_ahead_(fr_prefault *pf, const void *base, size_t size, size_t n, size_t at,
                                fr_pf_cursor *cur);
static inline void fr_prefault_ahead(fr_prefault *pf, const void *base, size_t size, size_t n, size_t at,
                                     fr_pf_cursor *cur)
{
    if (pf && at >= cur->next)
        fr_prefault_ahead_(pf, base, size, n, at, cur);
}
/* free(p), on the helper when there is one (unmapping a big block of dead
 * data costs ~25 ms for 256 MiB): queued, done when no pages are asked
 * for, and at the latest by fr_prefault_free.  No helper or a full queue:
 * free(p) at once. */
void         fr_prefault_release(fr_prefault *pf, void *p);
/* Runs fn(arg) on the helper, before any further populating or freeing,
 * and returns 0; -1 (nothing run) without a helper or while another job
 * is pending: the caller then runs fn itself.  fn must touch nothing the
 * caller touches until fr_prefault_job_wait returns. */
int          fr_prefault_job(fr_prefault *pf, void (*fn)(void *), void *arg);
/* Waits for the job of fr_prefault_job (no-op when none). */
void         fr_prefault_job_wait(fr_prefault *pf);
/* fn(here) on the calling thread and fn(there) on the helper, side by side;
 * fn(there) after fn(here) on the calling thread when the helper cannot take
 * it.  Returns when both are done.  (The two halves of a pass over the
 * rules: each writes only its own half's results.) */
static inline void fr_prefault_split(fr_prefault *pf, void (*fn)(void *), void *here, void *there)
{
    int job = fr_prefault_job(pf, fn, there) == 0;
    fn(here);
    if (job)
        fr_prefault_job_wait(pf);
    else
        fn(there);
}
/* Waits until the requests asked so far are done (tests). */
void         fr_prefault_sync(fr_prefault *pf);
/* Drops what is queued, stops the thread and joins it. */
void         fr_prefault_free(fr_prefault **pf);
/* Pages populated, requests dropped (tests, tuning). */
size_t       fr_prefault_done(const fr_prefault *pf, size_t *dropped);

#endif
