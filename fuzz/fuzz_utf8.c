/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target (core only): core/zs_utf8 against a plain byte-at-a-time reference.
 * zs_utf8_valid() must agree with a strict RFC 3629 validator; zs_utf8_decode() must return
 * the reference code point and length for every well-formed sequence and stay inside the
 * input for ill-formed ones; zs_json_escape() must produce what a simple escaper following
 * ext/json's rules produces, for several flag sets, both in one call and in small chunks
 * (which exercises the block-copy fast path at every alignment and the `soft` limit): pieces
 * of 1, 7, 16 or 33 bytes, the size picked per input and flag set. zs_json_skip_text() (the
 * JSON lexer's block scan of string text, by SSSE3 and by AVX2), from the input's first
 * characters, must pass only what the reference passes (no '"', '\\' or byte below 0x20,
 * well-formed characters) and stop on a character boundary.
 */
// fuzz-needs: core/zs_utf8.h core/zs_utf8.c core/zs_json_lex.h core/zs_json_lex.c
// fuzz-max-len: 4096
#include "zs_json_lex.h"
#include "zs_utf8.h"
#include "../core/tests/zs_utf8_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool ref_valid(const unsigned char *s, size_t len)
{
	size_t i = 0, n;
	int32_t cp;

	while (i < len) {
		n = zs_utf8_ref_decode(s + i, len - i, &cp);
		if (!n) {
			return false;
		}
		i += n;
	}
	return true;
}

typedef struct out {
	unsigned char *p;
	size_t len;
} out;

static void put(out *o, const char *s, size_t n)
{
	memcpy(o->p + o->len, s, n);
	o->len += n;
}

static void put_u(out *o, unsigned v, bool upper)
{
	char tmp[8];
	snprintf(tmp, sizeof(tmp), upper ? "\\u%04X" : "\\u%04x", v);
	put(o, tmp, 6);
}

// ext/json's escaping rules (json_encoder.c), one character at a time. Ill-formed input
// skips as many bytes as zs_utf8_decode reports (PHP's own resynchronisation rule, checked
// separately for staying in bounds). Returns false where ext/json reports a UTF-8 error.
static bool ref_escape(out *o, const unsigned char *s, size_t len, uint32_t f)
{
	size_t i = 0, n, adv;
	int32_t cp;

	while (i < len) {
		unsigned char c = s[i];
		n = zs_utf8_ref_decode(s + i, len - i, &cp);
		if (!n) {
			(void)zs_utf8_decode(s + i, len - i, &adv);
			if (f & ZS_ESC_INVALID_UTF8_SUBSTITUTE) {
				if (f & ZS_ESC_UNESCAPED_UNICODE) {
					put(o, "\xEF\xBF\xBD", 3);
				} else {
					put(o, "\\ufffd", 6);
				}
			} else if (!(f & ZS_ESC_INVALID_UTF8_IGNORE)) {
				return false;
			}
			i += adv;
			continue;
		}
		i += n;
		if (cp >= 0x80) {
			if ((f & ZS_ESC_UNESCAPED_UNICODE) &&
			    ((f & ZS_ESC_UNESCAPED_LINE_TERMINATORS) || (cp != 0x2028 && cp != 0x2029))) {
				put(o, (const char *)s + i - n, n);
			} else if (cp >= 0x10000) {
				cp -= 0x10000;
				put_u(o, 0xD800 | (unsigned)(cp >> 10), false);
				put_u(o, 0xDC00 | (unsigned)(cp & 0x3FF), false);
			} else {
				put_u(o, (unsigned)cp, false);
			}
			continue;
		}
		switch (c) {
		case '"':
			if (f & ZS_ESC_HEX_QUOT) {
				put(o, "\\u0022", 6);
			} else {
				put(o, "\\\"", 2);
			}
			break;
		case '\\':
			put(o, "\\\\", 2);
			break;
		case '/':
			if (f & ZS_ESC_UNESCAPED_SLASHES) {
				put(o, "/", 1);
			} else {
				put(o, "\\/", 2);
			}
			break;
		case '\b':
			put(o, "\\b", 2);
			break;
		case '\f':
			put(o, "\\f", 2);
			break;
		case '\n':
			put(o, "\\n", 2);
			break;
		case '\r':
			put(o, "\\r", 2);
			break;
		case '\t':
			put(o, "\\t", 2);
			break;
		case '<':
		case '>':
			if (f & ZS_ESC_HEX_TAG) {
				put_u(o, c, true);
			} else {
				put(o, (const char *)&c, 1);
			}
			break;
		case '&':
			if (f & ZS_ESC_HEX_AMP) {
				put(o, "\\u0026", 6);
			} else {
				put(o, "&", 1);
			}
			break;
		case '\'':
			if (f & ZS_ESC_HEX_APOS) {
				put(o, "\\u0027", 6);
			} else {
				put(o, "'", 1);
			}
			break;
		default:
			if (c < 0x20) {
				put_u(o, c, false);
			} else {
				put(o, (const char *)&c, 1);
			}
		}
	}
	return true;
}

static void fail(const char *what, const uint8_t *data, size_t size, uint32_t flags)
{
	size_t i;
	fprintf(stderr, "\n==== fuzz_utf8: FINDING: %s (flags 0x%x)\ninput (%zu bytes):", what,
	        (unsigned)flags, size);
	for (i = 0; i < size && i < 512; i++) {
		fprintf(stderr, " %02x", data[i]);
	}
	fputc('\n', stderr);
	abort();
}

/* zs_json_skip_text from the first few character starts of s, on an exact-size NUL-ended copy
 * (the lexer reads a text followed by a NUL, and ASan sees a read past it). */
static void check_skip_text(const uint8_t *data, size_t size)
{
	unsigned char *text = malloc(size + 1);
	size_t start = 0, k;

	if (!text) {
		return;
	}
	memcpy(text, data, size);
	text[size] = '\0';
	for (k = 0; k < 4 && start < size; k++) {
		static const zs_json_text_isa scans[] = {ZS_JSON_TEXT_SSSE3, ZS_JSON_TEXT_AVX2};
		const unsigned char *end = text + size, *p = text + start;
		int32_t cp;
		size_t n, i;
		for (i = 0; i < sizeof(scans) / sizeof(scans[0]); i++) {
			const unsigned char *q = zs_json_skip_text_isa(p, end, scans[i]), *r = p;
			while (r < q) {
				if (*r == '"' || *r == '\\' || *r < 0x20 ||
				    (n = zs_utf8_ref_decode(r, (size_t)(end - r), &cp)) == 0) {
					fail("zs_json_skip_text passed a byte the byte-wise scan stops at", data, size,
					     0);
				}
				r += n;
			}
			if (r != q) {
				fail("zs_json_skip_text stopped inside a character or went back", data, size, 0);
			}
		}
		n = zs_utf8_ref_decode(text + start, size - start, &cp);
		start += n ? n : 1;
	}
	free(text);
}

static const uint32_t flag_sets[] = {
        0,
        ZS_ESC_UNESCAPED_SLASHES | ZS_ESC_UNESCAPED_UNICODE,
        ZS_ESC_HEX_TAG | ZS_ESC_HEX_AMP | ZS_ESC_HEX_APOS | ZS_ESC_HEX_QUOT |
                ZS_ESC_INVALID_UTF8_SUBSTITUTE,
        ZS_ESC_UNESCAPED_UNICODE | ZS_ESC_UNESCAPED_LINE_TERMINATORS | ZS_ESC_INVALID_UTF8_IGNORE,
        ZS_ESC_UNESCAPED_UNICODE | ZS_ESC_INVALID_UTF8_SUBSTITUTE,
};

// The escape of s[0..len) through zs_json_escape in pieces of at most `chunk` bytes.
static size_t escape_chunked(unsigned char *dst, const unsigned char *s, size_t len, uint32_t flags,
                             size_t chunk, bool *bad)
{
	size_t pos = 0, total = 0;

	*bad = false;
	while (pos < len) {
		size_t soft = len - pos < chunk ? len - pos : chunk, consumed = 0;
		size_t n = zs_json_escape(dst + total, s + pos, len - pos, soft, flags, &consumed);
		if (n == ZS_ESC_BAD_UTF8) {
			*bad = true;
			return 0;
		}
		if (n > ZS_ESC_ROOM(soft) || consumed < soft || consumed > len - pos) {
			*bad = true;
			return SIZE_MAX;
		}
		total += n;
		pos += consumed;
	}
	return total;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const unsigned char *s = data;
	size_t i, f, room = ZS_ESC_ROOM(size);
	unsigned char *want = malloc(room), *got = malloc(room);
	static const size_t chunks[] = {SIZE_MAX, 1, 7, 16, 33};

	if (zs_utf8_valid(s, size) != ref_valid(s, size)) {
		fail("zs_utf8_valid disagrees with the reference", data, size, 0);
	}
	check_skip_text(data, size);
	for (i = 0; i < size; i++) {
		if (s[i] >= 0x80) {
			size_t adv = 0, n;
			int32_t cp = 0, ref_cp = -1;
			cp = zs_utf8_decode(s + i, size - i, &adv);
			n = zs_utf8_ref_decode(s + i, size - i, &ref_cp);
			if (adv < 1 || adv > size - i || (n && (cp != ref_cp || adv != n)) ||
			    (!n && cp != -1)) {
				fail("zs_utf8_decode disagrees with the reference", data, size, 0);
			}
		}
	}
	for (f = 0; f < sizeof(flag_sets) / sizeof(flag_sets[0]); f++) {
		out o = {want, 0};
		bool ok = ref_escape(&o, s, size, flag_sets[f]);
		size_t c;
		for (c = 0; c < 2; c++) {
			bool bad;
			// in one call, and in pieces of one of the sizes, chosen by the input and the
			// flag set: every size meets every input kind over a run, and an input costs
			// two escapes per flag set, not five (the one-byte pieces made it the slowest
			// core target)
			size_t chunk = c == 0 ? chunks[0] : chunks[1 + (f + (size ? data[size - 1] : 0u)) % 4];
			size_t n = escape_chunked(got, s, size, flag_sets[f], chunk, &bad);
			if (n == SIZE_MAX) {
				fail("zs_json_escape broke its output-size or `consumed` contract", data, size,
				     flag_sets[f]);
			}
			if (bad == ok || (ok && (n != o.len || memcmp(got, want, n) != 0))) {
				fail("zs_json_escape differs from the reference escaper", data, size, flag_sets[f]);
			}
		}
	}
	free(want);
	free(got);
	return 0;
}
