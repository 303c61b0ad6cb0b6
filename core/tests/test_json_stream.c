// zser — SPDX-License-Identifier: MIT
//
// zs_json_stream: the events of the resumable scanner for texts along and off a path (element
// and token ranges, member-name roles, outcomes, each error's code and place), and that they
// do not depend on how the text is cut: every text is also fed 1, 2, ... bytes at a time, the
// bytes before zs_jstream_keep() dropped after each call and the rest held in a block of its
// exact size, so that a read outside what the scanner may look at leaves the block.
#include "zs_json_stream.h"
#include "zs_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A pointer for the test: per level an array index, or a member name (raw bytes); deep: the
// index of every level when set.
typedef struct {
	size_t index[8];
	const char *name[8];
	size_t len;
	const size_t *deep;
} path;

// Appends the text of one event to trace; the KEY answer: a name matches when its raw bytes
// are the path's at that level, and a name starting with \u0000 is refused.
static void record(zs_jstream *st, zs_jstream_event ev, const unsigned char *held, size_t base,
                   const path *pt, char *trace, size_t cap)
{
	size_t n = strlen(trace);
	const unsigned char *k;
	size_t klen;
	char role;
	switch (ev) {
	case ZS_JSTREAM_KEY:
		k = held + (st->start - base);
		klen = st->end - st->start;
		role = "cpt"[st->key_role];
		snprintf(trace + n, cap - n, "K%c[%zu,%zu) ", role, st->start, st->end);
		if (!st->atom) {
			k++;
			klen -= 2;
		}
		zs_jstream_key(st,
		               st->key_role == ZS_JSTREAM_KEY_PATH && !pt->deep &&
		                       pt->name[st->index_out] && strlen(pt->name[st->index_out]) == klen &&
		                       memcmp(pt->name[st->index_out], k, klen) == 0,
		               klen >= 6 && memcmp(k, "\\u0000", 6) == 0);
		break;
	case ZS_JSTREAM_SCALAR:
		snprintf(trace + n, cap - n, "S[%zu,%zu) ", st->start, st->end);
		break;
	case ZS_JSTREAM_ELEMENT:
		snprintf(trace + n, cap - n, "E%zu/%zu[%zu,%zu) ", st->index_out, st->levels, st->start,
		         st->end);
		break;
	case ZS_JSTREAM_BAD_STRING:
		snprintf(trace + n, cap - n, "B[%zu,%zu)", st->start, st->end);
		break;
	case ZS_JSTREAM_END:
		snprintf(trace + n, cap - n, "END%d", st->outcome);
		break;
	case ZS_JSTREAM_ERROR:
		snprintf(trace + n, cap - n, "ERR%d@%zu", st->err, st->err_pos);
		break;
	default:
		break;
	}
}

// The trace of text fed chunk bytes at a time (0: all at once).
static void run(const char *text, size_t len, const path *pt, size_t depth, bool bigint,
                size_t chunk, char *trace, size_t cap)
{
	zs_jstream st;
	unsigned char *held = NULL;
	size_t base = 0, nheld = 0, fed = 0;
	bool eof = false;
	size_t idx[8];
	size_t i;
	for (i = 0; i < pt->len && !pt->deep; i++) {
		idx[i] = pt->name[i] ? SIZE_MAX : pt->index[i];
	}
	trace[0] = '\0';
	zs_jstream_init(&st, &zs_alloc_libc, pt->deep ? pt->deep : idx, pt->len, depth, bigint);
	if (chunk == 0) {
		chunk = len;
	}
	for (;;) {
		zs_jstream_event ev =
		        zs_jstream_next(&st, held ? held : (const unsigned char *)"", base, nheld, eof);
		if (ev == ZS_JSTREAM_MORE) {
			size_t keep = zs_jstream_keep(&st), add = len - fed < chunk ? len - fed : chunk;
			unsigned char *next;
			if (eof || keep < base) {
				strcat(trace, "STUCK");
				break;
			}
			next = malloc(nheld - (keep - base) + add + 1);
			memcpy(next, held + (keep - base), nheld - (keep - base));
			memcpy(next + nheld - (keep - base), text + fed, add);
			nheld = nheld - (keep - base) + add;
			base = keep;
			fed += add;
			eof = add == 0;
			free(held);
			held = next;
			continue;
		}
		record(&st, ev, held, base, pt, trace, cap);
		if (ev == ZS_JSTREAM_END || ev == ZS_JSTREAM_ERROR || ev == ZS_JSTREAM_BAD_STRING) {
			break;
		}
	}
	free(held);
	zs_jstream_free(&st);
}

static char one_shot[65536], cut[65536];

// The trace of text[0..len) with pt is want, and the same fed one byte at a time and in every
// cut.
static void check_n(const char *text, size_t len, const path *pt, size_t depth, bool bigint,
                    const char *want)
{
	size_t chunk;
	run(text, len, pt, depth, bigint, 0, one_shot, sizeof(one_shot));
	ZS_CHECK(strcmp(one_shot, want) == 0);
	if (strcmp(one_shot, want) != 0) {
		fprintf(stderr, "  text %s\n  want %s\n  got  %s\n", text, want, one_shot);
	}
	for (chunk = 1; chunk <= len + 1; chunk++) {
		run(text, len, pt, depth, bigint, chunk, cut, sizeof(cut));
		if (strcmp(cut, one_shot) != 0) {
			ZS_CHECK(strcmp(cut, one_shot) == 0);
			fprintf(stderr, "  text %s cut every %zu bytes\n  got  %s\n", text, chunk, cut);
			return;
		}
	}
	ZS_CHECK(1);
}

static void check(const char *text, const path *pt, size_t depth, bool bigint, const char *want)
{
	check_n(text, strlen(text), pt, depth, bigint, want);
}

static const path root = {{0}, {NULL}, 0, NULL};

static void test_root(void)
{
	check("[1, \"a\", {\"b\":[2]}, null]", &root, 512, false,
	      "E0/1[1,2) E1/1[4,7) E2/1[9,18) E3/1[20,24) END0");
	check(" [ ] ", &root, 512, false, "END0");
	check("{\"a\": 1, \"b\" : [2], \"a\":3}", &root, 512, false,
	      "Kt[1,4) E0/1[6,7) Kt[9,12) E1/1[15,18) Kt[20,23) E2/1[24,25) END0");
	check("{}", &root, 512, false, "END0");
	check("\"s\"", &root, 512, false, "S[0,3) END2");
	check("12 ", &root, 512, false, "S[0,2) END2");
	check("", &root, 512, false, "ERR4@0");
	check(" \n", &root, 512, false, "ERR4@2");
	check("[1, 2", &root, 512, false, "E0/1[1,2) E1/1[4,5) ERR4@5");
	check("[1, \"ab", &root, 512, false, "E0/1[1,2) E1/1[4,7) ERR4@7");
	check("[1, [2, {", &root, 512, false, "E0/1[1,2) E1/1[4,9) ERR4@9");
	check("[1] x", &root, 512, false, "E0/1[1,2) ERR4@4");
	// quotes and brackets inside strings, after backslashes, in elements and tokens
	check("[{\"\\u0030\":\"]\\\"}\"}, \"\\\\\", [\"\\\\\\\"[\"]]", &root, 512, false,
	      "E0/1[1,18) E1/1[20,24) E2/1[26,35) END0");
}

static void test_path(void)
{
	path a = {{0}, {"a"}, 1, NULL};
	path a1 = {{0, 1}, {"a", NULL}, 2, NULL};
	path zz = {{0}, {"zz"}, 1, NULL};
	path n3 = {{3}, {NULL}, 1, NULL};
	check("{\"x\": {\"a\": []}, \"a\": [1, [2]], \"z\": \"s\"}", &a, 512, false,
	      "Kp[1,4) Kc[7,10) Kp[17,20) E0/2[23,24) E1/2[26,29) Kc[32,35) S[37,40) END0");
	check("{\"a\": [1, {\"k\": [2]}]}", &a1, 512, false,
	      "Kp[1,4) S[7,8) Kt[11,14) E0/3[16,19) END0");
	check("{\"a\": [1]}", &zz, 512, false, "Kp[1,4) S[7,8) END1");
	check("[0, 1, 2]", &n3, 512, false, "S[1,2) S[4,5) S[7,8) END1");
	check("{\"a\": 5}", &a, 512, false, "Kp[1,4) S[6,7) END2");
	check("{\"a\": 5}", &a1, 512, false, "Kp[1,4) S[6,7) END1");
	// the first "a" is the one the path goes into; the second is only read
	check("{\"a\": [1], \"a\": [2]}", &a, 512, false, "Kp[1,4) E0/2[7,8) Kc[11,14) S[17,18) END0");
	// a bad text wins over not found: the error comes before the end
	check("{\"b\": [1, }", &a, 512, false, "Kp[1,4) S[7,8) ERR4@10");
}

static void test_errors(void)
{
	path a = {{0}, {"a"}, 1, NULL};
	path z = {{0}, {NULL}, 1, NULL};
	check("[1,}", &root, 512, false, "E0/1[1,2) ERR4@3");
	check("{\"a\":[1]]", &root, 512, false, "Kt[1,4) E0/1[5,8) ERR2@8");
	check("{\"a\":[1]]", &a, 512, false, "Kp[1,4) E0/2[6,7) ERR2@8");
	check("[[1]]", &z, 2, false, "ERR1@1");
	check("[[1]]", &root, 2, false, "E0/1[1,4) END0");
	check("[1,\xC3\xA9]", &root, 512, false, "E0/1[1,2) ERR4@3");
	check("[1,\xC3]", &root, 512, false, "E0/1[1,2) ERR5@3");
	check("[1,\xE2\x82", &root, 512, false, "E0/1[1,2) ERR5@3");
	check("[1,\x01]", &root, 512, false, "E0/1[1,2) ERR3@3");
	check("[1 \"x\"]", &root, 512, false, "E0/1[1,2) B[3,6)");
	check("[1 \"x", &root, 512, false, "E0/1[1,2) B[3,5)");
	check("{\"a\" 1}", &root, 512, false, "Kt[1,4) ERR4@5");
	check("{\"a\":1,}", &root, 512, false, "Kt[1,4) E0/1[5,6) ERR4@7");
	check("{1:2}", &root, 512, false, "ERR4@1");
	check("{\"\\u0000\": 1, \"b\": 2}", &root, 512, false, "Kt[1,9) E0/1[11,12) ERR9@12");
	check("{\"\\u0000\": [1 ], \"a\": [2]}", &a, 512, false, "Kp[1,9) S[12,13) ERR9@15");
	check_n("[0]\x00", 4, &root, 512, false, "E0/1[1,2) ERR3@3");
	check_n("[\x00]", 3, &root, 512, false, "ERR3@1");
}

static void test_bigint_keys(void)
{
	path big = {{0}, {"12345678901234567890"}, 1, NULL};
	check("{12345678901234567890: [1]}", &big, 512, true, "Kp[1,21) E0/2[24,25) END0");
	// the scanner only delimits such a name; the caller refuses -1x
	check("{-1x: 0}", &root, 512, true, "Kt[1,4) E0/1[6,7) END0");
	check("{12345678901234567890: [1]}", &big, 512, false, "ERR4@1");
}

// ext/json's parser stack: 2 entries per first element, so 4,999 nested arrays fit and the
// 5,000th bracket is refused before its depth is checked.
static void test_stack(void)
{
	static char text[12000];
	static size_t zeros[6000];
	path deep = {{0}, {NULL}, 6000, zeros};
	path eight = {{0}, {NULL}, 8, zeros};
	size_t i;
	memset(text, '[', 5000);
	run(text, 5000, &deep, 100000, false, 0, one_shot, sizeof(one_shot));
	ZS_CHECK(strcmp(one_shot, "ERR4@4999") == 0);
	run(text, 5000, &deep, 100, false, 0, one_shot, sizeof(one_shot));
	ZS_CHECK(strcmp(one_shot, "ERR1@99") == 0);
	// past the target, an element is only delimited: its brackets are the decoder's to check
	run(text, 5000, &eight, 100000, false, 0, one_shot, sizeof(one_shot));
	ZS_CHECK(strncmp(one_shot, "E0/9[9,5000) ", 13) == 0);
	for (i = 0; i < 4999; i++) {
		text[4999 + i] = ']';
	}
	run(text, 9998, &deep, 100000, false, 0, one_shot, sizeof(one_shot));
	ZS_CHECK(strcmp(one_shot, "ERR4@4999") == 0);
	run(text, 9998, &eight, 100000, false, 0, one_shot, sizeof(one_shot));
	ZS_CHECK(strcmp(one_shot, "E0/9[9,9989) END0") == 0);
	run(text, 9998, &eight, 100000, false, 1, cut, sizeof(cut));
	ZS_CHECK(strcmp(one_shot, cut) == 0);
}

int main(void)
{
	test_root();
	test_path();
	test_errors();
	test_bigint_keys();
	test_stack();
	return zs_test_done("test_json_stream");
}
