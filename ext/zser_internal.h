/* zser — SPDX-License-Identifier: MIT
 *
 * Declarations shared between the extension's own files (one file per phase, as in
 * ext/json): the module globals and their caches, the classes, the decoder's options and
 * error codes. Nothing here is installed or exported to other extensions: see php_zser.h for
 * that.
 */
#ifndef ZSER_INTERNAL_H
#define ZSER_INTERNAL_H

#include "php_zser.h"
#include "zs_common.h"
#include "zs_wire_read.h"

/* The module globals (ZSER_G()): the caches and call state of a request. */
/* log2 of the slots of jsond_decode()'s key cache (at most 11: one bit of json_key_groups
 * per 64 slots) */
#define ZSER_JSON_KEY_BITS 10

ZEND_BEGIN_MODULE_GLOBALS(zser)
/* jsond_last_error(): kept apart from ext/json's own state (docs/COMPAT.md). */
int json_error_code;
/* jsond_last_error_location(): where the error in json_error_code is, counted when it
 * happens (json_error_offset < 0: it has none); json_error_loc_msg: the failing call passed
 * JSOND_ERROR_LOCATION, so jsond_last_error_msg() names the place. */
zend_long json_error_offset, json_error_line, json_error_column;
bool json_error_loc_msg;
/* zser_unserialize(): short key strings met earlier in this request (bin_decode_cache.c), each
 * holding one reference; released in RSHUTDOWN. keycache_on is false outside a request.
 * keycache_used: the decode generation that last used each entry; entries used at or after
 * keycache_floor (the start of the outermost running decode) are in use and never evicted. */
zend_string *keycache[256];
uint64_t keycache_used[256];
uint64_t keycache_gen, keycache_floor;
uint32_t keycache_active;
bool keycache_on;
/* zser_unserialize(): shape definitions met earlier in this request and their templates
 * (bin_decode_cache.c); NULL until first used, released in RSHUTDOWN. */
struct zser_shape_cache *shapes;
/* zser_unserialize(): the slot tables (the reader's and the decoder's table of zvals) of an
 * earlier decode with the reference flag, of at most ZSER_DEC_SPARE_SLOTS entries, kept so
 * that the next one neither grows nor faults them in again (bin_decode_cache.c); empty while
 * a call holds them, released in RSHUTDOWN. */
zs_slot_tables dec_spare_rslots;
zval **dec_spare_slots;
uint32_t dec_spare_slots_cap;
/* zser_unserialize(): the reader's string table of an earlier decode, of at most
 * ZSER_DEC_SPARE_STRS entries, kept likewise */
zs_str_table dec_spare_strs;
/* zser_serialize(): the keys of first maps written earlier in this request and their bytes
 * (bin_encode.c); NULL until first used, released in RSHUTDOWN. key_memo_on is false
 * outside a request. */
struct zser_key_memo *key_memo;
bool key_memo_on;
/* zser_serialize(): the inline tables and output buffer of a call, kept between calls so that
 * they stay off the C stack without an allocation per call (bin_encode.c); NULL while a call
 * holds them, released in RSHUTDOWN. */
struct zser_enc_bufs *enc_bufs;
/* jsond_decode(): the value stack of an earlier call that outgrew the parser's inline block
 * (at most JSON_SPARE_MAX_VALS values), kept so that the next large decode neither maps nor
 * faults in fresh pages for it (json_decode.c); NULL while a call holds it, released in
 * RSHUTDOWN. json_spare_on is false outside a request. */
zval *json_spare_vals;
size_t json_spare_cap;
bool json_spare_on;
/* jsond_decode(): the key strings of this request's decodes, a two-way cache of short names,
 * each slot holding one reference or NULL (json_decode.c); json_key_groups: bit g set when
 * slots 64g to 64g+63 may hold one. Released in RSHUTDOWN. */
zend_string *json_keys[1u << ZSER_JSON_KEY_BITS];
uint32_t json_key_groups;
/* json_key_next[i]: the slot of the key that followed, last time, the two keys whose slots
 * give entry i (a guess only: any value is a valid slot, checked against the text like any
 * cached key) */
uint16_t json_key_next[1u << ZSER_JSON_KEY_BITS];
/* jsond_decode(): the object shapes of this request's decodes and their templates
 * (json_decode.c); NULL until first used and while a call holds them (json_shapes_out),
 * released in RSHUTDOWN. */
struct zser_json_shapes *json_shapes;
bool json_shapes_out;
/* Nested calls (FORMAT.md §8.3): the encoder, and the decoder's OBJECT_BLOB, whose
 * Serializable method is running, so that a zser_serialize() or zser_unserialize() it makes
 * continues their slots; NULL elsewhere. enc_calls / dec_calls: the zser_serialize() and
 * zser_unserialize() calls running, each inside the one before (ZS_WIRE_MAX_NEST). */
struct zser_encoder *enc_outer;
struct zser_dec_nest *dec_outer;
uint32_t enc_calls, dec_calls;
ZEND_END_MODULE_GLOBALS(zser)

ZEND_EXTERN_MODULE_GLOBALS(zser)
#define ZSER_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(zser, v)

#if defined(ZTS) && defined(COMPILE_DL_ZSER)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

/* The allocator hook for core/ code running in a request: emalloc (zser_alloc.c). */
extern const zs_alloc zser_emalloc;

/* A table whose byte size does not fit a size_t: a fatal error, as safe_emalloc() gives. */
ZEND_NORETURN void zser_alloc_overflow(size_t count, size_t elem);

/* zser.huge_pages: whether blocks of megabytes ask for huge pages (zs_prefault.h). */
ZEND_INI_MH(zser_ini_update_huge_pages);

extern zend_class_entry *zser_ce_JsondSerializable;
extern zend_class_entry *zser_ce_ZserException;

/* Options of zser_unserialize() (bin.c fills them, bin_decode.c and bin_decode_objects.c read
 * them). */
typedef struct zser_decode_opts {
	HashTable *allowed;  /* lower-case class names; NULL: every class is allowed */
	zend_long max_depth; /* 0 (or less): no limit (FORMAT.md §11) */
	bool throw_on_error; /* ZserException instead of false + E_WARNING */
	/* max_depth given: else a nested call (FORMAT.md §8.3) counts on from its outer call's */
	bool max_depth_set;
	bool read_legacy; /* serialize() and igbinary blobs are read too (bin_legacy.c) */
#ifdef ZSER_DEC_ORACLE
	int8_t slow_path; /* test builds: the option oracle_slow_path, -1 when not given */
#endif
} zser_decode_opts;

#ifdef ZSER_DEC_ORACLE
/* Test and fuzz builds only: zser_decode() reads every value the slow way (bin_decode.c). */
extern bool zser_dec_slow_path;
#endif

/* ZserException codes (FORMAT.md §13): 1-99 are the format's errors, the zs_wire_error
 * values the core reader reports; these are the errors zser_decode() finds itself while
 * building PHP values. Numbers are API: never renumber, only append. */
#define ZSER_E_UNSERIALIZE_FAILED 100 /* a Serializable class's unserialize handler failed */
#define ZSER_E_ENUM_CLASS         101 /* ENUM names a class that does not exist */
#define ZSER_E_NOT_ENUM           102 /* ENUM names a class that is not an enum */
#define ZSER_E_ENUM_CASE          103 /* the enum has no case of that name */
#define ZSER_E_PROPERTY_NAME      104 /* a badly mangled property name for a declared class */
#define ZSER_E_LEGACY_DATA        105 /* read_legacy: serialize() or igbinary data that is invalid */
#define ZSER_E_LEGACY_REFUSED     106 /* read_legacy: igbinary data that cannot be read here */

/* Decodes buf[0..len) into *result (left untouched on failure). On malformed input reports
 * one E_WARNING or throws ZserException (per opts) and returns FAILURE; an exception from
 * PHP or userland code is left as it is. */
zend_result zser_decode(zval *result, const unsigned char *buf, size_t len,
                        const zser_decode_opts *opts);
/* read_legacy (bin_legacy.c): true when buf starts as serialize() or igbinary data does; then
 * zser_decode_legacy() reads it, reporting errors as zser_decode() does. */
bool zser_is_legacy_blob(const unsigned char *buf, size_t len);
zend_result zser_decode_legacy(zval *result, const unsigned char *buf, size_t len,
                               const zser_decode_opts *opts);
/* Starts (RINIT) and releases (RSHUTDOWN) zser_decode()'s per-request caches of key strings
 * and shape definitions. */
void zser_decode_cache_start(void);
void zser_decode_cache_release(void);
/* The same for zser_serialize()'s per-request memo of first-map keys. */
void zser_encode_cache_start(void);
void zser_encode_cache_release(void);
/* The same for jsond_decode()'s spare value stack. */
void zser_json_cache_start(void);
void zser_json_cache_release(void);

/* zend_array_is_list(), answered at once for the common cases: a packed array without
 * holes, and a hash whose first element has a string key or an integer key other than 0.
 * Both encoders ask it of every array they write. */
static zend_always_inline bool zser_array_is_list(HashTable *ht)
{
	if (HT_IS_PACKED(ht)) {
		if (EXPECTED(HT_IS_WITHOUT_HOLES(ht))) {
			return true;
		}
	} else {
		Bucket *b = ht->arData, *end = b + ht->nNumUsed;
		for (; b != end; b++) {
			if (Z_TYPE(b->val) != IS_UNDEF) {
				if (b->key || b->h != 0) {
					return false; /* a list starts with key 0 */
				}
				break;
			}
		}
	}
	return zend_array_is_list(ht);
}

#endif /* ZSER_INTERNAL_H */
