/* zser — SPDX-License-Identifier: MIT
 *
 * Growable output buffer on top of the allocator hook. Appends are unchecked after a
 * successful zs_buf_reserve(), so hot writers reserve once per value and then copy.
 * A failed allocation sets `failed`, leaves the contents as they were, and makes every
 * later append a no-op: callers check the flag once at the end.
 */
#ifndef ZS_BUF_H
#define ZS_BUF_H

#include "zs_common.h"

#include <string.h>

typedef struct zs_buf {
	unsigned char *data;
	size_t len;
	size_t cap;
	bool failed;
	const zs_alloc *alloc;
} zs_buf;

void zs_buf_init(zs_buf *b, const zs_alloc *alloc);
/* Releases the storage; the buffer is empty and reusable afterwards. */
void zs_buf_free(zs_buf *b);
/* Slow path of zs_buf_reserve: grows so that `extra` more bytes fit. */
bool zs_buf_grow(zs_buf *b, size_t extra);

/* Makes room for `extra` more bytes; false (and `failed` set) if that cannot be done. */
ZS_INLINE bool zs_buf_reserve(zs_buf *b, size_t extra)
{
	if (ZS_LIKELY(extra <= b->cap - b->len)) {
		return true;
	}
	return zs_buf_grow(b, extra);
}

ZS_INLINE void zs_buf_append(zs_buf *b, const void *src, size_t n)
{
	/* n == 0: nothing to copy, and an empty buffer has no data pointer to offset */
	if (n != 0 && zs_buf_reserve(b, n)) {
		memcpy(b->data + b->len, src, n);
		b->len += n;
	}
}

ZS_INLINE void zs_buf_append_byte(zs_buf *b, unsigned char c)
{
	if (zs_buf_reserve(b, 1)) {
		b->data[b->len++] = c;
	}
}

#endif /* ZS_BUF_H */
