/* zser — SPDX-License-Identifier: MIT
 *
 * A FILE that passes at most a number of bytes on and drops the rest, noting that it did:
 * the text commands write a value whose references they expand, so their output is bounded
 * by --max-output rather than by the input's size.
 */
#define _GNU_SOURCE /* fopencookie */
#include "cli.h"

#include <sys/types.h>

static ssize_t limited_write(void *cookie, const char *buf, size_t n)
{
	cli_limited *l = cookie;
	size_t take = n < l->left ? n : l->left;

	if (take && fwrite(buf, 1, take, l->out) != take) {
		return -1;
	}
	l->left -= take;
	if (take < n) {
		l->full = true;
	}
	return (ssize_t)n;
}

FILE *cli_limited_open(cli_limited *l, FILE *out, size_t max)
{
	static const cookie_io_functions_t io = {NULL, limited_write, NULL, NULL};

	l->out = out;
	l->left = max;
	l->full = false;
	return max ? fopencookie(l, "w", io) : NULL;
}
