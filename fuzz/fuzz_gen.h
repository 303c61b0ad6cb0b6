/* zser — SPDX-License-Identifier: MIT
 *
 * Structure-aware blob maker for the PHP-level fuzz targets (docs/FUZZING.md). The fuzzer's
 * input is not a blob but a program: its bytes choose a value graph made of the classes a
 * target defines in its request (declared public, protected and private properties, typed and
 * readonly ones, a private property redeclared by a subclass, __serialize, __sleep/__wakeup,
 * Serializable, enums), references, shared objects and shared arrays, with slot numbers tracked as
 * the decoder counts them. Then a few structure-level mutations are applied to the tree (swap,
 * duplicate or delete an item, a wrong count, another tag, another back-reference number,
 * another class name, a property name in another mangling, the reference flag flipped), and
 * the tree is written with consistent string and shape tables (FORMAT.md §5, §7), so that a
 * mutant still gets past the header and the tables into object building, where byte-level
 * mutation of a blob rarely arrives. Plain C: no PHP here, the writer follows FORMAT.md.
 */
#ifndef FUZZ_GEN_H
#define FUZZ_GEN_H

#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum { FG_PUB, FG_PROT, FG_PRIV };
enum { FG_T_ANY, FG_T_INT, FG_T_NSTR, FG_T_ARR, FG_T_FLOAT, FG_T_BOOL, FG_T_SELF };
enum { FG_C_PROPS, FG_C_DATA, FG_C_BLOB, FG_C_ENUM };

typedef struct fg_prop {
	const char *name;
	uint8_t vis;
	const char *owner; /* class whose private property it is */
	uint8_t type;
} fg_prop;

typedef struct fg_class {
	const char *name;
	uint8_t form;
	const fg_prop *props;
	int nprops;
	const char *const *cases; /* enums: case names, NULL-terminated */
	bool nested;              /* OBJECT_BLOB payload / data holds a zser blob of its own */
} fg_class;

enum {
	FG_NULL,
	FG_FALSE,
	FG_TRUE,
	FG_INT,
	FG_FLOAT,
	FG_STR,
	FG_LIST,
	FG_MAP,
	FG_OBJ,
	FG_DATA,
	FG_BLOB,
	FG_ENUM,
	FG_BACKOBJ,
	FG_BACKREF,
	FG_BACKARR, /* a copy of an array written before (FORMAT.md §9.1) */
};

#define FG_MAX_KIDS  8
#define FG_MAX_NODES 384
#define FG_ARENA     16384
#define FG_OUT       16384
#define FG_MAX_STR   512

typedef struct fg_key {
	bool is_int;
	int64_t i;
	const char *s;
	size_t len;
} fg_key;

typedef struct fg_node {
	uint8_t kind;
	int64_t i;
	double d;
	const char *s; /* string, enum case, blob payload */
	size_t len;
	const char *cls;
	size_t cls_len;
	uint64_t slot; /* back-references: the slot named */
	int nkids;
	struct fg_node *kids[FG_MAX_KIDS];
	fg_key keys[FG_MAX_KIDS];
	int count_delta;  /* written count minus the real one */
	int tag_override; /* >= 0: this byte replaces the tag */
} fg_node;

typedef struct fg_state {
	const uint8_t *in;
	size_t size, pos;
	const fg_class *classes;
	int nclasses;
	fg_node nodes[FG_MAX_NODES];
	int nnodes;
	char arena[FG_ARENA];
	size_t arena_used;
	uint64_t slots;         /* slots taken so far, as the decoder numbers them */
	uint64_t obj_slots[64]; /* some slots that hold objects */
	int nobj_slots;
	uint64_t arr_slots[64]; /* some slots that hold arrays, complete */
	int narr_slots;
	bool flag_flip;
	int depth;
	/* writer */
	uint8_t *out;
	size_t out_len, out_cap;
	bool overflow;
	const char *strs[1024];
	size_t str_lens[1024];
	int nstrs;
	const fg_node *shapes[256];
	int nshapes;
} fg_state;

static uint8_t fg_byte(fg_state *g)
{
	return g->pos < g->size ? g->in[g->pos++] : 0;
}

static bool fg_more(const fg_state *g)
{
	return g->pos < g->size;
}

static uint32_t fg_pick(fg_state *g, uint32_t n)
{
	return n ? fg_byte(g) % n : 0;
}

static const char *fg_keep(fg_state *g, const char *s, size_t len)
{
	char *p;

	if (g->arena_used + len + 1 > FG_ARENA) {
		return "";
	}
	p = g->arena + g->arena_used;
	memcpy(p, s, len);
	p[len] = '\0';
	g->arena_used += len + 1;
	return p;
}

static fg_node *fg_new(fg_state *g, uint8_t kind)
{
	fg_node *n;

	if (g->nnodes >= FG_MAX_NODES) {
		return NULL;
	}
	n = &g->nodes[g->nnodes++];
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	n->tag_override = -1;
	return n;
}

/* A property name in the given mangling (FORMAT.md §8.1). */
static fg_key fg_mangle(fg_state *g, const char *name, uint8_t vis, const char *owner)
{
	char buf[256];
	size_t n = 0, nl = strlen(name), ol = strlen(owner ? owner : "");
	fg_key k = {false, 0, NULL, 0};

	if (nl + ol + 3 > sizeof(buf)) {
		nl = ol = 0;
	}
	if (vis == FG_PROT) {
		memcpy(buf, "\0*\0", 3);
		n = 3;
	} else if (vis == FG_PRIV) {
		buf[n++] = '\0';
		memcpy(buf + n, owner, ol);
		n += ol;
		buf[n++] = '\0';
	}
	memcpy(buf + n, name, nl);
	n += nl;
	k.s = fg_keep(g, buf, n);
	k.len = n;
	return k;
}

static const char *const fg_words[] = {
        "a",
        "b",
        "c",
        "d",
        "x",
        "y",
        "0",
        "1",
        "-1",
        "ro",
        "next",
        "\0*\0b",
        "",
        "__PHP_Incomplete_Class_Name",
        "stdClass",
        "FzPlain",
        "\0FzPlain\0c",
        "H",
        "One",
};

static fg_key fg_any_key(fg_state *g)
{
	fg_key k = {false, 0, NULL, 0};
	uint8_t b = fg_byte(g);

	if (b & 1) {
		k.is_int = true;
		k.i = (int64_t)(b >> 1) - 20;
	} else {
		const char *w = fg_words[(b >> 1) % (sizeof(fg_words) / sizeof(fg_words[0]))];
		/* the words with NUL bytes inside have known lengths */
		k.len = w[0] ? strlen(w) : (w == fg_words[11] ? 4 : w == fg_words[16] ? 10 : 0);
		k.s = w;
	}
	return k;
}

static fg_node *fg_value(fg_state *g, uint8_t type, const fg_class *self);

static void fg_add(fg_node *parent, fg_node *kid, fg_key key)
{
	if (kid && parent->nkids < FG_MAX_KIDS) {
		parent->keys[parent->nkids] = key;
		parent->kids[parent->nkids++] = kid;
	}
}

static void fg_note_object(fg_state *g, uint64_t slot)
{
	if (g->nobj_slots < 64) {
		g->obj_slots[g->nobj_slots++] = slot;
	}
}

static void fg_note_array(fg_state *g, uint64_t slot)
{
	if (g->narr_slots < 64) {
		g->arr_slots[g->narr_slots++] = slot;
	}
}

static fg_node *fg_scalar(fg_state *g, uint8_t type)
{
	uint8_t b = fg_byte(g);
	fg_node *n;

	if (type == FG_T_INT || (type == FG_T_ANY && b < 64)) {
		n = fg_new(g, FG_INT);
		if (n) {
			static const int64_t edges[] = {0,      1,         -1,        63,        64,    -16,
			                                -17,    255,       256,       -257,      65535, 65536,
			                                -65537, INT64_MAX, INT64_MIN, 4294967296};
			n->i = (int64_t)((uint64_t)edges[fg_byte(g) % 16] + (b & 3));
		}
		return n;
	}
	if (type == FG_T_FLOAT || (type == FG_T_ANY && b < 96)) {
		n = fg_new(g, FG_FLOAT);
		if (n) {
			static const double fl[] = {0.5, -0.0, 1e300, 3.14159, 1.0 / 3.0};
			n->d = fl[fg_byte(g) % 5];
		}
		return n;
	}
	if (type == FG_T_BOOL || (type == FG_T_ANY && b < 128)) {
		return fg_new(g, b & 1 ? FG_TRUE : FG_FALSE);
	}
	if (type == FG_T_ANY && b < 144) {
		return fg_new(g, FG_NULL);
	}
	n = fg_new(g, FG_STR);
	if (n) {
		size_t len = fg_byte(g) % 40;
		char buf[64];
		size_t i;

		if (fg_byte(g) & 1) {
			fg_key k = fg_any_key(g);
			if (!k.is_int) {
				n->s = k.s;
				n->len = k.len;
				return n;
			}
		}
		for (i = 0; i < len; i++) {
			buf[i] = (char)('a' + (i + b) % 26);
		}
		n->s = fg_keep(g, buf, len);
		n->len = len;
	}
	return n;
}

static const fg_class *fg_class_of(fg_state *g, uint8_t form)
{
	int i, k = fg_pick(g, (uint32_t)g->nclasses);

	for (i = 0; i < g->nclasses; i++) {
		const fg_class *c = &g->classes[(k + i) % g->nclasses];
		if (c->form == form) {
			return c;
		}
	}
	return NULL;
}

/* An object of a class with properties: its declared properties in serialize()'s manglings,
 * some left out, sometimes a dynamic one. */
static fg_node *fg_object(fg_state *g, const fg_class *c)
{
	fg_node *n = fg_new(g, FG_OBJ);
	int i;

	if (!n) {
		return NULL;
	}
	n->cls = c->name;
	n->cls_len = strlen(c->name);
	fg_note_object(g, ++g->slots);
	g->depth++;
	for (i = 0; i < c->nprops; i++) {
		const fg_prop *p = &c->props[i];
		if (fg_byte(g) % 5 == 0) {
			continue;
		}
		fg_add(n, fg_value(g, p->type, c), fg_mangle(g, p->name, p->vis, p->owner));
	}
	if (fg_byte(g) % 4 == 0) {
		fg_add(n, fg_value(g, FG_T_ANY, NULL), fg_any_key(g));
	}
	g->depth--;
	return n;
}

/* A zser blob made by a state of its own, for a nested class's payload. */
static size_t fg_blob(fg_state *outer, uint8_t *out, size_t cap);

static fg_node *fg_value(fg_state *g, uint8_t type, const fg_class *self)
{
	uint8_t op = fg_byte(g);
	fg_node *n;
	const fg_class *c;
	int i, count;

	if (g->depth > 6 || g->nnodes > FG_MAX_NODES - 16 || !fg_more(g)) {
		n = type == FG_T_ANY || op & 1 ? fg_scalar(g, type) : fg_new(g, FG_NULL);
		if (n) {
			g->slots++;
		}
		return n;
	}
	if (type == FG_T_SELF && self && op % 3 == 0) {
		return fg_object(g, self);
	}
	if (type != FG_T_ANY && type != FG_T_ARR && op % 8) {
		n = fg_scalar(g, type == FG_T_SELF ? FG_T_ANY : type);
		if (n) {
			g->slots++;
		}
		return n;
	}
	switch (op % 13) {
	case 0:
	case 1: {
		uint64_t own;
		n = fg_new(g, FG_LIST);
		if (!n) {
			return NULL;
		}
		own = ++g->slots;
		g->depth++;
		count = fg_pick(g, 5);
		for (i = 0; i < count; i++) {
			fg_key k = {true, i, NULL, 0};
			fg_add(n, fg_value(g, FG_T_ANY, NULL), k);
		}
		g->depth--;
		fg_note_array(g, own);
		return n;
	}
	case 2: {
		uint64_t own;
		n = fg_new(g, FG_MAP);
		if (!n) {
			return NULL;
		}
		own = ++g->slots;
		g->depth++;
		count = 1 + fg_pick(g, 4);
		for (i = 0; i < count; i++) {
			fg_key k = fg_any_key(g);
			fg_add(n, fg_value(g, FG_T_ANY, NULL), k);
		}
		g->depth--;
		fg_note_array(g, own);
		return n;
	}
	case 12:
		/* a copy of a complete array (refused when it holds an object or a reference) */
		if (g->narr_slots && (n = fg_new(g, FG_BACKARR))) {
			n->slot = g->arr_slots[fg_pick(g, (uint32_t)g->narr_slots)];
			g->slots++;
			return n;
		}
		break;
	case 3:
	case 4:
		c = fg_class_of(g, FG_C_PROPS);
		return c ? fg_object(g, c) : fg_scalar(g, type);
	case 5:
		c = fg_class_of(g, FG_C_DATA);
		if (!c || !(n = fg_new(g, FG_DATA))) {
			return fg_scalar(g, type);
		}
		n->cls = c->name;
		n->cls_len = strlen(c->name);
		fg_note_object(g, ++g->slots);
		g->depth++;
		/* the payload array takes no slot; its elements do */
		{
			fg_node *arr = fg_new(g, fg_byte(g) & 1 ? FG_LIST : FG_MAP);
			fg_key none = {false, 0, NULL, 0};
			if (arr) {
				count = fg_pick(g, 4) + (arr->kind == FG_MAP);
				for (i = 0; i < count; i++) {
					fg_key k = {true, i, NULL, 0};
					if (arr->kind == FG_MAP) {
						k = fg_any_key(g);
					}
					if (c->nested && i == 0) {
						fg_node *s = fg_new(g, FG_STR);
						uint8_t buf[2048];
						if (s) {
							s->len = fg_blob(g, buf, sizeof(buf));
							s->s = fg_keep(g, (const char *)buf, s->len);
							g->slots++;
						}
						fg_add(arr, s, k);
						continue;
					}
					fg_add(arr, fg_value(g, FG_T_ANY, NULL), k);
				}
			}
			fg_add(n, arr, none);
		}
		g->depth--;
		return n;
	case 6:
		c = fg_class_of(g, FG_C_BLOB);
		if (!c || !(n = fg_new(g, FG_BLOB))) {
			return fg_scalar(g, type);
		}
		n->cls = c->name;
		n->cls_len = strlen(c->name);
		fg_note_object(g, ++g->slots);
		if (c->nested) {
			uint8_t buf[2048];
			n->len = fg_blob(g, buf, sizeof(buf));
			n->s = fg_keep(g, (const char *)buf, n->len);
		} else {
			fg_node *s = fg_scalar(g, FG_T_NSTR);
			n->s = s && s->kind == FG_STR ? s->s : "x";
			n->len = s && s->kind == FG_STR ? s->len : 1;
		}
		return n;
	case 7:
		c = fg_class_of(g, FG_C_ENUM);
		if (!c || !(n = fg_new(g, FG_ENUM))) {
			return fg_scalar(g, type);
		}
		n->cls = c->name;
		n->cls_len = strlen(c->name);
		for (count = 0; c->cases[count]; count++) {
		}
		n->s = c->cases[fg_pick(g, (uint32_t)count)];
		n->len = strlen(n->s);
		fg_note_object(g, ++g->slots);
		return n;
	case 8:
		if (g->nobj_slots && (n = fg_new(g, FG_BACKOBJ))) {
			n->slot = g->obj_slots[fg_pick(g, (uint32_t)g->nobj_slots)];
			g->slots++;
			return n;
		}
		break;
	case 9:
		if (g->slots && (n = fg_new(g, FG_BACKREF))) {
			n->slot = 1 + fg_pick(g, (uint32_t)g->slots);
			return n; /* takes no slot */
		}
		break;
	default:
		break;
	}
	n = fg_scalar(g, type);
	if (n) {
		g->slots++;
	}
	return n;
}

/* ---- structure-level mutations */

static fg_node *fg_any_node(fg_state *g, bool container)
{
	int i, k = fg_pick(g, (uint32_t)g->nnodes);

	for (i = 0; i < g->nnodes; i++) {
		fg_node *n = &g->nodes[(k + i) % g->nnodes];
		if (!container || n->nkids) {
			return n;
		}
	}
	return NULL;
}

static void fg_mutate(fg_state *g)
{
	fg_node *n = fg_any_node(g, false), *c = fg_any_node(g, true);
	uint8_t op = fg_byte(g);
	int a, b;

	if (!n) {
		return;
	}
	switch (op % 11) {
	case 0: /* swap two items of a container (with their keys) */
		if (c && c->nkids > 1) {
			fg_node *t;
			fg_key tk;
			a = fg_pick(g, (uint32_t)c->nkids);
			b = fg_pick(g, (uint32_t)c->nkids);
			t = c->kids[a], c->kids[a] = c->kids[b], c->kids[b] = t;
			if (op & 0x80) {
				tk = c->keys[a], c->keys[a] = c->keys[b], c->keys[b] = tk;
			}
		}
		break;
	case 1: /* duplicate an item: same key twice, or the same value under another key */
		if (c && c->nkids < FG_MAX_KIDS) {
			a = fg_pick(g, (uint32_t)c->nkids);
			c->keys[c->nkids] = op & 0x80 ? fg_any_key(g) : c->keys[a];
			c->kids[c->nkids++] = c->kids[a];
		}
		break;
	case 2: /* delete an item */
		if (c) {
			a = fg_pick(g, (uint32_t)c->nkids);
			memmove(&c->kids[a], &c->kids[a + 1], (size_t)(c->nkids - a - 1) * sizeof(c->kids[0]));
			memmove(&c->keys[a], &c->keys[a + 1], (size_t)(c->nkids - a - 1) * sizeof(c->keys[0]));
			c->nkids--;
		}
		break;
	case 3: /* a count that is not the number of items */
		if (c) {
			c->count_delta = (op & 0x80) ? -1 : 1 + (int)fg_pick(g, 3);
		}
		break;
	case 4: /* another tag in front of the same payload */
		n->tag_override = fg_byte(g);
		break;
	case 5: /* a back-reference to another slot */
		if (n->kind == FG_BACKOBJ || n->kind == FG_BACKREF || n->kind == FG_BACKARR) {
			n->slot = fg_pick(g, (uint32_t)g->slots + 3);
		} else {
			fg_node *r = fg_new(g, op & 0x80 ? FG_BACKREF : (op & 0x40) ? FG_BACKARR : FG_BACKOBJ);
			if (r && c && c->nkids < FG_MAX_KIDS) {
				r->slot = fg_pick(g, (uint32_t)g->slots + 2);
				c->keys[c->nkids] = fg_any_key(g);
				c->kids[c->nkids++] = r;
			}
		}
		break;
	case 6: /* another class */
		if (n->cls) {
			uint8_t w = fg_byte(g);
			if (w < 160) {
				n->cls = g->classes[w % g->nclasses].name;
			} else {
				n->cls = fg_words[w % (sizeof(fg_words) / sizeof(fg_words[0]))];
			}
			n->cls_len = strlen(n->cls);
		}
		break;
	case 7: /* a property name in another mangling, or in two */
		if (c && c->nkids && !c->keys[0].is_int) {
			const fg_key *k;
			const char *name, *owner = NULL;
			size_t nl;
			char own[128];
			a = fg_pick(g, (uint32_t)c->nkids);
			k = &c->keys[a];
			if (k->is_int || !k->s) {
				break;
			}
			name = k->s;
			nl = k->len;
			if (nl > 2 && name[0] == '\0') {
				const char *e = memchr(name + 1, '\0', nl - 1);
				if (e && (size_t)(e - name) < sizeof(own)) {
					memcpy(own, name + 1, (size_t)(e - name - 1));
					own[e - name - 1] = '\0';
					nl -= (size_t)(e + 1 - name);
					name = e + 1;
				}
			}
			{
				char nm[128];
				uint8_t vis = fg_byte(g) % 3;
				fg_key m;
				if (nl >= sizeof(nm)) {
					break;
				}
				memcpy(nm, name, nl);
				nm[nl] = '\0';
				if (vis == FG_PRIV) {
					owner = fg_byte(g) & 1 && c->cls ? c->cls : g->classes[0].name;
				}
				m = fg_mangle(g, nm, vis, owner);
				if ((op & 0x80) && c->nkids < FG_MAX_KIDS) {
					c->keys[c->nkids] = m;
					c->kids[c->nkids++] = c->kids[a];
				} else {
					c->keys[a] = m;
				}
			}
		}
		break;
	case 8: /* the reference flag flipped */
		g->flag_flip = !g->flag_flip;
		break;
	case 9: /* an item replaced by another generated one */
		if (c) {
			a = fg_pick(g, (uint32_t)c->nkids);
			{
				fg_node *v = fg_value(g, FG_T_ANY, NULL);
				if (v) {
					c->kids[a] = v;
				}
			}
		}
		break;
	default: /* a key that is an integer, or a string */
		if (c && c->nkids) {
			c->keys[fg_pick(g, (uint32_t)c->nkids)] = fg_any_key(g);
		}
		break;
	}
}

/* ---- the writer (FORMAT.md §2-§9) */

static void fg_put(fg_state *g, const void *p, size_t n)
{
	if (g->overflow || g->out_len + n > g->out_cap) {
		g->overflow = true;
		return;
	}
	memcpy(g->out + g->out_len, p, n);
	g->out_len += n;
}

static void fg_put1(fg_state *g, uint8_t b)
{
	fg_put(g, &b, 1);
}

static void fg_varint(fg_state *g, uint64_t v)
{
	do {
		uint8_t b = v & 0x7f;
		v >>= 7;
		fg_put1(g, (uint8_t)(b | (v ? 0x80 : 0)));
	} while (v);
}

static void fg_le(fg_state *g, uint64_t v, int bytes)
{
	int i;
	for (i = 0; i < bytes; i++) {
		fg_put1(g, (uint8_t)(v >> (8 * i)));
	}
}

static void fg_tag(fg_state *g, const fg_node *n, uint8_t tag)
{
	fg_put1(g, n && n->tag_override >= 0 ? (uint8_t)n->tag_override : tag);
}

static void fg_int(fg_state *g, const fg_node *n, int64_t v)
{
	if (v >= 0 && v <= 63) {
		fg_tag(g, n, (uint8_t)v);
	} else if (v < 0 && v >= -16) {
		fg_tag(g, n, (uint8_t)(0x100 + v));
	} else {
		uint64_t u = v >= 0 ? (uint64_t)v : (uint64_t)(-1 - v);
		int base = v >= 0 ? 0xC3 : 0xC7;
		int w = u <= 0xff ? 0 : u <= 0xffff ? 1 : u <= 0xffffffffu ? 2 : 3;
		fg_tag(g, n, (uint8_t)(base + w));
		fg_le(g, u, 1 << w);
	}
}

static void fg_string(fg_state *g, const fg_node *n, const char *s, size_t len)
{
	int i;

	if (len == 0) {
		fg_tag(g, n, 0x40);
		return;
	}
	for (i = 0; i < g->nstrs; i++) {
		if (g->str_lens[i] == len && memcmp(g->strs[i], s, len) == 0) {
			if (i < 48) {
				fg_tag(g, n, (uint8_t)(0x60 + i));
			} else {
				fg_tag(g, n, 0xCE);
				fg_varint(g, (uint64_t)i - 48);
			}
			return;
		}
	}
	if (len < 32) {
		fg_tag(g, n, (uint8_t)(0x40 + len));
	} else {
		fg_tag(g, n, 0xCD);
		fg_varint(g, len - 32);
	}
	fg_put(g, s, len);
	if (g->nstrs < 1024) {
		g->strs[g->nstrs] = s;
		g->str_lens[g->nstrs++] = len;
	}
}

static void fg_key_out(fg_state *g, const fg_key *k)
{
	if (k->is_int) {
		fg_int(g, NULL, k->i);
	} else {
		fg_string(g, NULL, k->s ? k->s : "", k->len);
	}
}

static bool fg_same_keys(const fg_node *a, const fg_node *b)
{
	int i;

	if (a->nkids != b->nkids || a->kind != b->kind || a->cls_len != b->cls_len ||
	    (a->cls && memcmp(a->cls, b->cls, a->cls_len) != 0)) {
		return false;
	}
	for (i = 0; i < a->nkids; i++) {
		const fg_key *x = &a->keys[i], *y = &b->keys[i];
		if (x->is_int != y->is_int ||
		    (x->is_int ? x->i != y->i : x->len != y->len || memcmp(x->s, y->s, x->len))) {
			return false;
		}
	}
	return true;
}

static void fg_write(fg_state *g, const fg_node *n, int depth);

static void fg_kids(fg_state *g, const fg_node *n, int depth)
{
	int i;
	for (i = 0; i < n->nkids; i++) {
		fg_write(g, n->kids[i], depth + 1);
	}
}

/* A map or object with keys: by an earlier shape with the same keys, else a definition. */
static void fg_keyed(fg_state *g, const fg_node *n, int depth)
{
	int i;
	int64_t count = n->nkids + n->count_delta;

	for (i = 0; i < g->nshapes && n->count_delta == 0; i++) {
		if (fg_same_keys(g->shapes[i], n)) {
			if (i < 32) {
				fg_tag(g, n, (uint8_t)(0xA0 + i));
			} else {
				fg_tag(g, n, 0xD2);
				fg_varint(g, (uint64_t)i - 32);
			}
			fg_kids(g, n, depth);
			return;
		}
	}
	if (n->kind == FG_MAP) {
		fg_tag(g, n, 0xD0);
		fg_varint(g, (uint64_t)(count > 0 ? count - 1 : 0));
	} else {
		fg_tag(g, n, 0xD1);
		fg_string(g, NULL, n->cls, n->cls_len);
		fg_varint(g, (uint64_t)(count > 0 ? count : 0));
	}
	for (i = 0; i < n->nkids; i++) {
		fg_key_out(g, &n->keys[i]);
	}
	if (g->nshapes < 256) {
		g->shapes[g->nshapes++] = n;
	}
	fg_kids(g, n, depth);
}

static void fg_write(fg_state *g, const fg_node *n, int depth)
{
	uint64_t count;

	if (!n || depth > 64) {
		fg_put1(g, 0xC0);
		return;
	}
	count = (uint64_t)((int64_t)n->nkids + n->count_delta);
	switch (n->kind) {
	case FG_NULL:
		fg_tag(g, n, 0xC0);
		break;
	case FG_FALSE:
		fg_tag(g, n, 0xC1);
		break;
	case FG_TRUE:
		fg_tag(g, n, 0xC2);
		break;
	case FG_INT:
		fg_int(g, n, n->i);
		break;
	case FG_FLOAT: {
		float f = (float)n->d;
		double back = (double)f;
		uint64_t bits;
		if (memcmp(&back, &n->d, sizeof(back)) == 0) {
			uint32_t b32;
			memcpy(&b32, &f, 4);
			fg_tag(g, n, 0xCB);
			fg_le(g, b32, 4);
		} else {
			memcpy(&bits, &n->d, 8);
			fg_tag(g, n, 0xCC);
			fg_le(g, bits, 8);
		}
		break;
	}
	case FG_STR:
		fg_string(g, n, n->s, n->len);
		break;
	case FG_LIST:
		if (count <= 15) {
			fg_tag(g, n, (uint8_t)(0x90 + count));
		} else {
			fg_tag(g, n, 0xCF);
			fg_varint(g, count - 16);
		}
		fg_kids(g, n, depth);
		break;
	case FG_MAP:
	case FG_OBJ:
		fg_keyed(g, n, depth);
		break;
	case FG_DATA:
		fg_tag(g, n, 0xD3);
		fg_string(g, NULL, n->cls, n->cls_len);
		if (n->nkids && n->kids[0]) {
			fg_write(g, n->kids[0], depth + 1);
		} else {
			fg_put1(g, 0x90);
		}
		break;
	case FG_BLOB:
		fg_tag(g, n, 0xD4);
		fg_string(g, NULL, n->cls, n->cls_len);
		fg_varint(g, n->len);
		fg_put(g, n->s, n->len);
		break;
	case FG_ENUM:
		fg_tag(g, n, 0xD5);
		fg_string(g, NULL, n->cls, n->cls_len);
		fg_string(g, NULL, n->s, n->len);
		break;
	case FG_BACKOBJ:
	case FG_BACKREF:
	case FG_BACKARR:
		fg_tag(g, n, n->kind == FG_BACKOBJ ? 0xD6 : n->kind == FG_BACKREF ? 0xD7 : 0xD9);
		fg_varint(g, n->slot ? n->slot - 1 : 0);
		break;
	}
}

static bool fg_has_backref(const fg_state *g)
{
	int i;
	for (i = 0; i < g->nnodes; i++) {
		if (g->nodes[i].kind == FG_BACKOBJ || g->nodes[i].kind == FG_BACKREF ||
		    g->nodes[i].kind == FG_BACKARR) {
			return true;
		}
	}
	return false;
}

/* Builds, mutates and writes one blob from the program in g->in; returns its length (0 when
 * it did not fit in `cap`). */
static size_t fg_run(fg_state *g, uint8_t *out, size_t cap)
{
	fg_node *root;
	int muts, i;

	g->slots = 0;
	root = fg_value(g, FG_T_ANY, NULL);
	muts = fg_byte(g) % 5;
	for (i = 0; i < muts; i++) {
		fg_mutate(g);
	}
	g->out = out;
	g->out_cap = cap;
	g->out_len = 0;
	g->overflow = false;
	fg_put1(g, 0x5A);
	fg_put1(g, (uint8_t)(0x01 | ((fg_has_backref(g) != g->flag_flip) ? 0x80 : 0)));
	fg_write(g, root, 0);
	return g->overflow ? 0 : g->out_len;
}

static void fg_init(fg_state *g, const uint8_t *in, size_t size, const fg_class *classes,
                    int nclasses)
{
	g->in = in;
	g->size = size;
	g->pos = 0;
	g->classes = classes;
	g->nclasses = nclasses;
	g->nnodes = 0;
	g->arena_used = 0;
	g->slots = 0;
	g->nobj_slots = 0;
	g->narr_slots = 0;
	g->flag_flip = false;
	g->depth = 0;
	g->nstrs = 0;
	g->nshapes = 0;
}

/* A nested payload: a blob of its own, from the next bytes of the same program. */
static size_t fg_blob(fg_state *outer, uint8_t *out, size_t cap)
{
	static fg_state inner_states[2];
	static int level;
	fg_state *inner;
	size_t take, len;

	if (level >= 2) {
		return 0;
	}
	inner = &inner_states[level++];
	take = fg_byte(outer) % 64;
	if (take > outer->size - outer->pos) {
		take = outer->size - outer->pos;
	}
	fg_init(inner, outer->in + outer->pos, take, outer->classes, outer->nclasses);
	outer->pos += take;
	len = fg_run(inner, out, cap);
	level--;
	return len;
}

/* With FUZZ_GEN_DUMP set, prints a generated blob in hex on stderr, to replay a finding's
 * blob outside the harness (`zser dump`, a phpt). */
static inline void fg_dump(const uint8_t *blob, size_t len)
{
	static int on = -1;
	size_t i;

	if (on < 0) {
		on = getenv("FUZZ_GEN_DUMP") != NULL;
	}
	if (!on) {
		return;
	}
	for (i = 0; i < len; i++) {
		fprintf(stderr, "%02x", blob[i]);
	}
	fputc('\n', stderr);
}

#endif /* FUZZ_GEN_H */
