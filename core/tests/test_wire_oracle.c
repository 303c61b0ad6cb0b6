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
		same(b, n, 0, mode | ZS_ORACLE_WIDE, (uint32_t)n, false, name);
		same(b, n, 3, mode | ZS_ORACLE_WIDE, (uint32_t)n, true, name);
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
		same(v, i, 0, ZS_ORACLE_MIXED | ZS_ORACLE_WIDE, (uint32_t)i, true, name);
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
			if (k % 4 == 0) {
				same(b, n, 0, ZS_ORACLE_STEP | ZS_ORACLE_WIDE, 0, k == 0, name);
			}
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

// One sized number (§4.1, §4.2): its tag, then n payload bytes of u, little-endian.
static unsigned char *put_sized(unsigned char *p, unsigned char tag, uint64_t u, unsigned n)
{
	unsigned i;
	*p++ = tag;
	for (i = 0; i < n; i++) {
		*p++ = (unsigned char)(u >> (8 * i));
	}
	return p;
}

// Every sized int and float form at the edges of what it may hold: the least and greatest
// canonical payloads, one below the least (a shorter form holds it), above INT64_MAX, and
// F64 payloads that binary32 holds (refused) or not (NaNs, infinities, -0.0, subnormals).
// Each alone in a list (a refusal ends the blob), then the valid ones together in one list,
// each through every mode, cut at every length and mutated.
static void test_numbers(void)
{
	static const struct {
		unsigned char tag;
		unsigned n;
		uint64_t u;
	} nums[] = {
	        {ZS_T_U8, 1, 0x3F},
	        {ZS_T_U8, 1, 0x40},
	        {ZS_T_U8, 1, 0xFF},
	        {ZS_T_U16, 2, 0xFF},
	        {ZS_T_U16, 2, 0x100},
	        {ZS_T_U16, 2, 0xFFFF},
	        {ZS_T_U32, 4, 0xFFFF},
	        {ZS_T_U32, 4, 0x10000},
	        {ZS_T_U32, 4, 0xFFFFFFFFu},
	        {ZS_T_U64, 8, 0xFFFFFFFFu},
	        {ZS_T_U64, 8, 0x100000000u},
	        {ZS_T_U64, 8, 0x7FFFFFFFFFFFFFFFu},
	        {ZS_T_U64, 8, 0x8000000000000000u},
	        {ZS_T_U64, 8, 0xFFFFFFFFFFFFFFFFu},
	        {ZS_T_N8, 1, 0x0F},
	        {ZS_T_N8, 1, 0x10},
	        {ZS_T_N8, 1, 0xFF},
	        {ZS_T_N16, 2, 0xFF},
	        {ZS_T_N16, 2, 0x100},
	        {ZS_T_N16, 2, 0xFFFF},
	        {ZS_T_N32, 4, 0xFFFF},
	        {ZS_T_N32, 4, 0x10000},
	        {ZS_T_N32, 4, 0xFFFFFFFFu},
	        {ZS_T_N64, 8, 0xFFFFFFFFu},
	        {ZS_T_N64, 8, 0x100000000u},
	        {ZS_T_N64, 8, 0x7FFFFFFFFFFFFFFFu},
	        {ZS_T_N64, 8, 0x8000000000000000u},
	        {ZS_T_F32, 4, 0x3FC00000u},         // 1.5
	        {ZS_T_F32, 4, 0x7FC00001u},         // a NaN
	        {ZS_T_F32, 4, 0x00000001u},         // the least subnormal
	        {ZS_T_F64, 8, 0x3FB999999999999Au}, // 0.1
	        {ZS_T_F64, 8, 0x3FF8000000000000u}, // 1.5: binary32 holds it
	        {ZS_T_F64, 8, 0x8000000000000000u}, // -0.0: likewise
	        {ZS_T_F64, 8, 0x7FF0000000000000u}, // +INF: likewise
	        {ZS_T_F64, 8, 0x7FF8000000000000u}, // the quiet NaN: likewise
	        {ZS_T_F64, 8, 0x7FF0000000000001u}, // a NaN whose payload binary32 drops
	        {ZS_T_F64, 8, 0x0000000000000001u}, // the least double subnormal
	        {ZS_T_F64, 8, 0x47EFFFFFE0000000u}, // FLT_MAX
	        {ZS_T_F64, 8, 0x47EFFFFFE0000001u}, // just above
	        {ZS_T_F64, 8, 0x7FEFFFFFFFFFFFFFu}, // DBL_MAX
	};
	unsigned char b[16], vals[sizeof(nums) / sizeof(nums[0]) * 9], all[sizeof(vals) + 8], *q = vals;
	size_t i, n, valid = 0;
	zs_reader r;
	zs_event ev;

	for (i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		unsigned char *p = zs_wire_put_list(zs_wire_put_header(b, false), 1);
		n = (size_t)(put_sized(p, nums[i].tag, nums[i].u, nums[i].n) - b);
		all_modes(b, n, "number");
		mutants(b, n, "number");
		// the ones zs_reader_next() accepts go into one list as well
		zs_reader_init(&r, b, n, &zs_alloc_libc, 0);
		if (zs_reader_header(&r) && zs_reader_next(&r, &ev) && zs_reader_next(&r, &ev)) {
			q = put_sized(q, nums[i].tag, nums[i].u, nums[i].n);
			valid++;
		}
		zs_reader_free(&r);
	}
	// canonical and in range: two of each int form, the three F32, five of the F64
	ZS_CHECK(valid == 24);
	n = (size_t)(zs_wire_put_list(zs_wire_put_header(all, false), (uint32_t)valid) - all);
	memcpy(all + n, vals, (size_t)(q - vals));
	n += (size_t)(q - vals);
	ZS_CHECK(zs_wire_validate(all, n, &zs_alloc_libc, 0, NULL, NULL));
	all_modes(all, n, "numbers");
	mutants(all, n, "numbers");
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
	test_numbers();
	test_random();
	zs_shape_memo_clear(&memo);
	printf("test_wire_oracle: %lu comparisons, %lu events\n", compared, events);
	return zs_test_done("test_wire_oracle");
}
