/* zser — SPDX-License-Identifier: MIT
 *
 * Pieces of the binary format shared by the reader and the writer: the error texts of
 * FORMAT.md §13, the integer-key rule of §7 and the binary32 test of §4.2. No reading or
 * writing of blobs here.
 */
#include "zs_wire.h"

#include <float.h>
#include <string.h>

const char *zs_wire_error_msg(zs_wire_error e)
{
	switch (e) {
	case ZS_WE_NONE:
		return "no error";
	case ZS_WE_MAGIC:
		return "not a zser blob";
	case ZS_WE_VERSION:
		return "unsupported format version";
	case ZS_WE_TRUNCATED:
		return "truncated input";
	case ZS_WE_TAG:
		return "unknown tag";
	case ZS_WE_VARINT:
		return "overlong varint";
	case ZS_WE_INT_CANON:
		return "non-canonical integer";
	case ZS_WE_FLOAT_CANON:
		return "non-canonical float";
	case ZS_WE_INT_RANGE:
		return "integer out of range";
	case ZS_WE_COUNT:
		return "count exceeds input";
	case ZS_WE_STR_INDEX:
		return "string index out of range";
	case ZS_WE_SHAPE_INDEX:
		return "shape index out of range";
	case ZS_WE_BACKREF:
		return "back-reference out of range";
	case ZS_WE_BACKREF_TYPE:
		return "back-reference to a non-object";
	case ZS_WE_KEY:
		return "invalid key";
	case ZS_WE_NUMERIC_KEY:
		return "numeric string key";
	case ZS_WE_DUP_KEY:
		return "duplicate key";
	case ZS_WE_MAP_CANON:
		return "non-canonical map";
	case ZS_WE_CLASS:
		return "invalid class name";
	case ZS_WE_OBJECT_DATA:
		return "invalid object data";
	case ZS_WE_DEPTH:
		return "maximum depth exceeded";
	case ZS_WE_TRAILING:
		return "trailing bytes";
	case ZS_WE_NOMEM:
		return "out of memory";
	case ZS_WE_LIMIT:
		return "table limit exceeded";
	case ZS_WE_REF_FLAG:
		return "reference flag mismatch";
	case ZS_WE_NESTED:
		return "nested blob outside its object";
	case ZS_WE_NESTED_BASE:
		return "nested blob out of place";
	case ZS_WE_BACKREF_ARR_TYPE:
		return "back-reference to a non-array";
	case ZS_WE_BACKREF_ARR_OPEN:
		return "back-reference to an incomplete array";
	case ZS_WE_SHARED_NOT_PLAIN:
		return "shared array not plain";
	case ZS_WE_REF_INTO_SHARED:
		return "reference into a shared array";
	case ZS_WE_UNFILLED:
		return "back-reference to an unfilled slot";
	}
	return "unknown error";
}

bool zs_wire_is_int_key(const unsigned char *s, size_t len, int64_t *out)
{
	const unsigned char *e = s + len;
	bool neg = false;
	uint64_t v = 0, lim;

	if (len == 0 || len > 20) {
		return false;
	}
	if (*s == '-') {
		neg = true;
		s++;
		if (s == e) {
			return false;
		}
	}
	if (*s == '0') {
		/* "0" alone is an integer; "-0" and leading zeros are not */
		if (!neg && s + 1 == e) {
			*out = 0;
			return true;
		}
		return false;
	}
	lim = neg ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
	for (; s < e; s++) {
		unsigned d;
		if (*s < '0' || *s > '9') {
			return false;
		}
		d = (unsigned)(*s - '0');
		if (v > (lim - d) / 10) {
			return false;
		}
		v = v * 10 + d;
	}
	if (neg) {
		*out = v == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)v;
	} else {
		*out = (int64_t)v;
	}
	return true;
}

bool zs_wire_float_is_f32(double d, uint32_t *bits32)
{
	float f;
	double back;
	uint64_t a, b;

	/* Converting a finite double beyond FLT_MAX to float is undefined behaviour in C. */
	if (d == d && (d > FLT_MAX || d < -FLT_MAX) && d - d == d - d) {
		return false;
	}
	f = (float)d;
	back = (double)f;
	memcpy(&a, &d, 8);
	memcpy(&b, &back, 8);
	if (a != b) {
		return false;
	}
	memcpy(bits32, &f, 4);
	return true;
}
