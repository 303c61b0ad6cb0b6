/* zser — SPDX-License-Identifier: MIT
 *
 * The blocks the decoders (binary and JSON) make by the thousand: strings, array headers and
 * packed tables, each from an emalloc() that prefetches the next free block of its size.
 * Internal to the extension; header-only so that every call inlines.
 */
#ifndef ZSER_ALLOC_H
#define ZSER_ALLOC_H

#include "php.h"

/* PHP's allocator hands out the head of a free list of blocks of one size and keeps the next
 * free block's address in the head's first word. After a large value was freed, the blocks of
 * those lists are out of the cache, and each allocation waits for the miss on the block
 * before it: a chain that took about 30% of the time decoding 5,000 rows. Prefetching the
 * successor as soon as a block is taken overlaps that miss with the decode's work until the
 * next allocation of the same size. The word is read before the block is written; a prefetch
 * never faults, so whatever else it holds (another allocator's data) costs one instruction. */
static zend_always_inline void *zser_alloc_block(size_t size)
{
	void *p = emalloc(size);
	void *next;

	memcpy(&next, p, sizeof(next));
	__builtin_prefetch(next, 1, 3);
	return p;
}

/* zend_string_init() from zser_alloc_block(). */
static zend_always_inline zend_string *zser_str_new(const char *s, size_t len)
{
	zend_string *str = zser_alloc_block(ZEND_MM_ALIGNED_SIZE(_ZSTR_STRUCT_SIZE(len)));

	GC_SET_REFCOUNT(str, 1);
	GC_TYPE_INFO(str) = GC_STRING;
	ZSTR_H(str) = 0;
	ZSTR_LEN(str) = len;
	memcpy(ZSTR_VAL(str), s, len);
	ZSTR_VAL(str)[len] = '\0';
	return str;
}

/* zend_new_array(count) from zser_alloc_block(): its table is not set up yet. */
static zend_always_inline HashTable *zser_array_new(uint32_t count)
{
	HashTable *ht = zser_alloc_block(sizeof(HashTable));

	_zend_hash_init(ht, count, ZVAL_PTR_DTOR, 0);
	return ht;
}

/* Bytes of the block of a packed table of n slots. */
#if PHP_VERSION_ID >= 80200
#define ZSER_PACKED_SIZE(n) HT_PACKED_SIZE_EX((n), HT_MIN_MASK)
#else
#define ZSER_PACKED_SIZE(n) HT_SIZE_EX((n), HT_MIN_MASK)
#endif

/* zend_hash_real_init_packed() for a table zser_array_new() made, its block from
 * zser_alloc_block() (the engine's macros, as the engine sets it up). PHP 8.1's packed tables
 * hold buckets and keep the engine's function. */
static zend_always_inline void zser_table_init_packed(HashTable *ht)
{
#if PHP_VERSION_ID >= 80200
	void *data = zser_alloc_block(ZSER_PACKED_SIZE(ht->nTableSize));

	HT_SET_DATA_ADDR(ht, data);
	HT_FLAGS(ht) = HASH_FLAG_PACKED | HASH_FLAG_STATIC_KEYS;
	HT_HASH_RESET_PACKED(ht);
#else
	zend_hash_real_init_packed(ht);
#endif
}

#endif /* ZSER_ALLOC_H */
