/* zser — SPDX-License-Identifier: MIT
 *
 * Storage of the shared value tree (see zs_tree.h): node array growth, child linking, the
 * string pool, error recording, the walk for the writers and format detection by leading
 * bytes. No parsing here.
 */
#include "zs_tree.h"

#include "zs_grow.h"

#include <string.h>

void zs_tree_init(zs_tree *t, const zs_alloc *alloc, size_t max_depth)
{
	memset(t, 0, sizeof(*t));
	t->alloc = alloc;
	t->max_depth = max_depth ? max_depth : ZS_TREE_DEFAULT_DEPTH;
	zs_buf_init(&t->pool, alloc);
}

void zs_tree_free(zs_tree *t)
{
	if (t->nodes) {
		t->alloc->free(t->alloc->ctx, t->nodes);
	}
	t->nodes = NULL;
	t->count = t->cap = 0;
	zs_buf_free(&t->pool);
}

bool zs_tree_fail(zs_tree *t, size_t pos, const char *msg)
{
	if (!t->error) {
		t->error = msg;
		t->error_pos = pos;
	}
	return false;
}

size_t zs_tree_add(zs_tree *t, zs_kind kind, size_t pos)
{
	zs_node *n;

	if (ZS_UNLIKELY(t->count == t->cap)) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		void *p;

		if (cap > SIZE_MAX / sizeof(zs_node)) {
			goto nomem;
		}
		p = t->nodes ? t->alloc->realloc(t->alloc->ctx, t->nodes, t->cap * sizeof(zs_node),
		                                 cap * sizeof(zs_node))
		             : t->alloc->malloc(t->alloc->ctx, cap * sizeof(zs_node));
		if (!p) {
			goto nomem;
		}
		t->nodes = p;
		t->cap = cap;
	}
	n = &t->nodes[t->count];
	memset(n, 0, sizeof(*n));
	n->kind = (uint8_t)kind;
	n->pos = pos;
	n->end = pos;
	return t->count++;

nomem:
	t->out_of_memory = true;
	zs_tree_fail(t, pos, "out of memory");
	return SIZE_MAX;
}

void zs_tree_link(zs_tree *t, size_t parent, size_t child)
{
	zs_node *p = &t->nodes[parent];

	if (p->last_child) {
		t->nodes[p->last_child - 1].next = child + 1;
	} else {
		p->first_child = child + 1;
	}
	p->last_child = child + 1;
	p->count++;
}

const unsigned char *zs_tree_bytes(const zs_tree *t, const zs_str *s)
{
	/* an empty string may be "in" a pool that has no storage yet (a NULL base) */
	static const unsigned char empty[1];
	if (s->len == 0) {
		return empty;
	}
	return s->pooled ? t->pool.data + s->off : t->input + s->off;
}

bool zs_tree_pool_add(zs_tree *t, const unsigned char *src, size_t len, zs_str *out)
{
	out->off = t->pool.len;
	out->len = len;
	out->pooled = true;
	if (len) {
		zs_buf_append(&t->pool, src, len);
	}
	if (t->pool.failed) {
		t->out_of_memory = true;
		return zs_tree_fail(t, 0, "out of memory");
	}
	return true;
}

void zs_tree_set_input(zs_tree *t, const unsigned char *data, size_t len, zs_format format)
{
	t->input = data;
	t->input_len = len;
	t->format = format;
}

bool zs_tree_is_list(const zs_tree *t, const zs_node *n)
{
	size_t c;
	int64_t want = 0;

	for (c = n->first_child; c; c = t->nodes[c - 1].next) {
		const zs_node *ch = &t->nodes[c - 1];
		if (!(ch->flags & ZS_NODE_KEY_INT) || ch->key_int != want++) {
			return false;
		}
	}
	return true;
}

size_t zs_tree_resolve(const zs_tree *t, size_t idx)
{
	size_t hops = 0;

	while (idx < t->count && hops++ < t->count) {
		zs_kind k = (zs_kind)t->nodes[idx].kind;
		if (k != ZS_K_REF && k != ZS_K_OBJREF && k != ZS_K_COPY) {
			break;
		}
		idx = t->nodes[idx].v.target;
	}
	return idx;
}

/* One open node of zs_tree_walk(); its depth is its place on the stack. */
typedef struct zs_walk_frame {
	size_t idx;  /* as given to enter(), for leave() */
	size_t from; /* the node whose children are walked: idx, resolved */
	size_t next; /* next child to enter, index + 1; 0 when none is left */
} zs_walk_frame;

bool zs_tree_walk(const zs_tree *t, size_t root, const zs_tree_visitor *v, void *ctx)
{
	zs_walk_frame *stack = NULL;
	size_t cap = 0, top = 0, idx = root, parent = SIZE_MAX;
	bool ok = true;

	for (;;) {
		zs_walk_step step = v->enter(ctx, t, idx, parent, top);

		if (step == ZS_WALK_STOP) {
			break;
		}
		if (step == ZS_WALK_DESCEND) {
			void *p = stack;
			size_t from = zs_tree_resolve(t, idx);

			if (!zs_grow(t->alloc, &p, &cap, top + 1, sizeof(*stack), 64)) {
				ok = false;
				break;
			}
			stack = p;
			stack[top].idx = idx;
			stack[top].from = from;
			stack[top].next = t->nodes[from].first_child;
			top++;
		}
		/* Close every frame whose children are done; the next child, if any, is entered. */
		while (top && !stack[top - 1].next) {
			top--;
			if (v->leave) {
				v->leave(ctx, t, stack[top].idx, top);
			}
		}
		if (!top) {
			break;
		}
		idx = stack[top - 1].next - 1;
		parent = stack[top - 1].from;
		stack[top - 1].next = t->nodes[idx].next;
	}
	if (stack) {
		t->alloc->free(t->alloc->ctx, stack);
	}
	return ok;
}

const char *zs_kind_name(zs_kind k)
{
	static const char *const names[ZS_K_COUNT_] = {"null",   "bool",   "bool",   "int",    "float",
	                                               "string", "array",  "object", "custom", "enum",
	                                               "ref",    "objref", "copy",   "slotref"};
	return (unsigned)k < ZS_K_COUNT_ ? names[k] : "?";
}

const char *zs_format_name(zs_format f)
{
	switch (f) {
	case ZS_FMT_PHPSER:
		return "php-serialize";
	case ZS_FMT_IGBINARY:
		return "igbinary";
	case ZS_FMT_ZSER:
		return "zser";
	default:
		return "unknown";
	}
}

zs_format zs_format_detect(const unsigned char *data, size_t len)
{
	/* FORMAT.md §2: 'Z' starts no serialize() value and no igbinary header. */
	if (len >= 1 && data[0] == 0x5A) {
		return ZS_FMT_ZSER;
	}
	if (len >= 4 && data[0] == 0 && data[1] == 0 && data[2] == 0 &&
	    (data[3] == 1 || data[3] == 2)) {
		return ZS_FMT_IGBINARY;
	}
	if (len >= 2) {
		/* Every serialize() value starts with a type letter and ':' (or "N;"). */
		if (data[0] == 'N' && data[1] == ';') {
			return ZS_FMT_PHPSER;
		}
		if (data[1] == ':' && memchr("bidsSaOCErR", data[0], 11) != NULL) {
			return ZS_FMT_PHPSER;
		}
	}
	return ZS_FMT_UNKNOWN;
}
