// zser — SPDX-License-Identifier: MIT
//
// zs_igbin_read: the tree built from hand-assembled igbinary v1/v2 blobs (integers of every
// width, string-table back-references, objects, enums, Serializable payloads, & references,
// shared objects and copies), rejection of malformed input with the right offset, and, for
// every blob, that each truncation fails and each single-bit flip fails cleanly or parses.
#include "zs_igbin_read.h"
#include "zs_test.h"

#define ZS_TEST_READ zs_igbin_read
#include "zs_tree_test.h"

#include <stdlib.h>
#include <string.h>

#define HDR "\0\0\0\2"

static const blob valid[] = {
        BLOB(HDR "\x00"),
        BLOB("\0\0\0\1\x05"),
        BLOB(HDR "\x21\x80\0\0\0\0\0\0\0"),
        BLOB(HDR "\x0c\x3f\xf8\0\0\0\0\0\0"),
        // ["ab" => "ab", 0 => "ab"]: the second and third "ab" are string-table ids.
        BLOB(HDR "\x14\x02\x11\x02"
                 "ab"
                 "\x0e\x00\x06\x00\x0e\x00"),
        // object Foo {"\0*\0p" => 1}, then the same object again by objref.
        BLOB(HDR "\x14\x02\x06\x00\x17\x03"
                 "Foo"
                 "\x14\x01\x11\x04\0*\0p\x06\x01"
                 "\x06\x01\x22\x01"),
        // enum Suit::Hearts, Serializable payload
        BLOB(HDR "\x14\x02\x06\x00\x17\x04"
                 "Suit"
                 "\x27\x11\x06"
                 "Hearts"
                 "\x06\x01\x1a\x00\x1d\x02"
                 "hi"),
        // [&7, &ref] : the scalar joins the table after reading, then a & back-reference.
        BLOB(HDR "\x14\x02\x06\x00\x25\x06\x07\x06\x01\x25\x01\x01"),
        // [[], copy of that array]
        BLOB(HDR "\x14\x02\x06\x00\x14\x00\x06\x01\x01\x01"),
        // uninitialized-property placeholder (a null key with no value)
        BLOB(HDR "\x17\x01"
                 "A"
                 "\x14\x02\x00\x11\x01"
                 "x"
                 "\x00"),
};

int main(void)
{
	zs_tree t;
	const zs_node *n;
	size_t i;

	ZS_CHECK(parse(&t, HDR "\x21\x80\0\0\0\0\0\0\0") && t.nodes[0].v.i == INT64_MIN);
	ZS_CHECK(t.format == ZS_FMT_IGBINARY && t.version == 2 && t.header_len == 4);
	zs_tree_free(&t);
	ZS_CHECK(parse(&t, "\0\0\0\1\x09\x01\x00") && t.version == 1 && t.nodes[0].v.i == -256);
	zs_tree_free(&t);
	ZS_CHECK(parse(&t, HDR "\x0c\x3f\xf8\0\0\0\0\0\0") && t.nodes[0].v.d == 1.5);
	zs_tree_free(&t);

	ZS_CHECK(parse(&t, HDR "\x14\x02\x11\x02"
	                       "ab"
	                       "\x0e\x00\x06\x00\x0e\x00"));
	n = child(&t, 0, 0);
	ZS_CHECK(n && (n->flags & ZS_NODE_KEY_STR) && !(n->flags & ZS_NODE_KEY_SHARED) &&
	         str_is(&t, &n->key_str, "ab") && (n->flags & ZS_NODE_STR_SHARED) &&
	         str_is(&t, &n->str, "ab") && n->key_pos == 6 && n->pos == 10);
	n = child(&t, 0, 1);
	ZS_CHECK(n && (n->flags & ZS_NODE_KEY_INT) && n->key_int == 0 && str_is(&t, &n->str, "ab"));
	ZS_CHECK(zs_igbin_string_savings(&t) == 4); // two 4-byte inline forms became 2-byte ids
	zs_tree_free(&t);

	ZS_CHECK(parse(&t, HDR "\x14\x02\x06\x00\x17\x03"
	                       "Foo"
	                       "\x14\x01\x11\x04\0*\0p\x06\x01"
	                       "\x06\x01\x22\x01"));
	n = child(&t, 0, 0);
	ZS_CHECK(n && n->kind == ZS_K_OBJECT && str_is(&t, &n->cls, "Foo") && n->count == 1 &&
	         n->id == 1);
	n = child(&t, 0, 1);
	ZS_CHECK(n && n->kind == ZS_K_OBJREF && t.nodes[n->v.target].id == 1);
	zs_tree_free(&t);

	ZS_CHECK(parse(&t, HDR "\x14\x02\x06\x00\x17\x04"
	                       "Suit"
	                       "\x27\x11\x06"
	                       "Hearts"
	                       "\x06\x01\x1a\x00\x1d\x02"
	                       "hi"));
	n = child(&t, 0, 0);
	ZS_CHECK(n && n->kind == ZS_K_ENUM && str_is(&t, &n->cls, "Suit") &&
	         str_is(&t, &n->str, "Hearts"));
	n = child(&t, 0, 1);
	ZS_CHECK(n && n->kind == ZS_K_CUSTOM && str_is(&t, &n->cls, "Suit") &&
	         str_is(&t, &n->str, "hi") && (n->flags & ZS_NODE_CLS_SHARED));
	zs_tree_free(&t);

	ZS_CHECK(parse(&t, HDR "\x14\x02\x06\x00\x25\x06\x07\x06\x01\x25\x01\x01"));
	n = child(&t, 0, 0);
	ZS_CHECK(n && n->kind == ZS_K_INT && n->v.i == 7 && (n->flags & ZS_NODE_REFERENCE) &&
	         n->id == 1);
	n = child(&t, 0, 1);
	ZS_CHECK(n && n->kind == ZS_K_REF && t.nodes[n->v.target].id == 1);
	zs_tree_free(&t);

	ZS_CHECK(parse(&t, HDR "\x14\x02\x06\x00\x14\x00\x06\x01\x01\x01"));
	n = child(&t, 0, 1);
	ZS_CHECK(n && n->kind == ZS_K_COPY && t.nodes[n->v.target].kind == ZS_K_ARRAY);
	zs_tree_free(&t);

	ZS_CHECK(parse(&t, HDR "\x17\x01"
	                       "A"
	                       "\x14\x02\x00\x11\x01"
	                       "x"
	                       "\x00"));
	ZS_CHECK(t.nodes[0].count == 1 && t.skipped == 1);
	zs_tree_free(&t);

	expect_error("", 0, "truncated input");
	expect_error("\0\0\0\2", 4, "truncated input");
	expect_error("\0\0\0\3\x00", 0, "not an igbinary header");
	expect_error(HDR "\x14\x05\x06\x00", 6, "count exceeds input");
	expect_error(HDR "\x16\xff\xff\xff\xff", 9, "count exceeds input");
	expect_error(HDR "\x13\xff\xff\xff\xff"
	                 "abc",
	             12, "truncated input");
	expect_error(HDR "\x0e\x00", 5, "string index out of range");
	expect_error(HDR "\x14\x01\x06\x00\x01\x05", 9, "back-reference out of range");
	expect_error(HDR "\x20\x80\0\0\0\0\0\0\0", 4, "out of range");
	expect_error(HDR "\x7f", 4, "unknown tag");
	expect_error(HDR "\x00\x00", 5, "trailing");
	expect_error(HDR "\x14\x01\x0c\0\0\0\0\0\0\0\0\x00", 6, "key must be");
	expect_error(HDR "\x17\x01"
	                 "A"
	                 "\x06",
	             7, "unknown object body");

	{
		size_t depth = 5000, k, len = 4 + depth * 4 + 1;
		char *deep = malloc(len), *p = deep;
		memcpy(p, HDR, 4);
		p += 4;
		for (k = 0; k < depth; k++) {
			memcpy(p, "\x14\x01\x06\x00", 4);
			p += 4;
		}
		*p = 0;
		ZS_CHECK(!parse_n(&t, deep, len) && t.error && strstr(t.error, "depth"));
		zs_tree_free(&t);
		zs_tree_init(&t, &zs_alloc_libc, 6000);
		ZS_CHECK(zs_igbin_read(&t, (unsigned char *)deep, len) && t.depth_seen == depth);
		zs_tree_free(&t);
		memset(deep + 4, 0x25, len - 4); // & wrappers count as nesting too
		deep[len - 1] = 0;
		ZS_CHECK(!parse_n(&t, deep, len) && t.error && strstr(t.error, "depth"));
		zs_tree_free(&t);
		free(deep);
	}

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		ZS_CHECK(parse_n(&t, valid[i].s, valid[i].len));
		if (t.error) {
			fprintf(stderr, "  valid[%zu]: %s at %zu\n", i, t.error, t.error_pos);
		}
		zs_tree_free(&t);
		mutate(valid[i].s, valid[i].len);
	}
	return zs_test_done("test_igbin_read");
}
