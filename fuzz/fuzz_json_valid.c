/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target (core only): the quick JSON check (core/zs_json_valid) against a plain
 * byte-at-a-time validator (core/tests/zs_json_ref.h). Every classifier the CPU runs (the
 * portable one, AVX2, AVX-512) must give the reference's answer on every input and every
 * depth limit within ZS_JSON_FAST_DEPTH; above it the check may only say "not known" for
 * deeper texts, never "valid" for an invalid one. The
 * input is checked at its own length, after 1 to 63 leading spaces (to move every byte to every
 * place in a 64-byte block) and cut at a few lengths, each copy in a buffer of exactly its
 * length and the NUL the check relies on, so that any read past it is found. One input in four
 * also spells a string of escapes, the second element of an array whose first is a string of
 * 8 KB of them: a classifier may treat the escapes of the chunk of blocks after such a one
 * another way (AVX-512 does).
 */
// fuzz-needs: core/zs_json_valid.h core/zs_json_valid.c
#include "zs_json_valid.h"
#include "../core/tests/zs_json_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint32_t depths[] = {1, 2, 3, 7, 64, ZS_JSON_FAST_DEPTH, 512};
static const uint32_t long_text_depths[] = {3, ZS_JSON_FAST_DEPTH};

static void check_at(const unsigned char *bytes, size_t len, const uint32_t *depth_list,
                     size_t n_depths)
{
	unsigned char *text = malloc(len + 1);
	size_t i;

	if (!text) {
		return;
	}
	memcpy(text, bytes, len);
	text[len] = '\0';
	for (i = 0; i < n_depths; i++) {
		uint32_t depth = depth_list[i];
		bool ref = zs_json_ref_valid(text, len, depth);
		zs_json_fast_isa isa;
		for (isa = ZS_JSON_FAST_SCALAR; isa <= ZS_JSON_FAST_AVX512; isa++) {
			bool v;
			if (!zs_json_valid_fast_runs(isa)) {
				continue;
			}
			v = zs_json_valid_fast(text, len, depth, isa);
			if (depth <= ZS_JSON_FAST_DEPTH ? v != ref : v && !ref) {
				fprintf(stderr, "depth %u: classifier %d says %d, reference %d (%zu bytes)\n",
				        depth, (int)isa, v, ref, len);
				abort();
			}
		}
	}
	free(text);
}

static void check(const unsigned char *bytes, size_t len)
{
	check_at(bytes, len, depths, sizeof(depths) / sizeof(depths[0]));
}

/* The bytes as the parts of a string (a byte below 0xF0 picks a part, the others stand for
 * themselves), after a string of 8 KB of escapes: ["\n\n...", "<parts>"]. */
static void check_after_escapes(const unsigned char *bytes, size_t len)
{
	static const char *const parts[] = {
	        "\\\"", "\\n",     "\\\\",           "\\/",      "\\t",    "\\r\\n", "a",   "bc",
	        " ",    "\\u00e9", "\\ud83d\\ude00", "\xc3\xa9", "\\b\\f", "\\u12",  "\\x", "\\ud800"};
	enum { ESCAPES = 4200, LONGEST_PART = 12 };
	size_t n = 0, i, total = 2 + 2 * ESCAPES + 3 + LONGEST_PART * len + 2;
	unsigned char *text = malloc(total);

	if (!text) {
		return;
	}
	text[n++] = '[';
	text[n++] = '"';
	for (i = 0; i < ESCAPES; i++) {
		text[n++] = '\\';
		text[n++] = 'n';
	}
	memcpy(text + n, "\",\"", 3);
	n += 3;
	for (i = 0; i < len; i++) {
		if (bytes[i] < 0xF0) {
			const char *part = parts[bytes[i] % (sizeof(parts) / sizeof(parts[0]))];
			size_t k = strlen(part);
			memcpy(text + n, part, k);
			n += k;
		} else {
			text[n++] = bytes[i];
		}
	}
	text[n++] = '"';
	text[n++] = ']';
	/* two depths only: the long text costs the others their executions */
	check_at(text, n, long_text_depths, 2);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *shifted;
	size_t pad;

	check(data, size);
	if (size == 0) {
		return 0;
	}
	/* the first byte picks the shift; the rest is the text */
	pad = 1 + data[0] % 63;
	shifted = malloc(pad + size - 1);
	if (!shifted) {
		return 0;
	}
	memset(shifted, ' ', pad);
	memcpy(shifted + pad, data + 1, size - 1);
	check(shifted, pad + size - 1);
	free(shifted);
	if (size > 2) {
		check(data, size / 2);
		check(data, size - 1);
	}
	if (data[0] % 4 == 0) {
		check_after_escapes(data + 1, size - 1);
	}
	return 0;
}
