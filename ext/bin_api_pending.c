/* zser — SPDX-License-Identifier: MIT
 *
 * INTERIM, removed when the binary format (issue 3) lands: weak stand-ins for the C API that
 * the session and APCu hooks call, so the module loads and fails cleanly (a warning and
 * FAILURE) until the real, strong definitions in bin_*.c replace them at link time.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zser_integrations.h"

__attribute__((weak)) PHP_ZSER_API zend_result php_zser_serialize(smart_str *buf, zval *value)
{
	(void)buf;
	(void)value;
	php_error_docref(NULL, E_WARNING, "The zser binary format is not available in this build");
	return FAILURE;
}

__attribute__((weak)) PHP_ZSER_API zend_result php_zser_unserialize(zval *result,
                                                                    const unsigned char *buf,
                                                                    size_t len)
{
	(void)buf;
	(void)len;
	ZVAL_UNDEF(result);
	php_error_docref(NULL, E_WARNING, "The zser binary format is not available in this build");
	return FAILURE;
}
