/* zser — SPDX-License-Identifier: MIT
 *
 * Public header of the zser extension, installed for other extensions: the module entry, the
 * version and the C API they may call (PHP_ZSER_API, docs/C-API.md), and nothing else. The
 * module globals and everything the extension's own files share live in zser_internal.h,
 * which is not installed.
 */
#ifndef PHP_ZSER_H
#define PHP_ZSER_H

#include "php.h"
#include "zend_smart_str.h"

/* Packed arrays hold zvals (ht->arPacked) since PHP 8.2, and the decoders build them so. */
#if PHP_VERSION_ID < 80200
#error "zser needs PHP 8.2 or later"
#endif

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

/* Appends the zser encoding of *value (header included) to *buf, whatever its depth (the walk
 * keeps its frames on the heap). FAILURE with an exception set when the value cannot be
 * serialized (what serialize() would throw); the caller frees *buf in every case. */
PHP_ZSER_API zend_result php_zser_serialize(smart_str *buf, zval *value);
/* Decodes a zser blob into *result with unserialize()'s defaults (all classes allowed,
 * unserialize_max_depth). FAILURE on malformed input (one E_WARNING) or on an exception;
 * *result is only written on SUCCESS. */
PHP_ZSER_API zend_result php_zser_unserialize(zval *result, const unsigned char *buf, size_t len);

#endif /* PHP_ZSER_H */
