/* zser — SPDX-License-Identifier: MIT
 *
 * Helpers for spelling values as text: UTF-8 validation and PHP property-name unmangling.
 */
#include "cli.h"

#include <string.h>

bool cli_utf8_valid(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned c = s[i];
		size_t n;
		uint32_t cp;

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			n = 1;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			n = 2;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 3;
			cp = c & 0x07;
		} else {
			return false;
		}
		if (n > len - i - 1) {
			return false;
		}
		for (size_t k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80) {
				return false;
			}
			cp = (cp << 6) | (s[i + k] & 0x3f);
		}
		if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff)) {
			return false;
		}
		i += n + 1;
	}
	return true;
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
