/* zser — SPDX-License-Identifier: MIT
 *
 * One key of a shape as the encoder records it (bin_encode.c), shared with the first-map
 * memo that keeps such records from one call to the next (bin_key_memo.c). Only the record;
 * how shapes are matched and written stays in bin_encode.c.
 */
#ifndef BIN_SHAPE_KEY_H
#define BIN_SHAPE_KEY_H

#include "php.h"

/* A string key points to the string table's copy (held there, or borrowed while nothing can
 * free it) or to the permanent empty string, with its hash in `v`; an integer key has s NULL
 * and its value in `v`. */
typedef struct zser_shape_key {
	zend_string *s;
	zend_ulong v;
	size_t len;    /* ZSTR_LEN(s); SIZE_MAX for an integer key */
	uint64_t w[2]; /* short keys: their bytes as two words (bin_encode.c's short_words()), so
	                  rows compare without reading s; filled when a shape is first compared */
} zser_shape_key;

#endif /* BIN_SHAPE_KEY_H */
