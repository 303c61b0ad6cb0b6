// zser — SPDX-License-Identifier: MIT
//
// zs_json_skip_text (the lexer's block scan of string text), by each instruction set, against
// the byte-wise rules it stands for: from any character start it may only pass bytes that the
// byte-wise scan would pass (no '"', '\\' or byte below 0x20; every character well-formed by
// zs_utf8_len), it must stop on a character boundary, and where it can use its vector path it
// must pass every whole block of good text (so a check that refuses good text fails here too)
// and stop exactly at the byte that ends good text when that is a quote, a backslash or a
// control byte in a block it reads. Inputs: every byte and every pair of bytes, the edges of
// every multi-byte form, and random mixes, each at many offsets around the 16-byte block edges.
#include "zs_json_lex.h"
#include "zs_test.h"

#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static zs_json_text_isa isa;
static int vector_path;
static unsigned long runs, passed_bytes;

// The end of the good text from s: the first byte the byte-wise scan stops at.
static const unsigned char *good_end(const unsigned char *s, const unsigned char *end)
{
	while (s < end) {
		size_t n;
		if (*s == '"' || *s == '\\' || *s < 0x20) {
			break;
		}
		n = *s < 0x80 ? 1 : zs_utf8_len(s, (size_t)(end - s));
		if (n == 0) {
			break;
		}
		s += n;
	}
	return s;
}

// One run from s, a character start of buf[0..len) (which has a NUL at len).
static void check_from(const unsigned char *buf, size_t len, size_t s)
{
	const unsigned char *end = buf + len, *p = buf + s, *q, *g, *r;
	size_t whole;

	q = zs_json_skip_text_isa(p, end, isa);
	runs++;
	g = good_end(p, end);
	ZS_CHECK(q >= p && q <= g);
	if (q < p || q > g) {
		fprintf(stderr, "  from offset %zu: passed %td bytes, good text ends after %td\n", s, q - p,
		        g - p);
		return;
	}
	// on a character boundary: the byte-wise walk from p meets q
	for (r = p; r < q;) {
		r += *r < 0x80 ? 1 : zs_utf8_len(r, (size_t)(end - r));
	}
	ZS_CHECK(r == q);
	passed_bytes += (size_t)(q - p);
	whole = (size_t)(g - p) / 16 * 16;
	if (vector_path) {
		ZS_CHECK((size_t)(q - p) + 3 >= whole);
		if ((size_t)(q - p) + 3 < whole) {
			fprintf(stderr, "  good text of %zu bytes from offset %zu, passed %zu\n",
			        (size_t)(g - p), s, (size_t)(q - p));
		}
		// good text that a closing quote, a backslash or a control byte ends, in a block
		// the scan reads whole: passed up to that byte exactly
		if ((*g == '"' || *g == '\\' || *g < 0x20) && whole + 16 <= (size_t)(end - p)) {
			ZS_CHECK(q == g);
			if (q != g) {
				fprintf(stderr,
				        "  from offset %zu: stopped after %td bytes, not at the stop byte %td\n", s,
				        q - p, g - p);
			}
		}
	}
}

// Every character start of buf.
static void check_all_starts(unsigned char *buf, size_t len)
{
	size_t s = 0;
	buf[len] = '\0';
	while (s < len) {
		size_t n = buf[s] < 0x80 ? 1 : zs_utf8_len(buf + s, len - s);
		check_from(buf, len, s);
		s += n ? n : 1;
	}
}

// Good text to surround a probe: CJK (three bytes), Latin with accents, emoji.
static size_t fill_good(unsigned char *out, size_t n)
{
	static const char *const pieces[] = {"\xe6\x97\xa5", "\xe6\x9c\xac", "a",
	                                     "b c",          "\xc3\xa9",     "\xf0\x9f\x98\x80",
	                                     "\xef\xbf\xbf", "\xed\x9f\xbf", "/"};
	size_t o = 0;
	while (o < n) {
		const char *pc = pieces[rnd(9)];
		size_t k = strlen(pc);
		if (o + k > n) {
			break;
		}
		memcpy(out + o, pc, k);
		o += k;
	}
	while (o < n) {
		out[o++] = 'x';
	}
	return o;
}

// Every check below, by one scan.
static void run_all(void)
{
	unsigned char buf[256];
	unsigned a, b, off, i;

	// every byte and every pair, at offsets around the first two block edges
	for (a = 0; a < 256; a++) {
		for (b = 0; b < 256; b++) {
			for (off = 13; off <= 33; off += (off == 17 ? 12 : 1)) {
				size_t len = 48;
				fill_good(buf, len);
				memset(buf, 'x', off);
				buf[off] = (unsigned char)a;
				buf[off + 1] = (unsigned char)b;
				buf[len] = '\0';
				check_from(buf, len, 0);
			}
		}
	}
	// three- and four-byte forms with every second byte and edge third and fourth bytes
	for (a = 0xE0; a <= 0xFF; a++) {
		for (b = 0x70; b <= 0xC5; b++) {
			static const unsigned char tails[] = {0x7F, 0x80, 0xBF, 0xC0, '"', 0x00};
			unsigned t, u;
			for (t = 0; t < sizeof(tails); t++) {
				for (u = 0; u < sizeof(tails); u++) {
					for (off = 12; off <= 18; off++) {
						size_t len = 64;
						fill_good(buf, len);
						memset(buf, 'y', off);
						buf[off] = (unsigned char)a;
						buf[off + 1] = (unsigned char)b;
						buf[off + 2] = tails[t];
						buf[off + 3] = tails[u];
						buf[len] = '\0';
						check_from(buf, len, 0);
						check_from(buf, len, off > 4 ? 4 : 0);
					}
				}
			}
		}
	}
	// random mixes of good text and probes, every character start
	for (i = 0; i < 40000; i++) {
		size_t len = 16 + rnd(200), k;
		fill_good(buf, len);
		for (k = rnd(4); k > 0; k--) {
			buf[rnd((uint32_t)len)] = (unsigned char)rnd(256);
		}
		check_all_starts(buf, len);
	}
	// long good runs must be passed whole, but for the last block and a cut character
	for (i = 0; i < 2000; i++) {
		size_t len = 32 + rnd(200);
		fill_good(buf, len);
		check_all_starts(buf, len);
	}
}

int main(void)
{
	static const struct {
		zs_json_text_isa isa;
		const char *name;
	} scans[] = {{ZS_JSON_TEXT_NONE, "none"},
	             {ZS_JSON_TEXT_SSSE3, "SSSE3"},
	             {ZS_JSON_TEXT_AVX2, "AVX2"},
	             {ZS_JSON_TEXT_BEST, "best"}};
	size_t k;

	for (k = 0; k < sizeof(scans) / sizeof(scans[0]); k++) {
		isa = scans[k].isa;
		vector_path = zs_json_skip_text_runs(isa);
		runs = passed_bytes = 0;
		run_all();
		printf("test_json_skip_text (%s): %lu runs, %lu bytes passed, vector path %s\n",
		       scans[k].name, runs, passed_bytes,
		       vector_path ? "on" : "off (only the byte-wise rules are checked)");
	}
	return zs_test_done("test_json_skip_text");
}
