/* zser — SPDX-License-Identifier: MIT
 *
 * The last-error state of the jsond_* functions and their messages. The state is zser's
 * own (json_last_error() never sees it); the codes and texts are ext/json's, so that code
 * written against json_* reads the same answers (docs/COMPAT.md).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "ext/json/php_json.h"
#include "zser_internal.h"
#include "json_common.h"

zend_class_entry *zser_json_exception_ce;

const char *zser_json_error_msg(int code)
{
	switch (code) {
	case PHP_JSON_ERROR_NONE:
		return "No error";
	case PHP_JSON_ERROR_DEPTH:
		return "Maximum stack depth exceeded";
	case PHP_JSON_ERROR_STATE_MISMATCH:
		return "State mismatch (invalid or malformed JSON)";
	case PHP_JSON_ERROR_CTRL_CHAR:
		return "Control character error, possibly incorrectly encoded";
	case PHP_JSON_ERROR_SYNTAX:
		return "Syntax error";
	case PHP_JSON_ERROR_UTF8:
		return "Malformed UTF-8 characters, possibly incorrectly encoded";
	case PHP_JSON_ERROR_RECURSION:
		return "Recursion detected";
	case PHP_JSON_ERROR_INF_OR_NAN:
		return "Inf and NaN cannot be JSON encoded";
	case PHP_JSON_ERROR_UNSUPPORTED_TYPE:
		return "Type is not supported";
	case PHP_JSON_ERROR_INVALID_PROPERTY_NAME:
		return "The decoded property name is invalid";
	case PHP_JSON_ERROR_UTF16:
		return "Single unpaired UTF-16 surrogate in unicode escape";
	case PHP_JSON_ERROR_NON_BACKED_ENUM:
		return "Non-backed enums have no default serialization";
	case ZSER_JSON_ERROR_POINTER_NOT_FOUND:
		return "JSON Pointer not found";
	case ZSER_JSON_ERROR_POINTER_NOT_CONTAINER:
		return "JSON Pointer value is neither an array nor an object";
	default:
		return "Unknown error";
	}
}

void zser_json_throw(int code)
{
	zend_throw_exception(zser_json_exception_ce, zser_json_error_msg(code), code);
}

void zser_json_minit(void)
{
	/* JsonException is not declared in ext/json's public header on every PHP version. */
	zser_json_exception_ce = zend_hash_str_find_ptr(CG(class_table), ZEND_STRL("jsonexception"));
	ZEND_ASSERT(zser_json_exception_ce != NULL);
}

PHP_FUNCTION(jsond_last_error)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(ZSER_G(json_error_code));
}

PHP_FUNCTION(jsond_last_error_msg)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_STRING(zser_json_error_msg(ZSER_G(json_error_code)));
}
