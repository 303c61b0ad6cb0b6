/* zser — SPDX-License-Identifier: MIT
 *
 * zser blob -> value tree (see zs_zser_read.h). Slots are the format's own (FORMAT.md §9), so
 * node ids match the numbers BACKREF_OBJ / BACKREF_REF carry and PHP's R:/r: numbering.
 * Savings are computed against what the same bytes would cost without the tables: a string
 * literal instead of its reference (§5), a MAP/OBJECT definition whose keys are all references
 * instead of a shape reference (§7, §8).
 */
#include "zs_zser_read.h"
#include "zs_grow.h"
#include "zs_wire_read.h"

#include <string.h>

typedef struct ctx {
	zs_tree *t;
	zs_reader r;
	size_t *stack; /* open containers, node indexes */
	size_t depth, stack_cap;
	/* node index per slot of this blob (slot s is slots[s - base - 1]); SIZE_MAX for a slot
	 * reserved for the nested blobs of a payload (FORMAT.md §8.3) */
	size_t *slots;
	size_t nslots, slots_cap;
} ctx;

static size_t varint_size(uint64_t v)
{
	size_t n = 1;
	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

/* Bytes of a string reference to table entry `idx` (§4: FIXSREF or SREF). */
static size_t sref_size(uint32_t idx)
{
	return idx < ZS_FIXSREF_N ? 1 : 1 + varint_size((uint64_t)idx - ZS_FIXSREF_N);
}

/* Bytes of a string literal of `len` bytes (§4: FIXSTR or STR). */
static size_t literal_size(size_t len)
{
	return len < ZS_FIXSTR_N ? 1 + len : 1 + varint_size((uint64_t)len - ZS_FIXSTR_N) + len;
}

static size_t int_size(int64_t i)
{
	uint64_t u = i < 0 ? (uint64_t)(-(i + 1)) : (uint64_t)i;
	if ((i >= 0 && i < ZS_FIXINT_N) || (i < 0 && i >= -ZS_NEGFIXINT_N)) {
		return 1;
	}
	return u <= 0xff ? 2 : u <= 0xffff ? 3 : u <= 0xffffffffu ? 5 : 9;
}

static bool grow(ctx *c, size_t **p, size_t *cap, size_t need)
{
	void *np = *p;

	if (zs_grow(c->t->alloc, &np, cap, need, sizeof(size_t), 64)) {
		*p = np;
		return true;
	}
	c->t->out_of_memory = true;
	return zs_tree_fail(c->t, (size_t)(c->r.p - c->r.start), "out of memory");
}

static zs_str span(const ctx *c, const unsigned char *p, size_t len)
{
	zs_str s;
	s.off = p ? (size_t)(p - c->r.start) : 0;
	s.len = len;
	s.pooled = false;
	return s;
}

static zs_str table_str(const ctx *c, uint32_t idx)
{
	size_t len = 0;
	const unsigned char *p;

	if (idx == ZS_WIRE_NO_INDEX) {
		return span(c, NULL, 0);
	}
	p = zs_reader_str(&c->r, idx, &len);
	return span(c, p, len);
}

/* What a container that reused shape `shape` would have cost as a fresh definition. */
static void count_shape_reuse(ctx *c, const zs_event *ev, size_t used)
{
	size_t full = 1, j;

	if (ev->type == ZS_EV_OBJECT) {
		full += sref_size(ev->cls) + varint_size(ev->count);
	} else {
		full += varint_size(ev->count ? ev->count - 1u : 0u);
	}
	for (j = 0; j < ev->count; j++) {
		const zs_key *k = zs_reader_shape_key(&c->r, ev->shape, (uint32_t)j);
		full += k->is_str ? (k->str == ZS_WIRE_NO_INDEX ? 1 : sref_size(k->str)) : int_size(k->i);
	}
	c->t->shapes_reused++;
	c->t->shape_keys_skipped += ev->count;
	c->t->shape_saved += full > used ? full - used : 0;
}

static bool add_event(ctx *c, const zs_event *ev, uint32_t strs_before, uint32_t shapes_before)
{
	zs_tree *t = c->t;
	size_t idx, used = (size_t)(c->r.p - c->r.start) - ev->pos;
	zs_kind kind;
	zs_node *n;
	uint32_t outside = 0; /* SLOTREF: its slot */

	switch (ev->type) {
	case ZS_EV_NULL:
		kind = ZS_K_NULL;
		break;
	case ZS_EV_FALSE:
		kind = ZS_K_FALSE;
		break;
	case ZS_EV_TRUE:
		kind = ZS_K_TRUE;
		break;
	case ZS_EV_INT:
		kind = ZS_K_INT;
		break;
	case ZS_EV_FLOAT:
		kind = ZS_K_FLOAT;
		break;
	case ZS_EV_STRING:
		kind = ZS_K_STRING;
		break;
	case ZS_EV_LIST:
	case ZS_EV_MAP:
		kind = ZS_K_ARRAY;
		break;
	case ZS_EV_OBJECT:
	case ZS_EV_OBJECT_DATA:
		kind = ZS_K_OBJECT;
		break;
	case ZS_EV_OBJECT_BLOB:
		kind = ZS_K_CUSTOM;
		break;
	case ZS_EV_ENUM:
		kind = ZS_K_ENUM;
		break;
	case ZS_EV_BACKREF_OBJ:
		kind = ZS_K_OBJREF;
		break;
	case ZS_EV_BACKREF_ARR:
		/* the reader checked it names an array of this tree (FORMAT.md §9.1) */
		kind = ZS_K_COPY;
		break;
	default:
		kind = ZS_K_REF;
		break;
	}
	if ((ev->type == ZS_EV_BACKREF_OBJ || ev->type == ZS_EV_BACKREF_REF) &&
	    (ev->target <= c->r.base || c->slots[ev->target - c->r.base - 1] == SIZE_MAX)) {
		kind = ZS_K_SLOTREF;
		outside = ev->target;
	} else if (ev->type == ZS_EV_BACKREF_OBJ) {
		/* the object a slot outside this tree holds, met again */
		const zs_node *tg = &t->nodes[zs_tree_resolve(t, c->slots[ev->target - c->r.base - 1])];
		if (tg->kind == ZS_K_SLOTREF) {
			kind = ZS_K_SLOTREF;
			outside = (uint32_t)tg->v.i;
		}
	}
	idx = zs_tree_add(t, kind, ev->pos);
	if (idx == SIZE_MAX) {
		return false;
	}
	n = &t->nodes[idx];
	n->key_pos = ev->pos;
	n->end = ev->pos + used;
	if (ev->has_key && ev->key.is_str) {
		n->flags |= ZS_NODE_KEY_STR;
		n->key_str = table_str(c, ev->key.str);
	} else if (c->depth > 0) {
		n->flags |= ZS_NODE_KEY_INT;
		n->key_int = ev->key.i;
	}
	switch (ev->type) {
	case ZS_EV_INT:
		n->v.i = ev->i;
		break;
	case ZS_EV_FLOAT:
		n->v.d = ev->d;
		break;
	case ZS_EV_STRING:
		n->str = span(c, ev->str, ev->len);
		if (ev->len > 0 && c->r.nstrs == strs_before) {
			n->flags |= ZS_NODE_STR_SHARED;
			t->str_refs++;
			t->str_saved += literal_size(ev->len) > used ? literal_size(ev->len) - used : 0;
		}
		break;
	case ZS_EV_OBJECT_BLOB:
		n->count = ev->reserve;
		/* fall through */
	case ZS_EV_ENUM:
		n->str = span(c, ev->str, ev->len);
		n->cls = table_str(c, ev->cls);
		break;
	case ZS_EV_OBJECT:
	case ZS_EV_OBJECT_DATA:
		n->cls = table_str(c, ev->cls);
		if (ev->type == ZS_EV_OBJECT_DATA) {
			n->flags |= ZS_NODE_OBJ_DATA;
		}
		break;
	case ZS_EV_BACKREF_OBJ:
	case ZS_EV_BACKREF_REF:
		if (kind == ZS_K_SLOTREF) {
			n->v.i = (int64_t)outside;
			n->flags |= ev->type == ZS_EV_BACKREF_REF ? ZS_NODE_SLOT_AMP : 0;
		} else if (ev->type == ZS_EV_BACKREF_OBJ) {
			n->v.target = zs_tree_resolve(t, c->slots[ev->target - c->r.base - 1]);
			t->nodes[n->v.target].flags |= ZS_NODE_TARGET;
		} else {
			n->v.target = c->slots[ev->target - c->r.base - 1];
			t->nodes[n->v.target].flags |= ZS_NODE_REFERENCE | ZS_NODE_TARGET;
		}
		break;
	case ZS_EV_BACKREF_ARR:
		n->v.target = zs_tree_resolve(t, c->slots[ev->target - c->r.base - 1]);
		t->nodes[n->v.target].flags |= ZS_NODE_TARGET;
		break;
	default:
		break;
	}
	if (ev->shape != ZS_WIRE_NO_INDEX &&
	    (ev->type == ZS_EV_MAP || ev->type == ZS_EV_OBJECT || ev->type == ZS_EV_OBJECT_DATA)) {
		if (c->r.nshapes > shapes_before) {
			t->shapes_defined++;
		} else if (ev->type != ZS_EV_OBJECT_DATA) {
			count_shape_reuse(c, ev, used);
		}
	}
	if (c->depth > 0) {
		zs_tree_link(t, c->stack[c->depth - 1], idx);
	}
	if (ev->slot) {
		/* the slots a payload's nested blobs took follow the object's own */
		size_t own = ev->slot - c->r.base,
		       reserve = ev->type == ZS_EV_OBJECT_BLOB ? ev->reserve : 0;
		n->id = ev->slot;
		if (!grow(c, &c->slots, &c->slots_cap, own + reserve)) {
			return false;
		}
		while (c->nslots < own) {
			c->slots[c->nslots++] = idx;
		}
		while (c->nslots < own + reserve) {
			c->slots[c->nslots++] = SIZE_MAX;
		}
	}
	if (ev->type == ZS_EV_LIST || ev->type == ZS_EV_MAP || ev->type == ZS_EV_OBJECT ||
	    ev->type == ZS_EV_OBJECT_DATA) {
		if (!grow(c, &c->stack, &c->stack_cap, c->depth + 1)) {
			return false;
		}
		c->stack[c->depth++] = idx;
		if (c->depth > t->depth_seen) {
			t->depth_seen = c->depth;
		}
	}
	return true;
}

bool zs_zser_read(zs_tree *t, const unsigned char *data, size_t len)
{
	ctx c;
	zs_event ev;
	bool ok;
	size_t max = t->max_depth < UINT32_MAX ? t->max_depth : UINT32_MAX;

	memset(&c, 0, sizeof(c));
	c.t = t;
	zs_tree_set_input(t, data, len, ZS_FMT_ZSER);
	/* bits 6 and 7 are the nested and reference flags, not part of the version (FORMAT.md §2) */
	t->version = len >= 2 ? data[1] & ZS_WIRE_VERSION_MASK : 0;
	t->header_len = 2;
	zs_reader_init(&c.r, data, len, t->alloc, (uint32_t)max);
	ok = zs_reader_header(&c.r);
	if (ok) {
		t->header_len = (size_t)(c.r.p - c.r.start);
		t->base = c.r.base;
	}
	while (ok && !zs_reader_done(&c.r)) {
		uint32_t strs = c.r.nstrs, shapes = c.r.nshapes;
		ok = zs_reader_next(&c.r, &ev);
		if (!ok) {
			break;
		}
		if (ev.type == ZS_EV_END) {
			if (c.depth > 0) {
				t->nodes[c.stack[--c.depth]].end = ev.pos;
			}
			continue;
		}
		ok = add_event(&c, &ev, strs, shapes);
	}
	ok = ok && zs_reader_finish(&c.r);
	if (!ok && !t->error) {
		if (c.r.err == ZS_WE_NOMEM) {
			t->out_of_memory = true;
		}
		zs_tree_fail(t, c.r.err_pos, zs_wire_error_msg(c.r.err));
	}
	zs_reader_free(&c.r);
	if (c.stack) {
		t->alloc->free(t->alloc->ctx, c.stack);
	}
	if (c.slots) {
		t->alloc->free(t->alloc->ctx, c.slots);
	}
	return ok;
}
