/* zser — SPDX-License-Identifier: MIT
 *
 * Growth by doubling for every append-only work array of zser (the core's readers and
 * writers, the CLI, the extension's decoder tables and parser stacks): one rule, with the
 * byte size checked for overflow, through the allocator hook. Arrays that must stay a power
 * of two (hash tables) size themselves.
 */
#ifndef ZS_GROW_H
#define ZS_GROW_H

#include "zs_common.h"

/* The capacity that holds `need` elements of `elem` bytes: *cap (first when it is 0) doubled
 * until it does, where a doubling past `max` takes `need` itself. 0 when need > max or the
 * byte size does not fit a size_t. */
size_t zs_grow_cap(size_t cap, size_t need, size_t elem, size_t first, size_t max);

/* Makes *p (room for *cap elements of `elem` bytes, NULL when *cap is 0) hold at least
 * `need` elements, with capacities up to `max` (the range of the caller's count type). `inl`,
 * when not NULL, is the array's built-in first block (in a struct or on the stack): while *p
 * is inl, growing copies the elements to a new allocation, and inl is never reallocated or
 * freed. New room is not zeroed; nothing shrinks. Returns false, leaving *p and *cap as they
 * were, when the size is out of range or the allocator fails. */
bool zs_grow_in(const zs_alloc *a, void **p, size_t *cap, size_t need, size_t elem, size_t first,
                size_t max, const void *inl);

/* zs_grow_in() for an array known never to need more than `most` elements (one per input
 * byte left, for the tables of a reader): a doubling past `most` stops there, so that the
 * last growth of a large input does not leave up to half of the table unused. Never less than
 * need and an eighth, so that a `most` that proves too small still grows geometrically. */
bool zs_grow_upto(const zs_alloc *a, void **p, size_t *cap, size_t need, size_t elem, size_t first,
                  size_t max, size_t most, const void *inl);

/* zs_grow_in() for a heap-only array and size_t counts. */
bool zs_grow(const zs_alloc *a, void **p, size_t *cap, size_t need, size_t elem, size_t first);

#endif /* ZS_GROW_H */
