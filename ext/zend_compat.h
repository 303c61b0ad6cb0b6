/* zser — SPDX-License-Identifier: MIT
 *
 * Every place where the extension writes Zend engine structures itself instead of going
 * through the engine's functions: strings and array headers from an allocation that
 * prefetches the allocator's next free block, packed tables set up and appended to in place,
 * and copies of a template map; and the map appends that measured as fast through the public
 * API. Each helper is behind a version gate and says which PHP versions its layout was
 * checked on, why the public API is not used, and what the public API costs
 * (docs/INTERNALS.md, "The engine seam", has the figures). Versions past the checked ones take the
 * public API until someone checks them. Nothing here writes more of a field than the engine writes
 * there itself. Read-only walks of a table's slots (what ZEND_HASH_FOREACH_* expands to) stay in
 * the files that do them. Internal to the extension; header-only so that every call inlines.
 */
#ifndef ZEND_COMPAT_H
#define ZEND_COMPAT_H

#include "php.h"
#include "zs_prefault.h"

/* The layouts below (zend_types.h: zend_string, zend_array and its u.v.flags byte;
 * zend_hash.h/.c: packed and mixed set-up, _zend_hash_append_ex, ZEND_HASH_FILL_*,
 * zend_array_dup; zend_string.h: zend_string_alloc; zend_alloc.c: a free small block's first
 * word is the next free block) were read in php-src 8.2 and the installed 8.4 headers, and
 * run in CI on 8.2 (release NTS and debug ZTS, whose assertions check the tables) and 8.4
 * (release NTS). 8.3 is between the two, its layout unchanged from either; it is neither read
 * nor run here. ZSER_ZEND_INTERNALS=0 builds every helper through the public API, on any
 * version (for measuring, or when a layout is in doubt). */
#ifndef ZSER_ZEND_INTERNALS
#if PHP_VERSION_ID >= 80200 && PHP_VERSION_ID < 80500
#define ZSER_ZEND_INTERNALS 1
#else
#define ZSER_ZEND_INTERNALS 0
#endif
#endif

/* The prefetching allocation and the strings and packed tables made with it: their gain is
 * memory latency, which instruction counts do not show (by those, the public API costs the
 * same or less; INTERNALS.md). ZSER_ZEND_PREFETCH=0 turns them off alone, for a timed
 * comparison. */
#ifndef ZSER_ZEND_PREFETCH
#define ZSER_ZEND_PREFETCH ZSER_ZEND_INTERNALS
#endif

/* ==== Prefetching allocation ==== */

/* emalloc(size), and a prefetch of the next free block of that size. PHP's allocator hands
 * out the head of a free list of blocks of one size and keeps the next free block's address
 * in the head's first word (zend_mm_free_slot.next_free_slot; newer allocators also keep an
 * encoded copy at the block's end, which is not read). After a large value was freed, the
 * blocks of those lists are out of the cache and each allocation waits for the miss on the
 * block before it. The word is read before the block is written; a prefetch never faults,
 * so under another allocator (USE_ZEND_ALLOC=0) whatever the word holds costs one
 * instruction. Public alternative: emalloc() alone, a load and a prefetch fewer per block;
 * what it loses is memory latency, which instruction counts do not see (INTERNALS.md). */
static zend_always_inline void *zser_alloc_block(size_t size)
{
	void *p = emalloc(size);
#if ZSER_ZEND_PREFETCH
	void *next;

	memcpy(&next, p, sizeof(next));
	__builtin_prefetch(next, 1, 3);
#endif
	return p;
}

/* ==== Strings ==== */

/* zend_string_init(s, len, 0) in a block from zser_alloc_block(). The header words are the
 * ones zend_string_alloc() writes (refcount, the whole type_info, hash, length): the
 * prefetch must read the block's first word before they overwrite it, so the engine's
 * function cannot make the string. */
static zend_always_inline zend_string *zser_str_new(const char *s, size_t len)
{
#if ZSER_ZEND_PREFETCH
	zend_string *str = zser_alloc_block(ZEND_MM_ALIGNED_SIZE(_ZSTR_STRUCT_SIZE(len)));

	GC_SET_REFCOUNT(str, 1);
	GC_TYPE_INFO(str) = GC_STRING;
	ZSTR_H(str) = 0;
	ZSTR_LEN(str) = len;
	memcpy(ZSTR_VAL(str), s, len);
	ZSTR_VAL(str)[len] = '\0';
	return str;
#else
	return zend_string_init(s, len, 0);
#endif
}

/* ==== Arrays ==== */

/* zend_new_array(count) in a block from zser_alloc_block(); _zend_hash_init() (public)
 * writes the header. Its table is not set up yet. */
static zend_always_inline HashTable *zser_array_new(uint32_t count)
{
	HashTable *ht = zser_alloc_block(sizeof(HashTable));

	_zend_hash_init(ht, count, ZVAL_PTR_DTOR, 0);
	return ht;
}

/* Bytes of the block of a packed table of n slots. */
#define ZSER_PACKED_SIZE(n) HT_PACKED_SIZE_EX((n), HT_MIN_MASK)

/* zend_hash_real_init_packed() for a table zser_array_new() made, its block from
 * zser_alloc_block(). The engine's zend_hash_real_init_packed_ex() sets the flags byte
 * (u.v.flags) and leaves the iterator count beside it; so does this. Public alternative:
 * zend_hash_real_init_packed(), an exported call and plain emalloc(). */
static zend_always_inline void zser_table_init_packed(HashTable *ht)
{
#if ZSER_ZEND_PREFETCH
	void *data = zser_alloc_block(ZSER_PACKED_SIZE(ht->nTableSize));

	HT_SET_DATA_ADDR(ht, data);
	ht->u.v.flags = HASH_FLAG_PACKED | HASH_FLAG_STATIC_KEYS;
	HT_HASH_RESET_PACKED(ht);
#else
	zend_hash_real_init_packed(ht);
#endif
}

/* zser_array_new(count), then zser_table_init_packed(): a list with room for count values.
 * Up to PHP's smallest table (most lists of a decode: canada.json's 56,000 coordinate pairs)
 * the header is written here, each field as those two calls leave it (the flags word whole,
 * as _zend_hash_init() writes it: no iterator yet), and the table's block has a size known
 * when compiling, so that the allocator's bin is found then: an exported call and a size
 * computation fewer per list. */
static zend_always_inline HashTable *zser_list_new(uint32_t count)
{
	HashTable *ht;

#if ZSER_ZEND_INTERNALS && ZSER_ZEND_PREFETCH
	if (count <= HT_MIN_SIZE) {
		ht = zser_alloc_block(sizeof(HashTable));
		GC_SET_REFCOUNT(ht, 1);
		GC_TYPE_INFO(ht) = GC_ARRAY;
		HT_FLAGS(ht) = HASH_FLAG_PACKED | HASH_FLAG_STATIC_KEYS;
		ht->nTableMask = HT_MIN_MASK;
		HT_SET_DATA_ADDR(ht, zser_alloc_block(ZSER_PACKED_SIZE(HT_MIN_SIZE)));
		ht->nNumUsed = 0;
		ht->nNumOfElements = 0;
		ht->nTableSize = HT_MIN_SIZE;
		ht->nInternalPointer = 0;
		ht->nNextFreeElement = ZEND_LONG_MIN;
		ht->pDestructor = ZVAL_PTR_DTOR;
		HT_HASH_RESET_PACKED(ht);
		return ht;
	}
#endif
	ht = zser_array_new(count);
	zser_table_init_packed(ht);
	return ht;
}

/* The next slot of a packed table set up with room for all its values, counted as used and
 * not written: the caller writes it before anything reads the table. The counts are the ones
 * ZEND_HASH_FILL_FINISH() writes; that macro's block cannot span a decoder that opens nested
 * containers between two values. Public alternative: zend_hash_next_index_insert_new(), an
 * exported call per value (which writes the value it is given). */
static zend_always_inline zval *zser_list_take(HashTable *ht)
{
#if ZSER_ZEND_INTERNALS
	zval *zv = ht->arPacked + ht->nNumUsed;

	ZEND_ASSERT(HT_IS_PACKED(ht) && ht->nNumUsed < ht->nTableSize);
	ht->nNumUsed++;
	ht->nNumOfElements++;
	ht->nNextFreeElement = (zend_long)ht->nNumUsed;
	return zv;
#else
	return zend_hash_next_index_insert_new(ht, &EG(uninitialized_zval));
#endif
}

/* A new bucket for key (s, h) in a map set up with room for it, holding null; s is NULL for
 * an integer key h. The caller knows the key is not in the table. Public API only: a bucket
 * written by hand for an integer key saved no instructions over zend_hash_index_add_new() on
 * the benchmarks (INTERNALS.md), and _zend_hash_append() writes a string key's bucket as a
 * hand-written one would. */
static zend_always_inline zval *zser_map_append(HashTable *ht, zend_string *s, zend_ulong h)
{
	if (s) {
		return _zend_hash_append(ht, s, &EG(uninitialized_zval));
	}
	return zend_hash_index_add_new(ht, h, &EG(uninitialized_zval));
}

#if ZSER_ZEND_INTERNALS
/* The block of a copy of map t's hash slots and buckets. Most shapes are small: a size known
 * when compiling takes PHP's allocator straight to its bin, as zend_hash does for its own
 * smallest tables, where computing the size costs a decode of many small maps dearly
 * (docs/INTERNALS.md §13 has the figure). */
static zend_always_inline void *zser_table_alloc(const HashTable *t)
{
#define ZSER_TABLE_CASE(n) \
	case n:                \
		return zser_alloc_block(HT_SIZE_EX(n, HT_SIZE_TO_MASK(n)))
	switch (t->nTableSize) {
		ZSER_TABLE_CASE(8);
		ZSER_TABLE_CASE(16);
		ZSER_TABLE_CASE(32);
		ZSER_TABLE_CASE(64);
	default:
		return emalloc(HT_SIZE_EX(t->nTableSize, t->nTableMask));
	}
#undef ZSER_TABLE_CASE
}
#endif

/* A copy of map t (set up, without holes, its values null, never seen by PHP code), its
 * header and table from zser_alloc_block(). What zend_array_dup() does for an immutable
 * source: the header's fields from the source's (the flags masked with HASH_FLAG_MASK, so no
 * iterator count), the hash slots and buckets in one copy; then, with ref_keys, a reference to
 * each key that is not interned (without, the caller hands over a reference it holds to each).
 * The large tables get their pages at once (zs_prefault.h). Public alternative:
 * zend_array_dup(), which copies a mutable source bucket by bucket. */
static zend_always_inline HashTable *zser_table_copy(HashTable *t, bool ref_keys)
{
#if ZSER_ZEND_INTERNALS
	HashTable *ht = zser_alloc_block(sizeof(HashTable));
	void *table = zser_table_alloc(t);
	size_t used = HT_HASH_SIZE(t->nTableMask) + (size_t)t->nNumUsed * sizeof(Bucket);
	uint32_t j;

	ZEND_ASSERT(!HT_IS_PACKED(t) && t->nNumUsed == t->nNumOfElements);
	/* every header field, as any new array writes them all; the copy's own ones follow */
	memcpy(ht, t, sizeof(HashTable));
	GC_SET_REFCOUNT(ht, 1);
	GC_TYPE_INFO(ht) = GC_ARRAY;
	HT_FLAGS(ht) = HT_FLAGS(t) & HASH_FLAG_MASK;
	zs_prefault(table, used);
	memcpy(table, HT_GET_DATA_ADDR(t), used);
	HT_SET_DATA_ADDR(ht, table);
	if (ref_keys && !(HT_FLAGS(t) & HASH_FLAG_STATIC_KEYS)) {
		/* keys read from the template, not from the copy just written: a load from the
		 * fresh copy waits for the copy's stores to complete */
		for (j = 0; j < t->nNumUsed; j++) {
			zend_string *key = t->arData[j].key;
			if (key && !ZSTR_IS_INTERNED(key)) {
				GC_ADDREF(key);
			}
		}
	}
	return ht;
#else
	HashTable *ht = zend_array_dup(t);
	uint32_t j;

	for (j = 0; !ref_keys && j < t->nNumUsed; j++) {
		zend_string_release(t->arData[j].key);
	}
	return ht;
#endif
}

#endif /* ZEND_COMPAT_H */
