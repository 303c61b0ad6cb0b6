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

ZEND_COLD void zser_json_depth_error(zend_long depth, uint32_t arg)
{
	if (depth <= 0) {
		zend_argument_value_error(arg, "must be greater than 0");
	} else {
		zend_argument_value_error(arg, "must be less than %d", INT_MAX);
	}
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

/* Line and column of the byte at offset: lines end at LF only (a CR is an ordinary column,
 * so CRLF counts once), columns count UTF-8 characters (bytes that do not continue one),
 * both from 1. Counted only once an error is found: the successful parse pays nothing. */
static void jsond_locate(const zend_string *s, size_t offset, zend_long *line, zend_long *column)
{
	const unsigned char *b = (const unsigned char *)ZSTR_VAL(s);
	const unsigned char *bol = b, *p;
	zend_long n = 1, c = 1;
	for (p = b; p < b + offset; p++) {
		if (*p == '\n') {
			n++;
			bol = p + 1;
		}
	}
	for (p = bol; p < b + offset; p++) {
		c += (*p & 0xC0) != 0x80;
	}
	*line = n;
	*column = c;
}

void zser_json_fail_at(int code, const zend_string *s, size_t offset, zend_long options)
{
	zend_long line, column;
	jsond_locate(s, offset, &line, &column);
	if (options & PHP_JSON_THROW_ON_ERROR) {
		if (options & ZSER_JSON_ERROR_LOCATION) {
			zend_throw_exception_ex(zser_json_exception_ce, code,
			                        "%s near location " ZEND_LONG_FMT ":" ZEND_LONG_FMT,
			                        zser_json_error_msg(code), line, column);
		} else {
			zser_json_throw(code);
		}
		return;
	}
	ZSER_G(json_error_code) = code;
	ZSER_G(json_error_offset) = (zend_long)offset;
	ZSER_G(json_error_line) = line;
	ZSER_G(json_error_column) = column;
	ZSER_G(json_error_loc_msg) = (options & ZSER_JSON_ERROR_LOCATION) != 0;
}

static bool has_location(void)
{
	return ZSER_G(json_error_code) != PHP_JSON_ERROR_NONE && ZSER_G(json_error_offset) >= 0;
}

PHP_FUNCTION(jsond_last_error_msg)
{
	ZEND_PARSE_PARAMETERS_NONE();
	if (has_location() && ZSER_G(json_error_loc_msg)) {
		RETURN_STR(zend_strpprintf(0, "%s near location " ZEND_LONG_FMT ":" ZEND_LONG_FMT,
		                           zser_json_error_msg(ZSER_G(json_error_code)),
		                           ZSER_G(json_error_line), ZSER_G(json_error_column)));
	}
	RETURN_STRING(zser_json_error_msg(ZSER_G(json_error_code)));
}

PHP_FUNCTION(jsond_last_error_location)
{
	ZEND_PARSE_PARAMETERS_NONE();
	if (!has_location()) {
		RETURN_NULL();
	}
	array_init_size(return_value, 3);
	add_assoc_long(return_value, "line", ZSER_G(json_error_line));
	add_assoc_long(return_value, "column", ZSER_G(json_error_column));
	add_assoc_long(return_value, "offset", ZSER_G(json_error_offset));
}
