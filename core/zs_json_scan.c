/* zser — SPDX-License-Identifier: MIT
 *
 * The skip-scanner of zs_json_scan.h: steps over JSON values by their brackets and string
 * quotes, with a nesting counter instead of recursion; string bodies are crossed with memchr.
 * Each read is checked against the end of the input, so that any byte string gives an answer
 * or ZS_JSON_BAD, never a read out of range.
 */
#include "zs_json_scan.h"

#include <string.h>

/* Byte classes of the skipper: C_ATOM for the bytes numbers and the literals true, false
 * and null are made of, C_SEP for whitespace, ',' and ':'. */
enum { C_BAD = 0, C_ATOM = 1, C_SEP = 2, C_QUOTE = 3, C_OPEN = 4, C_CLOSE = 5 };

static const unsigned char byte_class[256] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 4, 0, 5, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 4, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

const unsigned char *zs_json_scan_ws(const unsigned char *p, const unsigned char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) {
		p++;
	}
	return p;
}

/* p after an opening quote: the byte after the closing quote, or NULL. A quote ends the
 * string when an even number of backslashes precede it. */
static const unsigned char *skip_string(const unsigned char *p, const unsigned char *end)
{
	const unsigned char *start = p;
	for (;;) {
		const unsigned char *q = memchr(p, '"', (size_t)(end - p));
		const unsigned char *b;
		if (!q) {
			return NULL;
		}
		b = q;
		while (b > start && b[-1] == '\\') {
			b--;
		}
		if (((size_t)(q - b) & 1) == 0) {
			return q + 1;
		}
		p = q + 1;
	}
}

/* skip_string for a member name, noting what may make its raw bytes differ from the name. */
static const unsigned char *skip_name(const unsigned char *p, const unsigned char *end,
                                      bool *escaped, bool *high)
{
	while (p < end) {
		unsigned char c = *p++;
		if (c == '"') {
			return p;
		}
		if (c == '\\') {
			*escaped = true;
			if (p == end) {
				return NULL;
			}
			p++;
		} else if (c >= 0x80) {
			*high = true;
		}
	}
	return NULL;
}

static const unsigned char *skip_atom(const unsigned char *p, const unsigned char *end)
{
	const unsigned char *start = p;
	while (p < end && byte_class[*p] == C_ATOM) {
		p++;
	}
	return p == start ? NULL : p;
}

const unsigned char *zs_json_scan_skip(const unsigned char *p, const unsigned char *end)
{
	size_t depth = 0;
	for (;;) {
		if (p >= end) {
			return NULL;
		}
		switch (byte_class[*p]) {
		case C_ATOM:
			p = skip_atom(p, end);
			break;
		case C_QUOTE:
			p = skip_string(p + 1, end);
			if (!p) {
				return NULL;
			}
			break;
		case C_OPEN:
			depth++;
			p++;
			continue;
		case C_CLOSE:
			if (depth == 0) {
				return NULL;
			}
			depth--;
			p++;
			break;
		case C_SEP:
			if (depth == 0) {
				return NULL;
			}
			p++;
			continue;
		default:
			return NULL;
		}
		if (depth == 0) {
			return p;
		}
	}
}

bool zs_json_scan_open(zs_json_iter *it, const unsigned char *p, const unsigned char *end)
{
	if (p >= end || (*p != '[' && *p != '{')) {
		return false;
	}
	it->object = *p == '{';
	it->p = p + 1;
	it->end = end;
	it->first = true;
	return true;
}

zs_json_step zs_json_scan_next(zs_json_iter *it, zs_json_item *item)
{
	const unsigned char *p = zs_json_scan_ws(it->p, it->end);
	const unsigned char *end = it->end;
	if (p == end) {
		return ZS_JSON_BAD;
	}
	if (*p == (it->object ? '}' : ']')) {
		it->p = p + 1;
		return ZS_JSON_END;
	}
	if (!it->first) {
		if (*p != ',') {
			return ZS_JSON_BAD;
		}
		p = zs_json_scan_ws(p + 1, end);
	}
	it->first = false;
	item->key = NULL;
	item->key_len = 0;
	item->key_escaped = false;
	item->key_high = false;
	item->key_number = false;
	if (it->object) {
		const unsigned char *k = p;
		if (p == end) {
			return ZS_JSON_BAD;
		}
		if (*p == '"') {
			p = skip_name(p + 1, end, &item->key_escaped, &item->key_high);
			if (!p) {
				return ZS_JSON_BAD;
			}
			item->key = k + 1;
			item->key_len = (size_t)(p - 1 - item->key);
		} else {
			p = skip_atom(p, end);
			if (!p) {
				return ZS_JSON_BAD;
			}
			item->key = k;
			item->key_len = (size_t)(p - k);
			item->key_number = true;
		}
		p = zs_json_scan_ws(p, end);
		if (p == end || *p != ':') {
			return ZS_JSON_BAD;
		}
		p = zs_json_scan_ws(p + 1, end);
	}
	item->value = p;
	item->value_end = zs_json_scan_skip(p, end);
	if (!item->value_end) {
		return ZS_JSON_BAD;
	}
	it->p = item->value_end;
	return ZS_JSON_ITEM;
}
