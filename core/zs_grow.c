/* zser — SPDX-License-Identifier: MIT
 *
 * zs_grow: doubling growth of a vector with overflow-checked byte sizes. It does not
 * zero new room and does not shrink.
 */
#include "zs_grow.h"

bool zs_grow(const zs_alloc *a, void **p, size_t *cap, size_t need, size_t elem, size_t first)
{
	size_t ncap;
	void *np;

	if (need <= *cap) {
		return true;
	}
	if (elem == 0) {
		return false;
	}
	ncap = *cap ? *cap : (first ? first : 1);
	while (ncap < need) {
		/* Doubling past the largest representable count would wrap: take `need` exactly. */
		ncap = ncap > SIZE_MAX / 2 ? need : ncap * 2;
	}
	if (ncap > SIZE_MAX / elem) {
		return false;
	}
	np = *p ? a->realloc(a->ctx, *p, *cap * elem, ncap * elem) : a->malloc(a->ctx, ncap * elem);
	if (!np) {
		return false;
	}
	*p = np;
	*cap = ncap;
	return true;
}
