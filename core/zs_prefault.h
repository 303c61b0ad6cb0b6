/* zser — SPDX-License-Identifier: MIT
 *
 * Mapping in, with one system call, the pages of a large block that is about to be written
 * from end to end: the array a long list decodes into, a long string.
 *
 * Allocators give a block of a few MiB a fresh mapping of its own (PHP's above 2 MiB less a
 * page, glibc's above its mmap threshold), and its first write to each 4 KiB page is a page
 * fault. Where faults are dear, as under virtualisation, they cost more than the decoding:
 * a million integers (16 MiB of zvals) took 4,096 faults per decode, most of its time. One
 * madvise(MADV_POPULATE_WRITE) maps the same pages at once. Where the system maps huge pages
 * on request (transparent huge pages "always" or "madvise"), the block asks for them instead
 * and is left to fault: one fault maps 2 MiB, and a table grown by doubling clears only the
 * pages it fills (a 9 MB blob of shared rows: 183 to 125 ms a decode, the system's page
 * accounting and the clearing of never-written capacity gone). Either asks for nothing more
 * than the writes would fault in anyway.
 */
#ifndef ZS_PREFAULT_H
#define ZS_PREFAULT_H

#include "zs_common.h"

/* Below this, blocks come from memory the allocator already holds and has touched. */
#define ZS_PREFAULT_MIN ((size_t)2 << 20)

/* Maps in the whole pages inside [p, p + len). Advice only: where the system lacks the call
 * (kernels before 5.14, other systems) or refuses it, the writes fault the pages in as
 * before. */
void zs_prefault_pages(void *p, size_t len);

/* Whether zs_prefault_pages() may ask for huge pages (the default): false maps small pages
 * at once, as where the system has no huge pages. For the whole process; set it before
 * threads start. */
void zs_prefault_allow_huge(bool allow);

/* The same for a block of any size, doing nothing below ZS_PREFAULT_MIN. */
ZS_INLINE void zs_prefault(void *p, size_t len)
{
	if (ZS_UNLIKELY(len >= ZS_PREFAULT_MIN)) {
		zs_prefault_pages(p, len);
	}
}

#endif /* ZS_PREFAULT_H */
