/* zser — SPDX-License-Identifier: MIT
 *
 * PLACEHOLDER while the binary format is written: zser_serialize()/zser_unserialize() throw.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zser_internal.h"

PHP_FUNCTION(zser_serialize)
{
	zval *value;
	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();
	zend_throw_error(NULL, "not implemented");
}

PHP_FUNCTION(zser_unserialize)
{
	zend_string *s;
	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(s)
	ZEND_PARSE_PARAMETERS_END();
	zend_throw_error(NULL, "not implemented");
}
