/* zser — SPDX-License-Identifier: MIT
 *
 * Growth policy of zs_buf: doubling, with overflow checks on every size computation.
 */
#include "zs_buf.h"

void zs_buf_init(zs_buf *b, const zs_alloc *alloc)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->failed = false;
	b->alloc = alloc;
}

void zs_buf_free(zs_buf *b)
{
	if (b->data) {
		b->alloc->free(b->alloc->ctx, b->data);
	}
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
}

bool zs_buf_grow(zs_buf *b, size_t extra)
{
	size_t need, cap;
	unsigned char *p;

	if (b->failed) {
		return false;
	}
	if (extra > SIZE_MAX - b->len) {
		b->failed = true;
		return false;
	}
	need = b->len + extra;
	cap = b->cap ? b->cap : 64;
	while (cap < need) {
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	}
	p = b->data ? b->alloc->realloc(b->alloc->ctx, b->data, b->cap, cap)
	            : b->alloc->malloc(b->alloc->ctx, cap);
	if (!p) {
		b->failed = true;
		return false;
	}
	b->data = p;
	b->cap = cap;
	return true;
}
