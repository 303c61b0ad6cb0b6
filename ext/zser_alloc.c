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
	void *np;

	(void)ctx;
	if (n < ZS_PREFAULT_MIN || old_n >= n) {
		return erealloc(p, n);
	}
	/* erealloc() would copy into a fresh mapping page fault by page fault (the address
	 * after a block of megabytes is seldom free to grow into): the new block's pages are
	 * mapped first */
	np = emalloc(n);
	zs_prefault(np, n);
	memcpy(np, p, old_n);
	efree(p);
	return np;
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

/* zser.huge_pages (php.ini only: the choice is the process's, zs_prefault.h) */
ZEND_INI_MH(zser_ini_update_huge_pages)
{
	(void)entry;
	(void)mh_arg1;
	(void)mh_arg2;
	(void)mh_arg3;
	(void)stage;
	zs_prefault_allow_huge(zend_ini_parse_bool(new_value));
	return SUCCESS;
}
