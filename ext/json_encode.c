/* zser — SPDX-License-Identifier: MIT
 *
 * PLACEHOLDER while the encoder is written: jsond_encode() throws.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zser_internal.h"

PHP_FUNCTION(jsond_encode)
{
	zval *value;
	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();
	zend_throw_error(NULL, "not implemented");
}
