/* zser — SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE /* madvise() under -std=c99 */
#include "zs_prefault.h"

#include <stdint.h>
#include <string.h>
#if defined(__linux__)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

static bool huge_allowed = true;

void zs_prefault_allow_huge(bool allow)
{
	huge_allowed = allow;
}

#if defined(__linux__) && defined(MADV_HUGEPAGE)
/* Whether the system maps huge pages where a program asks for them: the setting reads
 * "[always]" or "[madvise]", not "[never]". Read once; every thread computes the same answer,
 * so a race between two first calls stores it twice. */
static int huge_pages_on(void)
{
	static int on = -1;
	char buf[64];
	ssize_t n;
	int fd, found = 0;

	if (on >= 0) {
		return on;
	}
	fd = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n > 0) {
			buf[n] = '\0';
			found = strstr(buf, "[never]") == NULL;
		}
	}
	on = found;
	return found;
}
#endif

void zs_prefault_pages(void *p, size_t len)
{
#if defined(__linux__) && (defined(MADV_POPULATE_WRITE) || defined(MADV_HUGEPAGE))
	long n = sysconf(_SC_PAGESIZE); /* only for blocks of megabytes: no need to keep it */
	uintptr_t page = n > 0 ? (uintptr_t)n : 4096, a, b;

	/* inward to whole pages: the partial pages at either end may belong to other blocks */
	a = ((uintptr_t)p + page - 1) & ~(page - 1);
	b = ((uintptr_t)p + len) & ~(page - 1);
	if (a >= b) {
		return;
	}
#if defined(MADV_HUGEPAGE)
	/* 2 MiB pages, each mapped by the first write to it: a table that doubled is not
	 * written past what it holds, and no page it leaves untouched is cleared */
	if (huge_allowed && huge_pages_on() && madvise((void *)a, b - a, MADV_HUGEPAGE) == 0) {
		return;
	}
#endif
#if defined(MADV_POPULATE_WRITE)
	(void)madvise((void *)a, b - a, MADV_POPULATE_WRITE);
#endif
#else
	(void)p;
	(void)len;
#endif
}
