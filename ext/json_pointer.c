/* zser — SPDX-License-Identifier: MIT
 *
 * jsond_pointer_get(), jsond_pointer_exists() and jsond_pointer_count(): reads at an RFC 6901
 * JSON Pointer without decoding the rest of the document (docs/JSON-POINTER.md). The text is
 * first checked whole by the decoder's validating pass (zser_json_check: the error codes of
 * jsond_decode, nothing built), then the path is walked with the core's skip-scanner, and
 * only the value found is decoded, by the decoder itself with the same flags and the depth
 * left at that level, so that it is what jsond_decode() of the whole text holds there.
 * The last-error state and JsonException follow jsond_decode(); a path that is not there
 * and a count of a scalar have error codes of their own (json_common.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "ext/json/php_json.h"
#include "zser_internal.h"
#include "json_common.h"
#include "zs_json_scan.h"

/* What a walk found: where the value starts and how many containers hold it. */
typedef struct {
	const unsigned char *value;
	size_t levels;
} jsond_ptr_target;

/* The decoder's own flags: a lookup must decode names and values as jsond_decode does. */
#define NAME_FLAGS                                                                         \
	(PHP_JSON_OBJECT_AS_ARRAY | PHP_JSON_BIGINT_AS_STRING | PHP_JSON_INVALID_UTF8_IGNORE | \
	 PHP_JSON_INVALID_UTF8_SUBSTITUTE)

/* Sets the error as jsond_decode() does: the last-error state, or JsonException under
 * JSON_THROW_ON_ERROR. */
static void jsond_ptr_report(int err, zend_long options)
{
	if (options & PHP_JSON_THROW_ON_ERROR) {
		zser_json_throw(err);
	} else {
		ZSER_G(json_error_code) = err;
		ZSER_G(json_error_offset) = -1;
	}
}

/* The member name as jsond_decode() reads it (a new string), for names whose raw bytes may
 * differ from it: escapes, or ill-formed UTF-8 that the flags drop or replace. */
static zend_string *decoded_name(const zs_json_item *item, int options)
{
	zend_string *quoted = zend_string_alloc(item->key_len + 2, 0);
	zval zv;
	int err;
	ZSTR_VAL(quoted)[0] = '"';
	memcpy(ZSTR_VAL(quoted) + 1, item->key, item->key_len);
	ZSTR_VAL(quoted)[item->key_len + 1] = '"';
	ZSTR_VAL(quoted)[item->key_len + 2] = '\0';
	err = zser_json_decode(&zv, quoted, options & NAME_FLAGS, 1);
	zend_string_efree(quoted);
	if (err || Z_TYPE(zv) != IS_STRING) {
		/* the text was validated whole: a member name always decodes to a string */
		zval_ptr_dtor(&zv);
		return ZSTR_EMPTY_ALLOC();
	}
	return Z_STR(zv);
}

/* Raw bytes equal the decoded name: no escape, and no byte the UTF-8 flags may rewrite
 * (without them, validation has refused ill-formed UTF-8). */
static bool name_is_raw(const zs_json_item *item, int options)
{
	return item->key_number ||
	       (!item->key_escaped &&
	        (!item->key_high ||
	         !(options & (PHP_JSON_INVALID_UTF8_IGNORE | PHP_JSON_INVALID_UTF8_SUBSTITUTE))));
}

static bool name_equals(const zs_json_item *item, const char *tok, size_t len, int options)
{
	zend_string *name;
	bool eq;
	if (name_is_raw(item, options)) {
		return item->key_len == len && memcmp(item->key, tok, len) == 0;
	}
	name = decoded_name(item, options);
	eq = ZSTR_LEN(name) == len && memcmp(ZSTR_VAL(name), tok, len) == 0;
	zend_string_release(name);
	return eq;
}

/* Walks ptr through the validated text doc. Returns 0 with *t set, or
 * ZSER_JSON_ERROR_POINTER_NOT_FOUND. A member named twice is found at its last occurrence,
 * the one jsond_decode() keeps. */
static int jsond_ptr_walk(const zend_string *doc, const zend_string *ptr, int options,
                          jsond_ptr_target *t)
{
	const unsigned char *end = (const unsigned char *)ZSTR_VAL(doc) + ZSTR_LEN(doc);
	const unsigned char *v = zs_json_scan_ws((const unsigned char *)ZSTR_VAL(doc), end);
	size_t pos = 0, levels = 0;
	char *tok = ZSTR_LEN(ptr) ? emalloc(ZSTR_LEN(ptr)) : NULL;
	int err = 0;

	/* An array element is not stepped over on the way down (only objects must be read to
	 * their end, for a later member of the same name): each level would otherwise cross the
	 * whole value it then goes into. */
	t->value = v;
	while (pos < ZSTR_LEN(ptr)) {
		zs_json_iter it;
		zs_json_item item;
		size_t len, index = 0, i = 0;
		bool found = false;

		pos++; /* the '/' */
		len = zs_json_pointer_token(ZSTR_VAL(ptr), ZSTR_LEN(ptr), &pos, tok);
		if (!zs_json_scan_open(&it, t->value, end)) {
			goto not_found;
		}
		if (!it.object && !zs_json_pointer_index(tok, len, &index)) {
			goto not_found;
		}
		if (it.object) {
			/* every member: the last one of a name is the one decode keeps */
			while (zs_json_scan_next(&it, &item, true) == ZS_JSON_ITEM) {
				if (name_equals(&item, tok, len, options)) {
					t->value = item.value;
					found = true;
				}
			}
		} else {
			while (zs_json_scan_next(&it, &item, i != index) == ZS_JSON_ITEM) {
				if (i++ == index) {
					t->value = item.value;
					found = true;
					break;
				}
			}
		}
		if (!found) {
			goto not_found;
		}
		levels++;
	}
	t->levels = levels;
	goto done;
not_found:
	err = ZSER_JSON_ERROR_POINTER_NOT_FOUND;
done:
	if (tok) {
		efree(tok);
	}
	return err;
}

/* Element count of the container at t: distinct names for an object, as the decoded
 * array or stdClass holds them; -1 for a scalar. */
static zend_long container_count(const jsond_ptr_target *t, const unsigned char *end, int options)
{
	zs_json_iter it;
	zs_json_item item;
	zend_long n = 0;
	HashTable names;
	if (!zs_json_scan_open(&it, t->value, end)) {
		return -1;
	}
	if (!it.object) {
		while (zs_json_scan_next(&it, &item, true) == ZS_JSON_ITEM) {
			n++;
		}
		return n;
	}
	zend_hash_init(&names, 8, NULL, NULL, 0);
	while (zs_json_scan_next(&it, &item, true) == ZS_JSON_ITEM) {
		if (name_is_raw(&item, options)) {
			zend_hash_str_add_empty_element(&names, (const char *)item.key, item.key_len);
		} else {
			zend_string *name = decoded_name(&item, options);
			zend_hash_add_empty_element(&names, name);
			zend_string_release(name);
		}
	}
	n = (zend_long)zend_hash_num_elements(&names);
	zend_hash_destroy(&names);
	return n;
}

/* The checks every pointer function makes first, in this order: the flags (state untouched),
 * reset of the last error (kept under JSON_THROW_ON_ERROR), the pointer's syntax, empty
 * input, the depth range. Returns false when the call ends here (a ValueError is thrown, or
 * the error is set). */
static bool start(const zend_string *json, const zend_string *ptr, zend_long depth,
                  zend_long options, uint32_t depth_arg)
{
	if (options & (ZSER_JSON_ALLOW_COMMENTS | ZSER_JSON_ALLOW_TRAILING_COMMAS)) {
		/* the skip-scanner that walks the path reads strict JSON only */
		zend_argument_value_error(depth_arg + 1, "must not contain JSOND_ALLOW_COMMENTS or "
		                                         "JSOND_ALLOW_TRAILING_COMMAS");
		return false;
	}
	if (!(options & PHP_JSON_THROW_ON_ERROR)) {
		ZSER_G(json_error_code) = PHP_JSON_ERROR_NONE;
		ZSER_G(json_error_offset) = -1;
	}
	if (!zs_json_pointer_valid(ZSTR_VAL(ptr), ZSTR_LEN(ptr))) {
		zend_argument_value_error(2, "must be a valid JSON Pointer (\"\" or starting with "
		                             "\"/\", \"~\" followed by \"0\" or \"1\")");
		return false;
	}
	if (ZSTR_LEN(json) == 0) {
		zser_json_fail_at(PHP_JSON_ERROR_SYNTAX, json, 0, options);
		return false;
	}
	if (!zser_json_depth_ok(depth, depth_arg)) {
		return false;
	}
	return true;
}

/* Validates json and walks to ptr: 0 with *t set, or the error (already reported unless it
 * is "not found" and quiet_missing is set). */
static int jsond_ptr_locate(zend_string *json, zend_string *ptr, zend_long depth, zend_long options,
                            jsond_ptr_target *t, bool quiet_missing)
{
	size_t where;
	int err = zser_json_check(json, (int)options, (int)depth, &where);
	if (err) {
		zser_json_fail_at(err, json, where, options);
		return err;
	}
	err = jsond_ptr_walk(json, ptr, (int)options, t);
	if (err && !quiet_missing) {
		jsond_ptr_report(err, options);
	}
	return err;
}

PHP_FUNCTION(jsond_pointer_get)
{
	zend_string *json, *ptr, *slice;
	const unsigned char *end;
	bool assoc = 0, assoc_null = 1;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;
	jsond_ptr_target t;
	int err;

	ZEND_PARSE_PARAMETERS_START(2, 5)
		Z_PARAM_STR(json)
		Z_PARAM_STR(ptr)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL_OR_NULL(assoc, assoc_null)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	if (!start(json, ptr, depth, options, 4)) {
		if (EG(exception)) {
			RETURN_THROWS();
		}
		RETURN_NULL();
	}
	options = zser_json_assoc(options, assoc, assoc_null);
	if (ZSTR_LEN(ptr) == 0) {
		/* the whole document: one decoding pass, which validates as it builds */
		size_t where;
		err = zser_json_decode_at(return_value, json, (int)options, (int)depth, &where);
		if (err) {
			zser_json_fail_at(err, json, where, options);
		}
		return;
	}
	if (jsond_ptr_locate(json, ptr, depth, options, &t, false)) {
		RETURN_NULL();
	}
	end = zs_json_scan_skip(t.value, (const unsigned char *)ZSTR_VAL(json) + ZSTR_LEN(json));
	if (!end) {
		/* never for a text validated whole: a value always ends */
		jsond_ptr_report(PHP_JSON_ERROR_SYNTAX, options);
		RETURN_NULL();
	}
	slice = zend_string_init((const char *)t.value, (size_t)(end - t.value), 0);
	/* depth is counted from the root, as jsond_decode() counts it: the levels above the value
	 * are spent; a scalar at the last level still decodes with a depth of 1 */
	err = zser_json_decode(return_value, slice, (int)options,
	                       depth - (zend_long)t.levels > 0 ? (int)(depth - (zend_long)t.levels)
	                                                       : 1);
	zend_string_efree(slice);
	if (err) {
		jsond_ptr_report(err, options);
	}
}

PHP_FUNCTION(jsond_pointer_exists)
{
	zend_string *json, *ptr;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;
	jsond_ptr_target t;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_STR(json)
		Z_PARAM_STR(ptr)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	if (!start(json, ptr, depth, options, 3)) {
		if (EG(exception)) {
			RETURN_THROWS();
		}
		RETURN_FALSE;
	}
	/* a missing path is the answer here, not an error */
	RETURN_BOOL(jsond_ptr_locate(json, ptr, depth, options, &t, true) == 0);
}

PHP_FUNCTION(jsond_pointer_count)
{
	zend_string *json, *ptr;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;
	zend_long n;
	jsond_ptr_target t;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_STR(json)
		Z_PARAM_STR(ptr)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	if (!start(json, ptr, depth, options, 3)) {
		if (EG(exception)) {
			RETURN_THROWS();
		}
		RETURN_LONG(-1);
	}
	if (jsond_ptr_locate(json, ptr, depth, options, &t, false)) {
		RETURN_LONG(-1);
	}
	n = container_count(&t, (const unsigned char *)ZSTR_VAL(json) + ZSTR_LEN(json), (int)options);
	if (n < 0) {
		jsond_ptr_report(ZSER_JSON_ERROR_POINTER_NOT_CONTAINER, options);
	}
	RETURN_LONG(n);
}
