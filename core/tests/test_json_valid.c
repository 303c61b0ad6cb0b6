// zser — SPDX-License-Identifier: MIT
//
// The quick JSON check (zs_json_valid): named texts with the answer ext/json gives them, then
// generated texts, valid and mutated, at every alignment in a 64-byte block. The vector
// classifier (the fastest the CPU has) and the portable one must agree with each other and
// with the byte-at-a-time reference (zs_json_ref.h) within ZS_JSON_FAST_DEPTH.
#include "zs_json_valid.h"
#include "zs_json_ref.h"
#include "zs_test.h"

#include <stdlib.h>
#include <string.h>

// The text in a buffer of exactly its length and the NUL after it.
static bool fast(const char *s, size_t len, uint32_t depth, zs_json_fast_isa isa)
{
	unsigned char *t = malloc(len + 1);
	bool ok;
	memcpy(t, s, len);
	t[len] = '\0';
	ok = zs_json_valid_fast(t, len, depth, isa);
	free(t);
	return ok;
}

static int disagreements;

static const zs_json_fast_isa isas[] = {ZS_JSON_FAST_SCALAR, ZS_JSON_FAST_AVX2, ZS_JSON_FAST_AVX512,
                                        ZS_JSON_FAST_BEST};
static const char *const isa_names[] = {"best", "portable", "AVX2", "AVX-512"};

// Every classifier the CPU runs and the reference on s at depth; true when they agree (above
// ZS_JSON_FAST_DEPTH the check may say "not known" where the reference says valid).
static bool agree(const char *s, size_t len, uint32_t depth)
{
	bool ref = zs_json_ref_valid((const unsigned char *)s, len, depth), ok = true;
	size_t i;
	for (i = 0; i < sizeof(isas) / sizeof(isas[0]); i++) {
		bool v;
		if (!zs_json_valid_fast_runs(isas[i])) {
			continue;
		}
		v = fast(s, len, depth, isas[i]);
		if (depth <= ZS_JSON_FAST_DEPTH ? v != ref : v && !ref) {
			ok = false;
			if (disagreements++ < 10) {
				fprintf(stderr, "depth %u: %s %d, reference %d: %.*s\n", depth, isa_names[isas[i]],
				        v, ref, (int)(len < 200 ? len : 200), s);
			}
		}
	}
	return ok;
}

typedef struct {
	const char *text;
	bool valid;
} named;

static const named cases[] = {
        {"0", true},
        {" -0 ", true},
        {"-", false},
        {"01", false},
        {"1.", false},
        {"1.e5", false},
        {".5", false},
        {"1e", false},
        {"1e+", false},
        {"1E+05", true},
        {"-12.5e-3", true},
        {"123456789012345678901234567890", true},
        {"1 2", false},
        {"true", true},
        {"tru", false},
        {"truex", false},
        {"nul", false},
        {"null", true},
        {"false ", true},
        {"[true,false,null]", true},
        {"[1,]", false},
        {"[,1]", false},
        {"[1 2]", false},
        {"[1:2]", false},
        {"{}", true},
        {"{\"a\":1}", true},
        {"{\"a\" : [ ] , \"b\" : { } }", true},
        {"{\"a\"}", false},
        {"{\"a\":}", false},
        {"{\"a\":1,}", false},
        {"{1:1}", false},
        {"{\"a\":1 \"b\":2}", false},
        {"{\"a\":1]", false},
        {"[1}", false},
        {"[", false},
        {"]", false},
        {"", false},
        {"   ", false},
        {"\"\"", true},
        {"\"abc", false},
        {"\"a\\\"b\"", true},
        {"\"a\\\\\"", true},
        {"\"a\\\\\\\"\"", true},
        {"\"\\/\\b\\f\\n\\r\\t\"", true},
        {"\"\\x\"", false},
        {"\"\\'\"", false},
        {"\"\\u0041\"", true},
        {"\"\\u004\"", false},
        {"\"\\u00G1\"", false},
        {"\"\\ud83d\\ude00\"", true},
        {"\"\\uD83D\\uDE00\"", true},
        {"\"\\ud800\"", false},
        {"\"\\udc00\"", false},
        {"\"\\udc00\\ud800\"", false},
        {"\"\\ud800\\u0041\"", false},
        {"\"\\ud800\\ud800\\udc00\"", false},
        {"\"\\u0000\"", true},
        {"{\"\\u0000a\":1}", true},
        {"\"a\tb\"", false},
        {"\"a\nb\"", false},
        {"\"\x1f\"", false},
        {"\"\x7f\"", true},
        {"\"\xc3\xa9\"", true},
        {"\"\xc3\"", false},
        {"\"\xc0\xaf\"", false},
        {"\"\xed\xa0\x80\"", false},
        {"\"\xf4\x90\x80\x80\"", false},
        {"\"\xf0\x9f\x98\x80\"", true},
        {"\xc3\xa9", false},
        {"[1]\xc3\xa9", false},
        {"\xef\xbb\xbf[1]", false},
        {"[1]\f", false},
        {"\f[1]", false},
        {"[1\f]", false},
        {"[\x1a]", false},
        {"[1]x", false},
        {"[1]]", false},
        {"[1][2]", false},
        {"\"a\"\"b\"", false},
        {"[\"a\"1]", false},
        {"[1\"a\"]", false},
        {"[\\\"a\"]", false},
        {"\t\r\n[1]\t\r\n", true},
};

static void test_named(void)
{
	size_t i;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *s = cases[i].text;
		size_t len = strlen(s);
		bool ref = zs_json_ref_valid((const unsigned char *)s, len, 512);
		ZS_CHECK(ref == cases[i].valid);
		ZS_CHECK(agree(s, len, 512));
	}
	// a NUL inside the text is a byte like another: an error
	ZS_CHECK(agree("[1]\0", 4, 512) && !fast("[1]\0", 4, 512, ZS_JSON_FAST_BEST));
	ZS_CHECK(agree("\"a\0\"", 4, 512) && !fast("\"a\0\"", 4, 512, ZS_JSON_FAST_BEST));
	ZS_CHECK(agree("[\0]", 3, 512) && !fast("[\0]", 3, 512, ZS_JSON_FAST_BEST));
}

// Nesting: depth limits, and the quick check's own limit.
static void test_depth(void)
{
	char buf[1200];
	int n;
	for (n = 1; n <= 300; n += (n < 10 || (n > 250 && n < 260)) ? 1 : 37) {
		int i;
		size_t len = 0;
		for (i = 0; i < n; i++) {
			buf[len++] = i % 2 ? '[' : '{';
			if (i % 2 == 0) {
				memcpy(buf + len, "\"k\":", 4);
				len += 4;
			}
		}
		buf[len++] = '1';
		for (i = n - 1; i >= 0; i--) {
			buf[len++] = i % 2 ? ']' : '}';
		}
		ZS_CHECK(agree(buf, len, (uint32_t)n));
		ZS_CHECK(agree(buf, len, (uint32_t)n - 1));
		ZS_CHECK(agree(buf, len, 512));
		// the limit is a limit: a text at it is valid, one past it is not
		ZS_CHECK(fast(buf, len, (uint32_t)n, ZS_JSON_FAST_BEST) == (n <= ZS_JSON_FAST_DEPTH));
		ZS_CHECK(!fast(buf, len, (uint32_t)n - 1, ZS_JSON_FAST_BEST));
	}
}

// ---- generated texts ----

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint32_t rnd(uint32_t n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state % n);
}

typedef struct {
	char *p;
	size_t len, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
	if (t->len + n > t->cap) {
		t->cap = (t->len + n) * 2;
		t->p = realloc(t->p, t->cap);
	}
	memcpy(t->p + t->len, s, n);
	t->len += n;
}

static void puts_(text *t, const char *s)
{
	put(t, s, strlen(s));
}

static void gen_ws(text *t)
{
	static const char *const ws[] = {"", "", "", " ", "\n    ", "\t", "\r\n", "  "};
	puts_(t, ws[rnd(8)]);
}

static void gen_string(text *t)
{
	static const char *const parts[] = {
	        "a",
	        "hello world",
	        "\\\"",
	        "\\\\",
	        "\\/",
	        "\\n",
	        "\\u00e9",
	        "\\ud83d\\ude00",
	        "\xc3\xa9",
	        "\xe3\x81\x82",
	        "\xf0\x9f\x98\x80",
	        "{[,:]}",
	        "\\\\\\\"",
	        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"};
	int n = (int)rnd(6);
	puts_(t, "\"");
	while (n-- > 0) {
		puts_(t, parts[rnd(sizeof(parts) / sizeof(parts[0]))]);
	}
	puts_(t, "\"");
}

static void gen_value(text *t, int depth)
{
	static const char *const scalars[] = {
	        "0", "-1", "3.25", "1e10", "-0.5E-3", "true", "false", "null", "123456789012345678901"};
	uint32_t k = depth > 6 ? rnd(3) : rnd(5);
	gen_ws(t);
	if (k == 0) {
		puts_(t, scalars[rnd(sizeof(scalars) / sizeof(scalars[0]))]);
	} else if (k <= 2) {
		gen_string(t);
	} else {
		bool object = k == 4;
		int n = (int)rnd(5), i;
		puts_(t, object ? "{" : "[");
		for (i = 0; i < n; i++) {
			if (i) {
				puts_(t, ",");
			}
			if (object) {
				gen_ws(t);
				gen_string(t);
				gen_ws(t);
				puts_(t, ":");
			}
			gen_value(t, depth + 1);
		}
		gen_ws(t);
		puts_(t, object ? "}" : "]");
	}
	gen_ws(t);
}

// One edit that often breaks the text: a byte changed, added or removed.
static void mutate(text *t)
{
	static const char bytes[] = "\"\\{}[],: \t\n01-eE.tfnu\x1f\x80\xc3\xed\xff";
	size_t at = t->len ? rnd((uint32_t)t->len) : 0;
	switch (rnd(3)) {
	case 0:
		if (t->len) {
			t->p[at] = bytes[rnd(sizeof(bytes) - 1)];
		}
		break;
	case 1:
		put(t, "x", 1);
		memmove(t->p + at + 1, t->p + at, t->len - at - 1);
		t->p[at] = bytes[rnd(sizeof(bytes) - 1)];
		break;
	default:
		if (t->len) {
			memmove(t->p + at, t->p + at + 1, t->len - at - 1);
			t->len--;
		}
	}
}

static void test_generated(void)
{
	text t = {NULL, 0, 0};
	int i, valid = 0, all_agree = 1;
	for (i = 0; i < 20000; i++) {
		t.len = 0;
		// 0 to 70 leading spaces: every byte of the text at every place of a block
		put(&t, "                                                                      ", rnd(71));
		gen_value(&t, 0);
		if (i % 2) {
			int m = 1 + (int)rnd(3);
			while (m-- > 0) {
				mutate(&t);
			}
		}
		valid += zs_json_ref_valid((const unsigned char *)t.p, t.len, 512);
		all_agree &= agree(t.p, t.len, ZS_JSON_FAST_DEPTH);
		all_agree &= agree(t.p, t.len, 3);
	}
	ZS_CHECK(all_agree);
	// both kinds were there
	ZS_CHECK(valid > 10000 && valid < 19000);
	free(t.p);
}

/* Texts of 20 to 60 KB: the classifiers hand the grammar a chunk of blocks at a time, and its
 * state, the carries and the UTF-8 check's last bytes cross from one chunk to the next at
 * whatever place the text has there (the leading spaces move it). */
static void test_long(void)
{
	text t = {NULL, 0, 0};
	int i, valid = 0, all_agree = 1;
	for (i = 0; i < 300; i++) {
		size_t want = 20000 + rnd(40000);
		t.len = 0;
		while (t.len < 1 + rnd(9000)) {
			puts_(&t, " ");
		}
		puts_(&t, "[");
		gen_value(&t, 1);
		while (t.len < want) {
			puts_(&t, ",");
			gen_value(&t, 1);
		}
		puts_(&t, "]");
		if (i % 2) {
			mutate(&t);
		}
		valid += zs_json_ref_valid((const unsigned char *)t.p, t.len, 512);
		all_agree &= agree(t.p, t.len, ZS_JSON_FAST_DEPTH);
		all_agree &= agree(t.p, t.len, 3);
	}
	ZS_CHECK(all_agree);
	ZS_CHECK(valid > 150 && valid < 290);
	free(t.p);
}

/* Texts of 20 to 40 KB whose strings are mostly escapes, few of them in runs of backslashes:
 * a classifier may check the escapes of such a text another way than those of a text with
 * few (AVX-512 does, for a chunk after one with many). The leading spaces put each escape
 * across every block boundary; every other text has an escape made wrong, or one of the
 * generic mutations, late in the text. */
static void test_escape_heavy(void)
{
	static const char *const parts[] = {"\\\"",           "\\n",      "\\/",   "\\t",
	                                    "\\r\\n",         "ab",       "c",     "\\u00e9",
	                                    "\\ud83d\\ude00", "\xc3\xa9", "\\b\\f"};
	static const char *const wrong[] = {"\\x", "\\ud800", "\\udc00", "\\u12",
	                                    "\\",  "\\\\\\",  "\\'",     "\\\x01"};
	text t = {NULL, 0, 0};
	int i, valid = 0, all_agree = 1;
	for (i = 0; i < 256; i++) {
		size_t want = 20000 + rnd(20000);
		t.len = 0;
		put(&t, "                                                                ",
		    (size_t)(i % 64));
		puts_(&t, "[");
		while (t.len < want) {
			int n = 1 + (int)rnd(8);
			puts_(&t, t.p[t.len - 1] == '[' ? "\"" : ",\"");
			while (n-- > 0) {
				/* a run of backslashes in one part of 200: the blocks with one are the
				 * exception */
				puts_(&t, rnd(200) ? parts[rnd(sizeof(parts) / sizeof(parts[0]))] : "\\\\");
			}
			puts_(&t, "\"");
		}
		puts_(&t, "]");
		if (i % 2) {
			if (i % 4 == 1) {
				const char *w = wrong[rnd(sizeof(wrong) / sizeof(wrong[0]))];
				size_t at = t.len - 1 - rnd(4000), n = strlen(w);
				put(&t, w, n);
				memmove(t.p + at + n, t.p + at, t.len - at - n);
				memcpy(t.p + at, w, n);
			} else {
				mutate(&t);
			}
		}
		valid += zs_json_ref_valid((const unsigned char *)t.p, t.len, 512);
		all_agree &= agree(t.p, t.len, ZS_JSON_FAST_DEPTH);
	}
	ZS_CHECK(all_agree);
	ZS_CHECK(valid > 128 && valid < 240);
	free(t.p);
}

int main(void)
{
	test_named();
	test_depth();
	test_generated();
	test_long();
	test_escape_heavy();
	printf("classifiers compared: portable%s%s\n",
	       zs_json_valid_fast_runs(ZS_JSON_FAST_AVX2) ? ", AVX2" : "",
	       zs_json_valid_fast_runs(ZS_JSON_FAST_AVX512) ? ", AVX-512" : "");
	return zs_test_done("test_json_valid");
}
