/* zser — SPDX-License-Identifier: MIT
 *
 * double -> text as PHP writes it for serialize_precision -1 (json_encode, var_export):
 * the shortest digit string that reads back to the same double, the closest one when
 * several are that short, laid out like zend_gcvt() with 17 as its precision. Other
 * precisions are not handled here: the extension hands those to PHP's own formatter.
 */
#ifndef ZS_DTOA_H
#define ZS_DTOA_H

#include "zs_common.h"

#include <string.h>

/* Longest output of zs_dtoa_shortest: "-1.2345678901234567e-308" and friends. */
#define ZS_DTOA_SHORTEST_MAX 32

/* Shortest round-trip digits of a finite, non-zero |d|: d == digits * 10^exp10 after
 * reading back, digits has no trailing zeros and at most 17 decimal digits. */
void zs_dtoa_digits(double d, uint64_t *digits, int *exp10);

/* Writes finite d into out (at least ZS_DTOA_SHORTEST_MAX bytes, no NUL added) using
 * exp_char before the exponent; returns the length. NaN and infinities are the caller's
 * business (PHP never formats them on this path). */
size_t zs_dtoa_shortest(double d, char exp_char, char *out);

/* "00" "01" ... "99": two decimal digits per lookup. */
extern const char zs_digit_pairs[201];

/* Longest output of zs_i64toa: "-9223372036854775808". */
#define ZS_I64TOA_MAX 20

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ZS_I64TOA_SWAR 1
/* The eight decimal digits of x < 10^8 (leading zeros included) as ASCII bytes in
 * memory order: the number is split 4+4, 2+2 and 1+1 digits in parallel lanes of one
 * word, each split a multiply and a shift, so no digit costs a division or a load. */
ZS_INLINE uint64_t zs_ascii8(uint32_t x)
{
	uint64_t v = (uint64_t)(x / 10000) | ((uint64_t)(x % 10000) << 32);
	/* y / 100 == (y * 10486) >> 20 for y < 10^4; y / 10 == (y * 103) >> 10 for y < 100. */
	uint64_t q = ((v * 10486) >> 20) & UINT64_C(0x0000007F0000007F);
	v = q | ((v - q * 100) << 16);
	q = ((v * 103) >> 10) & UINT64_C(0x000F000F000F000F);
	v = q | ((v - q * 10) << 8);
	return v + UINT64_C(0x3030303030303030);
}
#endif

/* Number of decimal digits of 0 < x < 10^8, by comparisons: no division. */
ZS_INLINE unsigned zs_digits8(uint32_t x)
{
	return x < 10000 ? (x < 100 ? (x < 10 ? 1 : 2) : (x < 1000 ? 3 : 4))
	                 : (x < 1000000 ? (x < 100000 ? 5 : 6) : (x < 10000000 ? 7 : 8));
}

/* Number of decimal digits of u (1 for 0): comparisons on at most one quotient. */
ZS_INLINE unsigned zs_u64_digits(uint64_t u)
{
	if (u < 100000000) {
		return zs_digits8((uint32_t)u);
	}
	if (u < UINT64_C(10000000000000000)) {
		return 8 + zs_digits8((uint32_t)(u / 100000000));
	}
	return 16 + zs_digits8((uint32_t)(u / UINT64_C(10000000000000000)));
}

/* Writes the decimal form of v at out (ZS_I64TOA_MAX bytes of room, no NUL; bytes after
 * the returned length may be overwritten) and returns its length. Inline, and straight
 * into place: the JSON encoder calls it for every integer and integer key, and a staging
 * buffer copied out with a variable-length memcpy costs a call and a store-forwarding
 * stall each time. */
ZS_INLINE size_t zs_i64toa(int64_t v, char *out)
{
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	size_t neg = v < 0, n;
	out[0] = '-'; /* overwritten by the first digit when v >= 0 */
	if (u < 100) {
		if (u >= 10) {
			memcpy(out + neg, zs_digit_pairs + 2 * u, 2);
			return neg + 2;
		}
		out[neg] = (char)('0' + u);
		return neg + 1;
	}
#ifdef ZS_I64TOA_SWAR
	if (u < 100000000) {
		uint32_t x = (uint32_t)u;
		uint64_t w;
		n = zs_digits8(x);
		w = zs_ascii8(x) >> (8 * (8 - n));
		memcpy(out + neg, &w, 8);
		return neg + n;
	}
	{
		/* the high digits, then eight digits (twice, from 10^16 up): one word each, no loop */
		uint64_t q = u / 100000000, w;
		uint32_t lo = (uint32_t)(u - q * 100000000);
		if (q < 10) {
			/* 9 digits (ids, say): the leading one needs no word of its own */
			out[neg] = (char)('0' + q);
			n = 1;
		} else if (q < 100000000) {
			n = zs_digits8((uint32_t)q);
			w = zs_ascii8((uint32_t)q) >> (8 * (8 - n));
			memcpy(out + neg, &w, 8);
		} else {
			/* q < 2^64 / 10^8, so top < 1845: at most 3 + 16 digits after the sign */
			uint32_t top = (uint32_t)(q / 100000000);
			n = zs_digits8(top);
			w = zs_ascii8(top) >> (8 * (8 - n));
			memcpy(out + neg, &w, 8);
			w = zs_ascii8((uint32_t)(q - (uint64_t)top * 100000000));
			memcpy(out + neg + n, &w, 8);
			n += 8;
		}
		w = zs_ascii8(lo);
		memcpy(out + neg + n, &w, 8);
		return neg + n + 8;
	}
#else
	char *p;
	n = zs_u64_digits(u);
	p = out + neg + n;
	while (u >= 100) {
		unsigned r = (unsigned)(u % 100);
		u /= 100;
		p -= 2;
		memcpy(p, zs_digit_pairs + 2 * r, 2);
	}
	if (u >= 10) {
		p -= 2;
		memcpy(p, zs_digit_pairs + 2 * u, 2);
	} else {
		*--p = (char)('0' + u);
	}
	return neg + n;
#endif
}

#endif /* ZS_DTOA_H */
