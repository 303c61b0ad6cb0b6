/* zser — SPDX-License-Identifier: MIT
 *
 * A minimal extension built against the installed php_zser.h, as another extension (a cache or
 * session client) would use zser: zser_capi_demo_pack($value) returns the zser bytes or false,
 * zser_capi_demo_pack_after($prefix, $value) the zser bytes appended to $prefix in the same
 * buffer (a client writing its own header first), zser_capi_demo_unpack($bytes) returns the
 * value or false (zser raised the warning). Built
 * and run only by the capi CI stage; it is the example of docs/C-API.md.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "ext/zser/php_zser.h"

ZEND_BEGIN_ARG_INFO_EX(arginfo_pack, 0, 0, 1)
ZEND_ARG_INFO(0, value)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_pack_after, 0, 0, 2)
ZEND_ARG_INFO(0, prefix)
ZEND_ARG_INFO(0, value)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_unpack, 0, 0, 1)
ZEND_ARG_INFO(0, bytes)
ZEND_END_ARG_INFO()

PHP_FUNCTION(zser_capi_demo_pack)
{
	zval *value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	if (php_zser_serialize(&buf, value) == FAILURE) {
		/* The exception (or warning) is already raised; what was written is ours to free. */
		smart_str_free(&buf);
		RETURN_FALSE;
	}
	RETURN_STR(smart_str_extract(&buf));
}

PHP_FUNCTION(zser_capi_demo_pack_after)
{
	zend_string *prefix;
	zval *value;
	smart_str buf = {0};

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(prefix)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	smart_str_append(&buf, prefix);
	if (php_zser_serialize(&buf, value) == FAILURE) {
		smart_str_free(&buf);
		RETURN_FALSE;
	}
	RETURN_STR(smart_str_extract(&buf));
}

PHP_FUNCTION(zser_capi_demo_unpack)
{
	zend_string *bytes;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(bytes)
	ZEND_PARSE_PARAMETERS_END();

	/* On failure the warning is raised and return_value is not written: report false. */
	if (php_zser_unserialize(return_value, (const unsigned char *)ZSTR_VAL(bytes),
	                         ZSTR_LEN(bytes)) == FAILURE) {
		RETURN_FALSE;
	}
}

/* Entry macros carry their own commas, which clang-format cannot see. */
/* clang-format off */
static const zend_function_entry demo_functions[] = {
	PHP_FE(zser_capi_demo_pack, arginfo_pack)
	PHP_FE(zser_capi_demo_pack_after, arginfo_pack_after)
	PHP_FE(zser_capi_demo_unpack, arginfo_unpack)
	PHP_FE_END
};

/* zser must start first; the dynamic linker resolves our calls to its exported symbols. */
static const zend_module_dep demo_deps[] = {
	ZEND_MOD_REQUIRED("zser")
	ZEND_MOD_END
};
/* clang-format on */

zend_module_entry zser_capi_demo_module_entry = {
        STANDARD_MODULE_HEADER_EX,
        NULL,
        demo_deps,
        "zser_capi_demo",
        demo_functions,
        NULL,
        NULL,
        NULL,
        NULL,
        NULL,
        "0.1",
        STANDARD_MODULE_PROPERTIES,
};

#ifdef COMPILE_DL_ZSER_CAPI_DEMO
ZEND_GET_MODULE(zser_capi_demo)
#endif
