// zser — SPDX-License-Identifier: MIT
//
// zs_tree_walk: the order of enter() and leave() calls with their parents and depths, skipped
// and stopped walks, descending through a back-reference, a failed stack allocation, and a
// chain far deeper than any reader allows walked at one C stack depth.
#include "zs_test.h"
#include "zs_tree.h"

#include <stdlib.h>
#include <string.h>

// What the visitor saw: "e<idx>/<parent>/<depth> " per enter() (99 for no parent) and
// "l<idx>/<depth> " per leave().
typedef struct trace {
	char text[512];
	size_t skip; // enter() answers SKIP for this node
	size_t stop; // and STOP for this one
	size_t enters, leaves, deepest;
	uintptr_t low, high; // address range of a local of enter() over the walk
	bool quiet;          // no text, for the deep chain, where node i sits at depth i
	bool chain_ok;
} trace;

static void say(trace *g, const char *s)
{
	size_t used = strlen(g->text);
	snprintf(g->text + used, sizeof(g->text) - used, "%s", s);
}

static zs_walk_step enter(void *ctx, const zs_tree *t, size_t idx, size_t parent, size_t depth)
{
	trace *g = ctx;
	uintptr_t here = (uintptr_t)&g;
	char buf[64];

	g->low = g->enters == 0 || here < g->low ? here : g->low;
	g->high = g->enters == 0 || here > g->high ? here : g->high;
	g->enters++;
	g->deepest = depth > g->deepest ? depth : g->deepest;
	if (g->quiet) {
		g->chain_ok = g->chain_ok && idx == depth;
	} else {
		snprintf(buf, sizeof(buf), "e%zu/%zu/%zu ", idx, parent == SIZE_MAX ? 99 : parent, depth);
		say(g, buf);
	}
	if (idx == g->stop) {
		return ZS_WALK_STOP;
	}
	if (idx == g->skip) {
		return ZS_WALK_SKIP;
	}
	return t->nodes[idx].kind == ZS_K_ARRAY || t->nodes[idx].kind == ZS_K_REF ? ZS_WALK_DESCEND
	                                                                          : ZS_WALK_SKIP;
}

static void leave(void *ctx, const zs_tree *t, size_t idx, size_t depth)
{
	trace *g = ctx;
	char buf[64];

	(void)t;
	g->leaves++;
	if (g->quiet) {
		g->chain_ok = g->chain_ok && idx == depth;
	} else {
		snprintf(buf, sizeof(buf), "l%zu/%zu ", idx, depth);
		say(g, buf);
	}
}

static const zs_tree_visitor visitor = {enter, leave};

static void walk(const zs_tree *t, trace *g, size_t skip, size_t stop)
{
	memset(g, 0, sizeof(*g));
	g->skip = skip;
	g->stop = stop;
	ZS_CHECK(zs_tree_walk(t, 0, &visitor, g));
}

static size_t add(zs_tree *t, zs_kind kind, size_t parent)
{
	size_t idx = zs_tree_add(t, kind, 0);
	if (parent != SIZE_MAX) {
		zs_tree_link(t, parent, idx);
	}
	return idx;
}

static void *refuse_malloc(void *ctx, size_t n)
{
	(void)ctx;
	(void)n;
	return NULL;
}

static void *refuse_realloc(void *ctx, void *p, size_t old_n, size_t n)
{
	(void)ctx;
	(void)p;
	(void)old_n;
	(void)n;
	return NULL;
}

int main(void)
{
	zs_tree t;
	trace g;
	size_t i, last;
	const zs_alloc *own;
	zs_alloc refusing = zs_alloc_libc;
	static const zs_tree_visitor enter_only = {enter, NULL};

	// 0 [ 1 [ 2, 3 ], 4, 5 [], 6 [ 7 ], 8 -> 1 ]
	zs_tree_init(&t, &zs_alloc_libc, 0);
	add(&t, ZS_K_ARRAY, SIZE_MAX);
	add(&t, ZS_K_ARRAY, 0);
	add(&t, ZS_K_INT, 1);
	add(&t, ZS_K_STRING, 1);
	add(&t, ZS_K_NULL, 0);
	add(&t, ZS_K_ARRAY, 0);
	add(&t, ZS_K_ARRAY, 0);
	add(&t, ZS_K_TRUE, 6);
	add(&t, ZS_K_REF, 0);
	t.nodes[8].v.target = 1;
	ZS_CHECK(t.count == 9 && !t.error);

	walk(&t, &g, SIZE_MAX, SIZE_MAX);
	ZS_CHECK(strcmp(g.text, "e0/99/0 e1/0/1 e2/1/2 e3/1/2 l1/1 e4/0/1 e5/0/1 l5/1 e6/0/1 e7/6/2 "
	                        "l6/1 e8/0/1 e2/1/2 e3/1/2 l8/1 l0/0 ") == 0);
	ZS_CHECK(g.enters == 11 && g.leaves == 5 && g.deepest == 2);

	// A skipped node gets neither its children nor a leave().
	walk(&t, &g, 1, SIZE_MAX);
	ZS_CHECK(strcmp(g.text, "e0/99/0 e1/0/1 e4/0/1 e5/0/1 l5/1 e6/0/1 e7/6/2 l6/1 e8/0/1 e2/1/2 "
	                        "e3/1/2 l8/1 l0/0 ") == 0);

	// A stop ends the walk at once: no leave() for the nodes still open.
	walk(&t, &g, SIZE_MAX, 7);
	ZS_CHECK(strcmp(g.text, "e0/99/0 e1/0/1 e2/1/2 e3/1/2 l1/1 e4/0/1 e5/0/1 l5/1 e6/0/1 "
	                        "e7/6/2 ") == 0);
	walk(&t, &g, SIZE_MAX, 0);
	ZS_CHECK(strcmp(g.text, "e0/99/0 ") == 0);

	// A leaf as the root, a subtree as the root, and no leave() at all.
	memset(&g, 0, sizeof(g));
	g.skip = g.stop = SIZE_MAX;
	ZS_CHECK(zs_tree_walk(&t, 4, &visitor, &g));
	ZS_CHECK(strcmp(g.text, "e4/99/0 ") == 0);
	memset(&g, 0, sizeof(g));
	g.skip = g.stop = SIZE_MAX;
	ZS_CHECK(zs_tree_walk(&t, 6, &enter_only, &g));
	ZS_CHECK(strcmp(g.text, "e6/99/0 e7/6/1 ") == 0);

	// No room for the stack: false, after the root's enter() only.
	refusing.malloc = refuse_malloc;
	refusing.realloc = refuse_realloc;
	own = t.alloc;
	t.alloc = &refusing;
	memset(&g, 0, sizeof(g));
	g.skip = g.stop = SIZE_MAX;
	ZS_CHECK(!zs_tree_walk(&t, 0, &visitor, &g));
	ZS_CHECK(g.enters == 1 && g.leaves == 0);
	t.alloc = own;
	zs_tree_free(&t);

	// 100,000 nested arrays: every node entered and left at its own depth, and enter() always
	// called from the same C frame depth.
	zs_tree_init(&t, &zs_alloc_libc, 0);
	last = SIZE_MAX;
	for (i = 0; i < 100000; i++) {
		last = add(&t, ZS_K_ARRAY, last);
	}
	ZS_CHECK(t.count == 100000 && !t.error);
	memset(&g, 0, sizeof(g));
	g.skip = g.stop = SIZE_MAX;
	g.quiet = true;
	g.chain_ok = true;
	ZS_CHECK(zs_tree_walk(&t, 0, &visitor, &g));
	ZS_CHECK(g.enters == 100000 && g.leaves == 100000 && g.deepest == 99999 && g.chain_ok);
	ZS_CHECK(g.high - g.low == 0);
	zs_tree_free(&t);

	return zs_test_done("test_tree");
}
