/* zser — SPDX-License-Identifier: MIT
 *
 * A quick answer to "is this a JSON text ext/json accepts?" for the texts that are: the bytes
 * are classified 64 at a time (quotes, backslashes, whitespace, brackets and punctuation,
 * control bytes, UTF-8) and only the structural ones (brackets, ',', ':', the opening quote
 * of each string and the first byte of each number or literal) go through the grammar, in the
 * same pass. It says "valid" only for a text ext/json's parser accepts with no option, and
 * "don't know" for anything else: invalid texts, and valid ones it leaves alone (nesting
 * deeper than ZS_JSON_FAST_DEPTH or the caller's depth). A caller then runs the exact
 * validator, which finds the error, its code and its place; the answer never replaces it
 * when the text is not valid. A text valid without options is valid with every option
 * ext/json's validation has (invalid UTF-8 ignored, and zser's comments and trailing commas).
 *
 * The text must be followed by a NUL byte at text[len] (a zend_string is).
 */
#ifndef ZS_JSON_VALID_H
#define ZS_JSON_VALID_H

#include "zs_common.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Nesting the quick check follows; deeper texts are left to the exact validator. ext/json's
 * own limits (its depth argument, its parser stack) are far from it. */
#define ZS_JSON_FAST_DEPTH 256

/* The classifier to run: the fastest the CPU has, or one by name (tests compare them all);
 * one the CPU lacks runs as the portable one. */
typedef enum {
	ZS_JSON_FAST_BEST = 0,
	ZS_JSON_FAST_SCALAR = 1, /* portable C, any CPU */
	ZS_JSON_FAST_AVX2 = 2,
	ZS_JSON_FAST_AVX512 = 3, /* AVX-512BW, PCLMULQDQ, BMI1 and BMI2 */
} zs_json_fast_isa;

/* True only when text[0..len) is a JSON text ext/json accepts (no option) nesting at most
 * max_depth arrays and objects. False: not such a text, or not known. */
bool zs_json_valid_fast(const unsigned char *text, size_t len, uint32_t max_depth,
                        zs_json_fast_isa isa);

/* True when this CPU runs the named classifier (ZS_JSON_FAST_BEST: a vector one, with which
 * the quick check pays for itself on valid texts; without it a caller skips it). */
bool zs_json_valid_fast_runs(zs_json_fast_isa isa);

#endif /* ZS_JSON_VALID_H */
