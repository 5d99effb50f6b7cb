/* prefault.c — a helper thread that populates memory ahead of its use
 * (prefault.h). */
#define _DEFAULT_SOURCE   /* madvise */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "prefault.h"

/* (configure makes sure POSIX threads link; the library is built with
 * PTHREAD_CFLAGS) */
#if defined(__linux__) && defined(_POSIX_THREADS) && _POSIX_THREADS > 0
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23   /* Linux 5.14 */
#endif
#define FR_PF_OK 1
#endif

void fr_prefault_ahead_(fr_prefault *pf, const void *base, size_t size, size_t n, size_t at,
                        fr_pf_cursor *cur)
{
    if (at >= n) {
        cur->next = SIZE_MAX;
        return;
    }
    size_t per = FR_PF_CHUNK / (size ? size : 1) + 1;
    size_t hi = n - at > 2 * per ? at + 2 * per : n;
    size_t lo = cur->asked > at ? cur->asked : at;
    if (hi > lo)
        fr_prefault_ask(pf, (const char *)base + lo * size, (hi - lo) * size);
    if (hi > cur->asked)
        cur->asked = hi;
    cur->next = hi == n ? SIZE_MAX : at + per;
}

#ifdef FR_PF_OK

#define FR_PF_QUEUE 64
#define FR_PF_FREES 256
/* populated per madvise call: the thread sees a stop soon, and the pages
 * nearest the compiler come first */
#define FR_PF_STEP ((uintptr_t)256 << 10)

struct fr_prefault {
    pthread_mutex_t mu;
    pthread_cond_t  wake;   /* a request or a stop for the helper */
    pthread_cond_t  idle;   /* the queue ran empty (fr_prefault_sync) */
    pthread_t       th;
    uintptr_t       lo[FR_PF_QUEUE], hi[FR_PF_QUEUE];
    unsigned        head, n;      /* the queue: n requests from head (mod FR_PF_QUEUE) */
    void           *frees[FR_PF_FREES];   /* fr_prefault_release: a stack */
    unsigned        nfrees;
    void          (*job)(void *);   /* fr_prefault_job: to run, or running */
    void           *job_arg;
    bool            job_done;
    bool            busy;         /* the helper is populating a step */
    bool            stop;
    bool            broken;       /* madvise refused the advice: asks are dropped */
    uintptr_t       page;
    size_t          pages, dropped;
};

static void *pf_run(void *arg)
{
    fr_prefault *pf = arg;
    pthread_mutex_lock(&pf->mu);
    for (;;) {
        while (!pf->stop && pf->n == 0 && pf->nfrees == 0 && !(pf->job && !pf->job_done)) {
            pf->busy = false;
            pthread_cond_broadcast(&pf->idle);
            pthread_cond_wait(&pf->wake, &pf->mu);
        }
        if (pf->stop)
            break;
        pf->busy = true;
        if (pf->job && !pf->job_done) {
            void (*fn)(void *) = pf->job;
            void *job_arg = pf->job_arg;
            pthread_mutex_unlock(&pf->mu);
            fn(job_arg);
            pthread_mutex_lock(&pf->mu);
            pf->job_done = true;
            pthread_cond_broadcast(&pf->idle);
            continue;
        }
        if (pf->n == 0) {
            /* nothing to populate (the compiler is waiting for none of
             * it): a block to free */
            void *p = pf->frees[--pf->nfrees];
            pthread_mutex_unlock(&pf->mu);
            free(p);
            pthread_mutex_lock(&pf->mu);
            continue;
        }
        unsigned i = pf->head;
        uintptr_t lo = pf->lo[i], hi = pf->hi[i];
        if (hi - lo > FR_PF_STEP) {
            hi = lo + FR_PF_STEP;
            pf->lo[i] = hi;
        } else {
            pf->head = (pf->head + 1) % FR_PF_QUEUE;
            pf->n--;
        }
        pthread_mutex_unlock(&pf->mu);
        int rc = madvise((void *)lo, (size_t)(hi - lo), MADV_POPULATE_WRITE);
        int e = rc < 0 ? errno : 0;
        pthread_mutex_lock(&pf->mu);
        if (rc == 0) {
            pf->pages += (size_t)((hi - lo) / pf->page);
        } else if (e == EINVAL || e == ENOSYS || e == EPERM) {
            pf->broken = true;   /* (an old kernel): give up */
            pf->dropped += pf->n;
            pf->n = 0;
        } else if (pf->n && pf->head == i && pf->lo[i] == hi) {
            /* a hole (ENOMEM: freed meanwhile), out of memory, a signal:
             * the rest of this request goes */
            pf->head = (pf->head + 1) % FR_PF_QUEUE;
            pf->n--;
            pf->dropped++;
        }
    }
    pf->busy = false;
    pthread_cond_broadcast(&pf->idle);
    pthread_mutex_unlock(&pf->mu);
    return NULL;
}

fr_prefault *fr_prefault_new(void)
{
    long ps = sysconf(_SC_PAGESIZE);
    if (ps <= 0 || (ps & (ps - 1)))
        return NULL;
    fr_prefault *pf = calloc(1, sizeof *pf);
    if (!pf)
        return NULL;
    pf->page = (uintptr_t)ps;
    /* the advice is known to this kernel (on a page of pf itself, which is
     * in memory already: nothing to do) */
    uintptr_t self = (uintptr_t)pf & ~(pf->page - 1);
    if (madvise((void *)self, (size_t)pf->page, MADV_POPULATE_WRITE) != 0) {
        free(pf);
        return NULL;
    }
    if (pthread_mutex_init(&pf->mu, NULL) != 0) {
        free(pf);
        return NULL;
    }
    if (pthread_cond_init(&pf->wake, NULL) != 0) {
        pthread_mutex_destroy(&pf->mu);
        free(pf);
        return NULL;
    }
    if (pthread_cond_init(&pf->idle, NULL) != 0) {
        pthread_cond_destroy(&pf->wake);
        pthread_mutex_destroy(&pf->mu);
        free(pf);
        return NULL;
    }
    /* (the helper takes no signals: the caller's handlers run on its own
     * threads, as without a helper) */
    sigset_t all, old;
    sigfillset(&all);
    int masked = pthread_sigmask(SIG_SETMASK, &all, &old) == 0;
    int rc = pthread_create(&pf->th, NULL, pf_run, pf);
    if (masked)
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        pthread_cond_destroy(&pf->idle);
        pthread_cond_destroy(&pf->wake);
        pthread_mutex_destroy(&pf->mu);
        free(pf);
        return NULL;
    }
    return pf;
}

void fr_prefault_ask(fr_prefault *pf, const void *p, size_t n)
{
    if (!pf || !p || !n)
        return;
    uintptr_t lo = ((uintptr_t)p + pf->page - 1) & ~(pf->page - 1);
    uintptr_t end = (uintptr_t)p + n;
    if (end < (uintptr_t)p)
        return;
    uintptr_t hi = end & ~(pf->page - 1);
    if (hi <= lo)
        return;
    pthread_mutex_lock(&pf->mu);
    if (pf->broken || pf->stop) {
        pf->dropped++;
    } else if (pf->n && pf->hi[(pf->head + pf->n - 1) % FR_PF_QUEUE] == lo) {
        pf->hi[(pf->head + pf->n - 1) % FR_PF_QUEUE] = hi;   /* continues the last request */
    } else if (pf->n == FR_PF_QUEUE) {
        pf->dropped++;
    } else {
        unsigned i = (pf->head + pf->n) % FR_PF_QUEUE;
        pf->lo[i] = lo;
        pf->hi[i] = hi;
        pf->n++;
        pthread_cond_signal(&pf->wake);
    }
    pthread_mutex_unlock(&pf->mu);
}

void fr_prefault_release(fr_prefault *pf, void *p)
{
    if (!pf || !p) {
        free(p);
        return;
    }
    pthread_mutex_lock(&pf->mu);
    bool queued = !pf->stop && pf->nfrees < FR_PF_FREES;
    if (queued) {
        pf->frees[pf->nfrees++] = p;
        pthread_cond_signal(&pf->wake);
    }
    pthread_mutex_unlock(&pf->mu);
    if (!queued)
        free(p);
}

int fr_prefault_job(fr_prefault *pf, void (*fn)(void *), void *arg)
{
    if (!pf || !fn)
        return -1;
    pthread_mutex_lock(&pf->mu);
    int rc = -1;
    if (!pf->stop && !pf->job) {
        pf->job = fn;
        pf->job_arg = arg;
        pf->job_done = false;
        pthread_cond_signal(&pf->wake);
        rc = 0;
    }
    pthread_mutex_unlock(&pf->mu);
    return rc;
}

void fr_prefault_job_wait(fr_prefault *pf)
{
    if (!pf)
        return;
    pthread_mutex_lock(&pf->mu);
    while (pf->job && !pf->job_done)
        pthread_cond_wait(&pf->idle, &pf->mu);
    pf->job = NULL;
    pthread_mutex_unlock(&pf->mu);
}

void fr_prefault_sync(fr_prefault *pf)
{
    if (!pf)
        return;
    pthread_mutex_lock(&pf->mu);
    while (pf->n || pf->nfrees || pf->busy)
        pthread_cond_wait(&pf->idle, &pf->mu);
    pthread_mutex_unlock(&pf->mu);
}

void fr_prefault_free(fr_prefault **pfp)
{
    if (!pfp || !*pfp)
        return;
    fr_prefault *pf = *pfp;
    fr_prefault_job_wait(pf);   /* (a job is never dropped) */
    pthread_mutex_lock(&pf->mu);
    pf->stop = true;
    pf->dropped += pf->n;
    pf->n = 0;
    pthread_cond_signal(&pf->wake);
    pthread_mutex_unlock(&pf->mu);
    pthread_join(pf->th, NULL);
    /* (the blocks still queued: freed here) */
    while (pf->nfrees)
        free(pf->frees[--pf->nfrees]);
    pthread_cond_destroy(&pf->idle);
    pthread_cond_destroy(&pf->wake);
    pthread_mutex_destroy(&pf->mu);
    free(pf);
    *pfp = NULL;
}

size_t fr_prefault_done(const fr_prefault *pf, size_t *dropped)
{
    if (dropped)
        *dropped = 0;
    if (!pf)
        return 0;
    fr_prefault *m = (fr_prefault *)pf;   /* (the mutex) */
    pthread_mutex_lock(&m->mu);
    size_t n = m->pages;
    if (dropped)
        *dropped = m->dropped;
    pthread_mutex_unlock(&m->mu);
    return n;
}

#else   /* no threads or not Linux: nothing is prefaulted */

struct fr_prefault {
    int unused;
};

fr_prefault *fr_prefault_new(void)
{
    return NULL;
}

void fr_prefault_ask(fr_prefault *pf, const void *p, size_t n)
{
    (void)pf;
    (void)p;
    (void)n;
}

void fr_prefault_release(fr_prefault *pf, void *p)
{
    (void)pf;
    free(p);
}

int fr_prefault_job(fr_prefault *pf, void (*fn)(void *), void *arg)
{
    (void)pf;
    (void)fn;
    (void)arg;
    return -1;
}

void fr_prefault_job_wait(fr_prefault *pf)
{
    (void)pf;
}

void fr_prefault_sync(fr_prefault *pf)
{
    (void)pf;
}

void fr_prefault_free(fr_prefault **pf)
{
    if (pf)
        *pf = NULL;
}

size_t fr_prefault_done(const fr_prefault *pf, size_t *dropped)
{
    (void)pf;
    if (dropped)
        *dropped = 0;
    return 0;
}

#endif
