/* zser — SPDX-License-Identifier: MIT
 *
 * The libc-backed allocator hook used outside PHP (CLI, unit tests, fuzzers), and zs_zero().
 */
#include "zs_common.h"

#include <stdlib.h>
#include <string.h>

/* Out of line on purpose: a memset() of a size known at compile time is expanded inline, and
 * for a few hundred bytes that becomes `rep stos`, whose start-up cost dominated the set-up of
 * a small decode; here the size is unknown, so the library's vector stores do it. */
void zs_zero(void *p, size_t n)
{
	memset(p, 0, n);
}

static void *libc_malloc(void *ctx, size_t n)
{
	(void)ctx;
	return malloc(n ? n : 1);
}

static void *libc_realloc(void *ctx, void *p, size_t old_n, size_t n)
{
	(void)ctx;
	(void)old_n;
	return realloc(p, n ? n : 1);
}

static void libc_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

const zs_alloc zs_alloc_libc = {libc_malloc, libc_realloc, libc_free, NULL};
