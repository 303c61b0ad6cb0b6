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
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ZS_LIKELY(x)   __builtin_expect(!!(x), 1)
#define ZS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define ZS_INLINE      static inline __attribute__((always_inline))
#else
#define ZS_LIKELY(x)   (x)
#define ZS_UNLIKELY(x) (x)
#define ZS_INLINE      static inline
#endif

/* memcmp(a, b, len) == 0 for len >= 2, without the library call, for the short keys of
 * the decoders' caches: two overlapping loads cover 2..16 bytes, longer runs go 8 bytes at a
 * time. Reads nothing outside a[0..len) and b[0..len). */
ZS_INLINE bool zs_same_bytes(const void *pa, const void *pb, size_t len)
{
	const unsigned char *a = (const unsigned char *)pa, *b = (const unsigned char *)pb;
	uint64_t x, y, u, v;
	size_t i;

	if (len < 4) {
		return a[0] == b[0] && a[len / 2] == b[len / 2] && a[len - 1] == b[len - 1];
	}
	if (len < 8) {
		uint32_t p, q, m, n;
		memcpy(&p, a, 4);
		memcpy(&q, b, 4);
		memcpy(&m, a + len - 4, 4);
		memcpy(&n, b + len - 4, 4);
		return ((p ^ q) | (m ^ n)) == 0;
	}
	for (i = 0; i + 8 < len; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y) {
			return false;
		}
	}
	memcpy(&u, a + len - 8, 8);
	memcpy(&v, b + len - 8, 8);
	return u == v;
}

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

/* Clears n >= 16 bytes, n known at compile time, of a call's set-up by 16-byte stores, the
 * last one ending at n: a memset() of a size the compiler knows becomes `rep stos`, slow to
 * start, and a libc call costs its entry and size dispatch, and its wide stores can keep the
 * loads of the fields just cleared from being served straight from them. GCC unrolls the loop
 * whole, which also keeps it from turning the loop back into memset(): the encoder's 280
 * bytes then cost 18 stores, not 17 turns of a loop (55 instructions of the classic battle's
 * 2,295). */
ZS_INLINE void zs_zero_small(void *dst, size_t n)
{
#ifdef __SSE2__
	unsigned char *p = (unsigned char *)dst;
	size_t i;

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 32
#endif
	for (i = 0; i + 16 <= n; i += 16) {
		_mm_storeu_si128((__m128i *)(void *)(p + i), _mm_setzero_si128());
	}
	if (i < n) {
		_mm_storeu_si128((__m128i *)(void *)(p + n - 16), _mm_setzero_si128());
	}
#else
	zs_zero(dst, n);
#endif
}

#endif /* ZS_COMMON_H */
