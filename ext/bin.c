/* zser — SPDX-License-Identifier: MIT
 *
 * The PHP functions zser_serialize() and zser_unserialize(): argument and option parsing
 * with unserialize()'s error texts, then bin_encode.c / bin_decode.c do the work.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zend_smart_str.h"
#include "ext/standard/basic_functions.h"
#include "zser_internal.h"

PHP_FUNCTION(zser_serialize)
{
	zval *value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	if (php_zser_serialize(&buf, value) != SUCCESS || EG(exception)) {
		smart_str_free(&buf);
		RETURN_THROWS();
	}
	RETURN_STR(smart_str_extract(&buf));
}

/* allowed_classes as unserialize() reads it; FAILURE with an exception thrown. */
static zend_result parse_allowed(zval *classes, HashTable **out)
{
	zval *entry;

	if (Z_TYPE_P(classes) != IS_ARRAY && Z_TYPE_P(classes) != IS_TRUE &&
	    Z_TYPE_P(classes) != IS_FALSE) {
		zend_type_error("zser_unserialize(): Option \"allowed_classes\" must be of type "
		                "array|bool, %s given",
		                zend_zval_type_name(classes));
		return FAILURE;
	}
	if (Z_TYPE_P(classes) == IS_TRUE) {
		return SUCCESS;
	}
	ALLOC_HASHTABLE(*out);
	zend_hash_init(*out,
	               Z_TYPE_P(classes) == IS_ARRAY ? zend_hash_num_elements(Z_ARRVAL_P(classes)) : 0,
	               NULL, NULL, 0);
	if (Z_TYPE_P(classes) != IS_ARRAY) {
		return SUCCESS;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(classes), entry) {
		zend_string *name, *lc;
#if PHP_VERSION_ID >= 80400
		/* PHP 8.4's unserialize() takes strings and objects only, and valid names only */
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING && Z_TYPE_P(entry) != IS_OBJECT) {
			zend_type_error("zser_unserialize(): Option \"allowed_classes\" must be an array of "
			                "class names, %s given",
			                zend_zval_value_name(entry));
			return FAILURE;
		}
#endif
		name = zval_try_get_string(entry);
		if (!name) {
			return FAILURE;
		}
#if PHP_VERSION_ID >= 80400
		if (!zend_is_valid_class_name(name)) {
			zend_value_error("zser_unserialize(): Option \"allowed_classes\" must be an array of "
			                 "class names, \"%s\" given",
			                 ZSTR_VAL(name));
			zend_string_release(name);
			return FAILURE;
		}
#endif
		lc = zend_string_tolower(name);
		zend_hash_add_empty_element(*out, lc);
		zend_string_release(lc);
		zend_string_release(name);
	}
	ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

static zend_result parse_options(HashTable *options, zser_decode_opts *opts)
{
	zval *v;

	v = zend_hash_str_find_deref(options, "allowed_classes", sizeof("allowed_classes") - 1);
	if (v && parse_allowed(v, &opts->allowed) != SUCCESS) {
		return FAILURE;
	}
	v = zend_hash_str_find_deref(options, "max_depth", sizeof("max_depth") - 1);
	if (v) {
		if (Z_TYPE_P(v) != IS_LONG) {
			zend_type_error(
			        "zser_unserialize(): Option \"max_depth\" must be of type int, %s given",
#if PHP_VERSION_ID >= 80400
			        zend_zval_value_name(v)); /* "true given" rather than "bool given" */
#else
			        zend_zval_type_name(v));
#endif
			return FAILURE;
		}
		if (Z_LVAL_P(v) < 0) {
			zend_value_error(
			        "zser_unserialize(): Option \"max_depth\" must be greater than or equal to 0");
			return FAILURE;
		}
		opts->max_depth = Z_LVAL_P(v);
		opts->max_depth_set = true;
	}
	v = zend_hash_str_find_deref(options, "throw_on_error", sizeof("throw_on_error") - 1);
	if (v) {
		if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
			zend_type_error(
			        "zser_unserialize(): Option \"throw_on_error\" must be of type bool, %s given",
			        zend_zval_type_name(v));
			return FAILURE;
		}
		opts->throw_on_error = Z_TYPE_P(v) == IS_TRUE;
	}
	v = zend_hash_str_find_deref(options, "read_legacy", sizeof("read_legacy") - 1);
	if (v) {
		if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
			zend_type_error(
			        "zser_unserialize(): Option \"read_legacy\" must be of type bool, %s given",
			        zend_zval_type_name(v));
			return FAILURE;
		}
		opts->read_legacy = Z_TYPE_P(v) == IS_TRUE;
	}
#ifdef ZSER_DEC_ORACLE
	/* test builds only (docs/INTERNALS.md §12): decode without the fast paths */
	v = zend_hash_str_find_deref(options, "oracle_slow_path", sizeof("oracle_slow_path") - 1);
	if (v) {
		if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE) {
			zend_type_error("zser_unserialize(): Option \"oracle_slow_path\" must be of type "
			                "bool, %s given",
			                zend_zval_type_name(v));
			return FAILURE;
		}
		opts->slow_path = Z_TYPE_P(v) == IS_TRUE ? 1 : 0;
	}
#endif
	return SUCCESS;
}

PHP_FUNCTION(zser_unserialize)
{
	zend_string *data;
	HashTable *options = NULL;
	zser_decode_opts opts;
#ifdef ZSER_DEC_ORACLE
	bool outer_slow;
#endif

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(data)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	opts.allowed = NULL;
	opts.max_depth = BG(unserialize_max_depth);
	opts.throw_on_error = false;
	opts.max_depth_set = false;
	opts.read_legacy = false;
#ifdef ZSER_DEC_ORACLE
	opts.slow_path = -1;
#endif
	if (options && parse_options(options, &opts) != SUCCESS) {
		goto cleanup;
	}
	/* No data is not bad data: unserialize('') gives false without a warning, and a cache or
	 * session miss often hands over an empty string. throw_on_error still throws. */
	if (ZSTR_LEN(data) == 0 && !opts.throw_on_error) {
		RETVAL_FALSE;
		goto cleanup;
	}
#ifdef ZSER_DEC_ORACLE
	/* given: for this call and the calls nested in it; else as the outer call has it */
	outer_slow = zser_dec_slow_path;
	if (opts.slow_path >= 0) {
		zser_dec_slow_path = opts.slow_path;
	}
#endif
	if (opts.read_legacy &&
	    zser_is_legacy_blob((const unsigned char *)ZSTR_VAL(data), ZSTR_LEN(data))) {
		if (zser_decode_legacy(return_value, (const unsigned char *)ZSTR_VAL(data), ZSTR_LEN(data),
		                       &opts) != SUCCESS &&
		    !EG(exception)) {
			RETVAL_FALSE;
		}
	} else if (zser_decode(return_value, (const unsigned char *)ZSTR_VAL(data), ZSTR_LEN(data),
	                       &opts) != SUCCESS) {
		if (!EG(exception)) {
			RETVAL_FALSE;
		}
	}
#ifdef ZSER_DEC_ORACLE
	zser_dec_slow_path = outer_slow;
#endif
cleanup:
	if (opts.allowed) {
		zend_hash_destroy(opts.allowed);
		FREE_HASHTABLE(opts.allowed);
	}
}
