/* zser — SPDX-License-Identifier: MIT
 *
 * Helpers shared by the output modes: JSON strings through the core's escaping kernel, PHP
 * property-name unmangling, and the tree walk that drives the writers.
 */
#include "cli.h"
#include "zs_utf8.h"

#include <string.h>

void cli_json_string(FILE *out, const unsigned char *s, size_t len, uint32_t flags)
{
	/* The kernel writes a bounded chunk at a time into fixed room, so no allocation. */
	enum { CHUNK = 1024 };
	unsigned char buf[ZS_ESC_ROOM(CHUNK)];
	size_t pos = 0;

	fputc('"', out);
	while (pos < len) {
		size_t soft = len - pos < CHUNK ? len - pos : CHUNK, used = 0;
		size_t n = zs_json_escape(buf, s + pos, len - pos, soft, flags, &used);
		if (n == ZS_ESC_BAD_UTF8 || used == 0) {
			break; /* callers pass valid UTF-8 or a flag that repairs it */
		}
		fwrite(buf, 1, n, out);
		pos += used;
	}
	fputc('"', out);
}

int cli_unmangle(const zs_tree *t, const zs_str *key, zs_str *name, zs_str *cls)
{
	const unsigned char *k = zs_tree_bytes(t, key), *second;
	size_t len = key->len, split;

	*name = *key;
	*cls = *key;
	cls->len = 0;
	if (len < 3 || k[0] != '\0') {
		return 0;
	}
	second = memchr(k + 1, '\0', len - 1);
	if (!second || second == k + 1) {
		return 0;
	}
	split = (size_t)(second - k);
	cls->off = key->off + 1;
	cls->len = split - 1;
	name->off = key->off + split + 1;
	name->len = len - split - 1;
	return cls->len == 1 && k[1] == '*' ? 1 : 2;
}

int cli_walk(const zs_tree *t, const zs_tree_visitor *v, void *ctx)
{
	if (!zs_tree_walk(t, 0, v, ctx)) {
		fprintf(stderr, "zser: out of memory\n");
		return EXIT_NOMEM;
	}
	return EXIT_OK;
}
