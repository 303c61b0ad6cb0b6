// zser — SPDX-License-Identifier: MIT
//
// Writer/reader round trips of the binary format, and the reader's refusals: every
// truncation of a valid blob, overlong varints, non-canonical numbers, bad tags, bad
// indexes, duplicate and numeric keys, depth, trailing bytes (FORMAT.md §2-§12).
#include "zs_test.h"
#include "zs_wire_read.h"
#include "zs_wire_write.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	unsigned char b[4096];
	size_t n;
} blob;

static void hdr(blob *x)
{
	x->n = (size_t)(zs_wire_put_header(x->b, false) - x->b);
}

// Header with the back-reference flag (FORMAT.md §2).
static void hdr_refs(blob *x)
{
	x->n = (size_t)(zs_wire_put_header(x->b, true) - x->b);
}

static void raw(blob *x, const char *bytes, size_t n)
{
	memcpy(x->b + x->n, bytes, n);
	x->n += n;
}

static void put_int(blob *x, int64_t v)
{
	x->n = (size_t)(zs_wire_put_int(x->b + x->n, v) - x->b);
}

static void put_str(blob *x, const char *s)
{
	size_t len = strlen(s);
	x->n = (size_t)(zs_wire_put_str_header(x->b + x->n, len) - x->b);
	raw(x, s, len);
}

static void tag(blob *x, unsigned char t)
{
	x->b[x->n++] = t;
}

static void varint(blob *x, uint64_t v)
{
	x->n = (size_t)(zs_wire_put_varint(x->b + x->n, v) - x->b);
}

static zs_wire_error check(const blob *x, size_t *pos)
{
	zs_wire_error e;
	size_t p;
	if (zs_wire_validate(x->b, x->n, &zs_alloc_libc, 0, &e, &p)) {
		return ZS_WE_NONE;
	}
	if (pos) {
		*pos = p;
	}
	return e;
}

// Every proper prefix fails, the whole blob passes.
static void all_prefixes_fail(const blob *x)
{
	size_t n;
	ZS_CHECK(check(x, NULL) == ZS_WE_NONE);
	for (n = 0; n < x->n; n++) {
		blob y = *x;
		y.n = n;
		ZS_CHECK(check(&y, NULL) != ZS_WE_NONE);
	}
}

// Every byte flipped to every value: the reader returns (valid or not), never crashes.
static void flips_terminate(const blob *x)
{
	size_t i;
	int v;
	for (i = 0; i < x->n; i++) {
		for (v = 0; v < 256; v++) {
			blob y = *x;
			y.b[i] = (unsigned char)v;
			(void)check(&y, NULL);
		}
	}
}

static void test_ints(void)
{
	static const int64_t vals[] = {
	        0,         1,  63,  64,  255,  256,  65535,  65536,  4294967295LL,  4294967296LL,
	        INT64_MAX, -1, -16, -17, -256, -257, -65536, -65537, -4294967296LL, -4294967297LL,
	        INT64_MIN};
	static const size_t sizes[] = {1, 1, 1, 2, 2, 3, 3, 5, 5, 9, 9, 1, 1, 2, 2, 3, 3, 5, 5, 9, 9};
	size_t i;
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		blob x;
		zs_reader r;
		zs_event ev;
		hdr(&x);
		put_int(&x, vals[i]);
		ZS_CHECK(x.n - 2 == sizes[i]);
		zs_reader_init(&r, x.b, x.n, &zs_alloc_libc, 0);
		ZS_CHECK(zs_reader_header(&r));
		ZS_CHECK(zs_reader_next(&r, &ev));
		ZS_CHECK(ev.type == ZS_EV_INT && ev.i == vals[i] && ev.slot == 1);
		ZS_CHECK(zs_reader_done(&r) && zs_reader_finish(&r));
		zs_reader_free(&r);
		all_prefixes_fail(&x);
	}
}

static void test_int_canon(void)
{
	blob x;
	hdr(&x);
	raw(&x, "\xC3\x05", 2); // U8 5: FIXINT holds it
	ZS_CHECK(check(&x, NULL) == ZS_WE_INT_CANON);
	hdr(&x);
	raw(&x, "\xC4\xFF\x00", 3); // U16 255
	ZS_CHECK(check(&x, NULL) == ZS_WE_INT_CANON);
	hdr(&x);
	raw(&x, "\xC7\x0F", 2); // N8 -16: NEGFIXINT holds it
	ZS_CHECK(check(&x, NULL) == ZS_WE_INT_CANON);
	hdr(&x);
	raw(&x, "\xC6\x00\x00\x00\x00\x00\x00\x00\x80", 9); // 2^63
	ZS_CHECK(check(&x, NULL) == ZS_WE_INT_RANGE);
	hdr(&x);
	raw(&x, "\xCA\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF", 9);
	ZS_CHECK(check(&x, NULL) == ZS_WE_INT_RANGE);
}

static void test_floats(void)
{
	double vals[] = {0.0,      -0.0,      1.5, 0.1,    1e308,  5e-324,
	                 INFINITY, -INFINITY, NAN, 3.4e38, 3.5e38, 16777217.0};
	uint64_t snan = 0x7FF0000000000001ull;
	double d;
	size_t i;
	memcpy(&d, &snan, 8);
	for (i = 0; i <= sizeof(vals) / sizeof(vals[0]); i++) {
		double v = i < sizeof(vals) / sizeof(vals[0]) ? vals[i] : d, got;
		blob x;
		zs_reader r;
		zs_event ev;
		hdr(&x);
		x.n = (size_t)(zs_wire_put_float(x.b + 2, v) - x.b);
		zs_reader_init(&r, x.b, x.n, &zs_alloc_libc, 0);
		ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && zs_reader_finish(&r));
		got = ev.d;
		ZS_CHECK(ev.type == ZS_EV_FLOAT && memcmp(&got, &v, 8) == 0);
		zs_reader_free(&r);
		all_prefixes_fail(&x);
	}
	{
		blob x;
		hdr(&x);
		raw(&x, "\xCC\x00\x00\x00\x00\x00\x00\xF8\x3F", 9); // 1.5 as F64
		ZS_CHECK(check(&x, NULL) == ZS_WE_FLOAT_CANON);
	}
}

static void test_strings(void)
{
	blob x;
	zs_reader r;
	zs_event ev;
	char big[300];
	memset(big, 'q', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	hdr(&x);
	x.n = (size_t)(zs_wire_put_list(x.b + x.n, 5) - x.b);
	put_str(&x, "hello");
	put_str(&x, "");
	put_str(&x, big);
	x.n = (size_t)(zs_wire_put_sref(x.b + x.n, 0) - x.b);
	x.n = (size_t)(zs_wire_put_sref(x.b + x.n, 1) - x.b);
	all_prefixes_fail(&x);
	zs_reader_init(&r, x.b, x.n, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && ev.type == ZS_EV_LIST);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.len == 5 && memcmp(ev.str, "hello", 5) == 0);
	ZS_CHECK(ev.index == 0);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.len == 0 && ev.index == ZS_WIRE_NO_INDEX);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.len == 299 && ev.index == 1);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.len == 5 && ev.index == 0);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.len == 299 && ev.index == 1);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_END && zs_reader_done(&r));
	ZS_CHECK(zs_reader_finish(&r));
	zs_reader_free(&r);

	hdr(&x);
	raw(&x, "\x60", 1); // reference before any literal
	ZS_CHECK(check(&x, NULL) == ZS_WE_STR_INDEX);
	hdr(&x);
	raw(&x, "\xCD\x00", 2); // STR of length 32 with no bytes
	ZS_CHECK(check(&x, NULL) == ZS_WE_TRUNCATED);
	hdr(&x);
	raw(&x, "\xCD\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\x01", 11); // 2^64-1 + 32
	ZS_CHECK(check(&x, NULL) == ZS_WE_TRUNCATED);
}

static void test_varints(void)
{
	blob x;
	hdr(&x);
	raw(&x, "\xCF\x80\x00", 3); // LIST, overlong zero
	ZS_CHECK(check(&x, NULL) == ZS_WE_VARINT);
	hdr(&x);
	raw(&x, "\xCF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\x02", 11);
	ZS_CHECK(check(&x, NULL) == ZS_WE_VARINT);
	hdr(&x);
	raw(&x, "\xCF\xFF\xFF\xFF\xFF\x0F", 6); // count beyond the cap
	ZS_CHECK(check(&x, NULL) == ZS_WE_COUNT);
	hdr(&x);
	raw(&x, "\xCF\x10", 2); // 32 elements claimed, none present
	ZS_CHECK(check(&x, NULL) == ZS_WE_COUNT);
	// a long list: every prefix fails
	{
		int i;
		hdr(&x);
		x.n = (size_t)(zs_wire_put_list(x.b + x.n, 300) - x.b);
		for (i = 0; i < 300; i++) {
			put_int(&x, i * 1000);
		}
		all_prefixes_fail(&x);
	}
}

static void test_maps_and_shapes(void)
{
	blob x;
	zs_reader r;
	zs_event ev;
	size_t pos;
	// [ ['a'=>1,'b'=>2], ['a'=>3,'b'=>4] ] : the second uses shape 0
	hdr(&x);
	x.n = (size_t)(zs_wire_put_list(x.b + x.n, 2) - x.b);
	x.n = (size_t)(zs_wire_put_map(x.b + x.n, 2) - x.b);
	put_str(&x, "a");
	put_str(&x, "b");
	put_int(&x, 1);
	put_int(&x, 2);
	x.n = (size_t)(zs_wire_put_shape(x.b + x.n, 0) - x.b);
	put_int(&x, 3);
	put_int(&x, 4);
	all_prefixes_fail(&x);
	flips_terminate(&x);
	zs_reader_init(&r, x.b, x.n, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && ev.type == ZS_EV_LIST);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_MAP && ev.count == 2 && ev.shape == 0);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.has_key && ev.key.is_str && ev.key.str == 0);
	ZS_CHECK(ev.i == 1 && ev.slot == 3);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.key.str == 1 && ev.i == 2);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_END);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_MAP && ev.shape == 0 && ev.slot == 5);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.key.str == 0 && ev.i == 3);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.key.str == 1 && ev.i == 4);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_END);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_END && zs_reader_done(&r));
	ZS_CHECK(zs_reader_finish(&r));
	zs_reader_free(&r);

	hdr(&x);
	raw(&x, "\xD0\x01\x41\x61\x41\x61\x01\x02", 8); // 'a' twice
	ZS_CHECK(check(&x, &pos) == ZS_WE_DUP_KEY && pos == 2);
	hdr(&x);
	raw(&x, "\xD0\x00\x42\x31\x32\x01", 6); // key "12"
	ZS_CHECK(check(&x, NULL) == ZS_WE_NUMERIC_KEY);
	hdr(&x);
	raw(&x, "\xD0\x00\x42\x30\x31\x01", 6); // key "01" stays a string
	ZS_CHECK(check(&x, NULL) == ZS_WE_NONE);
	hdr(&x);
	raw(&x, "\xD0\x01\x00\x01\x05\x06", 6); // keys 0,1: must be a list
	ZS_CHECK(check(&x, NULL) == ZS_WE_MAP_CANON);
	hdr(&x);
	raw(&x, "\xD0\x00\xC0\x01", 4); // null key
	ZS_CHECK(check(&x, NULL) == ZS_WE_KEY);
	hdr(&x);
	raw(&x, "\xA0", 1); // shape before any definition
	ZS_CHECK(check(&x, NULL) == ZS_WE_SHAPE_INDEX);
	// duplicate detection through the hash path (more than 8 keys)
	{
		int i;
		hdr(&x);
		tag(&x, ZS_T_MAP);
		varint(&x, 19);
		for (i = 0; i < 20; i++) {
			char k[16];
			snprintf(k, sizeof(k), "k%d", i == 19 ? 3 : i);
			put_str(&x, k);
		}
		for (i = 0; i < 20; i++) {
			put_int(&x, i);
		}
		ZS_CHECK(check(&x, NULL) == ZS_WE_DUP_KEY);
		x.b[x.n - 20 - 1] = '9'; // "k3" -> "k9" in the last key
		ZS_CHECK(check(&x, NULL) == ZS_WE_DUP_KEY);
		x.b[x.n - 20 - 1] = 'x';
		ZS_CHECK(check(&x, NULL) == ZS_WE_NONE);
	}
}

static void test_objects(void)
{
	size_t pos;
	blob x;
	zs_reader r;
	zs_event ev;
	// [obj Foo{a:1}, obj Foo{a:2} by shape, backref to slot 2, &ref to slot 3, enum, blob]
	hdr_refs(&x);
	x.n = (size_t)(zs_wire_put_list(x.b + x.n, 6) - x.b);
	tag(&x, ZS_T_OBJECT);
	put_str(&x, "Foo");
	varint(&x, 1);
	put_str(&x, "a");
	put_int(&x, 1);
	x.n = (size_t)(zs_wire_put_shape(x.b + x.n, 0) - x.b);
	put_int(&x, 2);
	x.n = (size_t)(zs_wire_put_backref(x.b + x.n, ZS_T_BACKREF_OBJ, 2) - x.b);
	x.n = (size_t)(zs_wire_put_backref(x.b + x.n, ZS_T_BACKREF_REF, 3) - x.b);
	tag(&x, ZS_T_ENUM);
	put_str(&x, "Suit");
	put_str(&x, "Hearts");
	tag(&x, ZS_T_OBJECT_BLOB);
	x.n = (size_t)(zs_wire_put_sref(x.b + x.n, 0) - x.b);
	varint(&x, 3);
	raw(&x, "xyz", 3);
	all_prefixes_fail(&x);
	flips_terminate(&x);
	zs_reader_init(&r, x.b, x.n, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && ev.type == ZS_EV_LIST);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_OBJECT && ev.cls == 0 && ev.slot == 2);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.key.is_str && ev.key.str == 1 && ev.i == 1);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_END);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_OBJECT && ev.cls == 0 && ev.slot == 4);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.i == 2 && ev.slot == 5);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_END);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_BACKREF_OBJ && ev.target == 2);
	ZS_CHECK(ev.slot == 6);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_BACKREF_REF && ev.target == 3);
	ZS_CHECK(ev.slot == 0);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_ENUM && ev.len == 6 && ev.slot == 7);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_OBJECT_BLOB && ev.len == 3);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.type == ZS_EV_END && zs_reader_finish(&r));
	zs_reader_free(&r);

	hdr_refs(&x);
	raw(&x, "\x92\x01\xD6\x00", 4); // object backref to an int slot
	ZS_CHECK(check(&x, NULL) == ZS_WE_BACKREF_TYPE);
	hdr_refs(&x);
	raw(&x, "\x91\xD6\x01", 3); // backref to itself
	ZS_CHECK(check(&x, NULL) == ZS_WE_BACKREF);
	hdr_refs(&x);
	raw(&x, "\x91\xD7\x05", 3); // reference to a slot not yet taken
	ZS_CHECK(check(&x, NULL) == ZS_WE_BACKREF);
	hdr_refs(&x);
	raw(&x, "\x91\xD7\x00", 3); // recursive array: $a[0] = &$a
	ZS_CHECK(check(&x, NULL) == ZS_WE_NONE);
	x.b[1] = ZS_WIRE_VERSION; // the same without the flag
	ZS_CHECK(check(&x, &pos) == ZS_WE_REF_FLAG && pos == 3);
	hdr_refs(&x);
	raw(&x, "\x91\x01", 2); // flag without any back-reference
	ZS_CHECK(check(&x, &pos) == ZS_WE_REF_FLAG && pos == 1);
	hdr(&x);
	raw(&x, "\xD1\x40\x00", 3); // empty class name
	ZS_CHECK(check(&x, NULL) == ZS_WE_CLASS);
	hdr(&x);
	raw(&x, "\xD3\x41\x58\x01", 4); // OBJECT_DATA whose payload is not an array
	ZS_CHECK(check(&x, NULL) == ZS_WE_OBJECT_DATA);
	hdr(&x);
	raw(&x, "\xD3\x41\x58\x91\x07", 5);
	ZS_CHECK(check(&x, NULL) == ZS_WE_NONE);
	hdr(&x);
	raw(&x, "\x92\xD1\x41\x58\x00\xD3\x60\xA0", 8); // OBJECT_DATA with an object shape
	ZS_CHECK(check(&x, &pos) == ZS_WE_OBJECT_DATA);
	ZS_CHECK(pos == 9);
}

static void test_header_and_limits(void)
{
	blob x;
	size_t pos;
	int i;
	hdr(&x);
	raw(&x, "\xC0", 1);
	ZS_CHECK(check(&x, NULL) == ZS_WE_NONE);
	raw(&x, "\xC0", 1);
	ZS_CHECK(check(&x, &pos) == ZS_WE_TRAILING && pos == 3);
	x.b[1] = 2;
	ZS_CHECK(check(&x, &pos) == ZS_WE_VERSION && pos == 1);
	x.b[0] = 'a';
	ZS_CHECK(check(&x, &pos) == ZS_WE_MAGIC && pos == 0);
	for (i = 0xDA; i < 0xF0; i++) {
		hdr(&x);
		tag(&x, (unsigned char)i);
		ZS_CHECK(check(&x, NULL) == ZS_WE_TAG);
	}
	// depth: the format has no cap (§11): a limit of 0 reads as deep as the input goes, its
	// frame stack growing from the allocator; a limit refuses the level past it
	hdr(&x);
	{
		static unsigned char deep[2 + 1000000 + 1];
		const size_t levels = sizeof(deep) - 3;
		zs_wire_error e;
		memset(deep, 0x91, sizeof(deep));
		deep[0] = ZS_WIRE_MAGIC;
		deep[1] = ZS_WIRE_VERSION;
		deep[2 + 4096] = 0xC0;
		ZS_CHECK(zs_wire_validate(deep, 2 + 4097, &zs_alloc_libc, 0, &e, &pos));
		ZS_CHECK(zs_wire_validate(deep, 2 + 4097, &zs_alloc_libc, 4096, &e, &pos));
		ZS_CHECK(!zs_wire_validate(deep, 2 + 4097, &zs_alloc_libc, 4095, &e, &pos));
		ZS_CHECK(e == ZS_WE_DEPTH && pos == 2 + 4095);
		ZS_CHECK(!zs_wire_validate(deep, 2 + 4097, &zs_alloc_libc, 100, &e, &pos));
		ZS_CHECK(e == ZS_WE_DEPTH && pos == 2 + 100);
		deep[2 + 4096] = 0x91;
		deep[2 + levels] = 0xC0;
		ZS_CHECK(zs_wire_validate(deep, sizeof(deep), &zs_alloc_libc, 0, &e, &pos));
		ZS_CHECK(zs_wire_validate(deep, sizeof(deep), &zs_alloc_libc, (uint32_t)levels, &e, &pos));
		ZS_CHECK(!zs_wire_validate(deep, sizeof(deep), &zs_alloc_libc, (uint32_t)levels - 1, &e,
		                           &pos));
		ZS_CHECK(e == ZS_WE_DEPTH && pos == 2 + levels - 1);
		ZS_CHECK(!zs_wire_validate(deep, sizeof(deep) - 1, &zs_alloc_libc, 0, &e, &pos));
		ZS_CHECK(e != ZS_WE_DEPTH);
	}
	ZS_CHECK(strcmp(zs_wire_error_msg(ZS_WE_DEPTH), "maximum depth exceeded") == 0);
}

static void test_int_keys(void)
{
	int64_t v;
	ZS_CHECK(zs_wire_is_int_key((const unsigned char *)"0", 1, &v) && v == 0);
	ZS_CHECK(zs_wire_is_int_key((const unsigned char *)"-5", 2, &v) && v == -5);
	ZS_CHECK(!zs_wire_is_int_key((const unsigned char *)"-0", 2, &v));
	ZS_CHECK(!zs_wire_is_int_key((const unsigned char *)"007", 3, &v));
	ZS_CHECK(!zs_wire_is_int_key((const unsigned char *)"1a", 2, &v));
	ZS_CHECK(!zs_wire_is_int_key((const unsigned char *)"", 0, &v));
	ZS_CHECK(!zs_wire_is_int_key((const unsigned char *)"-", 1, &v));
	ZS_CHECK(zs_wire_is_int_key((const unsigned char *)"9223372036854775807", 19, &v));
	ZS_CHECK(v == INT64_MAX);
	ZS_CHECK(!zs_wire_is_int_key((const unsigned char *)"9223372036854775808", 19, &v));
	ZS_CHECK(zs_wire_is_int_key((const unsigned char *)"-9223372036854775808", 20, &v));
	ZS_CHECK(v == INT64_MIN);
	ZS_CHECK(!zs_wire_is_int_key((const unsigned char *)"-9223372036854775809", 20, &v));
}

// One memo for every reader of the tests below that uses one, so that definitions read by
// earlier tests are taken from it.
static zs_shape_memo memo;
static uint64_t memo_shapes;

// The key of an event as bytes: equal for equal keys, whichever reader gave them.
static bool same_key(const zs_reader *r1, const zs_event *e1, const zs_reader *r2,
                     const zs_event *e2)
{
	size_t l1, l2;
	const unsigned char *s1, *s2;
	if (!e1->has_key || !e1->key.is_str || e1->key.str == ZS_WIRE_NO_INDEX) {
		return e1->key.str == e2->key.str;
	}
	s1 = zs_reader_str(r1, e1->key.str, &l1);
	s2 = zs_reader_str(r2, e2->key.str, &l2);
	return e1->key.str == e2->key.str && l1 == l2 && s1 == s2;
}

// zs_reader_next_fast(), and zs_reader_next() with the shared shape memo, give exactly the
// events and errors of zs_reader_next().
// The consumer's words of the string table (zs_rstr.user): each entry the reader records
// starts NULL, whatever the table's memory held before, and one the consumer has set stays
// set. Entries [0, *seen) were checked and marked before.
static int user_mark;

// An allocator whose new memory is never zero, as heap memory in use for a while is not.
static void *poison_malloc(void *ctx, size_t n)
{
	void *p = malloc(n);
	(void)ctx;
	if (p) {
		memset(p, 0xA5, n);
	}
	return p;
}
static void *poison_realloc(void *ctx, void *p, size_t old_n, size_t n)
{
	unsigned char *q = realloc(p, n);
	(void)ctx;
	if (q && n > old_n) {
		memset(q + old_n, 0xA5, n - old_n);
	}
	return q;
}
static void poison_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}
static const zs_alloc poison_alloc = {poison_malloc, poison_realloc, poison_free, NULL};

static void user_words(zs_reader *r, uint32_t *seen)
{
	uint32_t i;
	for (i = 0; i < *seen; i++) {
		ZS_CHECK(r->strs[i].user == &user_mark);
	}
	for (; *seen < r->nstrs; (*seen)++) {
		ZS_CHECK(*zs_reader_str_user(r, *seen) == NULL);
		*zs_reader_str_user(r, *seen) = &user_mark;
	}
}

// Slot tables handed from one same_events() to the next (zs_reader_adopt_slots()), their
// entries poisoned in between: what an earlier reader left there must never be seen.
static zs_slot_tables spare;
static unsigned spare_adopted;

static void adopt_poisoned(zs_reader *r)
{
	if (spare.cap) {
		memset(spare.obj, 0xA5, spare.cap);
		memset(spare.end, 0xA5, spare.cap * sizeof(uint32_t));
		memset(spare.height, 0xA5, spare.cap * sizeof(uint32_t));
		spare_adopted += r->refs;
	}
	zs_reader_adopt_slots(r, &spare);
	ZS_CHECK(spare.cap == 0 && spare.obj == NULL);
}

// The string table likewise (zs_reader_adopt_strs()): one of 16 entries to begin with, so
// that every reader takes one larger than its own.
static zs_str_table spare_strs;
static unsigned strs_adopted;

static void adopt_poisoned_strs(zs_reader *r)
{
	if (!spare_strs.cap) {
		spare_strs.strs = malloc(16 * sizeof(zs_rstr));
		ZS_CHECK(spare_strs.strs != NULL);
		spare_strs.cap = 16;
	}
	memset(spare_strs.strs, 0xA5, spare_strs.cap * sizeof(zs_rstr));
	zs_reader_adopt_strs(r, &spare_strs);
	strs_adopted += spare_strs.cap == 0;
	ZS_CHECK(spare_strs.cap == 0 && spare_strs.strs == NULL && r->strs_cap >= 16);
}

static void same_events(const unsigned char *b, size_t n, uint32_t max_depth)
{
	zs_reader r1, r2, r3;
	zs_event e1, e2, e3;
	bool ok1, ok2, ok3;
	uint32_t i, seen1 = 0, seen2 = 0, seen3 = 0;
	// the tables built into the readers are not cleared by zs_reader_init() either
	memset(&r1, 0xA5, sizeof(r1));
	memset(&r2, 0xA5, sizeof(r2));
	memset(&r3, 0xA5, sizeof(r3));
	zs_reader_init(&r1, b, n, &poison_alloc, max_depth);
	zs_reader_init(&r2, b, n, &poison_alloc, max_depth);
	zs_reader_init(&r3, b, n, &poison_alloc, max_depth);
	zs_reader_use_memo(&r3, &memo);
	ok1 = zs_reader_header(&r1);
	ok2 = zs_reader_header(&r2);
	ok3 = zs_reader_header(&r3);
	if (ok3) {
		adopt_poisoned(&r3);
	}
	adopt_poisoned_strs(&r3);
	while (ok1 && ok2 && ok3 && !zs_reader_done(&r1) && !zs_reader_done(&r2)) {
		memset(&e1, 0, sizeof(e1));
		memset(&e2, 0, sizeof(e2));
		memset(&e3, 0, sizeof(e3));
		ok1 = zs_reader_next(&r1, &e1);
		ok2 = zs_reader_next_fast(&r2, &e2);
		ok3 = zs_reader_next(&r3, &e3);
		user_words(&r1, &seen1);
		user_words(&r2, &seen2);
		user_words(&r3, &seen3);
		if (ok1 && ok3) {
			ZS_CHECK(e1.type == e3.type && e1.i == e3.i && e1.slot == e3.slot);
			ZS_CHECK(e1.has_key == e3.has_key && e1.key.i == e3.key.i);
			ZS_CHECK(same_key(&r1, &e1, &r3, &e3) && e1.len == e3.len && e1.pos == e3.pos);
			ZS_CHECK(e1.count == e3.count && e1.shape == e3.shape && e1.cls == e3.cls);
			ZS_CHECK(e1.index == e3.index && e1.str == e3.str && e1.target == e3.target);
			ZS_CHECK(r1.nstrs == r3.nstrs && r1.nkeys == r3.nkeys && r1.nshapes == r3.nshapes);
		}
		if (ok1 && ok2) {
			ZS_CHECK(e1.type == e2.type && e1.i == e2.i && e1.slot == e2.slot);
			ZS_CHECK(e1.has_key == e2.has_key && e1.key.i == e2.key.i);
			ZS_CHECK(e1.key.str == e2.key.str && e1.len == e2.len && e1.pos == e2.pos);
			if (e1.type == ZS_EV_LIST || e1.type == ZS_EV_MAP || e1.type == ZS_EV_OBJECT) {
				ZS_CHECK(e1.count == e2.count && e1.shape == e2.shape && e1.cls == e2.cls);
			}
			if (e1.type == ZS_EV_BACKREF_OBJ || e1.type == ZS_EV_BACKREF_REF) {
				ZS_CHECK(e1.target == e2.target);
			}
			if (e1.type == ZS_EV_STRING) {
				ZS_CHECK(e1.index == e2.index && (e1.len == 0 || e1.str == e2.str));
			}
			ZS_CHECK(r1.depth == r2.depth && r1.level == r2.level && r1.nslots == r2.nslots);
		}
	}
	ZS_CHECK(ok1 == ok2 && r1.err == r2.err && r1.err_pos == r2.err_pos);
	ZS_CHECK(ok1 == ok3 && r1.err == r3.err && r1.err_pos == r3.err_pos);
	for (i = 0; ok3 && i < r3.nshapes; i++) {
		memo_shapes += r3.shapes[i].memo != 0;
	}
	zs_reader_free(&r1);
	zs_reader_free(&r2);
	zs_reader_yield_slots(&r3, &spare, 1024);
	zs_reader_yield_strs(&r3, &spare_strs, 1024);
	ZS_CHECK(spare_strs.cap >= 16 && r3.strs == NULL);
	zs_reader_free(&r3);
}

// Shapes used again and nested lists, cut at every length and read under every small depth
// limit: the inline container paths of zs_reader_next_fast() match zs_reader_next().
static void test_fast_containers(void)
{
	static const unsigned char body[] = {0x94, 0xD0, 0x01, 0x41, 'a',  0x41, 'b',  0x01, 0x92,
	                                     0x90, 0x91, 0x05, 0xA0, 0x02, 0xC0, 0xA0, 0x90, 0x93,
	                                     0xA0, 0x91, 0x07, 0x06, 0x03, 0x04, 0xC1};
	unsigned char b[64];
	size_t n, len;
	uint32_t depth;

	len = (size_t)(zs_wire_put_header(b, false) - b);
	memcpy(b + len, body, sizeof(body));
	len += sizeof(body);
	for (n = 2; n <= len; n++) {
		for (depth = 0; depth <= 4; depth++) {
			same_events(b, n, depth);
		}
	}
	ZS_CHECK(zs_wire_validate(b, len, &zs_alloc_libc, 0, NULL, NULL));
	b[1] |= ZS_WIRE_FLAG_REFS;
	for (depth = 0; depth <= 4; depth++) {
		same_events(b, len, depth);
	}
	// a shape index one past the table, and an object-free array shape reused at depth
	b[2 + 18] = 0xA1;
	same_events(b, len, 0);
}

// zs_wire_validate() (zs_reader_step() inline) reaches zs_reader_next()'s verdict, error and
// offset.
static void same_verdict(const unsigned char *b, size_t n, uint32_t max_depth)
{
	zs_reader r;
	zs_event e;
	zs_wire_error err = ZS_WE_NONE;
	size_t pos = 0;
	bool ok, v;
	zs_reader_init(&r, b, n, &zs_alloc_libc, max_depth);
	ok = zs_reader_header(&r);
	while (ok && !zs_reader_done(&r)) {
		ok = zs_reader_next(&r, &e);
	}
	ok = ok && zs_reader_finish(&r);
	v = zs_wire_validate(b, n, &zs_alloc_libc, max_depth, &err, &pos);
	ZS_CHECK(ok == v && (ok || (err == r.err && pos == r.err_pos)));
	zs_reader_free(&r);
}

// A graph (objects of one class by shape, back-references to objects and a & reference,
// array shapes reused) cut at every length, with every byte flipped, under small depth
// limits: objects and back-references read inline match zs_reader_next().
static void test_fast_objects(void)
{
	static const unsigned char graph[] = {
	        0x5A, 0x81, 0x97, 0xD1, 0x41, 0x4E, 0x03, 0x41, 0x70, 0x41, 0x6B, 0x41,
	        0x77, 0xC0, 0x92, 0xA0, 0xD6, 0x01, 0x90, 0x05, 0xD6, 0x01, 0x00, 0xD6,
	        0x04, 0xA0, 0xC0, 0x90, 0x00, 0xD7, 0x07, 0xD0, 0x01, 0x41, 0x71, 0x41,
	        0x72, 0x01, 0xD6, 0x01, 0xA1, 0x02, 0xD6, 0x04, 0xA1, 0x03, 0xC0};
	unsigned char b[sizeof(graph)];
	size_t n, i;
	uint32_t depth;
	unsigned bit;

	ZS_CHECK(zs_wire_validate(graph, sizeof(graph), &zs_alloc_libc, 0, NULL, NULL));
	for (n = 2; n <= sizeof(graph); n++) {
		for (depth = 0; depth <= 4; depth++) {
			same_events(graph, n, depth);
			same_verdict(graph, n, depth);
		}
	}
	for (i = 1; i < sizeof(graph); i++) {
		for (bit = 0; bit < 8; bit++) {
			memcpy(b, graph, sizeof(graph));
			b[i] ^= (unsigned char)(1u << bit);
			same_events(b, sizeof(b), 0);
			same_events(b, sizeof(b), 2);
			same_verdict(b, sizeof(b), 0);
			same_verdict(b, sizeof(b), 2);
		}
	}
}

// Reads x to its end with the shared memo; returns the error (ZS_WE_NONE on success) and the
// memo value of shape `shape` in *memo_of (0 when there is no such shape).
static zs_wire_error read_with_memo(const blob *x, uint32_t shape, uint32_t *memo_of)
{
	zs_reader r;
	zs_event ev;
	bool ok;
	zs_wire_error e;
	zs_reader_init(&r, x->b, x->n, &zs_alloc_libc, 0);
	zs_reader_use_memo(&r, &memo);
	ok = zs_reader_header(&r);
	while (ok && !zs_reader_done(&r)) {
		ok = zs_reader_next(&r, &ev);
	}
	ok = ok && zs_reader_finish(&r);
	e = ok ? ZS_WE_NONE : r.err;
	*memo_of = shape < r.nshapes ? r.shapes[shape].memo : 0;
	zs_reader_free(&r);
	return e;
}

// The shape memo: a definition is remembered and taken again, not refilled while a reader
// that took it is open, kept apart by kind (a key an object may have, an array may not), and
// never holds a definition with a string back-reference.
static void test_memo(void)
{
	blob x, y;
	zs_reader r;
	zs_event ev;
	uint32_t m1, m2, slot;
	uint64_t stamp;
	const zs_memo_entry *e;

	// ['alpha' => 1, 'beta' => 2]
	hdr(&x);
	x.n = (size_t)(zs_wire_put_map(x.b + x.n, 2) - x.b);
	put_str(&x, "alpha");
	put_str(&x, "beta");
	put_int(&x, 1);
	put_int(&x, 2);
	ZS_CHECK(read_with_memo(&x, 0, &m1) == ZS_WE_NONE && m1 != 0);
	slot = m1 - 1;
	stamp = memo.slots[slot]->stamp;
	ZS_CHECK(read_with_memo(&x, 0, &m2) == ZS_WE_NONE && m2 == m1);
	ZS_CHECK(memo.slots[slot]->stamp == stamp); // taken, not put again
	// while a reader that took it is open, the entry is pinned
	zs_reader_init(&r, x.b, x.n, &zs_alloc_libc, 0);
	zs_reader_use_memo(&r, &memo);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && ev.type == ZS_EV_MAP);
	ZS_CHECK(r.shapes[0].memo == m1 && !zs_shape_memo_free_slot(&memo, slot));
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.key.is_str && ev.key.str == 0);
	// no consumer data yet: the keys' string entries start empty
	ZS_CHECK(*zs_reader_str_user(&r, 0) == NULL && *zs_reader_str_user(&r, 1) == NULL);
	zs_reader_free(&r);
	// the consumer's data of each string key starts the string entries of a reader taking
	// the definition, in key order
	memo.slots[slot]->strs[0].user = &user_mark;
	memo.slots[slot]->strs[1].user = &memo;
	zs_reader_init(&r, x.b, x.n, &zs_alloc_libc, 0);
	zs_reader_use_memo(&r, &memo);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && ev.type == ZS_EV_MAP);
	ZS_CHECK(r.nstrs == 2 && *zs_reader_str_user(&r, 0) == &user_mark &&
	         *zs_reader_str_user(&r, 1) == (void *)&memo);
	zs_reader_free(&r);
	// filling the entry again (with any definition) drops the consumer's data
	{
		zs_memo_entry copy = *memo.slots[slot];
		zs_memo_key mk[2];
		uint32_t j;
		for (j = 0; j < copy.count; j++) {
			uint32_t s = copy.keys[j].str;
			mk[j].i = copy.keys[j].i;
			mk[j].is_str = copy.keys[j].is_str;
			mk[j].off = s == ZS_WIRE_NO_INDEX ? 0 : copy.strs[s].off;
			mk[j].len = s == ZS_WIRE_NO_INDEX ? 0 : copy.strs[s].len;
		}
		ZS_CHECK(copy.count == 2);
		ZS_CHECK(zs_shape_memo_put(&memo, slot, memo.gen, false, copy.bytes, copy.len, mk,
		                           copy.count));
		ZS_CHECK(memo.slots[slot]->strs[0].user == NULL && memo.slots[slot]->strs[1].user == NULL);
		ZS_CHECK(memo.slots[slot]->stamp != stamp);
		// refilled from the same description, it holds the same keys
		ZS_CHECK(memo.slots[slot]->nstr == 2);
		for (j = 0; j < copy.count; j++) {
			const zs_key *k = &memo.slots[slot]->keys[j];
			ZS_CHECK(k->i == copy.keys[j].i && k->is_str == copy.keys[j].is_str &&
			         k->str == copy.keys[j].str && k->str == j &&
			         memo.slots[slot]->strs[j].off == copy.strs[j].off &&
			         memo.slots[slot]->strs[j].len == copy.strs[j].len);
		}
	}
	// a later reader may refill it
	zs_reader_init(&r, x.b, 2, &zs_alloc_libc, 0);
	zs_reader_use_memo(&r, &memo);
	ZS_CHECK(zs_shape_memo_free_slot(&memo, slot));
	zs_reader_free(&r);

	// an object may have the key "7", an array may not: the same bytes in both kinds
	hdr(&x);
	tag(&x, ZS_T_OBJECT);
	put_str(&x, "Foo");
	varint(&x, 2);
	put_str(&x, "7");
	put_str(&x, "zz");
	put_int(&x, 1);
	put_int(&x, 2);
	ZS_CHECK(read_with_memo(&x, 0, &m1) == ZS_WE_NONE && m1 != 0);
	hdr(&y);
	y.n = (size_t)(zs_wire_put_map(y.b + y.n, 2) - y.b);
	put_str(&y, "7");
	put_str(&y, "zz");
	put_int(&y, 1);
	put_int(&y, 2);
	ZS_CHECK(read_with_memo(&y, 0, &m2) == ZS_WE_NUMERIC_KEY && m2 == 0);
	ZS_CHECK(check(&y, NULL) == ZS_WE_NUMERIC_KEY);

	// [ 'name' => 'x', [ 'name' => 1, 'more' => 2 ] ]: the inner map's first key refers back
	hdr(&x);
	x.n = (size_t)(zs_wire_put_map(x.b + x.n, 2) - x.b);
	put_str(&x, "name");
	put_str(&x, "list");
	put_str(&x, "x");
	x.n = (size_t)(zs_wire_put_map(x.b + x.n, 2) - x.b);
	x.n = (size_t)(zs_wire_put_sref(x.b + x.n, 0) - x.b);
	put_str(&x, "more");
	put_int(&x, 1);
	put_int(&x, 2);
	ZS_CHECK(read_with_memo(&x, 0, &m1) == ZS_WE_NONE && m1 != 0);
	ZS_CHECK(read_with_memo(&x, 1, &m2) == ZS_WE_NONE && m2 == 0);
	// the same bytes again: the outer definition is taken, its strings are where they were
	zs_reader_init(&r, x.b, x.n, &zs_alloc_libc, 0);
	zs_reader_use_memo(&r, &memo);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && r.shapes[0].memo == m1);
	ZS_CHECK(r.nstrs == 2 && r.strs[0].off == 5 && r.strs[0].len == 4 && r.strs[1].off == 10);
	zs_reader_free(&r);
	e = memo.slots[m1 - 1];
	ZS_CHECK(e && e->count == 2 && e->nstr == 2 && e->len == 10 && !e->is_obj);
}

// Random byte strings after a valid header: the reader always terminates.
static void test_random(void)
{
	unsigned s = 12345;
	int n;
	for (n = 0; n < 200000; n++) {
		blob x;
		size_t i, len;
		s = s * 1103515245u + 12345u;
		len = 2 + (s >> 16) % 24;
		hdr(&x);
		for (i = 2; i < len; i++) {
			s = s * 1103515245u + 12345u;
			x.b[i] = (unsigned char)(s >> 16);
		}
		x.n = len;
		(void)check(&x, NULL);
		// the same bytes inside a list, with and without the reference flag
		memmove(x.b + 3, x.b + 2, len - 2);
		x.b[2] = 0x9F;
		x.b[1] = (unsigned char)(ZS_WIRE_VERSION | (n & 1 ? ZS_WIRE_FLAG_REFS : 0));
		same_events(x.b, len + 1, 0);
		// a low depth limit: containers opened inline must fail exactly where the reader does
		same_events(x.b, len + 1, 1 + (uint32_t)(n % 3));
		same_verdict(x.b, len + 1, 1 + (uint32_t)(n % 3));
	}
	ZS_CHECK(1);
}

// A map of `n` keys, or with `object` an object of class "X", key j from key_at(j), values
// 0: written to big[].
static unsigned char big[1 << 20];

static size_t big_container(bool object, size_t n,
                            void (*key_at)(size_t j, char *k, int64_t *iv, int *is_int))
{
	unsigned char *p = zs_wire_put_header(big, false);
	size_t j;

	if (object) {
		*p++ = ZS_T_OBJECT;
		p = zs_wire_put_str_header(p, 1);
		*p++ = 'X';
		p = zs_wire_put_varint(p, n);
	} else {
		*p++ = ZS_T_MAP;
		p = zs_wire_put_varint(p, n - 1);
	}
	for (j = 0; j < n; j++) {
		char k[64];
		int64_t iv = 0;
		int is_int = 0;
		key_at(j, k, &iv, &is_int);
		if (is_int) {
			p = zs_wire_put_int(p, iv);
		} else {
			size_t len = strlen(k);
			p = zs_wire_put_str_header(p, len);
			memcpy(p, k, len);
			p += len;
		}
	}
	for (j = 0; j < n; j++) {
		p = zs_wire_put_int(p, 0);
	}
	return (size_t)(p - big);
}

static size_t big_map(size_t n, void (*key_at)(size_t j, char *k, int64_t *iv, int *is_int))
{
	return big_container(false, n, key_at);
}

static zs_wire_error check_big(size_t n)
{
	zs_wire_error e;
	size_t pos;
	return zs_wire_validate(big, n, &zs_alloc_libc, 0, &e, &pos) ? ZS_WE_NONE : e;
}

// Every seventh key an integer (far apart, both signs); the others strings of each length
// from 0 to 40 that differ from one another in one byte only, at each place in turn, so the
// hash must depend on every byte.
static size_t dup_twin; // when nonzero, key dup_twin repeats key dup_twin / 2
static void near_keys(size_t j, char *k, int64_t *iv, int *is_int)
{
	size_t t, len, i;
	if (dup_twin && j == dup_twin) {
		j = dup_twin / 2;
	}
	if (j % 7 == 6) {
		*is_int = 1;
		*iv = (int64_t)j * 1000003 * (j % 2 ? 1 : -1);
		return;
	}
	t = j - j / 7; // the t-th string key: "", then 20 letters at each place of length 1, 2, ...
	for (len = 0; len < 40 && t >= (len ? 20 * len : 1); len++) {
		t -= len ? 20 * len : 1;
	}
	for (i = 0; i < len; i++) {
		k[i] = 'a';
	}
	if (len) {
		k[t / 20] = (char)('b' + t % 20);
	}
	k[len] = '\0';
}

// Key j of an object: the integer j * 7 when j is even, else the name of the digits of
// j * 7 + 1 (no two the same); when name_twin is nonzero, key name_twin is the name of key
// name_twin - 1's integer.
static size_t name_twin;
static void numeric_names(size_t j, char *k, int64_t *iv, int *is_int)
{
	if (j % 2 == 0) {
		*is_int = 1;
		*iv = (int64_t)j * 7;
	} else {
		snprintf(k, 64, "%zu", j == name_twin ? (j - 1) * 7 : j * 7 + 1);
	}
}

static size_t big_object(size_t n, size_t twin)
{
	name_twin = twin;
	return big_container(true, n, numeric_names);
}

// Property names (FORMAT.md §8.1): an object's integer key k and the name of k's digits are
// one property, so a shape holding both is a duplicate key, reported at the definition. Maps
// refuse such names outright; names that are no integer's digits stay apart.
static void test_object_numeric_names(void)
{
	static const struct {
		const char *keys;
		size_t len;
		zs_wire_error want;
	} cases[] = {
	        {"\x05\x41"
	         "5",
	         3, ZS_WE_DUP_KEY}, // 5, "5"
	        {"\x41"
	         "5\x05",
	         3, ZS_WE_DUP_KEY},               // "5", 5
	        {"\xFF\x42-1", 4, ZS_WE_DUP_KEY}, // -1, "-1"
	        {"\x00\x41"
	         "0",
	         3, ZS_WE_DUP_KEY}, // 0, "0"
	        {"\x05\x42"
	         "05",
	         4, ZS_WE_NONE}, // 5, "05"
	        {"\x05\x42-0\x41"
	         "0",
	         6, ZS_WE_NONE}, // 5, "-0", "0"
	        {"\x41"
	         "5\x41"
	         "6",
	         4, ZS_WE_NONE}, // "5", "6"
	        {"\x05\x41"
	         "6\x41x",
	         5, ZS_WE_NONE}, // 5, "6", "x"
	        {"\x05\x41"
	         "6\x41"
	         "7\x07",
	         6, ZS_WE_DUP_KEY}, // 5, "6", "7", 7
	};
	size_t i, pos, n;
	blob x;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t count = 0, k;
		for (k = 0; k < cases[i].len; k++) {
			unsigned char t = (unsigned char)cases[i].keys[k];
			count++;
			if (t >= ZS_T_FIXSTR && t < ZS_T_FIXSREF) {
				k += t - ZS_T_FIXSTR;
			}
		}
		hdr(&x);
		raw(&x, "\xD1\x41X", 3);
		varint(&x, count);
		raw(&x, cases[i].keys, cases[i].len);
		for (k = 0; k < count; k++) {
			put_int(&x, 1);
		}
		pos = 0;
		ZS_CHECK(check(&x, &pos) == cases[i].want);
		ZS_CHECK(cases[i].want == ZS_WE_NONE || pos == 2);
	}
	// the extremes of the range: INT64_MIN and its digits
	hdr(&x);
	raw(&x, "\xD1\x41X\x02", 4);
	put_int(&x, INT64_MIN);
	put_str(&x, "-9223372036854775808");
	put_int(&x, 1);
	put_int(&x, 2);
	ZS_CHECK(check(&x, NULL) == ZS_WE_DUP_KEY);
	x.b[x.n - 3] = '9'; // "-9223372036854775809": out of range, a plain name
	ZS_CHECK(check(&x, NULL) == ZS_WE_NONE);
	// large shapes (past the stack table), the pair at each end and in the middle
	n = big_object(20000, 0);
	ZS_CHECK(check_big(n) == ZS_WE_NONE);
	ZS_CHECK(check_big(big_object(20000, 1)) == ZS_WE_DUP_KEY);
	ZS_CHECK(check_big(big_object(20000, 10001)) == ZS_WE_DUP_KEY);
	ZS_CHECK(check_big(big_object(20000, 19999)) == ZS_WE_DUP_KEY);
	ZS_CHECK(check_big(big_object(17, 15)) == ZS_WE_DUP_KEY);
	ZS_CHECK(check_big(big_object(17, 0)) == ZS_WE_NONE);
}

static void test_large_map_duplicates(void)
{
	size_t n = 14000; // 12,000 string keys: lengths 0 to 34
	dup_twin = 0;
	ZS_CHECK(check_big(big_map(n, near_keys)) == ZS_WE_NONE);
	for (dup_twin = 17; dup_twin < n; dup_twin = dup_twin * 3 + 1) {
		ZS_CHECK(check_big(big_map(n, near_keys)) == ZS_WE_DUP_KEY);
	}
	dup_twin = 0;
}

// Keys chosen to meet in the duplicate set: integers whose hashes there (FORMAT.md does not
// fix them; zs_wire_read.c's key_hash()) share their low 32 bits, found by running that hash
// backwards. A set that probed on would take time quadratic in the number of keys; the
// reader falls back to sorting the keys, which takes n log n whatever they are.
static uint64_t unmix64(uint64_t h)
{
	uint64_t m = 0xD6E8FEB86659FD93u, inv = m;
	int i;
	for (i = 0; i < 6; i++) {
		inv *= 2 - m * inv; // Newton's iteration for the inverse modulo 2^64
	}
	h ^= h >> 32;
	h *= inv;
	h ^= h >> 32;
	return h;
}

static size_t colliding_twin; // when nonzero, key colliding_twin repeats key colliding_twin / 3
static void colliding_keys(size_t j, char *k, int64_t *iv, int *is_int)
{
	(void)k;
	if (colliding_twin && j == colliding_twin) {
		j = colliding_twin / 3;
	}
	*is_int = 1;
	*iv = (int64_t)(unmix64((uint64_t)(j + 1) << 32) ^ 0x9E3779B97F4A7C15u);
}

// Every other key from colliding_keys(), enough to make the set give way; the others
// strings, the first of them "", so the sort compares strings, integers and both.
static size_t mixed_twin; // when nonzero, key mixed_twin (odd) repeats key mixed_twin / 4 * 2 + 1
static void mixed_keys(size_t j, char *k, int64_t *iv, int *is_int)
{
	if (j % 2 == 0) {
		colliding_keys(j, k, iv, is_int);
		return;
	}
	if (mixed_twin && j == mixed_twin) {
		j = mixed_twin / 4 * 2 + 1;
	}
	if (j == 1) {
		k[0] = '\0';
	} else {
		snprintf(k, 64, "k%zu", j);
	}
}

static void id_keys(size_t j, char *k, int64_t *iv, int *is_int)
{
	(void)k;
	*is_int = 1;
	*iv = (int64_t)j + 1;
}

static void test_colliding_keys(void)
{
	size_t n = 60000;
	zs_wire_error e;
	size_t pos, len;
	zs_reader r;
	zs_event ev;
	uint32_t sorts;

	colliding_twin = 0;
	len = big_map(n, colliding_keys);
	zs_reader_init(&r, big, len, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && ev.type == ZS_EV_MAP &&
	         ev.count == n);
	sorts = r.dup_sorts;
	zs_reader_free(&r);
	ZS_CHECK(sorts == 1);
	ZS_CHECK(zs_wire_validate(big, len, &zs_alloc_libc, 0, &e, &pos));
	for (colliding_twin = 5; colliding_twin < n; colliding_twin = colliding_twin * 4 + 3) {
		ZS_CHECK(check_big(big_map(n, colliding_keys)) == ZS_WE_DUP_KEY);
	}
	colliding_twin = 0;
	mixed_twin = 0;
	len = big_map(n, mixed_keys);
	zs_reader_init(&r, big, len, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && ev.count == n);
	ZS_CHECK(r.dup_sorts == 1);
	zs_reader_free(&r);
	for (mixed_twin = 3; mixed_twin < n; mixed_twin = mixed_twin * 5 + 2) {
		ZS_CHECK(check_big(big_map(n, mixed_keys)) == ZS_WE_DUP_KEY); // "" again at 3
	}
	mixed_twin = 0;
	// ordinary keys stay in the set: the 14,000 mixed keys above, and ids 1 to 60,000
	len = big_map(14000, near_keys);
	zs_reader_init(&r, big, len, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && ev.type == ZS_EV_MAP);
	ZS_CHECK(r.dup_sorts == 0);
	zs_reader_free(&r);
	len = big_map(n, id_keys);
	zs_reader_init(&r, big, len, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && ev.count == n);
	ZS_CHECK(r.dup_sorts == 0);
	zs_reader_free(&r);
}

// Nested blobs and OBJECT_BLOB_SLOTS (FORMAT.md §2, §8.3): the base in the header, slots of the
// outer blob and reserved slots taken by back-references, and the reader's checks.
static zs_wire_error check_bytes(const char *b, size_t n, size_t *pos)
{
	blob x;
	x.n = 0;
	raw(&x, b, n);
	return check(&x, pos);
}

static void test_nested(void)
{
	static const char nested_refs[] = "Z\xC1\x04\x93\xD6\x02\xD7\x00\xD6\x06";
	static const char outer[] = "Z\x81\x94\xD8\x41"
	                            "A\x01\x03xyz\xD6\x02\x07\xD7\x04";
	zs_reader r;
	zs_event ev;
	unsigned char b[32];
	size_t pos = 0, n, i;
	int v;

	// a nested blob alone: its value takes slot base + 1
	zs_reader_init(&r, "Z\x41\x04\xC0", 4, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r) && r.nested && r.base == 5 && r.nslots == 5);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.slot == 6 && zs_reader_finish(&r));
	zs_reader_free(&r);
	ZS_CHECK(zs_wire_put_nested_header(b, true, 5) - b == 3 && memcmp(b, "Z\xC1\x04", 3) == 0);
	// header errors: the version is bits 0-5, the base a canonical varint within the slot limit
	ZS_CHECK(check_bytes("Z\x61\xC0", 3, &pos) == ZS_WE_VERSION && pos == 1);
	ZS_CHECK(check_bytes("Z\x41", 2, &pos) == ZS_WE_TRUNCATED && pos == 2);
	ZS_CHECK(check_bytes("Z\x41\x80\x00\xC0", 5, &pos) == ZS_WE_VARINT && pos == 2);
	ZS_CHECK(check_bytes("Z\x41\xFE\xFF\xFF\xFF\x0F\xC0", 8, &pos) == ZS_WE_LIMIT && pos == 2);
	ZS_CHECK(check_bytes("Z\x41\xFD\xFF\xFF\xFF\x0F\xC0", 8, NULL) == ZS_WE_LIMIT);
	ZS_CHECK(check_bytes("Z\x41\xFC\xFF\xFF\xFF\x0F\xC0", 8, NULL) == ZS_WE_NONE);
	// back-references to the outer blob's slots (any kind) and to its own (checked)
	ZS_CHECK(check_bytes(nested_refs, sizeof(nested_refs) - 1, NULL) == ZS_WE_NONE);
	ZS_CHECK(check_bytes("Z\xC1\x04\x92\x01\xD6\x06", 7, &pos) == ZS_WE_BACKREF_TYPE && pos == 5);
	ZS_CHECK(check_bytes("Z\xC1\x04\x92\x01\xD6\x07", 7, &pos) == ZS_WE_BACKREF && pos == 5);
	ZS_CHECK(check_bytes("Z\xC1\x04\x91\xD7\x06", 6, &pos) == ZS_WE_BACKREF && pos == 4);
	ZS_CHECK(check_bytes("Z\x41\x04\x91\xD7\x00", 6, &pos) == ZS_WE_REF_FLAG && pos == 4);
	// a large base costs no table: slot_obj holds only the blob's own slots
	n = (size_t)(zs_wire_put_nested_header(b, true, 0x7FFFFFFF) - b);
	memcpy(b + n, "\x91\xD6\x00", 3);
	zs_reader_init(&r, b, n + 3, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r));
	while (!zs_reader_done(&r) && zs_reader_next(&r, &ev)) {
	}
	ZS_CHECK(zs_reader_finish(&r) && r.slots_cap < 64);
	zs_reader_free(&r);

	// OBJECT_BLOB_SLOTS: the object's slot 2, then 3 and 4 reserved; the int takes slot 5
	ZS_CHECK(check_bytes(outer, sizeof(outer) - 1, NULL) == ZS_WE_NONE);
	zs_reader_init(&r, outer, sizeof(outer) - 1, &zs_alloc_libc, 0);
	ZS_CHECK(zs_reader_header(&r) && zs_reader_next(&r, &ev) && zs_reader_next(&r, &ev));
	ZS_CHECK(ev.type == ZS_EV_OBJECT_BLOB && ev.slot == 2 && ev.reserve == 2 && ev.len == 3);
	ZS_CHECK(r.nslots == 4 && zs_reader_next(&r, &ev) && ev.target == 3);
	ZS_CHECK(zs_reader_next(&r, &ev) && ev.slot == 6);
	zs_reader_free(&r);
	ZS_CHECK(check_bytes("Z\x81\x92\xD8\x41"
	                     "A\x01\x03xyz\xD6\x04",
	                     13, &pos) == ZS_WE_BACKREF &&
	         pos == 11);
	ZS_CHECK(check_bytes("Z\x01\xD8\x41"
	                     "A\x03\x03xyz",
	                     10, &pos) == ZS_WE_COUNT &&
	         pos == 2);
	ZS_CHECK(check_bytes("Z\x01\xD8\x41"
	                     "A\x02\x03xyz",
	                     10, NULL) == ZS_WE_NONE);
	ZS_CHECK(check_bytes("Z\x01\xD8\x41"
	                     "A\x02\x04xyz",
	                     10, &pos) == ZS_WE_TRUNCATED &&
	         pos == 2);
	// the reference flag may stand for the payload's nested blobs, with OBJECT_BLOB_SLOTS only
	ZS_CHECK(check_bytes("Z\x81\xD8\x41"
	                     "A\x00\x01x",
	                     8, NULL) == ZS_WE_NONE);
	ZS_CHECK(check_bytes("Z\x81\xD4\x41"
	                     "A\x01x",
	                     7, &pos) == ZS_WE_REF_FLAG &&
	         pos == 1);
	ZS_CHECK(check_bytes("Z\x01\x92\xD8\x41"
	                     "A\x00\x01x\xD6\x02",
	                     11, &pos) == ZS_WE_REF_FLAG);

	// cut at every length, every byte set to every value: the inline paths agree with
	// zs_reader_next() (a slot below the base leaves the inline path), and the reader returns
	for (n = 2; n < sizeof(outer); n++) {
		same_events((const unsigned char *)outer, n, 0);
		same_events((const unsigned char *)nested_refs, n < sizeof(nested_refs) ? n : 2, 0);
	}
	for (i = 0; i < sizeof(outer) - 1; i++) {
		for (v = 0; v < 256; v++) {
			memcpy(b, outer, sizeof(outer) - 1);
			b[i] = (unsigned char)v;
			same_events(b, sizeof(outer) - 1, 0);
			same_verdict(b, sizeof(outer) - 1, 2);
			if (i < sizeof(nested_refs) - 1) {
				memcpy(b, nested_refs, sizeof(nested_refs) - 1);
				b[i] = (unsigned char)v;
				same_events(b, sizeof(nested_refs) - 1, 0);
				same_verdict(b, sizeof(nested_refs) - 1, 1);
			}
		}
	}
}

int main(void)
{
	zs_shape_memo_init(&memo, &zs_alloc_libc);
	test_ints();
	test_int_canon();
	test_floats();
	test_strings();
	test_varints();
	test_maps_and_shapes();
	test_fast_objects();
	test_objects();
	test_header_and_limits();
	test_int_keys();
	test_fast_containers();
	test_random();
	test_memo();
	test_large_map_duplicates();
	test_object_numeric_names();
	test_colliding_keys();
	test_nested();
	ZS_CHECK(memo_shapes > 0);
	// readers with the reference flag took tables an earlier one grew
	ZS_CHECK(spare_adopted > 1000);
	// every reader with the memo took a poisoned string table and handed it on
	ZS_CHECK(strs_adopted > 100000);
	free(spare_strs.strs);
	if (spare.cap) {
		free(spare.obj);
		free(spare.end);
		free(spare.height);
	}
	zs_shape_memo_clear(&memo);
	return zs_test_done("test_wire");
}
