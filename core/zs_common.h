/* zser — SPDX-License-Identifier: MIT
 *
 * Shared definitions of the PHP-independent core: branch hints, the inline marker and
 * the allocator hook every core module allocates through. No PHP headers, no globals,
 * no I/O: the extension, the CLI, the unit tests and the fuzzers all link this core.
 */
#ifndef ZS_COMMON_H
#define ZS_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define ZS_LIKELY(x)   __builtin_expect(!!(x), 1)
#define ZS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define ZS_INLINE      static inline __attribute__((always_inline))
#else
#define ZS_LIKELY(x)   (x)
#define ZS_UNLIKELY(x) (x)
#define ZS_INLINE      static inline
#endif

/* Allocator hook: emalloc inside PHP, malloc in the CLI and the fuzzers. One allocator per
 * operation, so that a bailout inside emalloc cannot strand malloc'd memory. malloc and
 * realloc return NULL on failure (the emalloc-backed hook never does: it bails out). */
typedef struct zs_alloc {
	void *(*malloc)(void *ctx, size_t n);
	void *(*realloc)(void *ctx, void *p, size_t old_n, size_t n);
	void (*free)(void *ctx, void *p);
	void *ctx;
} zs_alloc;

/* The libc allocator, for the CLI, the unit tests and the fuzzers. */
extern const zs_alloc zs_alloc_libc;

/* memset(p, 0, n) for the fixed-size set-up of small structures (see zs_alloc.c). */
void zs_zero(void *p, size_t n);

#endif /* ZS_COMMON_H */
