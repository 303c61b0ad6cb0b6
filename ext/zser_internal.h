/* zser — SPDX-License-Identifier: MIT
 *
 * Declarations shared between the extension's own files (one file per phase, as in
 * ext/json). Nothing here is exported to other extensions: see php_zser.h for that.
 */
#ifndef ZSER_INTERNAL_H
#define ZSER_INTERNAL_H

#include "php_zser.h"

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
} zser_decode_opts;

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

#endif /* ZSER_INTERNAL_H */
