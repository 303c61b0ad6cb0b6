/* zser — SPDX-License-Identifier: MIT
 *
 * Shape definitions (FORMAT.md §7, §8.1) that a reader has already checked, remembered by
 * their bytes: caches and sessions decode the same few shapes on every call, and a reader
 * that meets the same bytes again takes the keys from here instead of reading and checking
 * them one by one (zs_reader_use_memo()). Only definitions whose keys are all written out
 * (integers and new strings, no string back-reference) are kept, so that what they mean
 * depends on their bytes alone. The memo holds a fixed number of entries of bounded size, so
 * no input makes it grow; a definition that maps to a taken entry replaces it.
 *
 * Consumers may keep data derived from an entry (the PHP decoder keeps a template array)
 * under the entry's stamp, which changes whenever the entry is refilled. An entry taken by a
 * reader that is still open is never refilled, so that data stays valid while it is used.
 */
#ifndef ZS_SHAPE_MEMO_H
#define ZS_SHAPE_MEMO_H

#include "zs_common.h"
#include "zs_wire.h"

#include <string.h>

#define ZS_MEMO_SLOTS     64
#define ZS_MEMO_MAX_KEYS  32
#define ZS_MEMO_MAX_BYTES 256
/* a definition is found by its first bytes: shorter ones are not kept */
#define ZS_MEMO_MIN_BYTES 4

/* One key: an integer, or a string at `off` bytes into the definition (len 0: ""). */
typedef struct zs_memo_key {
	int64_t i;
	uint32_t off;
	uint32_t len;
	uint8_t is_str;
} zs_memo_key;

typedef struct zs_memo_entry {
	uint64_t stamp;
	uint64_t used; /* generation of the last reader that took it */
	uint32_t count;
	uint32_t len;  /* bytes of the definition */
	uint32_t nstr; /* keys that are non-empty strings: each adds a string table entry */
	uint8_t is_obj;
	/* The keys as a reader's key table holds them, each string key's str the number of
	 * string keys before it (ZS_WIRE_NO_INDEX for ""). */
	zs_key keys[ZS_MEMO_MAX_KEYS];
	/* The string-table entries of the non-empty string keys, in key order, their offsets
	 * from the definition's first byte: a reader taking the entry copies them, adding where
	 * the definition and its string table stand, instead of rebuilding each from its key.
	 * Their `user` is the consumer's data, NULL when the entry is filled: the consumer sets
	 * it, under the entry's stamp, for data that lives as long as what it keeps for that
	 * stamp. */
	zs_rstr strs[ZS_MEMO_MAX_KEYS];
	unsigned char bytes[ZS_MEMO_MAX_BYTES];
} zs_memo_entry;

typedef struct zs_shape_memo {
	const zs_alloc *alloc;
	uint64_t gen;   /* generation of the last reader that started using it */
	uint64_t floor; /* generation of the outermost reader still open */
	uint64_t stamps;
	uint32_t open; /* readers using it */
	zs_memo_entry *slots[ZS_MEMO_SLOTS];
} zs_shape_memo;

void zs_shape_memo_init(zs_shape_memo *m, const zs_alloc *alloc);
/* Frees every entry; the memo may be used again. Call with no reader open. */
void zs_shape_memo_clear(zs_shape_memo *m);

/* A reader starts and stops using the memo: returns the reader's generation. */
uint64_t zs_shape_memo_enter(zs_shape_memo *m);
void zs_shape_memo_leave(zs_shape_memo *m);

/* Slot of the entry a definition of `count` keys of an object (is_obj) or array shape whose
 * bytes start at p (left bytes there, at least ZS_MEMO_MIN_BYTES) would take. */
ZS_INLINE uint32_t zs_shape_memo_slot(uint32_t count, bool is_obj, const unsigned char *p)
{
	uint64_t x = (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	             (uint64_t)p[3] << 24 | (uint64_t)count << 32 | (uint64_t)is_obj << 63;
	return (uint32_t)((x * 0x9E3779B97F4A7C15u) >> 58);
}

/* The entry in `slot` when it holds exactly such a definition at p, else NULL. */
ZS_INLINE zs_memo_entry *zs_shape_memo_find(const zs_shape_memo *m, uint32_t slot, uint32_t count,
                                            bool is_obj, const unsigned char *p, size_t left)
{
	zs_memo_entry *e = m->slots[slot];

	if (!e || e->count != count || e->is_obj != (uint8_t)is_obj || e->len > left ||
	    memcmp(e->bytes, p, e->len) != 0) {
		return NULL;
	}
	return e;
}

/* Whether a reader may put a new definition into `slot` (its entry is not in use). */
ZS_INLINE bool zs_shape_memo_free_slot(const zs_shape_memo *m, uint32_t slot)
{
	return !m->slots[slot] || m->slots[slot]->used < m->floor;
}

/* Fills `slot` with a checked definition: bytes[0..len), count keys (within the limits
 * above). An entry is allocated once per slot and then refilled in place. False when out of
 * memory (the slot is then empty). */
bool zs_shape_memo_put(zs_shape_memo *m, uint32_t slot, uint64_t gen, bool is_obj,
                       const unsigned char *bytes, uint32_t len, const zs_memo_key *keys,
                       uint32_t count);

#endif /* ZS_SHAPE_MEMO_H */
