// zser — SPDX-License-Identifier: MIT
//
// Helpers shared by the unit tests of the tree readers (igbinary, serialize()): parse a
// literal, find the n-th child, expect a failure at an offset, and the truncation and
// bit-flip sweep. The including file defines ZS_TEST_READ as its reader (a function with
// zs_igbin_read's signature) before including this header, after zs_test.h.
#ifndef ZS_TREE_TEST_H
#define ZS_TREE_TEST_H

#include "zs_tree.h"

#include <stdlib.h>
#include <string.h>

#ifndef ZS_TEST_READ
#error "define ZS_TEST_READ before including zs_tree_test.h"
#endif

typedef struct blob {
	const char *s;
	size_t len;
} blob;

// Literals may hold NUL bytes (mangled property names), so their length comes from sizeof.
#define BLOB(lit)              \
	{                          \
		(lit), sizeof(lit) - 1 \
	}
#define parse(t, lit)               parse_n((t), (lit), sizeof(lit) - 1)
#define expect_error(lit, pos, msg) expect_error_n((lit), sizeof(lit) - 1, (pos), (msg))

static bool parse_n(zs_tree *t, const char *s, size_t len)
{
	zs_tree_init(t, &zs_alloc_libc, 0);
	return ZS_TEST_READ(t, (const unsigned char *)s, len);
}

static bool str_is(const zs_tree *t, const zs_str *s, const char *want)
{
	return s->len == strlen(want) && memcmp(zs_tree_bytes(t, s), want, s->len) == 0;
}

static const zs_node *child(const zs_tree *t, size_t parent, size_t n)
{
	size_t c = t->nodes[parent].first_child;
	while (c && n--) {
		c = t->nodes[c - 1].next;
	}
	return c ? &t->nodes[c - 1] : NULL;
}

static void expect_error_n(const char *b, size_t len, size_t pos, const char *msg_part)
{
	zs_tree t;
	bool ok = parse_n(&t, b, len);
	ZS_CHECK(!ok);
	ZS_CHECK(t.error != NULL && strstr(t.error, msg_part) != NULL);
	ZS_CHECK(t.error_pos == pos);
	if (t.error_pos != pos || !t.error || !strstr(t.error, msg_part)) {
		fprintf(stderr, "  got '%s' at %zu, want '%s' at %zu\n", t.error ? t.error : "",
		        t.error_pos, msg_part, pos);
	}
	zs_tree_free(&t);
}

// Every proper prefix must fail; every single-bit flip must fail or parse, without crashing.
static void mutate(const char *b, size_t len)
{
	unsigned char *buf = malloc(len ? len : 1);
	size_t i;
	int bit;

	memcpy(buf, b, len);
	for (i = 0; i < len; i++) {
		zs_tree t;
		zs_tree_init(&t, &zs_alloc_libc, 0);
		ZS_CHECK(!ZS_TEST_READ(&t, buf, i));
		ZS_CHECK(t.error != NULL && t.error_pos <= i);
		zs_tree_free(&t);
		for (bit = 0; bit < 8; bit++) {
			bool ok;
			buf[i] ^= (unsigned char)(1 << bit);
			zs_tree_init(&t, &zs_alloc_libc, 0);
			ok = ZS_TEST_READ(&t, buf, len);
			ZS_CHECK(ok ? t.error == NULL && t.count > 0 : t.error != NULL && t.error_pos <= len);
			zs_tree_free(&t);
			buf[i] ^= (unsigned char)(1 << bit);
		}
	}
	free(buf);
}

#endif /* ZS_TREE_TEST_H */
