/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target (core only): the quick JSON check (core/zs_json_valid) against a plain
 * byte-at-a-time validator (core/tests/zs_json_ref.h). Every classifier the CPU runs (the
 * portable one, AVX2, AVX-512) must give the reference's answer on every input and every
 * depth limit within ZS_JSON_FAST_DEPTH; above it the check may only say "not known" for
 * deeper texts, never "valid" for an invalid one. The
 * input is checked at its own length, after 1 to 63 leading spaces (to move every byte to every
 * place in a 64-byte block) and cut at a few lengths, each copy in a buffer of exactly its
 * length and the NUL the check relies on, so that any read past it is found.
 */
// fuzz-needs: core/zs_json_valid.h core/zs_json_valid.c
#include "zs_json_valid.h"
#include "../core/tests/zs_json_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint32_t depths[] = {1, 2, 3, 7, 64, ZS_JSON_FAST_DEPTH, 512};

static void check(const unsigned char *bytes, size_t len)
{
	unsigned char *text = malloc(len + 1);
	size_t i;

	if (!text) {
		return;
	}
	memcpy(text, bytes, len);
	text[len] = '\0';
	for (i = 0; i < sizeof(depths) / sizeof(depths[0]); i++) {
		bool ref = zs_json_ref_valid(text, len, depths[i]);
		zs_json_fast_isa isa;
		for (isa = ZS_JSON_FAST_SCALAR; isa <= ZS_JSON_FAST_AVX512; isa++) {
			bool v;
			if (!zs_json_valid_fast_runs(isa)) {
				continue;
			}
			v = zs_json_valid_fast(text, len, depths[i], isa);
			if (depths[i] <= ZS_JSON_FAST_DEPTH ? v != ref : v && !ref) {
				fprintf(stderr, "depth %u: classifier %d says %d, reference %d (%zu bytes)\n",
				        depths[i], (int)isa, v, ref, len);
				abort();
			}
		}
	}
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
	return 0;
}
