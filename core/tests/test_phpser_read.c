// zser — SPDX-License-Identifier: MIT
//
// zs_phpser_read: the tree built from hand-written serialize() blobs (types, keys, classes,
// references, shared objects), rejection of malformed input with the right offset, and, for
// every blob, that each truncation fails and each single-bit flip fails cleanly or parses.
#include "zs_phpser_read.h"
#include "zs_test.h"

#define ZS_TEST_READ zs_phpser_read
#include "zs_tree_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const blob valid[] = {
        BLOB("N;"),
        BLOB("b:1;"),
        BLOB("i:-9223372036854775808;"),
        BLOB("d:0.1;"),
        BLOB("d:-INF;"),
        BLOB("d:1.0E+25;"),
        BLOB("s:5:\"a\"b;c\";"),
        BLOB("S:3:\"\\61bc\";"),
        BLOB("a:0:{}"),
        BLOB("a:2:{i:0;s:1:\"x\";s:1:\"k\";a:1:{i:5;b:0;}}"),
        BLOB("O:3:\"Foo\":3:{s:1:\"a\";i:1;s:4:\"\0*\0b\";N;s:6:\"\0Foo\0c\";d:1.5;}"),
        BLOB("C:3:\"Foo\":5:{hello}"),
        BLOB("E:11:\"Suit:Hearts\";"),
        BLOB("a:3:{i:0;i:7;i:1;R:2;i:2;R:2;}"),
        BLOB("a:2:{i:0;O:8:\"stdClass\":0:{}i:1;r:2;}"),
        BLOB("O:1:\"A\":1:{s:4:\"self\";r:1;}"),
        BLOB("a:1:{s:4:\"self\";a:1:{s:4:\"self\";R:2;}}"),
};

int main(void)
{
	zs_tree t;
	const zs_node *n;
	size_t i;

	ZS_CHECK(parse(&t, "a:2:{i:0;s:1:\"x\";s:1:\"k\";a:1:{i:5;b:0;}}"));
	ZS_CHECK(t.format == ZS_FMT_PHPSER && t.nodes[0].kind == ZS_K_ARRAY && t.nodes[0].count == 2);
	n = child(&t, 0, 0);
	ZS_CHECK(n && (n->flags & ZS_NODE_KEY_INT) && n->key_int == 0 && n->kind == ZS_K_STRING &&
	         str_is(&t, &n->str, "x"));
	n = child(&t, 0, 1);
	ZS_CHECK(n && (n->flags & ZS_NODE_KEY_STR) && str_is(&t, &n->key_str, "k") &&
	         n->kind == ZS_K_ARRAY && n->count == 1 && n->pos == 25 && n->key_pos == 17);
	ZS_CHECK(t.depth_seen == 2);
	zs_tree_free(&t);

	ZS_CHECK(parse(&t, "i:-9223372036854775808;") && t.nodes[0].v.i == INT64_MIN);
	zs_tree_free(&t);
	ZS_CHECK(parse(&t, "d:1.0E+25;") && t.nodes[0].v.d == 1e25);
	zs_tree_free(&t);
	ZS_CHECK(parse(&t, "d:NAN;") && isnan(t.nodes[0].v.d));
	zs_tree_free(&t);
	ZS_CHECK(parse(&t, "S:3:\"\\61bc\";") && str_is(&t, &t.nodes[0].str, "abc"));
	zs_tree_free(&t);

	ZS_CHECK(parse(&t, "O:3:\"Foo\":1:{s:6:\"\0Foo\0c\";d:1.5;}"));
	ZS_CHECK(t.nodes[0].kind == ZS_K_OBJECT && str_is(&t, &t.nodes[0].cls, "Foo"));
	n = child(&t, 0, 0);
	ZS_CHECK(n && n->key_str.len == 6 && n->kind == ZS_K_FLOAT && n->v.d == 1.5);
	zs_tree_free(&t);

	ZS_CHECK(parse(&t, "E:11:\"Suit:Hearts\";") && t.nodes[0].kind == ZS_K_ENUM &&
	         str_is(&t, &t.nodes[0].cls, "Suit") && str_is(&t, &t.nodes[0].str, "Hearts"));
	zs_tree_free(&t);
	ZS_CHECK(parse(&t, "C:3:\"Foo\":5:{hello}") && t.nodes[0].kind == ZS_K_CUSTOM &&
	         str_is(&t, &t.nodes[0].str, "hello"));
	zs_tree_free(&t);

	// R: joins the set of slot 2 (the first element), which becomes a reference.
	ZS_CHECK(parse(&t, "a:3:{i:0;i:7;i:1;R:2;i:2;R:2;}"));
	n = child(&t, 0, 0);
	ZS_CHECK(n && (n->flags & ZS_NODE_REFERENCE) && n->id == 2);
	n = child(&t, 0, 2);
	ZS_CHECK(n && n->kind == ZS_K_REF && t.nodes[n->v.target].id == 2);
	zs_tree_free(&t);
	// r: shares the object of slot 2.
	ZS_CHECK(parse(&t, "a:2:{i:0;O:8:\"stdClass\":0:{}i:1;r:2;}"));
	n = child(&t, 0, 1);
	ZS_CHECK(n && n->kind == ZS_K_OBJREF && t.nodes[n->v.target].kind == ZS_K_OBJECT);
	zs_tree_free(&t);

	expect_error("", 0, "truncated input");
	expect_error("a:1:{i:0;N;", 11, "truncated input");
	expect_error("a:2:{i:0;N;}", 11, "fewer elements");
	expect_error("a:1:{i:0;N;i:1;N;}", 11, "more elements");
	expect_error("a:9:{}", 5, "count exceeds input");
	expect_error("i:9223372036854775808;", 2, "out of range");
	expect_error("s:3:\"ab\";", 8, "declared length");
	expect_error("s:1:\"ab\";", 6, "declared length");
	expect_error("a:1:{i:0;R:3;}", 11, "back-reference out of range");
	expect_error("a:1:{i:0;r:1;}", 9, "non-object");
	expect_error("a:1:{i:0;r:2;}", 9, "itself");
	expect_error("a:1:{d:1;N;}", 5, "key must be");
	expect_error("O:0:\"\":0:{}", 2, "empty class");
	expect_error("N;x", 2, "trailing");
	expect_error("x", 0, "unknown tag");
	expect_error("b:2;", 2, "boolean");

	// Depth: the limit is enforced before descending.
	{
		size_t depth = 5000, k;
		char *deep = malloc(depth * 9 + 3 + depth);
		char *p = deep;
		for (k = 0; k < depth; k++) {
			memcpy(p, "a:1:{i:0;", 9);
			p += 9;
		}
		memcpy(p, "N;", 2);
		p += 2;
		memset(p, '}', depth);
		p += depth;
		zs_tree_init(&t, &zs_alloc_libc, 0);
		ZS_CHECK(!zs_phpser_read(&t, (unsigned char *)deep, (size_t)(p - deep)));
		ZS_CHECK(t.error && strstr(t.error, "depth"));
		zs_tree_free(&t);
		zs_tree_init(&t, &zs_alloc_libc, 6000);
		ZS_CHECK(zs_phpser_read(&t, (unsigned char *)deep, (size_t)(p - deep)));
		ZS_CHECK(t.depth_seen == depth);
		zs_tree_free(&t);
		free(deep);
	}

	// Hostile depth: a million levels fail at the limit with the offset of the first level
	// past it, and a limit far above the default costs heap, not C stack (the reader keeps
	// open containers on its own stack).
	{
		size_t depth = 1000000, k;
		char *deep = malloc(depth * 20);
		char *p = deep;
		for (k = 0; k < depth; k++) {
			memcpy(p, "a:1:{i:0;", 9);
			p += 9;
		}
		memcpy(p, "N;", 2);
		p += 2;
		memset(p, '}', depth);
		p += depth;
		zs_tree_init(&t, &zs_alloc_libc, 0);
		ZS_CHECK(!zs_phpser_read(&t, (unsigned char *)deep, (size_t)(p - deep)));
		ZS_CHECK(t.error && strstr(t.error, "depth"));
		ZS_CHECK(t.error_pos == ZS_TREE_DEFAULT_DEPTH * 9 + 5);
		ZS_CHECK(t.depth_seen == ZS_TREE_DEFAULT_DEPTH);
		zs_tree_free(&t);
		// the same with every limit up to the input's own depth: the error moves with it
		zs_tree_init(&t, &zs_alloc_libc, depth - 1);
		ZS_CHECK(!zs_phpser_read(&t, (unsigned char *)deep, (size_t)(p - deep)));
		ZS_CHECK(t.error && strstr(t.error, "depth") && t.error_pos == (depth - 1) * 9 + 5);
		zs_tree_free(&t);
		zs_tree_init(&t, &zs_alloc_libc, depth);
		ZS_CHECK(zs_phpser_read(&t, (unsigned char *)deep, (size_t)(p - deep)));
		ZS_CHECK(t.depth_seen == depth && t.count == depth + 1 &&
		         t.nodes[0].end == (size_t)(p - deep));
		ZS_CHECK(t.nodes[depth].kind == ZS_K_NULL && t.nodes[depth - 1].count == 1);
		zs_tree_free(&t);
		// truncated inside the deepest level, and one '}' short: errors at the end
		zs_tree_init(&t, &zs_alloc_libc, depth);
		ZS_CHECK(!zs_phpser_read(&t, (unsigned char *)deep, (size_t)(p - deep) - 1));
		ZS_CHECK(t.error && strstr(t.error, "truncated input") &&
		         t.error_pos == (size_t)(p - deep) - 1);
		zs_tree_free(&t);
		// a million nested O: (objects take the same path); 19 bytes a level, and the limit
		// is hit just after the '{' of the level past it
		p = deep;
		for (k = 0; k < depth; k++) {
			memcpy(p, "O:1:\"A\":1:{s:1:\"p\";", 19);
			p += 19;
		}
		zs_tree_init(&t, &zs_alloc_libc, 0);
		ZS_CHECK(!zs_phpser_read(&t, (unsigned char *)deep, (size_t)(p - deep)));
		ZS_CHECK(t.error && strstr(t.error, "depth") &&
		         t.error_pos == ZS_TREE_DEFAULT_DEPTH * 19 + 11);
		zs_tree_free(&t);
		free(deep);
	}

	// After a fault the containers still open hang from the root: the tree read so far.
	zs_tree_init(&t, &zs_alloc_libc, 0);
	ZS_CHECK(!zs_phpser_read(&t, (const unsigned char *)"a:2:{i:0;i:7;i:1;a:2:{i:0;N;i:1;x", 33));
	ZS_CHECK(t.error_pos == 32 && t.nodes[0].count == 2);
	n = child(&t, 0, 1);
	ZS_CHECK(n && n->kind == ZS_K_ARRAY && n->count == 1 && child(&t, (size_t)(n - t.nodes), 0) &&
	         child(&t, (size_t)(n - t.nodes), 0)->kind == ZS_K_NULL);
	zs_tree_free(&t);

	// The `php` session handler: name|value pairs under one array, slots numbered across them.
	{
		static const char sess[] = "user|a:1:{s:1:\"n\";s:3:\"bob\";}c|i:1;o|O:8:\"stdClass\":0:{}"
		                           "p|r:4;q|R:3;";
		size_t len = sizeof(sess) - 1, cut;
		zs_tree_init(&t, &zs_alloc_libc, 0);
		ZS_CHECK(zs_phpser_read_session(&t, (const unsigned char *)sess, len));
		ZS_CHECK(t.format == ZS_FMT_PHPSESSION && t.nodes[0].kind == ZS_K_ARRAY &&
		         t.nodes[0].count == 5);
		n = child(&t, 0, 0);
		ZS_CHECK(n && (n->flags & ZS_NODE_KEY_STR) && str_is(&t, &n->key_str, "user") &&
		         n->kind == ZS_K_ARRAY && n->key_pos == 0);
		n = child(&t, 0, 1);
		ZS_CHECK(n && str_is(&t, &n->key_str, "c") && n->kind == ZS_K_INT && n->v.i == 1);
		n = child(&t, 0, 3); // r:4 is the object of variable o (slots: user 1, n 2, c 3, o 4)
		ZS_CHECK(n && str_is(&t, &n->key_str, "p") && n->kind == ZS_K_OBJREF &&
		         t.nodes[n->v.target].kind == ZS_K_OBJECT);
		n = child(&t, 0, 4); // R:3 joins c
		ZS_CHECK(n && n->kind == ZS_K_REF && t.nodes[n->v.target].kind == ZS_K_INT);
		zs_tree_free(&t);
		// an empty name, and nothing at all
		zs_tree_init(&t, &zs_alloc_libc, 0);
		ZS_CHECK(zs_phpser_read_session(&t, (const unsigned char *)"|N;", 3) &&
		         t.nodes[0].count == 1 && child(&t, 0, 0)->key_str.len == 0);
		zs_tree_free(&t);
		zs_tree_init(&t, &zs_alloc_libc, 0);
		ZS_CHECK(zs_phpser_read_session(&t, (const unsigned char *)"", 0) && t.nodes[0].count == 0);
		zs_tree_free(&t);
		// bytes without a '|' after the last value; a bad value
		zs_tree_init(&t, &zs_alloc_libc, 0);
		ZS_CHECK(!zs_phpser_read_session(&t, (const unsigned char *)"a|N;junk", 8) &&
		         t.error_pos == 4 && strstr(t.error, "trailing bytes"));
		zs_tree_free(&t);
		zs_tree_init(&t, &zs_alloc_libc, 0);
		ZS_CHECK(!zs_phpser_read_session(&t, (const unsigned char *)"a|N;b|R:9;", 10) &&
		         t.error_pos == 8 && strstr(t.error, "back-reference out of range"));
		zs_tree_free(&t);
		// every truncation parses or fails inside the input, keeping the variables before it
		for (cut = 0; cut < len; cut++) {
			zs_tree_init(&t, &zs_alloc_libc, 0);
			if (!zs_phpser_read_session(&t, (const unsigned char *)sess, cut)) {
				ZS_CHECK(t.error && t.error_pos <= cut);
			}
			ZS_CHECK(t.count > 0 && t.nodes[0].kind == ZS_K_ARRAY);
			zs_tree_free(&t);
		}
	}

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		ZS_CHECK(parse_n(&t, valid[i].s, valid[i].len));
		zs_tree_free(&t);
		mutate(valid[i].s, valid[i].len);
	}
	return zs_test_done("test_phpser_read");
}
