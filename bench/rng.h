/* rng.h — the benchmark generators' PRNG: splitmix64, fixed seed, identical
 * sequences on every machine (no libc rand()). */
#ifndef BENCH_RNG_H
#define BENCH_RNG_H
#include <stdint.h>

typedef struct { uint64_t s; } rng;

static inline uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* uniform in [0, n) (n > 0); the tiny modulo bias is irrelevant here */
static inline uint32_t rng_below(rng *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* true with probability pct/100 */
static inline int rng_pct(rng *r, unsigned pct)
{
    return rng_below(r, 100) < pct;
}
#endif
