// zser — SPDX-License-Identifier: MIT
//
// A plain UTF-8 decoder written from RFC 3629, the reference of the tests and fuzz targets that
// check the vector and table-driven UTF-8 code: shortest forms only, no surrogates, nothing past
// U+10FFFF.
#ifndef ZS_UTF8_REF_H
#define ZS_UTF8_REF_H

#include <stddef.h>
#include <stdint.h>

// Well-formed sequence at s (avail >= 1 bytes): its length and code point, or 0 when
// ill-formed.
static inline size_t zs_utf8_ref_decode(const unsigned char *s, size_t avail, int32_t *cp)
{
	unsigned char c = s[0];
	size_t n, i;
	int32_t v, min;

	if (c < 0x80) {
		*cp = c;
		return 1;
	} else if (c >= 0xC2 && c <= 0xDF) {
		n = 2, v = c & 0x1F, min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3, v = c & 0x0F, min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4, v = c & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (avail < n) {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80) {
			return 0;
		}
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
		return 0;
	}
	*cp = v;
	return n;
}

#endif
