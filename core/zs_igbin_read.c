/* zser — SPDX-License-Identifier: MIT
 *
 * igbinary reader (see zs_igbin_read.h). Type tags, table numbering and acceptance follow
 * igbinary's own unserializer (src/php7/igbinary.c): big-endian integers, a string table that
 * every inline string, key, class name and enum case name joins, and a reference table that
 * arrays and objects join before their contents and &-wrapped scalars join after. Every
 * length, count and table index is checked against what remains before it is used; nesting
 * (arrays, objects and & wrappers) is bounded by t->max_depth and kept in a heap stack of
 * frames, so hostile nesting costs heap, never C stack.
 */
#include "zs_igbin_read.h"
#include "zs_grow.h"
#include "zs_wire.h"

#include <string.h>

enum {
	T_NULL = 0x00,
	T_REF8 = 0x01,
	T_REF16 = 0x02,
	T_REF32 = 0x03,
	T_FALSE = 0x04,
	T_TRUE = 0x05,
	T_LONG8P = 0x06,
	T_LONG8N = 0x07,
	T_LONG16P = 0x08,
	T_LONG16N = 0x09,
	T_LONG32P = 0x0a,
	T_LONG32N = 0x0b,
	T_DOUBLE = 0x0c,
	T_STR_EMPTY = 0x0d,
	T_STR_ID8 = 0x0e,
	T_STR_ID16 = 0x0f,
	T_STR_ID32 = 0x10,
	T_STR8 = 0x11,
	T_STR16 = 0x12,
	T_STR32 = 0x13,
	T_ARRAY8 = 0x14,
	T_ARRAY16 = 0x15,
	T_ARRAY32 = 0x16,
	T_OBJ8 = 0x17,
	T_OBJ16 = 0x18,
	T_OBJ32 = 0x19,
	T_OBJ_ID8 = 0x1a,
	T_OBJ_ID16 = 0x1b,
	T_OBJ_ID32 = 0x1c,
	T_OBJ_SER8 = 0x1d,
	T_OBJ_SER16 = 0x1e,
	T_OBJ_SER32 = 0x1f,
	T_LONG64P = 0x20,
	T_LONG64N = 0x21,
	T_OBJREF8 = 0x22,
	T_OBJREF16 = 0x23,
	T_OBJREF32 = 0x24,
	T_REF = 0x25,
	T_STR64 = 0x26,
	T_ENUM_CASE = 0x27
};

/* An open array or object body (its entries are being read), or an & wrapper (its value is).
 * Nesting lives here, on the heap, and never on the C stack. */
typedef struct frame {
	size_t node;     /* the container's node */
	size_t start;    /* & wrapper: offset of its tag */
	uint64_t left;   /* entries not read yet */
	size_t key_pos;  /* the entry being read: offset of its key */
	int64_t key_int; /* its key when an integer */
	zs_str key_str;  /* its key when a string */
	int key_kind;    /* 0 integer key, else read_any_string()'s kind of string */
	bool wrapper;
	uint8_t levels; /* depth levels it holds: 2 for an object's entries, else 1 */
} frame;

typedef struct rd {
	zs_tree *t;
	const unsigned char *s;
	size_t pos, len;
	zs_str *strs; /* string table */
	size_t nstrs, strs_cap;
	size_t *refs; /* reference table: node index per entry */
	size_t nrefs, refs_cap;
	size_t depth;
	frame *frames; /* frames[0..nframes) are open, innermost last */
	size_t nframes, frames_cap;
} rd;

static bool fail(rd *r, size_t pos, const char *msg)
{
	return zs_tree_fail(r->t, pos, msg);
}

static bool nomem(rd *r)
{
	r->t->out_of_memory = true;
	return fail(r, r->pos, zs_wire_error_msg(ZS_WE_NOMEM));
}

static size_t left(const rd *r)
{
	return r->len - r->pos;
}

static bool need(rd *r, size_t n)
{
	if (n > left(r)) {
		return fail(r, r->len, zs_wire_error_msg(ZS_WE_TRUNCATED));
	}
	return true;
}

/* Reads a big-endian unsigned integer of `width` bytes (1, 2, 4 or 8). */
static bool read_uint(rd *r, unsigned width, uint64_t *v)
{
	uint64_t n = 0;
	unsigned i;

	if (!need(r, width)) {
		return false;
	}
	for (i = 0; i < width; i++) {
		n = (n << 8) | r->s[r->pos + i];
	}
	r->pos += width;
	*v = n;
	return true;
}

/* Room for one more element after the n in *p (taken and given back as void *, the type
 * zs_grow() works on). */
static bool grow(rd *r, void **p, size_t *cap, size_t n, size_t elem)
{
	return zs_grow(r->t->alloc, p, cap, n + 1, elem, 32) || nomem(r);
}

static bool push_ref(rd *r, size_t idx)
{
	void *p = r->refs;
	if (!grow(r, &p, &r->refs_cap, r->nrefs, sizeof(size_t))) {
		return false;
	}
	r->refs = p;
	r->t->nodes[idx].id = r->nrefs;
	r->refs[r->nrefs++] = idx;
	return true;
}

/* Inline string body of the given length width; joins the string table. */
static bool read_chars(rd *r, unsigned width, zs_str *out)
{
	uint64_t len;
	void *p;

	if (!read_uint(r, width, &len)) {
		return false;
	}
	if (len > left(r)) {
		return fail(r, r->len, zs_wire_error_msg(ZS_WE_TRUNCATED));
	}
	out->off = r->pos;
	out->len = (size_t)len;
	out->pooled = false;
	r->pos += (size_t)len;
	p = r->strs;
	if (!grow(r, &p, &r->strs_cap, r->nstrs, sizeof(zs_str))) {
		return false;
	}
	r->strs = p;
	r->strs[r->nstrs++] = *out;
	return true;
}

/* String-table back-reference of the given index width. */
static bool read_str_id(rd *r, unsigned width, zs_str *out)
{
	uint64_t id;
	size_t at = r->pos;

	if (!read_uint(r, width, &id)) {
		return false;
	}
	if (id >= r->nstrs) {
		return fail(r, at, zs_wire_error_msg(ZS_WE_STR_INDEX));
	}
	*out = r->strs[id];
	return true;
}

/* Any string form after its tag: 1 = inline, 2 = back-reference, 3 = empty; 0 = not a string. */
static int read_any_string(rd *r, unsigned tag, zs_str *out)
{
	switch (tag) {
	case T_STR_EMPTY:
		out->off = r->pos;
		out->len = 0;
		out->pooled = false;
		return 3;
	case T_STR8:
		return read_chars(r, 1, out) ? 1 : -1;
	case T_STR16:
		return read_chars(r, 2, out) ? 1 : -1;
	case T_STR32:
		return read_chars(r, 4, out) ? 1 : -1;
	case T_STR64:
		return read_chars(r, 8, out) ? 1 : -1;
	case T_STR_ID8:
		return read_str_id(r, 1, out) ? 2 : -1;
	case T_STR_ID16:
		return read_str_id(r, 2, out) ? 2 : -1;
	case T_STR_ID32:
		return read_str_id(r, 4, out) ? 2 : -1;
	default:
		return 0;
	}
}

static unsigned width_of(unsigned tag, unsigned base)
{
	return 1u << (tag - base); /* base, base+1, base+2 -> 1, 2, 4 bytes */
}

/* Integers: p/n pairs of 8, 16, 32 and 64 bits; results outside int64 are rejected. */
static bool read_long(rd *r, unsigned tag, int64_t *v)
{
	unsigned width;
	bool neg;
	uint64_t n;
	size_t at = r->pos - 1;

	switch (tag) {
	case T_LONG8P:
	case T_LONG8N:
		width = 1;
		break;
	case T_LONG16P:
	case T_LONG16N:
		width = 2;
		break;
	case T_LONG32P:
	case T_LONG32N:
		width = 4;
		break;
	default:
		width = 8;
		break;
	}
	neg = tag == T_LONG8N || tag == T_LONG16N || tag == T_LONG32N || tag == T_LONG64N;
	if (!read_uint(r, width, &n)) {
		return false;
	}
	if (n > (uint64_t)INT64_MAX + (neg ? 1u : 0u)) {
		return fail(r, at, zs_wire_error_msg(ZS_WE_INT_RANGE));
	}
	*v = neg ? (n == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)n) : (int64_t)n;
	return true;
}

static bool is_long_tag(unsigned tag)
{
	return (tag >= T_LONG8P && tag <= T_LONG32N) || tag == T_LONG64P || tag == T_LONG64N;
}

static bool enter(rd *r)
{
	if (++r->depth > r->t->max_depth) {
		return fail(r, r->pos, zs_wire_error_msg(ZS_WE_DEPTH));
	}
	if (r->depth > r->t->depth_seen) {
		r->t->depth_seen = r->depth;
	}
	return true;
}

static frame *push_frame(rd *r)
{
	void *p = r->frames;
	if (!grow(r, &p, &r->frames_cap, r->nframes, sizeof(frame))) {
		return NULL;
	}
	r->frames = p;
	return memset(&r->frames[r->nframes++], 0, sizeof(frame));
}

/* After an array tag (`parent` its node) or an object's array body: the entry count, then a
 * frame for the entries. `levels` is 2 for objects, whose tag took a level of its own. */
static bool open_entries(rd *r, size_t parent, unsigned tag, uint8_t levels)
{
	uint64_t count;
	frame *f;

	if (!read_uint(r, width_of(tag, T_ARRAY8), &count)) {
		return false;
	}
	/* Each entry takes at least one byte (a null key placeholder). */
	if (count > left(r)) {
		return fail(r, r->pos, zs_wire_error_msg(ZS_WE_COUNT));
	}
	if (!enter(r) || !(f = push_frame(r))) {
		return false;
	}
	f->node = parent;
	f->left = count;
	f->levels = levels;
	return true;
}

/* The key of the next entry of f into f, skipping placeholders. Returns 1 when a value
 * follows, 0 when no entry is left, -1 on error. */
static int next_key(rd *r, frame *f)
{
	while (f->left > 0) {
		unsigned ktag;

		f->key_pos = r->pos;
		if (!need(r, 1)) {
			return -1;
		}
		ktag = r->s[r->pos++];
		if (ktag == T_NULL) {
			/* Placeholder for an uninitialized property: no value follows. */
			r->t->skipped++;
			f->left--;
			continue;
		}
		if (is_long_tag(ktag)) {
			f->key_kind = 0;
			return read_long(r, ktag, &f->key_int) ? 1 : -1;
		}
		f->key_kind = read_any_string(r, ktag, &f->key_str);
		if (f->key_kind < 0) {
			return -1;
		}
		if (f->key_kind == 0) {
			fail(r, f->key_pos, "key must be an integer or a string");
			return -1;
		}
		return 1;
	}
	return 0;
}

/* Class name (inline or from the table), a reference-table entry, then the body: true with
 * *entries set when an array of properties follows, which the caller opens. */
static bool read_object(rd *r, size_t idx, unsigned tag, unsigned *entries)
{
	zs_str cls;
	unsigned inner;
	size_t at;
	bool ok;

	*entries = 0;
	if (tag <= T_OBJ32) {
		ok = read_chars(r, width_of(tag, T_OBJ8), &cls);
	} else {
		ok = read_str_id(r, width_of(tag, T_OBJ_ID8), &cls);
		r->t->nodes[idx].flags |= ZS_NODE_CLS_SHARED;
	}
	if (!ok) {
		return false;
	}
	r->t->nodes[idx].cls = cls;
	r->t->nodes[idx].kind = ZS_K_OBJECT;
	if (!need(r, 1) || !push_ref(r, idx)) {
		return false;
	}
	at = r->pos;
	inner = r->s[r->pos++];
	if (inner >= T_ARRAY8 && inner <= T_ARRAY32) {
		*entries = inner;
		return true;
	}
	if (inner >= T_OBJ_SER8 && inner <= T_OBJ_SER32) {
		uint64_t n;
		r->t->nodes[idx].kind = ZS_K_CUSTOM;
		if (!read_uint(r, width_of(inner, T_OBJ_SER8), &n)) {
			return false;
		}
		if (n > left(r)) {
			return fail(r, r->len, zs_wire_error_msg(ZS_WE_TRUNCATED));
		}
		r->t->nodes[idx].str.off = r->pos;
		r->t->nodes[idx].str.len = (size_t)n;
		r->pos += (size_t)n;
		return true;
	}
	if (inner == T_ENUM_CASE) {
		int sk;
		unsigned ctag;
		r->t->nodes[idx].kind = ZS_K_ENUM;
		if (!need(r, 1)) {
			return false;
		}
		ctag = r->s[r->pos++];
		/* igbinary also accepts the object-name id tags here; they index the same table. */
		if (ctag >= T_OBJ_ID8 && ctag <= T_OBJ_ID32) {
			return read_str_id(r, width_of(ctag, T_OBJ_ID8), &r->t->nodes[idx].str);
		}
		sk = ctag == T_STR_EMPTY ? 0 : read_any_string(r, ctag, &r->t->nodes[idx].str);
		if (sk < 0) {
			return false;
		}
		return sk > 0 || fail(r, at + 1, "enum case name must be a string");
	}
	return fail(r, at, "unknown object body type");
}

/* ref8/16/32 and objref8/16/32: an index into the reference table. */
static bool read_backref(rd *r, size_t idx, unsigned tag, bool want_ref)
{
	uint64_t id;
	size_t at = r->pos, entry, target;
	unsigned width = tag <= T_REF32 ? width_of(tag, T_REF8) : width_of(tag, T_OBJREF8);
	zs_kind tk;

	if (!read_uint(r, width, &id)) {
		return false;
	}
	if (id >= r->nrefs) {
		return fail(r, at, zs_wire_error_msg(ZS_WE_BACKREF));
	}
	entry = r->refs[id];
	r->t->nodes[entry].flags |= ZS_NODE_TARGET;
	if (want_ref && (r->t->nodes[entry].flags & ZS_NODE_REFERENCE)) {
		/* The entry already is a PHP reference: join its set. */
		r->t->nodes[idx].kind = ZS_K_REF;
		r->t->nodes[idx].v.target = entry;
		return true;
	}
	target = zs_tree_resolve(r->t, entry);
	tk = (zs_kind)r->t->nodes[target].kind;
	if (tk == ZS_K_OBJECT || tk == ZS_K_CUSTOM || tk == ZS_K_ENUM) {
		r->t->nodes[idx].kind = ZS_K_OBJREF;
		r->t->nodes[idx].v.target = target;
		r->t->nodes[target].flags |= ZS_NODE_TARGET;
	} else {
		r->t->nodes[idx].kind = ZS_K_COPY;
		r->t->nodes[idx].v.target = entry;
	}
	if (want_ref) {
		/* A new reference set starts here and replaces the table entry, as igbinary does. */
		r->t->nodes[idx].flags |= ZS_NODE_REFERENCE;
		r->t->nodes[idx].id = (size_t)id;
		r->refs[id] = idx;
	}
	return true;
}

enum { V_FAIL, V_DONE, V_OPEN };

/* The start of a value: all of it for scalars, back-references and objects without
 * properties (V_DONE, *out its node); the head of an array, an object with properties or an
 * & wrapper, whose frame is pushed (V_OPEN). want_ref: inside an & wrapper. */
static int start_value(rd *r, size_t *out, bool want_ref)
{
	size_t start = r->pos, idx;
	unsigned tag, entries;
	uint64_t bits;
	int sk;
	frame *f;

	if (!need(r, 1)) {
		return V_FAIL;
	}
	tag = r->s[r->pos++];
	if (tag == T_REF) {
		/* The wrapped value is a PHP reference; scalars join the table after reading. */
		if (!enter(r) || !(f = push_frame(r))) {
			return V_FAIL;
		}
		f->wrapper = true;
		f->start = start;
		f->levels = 1;
		return V_OPEN;
	}
	idx = zs_tree_add(r->t, ZS_K_NULL, start);
	if (idx == SIZE_MAX) {
		return V_FAIL;
	}
	*out = idx;
	if (want_ref && tag >= T_ARRAY8 && tag <= T_OBJ_ID32) {
		/* Containers are references before their contents are read, so a nested & back
		 * to them joins this set (igbinary makes the zval a reference up front). */
		r->t->nodes[idx].flags |= ZS_NODE_REFERENCE;
	}
	switch (tag) {
	case T_NULL:
		break;
	case T_FALSE:
		r->t->nodes[idx].kind = ZS_K_FALSE;
		break;
	case T_TRUE:
		r->t->nodes[idx].kind = ZS_K_TRUE;
		break;
	case T_DOUBLE:
		r->t->nodes[idx].kind = ZS_K_FLOAT;
		if (!read_uint(r, 8, &bits)) {
			return V_FAIL;
		}
		memcpy(&r->t->nodes[idx].v.d, &bits, sizeof(double));
		break;
	case T_ARRAY8:
	case T_ARRAY16:
	case T_ARRAY32:
		r->t->nodes[idx].kind = ZS_K_ARRAY;
		if (!push_ref(r, idx) || !open_entries(r, idx, tag, 1)) {
			return V_FAIL;
		}
		return V_OPEN;
	case T_OBJ8:
	case T_OBJ16:
	case T_OBJ32:
	case T_OBJ_ID8:
	case T_OBJ_ID16:
	case T_OBJ_ID32:
		if (!enter(r) || !read_object(r, idx, tag, &entries)) {
			return V_FAIL;
		}
		if (entries) {
			return open_entries(r, idx, entries, 2) ? V_OPEN : V_FAIL;
		}
		r->depth--;
		break;
	case T_REF8:
	case T_REF16:
	case T_REF32:
	case T_OBJREF8:
	case T_OBJREF16:
	case T_OBJREF32:
		if (!read_backref(r, idx, tag, want_ref)) {
			return V_FAIL;
		}
		break;
	default:
		if (is_long_tag(tag)) {
			r->t->nodes[idx].kind = ZS_K_INT;
			if (!read_long(r, tag, &r->t->nodes[idx].v.i)) {
				return V_FAIL;
			}
			break;
		}
		sk = read_any_string(r, tag, &r->t->nodes[idx].str);
		if (sk < 0) {
			return V_FAIL;
		}
		if (sk == 0) {
			fail(r, start, zs_wire_error_msg(ZS_WE_TAG));
			return V_FAIL;
		}
		r->t->nodes[idx].kind = ZS_K_STRING;
		if (sk == 2) {
			r->t->nodes[idx].flags |= ZS_NODE_STR_SHARED;
		}
		break;
	}
	r->t->nodes[idx].end = r->pos;
	return V_DONE;
}

/* An entry's value: its key, then it joins the container of frame f. */
static void add_entry(rd *r, const frame *f, size_t idx)
{
	zs_node *n = &r->t->nodes[idx];

	n->key_pos = f->key_pos;
	if (f->key_kind == 0) {
		n->flags |= ZS_NODE_KEY_INT;
		n->key_int = f->key_int;
	} else {
		n->flags |= ZS_NODE_KEY_STR;
		n->key_str = f->key_str;
		if (f->key_kind == 2) {
			n->flags |= ZS_NODE_KEY_SHARED;
		}
	}
	zs_tree_link(r->t, f->node, idx);
}

/* After a failure: links the containers still open to their parents, so that the tree shows
 * everything read up to the fault. */
static void link_open(rd *r)
{
	size_t i = r->nframes, child = SIZE_MAX;

	while (i-- > 0) {
		const frame *f = &r->frames[i];
		if (f->wrapper) {
			continue;
		}
		if (child != SIZE_MAX && child != f->node) {
			add_entry(r, f, child);
		}
		child = f->node;
	}
}

/* Value idx is complete: it goes into the frame that waits for it, which may complete in
 * turn, and so on outwards. idx may also be the node of the container just opened, which then
 * reads its first key. Returns 1 when the next value of an open container follows, 0 once the
 * root is complete, -1 on error. */
static int finish_value(rd *r, size_t idx)
{
	while (r->nframes > 0) {
		frame *f = &r->frames[r->nframes - 1];
		zs_node *n = &r->t->nodes[idx];
		int k;

		if (f->wrapper) {
			r->depth--;
			if (n->kind != ZS_K_REF && !(n->flags & ZS_NODE_REFERENCE)) {
				n->flags |= ZS_NODE_REFERENCE;
				if (n->kind <= ZS_K_STRING && !push_ref(r, idx)) {
					return -1;
				}
			}
			r->t->nodes[idx].pos = f->start;
			r->nframes--;
			continue;
		}
		if (idx != f->node) {
			add_entry(r, f, idx);
			f->left--;
		}
		k = next_key(r, f);
		if (k != 0) {
			return k;
		}
		/* no entry left: the container is complete */
		r->depth -= f->levels;
		idx = f->node;
		r->t->nodes[idx].end = r->pos;
		r->nframes--;
	}
	return 0;
}

/* The whole value at r->pos, nesting kept in r->frames. */
static bool read_value(rd *r)
{
	bool want_ref = false;
	size_t idx = 0;

	for (;;) {
		int st = start_value(r, &idx, want_ref), k;
		if (st == V_FAIL) {
			link_open(r);
			return false;
		}
		want_ref = false;
		if (st == V_OPEN) {
			const frame *f = &r->frames[r->nframes - 1];
			if (f->wrapper) {
				want_ref = true;
				continue;
			}
			idx = f->node; /* its first key, or its end when it has none */
		}
		k = finish_value(r, idx);
		if (k < 0) {
			link_open(r);
		}
		if (k <= 0) {
			return k == 0;
		}
	}
}

bool zs_igbin_read(zs_tree *t, const unsigned char *data, size_t len)
{
	rd r;
	bool ok = false;

	memset(&r, 0, sizeof(r));
	r.t = t;
	r.s = data;
	r.len = len;
	zs_tree_set_input(t, data, len, ZS_FMT_IGBINARY);
	if (len < 5) {
		zs_tree_fail(t, len < 4 ? len : 4, zs_wire_error_msg(ZS_WE_TRUNCATED));
		goto done;
	}
	if (data[0] != 0 || data[1] != 0 || data[2] != 0 || (data[3] != 1 && data[3] != 2)) {
		zs_tree_fail(t, 0, "not an igbinary header (expected 00 00 00 01 or 00 00 00 02)");
		goto done;
	}
	t->version = data[3];
	t->header_len = 4;
	r.pos = 4;
	ok = read_value(&r);
	if (ok && r.pos != r.len) {
		ok = fail(&r, r.pos, zs_wire_error_msg(ZS_WE_TRAILING));
	}
done:
	if (r.strs) {
		t->alloc->free(t->alloc->ctx, r.strs);
	}
	if (r.refs) {
		t->alloc->free(t->alloc->ctx, r.refs);
	}
	if (r.frames) {
		t->alloc->free(t->alloc->ctx, r.frames);
	}
	return ok;
}

/* Bytes an inline string of `len` takes: tag, length field, body. */
static size_t inline_size(size_t len)
{
	return 1 + (len <= 0xff ? 1 : len <= 0xffff ? 2 : len <= 0xffffffffu ? 4 : 8) + len;
}

size_t zs_igbin_string_savings(const zs_tree *t)
{
	size_t i, saved = 0;

	for (i = 0; i < t->count; i++) {
		const zs_node *n = &t->nodes[i];
		if (n->flags & ZS_NODE_STR_SHARED) {
			size_t used = n->end - n->pos;
			size_t full = inline_size(n->str.len);
			saved += full > used ? full - used : 0;
		}
		if (n->flags & ZS_NODE_KEY_SHARED) {
			size_t full = inline_size(n->key_str.len);
			size_t used = n->pos - n->key_pos;
			saved += full > used ? full - used : 0;
		}
		if (n->flags & ZS_NODE_CLS_SHARED) {
			size_t full = inline_size(n->cls.len);
			saved += full > 2 ? full - 2 : 0; /* an id of one byte, the common case */
		}
	}
	return saved;
}
