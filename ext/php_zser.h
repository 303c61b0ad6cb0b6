/* zser — SPDX-License-Identifier: MIT
 *
 * Public header of the zser extension: module entry, version, module globals and the
 * C API that other extensions may call (PHP_ZSER_API). Internal helpers shared between
 * the extension's own files live in zser_internal.h, not here.
 */
#ifndef PHP_ZSER_H
#define PHP_ZSER_H

#include "php.h"
#include "zend_smart_str.h"

extern zend_module_entry zser_module_entry;
#define phpext_zser_ptr &zser_module_entry

#define PHP_ZSER_VERSION "0.1.0"

#ifdef PHP_WIN32
#define PHP_ZSER_API __declspec(dllexport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#define PHP_ZSER_API __attribute__((visibility("default")))
#else
#define PHP_ZSER_API
#endif

/* Appends the zser encoding of *value (header included) to *buf. FAILURE with an exception
 * set when the value cannot be serialized (what serialize() would throw, or the depth cap);
 * the caller frees *buf in every case. */
PHP_ZSER_API zend_result php_zser_serialize(smart_str *buf, zval *value);
/* Decodes a zser blob into *result with unserialize()'s defaults (all classes allowed,
 * unserialize_max_depth). FAILURE on malformed input (one E_WARNING) or on an exception;
 * *result is only written on SUCCESS. */
PHP_ZSER_API zend_result php_zser_unserialize(zval *result, const unsigned char *buf, size_t len);

ZEND_BEGIN_MODULE_GLOBALS(zser)
/* jsond_last_error(): kept apart from ext/json's own state (docs/COMPAT.md). */
int json_error_code;
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
/* zser_serialize(): the keys of first maps written earlier in this request and their bytes
 * (bin_encode.c); NULL until first used, released in RSHUTDOWN. key_memo_on is false
 * outside a request. */
struct zser_key_memo *key_memo;
bool key_memo_on;
/* Nested calls (FORMAT.md §8.3): the encoder, and the decoder's OBJECT_BLOB, whose
 * Serializable method is running, so that a zser_serialize() or zser_unserialize() it makes
 * continues their slots; NULL elsewhere. enc_calls / dec_calls: the zser_serialize() and
 * zser_unserialize() calls running, each inside the one before (ZS_WIRE_MAX_NEST). */
struct encoder *enc_outer;
struct zser_dec_nest *dec_outer;
uint32_t enc_calls, dec_calls;
ZEND_END_MODULE_GLOBALS(zser)

ZEND_EXTERN_MODULE_GLOBALS(zser)
#define ZSER_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(zser, v)

#if defined(ZTS) && defined(COMPILE_DL_ZSER)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

#endif /* PHP_ZSER_H */
