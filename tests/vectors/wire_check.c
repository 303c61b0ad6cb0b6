/* zser — SPDX-License-Identifier: MIT
 *
 * Runs the core reader's validation (zs_wire_validate) on many blobs, so that another
 * implementation can compare its verdicts with the C reader's without a process per blob.
 * Input on stdin: frames of a 4-byte little-endian length and that many bytes. Output: one
 * line per frame, "0 0" for a valid blob, else "<error code> <offset>" (FORMAT.md §13).
 * An optional argument is the depth limit (default 4096).
 */
#include "zs_wire_read.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	unsigned char hdr[4];
	unsigned char *buf = NULL;
	size_t cap = 0;
	/* without an argument, unserialize_max_depth's default */
	uint32_t depth = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 4096;

	while (fread(hdr, 1, 4, stdin) == 4) {
		size_t len =
		        (size_t)hdr[0] | (size_t)hdr[1] << 8 | (size_t)hdr[2] << 16 | (size_t)hdr[3] << 24;
		zs_wire_error err = ZS_WE_NONE;
		size_t pos = 0;
		if (len > cap) {
			unsigned char *nb = realloc(buf, len);
			if (!nb) {
				return 4;
			}
			buf = nb;
			cap = len;
		}
		if (len > 0 && fread(buf, 1, len, stdin) != len) {
			return 3;
		}
		if (zs_wire_validate(buf, len, &zs_alloc_libc, depth, &err, &pos)) {
			puts("0 0");
		} else {
			printf("%d %zu\n", (int)err, pos);
		}
	}
	free(buf);
	return 0;
}
