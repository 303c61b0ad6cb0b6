/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target (core only): core/zs_strtod against glibc's correctly rounded strtod().
 * The input bytes are turned into a number that follows the JSON grammar (the only text
 * zs_strtod_json accepts): sign, integer digits (up to ~760 for the slow path), fraction,
 * exponent of any size. zs_strtod_json(), with libc strtod as its fallback, must give the
 * same bits as strtod() on the same text.
 */
// fuzz-needs: core/zs_strtod.h core/zs_strtod.c
// fuzz-max-len: 1024
#include "zs_strtod.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double libc_fallback(const char *s, size_t len, void *ctx)
{
	char buf[2048];
	(void)ctx;
	if (len >= sizeof(buf)) {
		abort();
	}
	memcpy(buf, s, len);
	buf[len] = 0;
	return strtod(buf, NULL);
}

// Writes a JSON number built from the input into text (NUL-terminated); returns its length.
static size_t build(const uint8_t *d, size_t n, char *text)
{
	size_t len = 0, k = 5, i, ni, nf;
	uint8_t flags = n > 0 ? d[0] : 0;
	unsigned ew = n > 4 ? (unsigned)(d[3] | d[4] << 8) : 0;

#define NEXT_DIGIT() (char)('0' + (k < n ? d[k++] % 10 : (k++ * 7) % 10))
	ni = 1 + (n > 1 ? d[1] % 40 : 0) + ((flags & 0x40) ? 720 : 0);
	nf = n > 2 ? d[2] % 40 : 0;
	if (flags & 1) {
		text[len++] = '-';
	}
	for (i = 0; i < ni; i++) {
		char c = NEXT_DIGIT();
		if (i == 0 && ni > 1 && c == '0') {
			c = '1' + (char)(k % 9);
		}
		text[len++] = c;
	}
	if ((flags & 2) && nf) {
		text[len++] = '.';
		for (i = 0; i < nf; i++) {
			text[len++] = NEXT_DIGIT();
		}
	}
	if (flags & 4) {
		text[len++] = (flags & 0x20) ? 'E' : 'e';
		if (flags & 8) {
			text[len++] = '-';
		} else if (flags & 0x10) {
			text[len++] = '+';
		}
		if (flags & 0x80) {
			memcpy(text + len, "99999999999999999999", 20);
			len += 20;
		} else {
			len += (size_t)sprintf(text + len, "%u", ew % (flags & 2 ? 400 : 65536));
		}
	}
#undef NEXT_DIGIT
	text[len] = 0;
	return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[1024];
	size_t len = build(data, size, text);
	double want = strtod(text, NULL);
	double got = zs_strtod_json(text, len, libc_fallback, NULL);

	if (memcmp(&want, &got, sizeof(double)) != 0) {
		fprintf(stderr, "\n==== fuzz_strtod: FINDING: \"%s\": strtod %.17g, zs_strtod_json %.17g\n",
		        text, want, got);
		abort();
	}
	return 0;
}
