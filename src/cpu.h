/* cpu.h — which x86 instruction-set extensions the running CPU has, for
 * the fast paths that pick AVX2 / BMI code at run time.
 *
 * With glibc 2.33 or later this asks glibc (<sys/platform/x86.h>), which
 * probed the CPU once at start-up anyway.  GCC's __builtin_cpu_supports
 * would link libgcc's __cpu_indicator_init, a constructor that runs CPUID
 * again in every process: each CPUID traps to the hypervisor in a virtual
 * machine, and a one-config `flagrule check` is mostly start-up (see
 * bench/PROFILE.md).  Other C libraries and compilers use the builtin. */
#ifndef FR_CPU_H
#define FR_CPU_H

#include <stdbool.h>
#include <limits.h>   /* (includes <features.h>, which defines __GLIBC__) */

#if defined(__x86_64__) && defined(__GNUC__)
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33)) && \
    defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#define FR_CPU_GLIBC 1
#endif
#endif

#ifdef FR_CPU_GLIBC
#define FR_CPU_AVX2()   CPU_FEATURE_ACTIVE(AVX2)
#define FR_CPU_BMI1()   CPU_FEATURE_ACTIVE(BMI1)
#define FR_CPU_BMI2()   CPU_FEATURE_ACTIVE(BMI2)
#define FR_CPU_SSE4_2() CPU_FEATURE_ACTIVE(SSE4_2)
#else
#define FR_CPU_AVX2()   __builtin_cpu_supports("avx2")
#define FR_CPU_BMI1()   __builtin_cpu_supports("bmi")
#define FR_CPU_BMI2()   __builtin_cpu_supports("bmi2")
#define FR_CPU_SSE4_2() __builtin_cpu_supports("sse4.2")
#endif
#endif

#endif
