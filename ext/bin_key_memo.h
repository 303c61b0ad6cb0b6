/* zser — SPDX-License-Identifier: MIT
 *
 * zser_serialize()'s memo of first-map keys, kept per request in the module globals: the key
 * records of the first map a call wrote and the bytes it wrote for them, for a later call whose
 * first map has the very same key strings. It only keeps and finds; writing the output and the
 * encoder's tables is bin_encode.c's job. Started and released by zser_encode_cache_start()
 * and zser_encode_cache_release() (zser_internal.h).
 */
#ifndef BIN_KEY_MEMO_H
#define BIN_KEY_MEMO_H

#include "php.h"
#include "bin_shape_key.h"

/* What the memo holds for a map's keys. The pointers stay valid until the next
 * zser_key_memo_keep() or the end of the request. */
typedef struct zser_key_memo_hit {
	const zser_shape_key *keys; /* `count` key records, as the encoder recorded them */
	zend_string *const *strs;   /* the string keys among them, in order */
	uint32_t nstrs;
	const unsigned char *bytes; /* the bytes written for the keys */
	size_t len;
} zser_key_memo_hit;

/* True, with *hit filled, when the memo holds exactly the `count` live keys of ht, the same
 * strings (by pointer) and integers in the same order. */
bool zser_key_memo_find(HashTable *ht, uint32_t count, zser_key_memo_hit *hit);

/* Keeps the `count` key records k of ht's keys, none of them the empty string, and the `len`
 * bytes at p written for them; does nothing outside a request, or when they are too many. */
void zser_key_memo_keep(HashTable *ht, const zser_shape_key *k, uint32_t count,
                        const unsigned char *p, size_t len);

#endif /* BIN_KEY_MEMO_H */
