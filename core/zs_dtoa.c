/* zser — SPDX-License-Identifier: MIT
 *
 * Shortest round-trip formatting of doubles, written after Ulf Adams' Ryu algorithm
 * (PLDI 2018): the rounding interval of the double is scaled by a 125-bit power of five
 * (core/zs_dtoa_table.h) and digits are dropped while the interval still holds the
 * shortened value. The layout step reproduces zend_gcvt(value, 17, '.', e) byte for byte,
 * which is what PHP prints under serialize_precision -1. Precisions other than "shortest"
 * are not handled here.
 */
#include "zs_dtoa.h"
#include "zs_dtoa_table.h"

#include <string.h>

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 zs_u128;

/* (m * mul) >> j for a 125-bit mul and j >= 64. */
static inline uint64_t mul_shift(uint64_t m, const uint64_t *mul, int j)
{
	zs_u128 b0 = (zs_u128)m * mul[0];
	zs_u128 b2 = (zs_u128)m * mul[1];
	return (uint64_t)(((b0 >> 64) + b2) >> (j - 64));
}
#else
static inline uint64_t umul128(uint64_t a, uint64_t b, uint64_t *hi)
{
	uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
	uint64_t b00 = a_lo * b_lo, b01 = a_lo * b_hi, b10 = a_hi * b_lo, b11 = a_hi * b_hi;
	uint64_t mid1 = b10 + (b00 >> 32);
	uint64_t mid2 = b01 + (uint32_t)mid1;
	*hi = b11 + (mid1 >> 32) + (mid2 >> 32);
	return (mid2 << 32) | (uint32_t)b00;
}

static inline uint64_t mul_shift(uint64_t m, const uint64_t *mul, int j)
{
	uint64_t high1, high0, low1, sum, dist = (uint64_t)(j - 64);
	umul128(m, mul[0], &high0);
	low1 = umul128(m, mul[1], &high1);
	sum = high0 + low1;
	if (sum < high0) {
		high1++;
	}
	/* dist is in 1..63 for every table entry this file uses. */
	return (high1 << (64 - dist)) | (sum >> dist);
}
#endif

/* floor(log10(2^e)) for 0 <= e <= 1650. */
static inline int log10_pow2(int e)
{
	return (int)(((uint32_t)e * 78913) >> 18);
}

/* floor(log10(5^e)) for 0 <= e <= 2620. */
static inline int log10_pow5(int e)
{
	return (int)(((uint32_t)e * 732923) >> 20);
}

/* ceil(log2(5^e)) for 1 <= e <= 3528 (1 for e == 0). */
static inline int pow5_bits(int e)
{
	return (int)((((uint32_t)e * 1217359) >> 19) + 1);
}

static inline int pow5_factor(uint64_t v)
{
	int n = 0;
	while (v % 5 == 0) {
		v /= 5;
		n++;
	}
	return n;
}

static inline bool multiple_of_pow5(uint64_t v, int p)
{
	return pow5_factor(v) >= p;
}

static inline bool multiple_of_pow2(uint64_t v, int p)
{
	return (v & ((UINT64_C(1) << p) - 1)) == 0;
}

/* Drops the last digits of vr, vp and vm (p = 10^k): whether the first of those dropped from
 * vr, the one that decides the rounding, is 5 or more. */
ZS_INLINE bool drop_digits(uint64_t *vr, uint64_t *vp, uint64_t *vm, uint64_t p)
{
	bool up = *vr % p >= p / 2;
	*vr /= p;
	*vp /= p;
	*vm /= p;
	return up;
}

void zs_dtoa_digits(double d, uint64_t *digits, int *exp10)
{
	uint64_t bits, mantissa, m2, mv, vr, vp, vm, output;
	uint32_t ieee_exp, mm_shift;
	int e2, e10, removed = 0;
	bool accept_bounds, vm_trailing_zeros = false, vr_trailing_zeros = false;
	uint8_t last_removed = 0;

	memcpy(&bits, &d, sizeof bits);
	mantissa = bits & ((UINT64_C(1) << 52) - 1);
	ieee_exp = (uint32_t)((bits >> 52) & 0x7ff);
	if (ieee_exp == 0) {
		e2 = 1 - 1023 - 52 - 2;
		m2 = mantissa;
	} else {
		e2 = (int)ieee_exp - 1023 - 52 - 2;
		m2 = (UINT64_C(1) << 52) | mantissa;
	}
	/* Round-half-even reading: the interval ends belong to it when m2 is even. */
	accept_bounds = (m2 & 1) == 0;
	mv = 4 * m2;
	/* The lower neighbour is closer at a power of two (except for the smallest exponent). */
	mm_shift = mantissa != 0 || ieee_exp <= 1;

	if (e2 >= 0) {
		int q = log10_pow2(e2) - (e2 > 3);
		int k = 125 + pow5_bits(q) - 1;
		int i = -e2 + q + k;
		e10 = q;
		vr = mul_shift(4 * m2, zs_pow5_inv[q], i);
		vp = mul_shift(4 * m2 + 2, zs_pow5_inv[q], i);
		vm = mul_shift(4 * m2 - 1 - mm_shift, zs_pow5_inv[q], i);
		if (q <= 21) {
			if (mv % 5 == 0) {
				vr_trailing_zeros = multiple_of_pow5(mv, q);
			} else if (accept_bounds) {
				vm_trailing_zeros = multiple_of_pow5(mv - 1 - mm_shift, q);
			} else {
				vp -= multiple_of_pow5(mv + 2, q);
			}
		}
	} else {
		int q = log10_pow5(-e2) - (-e2 > 1);
		int i = -e2 - q;
		int k = pow5_bits(i) - 125;
		int j = q - k;
		e10 = q + e2;
		vr = mul_shift(4 * m2, zs_pow5[i], j);
		vp = mul_shift(4 * m2 + 2, zs_pow5[i], j);
		vm = mul_shift(4 * m2 - 1 - mm_shift, zs_pow5[i], j);
		if (q <= 1) {
			vr_trailing_zeros = true;
			if (accept_bounds) {
				vm_trailing_zeros = mm_shift == 1;
			} else {
				--vp;
			}
		} else if (q < 63) {
			vr_trailing_zeros = multiple_of_pow2(mv, q);
		}
	}

	if (vm_trailing_zeros || vr_trailing_zeros) {
		/* Rare path: exact ties and interval ends need the removed digits' history. */
		while (vp / 10 > vm / 10) {
			vm_trailing_zeros &= vm % 10 == 0;
			vr_trailing_zeros &= last_removed == 0;
			last_removed = (uint8_t)(vr % 10);
			vr /= 10;
			vp /= 10;
			vm /= 10;
			++removed;
		}
		if (vm_trailing_zeros) {
			while (vm % 10 == 0) {
				vr_trailing_zeros &= last_removed == 0;
				last_removed = (uint8_t)(vr % 10);
				vr /= 10;
				vp /= 10;
				vm /= 10;
				++removed;
			}
		}
		if (vr_trailing_zeros && last_removed == 5 && vr % 2 == 0) {
			last_removed = 4; /* exact half: round to even */
		}
		output = vr + ((vr == vm && (!accept_bounds || !vm_trailing_zeros)) || last_removed >= 5);
	} else {
		/* Digits go four, then two, then one at a time: once four cannot go, at most three
		 * can, so each smaller step runs once at most. Only the last digit removed decides
		 * the rounding, and it is the first of each group. */
		bool round_up = false;
		while (vp / 10000 > vm / 10000) {
			round_up = drop_digits(&vr, &vp, &vm, 10000);
			removed += 4;
		}
		if (vp / 100 > vm / 100) {
			round_up = drop_digits(&vr, &vp, &vm, 100);
			removed += 2;
		}
		if (vp / 10 > vm / 10) {
			round_up = drop_digits(&vr, &vp, &vm, 10);
			++removed;
		}
		output = vr + (vr == vm || round_up);
	}
	e10 += removed;
	while (output % 10 == 0) {
		output /= 10;
		++e10;
	}
	*digits = output;
	*exp10 = e10;
}

const char zs_digit_pairs[201] = "00010203040506070809"
                                 "10111213141516171819"
                                 "20212223242526272829"
                                 "30313233343536373839"
                                 "40414243444546474849"
                                 "50515253545556575859"
                                 "60616263646566676869"
                                 "70717273747576777879"
                                 "80818283848586878889"
                                 "90919293949596979899";

#if defined(ZS_I64TOA_SWAR)
/* The first k (1..8) digits of x < 10^k at p, with one 8-byte store: the 8 - k bytes after
 * them get garbage, which what follows overwrites or leaves past the returned length. */
ZS_INLINE char *put_lead(uint32_t x, unsigned k, char *p)
{
	uint64_t a = zs_ascii8(x) >> (8 * (8 - k));
	memcpy(p, &a, 8);
	return p + k;
}

ZS_INLINE char *put8(uint32_t x, char *p)
{
	uint64_t a = zs_ascii8(x);
	memcpy(p, &a, 8);
	return p + 8;
}

/* Writes the n (<= 17) decimal digits of v so that the last one lands at end[-1], eight at
 * a time from the left (zs_ascii8). Up to 7 bytes after end may be overwritten: each
 * caller's buffer has ZS_DTOA_SHORTEST_MAX bytes, which the longest layout leaves room for. */
ZS_INLINE void put_digits(uint64_t v, unsigned n, char *end)
{
	char *p = end - n;
	if (n <= 8) {
		put_lead((uint32_t)v, n, p);
	} else {
		uint64_t q = v / 100000000;
		uint32_t lo = (uint32_t)(v - q * 100000000);
		if (n <= 16) {
			p = put_lead((uint32_t)q, n - 8, p);
		} else {
			uint64_t hi = q / 100000000;
			p = put_lead((uint32_t)hi, n - 16, p);
			p = put8((uint32_t)(q - hi * 100000000), p);
		}
		put8(lo, p);
	}
}
#else
/* Writes the n decimal digits of v so that the last one lands at end[-1]. Digits go
 * straight to their place: staging them and copying with a variable-length memcpy costs
 * a call and a store-forwarding stall per number. */
ZS_INLINE void put_digits(uint64_t v, unsigned n, char *end)
{
	(void)n;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		end -= 2;
		memcpy(end, zs_digit_pairs + 2 * r, 2);
	}
	if (v >= 10) {
		memcpy(end - 2, zs_digit_pairs + 2 * v, 2);
	} else {
		end[-1] = (char)('0' + v);
	}
}
#endif

size_t zs_dtoa_shortest(double d, char exp_char, char *out)
{
	char *p = out;
	uint64_t bits, digits;
	int n, exp10, decpt, i;

	memcpy(&bits, &d, sizeof bits);
	if (bits >> 63) {
		*p++ = '-';
	}
	if ((bits << 1) == 0) {
		*p++ = '0';
		return (size_t)(p - out);
	}
	zs_dtoa_digits(d, &digits, &exp10);
	n = (int)zs_u64_digits(digits);
	decpt = n + exp10;

	if (decpt > 17 || decpt < -3) {
		/* zend_gcvt's exponential form: d.ddde+X, with ".0" for a single digit. The digits
		 * are written one place to the right, then the first moves before the point. */
		int e = decpt - 1;
		put_digits(digits, (unsigned)n, p + 1 + n);
		p[0] = p[1];
		p[1] = '.';
		if (n == 1) {
			p[2] = '0';
			p += 3;
		} else {
			p += 1 + n;
		}
		*p++ = exp_char;
		if (e < 0) {
			*p++ = '-';
			e = -e;
		} else {
			*p++ = '+';
		}
		i = (int)zs_u64_digits((uint64_t)e);
		put_digits((uint64_t)e, (unsigned)i, p + i);
		p += i;
	} else if (decpt <= 0) {
		*p++ = '0';
		*p++ = '.';
		for (i = decpt; i < 0; i++) {
			*p++ = '0';
		}
		put_digits(digits, (unsigned)n, p + n);
		p += n;
	} else if (n <= decpt) {
		put_digits(digits, (unsigned)n, p + n);
		p += n;
		for (i = n; i < decpt; i++) {
			*p++ = '0';
		}
	} else {
		/* Written one place to the right, then the integer part moves back over the gap. */
		put_digits(digits, (unsigned)n, p + 1 + n);
		for (i = 0; i < decpt; i++) {
			p[i] = p[i + 1];
		}
		p[decpt] = '.';
		p += 1 + n;
	}
	return (size_t)(p - out);
}
