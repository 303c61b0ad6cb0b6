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
#include "zend_interfaces.h"
#include "ext/json/php_json.h"
#include "zser_internal.h"
#include "json_common.h"
#include "zser_integrations.h"
#include "zs_wire.h"
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

/* ==== Integrations: INI (see zser_integrations.h) ==== */

/* The session settings are PHP_INI_ALL, like session.serialize_handler: an application may
 * narrow them before session_start(), and a host pins them with php_admin_value. Code that
 * can call ini_set() can run anything already; the session bytes are what is untrusted. */
PHP_INI_BEGIN()
PHP_INI_ENTRY("zser.json_override", "0", PHP_INI_SYSTEM, zser_ini_update_json_override)
PHP_INI_ENTRY("zser.huge_pages", "1", PHP_INI_SYSTEM, zser_ini_update_huge_pages)
PHP_INI_ENTRY("zser.session_allowed_classes", "*", PHP_INI_ALL,
              zser_ini_update_session_allowed_classes)
PHP_INI_ENTRY("zser.session_read_legacy", "1", PHP_INI_ALL, zser_ini_update_session_read_legacy)
PHP_INI_ENTRY("zser.session_write_format", "zser", PHP_INI_ALL,
              zser_ini_update_session_write_format)
PHP_INI_END()

#if PHP_VERSION_ID >= 80400
/* jsond_encode() guards jsonSerialize() on the object's recursion flags, which exist only in
 * objects of classes using guards: ext/json sets the flag for JsonSerializable the same way. */
static int jsond_serializable_implemented(zend_class_entry *iface, zend_class_entry *ce)
{
	(void)iface;
	ce->ce_flags |= ZEND_ACC_USE_GUARDS;
	return SUCCESS;
}
#endif

static PHP_MINIT_FUNCTION(zser)
{
	(void)type;
	REGISTER_INI_ENTRIES();
	register_zser_symbols(module_number);
	zser_ce_JsondSerializable = register_class_JsondSerializable();
#if PHP_VERSION_ID >= 80400
	zser_ce_JsondSerializable->interface_gets_implemented = jsond_serializable_implemented;
#endif
	zser_ce_ZserException = register_class_ZserException(zend_ce_exception);
	zser_json_lines_minit(register_class_JsondLines(zend_ce_iterator));
	zser_json_stream_minit(register_class_JsondStream(zend_ce_iterator));
	zser_json_minit();
	/* Integrations: after our own functions exist, since the json_* override points at them. */
	zser_session_minit();
	zser_apcu_minit();
	zser_json_override_minit();
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(zser)
{
	(void)type;
	(void)module_number;
	zser_json_override_mshutdown();
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(zser)
{
	(void)type;
	(void)module_number;
#if defined(ZTS) && defined(COMPILE_DL_ZSER)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	zser_decode_cache_start();
	zser_encode_cache_start();
	zser_json_cache_start();
	/* a request that ended in a bailout may have left them set */
	ZSER_G(enc_outer) = NULL;
	ZSER_G(dec_outer) = NULL;
	ZSER_G(enc_calls) = 0;
	ZSER_G(dec_calls) = 0;
	return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(zser)
{
	(void)type;
	(void)module_number;
	zser_decode_cache_release();
	zser_encode_cache_release();
	zser_json_cache_release();
	return SUCCESS;
}

/* The PHP this module was compiled against, and what CI runs the test suites on (README). */
#ifdef ZTS
#define ZSER_BUILT_ZTS "ZTS"
#else
#define ZSER_BUILT_ZTS "NTS"
#endif
#if ZEND_DEBUG
#define ZSER_BUILT_DEBUG ", debug"
#else
#define ZSER_BUILT_DEBUG ""
#endif
#define ZSER_BUILT_FOR "PHP " PHP_VERSION ", " ZSER_BUILT_ZTS ZSER_BUILT_DEBUG
#define ZSER_TESTED_ON \
	"PHP 8.2 (release NTS, debug ZTS) and 8.4; written for 8.3 and 8.5 but not tested on them"

static PHP_MINFO_FUNCTION(zser)
{
	char format_version[8];

	(void)zend_module;
	php_info_print_table_start();
	php_info_print_table_row(2, "zser support", "enabled");
	php_info_print_table_row(2, "Version", PHP_ZSER_VERSION);
	php_info_print_table_row(2, "Built for", ZSER_BUILT_FOR);
	php_info_print_table_row(2, "Tested by CI on", ZSER_TESTED_ON);
	php_info_print_table_row(2, "JSON functions", "jsond_encode, jsond_decode, jsond_validate");
	/* Integrations */
	snprintf(format_version, sizeof(format_version), "%d", ZS_WIRE_VERSION);
	php_info_print_table_row(2, "Binary format version", format_version);
	php_info_print_table_row(2, "Session serializer", zser_session_status());
	php_info_print_table_row(2, "APCu serializer", zser_apcu_status());
	php_info_print_table_row(2, "json_* override", zser_json_override_status());
	php_info_print_table_end();
	DISPLAY_INI_ENTRIES();
}

/* Each entry macro carries its own comma, which clang-format cannot see. */
/* clang-format off */
static const zend_module_dep zser_deps[] = {
	ZEND_MOD_REQUIRED("json")
	ZEND_MOD_CONFLICTS("jsond")
	/* Integrations: session and APCu start before our MINIT registers serializers there. */
#if defined(HAVE_PHP_SESSION) && !defined(COMPILE_DL_SESSION)
	ZEND_MOD_REQUIRED("session")
#endif
	ZEND_MOD_OPTIONAL("apcu")
	ZEND_MOD_END
};
/* clang-format on */

zend_module_entry zser_module_entry = {
        STANDARD_MODULE_HEADER_EX,
        NULL,
        zser_deps,
        "zser",
        ext_functions,
        PHP_MINIT(zser),
        PHP_MSHUTDOWN(zser),
        PHP_RINIT(zser),
        PHP_RSHUTDOWN(zser),
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
