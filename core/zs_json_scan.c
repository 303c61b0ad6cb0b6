/* zser — SPDX-License-Identifier: MIT
 *
 * The skip-scanner of zs_json_scan.h: steps over JSON values by their brackets and string
 * quotes, with a nesting counter instead of recursion; string bodies are crossed with memchr,
 * the bytes between brackets and quotes sixteen at a time (SSE2) or eight (SWAR).
 * Each read is checked against the end of the input, so that any byte string gives an answer
 * or ZS_JSON_BAD, never a read out of range.
 */
#include "zs_json_scan.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

#if !defined(__SSE2__)
/* SWAR: a byte of w is '"', '[', ']', '{' or '}' (setting bit 5 maps '[' and ']' onto '{'
 * and '}', and nothing else onto them). May only be used to rule a word out. */
#define ONES8        0x0101010101010101ULL
#define HIGH8        0x8080808080808080ULL
#define ZERO_BYTE(x) (((x)-ONES8) & ~(x)&HIGH8)

static bool word_has_structure(uint64_t w)
{
	uint64_t low = w | (ONES8 * 0x20);
	return (ZERO_BYTE(w ^ (ONES8 * '"')) | ZERO_BYTE(low ^ (ONES8 * '{')) |
	        ZERO_BYTE(low ^ (ONES8 * '}'))) != 0;
}
#endif

/* The first byte from p on that is a bracket or a quote, or end. */
static const unsigned char *next_structure(const unsigned char *p, const unsigned char *end)
{
#if defined(__SSE2__)
	const __m128i quote = _mm_set1_epi8('"'), bit5 = _mm_set1_epi8(0x20);
	const __m128i open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
	while ((size_t)(end - p) >= 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i low = _mm_or_si128(x, bit5);
		__m128i hit =
		        _mm_or_si128(_mm_cmpeq_epi8(x, quote),
		                     _mm_or_si128(_mm_cmpeq_epi8(low, open), _mm_cmpeq_epi8(low, close)));
		unsigned bits = (unsigned)_mm_movemask_epi8(hit);
		if (bits) {
			return p + __builtin_ctz(bits);
		}
		p += 16;
	}
#else
	while ((size_t)(end - p) >= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		if (word_has_structure(w)) {
			break;
		}
		p += 8;
	}
#endif
	while (p < end && byte_class[*p] < C_QUOTE) {
		p++;
	}
	return p;
}

const unsigned char *zs_json_scan_skip(const unsigned char *p, const unsigned char *end)
{
	size_t depth;
	if (p >= end) {
		return NULL;
	}
	switch (byte_class[*p]) {
	case C_ATOM:
		return skip_atom(p, end);
	case C_QUOTE:
		return skip_string(p + 1, end);
	case C_OPEN:
		break;
	default:
		return NULL;
	}
	/* Inside a container only brackets and string quotes matter for finding its end: the
	 * bytes between them are stepped over eight at a time. */
	depth = 1;
	p++;
	while (depth > 0) {
		unsigned char c;
		p = next_structure(p, end);
		if (p >= end) {
			return NULL;
		}
		c = *p;
		if (c == '"') {
			p = skip_string(p + 1, end);
			if (!p) {
				return NULL;
			}
			continue;
		}
		if (c == '[' || c == '{') {
			depth++;
		} else if (c == ']' || c == '}') {
			depth--;
		}
		p++;
	}
	return p;
}

const unsigned char *zs_json_scan_structure(const unsigned char *p, const unsigned char *end)
{
	return next_structure(p, end);
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

zs_json_step zs_json_scan_next(zs_json_iter *it, zs_json_item *item, bool skip)
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
	if (!skip) {
		item->value_end = NULL;
		it->p = p;
		return p < end ? ZS_JSON_ITEM : ZS_JSON_BAD;
	}
	item->value_end = zs_json_scan_skip(p, end);
	if (!item->value_end) {
		return ZS_JSON_BAD;
	}
	it->p = item->value_end;
	return ZS_JSON_ITEM;
}

bool zs_json_pointer_valid(const char *s, size_t len)
{
	size_t i;
	if (len == 0) {
		return true;
	}
	if (s[0] != '/') {
		return false;
	}
	for (i = 1; i < len; i++) {
		if (s[i] == '~' && (i + 1 == len || (s[i + 1] != '0' && s[i + 1] != '1'))) {
			return false;
		}
	}
	return true;
}

size_t zs_json_pointer_token(const char *s, size_t len, size_t *pos, char *out)
{
	size_t i = *pos, n = 0;
	while (i < len && s[i] != '/') {
		if (s[i] == '~') {
			out[n++] = s[i + 1] == '0' ? '~' : '/';
			i += 2;
		} else {
			out[n++] = s[i++];
		}
	}
	*pos = i;
	return n;
}

bool zs_json_pointer_index(const char *tok, size_t len, size_t *index)
{
	size_t i, v = 0;
	if (len == 0 || (tok[0] == '0' && len > 1)) {
		return false;
	}
	for (i = 0; i < len; i++) {
		size_t d = (size_t)(tok[i] - '0');
		if (tok[i] < '0' || tok[i] > '9' || v > (SIZE_MAX - 1 - d) / 10) {
			return false;
		}
		v = v * 10 + d;
	}
	*index = v;
	return true;
}
