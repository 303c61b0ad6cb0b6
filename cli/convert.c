/* zser — SPDX-License-Identifier: MIT
 *
 * `zser convert`: a blob read into the value tree (zser, serialize(), igbinary v1/v2, a `php`
 * session) written again, losslessly, as zser (through core/zs_zser_write) or as serialize()
 * text: values and their types bit for bit, array keys as PHP stores them, objects with their
 * class and mangled property names, PHP & references and shared objects as back-references
 * numbered for the output, Serializable payloads verbatim, enum cases. What the target cannot
 * express is refused, not approximated. By default the output is read back and its tree
 * compared with the source's (cli_convert_verify), so that nothing is written that does not
 * read as the source's value. It does not run PHP: what a class's own code would make of its
 * data (__unserialize, __wakeup, a Serializable payload's bytes) is not its business.
 */
#include "cli.h"
#include "zs_grow.h"
#include "zs_wire.h"
#include "zs_zser_write.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ==== Writing ==== */

typedef struct cw {
	const zs_tree *t;
	cli_target to;
	size_t max_output;
	zs_zwriter zw; /* to zser */
	zs_buf text;   /* to serialize() */
	size_t slots;  /* serialize(): slots taken, counted as unserialize() numbers them */
	size_t *slot;  /* per node: the output slot its value took, 0 before it is written */
	size_t *open;  /* per node: how many open containers are its expansion (cycle guard) */
	zs_zw_key *keys;
	size_t keys_cap;
	/* first error: a constant message and the offset of the source node at fault */
	const char *error;
	size_t error_pos;
	bool nomem;
} cw;

static zs_walk_step cw_fail(cw *w, size_t idx, const char *msg)
{
	if (!w->error) {
		w->error = msg;
		w->error_pos = w->t->nodes[idx].pos;
	}
	return ZS_WALK_STOP;
}

static size_t out_len(const cw *w)
{
	return w->to == CLI_TO_ZSER ? w->zw.out.len : w->text.len;
}

/* The key of entry `c` as PHP stores it in an array: a numeric string is an integer. */
static void array_key(const zs_tree *t, const zs_node *c, zs_zw_key *k)
{
	k->is_str = (c->flags & ZS_NODE_KEY_STR) != 0;
	k->i = c->key_int;
	k->s = zs_tree_bytes(t, &c->key_str);
	k->len = c->key_str.len;
	if (k->is_str && zs_wire_is_int_key(k->s, k->len, &k->i)) {
		k->is_str = false;
	}
}

/* The entries' keys of container n in w->keys (array keys normalised when `as_array`); true
 * when they are 0, 1, ..., count-1 in order. */
static bool collect_keys(cw *w, const zs_node *n, bool as_array, bool *list)
{
	const zs_tree *t = w->t;
	size_t c, j = 0;
	void *p = w->keys;

	*list = true;
	if (!zs_grow(&zs_alloc_libc, &p, &w->keys_cap, n->count ? n->count : 1, sizeof(zs_zw_key),
	             64)) {
		w->nomem = true;
		return false;
	}
	w->keys = p;
	for (c = n->first_child; c && j < n->count; c = t->nodes[c - 1].next, j++) {
		zs_zw_key *k = &w->keys[j];
		if (as_array) {
			array_key(t, &t->nodes[c - 1], k);
		} else {
			k->is_str = (t->nodes[c - 1].flags & ZS_NODE_KEY_STR) != 0;
			k->i = t->nodes[c - 1].key_int;
			k->s = zs_tree_bytes(t, &t->nodes[c - 1].key_str);
			k->len = t->nodes[c - 1].key_str.len;
		}
		*list = *list && !k->is_str && k->i == (int64_t)j;
	}
	return true;
}

/* ---- serialize() text ---- */

static void text_str(cw *w, char tag, const unsigned char *s, size_t len)
{
	char head[48];
	int n = snprintf(head, sizeof(head), "%c:%zu:\"", tag, len);
	zs_buf_append(&w->text, head, (size_t)n);
	zs_buf_append(&w->text, s, len);
	zs_buf_append(&w->text, "\";", 2);
}

static void text_fmt_int(cw *w, char tag, int64_t v)
{
	char buf[48];
	int n = snprintf(buf, sizeof(buf), "%c:%lld;", tag, (long long)v);
	zs_buf_append(&w->text, buf, (size_t)n);
}

static void text_key(cw *w, const zs_zw_key *k)
{
	if (k->is_str) {
		text_str(w, 's', k->s, k->len);
	} else {
		text_fmt_int(w, 'i', k->i);
	}
}

/* O:LEN:"Class":COUNT:{ and C:LEN:"Class":LEN:{ */
static void text_class_head(cw *w, char tag, const zs_tree *t, const zs_node *n, size_t count)
{
	char buf[64];
	int len = snprintf(buf, sizeof(buf), "%c:%zu:\"", tag, n->cls.len);
	zs_buf_append(&w->text, buf, (size_t)len);
	zs_buf_append(&w->text, zs_tree_bytes(t, &n->cls), n->cls.len);
	len = snprintf(buf, sizeof(buf), "\":%zu:{", count);
	zs_buf_append(&w->text, buf, (size_t)len);
}

/* The value of node v (resolved) in serialize() text, up to its entries; true to descend. */
static bool text_value(cw *w, const zs_node *v)
{
	const zs_tree *t = w->t;
	char buf[64];
	int n;

	switch ((zs_kind)v->kind) {
	case ZS_K_NULL:
		zs_buf_append(&w->text, "N;", 2);
		return false;
	case ZS_K_FALSE:
	case ZS_K_TRUE:
		zs_buf_append(&w->text, v->kind == ZS_K_TRUE ? "b:1;" : "b:0;", 4);
		return false;
	case ZS_K_INT:
		text_fmt_int(w, 'i', v->v.i);
		return false;
	case ZS_K_FLOAT:
		/* serialize()'s spelling (serialize_precision -1): shortest round trip, INF, NAN */
		cli_format_double(v->v.d, buf, sizeof(buf));
		zs_buf_append(&w->text, "d:", 2);
		zs_buf_append(&w->text, buf, strlen(buf));
		zs_buf_append(&w->text, ";", 1);
		return false;
	case ZS_K_STRING:
		text_str(w, 's', zs_tree_bytes(t, &v->str), v->str.len);
		return false;
	case ZS_K_ARRAY:
		n = snprintf(buf, sizeof(buf), "a:%zu:{", v->count);
		zs_buf_append(&w->text, buf, (size_t)n);
		break;
	case ZS_K_OBJECT:
		text_class_head(w, 'O', t, v, v->count);
		break;
	case ZS_K_CUSTOM:
		text_class_head(w, 'C', t, v, v->str.len);
		zs_buf_append(&w->text, zs_tree_bytes(t, &v->str), v->str.len);
		zs_buf_append(&w->text, "}", 1);
		return false;
	case ZS_K_ENUM:
		n = snprintf(buf, sizeof(buf), "E:%zu:\"", v->cls.len + 1 + v->str.len);
		zs_buf_append(&w->text, buf, (size_t)n);
		zs_buf_append(&w->text, zs_tree_bytes(t, &v->cls), v->cls.len);
		zs_buf_append(&w->text, ":", 1);
		zs_buf_append(&w->text, zs_tree_bytes(t, &v->str), v->str.len);
		zs_buf_append(&w->text, "\";", 2);
		return false;
	default:
		return false;
	}
	if (v->count == 0) {
		zs_buf_append(&w->text, "}", 1);
		return false;
	}
	return true;
}

/* ---- zser ---- */

/* The value of node v (resolved) through the zser writer, up to its entries; true to
 * descend. */
static bool zser_value(cw *w, const zs_node *v)
{
	const zs_tree *t = w->t;
	bool list;

	switch ((zs_kind)v->kind) {
	case ZS_K_NULL:
		zs_zw_null(&w->zw);
		return false;
	case ZS_K_FALSE:
	case ZS_K_TRUE:
		zs_zw_bool(&w->zw, v->kind == ZS_K_TRUE);
		return false;
	case ZS_K_INT:
		zs_zw_int(&w->zw, v->v.i);
		return false;
	case ZS_K_FLOAT:
		zs_zw_float(&w->zw, v->v.d);
		return false;
	case ZS_K_STRING:
		zs_zw_string(&w->zw, zs_tree_bytes(t, &v->str), v->str.len);
		return false;
	case ZS_K_ARRAY:
		if (!collect_keys(w, v, true, &list)) {
			return false;
		}
		if (list) {
			zs_zw_list(&w->zw, v->count);
		} else {
			zs_zw_map(&w->zw, w->keys, v->count);
		}
		return v->count > 0;
	case ZS_K_OBJECT:
		if (v->flags & ZS_NODE_OBJ_DATA) {
			/* __serialize() data read from zser: an array payload again (FORMAT.md §8.2) */
			if (!collect_keys(w, v, true, &list)) {
				return false;
			}
			zs_zw_object_data(&w->zw, zs_tree_bytes(t, &v->cls), v->cls.len);
			if (list) {
				zs_zw_list(&w->zw, v->count);
			} else {
				zs_zw_map(&w->zw, w->keys, v->count);
			}
			return v->count > 0;
		}
		/* O: data, whether properties or __serialize() data: zser's reader hands an OBJECT's
		 * entries to __unserialize() when the class has one, as unserialize() does (§8.2) */
		if (!collect_keys(w, v, false, &list)) {
			return false;
		}
		zs_zw_object(&w->zw, zs_tree_bytes(t, &v->cls), v->cls.len, w->keys, v->count);
		return v->count > 0;
	case ZS_K_CUSTOM:
		zs_zw_object_blob(&w->zw, zs_tree_bytes(t, &v->cls), v->cls.len, zs_tree_bytes(t, &v->str),
		                  v->str.len);
		return false;
	case ZS_K_ENUM:
		zs_zw_enum(&w->zw, zs_tree_bytes(t, &v->cls), v->cls.len, zs_tree_bytes(t, &v->str),
		           v->str.len);
		return false;
	default:
		return false;
	}
}

/* ---- the walk ---- */

static bool is_object_kind(zs_kind k)
{
	return k == ZS_K_OBJECT || k == ZS_K_CUSTOM || k == ZS_K_ENUM;
}

static size_t next_slot(const cw *w)
{
	return (w->to == CLI_TO_ZSER ? zs_zw_slots(&w->zw) : w->slots) + 1;
}

static void put_backref(cw *w, bool amp, size_t slot)
{
	if (w->to == CLI_TO_ZSER) {
		if (amp) {
			zs_zw_backref_ref(&w->zw, slot);
		} else {
			zs_zw_backref_obj(&w->zw, slot);
		}
		return;
	}
	if (!amp) {
		w->slots++; /* r: takes a slot, R: does not */
	}
	text_fmt_int(w, amp ? 'R' : 'r', (int64_t)slot);
}

static bool failed(const cw *w)
{
	return w->nomem || w->error ||
	       (w->to == CLI_TO_ZSER ? w->zw.failed || w->zw.out.failed : w->text.failed);
}

/* One node: its key (serialize() writes keys inline), then its value, a back-reference, or
 * the head of a container whose entries the walk visits next. */
static zs_walk_step cw_enter(void *ctx, const zs_tree *t, size_t idx, size_t parent, size_t depth)
{
	cw *w = ctx;
	const zs_node *n = &t->nodes[idx];
	size_t v, slot;
	bool descend;

	(void)depth;
	if (failed(w)) {
		return ZS_WALK_STOP;
	}
	if (w->max_output && out_len(w) > w->max_output) {
		return cw_fail(w, idx,
		               "output larger than --max-output (shared arrays are written "
		               "out in full; raise it, 0: no limit)");
	}
	if (w->to == CLI_TO_SERIALIZE && parent != SIZE_MAX) {
		const zs_node *p = &t->nodes[zs_tree_resolve(t, parent)];
		zs_zw_key k;
		if (p->kind == ZS_K_ARRAY || (p->flags & ZS_NODE_OBJ_DATA)) {
			array_key(t, n, &k);
		} else {
			k.is_str = (n->flags & ZS_NODE_KEY_STR) != 0;
			k.i = n->key_int;
			k.s = zs_tree_bytes(t, &n->key_str);
			k.len = n->key_str.len;
		}
		text_key(w, &k);
	}
	switch ((zs_kind)n->kind) {
	case ZS_K_SLOTREF:
		return cw_fail(w, idx,
		               "a back-reference to a slot outside this blob (a nested zser "
		               "blob's, FORMAT.md §8.3) cannot be converted");
	case ZS_K_REF:
		slot = n->v.target < t->count ? w->slot[n->v.target] : 0;
		if (!slot) {
			return cw_fail(w, idx, "reference to a value not written before it");
		}
		put_backref(w, true, slot);
		return failed(w) ? ZS_WALK_STOP : ZS_WALK_SKIP;
	default:
		break;
	}
	/* Met again while a shared array is written out (igbinary's copies): a & reference or
	 * an object is the same one, not a copy, as PHP's copy of the array shares them. */
	if (w->slot[idx] && (n->flags & ZS_NODE_REFERENCE)) {
		put_backref(w, true, w->slot[idx]);
		return failed(w) ? ZS_WALK_STOP : ZS_WALK_SKIP;
	}
	if (n->kind == ZS_K_OBJREF) {
		slot = n->v.target < t->count ? w->slot[n->v.target] : 0;
		if (!slot) {
			return cw_fail(w, idx, "shared object not written before it");
		}
		w->slot[idx] = next_slot(w);
		put_backref(w, false, slot);
		return failed(w) ? ZS_WALK_STOP : ZS_WALK_SKIP;
	}
	if (w->slot[idx] && is_object_kind((zs_kind)n->kind)) {
		slot = w->slot[idx];
		put_backref(w, false, slot);
		return failed(w) ? ZS_WALK_STOP : ZS_WALK_SKIP;
	}
	v = zs_tree_resolve(t, idx);
	if (v >= t->count) {
		return cw_fail(w, idx, "broken back-reference");
	}
	if (v != idx && w->slot[v] && is_object_kind((zs_kind)t->nodes[v].kind)) {
		/* a copy (igbinary) whose value is an object: that object */
		w->slot[idx] = next_slot(w);
		put_backref(w, false, w->slot[v]);
		return failed(w) ? ZS_WALK_STOP : ZS_WALK_SKIP;
	}
	if (w->open[v]) {
		return cw_fail(w, idx, "an array that holds a copy of itself cannot be written out");
	}
	if (t->nodes[v].kind == ZS_K_CUSTOM && t->nodes[v].count > 0) {
		return cw_fail(w, idx,
		               "a Serializable payload holding nested zser blobs "
		               "(OBJECT_BLOB_SLOTS, FORMAT.md §8.3) cannot be converted");
	}
	w->slot[idx] = next_slot(w);
	if (w->to == CLI_TO_ZSER) {
		descend = zser_value(w, &t->nodes[v]);
	} else {
		w->slots++;
		descend = text_value(w, &t->nodes[v]);
	}
	if (failed(w)) {
		return ZS_WALK_STOP;
	}
	if (descend) {
		w->open[v]++;
		return ZS_WALK_DESCEND;
	}
	return ZS_WALK_SKIP;
}

static void cw_leave(void *ctx, const zs_tree *t, size_t idx, size_t depth)
{
	cw *w = ctx;
	size_t v = zs_tree_resolve(t, idx);

	(void)depth;
	if (v < t->count && w->open[v]) {
		w->open[v]--;
	}
	if (w->to == CLI_TO_SERIALIZE) {
		zs_buf_append(&w->text, "}", 1);
	}
}

/* ==== Verification ==== */

/* Two trees hold the same PHP value: the same types and bits, keys as PHP stores them, the
 * same class names and payloads, and the same sharing: each & reference set and each object
 * of one matches exactly one of the other. Copies (igbinary) compare as the value they copy. */

typedef struct vframe {
	size_t a, b;   /* containers (resolved) */
	size_t ca, cb; /* next entries, index + 1 */
	bool na, nb;   /* keys normalised as array keys */
} vframe;

typedef struct vc {
	const zs_tree *a, *b;
	size_t *ref_map; /* a's reference set (first member) -> b's, + 1 */
	size_t *obj_map; /* a's object node -> b's, + 1 */
	size_t *open;    /* a's containers being compared (a copy of an ancestor never ends) */
	vframe *stack;
	size_t top, cap;
	const char *why;
	size_t at; /* offset in a (the source) */
} vc;

static bool vdiff(vc *c, size_t ai, const char *why)
{
	if (!c->why) {
		c->why = why;
		c->at = ai < c->a->count ? c->a->nodes[ai].pos : 0;
	}
	return false;
}

static bool same_bytes(const zs_tree *a, const zs_str *x, const zs_tree *b, const zs_str *y)
{
	return x->len == y->len &&
	       (x->len == 0 || memcmp(zs_tree_bytes(a, x), zs_tree_bytes(b, y), x->len) == 0);
}

/* The & reference set a position belongs to (its first member), or SIZE_MAX. */
static size_t ref_set(const zs_tree *t, size_t i)
{
	if (t->nodes[i].kind == ZS_K_REF) {
		return t->nodes[i].v.target;
	}
	return (t->nodes[i].flags & ZS_NODE_REFERENCE) ? i : SIZE_MAX;
}

static void entry_key(const zs_tree *t, const zs_node *n, bool norm, zs_zw_key *k)
{
	if (norm) {
		array_key(t, n, k);
		return;
	}
	k->is_str = (n->flags & ZS_NODE_KEY_STR) != 0;
	k->i = n->key_int;
	k->s = zs_tree_bytes(t, &n->key_str);
	k->len = n->key_str.len;
}

/* The values at positions ai (of a) and bi (of b); a container to compare entry by entry is
 * pushed on the stack. */
static bool vpos(vc *c, size_t ai, size_t bi)
{
	const zs_tree *a = c->a, *b = c->b;
	size_t ra = ref_set(a, ai), rb = ref_set(b, bi), va, vb;
	const zs_node *x, *y;
	void *p;

	if ((ra == SIZE_MAX) != (rb == SIZE_MAX)) {
		return vdiff(c, ai, "a & reference in one and not in the other");
	}
	if (ra != SIZE_MAX) {
		if (ra >= a->count || rb >= b->count) {
			return vdiff(c, ai, "broken reference");
		}
		if (c->ref_map[ra]) {
			return c->ref_map[ra] == rb + 1 || vdiff(c, ai, "a different & reference set");
		}
		c->ref_map[ra] = rb + 1;
	}
	va = zs_tree_resolve(a, ai);
	vb = zs_tree_resolve(b, bi);
	if (va >= a->count || vb >= b->count) {
		return vdiff(c, ai, "broken back-reference");
	}
	x = &a->nodes[va];
	y = &b->nodes[vb];
	if (x->kind != y->kind) {
		return vdiff(c, ai, "a different type");
	}
	switch ((zs_kind)x->kind) {
	case ZS_K_NULL:
	case ZS_K_FALSE:
	case ZS_K_TRUE:
		return true;
	case ZS_K_INT:
		return x->v.i == y->v.i || vdiff(c, ai, "a different integer");
	case ZS_K_FLOAT:
		return memcmp(&x->v.d, &y->v.d, sizeof(double)) == 0 ||
		       vdiff(c, ai, "a different float (bit pattern)");
	case ZS_K_STRING:
		return same_bytes(a, &x->str, b, &y->str) || vdiff(c, ai, "a different string");
	case ZS_K_ENUM:
	case ZS_K_CUSTOM:
	case ZS_K_OBJECT:
		if (c->obj_map[va]) {
			return c->obj_map[va] == vb + 1 || vdiff(c, ai, "a different object (identity)");
		}
		c->obj_map[va] = vb + 1;
		if (!same_bytes(a, &x->cls, b, &y->cls)) {
			return vdiff(c, ai, "a different class name");
		}
		if (x->kind == ZS_K_ENUM) {
			return same_bytes(a, &x->str, b, &y->str) || vdiff(c, ai, "a different enum case");
		}
		if (x->kind == ZS_K_CUSTOM) {
			return (same_bytes(a, &x->str, b, &y->str) && x->count == y->count) ||
			       vdiff(c, ai, "a different Serializable payload");
		}
		break;
	case ZS_K_ARRAY:
		break;
	default:
		return vdiff(c, ai, "a value that cannot be compared");
	}
	if (x->count != y->count) {
		return vdiff(c, ai, "a different number of entries");
	}
	if (x->count == 0) {
		return true;
	}
	if (c->open[va]) {
		return vdiff(c, ai, "an array that holds a copy of itself");
	}
	p = c->stack;
	if (!zs_grow(&zs_alloc_libc, &p, &c->cap, c->top + 1, sizeof(vframe), 64)) {
		return vdiff(c, ai, "out of memory");
	}
	c->stack = p;
	c->open[va]++;
	c->stack[c->top].a = va;
	c->stack[c->top].b = vb;
	c->stack[c->top].ca = x->first_child;
	c->stack[c->top].cb = y->first_child;
	c->stack[c->top].na = x->kind == ZS_K_ARRAY || (x->flags & ZS_NODE_OBJ_DATA);
	c->stack[c->top].nb = y->kind == ZS_K_ARRAY || (y->flags & ZS_NODE_OBJ_DATA);
	c->top++;
	return true;
}

static bool vrun(vc *c)
{
	if (!vpos(c, 0, 0)) {
		return false;
	}
	while (c->top > 0) {
		vframe *f = &c->stack[c->top - 1];
		size_t ai, bi;
		zs_zw_key ka, kb;

		if (!f->ca || !f->cb) {
			if (f->ca || f->cb) {
				return vdiff(c, f->a, "a different number of entries");
			}
			c->open[f->a]--;
			c->top--;
			continue;
		}
		ai = f->ca - 1;
		bi = f->cb - 1;
		f->ca = c->a->nodes[ai].next;
		f->cb = c->b->nodes[bi].next;
		entry_key(c->a, &c->a->nodes[ai], f->na, &ka);
		entry_key(c->b, &c->b->nodes[bi], f->nb, &kb);
		if (ka.is_str != kb.is_str ||
		    (ka.is_str ? ka.len != kb.len || (ka.len && memcmp(ka.s, kb.s, ka.len) != 0)
		               : ka.i != kb.i)) {
			return vdiff(c, ai, "a different key");
		}
		if (!vpos(c, ai, bi)) {
			return false;
		}
	}
	return true;
}

static size_t *new_map(size_t n)
{
	return calloc(n ? n : 1, sizeof(size_t));
}

int cli_convert_verify(const zs_tree *a, const zs_tree *b, const char **why, size_t *at)
{
	vc c;
	bool same;

	memset(&c, 0, sizeof(c));
	c.a = a;
	c.b = b;
	c.ref_map = new_map(a->count);
	c.obj_map = new_map(a->count);
	c.open = new_map(a->count);
	if (!c.ref_map || !c.obj_map || !c.open) {
		free(c.ref_map);
		free(c.obj_map);
		free(c.open);
		return EXIT_NOMEM;
	}
	same = a->count > 0 && b->count > 0 && vrun(&c);
	if (!same && !c.why) {
		vdiff(&c, 0, "an empty tree");
	}
	*why = c.why;
	*at = c.at;
	free(c.ref_map);
	free(c.obj_map);
	free(c.open);
	free(c.stack);
	return same ? EXIT_OK : EXIT_INVALID;
}

/* ==== The command ==== */

/* An error message on co->err, when there is one. */
static void msg(const cli_convert_opts *co, const char *fmt, ...)
{
	va_list ap;

	if (!co->err) {
		return;
	}
	va_start(ap, fmt);
	vfprintf(co->err, fmt, ap);
	va_end(ap);
}

int cli_convert(const zs_tree *t, const cli_convert_opts *co, zs_buf *out)
{
	static const zs_tree_visitor visitor = {cw_enter, cw_leave};
	char label[64];
	cw w;
	int rc = EXIT_OK;

	zs_buf_init(out, &zs_alloc_libc);
	if (t->base != 0) {
		msg(co,
		    "error at offset 0: a nested zser blob (FORMAT.md §8.3) belongs to its "
		    "outer blob's Serializable payload and is not converted alone "
		    "(reading %s)\n",
		    cli_format_label(t, label, sizeof(label)));
		return EXIT_INVALID;
	}
	memset(&w, 0, sizeof(w));
	w.t = t;
	w.to = co->to;
	w.max_output = co->max_output;
	w.slot = new_map(t->count);
	w.open = new_map(t->count);
	if (co->to == CLI_TO_ZSER) {
		zs_zw_init(&w.zw, &zs_alloc_libc, cli_hash_seed());
	} else {
		zs_buf_init(&w.text, &zs_alloc_libc);
	}
	if (!w.slot || !w.open || !zs_tree_walk(t, 0, &visitor, &w)) {
		w.nomem = true;
	}
	if (w.error) {
		msg(co, "error at offset %zu: %s (reading %s, writing %s)\n", w.error_pos, w.error,
		    cli_format_label(t, label, sizeof(label)),
		    co->to == CLI_TO_ZSER ? "zser" : "serialize");
		rc = EXIT_INVALID;
	} else if (w.nomem || (co->to == CLI_TO_ZSER ? !zs_zw_finish(&w.zw) : w.text.failed)) {
		msg(co, "zser: out of memory\n");
		rc = EXIT_NOMEM;
	} else if (co->to == CLI_TO_ZSER) {
		*out = w.zw.out;
		zs_zero(&w.zw.out, sizeof(w.zw.out));
	} else {
		*out = w.text;
		zs_zero(&w.text, sizeof(w.text));
	}
	if (co->to == CLI_TO_ZSER) {
		zs_zw_free(&w.zw);
	} else {
		zs_buf_free(&w.text);
	}
	free(w.slot);
	free(w.open);
	free(w.keys);
	if (rc != EXIT_OK || !co->verify) {
		return rc;
	}
	{
		zs_tree back;
		cli_opts o;
		const char *why = NULL;
		size_t at = 0;

		memset(&o, 0, sizeof(o));
		o.force = co->to == CLI_TO_ZSER ? ZS_FMT_ZSER : ZS_FMT_PHPSER;
		o.max_depth = co->max_depth;
		rc = cli_load(&back, out->data, out->len, &o);
		if (rc != EXIT_OK) {
			/* the fault is in the output, whose offsets the user never sees: the message
			 * gives it, and offset 0 (the value as a whole) for the input */
			msg(co,
			    "error at offset 0: verification failed: the %s written does not read back "
			    "(%s at byte %zu of the output) (reading %s); nothing written\n",
			    co->to == CLI_TO_ZSER ? "zser blob" : "serialize() text",
			    back.error ? back.error : "?", back.error_pos,
			    cli_format_label(t, label, sizeof(label)));
			zs_tree_free(&back);
			zs_buf_free(out);
			zs_buf_init(out, &zs_alloc_libc);
			return rc == EXIT_NOMEM ? rc : EXIT_INVALID;
		}
		rc = cli_convert_verify(t, &back, &why, &at);
		if (rc == EXIT_INVALID) {
			msg(co,
			    "error at offset %zu: verification failed: the %s written reads back as "
			    "another value (%s) (reading %s); nothing written\n",
			    at, co->to == CLI_TO_ZSER ? "zser blob" : "serialize() text", why,
			    cli_format_label(t, label, sizeof(label)));
		} else if (rc == EXIT_NOMEM) {
			msg(co, "zser: out of memory\n");
		}
		zs_tree_free(&back);
	}
	if (rc != EXIT_OK) {
		zs_buf_free(out);
		zs_buf_init(out, &zs_alloc_libc);
	}
	return rc;
}
