/* zser — SPDX-License-Identifier: MIT
 *
 * The growth rule of zs_grow.h.
 */
#include "zs_grow.h"

#include <string.h>

size_t zs_grow_cap(size_t cap, size_t need, size_t elem, size_t first, size_t max)
{
	size_t ncap;

	if (need > max || elem == 0) {
		return 0;
	}
	ncap = cap ? cap : (first ? first : 1);
	while (ncap < need) {
		/* a doubling past max would leave the count type (or wrap): take need exactly */
		ncap = ncap > max / 2 ? need : ncap * 2;
	}
	if (ncap > max) {
		ncap = need; /* `first` above max */
	}
	return ncap > SIZE_MAX / elem ? 0 : ncap;
}

/* *p made to hold ncap (>= need) elements. */
static bool grow_to(const zs_alloc *a, void **p, size_t *cap, size_t ncap, size_t elem,
                    const void *inl)
{
	void *np;

	if (*p == NULL) {
		np = a->malloc(a->ctx, ncap * elem);
	} else if (*p == inl) {
		np = a->malloc(a->ctx, ncap * elem);
		if (np) {
			memcpy(np, inl, *cap * elem);
		}
	} else {
		np = a->realloc(a->ctx, *p, *cap * elem, ncap * elem);
	}
	if (!np) {
		return false;
	}
	*p = np;
	*cap = ncap;
	return true;
}

bool zs_grow_in(const zs_alloc *a, void **p, size_t *cap, size_t need, size_t elem, size_t first,
                size_t max, const void *inl)
{
	size_t ncap;

	if (need <= *cap) {
		return true;
	}
	ncap = zs_grow_cap(*cap, need, elem, first, max);
	return ncap != 0 && grow_to(a, p, cap, ncap, elem, inl);
}

bool zs_grow_upto(const zs_alloc *a, void **p, size_t *cap, size_t need, size_t elem, size_t first,
                  size_t max, size_t most, const void *inl)
{
	size_t ncap, floor;

	if (need <= *cap) {
		return true;
	}
	ncap = zs_grow_cap(*cap, need, elem, first, max);
	if (ncap == 0) {
		return false;
	}
	floor = need + need / 8;
	if (floor < need) {
		floor = need;
	}
	if (most < floor) {
		most = floor;
	}
	if (ncap > most) {
		ncap = most; /* >= need, and within max and the size check, being below ncap */
	}
	return grow_to(a, p, cap, ncap, elem, inl);
}

bool zs_grow(const zs_alloc *a, void **p, size_t *cap, size_t need, size_t elem, size_t first)
{
	return zs_grow_in(a, p, cap, need, elem, first, SIZE_MAX, NULL);
}
