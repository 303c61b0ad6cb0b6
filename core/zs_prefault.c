/* zser — SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE /* madvise() under -std=c99 */
#include "zs_prefault.h"

#include <stdint.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

void zs_prefault_pages(void *p, size_t len)
{
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
	long n = sysconf(_SC_PAGESIZE); /* only for blocks of megabytes: no need to keep it */
	uintptr_t page = n > 0 ? (uintptr_t)n : 4096, a, b;

	/* inward to whole pages: the partial pages at either end may belong to other blocks */
	a = ((uintptr_t)p + page - 1) & ~(page - 1);
	b = ((uintptr_t)p + len) & ~(page - 1);
	if (a < b) {
		(void)madvise((void *)a, b - a, MADV_POPULATE_WRITE);
	}
#else
	(void)p;
	(void)len;
#endif
}
