// zser — SPDX-License-Identifier: MIT
//
// The reader's memory bound (FORMAT.md §12): whatever a blob claims, the binary reader
// allocates at most ZS_WIRE_MEM_PER_BYTE bytes per input byte plus the container stack.
// Measured on the blobs that fill each of its tables fastest, valid and cut short, through
// both the event reader and the validate walker, with an allocator that counts a
// reallocation as the old and the new block alive at once (as a copying realloc() has them).
#include "zs_count_alloc.h"
#include "zs_test.h"
#include "zs_wire_read.h"
#include "zs_wire_write.h"

#include <stdlib.h>
#include <string.h>

// The bound §12 states, and its constant: the container stack of 4096 frames.
#define MEM_PER_BYTE 48
#define MEM_CONSTANT (4096 * sizeof(zs_rframe))

typedef struct {
	unsigned char *b;
	size_t n, cap;
} growbuf;

static unsigned char *room(growbuf *g, size_t n)
{
	if (g->n + n > g->cap) {
		g->cap = (g->n + n) * 2;
		g->b = realloc(g->b, g->cap);
		if (!g->b) {
			abort();
		}
	}
	return g->b + g->n;
}

static void put_end(growbuf *g, unsigned char *p)
{
	g->n = (size_t)(p - g->b);
}

static void put_list(growbuf *g, uint32_t count)
{
	put_end(g, zs_wire_put_list(room(g, 16), count));
}

static void put_map(growbuf *g, uint32_t count)
{
	put_end(g, zs_wire_put_map(room(g, 16), count));
}

static void put_int(growbuf *g, int64_t v)
{
	put_end(g, zs_wire_put_int(room(g, ZS_WIRE_PUT_MAX), v));
}

static void put_str(growbuf *g, const char *s, size_t len)
{
	unsigned char *p = zs_wire_put_str_header(room(g, 16 + len), len);
	memcpy(p, s, len);
	put_end(g, p + len);
}

// Peak bytes the reader holds while reading b[0..n) to its end or its first error, through
// zs_reader_next() (validate: false) or zs_wire_validate() (true).
static size_t peak_of(const unsigned char *b, size_t n, bool validate)
{
	zs_count c;
	zs_alloc a = zs_count_alloc(&c);
	if (validate) {
		(void)zs_wire_validate(b, n, &a, 0, NULL, NULL);
	} else {
		zs_reader r;
		zs_event e;
		bool ok;
		zs_reader_init(&r, b, n, &a, 0);
		ok = zs_reader_header(&r);
		while (ok && !zs_reader_done(&r)) {
			ok = zs_reader_next(&r, &e);
		}
		if (ok) {
			(void)zs_reader_finish(&r);
		}
		zs_reader_free(&r);
	}
	ZS_CHECK(c.live == 0);
	return c.peak;
}

static size_t worst_ratio_x100;

// The whole blob, and the blob cut at a few points (a reader stopped by `truncated input`
// has grown its tables as far as the bytes it read), keep within the bound; the whole blob
// must also be valid, or it would not fill the tables it is meant to.
static void within_bound(growbuf *g)
{
	size_t cuts[] = {g->n, g->n - 1, g->n / 2 + 1, g->n / 3 + 1};
	size_t i;
	ZS_CHECK(zs_wire_validate(g->b, g->n, &zs_alloc_libc, 0, NULL, NULL));
	for (i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
		size_t n = cuts[i], peak;
		int v;
		for (v = 0; v < 2; v++) {
			peak = peak_of(g->b, n, v == 1);
			ZS_CHECK(peak <= MEM_PER_BYTE * n + MEM_CONSTANT);
			if (n >= 4096 && peak * 100 / n > worst_ratio_x100) {
				worst_ratio_x100 = peak * 100 / n;
			}
		}
	}
	free(g->b);
	g->b = NULL;
	g->n = g->cap = 0;
}

static void header(growbuf *g)
{
	put_end(g, zs_wire_put_header(room(g, 2), false));
}

// Each one-byte string literal (2 bytes) is a string table entry.
static void test_short_strings(uint32_t n)
{
	growbuf g = {NULL, 0, 0};
	uint32_t i;
	header(&g);
	put_list(&g, n);
	for (i = 0; i < n; i++) {
		put_str(&g, "x", 1);
	}
	within_bound(&g);
}

// Key k of the families below.
typedef void (*key_writer)(growbuf *g, uint32_t k);

static void int_key(growbuf *g, uint32_t k)
{
	put_int(g, k);
}

// One byte of each string key: 0x80 and up, never a digit (FORMAT.md §7).
static void str_key(growbuf *g, uint32_t k)
{
	char s[2] = {(char)(0x80 + k % 128), (char)(k / 128)};
	put_str(g, s, k < 128 ? 1 : 2);
}

// A list of `maps` maps, each of the keys key(first..first+count-1) and zeros: as many key
// entries (and string entries, for string keys) per input byte as a map can define; with one
// large map, also the largest duplicate-key set.
static void test_maps(uint32_t maps, uint32_t first, uint32_t count, key_writer key)
{
	growbuf g = {NULL, 0, 0};
	uint32_t i, k;
	header(&g);
	put_list(&g, maps);
	for (i = 0; i < maps; i++) {
		put_map(&g, count);
		for (k = first; k < first + count; k++) {
			key(&g, k);
		}
		for (k = 0; k < count; k++) {
			put_int(&g, 0);
		}
	}
	within_bound(&g);
}

// 4096 nested one-element lists: the container stack, the constant of the bound.
static void test_deep(void)
{
	growbuf g = {NULL, 0, 0};
	uint32_t i;
	header(&g);
	for (i = 0; i < 4095; i++) {
		put_list(&g, 1);
	}
	put_int(&g, 0);
	within_bound(&g);
}

int main(void)
{
	uint32_t sizes[] = {5000, 100000};
	size_t i;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		uint32_t n = sizes[i];
		test_short_strings(n);
		/* one-key maps (4 bytes), each defining a shape: the reader does not look for shapes
		 * defined twice (§7); integer keys 1..63 in one byte each, 256 and up in three */
		test_maps(n, 1, 1, int_key);
		test_maps(n / 64, 1, 63, int_key);
		test_maps(1, 256, n < 65000 ? n : 65000, int_key);
		/* the 128 one-byte string keys again and again (each a literal: the reader does not
		 * look for repeated literals, §5), and one map of two-byte string keys */
		test_maps(n / 128, 0, 128, str_key);
		test_maps(1, 128, n < 128 * 127 ? n : 128 * 127, str_key);
	}
	test_deep();
	if (getenv("ZS_TEST_VERBOSE")) {
		printf("worst peak: %zu.%02zu bytes per input byte\n", worst_ratio_x100 / 100,
		       worst_ratio_x100 % 100);
	}
	return zs_test_done("test_wire_memory");
}
