/* zser — SPDX-License-Identifier: MIT
 *
 * The allocator hook through which core/ code allocates inside PHP: the request heap, so
 * that a bailout on memory_limit leaves nothing behind. The decoder's large tables are
 * written from end to end as the input fills them: blocks of megabytes get their pages
 * mapped at once (zs_prefault.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zser_internal.h"
#include "zs_prefault.h"

static void *hook_malloc(void *ctx, size_t n)
{
	void *p = emalloc(n);
	(void)ctx;
	zs_prefault(p, n);
	return p;
}

static void *hook_realloc(void *ctx, void *p, size_t old_n, size_t n)
{
	(void)ctx;
	(void)old_n;
	p = erealloc(p, n);
	zs_prefault(p, n);
	return p;
}

static void hook_free(void *ctx, void *p)
{
	(void)ctx;
	efree(p);
}

const zs_alloc zser_emalloc = {hook_malloc, hook_realloc, hook_free, NULL};

void zser_alloc_overflow(size_t count, size_t elem)
{
	zend_error_noreturn(E_ERROR, "Possible integer overflow in memory allocation (%zu * %zu)",
	                    count, elem);
}
