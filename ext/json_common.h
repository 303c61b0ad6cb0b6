/* zser — SPDX-License-Identifier: MIT
 *
 * What json.c, json_encode.c and json_decode.c share: the error texts, JsonException,
 * and the entry points of the encoder and the decoder.
 */
#ifndef ZSER_JSON_COMMON_H
#define ZSER_JSON_COMMON_H

#include "php.h"

extern zend_class_entry *zser_json_exception_ce;

/* jsond_last_error() codes of zser's own JSON functions, apart from ext/json's (which end at
 * 11 on PHP 8.2 to 8.4). Numbers are API: never renumber. */
#define ZSER_JSON_ERROR_POINTER_NOT_FOUND     100 /* jsond_pointer_get/count: no such path */
#define ZSER_JSON_ERROR_POINTER_NOT_CONTAINER 101 /* jsond_pointer_count of a scalar */
/* jsond_decode_lines(): flag that skips lines that do not decode instead of throwing */
#define ZSER_JSON_LINES_SKIP_INVALID          (1 << 30)

/* jsond_decode() and jsond_validate(): flag that adds " near location L:C" to the error
 * message (jsond_last_error_msg(), JsonException), in the words of ext/json's development
 * branch. */
#define ZSER_JSON_ERROR_LOCATION (1 << 29)

/* jsond_decode(), jsond_validate() and jsond_decode_lines(): flags that accept comments
 * ("//" to the line's end, "/" "*" ... "*" "/") wherever whitespace may be, and one comma
 * before a closing bracket (docs/COMPAT.md, "Comments and trailing commas"). */
#define ZSER_JSON_ALLOW_COMMENTS        (1 << 27)
#define ZSER_JSON_ALLOW_TRAILING_COMMAS (1 << 28)

/* The text json_last_error_msg() gives for `code` on this PHP. */
const char *zser_json_error_msg(int code);
/* Throws JsonException(msg, code), as ext/json does under JSON_THROW_ON_ERROR. */
void zser_json_throw(int code);
void zser_json_minit(void);
/* Throws ext/json's ValueError for a $depth argument (number `arg`) out of its range. */
ZEND_COLD void zser_json_depth_error(zend_long depth, uint32_t arg);
/* ext/json's rule for a $depth argument: false with the ValueError thrown unless
 * 0 < depth <= INT_MAX. */
static zend_always_inline bool zser_json_depth_ok(zend_long depth, uint32_t arg)
{
	if (EXPECTED(depth > 0 && depth <= INT_MAX)) {
		return true;
	}
	zser_json_depth_error(depth, arg);
	return false;
}
/* options with JSON_OBJECT_AS_ARRAY set or cleared by a non-null $associative, which wins
 * over the flag as in json_decode(). */
static inline zend_long zser_json_assoc(zend_long options, bool assoc, bool assoc_null)
{
	if (assoc_null) {
		return options;
	}
	return assoc ? options | PHP_JSON_OBJECT_AS_ARRAY : options & ~PHP_JSON_OBJECT_AS_ARRAY;
}
/* Records the error code of a failing jsond_decode()/jsond_validate() of s and where in s it
 * is (byte offset), or throws it under JSON_THROW_ON_ERROR, as options ask. */
void zser_json_fail_at(int code, const zend_string *s, size_t offset, zend_long options);

/* Decodes s as jsond_decode(s, null, depth, options) does (options already carry
 * JSON_OBJECT_AS_ARRAY or not): 0 with *result set, or ext/json's error code with *result
 * NULL. Sets no last-error state and throws nothing. */
int zser_json_decode(zval *result, zend_string *s, int options, int depth);
/* zser_json_decode(), and on error *where is the byte offset of the error in s. */
int zser_json_decode_at(zval *result, zend_string *s, int options, int depth, size_t *where);
/* zser_json_decode_at() for a value cut out of a larger text, where ext/json's parser stack
 * (json_stack_compat.h) holds `stack` entries before it and depth - the containers above it
 * are left: the result and the error are those of that value read in place. */
int zser_json_decode_within(zval *result, zend_string *s, int options, int depth, size_t stack,
                            size_t *where);
/* The error code zser_json_decode() would give for s, found without building any value
 * (0: it would decode). Unlike jsond_validate() it refuses, in object mode, a member name
 * starting with "\0" as the build does. On error *where is its byte offset in s. */
int zser_json_check(const zend_string *s, int options, int depth, size_t *where);
/* True when s[0..len) holds only whitespace, and comments when options allow them: a text
 * with no value in it. */
bool zser_json_blank(const char *s, size_t len, zend_long options);
/* Encodes value as jsond_encode(value, options, depth) does: returns ext/json's error code
 * (0 on success) and sets *out to the text (owned by the caller), or to NULL when there is
 * none (an error without JSON_PARTIAL_OUTPUT_ON_ERROR). Sets no last-error state. */
int zser_json_encode(zend_string **out, zval *value, int options, int depth);

extern zend_class_entry *zser_ce_JsondLines;
/* Sets up the JsondLines class (json_lines.c) once gen_stub's code has registered it. */
void zser_json_lines_minit(zend_class_entry *ce);
extern zend_class_entry *zser_ce_JsondStream;
/* Sets up the JsondStream class (json_stream.c) once gen_stub's code has registered it. */
void zser_json_stream_minit(zend_class_entry *ce);

#endif
