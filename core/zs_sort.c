/* zser — SPDX-License-Identifier: MIT */
#include "zs_sort.h"

uint32_t *zs_sort_items(uint32_t *a, uint32_t *b, uint32_t n, zs_item_cmp cmp, const void *ctx,
                        bool stop_at_equal)
{
	uint32_t *idx = a, *tmp = b, *t, w, i;

	for (i = 0; i < n; i++) {
		idx[i] = i;
	}
	/* n <= 2^31 - 1, so 2 * w cannot wrap */
	for (w = 1; w<n; w = w> n / 2 ? n : w * 2) {
		uint32_t lo;
		for (lo = 0; lo<n; lo = n - lo> 2 * w ? lo + 2 * w : n) {
			uint32_t mid = n - lo > w ? lo + w : n, hi = n - mid > w ? mid + w : n;
			uint32_t x = lo, y = mid, o = lo;
			while (x < mid && y < hi) {
				int c = cmp(ctx, idx[x], idx[y]);
				if (c == 0 && stop_at_equal) {
					return NULL;
				}
				/* ties from the left run: the earlier item stays first */
				tmp[o++] = c <= 0 ? idx[x++] : idx[y++];
			}
			while (x < mid) {
				tmp[o++] = idx[x++];
			}
			while (y < hi) {
				tmp[o++] = idx[y++];
			}
		}
		t = idx;
		idx = tmp;
		tmp = t;
	}
	return idx;
}
