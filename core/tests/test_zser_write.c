// zser — SPDX-License-Identifier: MIT
//
// core/zs_zser_write: the worked example of FORMAT.md §15 byte for byte, object shapes (one
// per class and key sequence, apart from array shapes), enums, Serializable payloads, the
// OBJECT_DATA payload that takes no slot, back-references and the reference flag, and a failed
// allocation at every step (the writer fails cleanly and leaks nothing). Every blob written is
// also checked by the core's validating reader.
#include "zs_test.h"
#include "zs_wire_read.h"
#include "zs_zser_write.h"

#include <stdlib.h>
#include <string.h>

static bool valid(const zs_zwriter *w)
{
	zs_wire_error e;
	size_t pos;
	bool ok = zs_wire_validate(w->out.data, w->out.len, &zs_alloc_libc, 0, &e, &pos);
	if (!ok) {
		fprintf(stderr, "invalid blob: error %d at offset %zu\n", (int)e, pos);
	}
	return ok;
}

static zs_zw_key skey(const char *s)
{
	zs_zw_key k = {true, 0, (const unsigned char *)s, strlen(s)};
	return k;
}

static zs_zw_key ikey(int64_t i)
{
	zs_zw_key k = {false, i, NULL, 0};
	return k;
}

static bool same_bytes(const zs_zwriter *w, const char *want, size_t n)
{
	return w->out.len == n && memcmp(w->out.data, want, n) == 0;
}

#define S(lit) (const unsigned char *)(lit), sizeof(lit) - 1

// FORMAT.md §15.
static void worked_example(void)
{
	static const char want[] = "\x5A\x01\xD0\x02\x42id\x44tags\x44rows\x07\x92\x41\x61\x41\x62"
	                           "\x92\xD0\x01\x60\x61\x01\x90\xA1\xC4\x2C\x01\x91\x63";
	zs_zwriter w;
	zs_zw_key top[3], row[2];

	top[0] = skey("id");
	top[1] = skey("tags");
	top[2] = skey("rows");
	row[0] = skey("id");
	row[1] = skey("tags");
	zs_zw_init(&w, &zs_alloc_libc, 42);
	zs_zw_map(&w, top, 3);
	zs_zw_int(&w, 7);
	zs_zw_list(&w, 2);
	zs_zw_string(&w, S("a"));
	zs_zw_string(&w, S("b"));
	zs_zw_list(&w, 2);
	zs_zw_map(&w, row, 2);
	zs_zw_int(&w, 1);
	zs_zw_list(&w, 0);
	zs_zw_map(&w, row, 2);
	zs_zw_int(&w, 300);
	zs_zw_list(&w, 1);
	zs_zw_string(&w, S("a"));
	ZS_CHECK(zs_zw_finish(&w));
	ZS_CHECK(same_bytes(&w, want, sizeof(want) - 1));
	ZS_CHECK(zs_zw_slots(&w) == 13);
	ZS_CHECK(valid(&w));
	zs_zw_free(&w);
}

// Objects: (class, keys) shapes, distinct from the array shape of the same keys and from
// another class's; OBJECT_DATA's payload takes no slot; a back-reference sets the flag.
static void objects(void)
{
	static const char want[] = "\x5A\x81\x95"           // list of 5, with the reference flag
	                           "\xD1\x41P\x01\x41x\x01" // P {x: 1}: shape 0, slot 2
	                           "\xA0\x02"               // P {x: 2} by shape 0, slot 4
	                           "\xD0\x00\x61\x03"       // array [x => 3]: new shape 1
	                           "\xD3\x41Q\x91\x61"      // Q __serialize data ["x"]: payload no slot
	                           "\xD6\x01";              // the object of slot 2
	zs_zwriter w;
	zs_zw_key x = skey("x");

	zs_zw_init(&w, &zs_alloc_libc, 7);
	zs_zw_list(&w, 5);
	ZS_CHECK(zs_zw_slots(&w) == 1);
	zs_zw_object(&w, S("P"), &x, 1);
	zs_zw_int(&w, 1);
	zs_zw_object(&w, S("P"), &x, 1);
	zs_zw_int(&w, 2);
	zs_zw_map(&w, &x, 1);
	zs_zw_int(&w, 3);
	zs_zw_object_data(&w, S("Q"));
	zs_zw_list(&w, 1);
	ZS_CHECK(zs_zw_slots(&w) == 8); // list 1, P 2, 1 3, P 4, 2 5, map 6, 3 7, Q 8
	zs_zw_string(&w, S("x"));
	ZS_CHECK(zs_zw_slots(&w) == 9);
	zs_zw_backref_obj(&w, 2);
	ZS_CHECK(zs_zw_finish(&w));
	ZS_CHECK(same_bytes(&w, want, sizeof(want) - 1));
	ZS_CHECK(valid(&w));
	zs_zw_free(&w);
}

// Enums, Serializable payloads (not in the string table), & references (no slot), int keys.
static void others(void)
{
	static const char want[] = "\x5A\x81\x94"
	                           "\xD5\x44Suit\x41H"        // Suit::H, slot 2
	                           "\xD4\x41S\x03\x00\x01H"   // S with payload "\0\1H", slot 3
	                           "\xD0\x01\x05\xFF\xC0\x60" // [5 => null, -1 => "Suit"]
	                           "\xD7\x04";                // & to slot 5 (the null): varint slot - 1
	zs_zwriter w;
	zs_zw_key keys[2];

	keys[0] = ikey(5);
	keys[1] = ikey(-1);
	zs_zw_init(&w, &zs_alloc_libc, 1);
	zs_zw_list(&w, 4);
	zs_zw_enum(&w, S("Suit"), S("H"));
	zs_zw_object_blob(&w, S("S"), S("\0\1H"));
	zs_zw_map(&w, keys, 2);
	zs_zw_null(&w);
	zs_zw_string(&w, S("Suit"));
	ZS_CHECK(zs_zw_slots(&w) == 6);
	zs_zw_backref_ref(&w, 5);
	ZS_CHECK(zs_zw_slots(&w) == 6);
	ZS_CHECK(zs_zw_finish(&w));
	ZS_CHECK(same_bytes(&w, want, sizeof(want) - 1));
	ZS_CHECK(valid(&w));
	zs_zw_free(&w);
}

// An allocator that fails after `left` allocations.
typedef struct budget {
	int left;
	int live;
} budget;

static void *b_malloc(void *ctx, size_t n)
{
	budget *b = ctx;
	void *p;
	if (b->left-- <= 0 || !(p = malloc(n))) {
		return NULL;
	}
	b->live++;
	return p;
}

static void *b_realloc(void *ctx, void *p, size_t old_n, size_t n)
{
	budget *b = ctx;
	(void)old_n;
	if (b->left-- <= 0) {
		return NULL;
	}
	return realloc(p, n);
}

static void b_free(void *ctx, void *p)
{
	budget *b = ctx;
	b->live--;
	free(p);
}

static void out_of_memory(void)
{
	int n, failed = 0;
	for (n = 0; n < 64; n++) {
		budget b = {n, 0};
		zs_alloc a = {b_malloc, b_realloc, b_free, &b};
		zs_zwriter w;
		zs_zw_key k[2];
		int i;

		k[0] = skey("alpha");
		k[1] = skey("beta");
		zs_zw_init(&w, &a, 3);
		zs_zw_list(&w, 100);
		for (i = 0; i < 100; i++) {
			char s[16];
			int len = snprintf(s, sizeof(s), "s%d", i);
			zs_zw_object(&w, S("Cls"), k, 2);
			zs_zw_string(&w, (const unsigned char *)s, (size_t)len);
			zs_zw_int(&w, i);
		}
		if (!zs_zw_finish(&w)) {
			failed++;
		} else {
			ZS_CHECK(valid(&w));
		}
		zs_zw_free(&w);
		ZS_CHECK(b.live == 0);
	}
	ZS_CHECK(failed > 0 && failed < 64); // some budgets fail, the large ones succeed
}

int main(void)
{
	worked_example();
	objects();
	others();
	out_of_memory();
	return zs_test_done("test_zser_write");
}
