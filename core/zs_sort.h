/* zser — SPDX-License-Identifier: MIT
 *
 * A stable sort of item numbers, n log n comparisons whatever the items: where a table placed
 * by a hash gives up on keys made to meet in it, the reader and the JSON decoder sort instead.
 */
#ifndef ZS_SORT_H
#define ZS_SORT_H

#include "zs_common.h"

/* Orders items a and b of ctx: < 0, 0 or > 0. */
typedef int (*zs_item_cmp)(const void *ctx, uint32_t a, uint32_t b);

/* Sorts the item numbers 0..n-1 by cmp, equal items in their order: a bottom-up merge sort
 * through the two arrays a[0..n) and b[0..n). Returns the one holding the order. With
 * stop_at_equal, returns NULL at the first two items found equal instead (two equal items
 * meet when the runs holding them merge, so there are none when it sorts to the end). n is
 * at most 2^31 - 1. */
uint32_t *zs_sort_items(uint32_t *a, uint32_t *b, uint32_t n, zs_item_cmp cmp, const void *ctx,
                        bool stop_at_equal);

#endif
