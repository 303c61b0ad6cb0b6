// zser — SPDX-License-Identifier: MIT
//
// zs_json_lex_string against a byte-at-a-time oracle: a run of plain bytes of every length
// from 0 to 100, then each kind of byte that stops the scan (the closing quote, an escape, a
// control byte, a two-byte character, a stray continuation byte, the text's end), in buffers
// that end right after the string or some bytes later, so that the first 16-byte test, the
// 32-byte turns, the last 16 bytes and the byte loop each meet every stop at every offset.
// Where a string ends and what it holds must not depend on what lies after it.
#include "zs_json_lex.h"
#include "zs_test.h"

#include <stdlib.h>
#include <string.h>

enum stop { STOP_QUOTE, STOP_ESCAPE, STOP_CTRL, STOP_UTF8, STOP_BAD_UTF8, STOP_END, STOP_KINDS };

static int reported;

/* The string's body (from after the opening quote) and what the lexer must say of it. */
static size_t build(unsigned char *buf, size_t run, enum stop kind, int *err, size_t *stop_at,
                    size_t *len)
{
	size_t n = 0;
	for (size_t i = 0; i < run; i++) {
		buf[n++] = (unsigned char)('a' + i % 26);
	}
	*len = run;
	switch (kind) {
	case STOP_QUOTE:
		buf[n++] = '"';
		*err = ZS_JSON_LEX_OK;
		*stop_at = n;
		break;
	case STOP_ESCAPE:
		buf[n++] = '\\';
		buf[n++] = 'n';
		buf[n++] = 'z';
		buf[n++] = '"';
		*err = ZS_JSON_LEX_OK;
		*stop_at = n;
		*len = run + 2;
		break;
	case STOP_CTRL:
		buf[n++] = 0x1F;
		buf[n++] = '"';
		*err = ZS_JSON_LEX_CTRL_CHAR;
		*stop_at = run;
		break;
	case STOP_UTF8:
		buf[n++] = 0xC3;
		buf[n++] = 0xA9;
		buf[n++] = 'x';
		buf[n++] = '"';
		*err = ZS_JSON_LEX_OK;
		*stop_at = n;
		*len = run + 3;
		break;
	case STOP_BAD_UTF8:
		buf[n++] = 0x80;
		buf[n++] = '"';
		*err = ZS_JSON_LEX_UTF8;
		*stop_at = run;
		break;
	default:
		/* the text ends inside the string: its NUL is a control byte */
		*err = ZS_JSON_LEX_CTRL_CHAR;
		*stop_at = run;
		break;
	}
	return n;
}

static bool check(size_t run, enum stop kind, size_t after)
{
	unsigned char *buf = malloc(run + 8 + after + 1);
	zs_json_scratch sc = {&zs_alloc_libc, NULL, 0};
	zs_json_strview sv = {NULL, 0, false};
	const unsigned char *endp = NULL;
	size_t stop_at, len, n;
	int err, got;
	bool ok;

	n = build(buf, run, kind, &err, &stop_at, &len);
	/* bytes after the string that would stop a scan reading past its end */
	memset(buf + n, '"', after);
	if (kind == STOP_END) {
		after = 0;
	}
	buf[n + after] = '\0';
	got = zs_json_lex_string(&sc, 0, buf, buf + n + after, &endp, &sv);
	ok = got == err && endp == buf + stop_at;
	if (ok && err == ZS_JSON_LEX_OK) {
		ok = sv.len == len && memcmp(sv.s, buf, run) == 0 &&
		     (kind != STOP_ESCAPE || memcmp(sv.s + run, "\nz", 2) == 0) &&
		     (kind != STOP_UTF8 || memcmp(sv.s + run, "\xC3\xA9x", 3) == 0);
	}
	if (!ok && reported++ < 10) {
		fprintf(stderr, "run %zu, stop kind %d, %zu bytes after: error %d at %td, want %d at %zu\n",
		        run, (int)kind, after, got, endp ? endp - buf : -1, err, stop_at);
	}
	free(sc.buf);
	free(buf);
	return ok;
}

int main(void)
{
	for (size_t run = 0; run <= 100; run++) {
		for (int kind = 0; kind < STOP_KINDS; kind++) {
			for (size_t after = 0; after <= 40; after += 1 + after / 4) {
				ZS_CHECK(check(run, (enum stop)kind, after));
			}
		}
	}
	return zs_test_done("test_json_lex_string");
}
