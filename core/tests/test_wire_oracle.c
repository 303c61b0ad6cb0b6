// zser — SPDX-License-Identifier: MIT
//
// The reader's fast paths (zs_reader_step(), zs_reader_step_map(), zs_reader_next_fast())
// against zs_reader_next(), event by event (zs_wire_oracle.h), in each of the ways the PHP
// decoder drives them: on the shared test vectors (blobs zser_serialize() wrote, tests/vectors/),
// each cut at every length and with every byte changed; on generated blobs deeper and wider
// than the reader's built-in tables; and on random bytes inside a list. Run from the top of
// the repository (the unit stage does).
#include "zs_test.h"
#include "zs_wire_oracle.h"
#include "zs_wire_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static zs_shape_memo memo;
static unsigned long compared, events;

static void same(const unsigned char *b, size_t n, uint32_t max_depth, unsigned mode, uint32_t seed,
                 bool with_memo, const char *name)
{
	zs_oracle_diff d;
	bool ok = zs_oracle_compare(b, n, max_depth, mode, seed, with_memo ? &memo : NULL,
	                            &zs_alloc_libc, &d);
	compared++;
	events += d.events;
	ZS_CHECK(ok);
	if (!ok) {
		fprintf(stderr, "  %s: %zu bytes, depth %u, mode %u, seed %u%s: %s at event %zu\n", name, n,
		        max_depth, mode, seed, with_memo ? ", memo" : "", d.what, d.event);
	}
}

// Every mode, under the depth limits that cut the vectors' containers.
static void all_modes(const unsigned char *b, size_t n, const char *name)
{
	static const uint32_t depths[] = {0, 1, 2, 3, 5};
	unsigned mode, i;
	for (mode = 0; mode < ZS_ORACLE_MODES; mode++) {
		for (i = 0; i < sizeof(depths) / sizeof(depths[0]); i++) {
			same(b, n, depths[i], mode, (uint32_t)n + i, false, name);
		}
		same(b, n, 0, mode, (uint32_t)n, true, name);
	}
}

// Cuts at every length, and each byte xor-ed with a few masks and set to a few tags (a
// container, null, a back-reference, a string reference), for one mixed mode and one fixed.
static void mutants(const unsigned char *v, size_t n, const char *name)
{
	static const unsigned char masks[] = {0x01, 0x10, 0x80, 0xFF};
	static const unsigned char tags[] = {0x90, 0x91, 0xA0, 0xC0, 0xD0, 0xD6, 0xD7, 0x60};
	unsigned char *b = malloc(n);
	size_t i, k, step = n > 4096 ? n / 512 : 1;

	if (!b) {
		ZS_CHECK(b != NULL);
		return;
	}
	for (i = 2; i < n; i += step) {
		same(v, i, 0, ZS_ORACLE_MIXED, (uint32_t)i, false, name);
		same(v, i, 2, ZS_ORACLE_STEP_MAP, 0, false, name);
	}
	for (i = 1; i < n; i += step) {
		for (k = 0; k < sizeof(masks) + sizeof(tags); k++) {
			memcpy(b, v, n);
			if (k < sizeof(masks)) {
				b[i] ^= masks[k];
			} else {
				b[i] = tags[k - sizeof(masks)];
			}
			same(b, n, 0, ZS_ORACLE_MIXED, (uint32_t)(i * 7 + k), false, name);
			same(b, n, 3, (unsigned)(i + k) % ZS_ORACLE_MIXED, 0, false, name);
		}
	}
	free(b);
}

static void test_vectors(void)
{
	char path[64];
	unsigned char *b;
	size_t n, cap = 1 << 20;
	int i, found = 0;
	FILE *fp;

	b = malloc(cap);
	ZS_CHECK(b != NULL);
	for (i = 0; b && i < 10000; i++) {
		snprintf(path, sizeof(path), "tests/vectors/%04d.zser", i);
		fp = fopen(path, "rb");
		if (!fp) {
			break;
		}
		n = fread(b, 1, cap, fp);
		fclose(fp);
		found++;
		all_modes(b, n, path);
		mutants(b, n, path);
	}
	// the vectors are part of the repository: none found is a failure, not a skip
	ZS_CHECK(found >= 100);
	free(b);
}

// Blobs deeper than the reader's built-in frame table and with more strings, keys and shapes
// than its built-in tables hold, so that the fast paths meet full tables and hand over.
// Level j: a map defining shape j, ["kj" => [[]], "sj" => [level j + 1, shape j again]], the
// reuse holding a string reference and a back-reference (or null).
static unsigned char *deep_level(unsigned char *p, unsigned j, unsigned levels, bool refs)
{
	char k[2][8];
	unsigned i;

	if (j == levels) {
		return zs_wire_put_int(p, 1000000);
	}
	snprintf(k[0], sizeof(k[0]), "k%u", j);
	snprintf(k[1], sizeof(k[1]), "s%u", j);
	p = zs_wire_put_map(p, 2);
	for (i = 0; i < 2; i++) {
		p = zs_wire_put_str_header(p, strlen(k[i]));
		memcpy(p, k[i], strlen(k[i]));
		p += strlen(k[i]);
	}
	p = zs_wire_put_list(p, 1);
	p = zs_wire_put_list(p, 0);
	p = zs_wire_put_list(p, 2);
	p = deep_level(p, j + 1, levels, refs);
	p = zs_wire_put_shape(p, j);
	p = zs_wire_put_sref(p, j);
	if (refs) {
		return zs_wire_put_backref(p, ZS_T_BACKREF_REF, 1);
	}
	return zs_wire_put_tag(p, ZS_T_NULL);
}

static size_t deep_blob(unsigned char *b, unsigned levels, bool refs)
{
	return (size_t)(deep_level(zs_wire_put_header(b, refs), 0, levels, refs) - b);
}

static void test_deep(void)
{
	static unsigned char b[1 << 16];
	unsigned levels;
	size_t n;
	for (levels = 1; levels <= 70; levels += 3) {
		n = deep_blob(b, levels, levels % 2 == 0);
		ZS_CHECK(zs_wire_validate(b, n, &zs_alloc_libc, 0, NULL, NULL));
		all_modes(b, n, "deep");
		if (levels < 20) {
			mutants(b, n, "deep");
		}
	}
}

// Random bytes inside a list, with and without the reference flag.
static void test_random(void)
{
	unsigned char b[64];
	unsigned s = 777;
	int n;
	for (n = 0; n < 100000; n++) {
		size_t i, len;
		s = s * 1103515245u + 12345u;
		len = 3 + (s >> 16) % 40;
		b[0] = ZS_WIRE_MAGIC;
		b[1] = (unsigned char)(ZS_WIRE_VERSION | (n & 1 ? ZS_WIRE_FLAG_REFS : 0));
		b[2] = 0x9F;
		for (i = 3; i < len; i++) {
			s = s * 1103515245u + 12345u;
			b[i] = (unsigned char)(s >> 16);
		}
		same(b, len, (uint32_t)(n % 4), (unsigned)n % ZS_ORACLE_MODES, s, n % 8 == 0, "random");
	}
}

int main(void)
{
	zs_shape_memo_init(&memo, &zs_alloc_libc);
	test_vectors();
	test_deep();
	test_random();
	zs_shape_memo_clear(&memo);
	printf("test_wire_oracle: %lu comparisons, %lu events\n", compared, events);
	return zs_test_done("test_wire_oracle");
}
