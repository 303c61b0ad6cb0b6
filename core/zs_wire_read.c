/* zser — SPDX-License-Identifier: MIT
 *
 * The one reader of the binary format: every byte of a blob is looked at here, through a
 * cursor that compares each length and count with what remains before using it (FORMAT.md
 * §12). Containers are tracked on an explicit, capped stack, so depth costs heap, never C
 * stack. The reader emits events and keeps only the tables needed to check indexes; it
 * builds no values and knows nothing of PHP.
 */
#include "zs_wire_read.h"
#include "zs_grow.h"
#include "zs_sort.h"
#include "zs_wire_write.h"

#include <string.h>

#define REMAIN(r) ((size_t)((r)->end - (r)->p))

static bool fail(zs_reader *r, zs_wire_error e, const unsigned char *at)
{
	if (r->err == ZS_WE_NONE) {
		r->err = e;
		r->err_pos = (size_t)(at - r->start);
	}
	/* stops zs_reader_step() */
	r->slot_limit = r->nslots;
	return false;
}

/* clang-format off */
#define C4(c) c, c, c, c
#define C16(c) C4(c), C4(c), C4(c), C4(c)
const unsigned char zs_wire_tag_class[256] = {
	/* 0x00-0x3F FIXINT */
	C16(ZS_TC_FIXINT), C16(ZS_TC_FIXINT), C16(ZS_TC_FIXINT), C16(ZS_TC_FIXINT),
	/* 0x40-0x5F FIXSTR */
	C16(ZS_TC_FIXSTR), C16(ZS_TC_FIXSTR),
	/* 0x60-0x8F FIXSREF */
	C16(ZS_TC_FIXSREF), C16(ZS_TC_FIXSREF), C16(ZS_TC_FIXSREF),
	/* 0x90 the empty list, 0x91-0x9F FIXLIST */
	ZS_TC_EMPTYLIST, ZS_TC_FIXLIST, ZS_TC_FIXLIST, ZS_TC_FIXLIST,
	C4(ZS_TC_FIXLIST), C4(ZS_TC_FIXLIST), C4(ZS_TC_FIXLIST),
	/* 0xA0-0xBF FIXSHAPE */
	C16(ZS_TC_FIXSHAPE), C16(ZS_TC_FIXSHAPE),
	/* 0xC0-0xCF: NULL FALSE TRUE U8 U16 U32 U64 N8 N16 N32 N64 F32 F64 STR SREF LIST */
	ZS_TC_NULL, ZS_TC_FALSE, ZS_TC_TRUE, ZS_TC_U8, ZS_TC_U16, ZS_TC_U32, ZS_TC_U64, ZS_TC_N8,
	ZS_TC_N16, ZS_TC_N32, ZS_TC_N64, ZS_TC_F32, ZS_TC_F64, ZS_TC_STR, ZS_TC_SREF, ZS_TC_LIST,
	/* 0xD0-0xDF: MAP OBJECT SHAPE, then objects, back-references and reserved tags */
	ZS_TC_SLOW, ZS_TC_SLOW, ZS_TC_SHAPE, ZS_TC_SLOW, ZS_TC_SLOW, ZS_TC_SLOW, ZS_TC_BACKREF_OBJ,
	ZS_TC_BACKREF_REF, ZS_TC_SLOW, ZS_TC_BACKREF_ARR, ZS_TC_SLOW, ZS_TC_SLOW, C4(ZS_TC_SLOW),
	/* 0xE0-0xEF reserved */
	C16(ZS_TC_SLOW),
	/* 0xF0-0xFF NEGFIXINT */
	C16(ZS_TC_NEGFIXINT)
};
#undef C4
#undef C16
/* clang-format on */

/* zs_reader_init() clears everything before `inl`: it must be the last member. */
typedef char zs_reader_inl_is_last
        [sizeof(zs_reader) == offsetof(zs_reader, inl) + sizeof(((zs_reader *)0)->inl) ? 1 : -1];

void zs_reader_init(zs_reader *r, const void *data, size_t len, const zs_alloc *alloc,
                    uint32_t max_depth)
{
	zs_zero_small(r, offsetof(zs_reader, inl));
	r->frames = r->inl.frames;
	r->frames_cap = sizeof(r->inl.frames) / sizeof(r->inl.frames[0]);
	r->strs = r->inl.strs;
	r->strs_cap = sizeof(r->inl.strs) / sizeof(r->inl.strs[0]);
	r->shapes = r->inl.shapes;
	r->shapes_cap = sizeof(r->inl.shapes) / sizeof(r->inl.shapes[0]);
	r->keys = r->inl.keys;
	r->keys_cap = sizeof(r->inl.keys) / sizeof(r->inl.keys[0]);
	r->start = (const unsigned char *)data;
	r->p = r->start;
	r->end = r->start + len;
	r->alloc = alloc;
	r->slot_limit = ZS_WIRE_MAX_ENTRIES;
	/* a level takes at least one input byte, and the frame stack grows from the allocator
	 * as levels are entered: no limit is bounded by the input (§11, §12) */
	r->max_depth = max_depth == 0 ? UINT32_MAX : max_depth;
	r->wide_on = len > UINT32_MAX;
}

void zs_reader_keep_wide(zs_reader *r)
{
	r->wide_on = true;
}

static void release(zs_reader *r, void *p, const void *inl)
{
	if (p && p != inl) {
		r->alloc->free(r->alloc->ctx, p);
	}
}

void zs_reader_use_memo(zs_reader *r, zs_shape_memo *m)
{
	r->memo = m;
	r->memo_gen = zs_shape_memo_enter(m);
}

void zs_reader_free(zs_reader *r)
{
	if (r->memo) {
		zs_shape_memo_leave(r->memo);
		r->memo = NULL;
	}
	release(r, r->frames, r->inl.frames);
	release(r, r->strs, r->inl.strs);
	release(r, r->shapes, r->inl.shapes);
	release(r, r->keys, r->inl.keys);
	release(r, r->slot_obj, NULL);
	release(r, r->slot_end, NULL);
	release(r, r->slot_height, NULL);
	release(r, r->dupset, NULL);
	release(r, r->wide, NULL);
	r->wide = NULL;
	r->wide_cap = 0;
	r->frames = NULL;
	r->strs = NULL;
	r->shapes = NULL;
	r->keys = NULL;
	r->slot_obj = NULL;
	r->slot_end = NULL;
	r->slot_height = NULL;
	r->dupset = NULL;
}

/* Grows a table to hold `need` entries of `elem` bytes (zs_grow.h); returns the (possibly
 * moved) table, or NULL with the error set. Every caller's `need` is bounded by the input size.
 * `most`: how many entries the table can ever need (see zs_grow_upto()), 0 when unknown. */
static void *grow_upto(zs_reader *r, void *arr, uint32_t *cap, uint32_t need, size_t elem,
                       size_t most)
{
	size_t ncap = *cap;
	const void *inl;

	if (need <= *cap) {
		return arr;
	}
	if (need > ZS_WIRE_MAX_ENTRIES) {
		fail(r, ZS_WE_LIMIT, r->p);
		return NULL;
	}
	inl = arr == (void *)r->inl.frames || arr == (void *)r->inl.strs ||
	                      arr == (void *)r->inl.shapes || arr == (void *)r->inl.keys
	              ? arr
	              : NULL;
	if (!(most ? zs_grow_upto(r->alloc, &arr, &ncap, need, elem, 16, UINT32_MAX, most, inl)
	           : zs_grow_in(r->alloc, &arr, &ncap, need, elem, 16, UINT32_MAX, inl))) {
		fail(r, ZS_WE_NOMEM, r->p);
		return NULL;
	}
	*cap = (uint32_t)ncap;
	return arr;
}

static void *grow(zs_reader *r, void *arr, uint32_t *cap, uint32_t need, size_t elem)
{
	return grow_upto(r, arr, cap, need, elem, 0);
}

/* A wide reader's offset and length of string table entry idx, in full (zs_rstr). False:
 * out of memory (the error is set). */
static bool put_wide(zs_reader *r, uint32_t idx, size_t off, size_t len)
{
	if (idx >= r->wide_cap) {
		uint64_t *w = grow(r, r->wide, &r->wide_cap, idx + 1, 2 * sizeof(uint64_t));
		if (!w) {
			return false;
		}
		r->wide = w;
	}
	r->wide[2 * (size_t)idx] = off;
	r->wide[2 * (size_t)idx + 1] = len;
	return true;
}

/* Writes entry idx of the string table, which has room for it (`user` cleared), and for a
 * wide reader its full offset and length. False: out of memory (the error is set). */
static bool put_str(zs_reader *r, uint32_t idx, size_t off, size_t len)
{
	zs_rstr_set(&r->strs[idx], off, len);
	return ZS_LIKELY(!r->wide_on) || put_wide(r, idx, off, len);
}

static bool read_varint(zs_reader *r, uint64_t *out);

/* How far zs_reader_step() may take slots: as far as slot_obj has room with the reference
 * flag, else the format's limit. */
static void set_slot_limit(zs_reader *r)
{
	uint64_t lim = r->refs ? (uint64_t)r->base + r->slots_cap : ZS_WIRE_MAX_ENTRIES;
	r->slot_limit = lim < ZS_WIRE_MAX_ENTRIES ? (uint32_t)lim : ZS_WIRE_MAX_ENTRIES;
}

void zs_reader_adopt_slots(zs_reader *r, zs_slot_tables *t)
{
	if (r->slot_obj || r->slot_end || r->slot_height) {
		/* tables of its own already: t keeps its own */
		return;
	}
	r->slot_obj = t->obj;
	r->slot_end = t->end;
	r->slot_height = t->height;
	r->slots_cap = t->cap;
	t->obj = NULL;
	t->end = NULL;
	t->height = NULL;
	t->cap = 0;
	if (r->err == ZS_WE_NONE) {
		set_slot_limit(r);
	}
}

void zs_reader_yield_slots(zs_reader *r, zs_slot_tables *t, uint32_t max)
{
	/* a first growth that failed part way left some of them NULL */
	if (t->cap != 0 || r->slots_cap == 0 || r->slots_cap > max || !r->slot_obj || !r->slot_end ||
	    !r->slot_height) {
		return;
	}
	t->obj = r->slot_obj;
	t->end = r->slot_end;
	t->height = r->slot_height;
	t->cap = r->slots_cap;
	r->slot_obj = NULL;
	r->slot_end = NULL;
	r->slot_height = NULL;
	r->slots_cap = 0;
}

void zs_reader_adopt_strs(zs_reader *r, zs_str_table *t)
{
	if (r->nstrs != 0 || r->strs != r->inl.strs || t->cap <= r->strs_cap) {
		return;
	}
	r->strs = t->strs;
	r->strs_cap = t->cap;
	t->strs = NULL;
	t->cap = 0;
}

void zs_reader_yield_strs(zs_reader *r, zs_str_table *t, uint32_t max)
{
	if (t->cap != 0 || !r->strs || r->strs == r->inl.strs || r->strs_cap > max) {
		return;
	}
	t->strs = r->strs;
	t->cap = r->strs_cap;
	r->strs = NULL;
	r->strs_cap = 0;
}

bool zs_reader_header(zs_reader *r)
{
	if (REMAIN(r) < 1) {
		return fail(r, ZS_WE_TRUNCATED, r->p);
	}
	if (r->p[0] != ZS_WIRE_MAGIC) {
		return fail(r, ZS_WE_MAGIC, r->p);
	}
	if (REMAIN(r) < 2) {
		return fail(r, ZS_WE_TRUNCATED, r->p + 1);
	}
	if ((r->p[1] & ZS_WIRE_VERSION_MASK) != ZS_WIRE_VERSION) {
		return fail(r, ZS_WE_VERSION, r->p + 1);
	}
	r->refs = (r->p[1] & ZS_WIRE_FLAG_REFS) != 0;
	r->nested = (r->p[1] & ZS_WIRE_FLAG_NESTED) != 0;
	r->p += 2;
	if (r->nested) {
		const unsigned char *at = r->p;
		uint64_t v;
		if (!read_varint(r, &v)) {
			return false;
		}
		/* base >= 1: the outer blob's OBJECT_BLOB took a slot before its payload */
		if (v >= ZS_WIRE_MAX_ENTRIES) {
			return fail(r, ZS_WE_LIMIT, at);
		}
		r->base = (uint32_t)v + 1;
		r->nslots = r->base;
	}
	set_slot_limit(r);
	return true;
}

/* ==== Numbers ==== */

/* §3: unsigned LEB128, shortest form only. */
static bool read_varint(zs_reader *r, uint64_t *out)
{
	const unsigned char *at = r->p, *p = r->p;
	uint64_t v = 0;
	unsigned shift = 0;
	unsigned char b;

	if (ZS_LIKELY(p < r->end && *p < 0x80)) {
		*out = *p;
		r->p = p + 1;
		return true;
	}
	for (;;) {
		if (p == r->end) {
			return fail(r, ZS_WE_TRUNCATED, p);
		}
		b = *p++;
		if (shift == 63 && b > 1) {
			return fail(r, ZS_WE_VARINT, at);
		}
		v |= (uint64_t)(b & 0x7F) << shift;
		if (!(b & 0x80)) {
			if (b == 0) {
				return fail(r, ZS_WE_VARINT, at);
			}
			break;
		}
		shift += 7;
	}
	*out = v;
	r->p = p;
	return true;
}

/* A biased varint (§3) whose value must not exceed `limit`; `e` is reported otherwise. */
static bool read_biased(zs_reader *r, uint64_t bias, uint64_t limit, zs_wire_error e, uint64_t *out)
{
	const unsigned char *at = r->p;
	uint64_t v;

	if (!read_varint(r, &v)) {
		return false;
	}
	if (v > limit || bias > limit - v) {
		return fail(r, e, at);
	}
	*out = v + bias;
	return true;
}

static uint64_t load_le(const unsigned char *p, unsigned n)
{
	uint64_t v = 0;
	unsigned i;
	for (i = 0; i < n; i++) {
		v |= (uint64_t)p[i] << (8 * i);
	}
	return v;
}

/* §4.1: U8..U64 and N8..N64 (tag already consumed, `at` is its position). */
static bool read_sized_int(zs_reader *r, unsigned char tag, const unsigned char *at, int64_t *out)
{
	static const unsigned char widths[4] = {1, 2, 4, 8};
	static const uint64_t mins[4] = {0, 0x100, 0x10000, 0x100000000u};
	bool neg = tag >= ZS_T_N8;
	unsigned k = (unsigned)(tag - (neg ? ZS_T_N8 : ZS_T_U8));
	unsigned n = widths[k];
	uint64_t u, lo;

	if (REMAIN(r) < n) {
		return fail(r, ZS_WE_TRUNCATED, r->p);
	}
	u = load_le(r->p, n);
	lo = k == 0 ? (neg ? ZS_NEGFIXINT_N : ZS_FIXINT_N) : mins[k];
	if (u < lo) {
		return fail(r, ZS_WE_INT_CANON, at);
	}
	if (u > (uint64_t)INT64_MAX) {
		return fail(r, ZS_WE_INT_RANGE, at);
	}
	r->p += n;
	*out = neg ? -(int64_t)u - 1 : (int64_t)u;
	return true;
}

/* §4.2 */
static bool read_float(zs_reader *r, unsigned char tag, const unsigned char *at, double *out)
{
	if (tag == ZS_T_F32) {
		uint32_t b32;
		float f;
		if (REMAIN(r) < 4) {
			return fail(r, ZS_WE_TRUNCATED, r->p);
		}
		b32 = (uint32_t)load_le(r->p, 4);
		memcpy(&f, &b32, 4);
		*out = (double)f;
		r->p += 4;
	} else {
		uint64_t b64;
		uint32_t dummy;
		if (REMAIN(r) < 8) {
			return fail(r, ZS_WE_TRUNCATED, r->p);
		}
		b64 = load_le(r->p, 8);
		memcpy(out, &b64, 8);
		if (zs_wire_float_is_f32(*out, &dummy)) {
			return fail(r, ZS_WE_FLOAT_CANON, at);
		}
		r->p += 8;
	}
	return true;
}

/* ==== Strings (§5) ==== */

static bool is_str_tag(unsigned char tag)
{
	return (tag >= ZS_T_FIXSTR && tag < ZS_T_FIXLIST) || tag == ZS_T_STR || tag == ZS_T_SREF;
}

/* A string in any of its four forms; the tag is consumed already. */
static bool read_str(zs_reader *r, unsigned char tag, const unsigned char **s, size_t *len,
                     uint32_t *idx)
{
	const unsigned char *at = r->p - 1;
	uint64_t v;

	if (tag < ZS_T_FIXSREF || tag == ZS_T_STR) {
		size_t n;
		if (tag == ZS_T_STR) {
			if (!read_biased(r, ZS_FIXSTR_N, (uint64_t)INT64_MAX, ZS_WE_TRUNCATED, &v)) {
				return false;
			}
			if (v > REMAIN(r)) {
				return fail(r, ZS_WE_TRUNCATED, at);
			}
			n = (size_t)v;
		} else {
			n = (size_t)(tag - ZS_T_FIXSTR);
			if (n > REMAIN(r)) {
				return fail(r, ZS_WE_TRUNCATED, at);
			}
		}
		*s = r->p;
		*len = n;
		*idx = ZS_WIRE_NO_INDEX;
		if (n > 0) {
			zs_rstr *t = grow(r, r->strs, &r->strs_cap, r->nstrs + 1, sizeof(zs_rstr));
			if (!t) {
				return false;
			}
			r->strs = t;
			if (!put_str(r, r->nstrs, (size_t)(r->p - r->start), n)) {
				return false;
			}
			*idx = r->nstrs++;
		}
		r->p += n;
		return true;
	}
	if (tag == ZS_T_SREF) {
		if (!read_biased(r, ZS_FIXSREF_N, ZS_WIRE_MAX_ENTRIES, ZS_WE_STR_INDEX, &v)) {
			return false;
		}
	} else {
		v = (uint64_t)(tag - ZS_T_FIXSREF);
	}
	if (v >= r->nstrs) {
		return fail(r, ZS_WE_STR_INDEX, at);
	}
	*idx = (uint32_t)v;
	*s = zs_reader_str(r, (uint32_t)v, len);
	return true;
}

/* Class name of an object or enum (§8): a non-empty string. */
static bool read_class(zs_reader *r, uint32_t *cls)
{
	const unsigned char *s, *at = r->p;
	size_t len;
	unsigned char tag;

	if (r->p == r->end) {
		return fail(r, ZS_WE_TRUNCATED, r->p);
	}
	tag = *r->p++;
	if (!is_str_tag(tag)) {
		return fail(r, ZS_WE_CLASS, at);
	}
	if (!read_str(r, tag, &s, &len, cls)) {
		return false;
	}
	if (len == 0) {
		return fail(r, ZS_WE_CLASS, at);
	}
	return true;
}

/* ==== Keys and shapes (§7, §8) ==== */

static inline bool read_key(zs_reader *r, zs_key *k)
{
	const unsigned char *at = r->p, *s;
	unsigned char tag;
	size_t len;

	if (r->p == r->end) {
		return fail(r, ZS_WE_TRUNCATED, r->p);
	}
	tag = *r->p++;
	k->i = 0;
	k->str = ZS_WIRE_NO_INDEX;
	k->is_str = 0;
	if (tag < ZS_T_FIXSTR) {
		k->i = tag;
		return true;
	}
	if (tag < ZS_T_FIXLIST) {
		/* FIXSTR and FIXSREF inline while nothing can fail; read_str() otherwise */
		size_t n = tag - ZS_T_FIXSTR;
		k->is_str = 1;
		if (tag >= ZS_T_FIXSREF) {
			if ((uint32_t)(tag - ZS_T_FIXSREF) < r->nstrs) {
				k->str = (uint32_t)(tag - ZS_T_FIXSREF);
				return true;
			}
		} else if (n > 0 && n <= REMAIN(r) && r->nstrs < r->strs_cap && !r->wide_on) {
			zs_rstr_set(&r->strs[r->nstrs], (size_t)(r->p - r->start), n);
			k->str = r->nstrs++;
			r->p += n;
			return true;
		}
		return read_str(r, tag, &s, &len, &k->str);
	}
	if (tag >= ZS_T_NEGFIXINT) {
		k->i = (int64_t)tag - 0x100;
		return true;
	}
	if (tag >= ZS_T_U8 && tag <= ZS_T_N64) {
		return read_sized_int(r, tag, at, &k->i);
	}
	if (!is_str_tag(tag)) {
		return fail(r, ZS_WE_KEY, at);
	}
	k->is_str = 1;
	return read_str(r, tag, &s, &len, &k->str);
}

static inline bool key_equal(const zs_reader *r, const zs_key *a, const zs_key *b)
{
	size_t la, lb;

	if (a->is_str != b->is_str) {
		return false;
	}
	if (!a->is_str) {
		return a->i == b->i;
	}
	if (a->str == b->str) {
		return true;
	}
	la = a->str == ZS_WIRE_NO_INDEX ? 0 : zs_reader_str_len(r, a->str);
	lb = b->str == ZS_WIRE_NO_INDEX ? 0 : zs_reader_str_len(r, b->str);
	/* different indexes of equal length are both real entries (length > 0) */
	return la == lb && memcmp(r->start + zs_reader_str_off(r, a->str),
	                          r->start + zs_reader_str_off(r, b->str), la) == 0;
}

static inline uint64_t load64(const unsigned char *s)
{
	uint64_t v;
	memcpy(&v, s, 8);
	return v;
}

static inline uint64_t load32(const unsigned char *s)
{
	uint32_t v;
	memcpy(&v, s, 4);
	return v;
}

static inline uint64_t mix64(uint64_t h)
{
	h ^= h >> 32;
	h *= 0xD6E8FEB86659FD93u;
	h ^= h >> 32;
	return h;
}

/* Spreads keys over the duplicate set, which compares the bytes of keys whose hashes meet:
 * only the spread matters. Words at a time: a byte loop cost more than the rest of reading
 * the key. Short strings are two overlapping loads, which together cover every byte. */
static uint64_t key_hash(const zs_key *k, const unsigned char *s, size_t len)
{
	uint64_t h;

	if (!k->is_str) {
		return mix64((uint64_t)k->i ^ 0x9E3779B97F4A7C15u);
	}
	if (len < 4) {
		h = len == 0 ? 0 : (uint64_t)s[0] | (uint64_t)s[len / 2] << 8 | (uint64_t)s[len - 1] << 16;
	} else if (len <= 8) {
		h = load32(s) | load32(s + len - 4) << 32;
	} else {
		size_t i;
		h = 0;
		for (i = 0; i + 8 < len; i += 8) {
			h = (h ^ load64(s + i)) * 0x9FB21C651E98DF25u;
			h ^= h >> 29;
		}
		h ^= mix64(load64(s + len - 8) + 0x2545F4914F6CDD1Du);
	}
	return mix64(h ^ (uint64_t)len * 0xBF58476D1CE4E5B9u);
}

/* The duplicate set of a shape of `count` keys, emptied: open addressing over 2 to 4 slots
 * per key. Returns its mask (slots - 1), or 0 when it cannot be had. */
static size_t dupset_reset(zs_reader *r, uint32_t count)
{
	size_t cap = 16;

	while (cap < (size_t)count * 2) {
		cap *= 2;
	}
	if (cap > r->dupset_cap) {
		uint32_t *n;
		if (cap > SIZE_MAX / sizeof(uint32_t)) {
			fail(r, ZS_WE_NOMEM, r->p);
			return 0;
		}
		release(r, r->dupset, NULL);
		r->dupset = NULL;
		r->dupset_cap = 0;
		n = r->alloc->malloc(r->alloc->ctx, cap * sizeof(uint32_t));
		if (!n) {
			fail(r, ZS_WE_NOMEM, r->p);
			return 0;
		}
		r->dupset = n;
		r->dupset_cap = cap;
	}
	memset(r->dupset, 0, cap * sizeof(uint32_t));
	return cap - 1;
}

/* Adds key keys[i] with hash hv to the duplicate set; true when an equal key is there.
 * An entry is key number + 1 (below the slot count) in its low bits and, in the bits above,
 * the same bits of the hash's upper half: a probe looks at a key only when these match, as
 * the keys and their strings lie all over memory in a large map. *steps grows by the
 * occupied slots the probe passed. */
static inline bool dupset_add(const zs_reader *r, const zs_key *keys, uint32_t i, uint64_t hv,
                              size_t mask, size_t *steps)
{
	uint32_t tag = (uint32_t)(hv >> 32) & (uint32_t)~mask, e;
	size_t h = (size_t)hv & mask;

	while ((e = r->dupset[h]) != 0) {
		if ((e & (uint32_t)~mask) == tag &&
		    key_equal(r, &keys[(e & (uint32_t)mask) - 1], &keys[i])) {
			return true;
		}
		h = (h + 1) & mask;
		++*steps;
	}
	r->dupset[h] = tag | (i + 1);
	return false;
}

/* How many occupied slots the probes of a shape of `count` keys may pass before the set
 * gives way to sorting. The hash is fixed, not secret, so keys can be made to meet on
 * purpose, and each would then pass all the others: time quadratic in the keys. At most
 * half the slots are full, where ordinary keys pass about one slot each. */
#define DUPSET_STEPS(count) ((size_t)(count)*8 + 256)

/* Orders keys: integers before strings, integers by value, strings by length then bytes. */
static int key_cmp(const zs_reader *r, const zs_key *a, const zs_key *b)
{
	size_t la, lb;

	if (a->is_str != b->is_str) {
		return a->is_str ? 1 : -1;
	}
	if (!a->is_str) {
		return a->i < b->i ? -1 : a->i > b->i;
	}
	if (a->str == b->str) {
		return 0;
	}
	la = a->str == ZS_WIRE_NO_INDEX ? 0 : zs_reader_str_len(r, a->str);
	lb = b->str == ZS_WIRE_NO_INDEX ? 0 : zs_reader_str_len(r, b->str);
	if (la != lb) {
		return la < lb ? -1 : 1;
	}
	return memcmp(r->start + zs_reader_str_off(r, a->str), r->start + zs_reader_str_off(r, b->str),
	              la);
}

typedef struct key_set {
	const zs_reader *r;
	const zs_key *keys;
} key_set;

static int key_set_cmp(const void *ctx, uint32_t a, uint32_t b)
{
	const key_set *ks = ctx;
	return key_cmp(ks->r, &ks->keys[a], &ks->keys[b]);
}

/* True when two of keys[0..n) are equal, in n log n comparisons whatever the keys, through
 * idx[0..n) and tmp[0..n). */
static bool keys_have_dup(const zs_reader *r, const zs_key *keys, uint32_t n, uint32_t *idx,
                          uint32_t *tmp)
{
	key_set ks;
	ks.r = r;
	ks.keys = keys;
	return zs_sort_items(idx, tmp, n, key_set_cmp, &ks, true) == NULL;
}

/* Sorts v[0..n) in place, n log n comparisons whatever the values (heap sort). */
static void sort_u64(uint64_t *v, size_t n)
{
	size_t start = n / 2, end = n, root, child;
	uint64_t t;

	while (end > 1) {
		if (start > 0) {
			start--; /* building the heap */
		} else {
			end--; /* moving the largest behind the heap */
			t = v[end];
			v[end] = v[0];
			v[0] = t;
		}
		for (root = start; (child = 2 * root + 1) < end; root = child) {
			if (child + 1 < end && v[child] < v[child + 1]) {
				child++;
			}
			if (v[root] >= v[child]) {
				break;
			}
			t = v[root];
			v[root] = v[child];
			v[child] = t;
		}
	}
}

/* True when an object shape's keys name one property twice (§8.1): the integer k and the
 * string of k's decimal digits. Integer keys differ from each other, and so do such strings,
 * so two equal numbers are always such a pair. v: room for `count` numbers. */
static bool names_meet(const zs_reader *r, const zs_key *keys, uint32_t count, uint64_t *v)
{
	size_t n = 0, i;
	int64_t iv;

	for (i = 0; i < count; i++) {
		const zs_key *k = &keys[i];
		if (!k->is_str) {
			v[n++] = (uint64_t)k->i;
		} else if (k->str != ZS_WIRE_NO_INDEX &&
		           zs_wire_is_int_key(r->start + zs_reader_str_off(r, k->str),
		                              zs_reader_str_len(r, k->str), &iv)) {
			v[n++] = (uint64_t)iv;
		}
	}
	/* only equality matters, so the numbers sort as unsigned */
	sort_u64(v, n);
	for (i = 1; i < n; i++) {
		if (v[i] == v[i - 1]) {
			return true;
		}
	}
	return false;
}

/* Appends a shape whose keys are r->keys[base..base + count). */
static bool add_shape(zs_reader *r, uint32_t base, uint32_t count, uint32_t cls, uint32_t memo,
                      uint32_t *shape_out)
{
	zs_rshape *shapes;

	r->nkeys = base + count;
	if (r->nshapes == r->shapes_cap) {
		shapes = grow(r, r->shapes, &r->shapes_cap, r->nshapes + 1, sizeof(zs_rshape));
		if (!shapes) {
			return false;
		}
		r->shapes = shapes;
	}
	shapes = &r->shapes[r->nshapes];
	shapes->key_base = base;
	shapes->count = count;
	shapes->cls = cls;
	shapes->memo = memo;
	*shape_out = r->nshapes++;
	return true;
}

/* read_shape_def() for a definition found in the memo: the keys and strings it adds, as
 * reading it would add them. The caller checked that the tables stay within the format's
 * limits and made room for the keys. */
static bool take_memo(zs_reader *r, zs_memo_entry *e, uint32_t slot, uint32_t cls,
                      uint32_t *shape_out)
{
	uint32_t base = r->nkeys, sbase = r->nstrs, j;
	size_t off = (size_t)(r->p - r->start);
	zs_rstr *strs, *t;

	if (sbase + e->nstr > r->strs_cap) {
		strs = grow(r, r->strs, &r->strs_cap, sbase + e->nstr, sizeof(zs_rstr));
		if (!strs) {
			return false;
		}
		r->strs = strs;
	}
	memcpy(&r->keys[base], e->keys, (size_t)e->count * sizeof(zs_key));
	if (sbase > 0) {
		for (j = 0; j < e->count; j++) {
			zs_key *k = &r->keys[base + j];
			k->str += k->str != ZS_WIRE_NO_INDEX ? sbase : 0;
		}
	}
	/* the keys' own strings, with the user words the memo keeps for them (the offset wraps
	 * only in a wide reader, which does not read it) */
	for (j = 0, t = r->strs + sbase; j < e->nstr; j++) {
		t[j] = e->strs[j];
		t[j].off += (uint32_t)off;
	}
	for (j = 0; ZS_UNLIKELY(r->wide_on) && j < e->nstr; j++) {
		if (!put_wide(r, sbase + j, (size_t)e->strs[j].off + off, e->strs[j].len)) {
			return false;
		}
	}
	r->nstrs = sbase + e->nstr;
	r->p += e->len;
	e->used = r->memo_gen;
	return add_shape(r, base, e->count, cls, slot + 1, shape_out);
}

/* After read_shape_def() checked the definition at def (new strings from string table
 * entry sbase on): remembers it when all its keys are written out and it fits the memo.
 * Returns the memo value of the shape (slot + 1, or 0). */
static uint32_t remember(zs_reader *r, const unsigned char *def, uint32_t base, uint32_t count,
                         uint32_t sbase, uint32_t cls)
{
	zs_memo_key mk[ZS_MEMO_MAX_KEYS];
	size_t len = (size_t)(r->p - def), off = (size_t)(def - r->start);
	uint32_t j, slot;
	bool is_obj = cls != ZS_WIRE_NO_INDEX;

	if (count > ZS_MEMO_MAX_KEYS || len < ZS_MEMO_MIN_BYTES || len > ZS_MEMO_MAX_BYTES) {
		return 0;
	}
	slot = zs_shape_memo_slot(count, is_obj, def);
	if (!zs_shape_memo_free_slot(r->memo, slot)) {
		return 0;
	}
	for (j = 0; j < count; j++) {
		const zs_key *k = &r->keys[base + j];
		mk[j].i = k->i;
		mk[j].is_str = k->is_str;
		mk[j].off = 0;
		mk[j].len = 0;
		if (k->str != ZS_WIRE_NO_INDEX) {
			if (k->str < sbase) {
				/* a back-reference: its meaning depends on what came before */
				return 0;
			}
			mk[j].off = (uint32_t)(zs_reader_str_off(r, k->str) - off);
			mk[j].len = (uint32_t)zs_reader_str_len(r, k->str);
		}
	}
	if (!zs_shape_memo_put(r->memo, slot, r->memo_gen, is_obj, def, (uint32_t)len, mk, count)) {
		return 0;
	}
	return slot + 1;
}

/* Makes room in the string table for the new strings of `keys` keys to come, when the
 * table is full: a large map's keys are mostly new strings, and doubling the table one key
 * at a time copied it over and over. Each new string takes at least two input bytes, so
 * no more is reserved than the rest of the input can fill. */
static bool reserve_strs(zs_reader *r, uint32_t keys)
{
	size_t most = REMAIN(r) / 2;
	uint32_t n = keys < most ? keys : (uint32_t)most;
	zs_rstr *t;

	if (n <= r->strs_cap || n > ZS_WIRE_MAX_ENTRIES - r->nstrs) {
		return true; /* doubling does as well; past the limit, reading reports it */
	}
	t = grow(r, r->strs, &r->strs_cap, r->nstrs + n, sizeof(zs_rstr));
	if (!t) {
		return false;
	}
	r->strs = t;
	return true;
}

/* Reads `count` keys and appends the shape (cls = ZS_WIRE_NO_INDEX for an array). */
static bool read_shape_def(zs_reader *r, uint32_t count, uint32_t cls, const unsigned char *at,
                           uint32_t *shape_out, uint32_t *key_base)
{
	zs_key *keys;
	const unsigned char *def = r->p;
	uint32_t base = r->nkeys, sbase = r->nstrs, j, memo = 0, nints = 0, nnames = 0;
	bool dup = false, sort = false, is_list = cls == ZS_WIRE_NO_INDEX, small = count <= 16;
	/* a duplicate is looked for as each key is read, while its bytes are at hand, and
	 * reported only after every key is read: small shapes in a 32-entry table of
	 * fingerprints (key numbers + 1) on the stack, larger ones in the duplicate set */
	uint64_t fp[16];
	unsigned char tab[32];
	size_t mask = 0, steps = 0;

	if (count > ZS_WIRE_MAX_ENTRIES - base) {
		return fail(r, ZS_WE_LIMIT, at);
	}
	if (count > 0 && base + count > r->keys_cap) {
		keys = grow(r, r->keys, &r->keys_cap, base + count, sizeof(zs_key));
		if (!keys) {
			return false;
		}
		r->keys = keys;
	}
	if (r->memo && count > 0 && count <= ZS_MEMO_MAX_KEYS && REMAIN(r) >= ZS_MEMO_MIN_BYTES) {
		bool is_obj = cls != ZS_WIRE_NO_INDEX;
		uint32_t slot = zs_shape_memo_slot(count, is_obj, r->p);
		zs_memo_entry *e = zs_shape_memo_find(r->memo, slot, count, is_obj, r->p, REMAIN(r));
		/* beyond the string table's limit, reading reports it */
		if (e && e->nstr <= ZS_WIRE_MAX_ENTRIES - sbase) {
			*key_base = base;
			return take_memo(r, e, slot, cls, shape_out);
		}
	}
	if (small) {
		memset(tab, 0, sizeof(tab));
	} else if ((mask = dupset_reset(r, count)) == 0) {
		return false;
	}
	for (j = 0; j < count; j++) {
		const unsigned char *kat = r->p, *s = r->start;
		zs_key *k = &r->keys[base + j];
		size_t len = 0;
		uint64_t f;
		if (!small && r->nstrs == r->strs_cap && !reserve_strs(r, count - j)) {
			return false;
		}
		if (!read_key(r, k)) {
			return false;
		}
		if (k->is_str) {
			int64_t iv;
			if (k->str != ZS_WIRE_NO_INDEX) {
				s = zs_reader_str(r, k->str, &len);
			}
			/* only a digit or '-' can start an integer key: skip the call otherwise */
			if (len > 0 && ((s[0] >= '0' && s[0] <= '9') || s[0] == '-') &&
			    zs_wire_is_int_key(s, len, &iv)) {
				if (cls == ZS_WIRE_NO_INDEX) {
					return fail(r, ZS_WE_NUMERIC_KEY, kat);
				}
				nnames++; /* a property name, which the integer iv would name too */
			}
			is_list = false;
			/* equal keys, equal fingerprints: strings odd (length, first, middle and last
			 * byte), ints even */
			f = len == 0 ? 1
			             : ((uint64_t)len << 25 | (uint64_t)s[0] << 17 | (uint64_t)s[len / 2] << 9 |
			                (uint64_t)s[len - 1] << 1) |
			                       1u;
		} else {
			if (k->i != (int64_t)j) {
				is_list = false;
			}
			f = (uint64_t)k->i * 2u;
			nints++;
		}
		if (!small) {
			if (!dup && !sort) {
				dup = dupset_add(r, &r->keys[base], j, key_hash(k, s, len), mask, &steps);
				sort = steps > DUPSET_STEPS(count);
			}
		} else if (!dup) {
			unsigned h = (unsigned)((f * 0x9E3779B97F4A7C15u) >> 59);
			while (tab[h]) {
				uint32_t o = tab[h] - 1u;
				if (fp[o] == f && key_equal(r, k, &r->keys[base + o])) {
					dup = true;
					break;
				}
				h = (h + 1) & 31;
			}
			tab[h] = (unsigned char)(j + 1);
			fp[j] = f;
		}
	}
	if (cls == ZS_WIRE_NO_INDEX && is_list) {
		return fail(r, ZS_WE_MAP_CANON, at);
	}
	if (sort && !dup) {
		/* the set has room for two key numbers per key (dupset_reset()) */
		r->dup_sorts++;
		dup = keys_have_dup(r, &r->keys[base], count, r->dupset, r->dupset + count);
	}
	if (!dup && nints > 0 && nnames > 0) {
		/* fp on the stack has room for the numbers of a small shape */
		uint64_t *v = fp;
		if (!small) {
#if SIZE_MAX / 8 < UINT32_MAX
			if ((size_t)count > SIZE_MAX / sizeof(uint64_t)) {
				return fail(r, ZS_WE_NOMEM, at);
			}
#endif
			v = r->alloc->malloc(r->alloc->ctx, (size_t)count * sizeof(uint64_t));
			if (!v) {
				return fail(r, ZS_WE_NOMEM, at);
			}
		}
		dup = names_meet(r, &r->keys[base], count, v);
		release(r, v, fp);
	}
	if (dup) {
		return fail(r, ZS_WE_DUP_KEY, at);
	}
	if (r->memo && count > 0) {
		memo = remember(r, def, base, count, sbase, cls);
	}
	*key_base = base;
	return add_shape(r, base, count, cls, memo, shape_out);
}

/* ==== Containers ==== */

/* Room in slot_obj, slot_end and slot_height for `need` slots of this blob. They grow from
 * the same capacity by the same steps, so they keep one. */
static bool grow_slots(zs_reader *r, uint32_t need)
{
	/* each slot still to come is a value of a byte at least, or a reserved slot of a payload
	 * byte at least (§9 of FORMAT.md) */
	size_t most = (size_t)need + REMAIN(r);
	uint32_t cap = r->slots_cap;
	uint32_t *e = grow_upto(r, r->slot_end, &cap, need, sizeof(uint32_t), most);
	uint8_t *s;

	if (!e) {
		return false;
	}
	r->slot_end = e;
	cap = r->slots_cap;
	e = grow_upto(r, r->slot_height, &cap, need, sizeof(uint32_t), most);
	if (!e) {
		return false;
	}
	r->slot_height = e;
	s = grow_upto(r, r->slot_obj, &r->slots_cap, need, 1, most);
	if (!s) {
		return false;
	}
	r->slot_obj = s;
	set_slot_limit(r);
	return true;
}

/* With the reference flag: the innermost open container holds an object, ENUM, OBJECT_BLOB
 * or BACKREF_REF, so no BACKREF_ARR may name it or a container around it (§9.1). */
static void taint(zs_reader *r)
{
	if (r->open_slot) {
		r->slot_obj[r->open_slot - 1] |= ZS_SLOT_IMPURE;
	}
}

static bool take_slot(zs_reader *r, uint8_t is_obj, zs_event *ev)
{
	if (!r->refs) {
		/* no back-reference can follow: count slots, keep nothing */
		if (r->nslots == ZS_WIRE_MAX_ENTRIES) {
			return fail(r, ZS_WE_LIMIT, r->p);
		}
		ev->slot = ++r->nslots;
		return true;
	}
	if (r->nslots == ZS_WIRE_MAX_ENTRIES) {
		return fail(r, ZS_WE_LIMIT, r->p);
	}
	if (r->nslots - r->base == r->slots_cap && !grow_slots(r, r->nslots - r->base + 1)) {
		return false;
	}
	r->slot_obj[r->nslots - r->base] = is_obj;
	r->slot_end[r->nslots - r->base] = r->nslots - r->base + 1;
	r->slot_height[r->nslots - r->base] = 0;
	ev->slot = ++r->nslots;
	return true;
}

/* The `count` slots after an OBJECT_BLOB_SLOTS's own, which the nested blobs of its payload
 * took (§8.3). Which of them hold objects, or were filled at all, only the consumer that
 * decodes the payload knows. count <= the payload's length, so slot_obj stays within the
 * memory bound (§12). */
static bool reserve_slots(zs_reader *r, uint32_t count, const unsigned char *at)
{
	uint32_t used = r->nslots - r->base;

	if (count > ZS_WIRE_MAX_ENTRIES - r->nslots) {
		return fail(r, ZS_WE_LIMIT, at);
	}
	if (r->refs) {
		uint32_t i;
		if (count > r->slots_cap - used && !grow_slots(r, used + count)) {
			return false;
		}
		memset(r->slot_obj + used, ZS_SLOT_ANY, count);
		for (i = used; i < used + count; i++) {
			r->slot_end[i] = i + 1;
			r->slot_height[i] = 0;
		}
	}
	r->nslots += count;
	r->reserved = true;
	return true;
}

static bool push(zs_reader *r, uint32_t count, uint32_t key_base, const unsigned char *at,
                 bool counts)
{
	zs_rframe *f;

	/* an empty list holds nothing, so it never takes the frame stack deeper than `level` */
	if (counts) {
		if (r->level >= r->max_depth) {
			return fail(r, ZS_WE_DEPTH, at);
		}
		r->level++;
	}
	if (r->depth == r->frames_cap) {
		f = grow(r, r->frames, &r->frames_cap, r->depth + 1, sizeof(zs_rframe));
		if (!f) {
			return false;
		}
		r->frames = f;
	}
	f = &r->frames[r->depth++];
	f->remaining = count;
	f->count = count;
	f->key_base = key_base;
	f->level = counts;
	if (r->refs && counts) {
		/* the slot the container took just before */
		zs_reader_slot_open(r, r->nslots - 1 - r->base);
	}
	return true;
}

/* Header of an array in any form (tag consumed): LIST, FIXLIST, MAP, SHAPE, FIXSHAPE.
 * Sets count, key_base and shape (ZS_WIRE_NO_INDEX for lists) and cls of a shape reference
 * (ZS_WIRE_NO_INDEX unless it names an object shape). False if `tag` is none of these
 * without setting an error (*known = false), or on a read error. */
static bool read_container_header(zs_reader *r, unsigned char tag, const unsigned char *at,
                                  zs_event *ev, uint32_t *key_base, bool *known)
{
	uint64_t v;

	*known = true;
	ev->shape = ZS_WIRE_NO_INDEX;
	ev->cls = ZS_WIRE_NO_INDEX;
	*key_base = ZS_WIRE_NO_INDEX;
	if (tag >= ZS_T_FIXLIST && tag < ZS_T_FIXSHAPE) {
		v = (uint64_t)(tag - ZS_T_FIXLIST);
	} else if (tag == ZS_T_LIST) {
		if (!read_biased(r, ZS_FIXLIST_N, ZS_WIRE_MAX_COUNT, ZS_WE_COUNT, &v)) {
			return false;
		}
	} else if (tag == ZS_T_MAP) {
		if (!read_biased(r, 1, ZS_WIRE_MAX_COUNT, ZS_WE_COUNT, &v)) {
			return false;
		}
		/* each entry needs a key byte and a value byte */
		if (v > REMAIN(r) / 2) {
			return fail(r, ZS_WE_COUNT, at);
		}
		ev->count = (uint32_t)v;
		return read_shape_def(r, ev->count, ZS_WIRE_NO_INDEX, at, &ev->shape, key_base);
	} else if (tag >= ZS_T_FIXSHAPE && tag < ZS_T_NULL) {
		v = (uint64_t)(tag - ZS_T_FIXSHAPE);
		goto shape_ref;
	} else if (tag == ZS_T_SHAPE) {
		if (!read_biased(r, ZS_FIXSHAPE_N, ZS_WIRE_MAX_ENTRIES, ZS_WE_SHAPE_INDEX, &v)) {
			return false;
		}
		goto shape_ref;
	} else {
		*known = false;
		return false;
	}
	/* lists: each value needs at least a byte */
	if (v > REMAIN(r)) {
		return fail(r, ZS_WE_COUNT, at);
	}
	ev->count = (uint32_t)v;
	return true;

shape_ref:
	if (v >= r->nshapes) {
		return fail(r, ZS_WE_SHAPE_INDEX, at);
	}
	ev->shape = (uint32_t)v;
	ev->count = r->shapes[v].count;
	ev->cls = r->shapes[v].cls;
	*key_base = r->shapes[v].key_base;
	if (ev->count > REMAIN(r)) {
		return fail(r, ZS_WE_COUNT, at);
	}
	return true;
}

int zs_reader_step_map(zs_reader *r, zs_rframe *f, zs_item *it)
{
	const unsigned char *at = r->p;
	zs_rframe *nf;
	zs_event ev;
	uint32_t key_base;
	bool known;

	/* what refuses the value without reading it comes first: zs_reader_next() then reads it
	 * and reports in its own order; slot_limit is lowered to nslots by any error */
	if (at == r->end || *at != ZS_T_MAP || r->nslots == r->slot_limit ||
	    r->depth == r->frames_cap || r->level >= r->max_depth) {
		return -1;
	}
	r->p++;
	if (!read_container_header(r, ZS_T_MAP, at, &ev, &key_base, &known)) {
		return -1;
	}
	/* as the end of zs_reader_step() for a shape */
	f->remaining--;
	if (r->refs) {
		r->slot_obj[r->nslots - r->base] = ZS_SLOT_ARR;
		r->slot_height[r->nslots - r->base] = 0;
	}
	r->nslots++;
	nf = &r->frames[r->depth++];
	nf->remaining = ev.count;
	nf->count = ev.count;
	nf->key_base = key_base;
	nf->level = 1;
	r->level++;
	if (r->refs) {
		zs_reader_slot_open(r, r->nslots - 1 - r->base);
	}
	it->count = ev.count;
	it->shape = ev.shape;
	it->cls = ZS_WIRE_NO_INDEX;
	return ZS_EV_MAP;
}

static bool read_object(zs_reader *r, const unsigned char *at, zs_event *ev, uint32_t *key_base)
{
	uint64_t v;
	uint32_t cls;

	if (!take_slot(r, 1, ev) || !read_class(r, &cls)) {
		return false;
	}
	if (!read_varint(r, &v)) {
		return false;
	}
	if (v > ZS_WIRE_MAX_COUNT || v > REMAIN(r) / 2) {
		return fail(r, ZS_WE_COUNT, at);
	}
	ev->type = ZS_EV_OBJECT;
	ev->count = (uint32_t)v;
	ev->cls = cls;
	return read_shape_def(r, ev->count, cls, at, &ev->shape, key_base);
}

static bool read_object_data(zs_reader *r, const unsigned char *at, zs_event *ev,
                             uint32_t *key_base)
{
	const unsigned char *pat;
	uint32_t cls;
	unsigned char tag;
	bool known;

	if (!take_slot(r, 1, ev) || !read_class(r, &cls)) {
		return false;
	}
	if (r->p == r->end) {
		return fail(r, ZS_WE_TRUNCATED, r->p);
	}
	pat = r->p;
	tag = *r->p++;
	if (!read_container_header(r, tag, pat, ev, key_base, &known)) {
		return known ? false : fail(r, ZS_WE_OBJECT_DATA, pat);
	}
	if (ev->cls != ZS_WIRE_NO_INDEX) {
		return fail(r, ZS_WE_OBJECT_DATA, pat);
	}
	ev->type = ZS_EV_OBJECT_DATA;
	ev->cls = cls;
	(void)at;
	return true;
}

/* ==== Values ==== */

/* The checks of a BACKREF_ARR naming the slot of index i (§9.1): it holds an array, complete
 * and plain, and none of the slots inside was named by a BACKREF_REF. The first time, those
 * slots are frozen: no BACKREF_REF may name them later. An array shared already was checked
 * and frozen then, so each slot is looked at once whatever the input. */
static bool share_array(zs_reader *r, uint32_t i, const unsigned char *at)
{
	uint8_t fl = r->slot_obj[i];
	uint32_t j, end;

	if (!(fl & ZS_SLOT_ARR)) {
		return fail(r, ZS_WE_BACKREF_ARR_TYPE, at);
	}
	if (fl & ZS_SLOT_OPEN) {
		return fail(r, ZS_WE_BACKREF_ARR_OPEN, at);
	}
	if (fl & ZS_SLOT_IMPURE) {
		return fail(r, ZS_WE_SHARED_NOT_PLAIN, at);
	}
	if (fl & ZS_SLOT_SHARED) {
		return true;
	}
	end = r->slot_end[i];
	for (j = i + 1; j < end;) {
		fl = r->slot_obj[j];
		if (fl & ZS_SLOT_REFD) {
			return fail(r, ZS_WE_SHARED_NOT_PLAIN, at);
		}
		r->slot_obj[j] = (uint8_t)(fl | ZS_SLOT_FROZEN);
		/* an array shared before: frozen inside already */
		j = (fl & ZS_SLOT_SHARED) ? r->slot_end[j] : j + 1;
	}
	r->slot_obj[i] |= ZS_SLOT_SHARED;
	return true;
}

static bool read_tail(zs_reader *r, unsigned char tag, const unsigned char *at, zs_event *ev)
{
	uint32_t key_base = ZS_WIRE_NO_INDEX;
	uint64_t v;
	bool known;

	switch (tag) {
	case ZS_T_NULL:
	case ZS_T_FALSE:
	case ZS_T_TRUE:
		ev->type = tag == ZS_T_NULL ? ZS_EV_NULL : tag == ZS_T_FALSE ? ZS_EV_FALSE : ZS_EV_TRUE;
		return take_slot(r, 0, ev);
	case ZS_T_U8:
	case ZS_T_U16:
	case ZS_T_U32:
	case ZS_T_U64:
	case ZS_T_N8:
	case ZS_T_N16:
	case ZS_T_N32:
	case ZS_T_N64:
		ev->type = ZS_EV_INT;
		return take_slot(r, 0, ev) && read_sized_int(r, tag, at, &ev->i);
	case ZS_T_F32:
	case ZS_T_F64:
		ev->type = ZS_EV_FLOAT;
		return take_slot(r, 0, ev) && read_float(r, tag, at, &ev->d);
	case ZS_T_STR:
	case ZS_T_SREF:
		ev->type = ZS_EV_STRING;
		return take_slot(r, 0, ev) && read_str(r, tag, &ev->str, &ev->len, &ev->index);
	case ZS_T_OBJECT:
		return read_object(r, at, ev, &key_base) && push(r, ev->count, key_base, at, true);
	case ZS_T_OBJECT_DATA:
		return read_object_data(r, at, ev, &key_base) && push(r, ev->count, key_base, at, true);
	case ZS_T_OBJECT_BLOB:
	case ZS_T_OBJECT_BLOB_SLOTS: {
		uint64_t reserve = 0;
		ev->type = ZS_EV_OBJECT_BLOB;
		ev->reserve = 0;
		if (!take_slot(r, ZS_SLOT_OBJ, ev) || !read_class(r, &ev->cls)) {
			return false;
		}
		if (r->refs) {
			taint(r);
		}
		if (tag == ZS_T_OBJECT_BLOB_SLOTS) {
			if (!read_varint(r, &reserve)) {
				return false;
			}
			reserve++;
		}
		if (!read_varint(r, &v)) {
			return false;
		}
		if (v > REMAIN(r)) {
			return fail(r, ZS_WE_TRUNCATED, at);
		}
		/* each slot a nested blob takes is a value of at least one byte of the payload */
		if (reserve > v) {
			return fail(r, ZS_WE_COUNT, at);
		}
		if (reserve && !reserve_slots(r, (uint32_t)reserve, at)) {
			return false;
		}
		ev->reserve = (uint32_t)reserve;
		ev->str = r->p;
		ev->len = (size_t)v;
		ev->index = ZS_WIRE_NO_INDEX;
		r->p += v;
		return true;
	}
	case ZS_T_ENUM: {
		const unsigned char *cat;
		unsigned char ctag;
		ev->type = ZS_EV_ENUM;
		if (!take_slot(r, 1, ev) || !read_class(r, &ev->cls)) {
			return false;
		}
		if (r->refs) {
			taint(r);
		}
		if (r->p == r->end) {
			return fail(r, ZS_WE_TRUNCATED, r->p);
		}
		cat = r->p;
		ctag = *r->p++;
		if (!is_str_tag(ctag)) {
			return fail(r, ZS_WE_CLASS, cat);
		}
		return read_str(r, ctag, &ev->str, &ev->len, &ev->index);
	}
	case ZS_T_BACKREF_OBJ:
	case ZS_T_BACKREF_REF:
	case ZS_T_BACKREF_ARR:
		if (!r->refs) {
			return fail(r, ZS_WE_REF_FLAG, at);
		}
		r->refs_seen = true;
		break;
	default:
		break;
	}
	switch (tag) {
	case ZS_T_BACKREF_OBJ:
		ev->type = ZS_EV_BACKREF_OBJ;
		if (!take_slot(r, 1, ev) || !read_varint(r, &v)) {
			return false;
		}
		/* an earlier slot: never this value's own; one of the outer blob's (below base) or
		 * one a nested blob filled (ZS_SLOT_ANY) is checked by whoever knows its value */
		if (v >= (uint64_t)ev->slot - 1) {
			return fail(r, ZS_WE_BACKREF, at);
		}
		if (v >= r->base && !(r->slot_obj[v - r->base] & (ZS_SLOT_OBJ | ZS_SLOT_ANY))) {
			return fail(r, ZS_WE_BACKREF_TYPE, at);
		}
		ev->target = (uint32_t)v + 1;
		return true;
	case ZS_T_BACKREF_REF:
		ev->type = ZS_EV_BACKREF_REF;
		ev->slot = 0;
		if (!read_varint(r, &v)) {
			return false;
		}
		if (v >= r->nslots) {
			return fail(r, ZS_WE_BACKREF, at);
		}
		/* a slot of the outer blob is checked by the decoder that knows it (§9.1) */
		if (v >= r->base) {
			if (r->slot_obj[v - r->base] & ZS_SLOT_FROZEN) {
				return fail(r, ZS_WE_REF_INTO_SHARED, at);
			}
			r->slot_obj[v - r->base] |= ZS_SLOT_REFD;
		}
		taint(r);
		ev->target = (uint32_t)v + 1;
		return true;
	case ZS_T_BACKREF_ARR:
		ev->type = ZS_EV_BACKREF_ARR;
		if (!take_slot(r, ZS_SLOT_ARR, ev) || !read_varint(r, &v)) {
			return false;
		}
		/* an earlier slot of this blob, never an outer blob's (§9.1) */
		if (v >= (uint64_t)ev->slot - 1 || v < r->base) {
			return fail(r, ZS_WE_BACKREF, at);
		}
		if (!share_array(r, (uint32_t)(v - r->base), at)) {
			return false;
		}
		{
			/* the levels of the array as unserialize() would enter them again (§11) */
			uint32_t h = r->slot_height[v - r->base], i = ev->slot - 1 - r->base;
			if ((uint64_t)r->level + h > r->max_depth) {
				return fail(r, ZS_WE_DEPTH, at);
			}
			r->slot_height[i] = h;
			if (r->open_slot && r->slot_height[r->open_slot - 1] < h) {
				r->slot_height[r->open_slot - 1] = h;
			}
		}
		ev->target = (uint32_t)v + 1;
		return true;
	default:
		break;
	}
	if (!read_container_header(r, tag, at, ev, &key_base, &known)) {
		return known ? false : fail(r, ZS_WE_TAG, at);
	}
	if (ev->cls != ZS_WIRE_NO_INDEX) {
		ev->type = ZS_EV_OBJECT;
		if (!take_slot(r, 1, ev)) {
			return false;
		}
	} else {
		ev->type = ev->shape == ZS_WIRE_NO_INDEX ? ZS_EV_LIST : ZS_EV_MAP;
		if (!take_slot(r, ZS_SLOT_ARR, ev)) {
			return false;
		}
	}
	/* unserialize() enters a level for every object but only for non-empty arrays */
	return push(r, ev->count, key_base, at, ev->type != ZS_EV_LIST || ev->count > 0);
}

static bool read_value(zs_reader *r, zs_event *ev)
{
	const unsigned char *at = r->p;
	unsigned char tag;

	if (ZS_UNLIKELY(r->p == r->end)) {
		return fail(r, ZS_WE_TRUNCATED, r->p);
	}
	tag = *r->p++;
	ev->pos = (size_t)(at - r->start);
	if (tag < ZS_T_FIXSTR) {
		ev->type = ZS_EV_INT;
		ev->i = tag;
		return take_slot(r, 0, ev);
	}
	if (tag < ZS_T_FIXLIST) {
		ev->type = ZS_EV_STRING;
		return take_slot(r, 0, ev) && read_str(r, tag, &ev->str, &ev->len, &ev->index);
	}
	if (tag >= ZS_T_NEGFIXINT) {
		ev->type = ZS_EV_INT;
		ev->i = (int64_t)tag - 0x100;
		return take_slot(r, 0, ev);
	}
	return read_tail(r, tag, at, ev);
}

bool zs_reader_next(zs_reader *r, zs_event *ev)
{
	bool scalar;

	if (ZS_UNLIKELY(r->err != ZS_WE_NONE || r->done)) {
		return fail(r, ZS_WE_TRAILING, r->p);
	}
	ev->has_key = false;
	if (r->depth > 0) {
		zs_rframe *f = &r->frames[r->depth - 1];
		if (f->remaining == 0) {
			ev->type = ZS_EV_END;
			ev->pos = (size_t)(r->p - r->start);
			if (r->refs && f->level) {
				zs_reader_slot_close(r);
			}
			r->level -= f->level;
			if (--r->depth == 0) {
				r->done = true;
			}
			return true;
		}
		uint32_t kpos = f->count - f->remaining;
		f->remaining--;
		if (f->key_base != ZS_WIRE_NO_INDEX) {
			ev->has_key = true;
			ev->key = r->keys[f->key_base + kpos];
		} else {
			ev->key.is_str = 0;
			ev->key.i = kpos;
			ev->key.str = ZS_WIRE_NO_INDEX;
		}
	}
	scalar = r->depth == 0;
	if (!read_value(r, ev)) {
		return false;
	}
	if (scalar && r->depth == 0) {
		r->done = true;
	}
	return true;
}

bool zs_reader_finish(zs_reader *r)
{
	if (r->err != ZS_WE_NONE) {
		return false;
	}
	if (r->p != r->end) {
		return fail(r, ZS_WE_TRAILING, r->p);
	}
	if (r->refs && !r->refs_seen && !r->reserved) {
		/* canonical: the flag is set exactly when a back-reference occurs, here or in the
		 * nested blobs of an OBJECT_BLOB_SLOTS payload (§2) */
		return fail(r, ZS_WE_REF_FLAG, r->start + 1);
	}
	return true;
}

bool zs_wire_validate(const void *data, size_t len, const zs_alloc *alloc, uint32_t max_depth,
                      zs_wire_error *err, size_t *pos)
{
	zs_reader r;
	zs_event ev;
	bool ok;

	zs_reader_init(&r, data, len, alloc, max_depth);
	ok = zs_reader_header(&r);
	while (ok && !zs_reader_done(&r)) {
		/* the same fast paths as the PHP decoder, so that the fuzzers compare them with
		 * zs_reader_next() on every input */
		if (r.depth > 0) {
			zs_rframe *f = &r.frames[r.depth - 1];
			zs_item it = {0};
			if (f->remaining == 0) {
				zs_reader_close(&r);
				continue;
			}
			if (zs_reader_step(&r, f, &it) >= 0 || zs_reader_step_map(&r, f, &it) >= 0) {
				continue;
			}
		}
		ok = zs_reader_next(&r, &ev);
	}
	ok = ok && zs_reader_finish(&r);
	if (err) {
		*err = r.err;
	}
	if (pos) {
		*pos = r.err_pos;
	}
	zs_reader_free(&r);
	return ok;
}
