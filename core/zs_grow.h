/* zser — SPDX-License-Identifier: MIT
 *
 * Growth by doubling for the core's and the CLI's work arrays, through the allocator hook,
 * with the element-count product checked for overflow. Arrays that must stay a power of
 * two (hash tables) size themselves; this is for append-only vectors.
 */
#ifndef ZS_GROW_H
#define ZS_GROW_H

#include "zs_common.h"

/* Makes *p (room for *cap elements of `elem` bytes, NULL when *cap is 0) hold at least
 * `need` elements: doubles from max(*cap, first) until it fits. Returns false, leaving
 * *p and *cap as they were, when the size overflows or the allocator fails. */
bool zs_grow(const zs_alloc *a, void **p, size_t *cap, size_t need, size_t elem, size_t first);

#endif /* ZS_GROW_H */
