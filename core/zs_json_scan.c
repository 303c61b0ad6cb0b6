/* zser — SPDX-License-Identifier: MIT
 *
 * The skip-scanner of zs_json_scan.h: steps over JSON values by their brackets and string
 * quotes, one byte at a time, with a nesting counter instead of recursion. Each read is
 * checked against the end of the input, so that any byte string gives an answer or
 * ZS_JSON_BAD, never a read out of range.
 */
#include "zs_json_scan.h"

static bool is_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

const unsigned char *zs_json_scan_ws(const unsigned char *p, const unsigned char *end)
{
	while (p < end && is_ws(*p)) {
		p++;
	}
	return p;
}

/* p after an opening quote: the byte after the closing quote, or NULL. */
static const unsigned char *skip_string(const unsigned char *p, const unsigned char *end,
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

/* A number, or a true/false/null literal: the run of bytes that may form one. */
static const unsigned char *skip_atom(const unsigned char *p, const unsigned char *end)
{
	const unsigned char *start = p;
	while (p < end) {
		unsigned char c = *p;
		if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-' || c == '+' ||
		    c == '.' || c == 'E') {
			p++;
		} else {
			break;
		}
	}
	return p == start ? NULL : p;
}

const unsigned char *zs_json_scan_skip(const unsigned char *p, const unsigned char *end)
{
	size_t depth = 0;
	bool escaped, high;
	if (p >= end) {
		return NULL;
	}
	for (;;) {
		unsigned char c;
		if (p >= end) {
			return NULL;
		}
		c = *p;
		if (c == '"') {
			p = skip_string(p + 1, end, &escaped, &high);
			if (!p) {
				return NULL;
			}
		} else if (c == '[' || c == '{') {
			depth++;
			p++;
		} else if (c == ']' || c == '}') {
			if (depth == 0) {
				return NULL;
			}
			depth--;
			p++;
		} else if (depth > 0 && (c == ',' || c == ':' || is_ws(c))) {
			p++;
			continue;
		} else {
			p = skip_atom(p, end);
			if (!p) {
				return NULL;
			}
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
			p = skip_string(p + 1, end, &item->key_escaped, &item->key_high);
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
