// zser — SPDX-License-Identifier: MIT
//
// zs_buf: growth, contents, and the sticky failure flag when the allocator refuses.
#include "zs_buf.h"
#include "zs_test.h"

#include <stdlib.h>

static int refuse_after;

static void *counting_malloc(void *ctx, size_t n)
{
	(void)ctx;
	return refuse_after-- > 0 ? malloc(n) : NULL;
}

static void *counting_realloc(void *ctx, void *p, size_t old_n, size_t n)
{
	(void)ctx;
	(void)old_n;
	return refuse_after-- > 0 ? realloc(p, n) : NULL;
}

static void plain_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

static const zs_alloc refusing = {counting_malloc, counting_realloc, plain_free, NULL};

int main(void)
{
	zs_buf b;
	size_t i;

	zs_buf_init(&b, &zs_alloc_libc);
	for (i = 0; i < 100000; i++) {
		zs_buf_append_byte(&b, (unsigned char)i);
	}
	ZS_CHECK(!b.failed);
	ZS_CHECK(b.len == 100000);
	ZS_CHECK(b.cap >= b.len);
	ZS_CHECK(b.data[99999] == (unsigned char)99999);
	zs_buf_append(&b, "abc", 3);
	ZS_CHECK(b.len == 100003 && memcmp(b.data + 100000, "abc", 3) == 0);
	zs_buf_free(&b);
	ZS_CHECK(b.data == NULL && b.len == 0);

	refuse_after = 1;
	zs_buf_init(&b, &refusing);
	zs_buf_append(&b, "x", 1);
	ZS_CHECK(!b.failed && b.len == 1);
	for (i = 0; i < 1000; i++) {
		zs_buf_append_byte(&b, 'y');
	}
	ZS_CHECK(b.failed);
	ZS_CHECK(b.len == 64);
	ZS_CHECK(!zs_buf_reserve(&b, 1));
	zs_buf_free(&b);

	zs_buf_init(&b, &zs_alloc_libc);
	zs_buf_append_byte(&b, 1);
	ZS_CHECK(!zs_buf_reserve(&b, SIZE_MAX));
	ZS_CHECK(b.failed && b.len == 1);
	zs_buf_free(&b);
	return zs_test_done("test_buf");
}
