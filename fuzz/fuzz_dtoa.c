/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target (core only): core/zs_dtoa's shortest double printer. For the double in the
 * first 8 input bytes (and its neighbours one ulp away) the text from zs_dtoa_shortest()
 * must read back (libc strtod) to the same bits, fit in ZS_DTOA_SHORTEST_MAX, and carry
 * the digits zs_dtoa_digits() reports; those digits must be the shortest that round-trip
 * and, at that length, the closest to the double (both checked against glibc's exact
 * printf). The PHP layout itself is checked by the JSON targets against json_encode().
 */
// fuzz-needs: core/zs_dtoa.h core/zs_dtoa.c
// fuzz-max-len: 16
#include "zs_dtoa.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, double d, const char *text)
{
	uint64_t bits;

	memcpy(&bits, &d, 8);
	fprintf(stderr, "\n==== fuzz_dtoa: FINDING: %s\ndouble %.17g (bits %016llx), output \"%s\"\n",
	        what, d, (unsigned long long)bits, text);
	abort();
}

static bool same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof(double)) == 0;
}

static int count_digits(uint64_t v)
{
	int n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

// The significant digits of "%.*e" output, without the point, as an integer string.
static void sig_digits(double d, int ndigits, char *dst)
{
	char tmp[64], *p = tmp, *e;
	snprintf(tmp, sizeof(tmp), "%.*e", ndigits - 1, fabs(d));
	e = strchr(tmp, 'e');
	for (; p < e; p++) {
		if (*p != '.') {
			*dst++ = *p;
		}
	}
	*dst = 0;
}

static void check(double d)
{
	char text[ZS_DTOA_SHORTEST_MAX + 1], want[64], mine[32];
	size_t len;
	uint64_t digits;
	int exp10, k;

	if (!isfinite(d)) {
		return;
	}
	memset(text, 0, sizeof(text));
	len = zs_dtoa_shortest(d, 'e', text);
	if (len == 0 || len > ZS_DTOA_SHORTEST_MAX) {
		fail("output length out of range", d, text);
	}
	text[len] = 0;
	if (!same_bits(strtod(text, NULL), d)) {
		fail("output does not read back to the same double", d, text);
	}
	if (d == 0) {
		return;
	}
	zs_dtoa_digits(d, &digits, &exp10);
	if (digits == 0 || digits % 10 == 0 || count_digits(digits) > 17) {
		fail("zs_dtoa_digits: digits not normalised", d, text);
	}
	k = count_digits(digits);
	snprintf(mine, sizeof(mine), "%llu", (unsigned long long)digits);
	// At k digits, the correctly rounded decimal is the closest; when it reads back it must
	// be ours. (Next to a power of two it may not read back: the gap below is half the gap
	// above, and then the other neighbour at k digits is the answer.)
	sig_digits(d, k, want);
	if (strcmp(want, mine) != 0) {
		char nearest[64];
		snprintf(nearest, sizeof(nearest), "%.*e", k - 1, fabs(d));
		if (strtod(nearest, NULL) == fabs(d)) {
			fail("zs_dtoa_digits: not the closest shortest digits", d, text);
		}
	}
	{
		char back[64];
		snprintf(back, sizeof(back), "%se%d", mine, exp10);
		if (fabs(strtod(back, NULL)) != fabs(d)) {
			fail("zs_dtoa_digits: digits * 10^exp10 does not read back", d, text);
		}
	}
	if (k > 1) {
		char shorter[64];
		snprintf(shorter, sizeof(shorter), "%.*e", k - 2, fabs(d));
		if (strtod(shorter, NULL) == fabs(d)) {
			fail("zs_dtoa_digits: a shorter decimal also reads back", d, text);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	double d;
	uint64_t bits;

	if (size < 8) {
		return 0;
	}
	memcpy(&bits, data, 8);
	memcpy(&d, &bits, 8);
	check(d);
	check(nextafter(d, INFINITY));
	check(nextafter(d, -INFINITY));
	return 0;
}
