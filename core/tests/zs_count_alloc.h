// zser — SPDX-License-Identifier: MIT
//
// An allocator that counts the bytes a reader holds, for the memory bound of FORMAT.md §12
// (the unit tests and fuzz_wire_read). A reallocation allocates the new block before it frees
// the old one, so the peak includes both, as a copying realloc() has them.
#ifndef ZS_COUNT_ALLOC_H
#define ZS_COUNT_ALLOC_H

#include "zs_common.h"

#include <stdlib.h>
#include <string.h>

typedef struct zs_count {
	size_t live, peak;
} zs_count;

// Each block carries its size in front so that frees can be counted.
static void *zs_count_malloc(void *ctx, size_t n)
{
	zs_count *c = ctx;
	size_t *p = malloc(n + sizeof(size_t));
	if (!p) {
		return NULL;
	}
	*p = n;
	c->live += n;
	if (c->live > c->peak) {
		c->peak = c->live;
	}
	return p + 1;
}

static void zs_count_free(void *ctx, void *q)
{
	zs_count *c = ctx;
	size_t *p = q;
	if (p) {
		c->live -= p[-1];
		free(p - 1);
	}
}

static void *zs_count_realloc(void *ctx, void *q, size_t old_n, size_t n)
{
	void *r = zs_count_malloc(ctx, n);
	(void)old_n;
	if (r && q) {
		size_t have = ((size_t *)q)[-1];
		memcpy(r, q, have < n ? have : n);
		zs_count_free(ctx, q);
	}
	return r;
}

// An allocator counting into *c, which starts at zero.
static inline zs_alloc zs_count_alloc(zs_count *c)
{
	zs_alloc a = {zs_count_malloc, zs_count_realloc, zs_count_free, c};
	c->live = c->peak = 0;
	return a;
}

#endif
