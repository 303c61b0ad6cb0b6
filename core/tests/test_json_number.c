// zser — SPDX-License-Identifier: MIT
//
// zs_json_lex_number against the C library: every length of integer part and fraction
// (1 to 24 digits, leading zeros, exponents), each followed by every kind of byte that can
// end a number and then digits again, in buffers that end right there or some bytes later,
// so that the eight-byte reads and the byte loop both meet every case. The kind, the end,
// and the value (bit for bit for doubles) must not depend on what lies after the number.
#include "zs_json_lex.h"
#include "zs_test.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rnd_state = 0x9E3779B97F4A7C15ULL;

static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

static int reported; /* failures printed, to keep a broken build's log readable */

static double libc_fallback(const char *s, size_t len, void *ctx)
{
	char buf[256];
	(void)ctx;
	if (len >= sizeof buf) {
		len = sizeof buf - 1;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	return strtod(buf, NULL);
}

static uint64_t bits_of(double d)
{
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b;
}

/* What the lexer must say of num (a complete JSON number), from strtoll and strtod. */
static zs_json_num_kind expected(const char *num, bool big_as_text, int64_t *i, double *d)
{
	if (!strpbrk(num, ".eE")) {
		long long v;
		errno = 0;
		v = strtoll(num, NULL, 10);
		if (errno == 0) {
			*i = (int64_t)v;
			return ZS_JSON_NUM_INT;
		}
		if (big_as_text) {
			return ZS_JSON_NUM_BIG;
		}
	}
	*d = strtod(num, NULL);
	return ZS_JSON_NUM_DOUBLE;
}

/* Lexes num followed by `after` in a buffer holding exactly that and a NUL. */
static int check_in(const char *num, const char *after, bool big_as_text)
{
	size_t nlen = strlen(num), alen = strlen(after);
	unsigned char *buf = malloc(nlen + alen + 1);
	const unsigned char *endp = NULL;
	int64_t gi = 0, wi = 0;
	double gd = 0, wd = 0;
	zs_json_num_kind got, want;
	int ok;

	if (!buf) {
		return 0;
	}
	memcpy(buf, num, nlen);
	memcpy(buf + nlen, after, alen + 1);
	got = zs_json_lex_number(buf, buf + nlen + alen, big_as_text, true, libc_fallback, NULL, &endp,
	                         &gi, &gd);
	want = expected(num, big_as_text, &wi, &wd);
	ok = got == want && endp == buf + nlen;
	if (ok && want == ZS_JSON_NUM_INT) {
		ok = gi == wi;
	} else if (ok && want == ZS_JSON_NUM_DOUBLE) {
		ok = bits_of(gd) == bits_of(wd);
	}
	if (!ok && ++reported <= 20) {
		fprintf(stderr, "number %s followed by \"%s\": kind %d (want %d), end +%td (want +%zu)\n",
		        num, after, (int)got, (int)want, endp ? endp - buf : -1, nlen);
	}
	free(buf);
	return ok;
}

/* What may follow a number in JSON text (or in text the lexer must stop in), then digits
 * inside the same eight bytes, and the end of the text itself. */
static const char *const afters[] = {
        "",
        ",",
        "]",
        "}",
        " ",
        "\n",
        ",1",
        "]12345678",
        " 9",
        ",-1.5e3",
        ".",
        "e",
        "E+",
        "-",
        "x1",
        "\x80"
        "1",
        ":1",
        "/1",
};

static int check_all(const char *num)
{
	size_t k;
	int ok = 1;
	char padded[64];
	for (k = 0; k < sizeof afters / sizeof afters[0]; k++) {
		ok &= check_in(num, afters[k], false);
		ok &= check_in(num, afters[k], true);
		if (afters[k][0] && !strchr(".eE", afters[k][0])) {
			/* the same with eight more bytes (digits, which must not join the number): a
			 * short number meets the wide reads too */
			snprintf(padded, sizeof padded, "%s1 2,3]45", afters[k]);
			ok &= check_in(num, padded, false);
			ok &= check_in(num, padded, true);
		}
	}
	return ok;
}

static size_t digits(char *p, int n, bool lead_nonzero)
{
	int j;
	for (j = 0; j < n; j++) {
		p[j] = (char)('0' + rnd() % 10);
	}
	if (lead_nonzero && n > 0 && p[0] == '0') {
		p[0] = (char)('1' + rnd() % 9);
	}
	return (size_t)n;
}

int main(void)
{
	static const char *const edge[] = {"0",
	                                   "-0",
	                                   "7",
	                                   "-7",
	                                   "10",
	                                   "12345678",
	                                   "123456789",
	                                   "-12345678",
	                                   "0.5",
	                                   "-0.0",
	                                   "0.00000000000000000001",
	                                   "0.1234567",
	                                   "0.12345678",
	                                   "0.123456789",
	                                   "1.0000000",
	                                   "9223372036854775807",
	                                   "-9223372036854775808",
	                                   "9223372036854775808",
	                                   "-9223372036854775809",
	                                   "99999999999999999999",
	                                   "1e5",
	                                   "1E+5",
	                                   "12345678e-3",
	                                   "1234567.1234567",
	                                   "12345678.12345678",
	                                   "0.000000012345678901234567",
	                                   NULL};
	char num[96];
	int il, fl, rep, i, ok = 1;
	unsigned long n = 0;

	for (i = 0; edge[i]; i++) {
		ZS_CHECK(check_all(edge[i]));
	}
	/* every integer length with every fraction length, leading zeros or not */
	for (il = 1; il <= 24; il++) {
		for (fl = 0; fl <= 24; fl++) {
			for (rep = 0; rep < 6; rep++) {
				size_t pos = 0;
				if (rep & 1) {
					num[pos++] = '-';
				}
				if (rep >= 4) {
					num[pos++] = '0'; /* "0", "-0", then a fraction */
				} else {
					pos += digits(num + pos, il, true);
				}
				if (fl > 0) {
					num[pos++] = '.';
					pos += digits(num + pos, fl, false);
					if (rep >= 2 && rep < 4) {
						/* leading zeros of the fraction */
						memset(num + pos - (size_t)fl, '0', (size_t)(fl / 2));
					}
				}
				if (rnd() % 3 == 0) {
					pos += (size_t)snprintf(num + pos, sizeof num - pos, "e%s%d",
					                        rnd() & 1 ? "-" : "", (int)(rnd() % 40));
				}
				num[pos] = '\0';
				ok &= check_all(num);
				n++;
			}
		}
	}
	ZS_CHECK(ok);
	printf("test_json_number: %lu generated numbers, each before %zu endings\n", n,
	       sizeof afters / sizeof afters[0]);
	return zs_test_done("test_json_number");
}
