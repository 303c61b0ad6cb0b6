/* zser — SPDX-License-Identifier: MIT
 *
 * A skip-scanner over JSON text: walks the members of one object or the elements of one array
 * and steps over each value without decoding it, so that a JSON Pointer reaches its target
 * while the rest of the document is only skipped (jsond_pointer_*, docs/JSON-POINTER.md).
 * It checks every bound and counts brackets, and reports a text that ends too soon as an
 * error rather than reading past it, but it does not judge grammar, UTF-8 or depth (inside a
 * container it looks at brackets and string quotes only): the extension validates the whole
 * text with the decoder's own validating pass first and gives that pass's error codes. Keys may
 * also be bare integers, as JSON_BIGINT_AS_STRING lets ext/json read them. No allocation, no
 * recursion.
 */
#ifndef ZS_JSON_SCAN_H
#define ZS_JSON_SCAN_H

#include "zs_common.h"

/* One array element or object member. For a member, key points inside the text at the
 * key's raw bytes without the quotes (key_len bytes); key_escaped tells that they hold a
 * backslash, and key_high a byte >= 0x80, so that they may differ from the decoded name.
 * key_number: the key is a bare integer. [value, value_end) is the value's text. */
typedef struct zs_json_item {
	const unsigned char *key;
	size_t key_len;
	bool key_escaped;
	bool key_high;
	bool key_number;
	const unsigned char *value;
	const unsigned char *value_end;
} zs_json_item;

/* Iterator over one container; fill it with zs_json_scan_open. */
typedef struct zs_json_iter {
	const unsigned char *p;
	const unsigned char *end;
	bool object;
	bool first;
} zs_json_iter;

typedef enum {
	ZS_JSON_ITEM = 1, /* *item holds the next element or member */
	ZS_JSON_END = 0,  /* the closing bracket was read */
	ZS_JSON_BAD = -1  /* malformed text or the end of the input */
} zs_json_step;

/* p[0..end) skipped of JSON whitespace (space, tab, CR, LF): the first other byte, or end. */
const unsigned char *zs_json_scan_ws(const unsigned char *p, const unsigned char *end);

/* The end of the value whose first byte is at p (whitespace already skipped), or NULL when
 * the text is malformed before it ends. */
const unsigned char *zs_json_scan_skip(const unsigned char *p, const unsigned char *end);

/* The first byte of p[0..end) that is a bracket or a quote, or end: the bytes between are
 * crossed sixteen (or eight) at a time. */
const unsigned char *zs_json_scan_structure(const unsigned char *p, const unsigned char *end);

/* RFC 6901 §3: s[0..len) is "" or '/'-separated tokens in which '~' is only followed by
 * '0' or '1'. */
bool zs_json_pointer_valid(const char *s, size_t len);

/* The token of the valid pointer s[0..len) that starts at *pos (just after its '/'),
 * unescaped into out (room for len bytes); *pos moves to the next '/' or to len. Returns the
 * token's length. */
size_t zs_json_pointer_token(const char *s, size_t len, size_t *pos, char *out);

/* RFC 6901 §4: tok[0..len) is an array index, decimal digits without a leading zero, below
 * SIZE_MAX (so that SIZE_MAX can stand for "not an index"); false for "-" and all else. */
bool zs_json_pointer_index(const char *tok, size_t len, size_t *index);

/* Starts an iterator over the container opening at p ('[' or '{'); false for anything else. */
bool zs_json_scan_open(zs_json_iter *it, const unsigned char *p, const unsigned char *end);

/* Reads the next element or member of the container. With skip false the value is not
 * stepped over (value_end is NULL): item->value is where a walk goes down next, and the
 * iterator must not be used again. */
zs_json_step zs_json_scan_next(zs_json_iter *it, zs_json_item *item, bool skip);

#endif /* ZS_JSON_SCAN_H */
