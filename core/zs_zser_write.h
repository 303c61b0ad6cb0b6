/* zser — SPDX-License-Identifier: MIT
 *
 * A zser blob writer driven by one call per value (FORMAT.md): the caller says "a list of 3",
 * "a map with these keys", "an object of class C", "the string s", and the writer keeps the
 * string and shape tables, the slot count and the reference flag, and chooses the canonical
 * encoding: every repeated string, key sequence and (class, property names) pair is written
 * as a reference. Repeats are found exactly (an exact dictionary, not the bounded search of
 * the extension's writer), which gives the extension's bytes on any data not built to collide
 * in PHP's string hash (FORMAT.md §5, §7). Used by the CLI (from-json, convert); the extension
 * has its own writer, which walks zvals. Writes whole blobs only, never nested ones (§8.3).
 * The writer checks nothing about the value's meaning: a map whose keys repeat or form a list,
 * or a back-reference to a slot that holds no object, gives a blob readers refuse.
 */
#ifndef ZS_ZSER_WRITE_H
#define ZS_ZSER_WRITE_H

#include "zs_buf.h"
#include "zs_common.h"

#include <stdint.h>

/* A key of a map or object: bytes (not copied: they must outlive the writer) or an integer. */
typedef struct zs_zw_key {
	bool is_str;
	int64_t i;
	const unsigned char *s;
	size_t len;
} zs_zw_key;

typedef struct zs_zw_str {
	const unsigned char *s;
	size_t len;
} zs_zw_str;

typedef struct zs_zw_skey {
	bool is_str;
	int64_t i;    /* integer key */
	uint32_t str; /* string table index; ZS_WIRE_NO_INDEX for "" */
} zs_zw_skey;

typedef struct zs_zwriter {
	zs_buf out;
	const zs_alloc *alloc;
	uint64_t seed; /* mixes the table hashes (see zs_zw_init) */
	zs_zw_str *strs;
	size_t nstrs, strs_cap;
	uint32_t *strh; /* open addressing: string index + 1 */
	size_t strh_cap;
	zs_zw_skey *keys; /* every shape's keys, one after another */
	size_t nkeys, keys_cap;
	size_t *shape_base, *shape_count;
	uint32_t *shape_cls; /* class string index + 1 of an object shape; 0 for an array shape */
	size_t nshapes, shapes_cap;
	uint32_t *shh; /* open addressing: shape index + 1 */
	size_t shh_cap;
	size_t slots; /* slots taken so far (FORMAT.md §9) */
	bool payload; /* the next list or map is an OBJECT_DATA payload: it takes no slot */
	bool refs;    /* a back-reference was written: the header's reference flag */
	bool failed;  /* out of memory (or a table past its limit): the output is void */
} zs_zwriter;

/* Starts a blob (the header is written now). `seed` is mixed into the hashes of the string
 * and shape indexes: a caller facing hostile input passes an unpredictable one, so that
 * strings cannot be chosen to collide (which would cost time quadratic in their number). The
 * bytes written never depend on it. */
void zs_zw_init(zs_zwriter *w, const zs_alloc *alloc, uint64_t seed);
/* Releases the tables and the output buffer. */
void zs_zw_free(zs_zwriter *w);

/* The value calls. Each writes one value, or the head of a container whose `count` values the
 * caller then writes in order; each returns false once the writer has failed (out of memory),
 * after which the calls do nothing. Every value takes the next slot except a BACKREF_REF and
 * the list or map that follows zs_zw_object_data(); zs_zw_slots() before a call is the slot
 * number the value will take, minus one. */
bool zs_zw_null(zs_zwriter *w);
bool zs_zw_bool(zs_zwriter *w, bool v);
bool zs_zw_int(zs_zwriter *w, int64_t v);
bool zs_zw_float(zs_zwriter *w, double v);
bool zs_zw_string(zs_zwriter *w, const unsigned char *s, size_t len);
/* A list of `count` values (keys 0..count-1, FORMAT.md §6). */
bool zs_zw_list(zs_zwriter *w, size_t count);
/* A map (count >= 1, keys not 0..count-1 in order, none repeated, no numeric string key). */
bool zs_zw_map(zs_zwriter *w, const zs_zw_key *keys, size_t count);
/* An object of class `cls` (non-empty) with `count` properties named by `keys` (§8.1). */
bool zs_zw_object(zs_zwriter *w, const unsigned char *cls, size_t cls_len, const zs_zw_key *keys,
                  size_t count);
/* An object from __serialize() (§8.2): a zs_zw_list() or zs_zw_map() must follow. */
bool zs_zw_object_data(zs_zwriter *w, const unsigned char *cls, size_t cls_len);
/* A Serializable object and its payload, kept verbatim (§8.3). */
bool zs_zw_object_blob(zs_zwriter *w, const unsigned char *cls, size_t cls_len,
                       const unsigned char *payload, size_t len);
bool zs_zw_enum(zs_zwriter *w, const unsigned char *cls, size_t cls_len, const unsigned char *name,
                size_t name_len);
/* BACKREF_OBJ (the object of slot `slot`) and BACKREF_REF (a & reference to it), §9. */
bool zs_zw_backref_obj(zs_zwriter *w, size_t slot);
bool zs_zw_backref_ref(zs_zwriter *w, size_t slot);

ZS_INLINE size_t zs_zw_slots(const zs_zwriter *w)
{
	return w->slots;
}

/* Ends the blob: sets the reference flag when a back-reference was written. Returns false
 * (output void) when the writer failed; otherwise w->out holds the blob, which stays the
 * writer's until zs_zw_free() (or the caller takes w->out and zeroes it). */
bool zs_zw_finish(zs_zwriter *w);

#endif /* ZS_ZSER_WRITE_H */
