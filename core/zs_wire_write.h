/* zser — SPDX-License-Identifier: MIT
 *
 * Writer primitives of the binary format (FORMAT.md §3-§9): each puts one tag with its
 * fixed payload at `p` and returns the position after it. They never allocate and never
 * check space: the caller reserves ZS_WIRE_PUT_MAX bytes first (plus string bytes). Choosing
 * what to write (string and shape tables, slots) is the encoder's job, not this header's.
 */
#ifndef ZS_WIRE_WRITE_H
#define ZS_WIRE_WRITE_H

#include "zs_wire.h"

#include <string.h>

/* Upper bound of the bytes one zs_wire_put_* call writes (tag + 10-byte varint). */
#define ZS_WIRE_PUT_MAX 11

/* `refs`: the blob will contain back-references (§2); a writer that only knows at the end
 * may patch bit 7 of the second byte afterwards. */
ZS_INLINE unsigned char *zs_wire_put_header(unsigned char *p, bool refs)
{
	p[0] = ZS_WIRE_MAGIC;
	p[1] = (unsigned char)(ZS_WIRE_VERSION | (refs ? ZS_WIRE_FLAG_REFS : 0));
	return p + 2;
}

/* Unsigned LEB128 (§3), always the shortest form. */
ZS_INLINE unsigned char *zs_wire_put_varint(unsigned char *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*p++ = (unsigned char)v;
	return p;
}

/* Header of a nested blob (§2, §8.3): `base` (>= 1) slots of the outer blob were taken
 * before its first value. At most 7 bytes; bit 7 of the second byte may be patched as for
 * zs_wire_put_header(). */
ZS_INLINE unsigned char *zs_wire_put_nested_header(unsigned char *p, bool refs, uint32_t base)
{
	p[0] = ZS_WIRE_MAGIC;
	p[1] = (unsigned char)(ZS_WIRE_VERSION | ZS_WIRE_FLAG_NESTED | (refs ? ZS_WIRE_FLAG_REFS : 0));
	return zs_wire_put_varint(p + 2, (uint64_t)base - 1);
}

ZS_INLINE unsigned char *zs_wire_put_le(unsigned char *p, uint64_t v, unsigned n)
{
	unsigned i;
	for (i = 0; i < n; i++) {
		p[i] = (unsigned char)(v >> (8 * i));
	}
	return p + n;
}

/* The low n bytes of v, little-endian, for the payload after a tag: on a little-endian
 * host one 8-byte store, whose bytes past n lie within the ZS_WIRE_PUT_MAX reserved for the
 * call and are overwritten by whatever is written next (or are past the end of the output). */
ZS_INLINE unsigned char *zs_wire_put_le_payload(unsigned char *p, uint64_t v, unsigned n)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
        __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &v, 8);
	return p + n;
#else
	return zs_wire_put_le(p, v, n);
#endif
}

/* §4.1: the smallest form that holds v. */
ZS_INLINE unsigned char *zs_wire_put_int(unsigned char *p, int64_t v)
{
	uint64_t u;
	unsigned char base;

	if (v >= 0) {
		if (v < ZS_FIXINT_N) {
			*p = (unsigned char)v;
			return p + 1;
		}
		u = (uint64_t)v;
		base = ZS_T_U8;
	} else {
		if (v >= -ZS_NEGFIXINT_N) {
			*p = (unsigned char)(0x100 + v);
			return p + 1;
		}
		u = (uint64_t)(-(v + 1));
		base = ZS_T_N8;
	}
	if (u <= 0xFF) {
		*p = base;
		return zs_wire_put_le_payload(p + 1, u, 1);
	}
	if (u <= 0xFFFF) {
		*p = (unsigned char)(base + 1);
		return zs_wire_put_le_payload(p + 1, u, 2);
	}
	if (u <= 0xFFFFFFFFu) {
		*p = (unsigned char)(base + 2);
		return zs_wire_put_le_payload(p + 1, u, 4);
	}
	*p = (unsigned char)(base + 3);
	return zs_wire_put_le_payload(p + 1, u, 8);
}

ZS_INLINE unsigned char *zs_wire_put_float(unsigned char *p, double d)
{
	uint32_t b32;
	uint64_t b64;

	if (zs_wire_float_is_f32(d, &b32)) {
		*p = ZS_T_F32;
		return zs_wire_put_le_payload(p + 1, b32, 4);
	}
	memcpy(&b64, &d, 8);
	*p = ZS_T_F64;
	return zs_wire_put_le_payload(p + 1, b64, 8);
}

/* Header of a string literal (§5); the caller appends the `len` bytes and, when len > 0,
 * gives the string the next string table index. */
ZS_INLINE unsigned char *zs_wire_put_str_header(unsigned char *p, size_t len)
{
	if (len < ZS_FIXSTR_N) {
		*p = (unsigned char)(ZS_T_FIXSTR + len);
		return p + 1;
	}
	*p = ZS_T_STR;
	return zs_wire_put_varint(p + 1, (uint64_t)len - ZS_FIXSTR_N);
}

ZS_INLINE unsigned char *zs_wire_put_sref(unsigned char *p, uint32_t index)
{
	if (index < ZS_FIXSREF_N) {
		*p = (unsigned char)(ZS_T_FIXSREF + index);
		return p + 1;
	}
	*p = ZS_T_SREF;
	return zs_wire_put_varint(p + 1, (uint64_t)index - ZS_FIXSREF_N);
}

ZS_INLINE unsigned char *zs_wire_put_list(unsigned char *p, uint32_t count)
{
	if (count < ZS_FIXLIST_N) {
		*p = (unsigned char)(ZS_T_FIXLIST + count);
		return p + 1;
	}
	*p = ZS_T_LIST;
	return zs_wire_put_varint(p + 1, (uint64_t)count - ZS_FIXLIST_N);
}

/* MAP header (§7): the caller writes `count` keys, then `count` values. count >= 1. */
ZS_INLINE unsigned char *zs_wire_put_map(unsigned char *p, uint32_t count)
{
	*p = ZS_T_MAP;
	return zs_wire_put_varint(p + 1, (uint64_t)count - 1);
}

ZS_INLINE unsigned char *zs_wire_put_shape(unsigned char *p, uint32_t index)
{
	if (index < ZS_FIXSHAPE_N) {
		*p = (unsigned char)(ZS_T_FIXSHAPE + index);
		return p + 1;
	}
	*p = ZS_T_SHAPE;
	return zs_wire_put_varint(p + 1, (uint64_t)index - ZS_FIXSHAPE_N);
}

/* One-byte tags (NULL, TRUE, OBJECT, OBJECT_DATA, ...). */
ZS_INLINE unsigned char *zs_wire_put_tag(unsigned char *p, unsigned char tag)
{
	*p = tag;
	return p + 1;
}

/* BACKREF_OBJ / BACKREF_REF (§9); slot is 1-based. */
ZS_INLINE unsigned char *zs_wire_put_backref(unsigned char *p, unsigned char tag, uint32_t slot)
{
	*p = tag;
	return zs_wire_put_varint(p + 1, (uint64_t)slot - 1);
}

#endif /* ZS_WIRE_WRITE_H */
