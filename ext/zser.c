/* zser — SPDX-License-Identifier: MIT
 *
 * Module lifecycle: globals, INI, registration of functions, constants and classes
 * (from the generated zser_arginfo.h), and the phpinfo() section. The functions
 * themselves live with their phase: json_*.c for jsond_*, bin_*.c for zser_*.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "ext/standard/info.h"
#include "zend_exceptions.h"
#include "ext/json/php_json.h"
#include "zser_internal.h"
#include "json_common.h"
#include "zser_arginfo.h"

ZEND_DECLARE_MODULE_GLOBALS(zser)

zend_class_entry *zser_ce_JsondSerializable;
zend_class_entry *zser_ce_ZserException;

static PHP_GINIT_FUNCTION(zser)
{
#if defined(ZTS) && defined(COMPILE_DL_ZSER)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(zser_globals, 0, sizeof(*zser_globals));
}

static PHP_MINIT_FUNCTION(zser)
{
	(void)type;
	register_zser_symbols(module_number);
	zser_ce_JsondSerializable = register_class_JsondSerializable();
	zser_ce_ZserException = register_class_ZserException(zend_ce_exception);
	zser_json_minit();
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(zser)
{
	(void)zend_module;
	php_info_print_table_start();
	php_info_print_table_row(2, "zser support", "enabled");
	php_info_print_table_row(2, "Version", PHP_ZSER_VERSION);
	php_info_print_table_row(2, "JSON functions", "jsond_encode, jsond_decode, jsond_validate");
	php_info_print_table_end();
}

static const zend_module_dep zser_deps[] = {ZEND_MOD_REQUIRED("json") ZEND_MOD_CONFLICTS("jsond")
                                                    ZEND_MOD_END};

zend_module_entry zser_module_entry = {
        STANDARD_MODULE_HEADER_EX,
        NULL,
        zser_deps,
        "zser",
        ext_functions,
        PHP_MINIT(zser),
        NULL,
        NULL,
        NULL,
        PHP_MINFO(zser),
        PHP_ZSER_VERSION,
        PHP_MODULE_GLOBALS(zser),
        PHP_GINIT(zser),
        NULL,
        NULL,
        STANDARD_MODULE_PROPERTIES_EX,
};

#ifdef COMPILE_DL_ZSER
#ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
#endif
ZEND_GET_MODULE(zser)
#endif
