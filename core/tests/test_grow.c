// zser — SPDX-License-Identifier: MIT
//
// zs_grow_cap / zs_grow_in / zs_grow / zs_grow_upto: the doubling rule at its edges (first size,
// the count type's limit, byte-size overflow, a bound on what will be needed), leaving a
// built-in block (copied out, never freed or reallocated), and a refused allocation leaving the
// array as it was.
#include "zs_grow.h"
#include "zs_count_alloc.h"
#include "zs_test.h"

#include <stdint.h>
#include <string.h>

static int refuse;

static void *maybe_malloc(void *ctx, size_t n)
{
	return refuse ? NULL : zs_count_malloc(ctx, n);
}

static void *maybe_realloc(void *ctx, void *p, size_t old_n, size_t n)
{
	return refuse ? NULL : zs_count_realloc(ctx, p, old_n, n);
}

int main(void)
{
	zs_count c;
	zs_alloc a = zs_count_alloc(&c);
	zs_alloc r = {maybe_malloc, maybe_realloc, zs_count_free, &c};
	uint32_t inl[4] = {1, 2, 3, 4};
	void *p;
	size_t cap, i;

	// the rule
	ZS_CHECK(zs_grow_cap(0, 1, 8, 16, SIZE_MAX) == 16);
	ZS_CHECK(zs_grow_cap(16, 17, 8, 16, SIZE_MAX) == 32);
	ZS_CHECK(zs_grow_cap(16, 100, 8, 16, SIZE_MAX) == 128);
	ZS_CHECK(zs_grow_cap(0, 5, 8, 0, SIZE_MAX) == 8);
	ZS_CHECK(zs_grow_cap(4, 4, 8, 16, SIZE_MAX) == 4);
	// past half the limit a doubling would leave the count type: need itself
	ZS_CHECK(zs_grow_cap(0x80000000u, 0x80000001u, 1, 16, UINT32_MAX) == 0x80000001u);
	ZS_CHECK(zs_grow_cap(0x40000000u, 0x40000001u, 1, 16, UINT32_MAX) == 0x80000000u);
	ZS_CHECK(zs_grow_cap(16, UINT32_MAX, 1, 16, UINT32_MAX) == UINT32_MAX);
	ZS_CHECK(zs_grow_cap(16, (size_t)UINT32_MAX + 1, 1, 16, UINT32_MAX) == 0);
	ZS_CHECK(zs_grow_cap(0, 3, 8, 64, 4) == 3);
	ZS_CHECK(zs_grow_cap(SIZE_MAX / 2 + 1, SIZE_MAX / 2 + 2, 1, 16, SIZE_MAX) == SIZE_MAX / 2 + 2);
	// byte sizes that do not fit, and no element size
	ZS_CHECK(zs_grow_cap(0, SIZE_MAX / 8 + 1, 8, 16, SIZE_MAX) == 0);
	ZS_CHECK(zs_grow_cap(0, 1, 0, 16, SIZE_MAX) == 0);

	// from NULL, then by realloc, contents kept
	p = NULL;
	cap = 0;
	ZS_CHECK(zs_grow(&a, &p, &cap, 3, sizeof(uint32_t), 4) && cap == 4 && p != NULL);
	for (i = 0; i < 4; i++) {
		((uint32_t *)p)[i] = (uint32_t)i * 7;
	}
	ZS_CHECK(zs_grow(&a, &p, &cap, 9, sizeof(uint32_t), 4) && cap == 16);
	ZS_CHECK(((uint32_t *)p)[3] == 21 && c.live == 16 * sizeof(uint32_t));
	a.free(a.ctx, p);

	// out of the built-in block: copied, the block itself untouched and never freed (the
	// counting allocator would fail on a pointer it did not hand out)
	p = inl;
	cap = 4;
	ZS_CHECK(zs_grow_in(&a, &p, &cap, 4, sizeof(uint32_t), 16, UINT32_MAX, inl) && p == inl);
	ZS_CHECK(zs_grow_in(&a, &p, &cap, 5, sizeof(uint32_t), 16, UINT32_MAX, inl));
	ZS_CHECK(p != inl && cap == 8 && memcmp(p, inl, sizeof inl) == 0);
	ZS_CHECK(zs_grow_in(&a, &p, &cap, 20, sizeof(uint32_t), 16, UINT32_MAX, inl) && cap == 32);
	ZS_CHECK(((uint32_t *)p)[3] == 4 && c.live == 32 * sizeof(uint32_t));
	a.free(a.ctx, p);
	ZS_CHECK(c.live == 0);

	// a refused allocation or an out-of-range size: false, the array as it was
	p = inl;
	cap = 4;
	refuse = 1;
	ZS_CHECK(!zs_grow_in(&r, &p, &cap, 5, sizeof(uint32_t), 16, UINT32_MAX, inl));
	ZS_CHECK(p == inl && cap == 4);
	refuse = 0;
	ZS_CHECK(zs_grow_in(&r, &p, &cap, 5, sizeof(uint32_t), 16, UINT32_MAX, inl) && cap == 8);
	refuse = 1;
	{
		void *before = p;
		ZS_CHECK(!zs_grow_in(&r, &p, &cap, 9, sizeof(uint32_t), 16, UINT32_MAX, inl));
		ZS_CHECK(p == before && cap == 8);
		ZS_CHECK(!zs_grow_in(&r, &p, &cap, (size_t)UINT32_MAX + 1, 1, 16, UINT32_MAX, inl));
		ZS_CHECK(p == before && cap == 8);
	}
	refuse = 0;
	r.free(r.ctx, p);
	ZS_CHECK(c.live == 0);

	// with a bound: a doubling stops at `most`, never below need and an eighth (a bound too
	// small still grows geometrically), never past the count type; enough room is no growth
	p = NULL;
	cap = 0;
	ZS_CHECK(zs_grow_upto(&a, &p, &cap, 10, 1, 16, UINT32_MAX, 100, NULL) && cap == 16);
	ZS_CHECK(zs_grow_upto(&a, &p, &cap, 16, 1, 16, UINT32_MAX, 16, NULL) && cap == 16);
	ZS_CHECK(zs_grow_upto(&a, &p, &cap, 1025, 1, 16, UINT32_MAX, 1100, NULL) && cap == 1153);
	ZS_CHECK(zs_grow_upto(&a, &p, &cap, 1200, 1, 16, UINT32_MAX, 1500, NULL) && cap == 1500);
	ZS_CHECK(zs_grow_upto(&a, &p, &cap, 1501, 1, 16, UINT32_MAX, 1501, NULL) && cap == 1688);
	ZS_CHECK(zs_grow_upto(&a, &p, &cap, 1689, 1, 16, UINT32_MAX, SIZE_MAX, NULL) && cap == 3376);
	ZS_CHECK(c.live == 3376);
	ZS_CHECK(!zs_grow_upto(&a, &p, &cap, (size_t)UINT32_MAX + 1, 1, 16, UINT32_MAX, SIZE_MAX,
	                       NULL) &&
	         cap == 3376);
	a.free(a.ctx, p);
	ZS_CHECK(c.live == 0);
	return zs_test_done("test_grow");
}
