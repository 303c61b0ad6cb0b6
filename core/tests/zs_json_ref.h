// zser — SPDX-License-Identifier: MIT
//
// A plain JSON validator that reads one byte at a time, written from ext/json's rules for the
// tests of the quick check (zs_json_valid): recursive descent over the text, whitespace
// space, tab, LF and CR; strings without a byte below 0x20, with the escapes " \ / b f n r t
// and \u of four hex digits, a high surrogate only before a \u low one and a low one only
// after it, and well-formed UTF-8; numbers as -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?;
// true, false, null; at most max_depth arrays and objects nested; one value and whitespace
// only. Slow and simple on purpose.
#ifndef ZS_JSON_REF_H
#define ZS_JSON_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "zs_utf8_ref.h"

typedef struct {
	const unsigned char *p, *end;
	uint32_t depth, max_depth;
} zs_json_ref;

static void ref_ws(zs_json_ref *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')) {
		r->p++;
	}
}

static int ref_hex4(const unsigned char *p)
{
	int v = 0, i;
	for (i = 0; i < 4; i++) {
		unsigned char c = p[i];
		int d = c >= '0' && c <= '9'   ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10
		                               : -1;
		if (d < 0) {
			return -1;
		}
		v = v * 16 + d;
	}
	return v;
}

// The string whose opening quote is at r->p.
static bool ref_string(zs_json_ref *r)
{
	r->p++;
	for (;;) {
		unsigned char c;
		if (r->p >= r->end) {
			return false;
		}
		c = *r->p;
		if (c == '"') {
			r->p++;
			return true;
		}
		if (c < 0x20) {
			return false;
		}
		if (c >= 0x80) {
			int32_t cp;
			size_t n = zs_utf8_ref_decode(r->p, (size_t)(r->end - r->p), &cp);
			if (n == 0) {
				return false;
			}
			r->p += n;
			continue;
		}
		if (c != '\\') {
			r->p++;
			continue;
		}
		if (r->end - r->p < 2) {
			return false;
		}
		c = r->p[1];
		if (strchr("\"\\/bfnrt", c) != NULL && c != '\0') {
			r->p += 2;
			continue;
		}
		if (c != 'u' || r->end - r->p < 6) {
			return false;
		}
		{
			int u = ref_hex4(r->p + 2);
			if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF)) {
				return false;
			}
			if (u >= 0xD800 && u <= 0xDBFF) {
				int low;
				if (r->end - r->p < 12 || r->p[6] != '\\' || r->p[7] != 'u') {
					return false;
				}
				low = ref_hex4(r->p + 8);
				if (low < 0xDC00 || low > 0xDFFF) {
					return false;
				}
				r->p += 12;
			} else {
				r->p += 6;
			}
		}
	}
}

static bool ref_digits(zs_json_ref *r)
{
	const unsigned char *s = r->p;
	while (r->p < r->end && *r->p >= '0' && *r->p <= '9') {
		r->p++;
	}
	return r->p > s;
}

static bool ref_number(zs_json_ref *r)
{
	if (r->p < r->end && *r->p == '-') {
		r->p++;
	}
	if (r->p < r->end && *r->p == '0') {
		r->p++;
	} else if (!(r->p < r->end && *r->p >= '1' && *r->p <= '9') || !ref_digits(r)) {
		return false;
	}
	if (r->p < r->end && *r->p == '.') {
		r->p++;
		if (!ref_digits(r)) {
			return false;
		}
	}
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-')) {
			r->p++;
		}
		if (!ref_digits(r)) {
			return false;
		}
	}
	return true;
}

static bool ref_word(zs_json_ref *r, const char *w)
{
	size_t n = strlen(w);
	if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n) != 0) {
		return false;
	}
	r->p += n;
	return true;
}

static bool ref_value(zs_json_ref *r)
{
	ref_ws(r);
	if (r->p >= r->end) {
		return false;
	}
	switch (*r->p) {
	case '"':
		return ref_string(r);
	case 't':
		return ref_word(r, "true");
	case 'f':
		return ref_word(r, "false");
	case 'n':
		return ref_word(r, "null");
	case '[':
	case '{': {
		bool object = *r->p == '{';
		if (r->depth >= r->max_depth) {
			return false;
		}
		r->depth++;
		r->p++;
		ref_ws(r);
		if (r->p < r->end && *r->p == (object ? '}' : ']')) {
			r->p++;
			r->depth--;
			return true;
		}
		for (;;) {
			if (object) {
				ref_ws(r);
				if (r->p >= r->end || *r->p != '"' || !ref_string(r)) {
					return false;
				}
				ref_ws(r);
				if (r->p >= r->end || *r->p != ':') {
					return false;
				}
				r->p++;
			}
			if (!ref_value(r)) {
				return false;
			}
			ref_ws(r);
			if (r->p < r->end && *r->p == ',') {
				r->p++;
				continue;
			}
			if (r->p < r->end && *r->p == (object ? '}' : ']')) {
				r->p++;
				r->depth--;
				return true;
			}
			return false;
		}
	}
	default:
		return ref_number(r);
	}
}

// True when text[0..len) is one JSON value ext/json accepts, nesting at most max_depth.
static inline bool zs_json_ref_valid(const unsigned char *text, size_t len, uint32_t max_depth)
{
	zs_json_ref r;
	r.p = text;
	r.end = text + len;
	r.depth = 0;
	r.max_depth = max_depth;
	if (!ref_value(&r)) {
		return false;
	}
	ref_ws(&r);
	return r.p == r.end;
}

#endif
