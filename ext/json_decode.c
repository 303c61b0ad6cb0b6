/* zser — SPDX-License-Identifier: MIT
 *
 * PLACEHOLDER while the decoder is written: jsond_decode() and jsond_validate() throw.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zser_internal.h"

PHP_FUNCTION(jsond_decode)
{
	zend_string *s;
	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_STR(s)
	ZEND_PARSE_PARAMETERS_END();
	zend_throw_error(NULL, "not implemented");
}

PHP_FUNCTION(jsond_validate)
{
	zend_string *s;
	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(s)
	ZEND_PARSE_PARAMETERS_END();
	zend_throw_error(NULL, "not implemented");
}
