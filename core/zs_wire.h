/* zser — SPDX-License-Identifier: MIT
 *
 * Tags, limits and error codes of the zser binary format, version 1. This header mirrors
 * docs/FORMAT.md (sections cited as §N) and holds no code beyond tiny inline helpers; the
 * reader is zs_wire_read.[ch], the writer primitives zs_wire_write.h.
 */
#ifndef ZS_WIRE_H
#define ZS_WIRE_H

#include "zs_common.h"

/* §2 header */
#define ZS_WIRE_MAGIC        0x5A
#define ZS_WIRE_VERSION      0x01
/* Bit 7 of the version byte: the blob contains BACKREF_OBJ/BACKREF_REF/BACKREF_ARR (§2, §9). */
#define ZS_WIRE_FLAG_REFS    0x80
/* Bit 6: a nested blob, written inside a Serializable object's serialize() of an outer blob;
 * a varint (base - 1) follows the two bytes (§2, §8.3). Bits 0-5 are the version. */
#define ZS_WIRE_FLAG_NESTED  0x40
#define ZS_WIRE_VERSION_MASK 0x3F

/* §4 one-byte forms: base tag and how many values each range holds */
#define ZS_T_FIXINT    0x00 /* 0x00-0x3F: 0..63 */
#define ZS_FIXINT_N    64
#define ZS_T_FIXSTR    0x40 /* 0x40-0x5F: literal of length 0..31 */
#define ZS_FIXSTR_N    32
#define ZS_T_FIXSREF   0x60 /* 0x60-0x8F: string table entry 0..47 */
#define ZS_FIXSREF_N   48
#define ZS_T_FIXLIST   0x90 /* 0x90-0x9F: list of 0..15 values */
#define ZS_FIXLIST_N   16
#define ZS_T_FIXSHAPE  0xA0 /* 0xA0-0xBF: shape 0..31 */
#define ZS_FIXSHAPE_N  32
#define ZS_T_NEGFIXINT 0xF0 /* 0xF0-0xFF: -16..-1 */
#define ZS_NEGFIXINT_N 16

#define ZS_T_NULL              0xC0
#define ZS_T_FALSE             0xC1
#define ZS_T_TRUE              0xC2
#define ZS_T_U8                0xC3
#define ZS_T_U16               0xC4
#define ZS_T_U32               0xC5
#define ZS_T_U64               0xC6
#define ZS_T_N8                0xC7
#define ZS_T_N16               0xC8
#define ZS_T_N32               0xC9
#define ZS_T_N64               0xCA
#define ZS_T_F32               0xCB
#define ZS_T_F64               0xCC
#define ZS_T_STR               0xCD
#define ZS_T_SREF              0xCE
#define ZS_T_LIST              0xCF
#define ZS_T_MAP               0xD0
#define ZS_T_OBJECT            0xD1
#define ZS_T_SHAPE             0xD2
#define ZS_T_OBJECT_DATA       0xD3
#define ZS_T_OBJECT_BLOB       0xD4
#define ZS_T_ENUM              0xD5
#define ZS_T_BACKREF_OBJ       0xD6
#define ZS_T_BACKREF_REF       0xD7
/* OBJECT_BLOB whose payload's nested blobs took slots (§8.3) */
#define ZS_T_OBJECT_BLOB_SLOTS 0xD8
/* the array an earlier slot holds, shared (§9.1) */
#define ZS_T_BACKREF_ARR       0xD9

/* §12 limits (depth has none in the format: a reader is given its own, §11) */
/* zser_serialize() / zser_unserialize() calls running inside the outermost one (§8.3) */
#define ZS_WIRE_MAX_NEST    256
#define ZS_WIRE_MAX_COUNT   0x7FFFFFFFu
#define ZS_WIRE_MAX_ENTRIES 0xFFFFFFFEu
/* Index value meaning "no table entry" (the empty string). */
#define ZS_WIRE_NO_INDEX    0xFFFFFFFFu
/* Longest varint in bytes (§3). */
#define ZS_VARINT_MAX       10

/* A key of a map or object shape (§7). str is a string table index, ZS_WIRE_NO_INDEX for "". */
typedef struct zs_key {
	int64_t i;
	uint32_t str;
	uint8_t is_str;
} zs_key;

/* A string table entry. `user` belongs to the consumer, which may keep there what it made
 * of the string (its own copy, say): the reader sets it to NULL when it records the string
 * and never reads it. Beside off and len it costs no table of the consumer's own, to be
 * grown and cleared, and is on the cache line the reader has just written. off and len take
 * 32 bits each, so an entry is 16 bytes: a table of many strings stays in the cache with the
 * values made from it (docs/INTERNALS.md §13). A reader of an input longer than UINT32_MAX
 * bytes keeps them in full beside the table (zs_reader.wide) and these are not read. */
typedef struct zs_rstr {
	uint32_t off;
	uint32_t len;
	void *user;
} zs_rstr;

/* off and len are cut to 32 bits: see zs_rstr */
ZS_INLINE void zs_rstr_set(zs_rstr *t, size_t off, size_t len)
{
	t->off = (uint32_t)off;
	t->len = (uint32_t)len;
	t->user = NULL;
}

/* §13 errors; zs_wire_error_msg() gives the text. The numbers are part of the API (they are
 * ZserException codes): never renumber, only append. */
typedef enum zs_wire_error {
	ZS_WE_NONE = 0,
	ZS_WE_MAGIC = 1,
	ZS_WE_VERSION = 2,
	ZS_WE_TRUNCATED = 3,
	ZS_WE_TAG = 4,
	ZS_WE_VARINT = 5,
	ZS_WE_INT_CANON = 6,
	ZS_WE_FLOAT_CANON = 7,
	ZS_WE_INT_RANGE = 8,
	ZS_WE_COUNT = 9,
	ZS_WE_STR_INDEX = 10,
	ZS_WE_SHAPE_INDEX = 11,
	ZS_WE_BACKREF = 12,
	ZS_WE_BACKREF_TYPE = 13,
	ZS_WE_KEY = 14,
	ZS_WE_NUMERIC_KEY = 15,
	ZS_WE_DUP_KEY = 16,
	ZS_WE_MAP_CANON = 17,
	ZS_WE_CLASS = 18,
	ZS_WE_OBJECT_DATA = 19,
	ZS_WE_DEPTH = 20,
	ZS_WE_TRAILING = 21,
	ZS_WE_NOMEM = 22,
	ZS_WE_LIMIT = 23,
	ZS_WE_REF_FLAG = 24,
	ZS_WE_NESTED = 25,
	ZS_WE_NESTED_BASE = 26,
	ZS_WE_UNFILLED = 27,
	ZS_WE_BACKREF_ARR_TYPE = 28,
	ZS_WE_BACKREF_ARR_OPEN = 29,
	ZS_WE_SHARED_NOT_PLAIN = 30,
	ZS_WE_REF_INTO_SHARED = 31
} zs_wire_error;

/* Constant English text of an error code (never NULL). */
const char *zs_wire_error_msg(zs_wire_error e);

/* True when PHP would store the string key s[0..len) as an integer key (§7): "0", or an
 * optional '-' then a digit 1-9 and more digits, within int64, and not "-0". */
bool zs_wire_is_int_key(const unsigned char *s, size_t len, int64_t *out);

/* §4.2: true when d survives a round trip through binary32 bit for bit, its bits then in
 * *bits32: the writer's choice of F32, and the reader's refusal of such a value in F64. */
bool zs_wire_float_is_f32(double d, uint32_t *bits32);

#endif /* ZS_WIRE_H */
