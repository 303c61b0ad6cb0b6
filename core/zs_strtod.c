/* zser — SPDX-License-Identifier: MIT
 *
 * Exact decimal -> double conversion for JSON numbers: Clinger's fast path, then the
 * Eisel-Lemire algorithm (D. Lemire, "Number Parsing at a Gigabyte per Second", 2021) with
 * the 128-bit powers of five of zs_pow5_table.h. Every case where the 128-bit product
 * cannot prove the rounding direction is reported as undecided, never guessed: the caller's
 * fallback (a correctly rounding strtod) settles it.
 */
#include "zs_strtod.h"
#include "zs_pow5_table.h"

#include <float.h>
#include <string.h>

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 zs_u128;

static uint64_t mul64(uint64_t a, uint64_t b, uint64_t *lo)
{
	zs_u128 r = (zs_u128)a * b;
	*lo = (uint64_t)r;
	return (uint64_t)(r >> 64);
}
#else
static uint64_t mul64(uint64_t a, uint64_t b, uint64_t *lo)
{
	uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
	uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo, hh = a_hi * b_hi;
	uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
	*lo = (mid << 32) | (uint32_t)ll;
	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
#endif

static int clz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
	return __builtin_clzll(x);
#else
	int n = 0;
	while (!(x & 0x8000000000000000ULL)) {
		x <<= 1;
		n++;
	}
	return n;
#endif
}

/* floor(q * log2(10)) + 63, as in the paper; written without shifting a negative value. */
static int64_t binary_exponent(int64_t q)
{
	int64_t x = (152170 + 65536) * q;
	int64_t f = x >= 0 ? x / 65536 : -((-x + 65535) / 65536);
	return f + 63;
}

/* IEEE bits of w * 10^q (w != 0, q within the table), or false when undecided. */
static bool eisel_lemire(uint64_t w, int64_t q, uint64_t *bits)
{
	const uint64_t *t = zs_pow5_table[q - ZS_POW5_MIN_Q];
	int lz = clz64(w);
	uint64_t lo, hi, lo2, hi2, m;
	int upper, shift;
	int64_t p2;

	w <<= lz;
	hi = mul64(w, t[0], &lo);
	if ((hi & 0x1FF) == 0x1FF) {
		hi2 = mul64(w, t[1], &lo2);
		lo += hi2;
		if (lo < hi2) {
			hi++;
		}
		/* The truncated table entry leaves the product within one unit below the true
		 * value: all-ones low bits mean the carry into the kept bits is unknown. */
		if ((hi & 0x1FF) == 0x1FF && lo == UINT64_MAX) {
			return false;
		}
	}
	upper = (int)(hi >> 63);
	shift = upper + 9;
	m = hi >> shift;
	p2 = binary_exponent(q) + upper - lz + 1023;
	if (p2 <= 0) {
		/* Subnormal or zero: rare enough to leave to the fallback. */
		return false;
	}
	if (lo <= 1 && q >= -4 && q <= 23 && (m & 3) == 1 && (m << shift) == hi) {
		/* Possibly an exact tie between two doubles. */
		return false;
	}
	m += m & 1;
	m >>= 1;
	if (m >= (2ULL << 52)) {
		m = 1ULL << 52;
		p2++;
	}
	m &= ~(1ULL << 52);
	if (p2 >= 0x7FF) {
		*bits = 0x7FF0000000000000ULL;
		return true;
	}
	*bits = m | ((uint64_t)p2 << 52);
	return true;
}

static const double exact_pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                     1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                     1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

static double with_sign(uint64_t bits, bool neg)
{
	double d;
	if (neg) {
		bits |= 0x8000000000000000ULL;
	}
	memcpy(&d, &bits, sizeof d);
	return d;
}

bool zs_strtod_decimal(uint64_t w, int64_t q, bool neg, bool truncated, double *out)
{
	uint64_t bits, bits_up;

	if (w == 0) {
		*out = with_sign(0, neg);
		return true;
	}
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	/* Both operands exact and one IEEE operation: correctly rounded by the hardware. */
	if (!truncated && w <= (1ULL << 53) && q >= -22 && q <= 22) {
		double d = (double)w;
		d = q < 0 ? d / exact_pow10[-q] : d * exact_pow10[q];
		*out = neg ? -d : d;
		return true;
	}
#endif
	if (q < ZS_POW5_MIN_Q) {
		/* Below 10^-323 whatever the 19 digits: rounds to zero. */
		*out = with_sign(0, neg);
		return true;
	}
	if (q > ZS_POW5_MAX_Q) {
		*out = with_sign(0x7FF0000000000000ULL, neg);
		return true;
	}
	if (!eisel_lemire(w, q, &bits)) {
		return false;
	}
	if (truncated) {
		/* The true value lies strictly between w and w + 1 units: decided when both
		 * ends round to the same double. */
		if (!eisel_lemire(w + 1, q, &bits_up) || bits_up != bits) {
			return false;
		}
	}
	*out = with_sign(bits, neg);
	return true;
}

double zs_strtod_json(const char *s, size_t len, zs_strtod_fallback fallback, void *ctx)
{
	const char *p = s, *end = s + len;
	bool neg = false, truncated = false, exp_neg = false;
	uint64_t w = 0;
	int sig = 0;
	int64_t q = 0, e = 0;
	double d;

	if (p < end && *p == '-') {
		neg = true;
		p++;
	}
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (sig < 19) {
			w = w * 10 + (uint64_t)(*p - '0');
			sig += (w != 0);
		} else {
			q++;
			truncated |= (*p != '0');
		}
	}
	if (p < end && *p == '.') {
		for (p++; p < end && *p >= '0' && *p <= '9'; p++) {
			if (sig < 19) {
				w = w * 10 + (uint64_t)(*p - '0');
				sig += (w != 0);
				q--;
			} else {
				truncated |= (*p != '0');
			}
		}
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-')) {
			exp_neg = (*p == '-');
			p++;
		}
		for (; p < end && *p >= '0' && *p <= '9'; p++) {
			if (e < 1000000000) {
				e = e * 10 + (*p - '0');
			}
		}
		q += exp_neg ? -e : e;
	}
	if (zs_strtod_decimal(w, q, neg, truncated, &d)) {
		return d;
	}
	return fallback(s, len, ctx);
}
