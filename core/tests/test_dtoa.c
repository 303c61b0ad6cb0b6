// zser — SPDX-License-Identifier: MIT
//
// zs_dtoa_shortest against two references: (1) fixtures that PHP itself printed
// (tools/gen-dtoa-fixtures.php: json_encode under serialize_precision -1), and (2) for
// random doubles, the C library: the output reads back to the same double, no shorter
// digit string does, and among strings of its length it is the correctly rounded one
// (or, when that one does not read back, the neighbour that does).
#include "zs_dtoa.h"
#include "zs_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t next_random(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

static double from_bits(uint64_t b)
{
	double d;
	memcpy(&d, &b, sizeof d);
	return d;
}

// Significant digits of a formatted number (mantissa only), and its decimal exponent.
static int digits_of(const char *s, char *digs, int *exp10)
{
	int n = 0, point = -1, lead = 1, e = 0;
	const char *p = s;
	if (*p == '-') {
		p++;
	}
	for (; *p && *p != 'e' && *p != 'E'; p++) {
		if (*p == '.') {
			point = n;
			continue;
		}
		if (lead && *p == '0') {
			if (point >= 0) {
				e--;
			}
			continue;
		}
		lead = 0;
		digs[n++] = *p;
	}
	if (point < 0) {
		point = n;
	}
	if (*p) {
		e += atoi(p + 1);
	}
	while (n > 1 && digs[n - 1] == '0') {
		n--;
	}
	digs[n] = '\0';
	*exp10 = e + point - n;
	return n;
}

// Does the n-digit decimal (digits as an integer, times 10^e) read back to d?
static int reads_back(uint64_t digits, int e, double d)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%llue%d", (unsigned long long)digits, e);
	return strtod(buf, NULL) == d;
}

static int check_one(double d)
{
	char out[ZS_DTOA_SHORTEST_MAX + 1], ref[64], digs[32], rdigs[32];
	size_t len = zs_dtoa_shortest(d, 'e', out);
	int n, e, rn, re, ok = 1;
	uint64_t v, rv;
	double ad = fabs(d);

	out[len] = '\0';
	if (strtod(out, NULL) != d) {
		fprintf(stderr, "no round trip: %.17g -> %s\n", d, out);
		return 0;
	}
	if (ad == 0) {
		return 1;
	}
	n = digits_of(out, digs, &e);
	v = strtoull(digs, NULL, 10);
	// No shorter string reads back: the correctly rounded (n-1)-digit value and its
	// neighbours all miss.
	if (n > 1) {
		snprintf(ref, sizeof ref, "%.*e", n - 2, ad);
		rn = digits_of(ref, rdigs, &re);
		rv = strtoull(rdigs, NULL, 10);
		while (rn < n - 1) {
			rv *= 10;
			re--;
			rn++;
		}
		if (reads_back(rv, re, ad) || reads_back(rv + 1, re, ad) ||
		    (rv > 1 && reads_back(rv - 1, re, ad))) {
			fprintf(stderr, "not shortest: %.17g -> %s\n", d, out);
			ok = 0;
		}
	}
	// Closest of its length: the correctly rounded n-digit value when it reads back.
	snprintf(ref, sizeof ref, "%.*e", n - 1, ad);
	rn = digits_of(ref, rdigs, &re);
	rv = strtoull(rdigs, NULL, 10);
	while (rn < n) {
		rv *= 10;
		re--;
		rn++;
	}
	if (reads_back(rv, re, ad) && !(rv == v && re == e)) {
		fprintf(stderr, "not closest: %.17g -> %s (want %llue%d)\n", d, out, (unsigned long long)rv,
		        re);
		ok = 0;
	}
	return ok;
}

static void check_fixtures(const char *path)
{
	char line[256], out[ZS_DTOA_SHORTEST_MAX + 1];
	FILE *f = fopen(path, "r");
	int count = 0;
	ZS_CHECK(f != NULL);
	if (!f) {
		return;
	}
	while (fgets(line, sizeof line, f)) {
		char *sp = strchr(line, ' ');
		uint64_t bits;
		size_t len;
		if (line[0] == '#' || !sp) {
			continue;
		}
		*sp = '\0';
		sp++;
		sp[strcspn(sp, "\r\n")] = '\0';
		bits = strtoull(line, NULL, 16);
		len = zs_dtoa_shortest(from_bits(bits), 'e', out);
		out[len] = '\0';
		if (strcmp(out, sp) != 0) {
			fprintf(stderr, "fixture %s: got %s, PHP printed %s\n", line, out, sp);
		}
		ZS_CHECK(strcmp(out, sp) == 0);
		count++;
	}
	fclose(f);
	ZS_CHECK(count > 1000);
}

// zs_i64toa() against printf's %lld: v and its neighbours.
static long check_i64(int64_t v)
{
	long bad = 0;
	int k;
	for (k = -1; k <= 1; k++) {
		int64_t x = (k < 0 && v == INT64_MIN) || (k > 0 && v == INT64_MAX) ? v : v + k;
		char got[ZS_I64TOA_MAX + 8], want[32];
		size_t n;
		memset(got, 'x', sizeof(got));
		n = zs_i64toa(x, got);
		snprintf(want, sizeof(want), "%lld", (long long)x);
		if (n != strlen(want) || memcmp(got, want, n) != 0) {
			fprintf(stderr, "zs_i64toa(%lld): got %.*s\n", (long long)x, (int)n, got);
			bad++;
		}
	}
	return bad;
}

// Every length and its boundaries (10^k and 10^k - 1, both signs), the extremes and random
// values of every magnitude.
static void test_i64toa(long rounds)
{
	long bad = 0, i;
	int64_t p = 1;
	int k;
	for (k = 0; k < 19; k++, p *= 10) {
		bad += check_i64(p) + check_i64(-p) + check_i64(p - 1) + check_i64(1 - p);
		bad += check_i64(p * 9) + check_i64(-p * 9);
	}
	bad += check_i64(INT64_MAX) + check_i64(INT64_MIN) + check_i64(0);
	for (i = 0; i < rounds && bad < 20; i++) {
		uint64_t r = next_random();
		bad += check_i64((int64_t)(r >> (r % 64)));
	}
	ZS_CHECK(bad == 0);
}

int main(int argc, char **argv)
{
	long i, bad = 0, rounds = argc > 1 ? atol(argv[1]) : 1000000;
	const char *fixtures = argc > 2 ? argv[2] : "core/tests/data/dtoa_php.txt";
	static const double edges[] = {5e-324,
	                               1e-323,
	                               2.2250738585072009e-308,
	                               2.2250738585072014e-308,
	                               1.7976931348623157e308,
	                               1,
	                               0.1,
	                               0.3,
	                               1e15,
	                               1e16,
	                               1e17,
	                               1e18,
	                               1e21,
	                               1e22,
	                               1e23,
	                               9007199254740992.0,
	                               9007199254740993.0,
	                               123456789012345678.0,
	                               0.0001,
	                               0.00001,
	                               1.5e-5,
	                               5e-5,
	                               2.5,
	                               1e-7,
	                               4.35,
	                               0.1 + 0.2};

	check_fixtures(fixtures);
	test_i64toa(rounds);
	for (i = 0; i < (long)(sizeof edges / sizeof edges[0]); i++) {
		ZS_CHECK(check_one(edges[i]));
		ZS_CHECK(check_one(-edges[i]));
	}
	// Every power of two, and its neighbours: the uneven-interval case.
	for (i = 1; i < 2047; i++) {
		uint64_t b = (uint64_t)i << 52;
		bad += !check_one(from_bits(b)) + !check_one(from_bits(b + 1)) +
		       !check_one(from_bits(b - 1));
	}
	for (i = 0; i < rounds; i++) {
		uint64_t b = next_random();
		double d = from_bits(b);
		if (isnan(d) || isinf(d)) {
			continue;
		}
		bad += !check_one(d);
		// Short decimals, the common case in real data.
		d = (double)(int64_t)(next_random() % 2000000000) / pow(10, (int)(next_random() % 12));
		bad += !check_one(d);
		if (bad > 20) {
			break;
		}
	}
	ZS_CHECK(bad == 0);
	return zs_test_done("test_dtoa");
}
