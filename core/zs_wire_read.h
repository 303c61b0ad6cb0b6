/* zser — SPDX-License-Identifier: MIT
 *
 * THE bounds-checked reader of the binary format (FORMAT.md). A zs_reader is a cursor that
 * hands out one event per value (pull API): scalars, container begin (with count, shape and
 * class), container end, back-references. It keeps the string, shape and slot tables the
 * format needs to check every index, and an explicit stack of open containers, so no input
 * can make it recurse, read out of bounds or allocate more than FORMAT.md §12 allows.
 * It never builds values: the PHP extension, the CLI and the fuzzers turn its events into
 * whatever they need. zs_wire_validate() walks a whole blob without building anything.
 */
#ifndef ZS_WIRE_READ_H
#define ZS_WIRE_READ_H

#include "zs_shape_memo.h"
#include "zs_wire.h"

#include <string.h>

typedef enum zs_event_type {
	ZS_EV_NULL,
	ZS_EV_FALSE,
	ZS_EV_TRUE,
	ZS_EV_INT,
	ZS_EV_FLOAT,
	ZS_EV_STRING,
	ZS_EV_LIST,        /* count values follow, then END */
	ZS_EV_MAP,         /* count keyed values follow, then END */
	ZS_EV_OBJECT,      /* class; count keyed values (properties) follow, then END */
	ZS_EV_OBJECT_DATA, /* class; the __serialize() array: count values (keyed unless a list) */
	ZS_EV_OBJECT_BLOB, /* class; str/len is the Serializable payload, reserve its slots */
	ZS_EV_ENUM,        /* class; str/len/index is the case name */
	ZS_EV_BACKREF_OBJ, /* target: the object held by that earlier slot */
	ZS_EV_BACKREF_REF, /* target: make that slot and this position one PHP reference */
	ZS_EV_BACKREF_ARR, /* target: the array held by that earlier slot, shared (§9.1) */
	ZS_EV_END          /* the innermost open container is complete */
} zs_event_type;

typedef struct zs_event {
	zs_event_type type;
	/* Key of this value in its container: set for values inside MAP, OBJECT and keyed
	 * OBJECT_DATA; inside lists key.i is the position and key.is_str is 0. */
	bool has_key;
	zs_key key;
	int64_t i;
	double d;
	/* STRING value, ENUM case name, OBJECT_BLOB payload: bytes inside the input. */
	const unsigned char *str;
	size_t len;
	uint32_t index;  /* string table index of str, ZS_WIRE_NO_INDEX if none */
	uint32_t count;  /* containers: number of values that follow */
	uint32_t shape;  /* MAP, OBJECT, keyed OBJECT_DATA: shape index; ZS_WIRE_NO_INDEX for lists */
	uint32_t cls;    /* objects and enums: string table index of the class name */
	uint32_t slot;   /* slot this value takes (§9), 0 if none (BACKREF_REF) */
	uint32_t target; /* BACKREF_OBJ, BACKREF_REF, BACKREF_ARR: the slot referred to */
	/* OBJECT_BLOB: the slots after its own that its payload's nested blobs took (§8.3), taken
	 * with it; 0 for the plain form */
	uint32_t reserve;
	size_t pos; /* offset of the value's tag from the start of the blob */
} zs_event;

typedef struct zs_rshape {
	uint32_t key_base; /* first key in zs_reader.keys */
	uint32_t count;
	uint32_t cls;  /* ZS_WIRE_NO_INDEX for array shapes */
	uint32_t memo; /* slot + 1 of the memo entry holding this definition, 0 if none */
} zs_rshape;

typedef struct zs_rframe {
	uint32_t remaining;
	uint32_t count;    /* values in all: the next one is number count - remaining */
	uint32_t key_base; /* ZS_WIRE_NO_INDEX for lists */
	uint32_t level;    /* 1 when it counts towards the depth limit (§11) */
} zs_rframe;

/* zs_reader.slot_obj bits: what the slot holds, then what the sharing of arrays (§9.1) needs
 * to know of it */
#define ZS_SLOT_OBJ    0x01 /* an object */
#define ZS_SLOT_ANY    0x02 /* reserved for a nested blob, which fills it (§8.3) */
#define ZS_SLOT_ARR    0x04 /* an array */
#define ZS_SLOT_OPEN   0x08 /* a container still being read */
#define ZS_SLOT_IMPURE 0x10 /* a container holding an object, ENUM, OBJECT_BLOB or BACKREF_REF */
#define ZS_SLOT_REFD   0x20 /* named by a BACKREF_REF */
#define ZS_SLOT_SHARED 0x40 /* an array named by a BACKREF_ARR */
#define ZS_SLOT_FROZEN 0x80 /* inside an array named by a BACKREF_ARR */

typedef struct zs_reader {
	const unsigned char *start, *p, *end;
	const zs_alloc *alloc;
	uint32_t depth, max_depth;
	/* open containers that count for max_depth: all but empty lists (§11); a consumer may
	 * set it after zs_reader_init() to the level at which an outer blob holds this nested
	 * one, so that both count against max_depth */
	uint32_t level;
	bool done;
	bool refs; /* header flag: back-references may occur, so slots are tracked (§2) */
	bool refs_seen;
	bool nested;   /* header flag: slots 1..base are the outer blob's (§2, §8.3) */
	bool reserved; /* an OBJECT_BLOB_SLOTS was read: the flag may stand for its payload */
	zs_wire_error err;
	size_t err_pos;
	zs_rframe *frames;
	uint32_t frames_cap;
	zs_rstr *strs;
	uint32_t nstrs, strs_cap;
	/* The input is longer than UINT32_MAX bytes (or zs_reader_keep_wide() said so): each
	 * string's offset and length, in full, two words an entry for wide_cap entries. Only
	 * zs_reader_next() records strings then. */
	bool wide_on;
	uint32_t wide_cap;
	uint64_t *wide;
	zs_rshape *shapes;
	uint32_t nshapes, shapes_cap;
	zs_key *keys;
	uint32_t nkeys, keys_cap;
	/* per slot of this blob (slot_obj[0] is slot base + 1): ZS_SLOT_* bits */
	uint8_t *slot_obj;
	/* per slot, beside slot_obj: for a container still open, the index + 1 of the container
	 * holding it (0: none); else the index one past its last element's slot. Only arrays'
	 * and objects' entries are read, so a scalar's may be left unwritten, as may its
	 * slot_height. */
	uint32_t *slot_end;
	/* per slot, beside slot_obj: the levels (§11) its value spans; for a container still
	 * open, those of its deepest element so far */
	uint32_t *slot_height;
	uint32_t open_slot; /* index + 1 of the innermost open container's slot, 0: none */
	uint32_t nslots, slots_cap;
	uint32_t base; /* slots of the outer blob before this nested one's first value, else 0 */
	/* nslots may grow without zs_reader_next() up to here: slots_cap with the reference
	 * flag (slot_obj has room), else the format's limit */
	uint32_t slot_limit;
	uint32_t *dupset; /* scratch hash set for duplicate keys */
	size_t dupset_cap;
	uint32_t dup_sorts;  /* shapes whose keys probed the set too long and were sorted instead */
	zs_shape_memo *memo; /* NULL unless zs_reader_use_memo() */
	uint64_t memo_gen;
	/* The first entries of each table live here, so that small blobs (sessions, cache
	 * entries) need no allocation. Hence a reader must not be copied once initialised.
	 * Written before it is read, this is the one part zs_reader_init() does not clear, and
	 * it stays the last member (zs_wire_read.c checks it at compile time): any field
	 * declared above starts cleared. */
	struct {
		zs_rframe frames[8];
		zs_rstr strs[8];
		zs_rshape shapes[4];
		zs_key keys[16];
	} inl;
} zs_reader;

/* A reader's slot tables (slot_obj, slot_end, slot_height), handed on to a later reader so
 * that a caller reading many blobs with the reference flag does not grow them again for each
 * (each growth copies them, and fresh pages fault in). A reader writes an entry before it
 * reads it, so what an earlier reader left there is never seen. */
typedef struct zs_slot_tables {
	uint8_t *obj;
	uint32_t *end, *height;
	uint32_t cap; /* entries each has room for; 0: no tables */
} zs_slot_tables;

/* A reader's string table, handed on to a later reader as the slot tables are: a caller
 * decoding many blobs does not grow it again for each (a table of 10,000 strings took ten
 * growths, each copying it). Entries are written before they are read, as there. */
typedef struct zs_str_table {
	zs_rstr *strs;
	uint32_t cap; /* entries it has room for; 0: no table */
} zs_str_table;

/* Prepares a reader over data[0..len). max_depth: the most containers open at once (§11); 0
 * for no limit but the input's size.
 * Nothing is allocated until the small built-in tables overflow; always call
 * zs_reader_free(). The reader points into itself: never copy or move it. */
void zs_reader_init(zs_reader *r, const void *data, size_t len, const zs_alloc *alloc,
                    uint32_t max_depth);
/* For tests: makes a reader just initialised keep its strings' offsets and lengths as it does
 * for an input longer than UINT32_MAX bytes (zs_reader.wide), so that that path runs on
 * inputs of any size. Events and errors are the same. */
void zs_reader_keep_wide(zs_reader *r);
/* Makes the reader take shape definitions it meets again from m, and put those it checks
 * there (zs_shape_memo.h), until zs_reader_free(). Events and errors are the same as
 * without it, but for the offset of an out-of-memory error. */
void zs_reader_use_memo(zs_reader *r, zs_shape_memo *m);
/* Releases the tables; the event pointers into the input stay valid. */
void zs_reader_free(zs_reader *r);
/* After a successful zs_reader_header(), before the first value: r takes t's tables (allocated
 * through r's allocator) and t is emptied. */
void zs_reader_adopt_slots(zs_reader *r, zs_slot_tables *t);
/* Before zs_reader_free(): when r has slot tables of at most `max` entries and t is empty, t
 * takes them and r keeps none; otherwise zs_reader_free() frees them. */
void zs_reader_yield_slots(zs_reader *r, zs_slot_tables *t, uint32_t max);

/* Before the first string: r takes t's table (allocated through r's allocator) when it is
 * larger than r's own, and t is emptied. */
void zs_reader_adopt_strs(zs_reader *r, zs_str_table *t);
/* Before zs_reader_free(): when r's string table is an allocated one of at most `max`
 * entries and t is empty, t takes it; otherwise zs_reader_free() frees it. */
void zs_reader_yield_strs(zs_reader *r, zs_str_table *t, uint32_t max);

/* Checks the 2-byte header (§2). False with r->err set on failure. */
bool zs_reader_header(zs_reader *r);
/* Reads the next event. False on error: r->err and r->err_pos say what and where; after an
 * error every later call fails too. Call only while !zs_reader_done(). */
bool zs_reader_next(zs_reader *r, zs_event *ev);
/* Checks that no bytes follow the value (§10). Call once zs_reader_done() is true. */
bool zs_reader_finish(zs_reader *r);

/* True once the top-level value is complete. */
ZS_INLINE bool zs_reader_done(const zs_reader *r)
{
	return r->done;
}

/* Offset and length in the input of string table entry idx. */
ZS_INLINE size_t zs_reader_str_off(const zs_reader *r, uint32_t idx)
{
	return ZS_UNLIKELY(r->wide_on) ? (size_t)r->wide[2 * (size_t)idx] : r->strs[idx].off;
}

ZS_INLINE size_t zs_reader_str_len(const zs_reader *r, uint32_t idx)
{
	return ZS_UNLIKELY(r->wide_on) ? (size_t)r->wide[2 * (size_t)idx + 1] : r->strs[idx].len;
}

/* Bytes of string table entry idx (an index an event handed out, so always valid). */
ZS_INLINE const unsigned char *zs_reader_str(const zs_reader *r, uint32_t idx, size_t *len)
{
	*len = zs_reader_str_len(r, idx);
	return r->start + zs_reader_str_off(r, idx);
}

/* The consumer's word of string table entry idx (zs_rstr): NULL until it stores one. */
ZS_INLINE void **zs_reader_str_user(zs_reader *r, uint32_t idx)
{
	return &r->strs[idx].user;
}

/* Key j (0-based) of shape `shape`. */
ZS_INLINE const zs_key *zs_reader_shape_key(const zs_reader *r, uint32_t shape, uint32_t j)
{
	return &r->keys[r->shapes[shape].key_base + j];
}

/* The kind of value each tag byte starts (FORMAT.md §4), which zs_wire_tag_is_flat() tells
 * apart with one test; see zs_wire_tag_class. */
enum {
	ZS_TC_SLOW, /* MAP, objects, enums and reserved tags */
	ZS_TC_FIXINT,
	ZS_TC_NEGFIXINT,
	ZS_TC_FIXSTR,
	ZS_TC_FIXSREF,
	ZS_TC_EMPTYLIST,
	ZS_TC_FIXLIST,
	ZS_TC_FIXSHAPE,
	ZS_TC_NULL,
	ZS_TC_FALSE,
	ZS_TC_TRUE,
	ZS_TC_U8,
	ZS_TC_U16,
	ZS_TC_U32,
	ZS_TC_U64,
	ZS_TC_N8,
	ZS_TC_N16,
	ZS_TC_N32,
	ZS_TC_N64,
	ZS_TC_F32,
	ZS_TC_F64,
	ZS_TC_STR,
	ZS_TC_SREF,
	ZS_TC_LIST,
	ZS_TC_SHAPE,
	ZS_TC_BACKREF_OBJ,
	ZS_TC_BACKREF_REF,
	ZS_TC_BACKREF_ARR /* the last: the classes fit in the bits of a uint32_t */
};
/* ZS_TC_* of each tag byte. */
extern const unsigned char zs_wire_tag_class[256];

/* Whether tag starts a scalar written out in full (null, a boolean, an int or float of any
 * form, a string literal, not a back-reference to one) or a list. */
ZS_INLINE bool zs_wire_tag_is_flat(unsigned tag)
{
	const uint32_t flat = 1u << ZS_TC_FIXINT | 1u << ZS_TC_NEGFIXINT | 1u << ZS_TC_FIXSTR |
	                      1u << ZS_TC_NULL | 1u << ZS_TC_FALSE | 1u << ZS_TC_TRUE | 1u << ZS_TC_U8 |
	                      1u << ZS_TC_U16 | 1u << ZS_TC_U32 | 1u << ZS_TC_U64 | 1u << ZS_TC_N8 |
	                      1u << ZS_TC_N16 | 1u << ZS_TC_N32 | 1u << ZS_TC_N64 | 1u << ZS_TC_F32 |
	                      1u << ZS_TC_F64 | 1u << ZS_TC_STR | 1u << ZS_TC_EMPTYLIST |
	                      1u << ZS_TC_FIXLIST | 1u << ZS_TC_LIST;
	return (flat >> zs_wire_tag_class[tag & 0xFF] & 1u) != 0;
}

/* What zs_reader_step() read. */
typedef struct zs_item {
	int64_t i;      /* ZS_EV_INT; the slot referred to by ZS_EV_BACKREF_OBJ, _REF and _ARR */
	double d;       /* ZS_EV_FLOAT */
	uint32_t idx;   /* ZS_EV_STRING: table index (zs_reader_str()), ZS_WIRE_NO_INDEX for "" */
	uint32_t count; /* ZS_EV_LIST, ZS_EV_MAP: values that follow; ZS_STEP_NEW_STRING: length */
	/* ZS_STEP_NEW_STRING: the string's bytes, so that the consumer need not read the entry
	 * back (a step records strings only while the input is under 4 GiB: count holds any
	 * length) */
	const unsigned char *str;
	uint32_t shape; /* ZS_EV_MAP, ZS_EV_OBJECT: shape; ZS_WIRE_NO_INDEX for a list */
	uint32_t cls;   /* ZS_EV_OBJECT: string table index of the class name */
} zs_item;

/* What zs_reader_step() returns for a string that defines a new table entry (§5): a
 * ZS_EV_STRING whose entry is fresh, its user word still NULL, so that a consumer building
 * one value per string can skip looking for an earlier one. */
#define ZS_STEP_NEW_STRING ((int)ZS_EV_END + 1)

/* zs_reader_step() for a new array shape (MAP, §7), out of line to keep zs_reader_step()
 * small: call it when that gave -1. Reads the map's count and keys with every check of
 * zs_reader_next() and opens it as zs_reader_step() opens a shape; ZS_EV_MAP with
 * it->count and it->shape set. -1 with nothing consumed when the next value is no MAP, the
 * frame table is full, the depth limit is reached or after an error; -1 with the error set
 * (as zs_reader_next() reports it) when the definition is malformed. */
int zs_reader_step_map(zs_reader *r, zs_rframe *f, zs_item *it);

/* A canonical varint of one to three bytes (FORMAT.md §3) at p, with `left` bytes there:
 * its length, the value in *v; 0 when it is longer, truncated or overlong (then
 * zs_reader_next() reads it and reports what is wrong). */
ZS_INLINE unsigned zs_varint3(const unsigned char *p, size_t left, uint32_t *v)
{
	if (left >= 1 && p[0] < 0x80) {
		*v = p[0];
		return 1;
	}
	if (left >= 2 && p[1] < 0x80) {
		*v = (uint32_t)(p[0] & 0x7F) | (uint32_t)p[1] << 7;
		return p[1] != 0 ? 2 : 0;
	}
	if (left >= 3 && p[2] < 0x80) {
		*v = (uint32_t)(p[0] & 0x7F) | (uint32_t)(p[1] & 0x7F) << 7 | (uint32_t)p[2] << 14;
		return p[2] != 0 ? 3 : 0;
	}
	return 0;
}

/* Eight bytes at p, little-endian (§4). */
ZS_INLINE uint64_t zs_load_le64(const unsigned char *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
	       (uint64_t)p[7] << 56;
}

/* The end of a zs_reader_step() that opened nothing: consumes up to p, takes the slot
 * (an object's if obj) and returns type. Each case returns through it with its own constant
 * type, so a caller that inlines the step and then switches on the type can resolve that
 * switch where the case ends instead of jumping again. */
ZS_INLINE int zs_reader_step_end(zs_reader *r, zs_rframe *f, const unsigned char *p, uint8_t obj,
                                 int type)
{
	r->p = p;
	f->remaining--;
	if (r->refs) {
		uint32_t i = r->nslots - r->base;
		r->slot_obj[i] = obj;
		/* a scalar's end and height are never read: only those of arrays and objects */
		if (obj != 0) {
			r->slot_end[i] = i + 1;
			r->slot_height[i] = 0;
		}
	}
	r->nslots++;
	return type;
}

/* With the reference flag: the container whose slot has index i (its slot_obj set) was
 * opened; it is now the innermost, and an object makes the one holding it impure (§9.1). */
ZS_INLINE void zs_reader_slot_open(zs_reader *r, uint32_t i)
{
	if (r->open_slot && (r->slot_obj[i] & ZS_SLOT_OBJ)) {
		r->slot_obj[r->open_slot - 1] |= ZS_SLOT_IMPURE;
	}
	r->slot_obj[i] |= ZS_SLOT_OPEN;
	r->slot_end[i] = r->open_slot;
	r->open_slot = i + 1;
}

/* With the reference flag: the innermost open container is complete. */
ZS_INLINE void zs_reader_slot_close(zs_reader *r)
{
	uint32_t i = r->open_slot - 1, h = r->slot_height[i] + 1, o;
	uint8_t fl = r->slot_obj[i];

	o = r->open_slot = r->slot_end[i];
	r->slot_end[i] = r->nslots - r->base;
	r->slot_obj[i] = (uint8_t)(fl & ~ZS_SLOT_OPEN);
	r->slot_height[i] = h;
	if (o) {
		if (fl & ZS_SLOT_IMPURE) {
			r->slot_obj[o - 1] |= ZS_SLOT_IMPURE;
		}
		if (r->slot_height[o - 1] < h) {
			r->slot_height[o - 1] = h;
		}
	}
}

/* The case labels of 4 and of 16 consecutive tags. zs_reader_step() switches on the tag
 * byte itself, each of whose 256 values it lists or leaves to default: the compiler then
 * jumps through one table indexed by the byte, with no class looked up first and no range
 * test. */
#define ZS_CASES4(t) \
	case (t):        \
	case (t) + 1:    \
	case (t) + 2:    \
	case (t) + 3:
#define ZS_CASES16(t)  \
	ZS_CASES4(t)       \
	ZS_CASES4((t) + 4) \
	ZS_CASES4((t) + 8) \
	ZS_CASES4((t) + 12)

/* Reads the next value of the innermost open container, which the caller knows is not
 * complete (f is r->frames[r->depth - 1], f->remaining > 0), when its form cannot fail here
 * and needs no table to grow: null, booleans, ints of every form, floats (F32, and F64 of a
 * value that binary32 does not hold), strings (FIXSTR, FIXSREF, STR and SREF with varints of up to
 * 3 bytes) while the string table has room; lists (FIXLIST, LIST), shapes already defined, of
 * arrays or objects (FIXSHAPE, SHAPE), within the depth limit and the frame table's room;
 * BACKREF_OBJ and BACKREF_REF (varints of up to 3 bytes) to a valid slot of the right kind in a
 * blob with the reference flag; BACKREF_ARR likewise to an array shared before (§9.1: the first
 * copy of an array, which freezes its slots, and every refusal go through zs_reader_next()) within
 * the depth limit. It takes the value's slot (none for BACKREF_REF), advances the container and
 * opens a list, map or object exactly as zs_reader_next() would, and returns the event type:
 * ZS_EV_NULL, _FALSE, _TRUE, _INT, _FLOAT, _STRING, _LIST, _MAP, _OBJECT, _BACKREF_OBJ,
 * _BACKREF_REF or _BACKREF_ARR, or ZS_STEP_NEW_STRING, with *it filled. An empty list opens no
 * frame (it holds nothing and is no level, §11): the caller sees ZS_EV_LIST with count 0 and no END
 * follows. Any other value gives -1 with nothing consumed: read it with zs_reader_next(), which
 * makes every check and reports every error. After an error it always gives -1. */
ZS_INLINE int zs_reader_step(zs_reader *r, zs_rframe *f, zs_item *it)
{
	const unsigned char *p = r->p;
	size_t left = (size_t)(r->end - p), n;
	uint32_t v;
	unsigned tag, m;
	uint8_t obj = 0;
	int type;

	/* slot_limit is lowered to nslots by any error */
	if (ZS_UNLIKELY(left == 0 || r->nslots == r->slot_limit)) {
		return -1;
	}
	tag = *p;
	switch (tag) {
		ZS_CASES16(ZS_T_FIXINT)
		ZS_CASES16(ZS_T_FIXINT + 0x10)
		ZS_CASES16(ZS_T_FIXINT + 0x20)
		ZS_CASES16(ZS_T_FIXINT + 0x30)
		it->i = (int64_t)tag;
		return zs_reader_step_end(r, f, p + 1, 0, ZS_EV_INT);
		ZS_CASES16(ZS_T_NEGFIXINT)
		it->i = (int64_t)tag - 0x100;
		return zs_reader_step_end(r, f, p + 1, 0, ZS_EV_INT);
		ZS_CASES16(ZS_T_FIXSTR)
		ZS_CASES16(ZS_T_FIXSTR + 0x10)
		n = tag - ZS_T_FIXSTR;
		if (n >= left) {
			return -1;
		}
		if (n == 0) {
			it->idx = ZS_WIRE_NO_INDEX;
			return zs_reader_step_end(r, f, p + 1, 0, ZS_EV_STRING);
		}
		if (r->nstrs == r->strs_cap || r->wide_on) {
			return -1;
		}
		zs_rstr_set(&r->strs[r->nstrs], (size_t)(p + 1 - r->start), n);
		it->idx = r->nstrs++;
		it->str = p + 1;
		it->count = (uint32_t)n;
		return zs_reader_step_end(r, f, p + 1 + n, 0, ZS_STEP_NEW_STRING);
		ZS_CASES16(ZS_T_FIXSREF)
		ZS_CASES16(ZS_T_FIXSREF + 0x10)
		ZS_CASES16(ZS_T_FIXSREF + 0x20)
		if (tag - ZS_T_FIXSREF >= r->nstrs) {
			return -1;
		}
		it->idx = tag - ZS_T_FIXSREF;
		return zs_reader_step_end(r, f, p + 1, 0, ZS_EV_STRING);
	case ZS_T_NULL:
		return zs_reader_step_end(r, f, p + 1, 0, ZS_EV_NULL);
	case ZS_T_FALSE:
		return zs_reader_step_end(r, f, p + 1, 0, ZS_EV_FALSE);
	case ZS_T_TRUE:
		return zs_reader_step_end(r, f, p + 1, 0, ZS_EV_TRUE);
	case ZS_T_U8:
		if (left < 2 || p[1] < ZS_FIXINT_N) {
			return -1;
		}
		it->i = p[1];
		return zs_reader_step_end(r, f, p + 2, 0, ZS_EV_INT);
	case ZS_T_U16:
		if (left < 3 || p[2] == 0) {
			return -1;
		}
		it->i = (int64_t)(p[1] | (uint32_t)p[2] << 8);
		return zs_reader_step_end(r, f, p + 3, 0, ZS_EV_INT);
	case ZS_T_U32:
		if (left < 5 || (p[3] | p[4]) == 0) {
			return -1;
		}
		it->i = (int64_t)((uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16 |
		                  (uint32_t)p[4] << 24);
		return zs_reader_step_end(r, f, p + 5, 0, ZS_EV_INT);
	case ZS_T_U64:
		/* at least 2^32 (a shorter form holds less), at most INT64_MAX (§4.1) */
		if (left < 9 || (p[5] | p[6] | p[7] | p[8]) == 0 || p[8] > 0x7F) {
			return -1;
		}
		it->i = (int64_t)zs_load_le64(p + 1);
		return zs_reader_step_end(r, f, p + 9, 0, ZS_EV_INT);
	case ZS_T_N8:
		/* the value is -1 - payload; each payload is at least what the shorter form holds */
		if (left < 2 || p[1] < ZS_NEGFIXINT_N) {
			return -1;
		}
		it->i = -1 - (int64_t)p[1];
		return zs_reader_step_end(r, f, p + 2, 0, ZS_EV_INT);
	case ZS_T_N16:
		if (left < 3 || p[2] == 0) {
			return -1;
		}
		it->i = -1 - (int64_t)(p[1] | (uint32_t)p[2] << 8);
		return zs_reader_step_end(r, f, p + 3, 0, ZS_EV_INT);
	case ZS_T_N32:
		if (left < 5 || (p[3] | p[4]) == 0) {
			return -1;
		}
		it->i = -1 - (int64_t)((uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16 |
		                       (uint32_t)p[4] << 24);
		return zs_reader_step_end(r, f, p + 5, 0, ZS_EV_INT);
	case ZS_T_N64:
		if (left < 9 || (p[5] | p[6] | p[7] | p[8]) == 0 || p[8] > 0x7F) {
			return -1;
		}
		it->i = -1 - (int64_t)zs_load_le64(p + 1);
		return zs_reader_step_end(r, f, p + 9, 0, ZS_EV_INT);
	case ZS_T_F32: {
		uint32_t b32;
		float fl;
		if (left < 5) {
			return -1;
		}
		b32 = (uint32_t)p[1] | (uint32_t)p[2] << 8 | (uint32_t)p[3] << 16 | (uint32_t)p[4] << 24;
		memcpy(&fl, &b32, 4);
		it->d = (double)fl;
		return zs_reader_step_end(r, f, p + 5, 0, ZS_EV_FLOAT);
	}
	case ZS_T_F64: {
		uint64_t b64;
		uint32_t b32;
		if (left < 9) {
			return -1;
		}
		b64 = zs_load_le64(p + 1);
		memcpy(&it->d, &b64, 8);
		/* a value binary32 holds is written F32 (§4.2): zs_reader_next() refuses it */
		if (zs_wire_float_is_f32(it->d, &b32)) {
			return -1;
		}
		return zs_reader_step_end(r, f, p + 9, 0, ZS_EV_FLOAT);
	}
	case ZS_T_STR:
		/* length - 32 in a varint (§5) */
		m = zs_varint3(p + 1, left - 1, &v);
		if (m == 0 || r->nstrs == r->strs_cap || r->wide_on) {
			return -1;
		}
		n = (size_t)v + ZS_FIXSTR_N;
		if (n > left - 1 - m) {
			return -1;
		}
		zs_rstr_set(&r->strs[r->nstrs], (size_t)(p + 1 + m - r->start), n);
		it->idx = r->nstrs++;
		it->str = p + 1 + m;
		it->count = (uint32_t)n;
		return zs_reader_step_end(r, f, p + 1 + m + n, 0, ZS_STEP_NEW_STRING);
	case ZS_T_SREF:
		/* index - 48 in a varint */
		m = zs_varint3(p + 1, left - 1, &v);
		if (m == 0 || v + ZS_FIXSREF_N >= r->nstrs) {
			return -1;
		}
		it->idx = v + ZS_FIXSREF_N;
		return zs_reader_step_end(r, f, p + 1 + m, 0, ZS_EV_STRING);
	case ZS_T_FIXLIST:
		it->count = 0;
		it->shape = ZS_WIRE_NO_INDEX;
		return zs_reader_step_end(r, f, p + 1, ZS_SLOT_ARR, ZS_EV_LIST);
	case ZS_T_FIXLIST + 1:
	case ZS_T_FIXLIST + 2:
	case ZS_T_FIXLIST + 3:
		ZS_CASES4(ZS_T_FIXLIST + 4)
		ZS_CASES4(ZS_T_FIXLIST + 8)
		ZS_CASES4(ZS_T_FIXLIST + 12)
		v = tag - ZS_T_FIXLIST;
		n = 1;
		goto open_list;
	case ZS_T_LIST:
		m = zs_varint3(p + 1, left - 1, &v);
		if (m == 0) {
			return -1;
		}
		v += ZS_FIXLIST_N;
		n = 1 + m;
open_list:
		it->shape = ZS_WIRE_NO_INDEX;
		type = ZS_EV_LIST;
		obj = ZS_SLOT_ARR;
		goto open;
		ZS_CASES16(ZS_T_FIXSHAPE)
		ZS_CASES16(ZS_T_FIXSHAPE + 0x10)
		v = tag - ZS_T_FIXSHAPE;
		n = 1;
		goto open_shape;
	case ZS_T_SHAPE:
		m = zs_varint3(p + 1, left - 1, &v);
		if (m == 0) {
			return -1;
		}
		v += ZS_FIXSHAPE_N;
		n = 1 + m;
open_shape:
		if (v >= r->nshapes) {
			return -1;
		}
		it->shape = v;
		it->cls = r->shapes[v].cls;
		v = r->shapes[v].count;
		type = ZS_EV_MAP;
		obj = ZS_SLOT_ARR;
		if (it->cls != ZS_WIRE_NO_INDEX) {
			/* an object shape (§8.1): an object, one level even without properties */
			type = ZS_EV_OBJECT;
			obj = ZS_SLOT_OBJ;
		}
open:
		/* each value needs at least a byte; a frame without growing; the depth limit */
		if (v > left - n || r->depth == r->frames_cap || r->level >= r->max_depth) {
			return -1;
		}
		it->count = v;
		p += n;
		break;
	case ZS_T_BACKREF_OBJ:
		/* an earlier slot holding an object (§9); this one takes the next slot */
		m = zs_varint3(p + 1, left - 1, &v);
		if (!r->refs || m == 0 || v >= r->nslots || v < r->base ||
		    !(r->slot_obj[v - r->base] & (ZS_SLOT_OBJ | ZS_SLOT_ANY))) {
			return -1;
		}
		it->i = (int64_t)v + 1;
		r->refs_seen = true;
		return zs_reader_step_end(r, f, p + 1 + m, ZS_SLOT_OBJ, ZS_EV_BACKREF_OBJ);
	case ZS_T_BACKREF_REF:
		/* any slot taken so far; takes none itself */
		m = zs_varint3(p + 1, left - 1, &v);
		if (!r->refs || m == 0 || v >= r->nslots ||
		    (v >= r->base && (r->slot_obj[v - r->base] & ZS_SLOT_FROZEN))) {
			return -1;
		}
		if (v >= r->base) {
			r->slot_obj[v - r->base] |= ZS_SLOT_REFD;
		}
		if (r->open_slot) {
			r->slot_obj[r->open_slot - 1] |= ZS_SLOT_IMPURE;
		}
		it->i = (int64_t)v + 1;
		p += 1 + m;
		r->refs_seen = true;
		r->p = p;
		f->remaining--;
		return ZS_EV_BACKREF_REF;
	case ZS_T_BACKREF_ARR: {
		uint32_t h, i;
		uint8_t fl;
		m = zs_varint3(p + 1, left - 1, &v);
		if (!r->refs || m == 0 || v >= r->nslots || v < r->base) {
			return -1;
		}
		fl = r->slot_obj[v - r->base];
		if ((fl & (ZS_SLOT_ARR | ZS_SLOT_OPEN | ZS_SLOT_IMPURE | ZS_SLOT_SHARED)) !=
		    (ZS_SLOT_ARR | ZS_SLOT_SHARED)) {
			return -1;
		}
		h = r->slot_height[v - r->base];
		if ((uint64_t)r->level + h > r->max_depth) {
			return -1;
		}
		it->i = (int64_t)v + 1;
		r->refs_seen = true;
		i = r->nslots - r->base;
		zs_reader_step_end(r, f, p + 1 + m, ZS_SLOT_ARR, ZS_EV_BACKREF_ARR);
		r->slot_height[i] = h;
		if (r->open_slot && r->slot_height[r->open_slot - 1] < h) {
			r->slot_height[r->open_slot - 1] = h;
		}
		return ZS_EV_BACKREF_ARR;
	}
	default:
		return -1;
	}
	/* only lists, maps and objects come here; all but an empty list open a frame */
	zs_reader_step_end(r, f, p, obj, type);
	if (type != ZS_EV_LIST || it->count > 0) {
		zs_rframe *nf = &r->frames[r->depth++];
		nf->remaining = it->count;
		nf->count = it->count;
		nf->key_base = type == ZS_EV_LIST ? ZS_WIRE_NO_INDEX : r->shapes[it->shape].key_base;
		nf->level = 1;
		r->level++;
		if (r->refs) {
			zs_reader_slot_open(r, r->nslots - 1 - r->base);
		}
	}
	return type;
}

/* Closes the innermost container once it is complete (its frame's remaining is 0): what
 * the END event of zs_reader_next() does. */
ZS_INLINE void zs_reader_close(zs_reader *r)
{
	uint32_t level = r->frames[r->depth - 1].level;

	/* level 0: an empty list, which takes no place among the open containers' slots */
	if (r->refs && level) {
		zs_reader_slot_close(r);
	}
	r->level -= level;
	if (--r->depth == 0) {
		r->done = true;
	}
}

/* zs_reader_next() with container ends and zs_reader_step() inline. Same checks and same
 * events; everything else (and an empty list, whose END zs_reader_next() gives) goes
 * through zs_reader_next(). */
ZS_INLINE bool zs_reader_next_fast(zs_reader *r, zs_event *ev)
{
	zs_rframe *f;
	zs_item it = {0};
	size_t pos = (size_t)(r->p - r->start);
	uint32_t kpos;
	int type;

	if (ZS_UNLIKELY(r->depth == 0 || r->err != ZS_WE_NONE)) {
		return zs_reader_next(r, ev);
	}
	f = &r->frames[r->depth - 1];
	if (f->remaining == 0) {
		ev->type = ZS_EV_END;
		ev->has_key = false;
		ev->pos = pos;
		zs_reader_close(r);
		return true;
	}
	kpos = f->count - f->remaining;
	if (r->p < r->end && *r->p == ZS_T_FIXLIST) {
		return zs_reader_next(r, ev);
	}
	type = zs_reader_step(r, f, &it);
	if (type < 0) {
		return zs_reader_next(r, ev);
	}
	ev->type = (zs_event_type)type;
	ev->pos = pos;
	ev->slot = r->nslots;
	switch (type) {
	case ZS_EV_INT:
		ev->i = it.i;
		break;
	case ZS_EV_FLOAT:
		ev->d = it.d;
		break;
	case ZS_STEP_NEW_STRING:
		ev->type = ZS_EV_STRING;
		ev->index = it.idx;
		ev->str = it.str;
		ev->len = it.count;
		break;
	case ZS_EV_STRING:
		ev->index = it.idx;
		if (it.idx == ZS_WIRE_NO_INDEX) {
			ev->str = r->p;
			ev->len = 0;
		} else {
			ev->str = zs_reader_str(r, it.idx, &ev->len);
		}
		break;
	case ZS_EV_LIST:
	case ZS_EV_MAP:
		ev->count = it.count;
		ev->shape = it.shape;
		ev->cls = ZS_WIRE_NO_INDEX;
		break;
	case ZS_EV_OBJECT:
		ev->count = it.count;
		ev->shape = it.shape;
		ev->cls = it.cls;
		break;
	case ZS_EV_BACKREF_REF:
		ev->slot = 0;
		ev->target = (uint32_t)it.i;
		break;
	case ZS_EV_BACKREF_OBJ:
	case ZS_EV_BACKREF_ARR:
		ev->target = (uint32_t)it.i;
		break;
	default:
		break;
	}
	if (f->key_base != ZS_WIRE_NO_INDEX) {
		ev->has_key = true;
		ev->key = r->keys[f->key_base + kpos];
	} else {
		ev->has_key = false;
		ev->key.is_str = 0;
		ev->key.i = kpos;
		ev->key.str = ZS_WIRE_NO_INDEX;
	}
	return true;
}

/* Validates a whole blob (header, one value, no trailing bytes) without building it.
 * Returns true if valid; otherwise sets *err and *pos (both may be NULL). */
bool zs_wire_validate(const void *data, size_t len, const zs_alloc *alloc, uint32_t max_depth,
                      zs_wire_error *err, size_t *pos);

#endif /* ZS_WIRE_READ_H */
