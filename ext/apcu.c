/* zser — SPDX-License-Identifier: MIT
 *
 * apc.serializer=zser: APCu stores arrays and objects through these two hooks. The hooks only
 * convert; APCu owns the shared memory, the copying and the locking. Built only when
 * config.m4 found APCu's apc_serializer.h (HAVE_APCU_SUPPORT); registered only when APCu is
 * loaded, which ZEND_MOD_OPTIONAL("apcu") orders before us.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zser_internal.h"
#include "zser_integrations.h"

#ifdef HAVE_APCU_SUPPORT

/* APCu's shipped header defines a static function with an unused parameter. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#endif
#include "ext/apcu/apc_serializer.h"
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

static bool registered;

/* Writes `value` into a fresh emalloc'd buffer that APCu copies into shared memory and then
 * efree()s. Returns 1 on success and 0 on failure: APCu's convention, the OPPOSITE of
 * SUCCESS/FAILURE. On failure the exception or warning is already raised and APCu stores
 * nothing. */
static int APC_SERIALIZER_NAME(zser)(APC_SERIALIZER_ARGS)
{
	smart_str out = {0};

	(void)config;
	if (php_zser_serialize(&out, (zval *)value) == FAILURE) {
		smart_str_free(&out);
		return 0;
	}
	*buf_len = ZSTR_LEN(out.s);
	*buf = emalloc(*buf_len + 1);
	memcpy(*buf, ZSTR_VAL(out.s), *buf_len);
	(*buf)[*buf_len] = '\0';
	smart_str_free(&out);
	return 1;
}

/* Rebuilds a value from APCu's copy of what the hook above wrote. Returns 1 on success and 0
 * on failure: APCu's convention, the OPPOSITE of SUCCESS/FAILURE. On failure a warning is
 * raised, `value` is not written and APCu sets it to null. */
static int APC_UNSERIALIZER_NAME(zser)(APC_UNSERIALIZER_ARGS)
{
	(void)config;
	return php_zser_unserialize(value, buf, buf_len) == SUCCESS ? 1 : 0;
}

void zser_apcu_minit(void)
{
	/* apc_register_serializer() finds APCu through a constant APCu defines in its MINIT; it
	 * returns 0 when APCu is not loaded. */
	registered = apc_register_serializer("zser", APC_SERIALIZER_NAME(zser),
	                                     APC_UNSERIALIZER_NAME(zser), NULL) != 0;
}

const char *zser_apcu_status(void)
{
	if (registered) {
		return zser_ini_is("apc.serializer", "zser")
		               ? "registered, in use (apc.serializer=zser)"
		               : "registered, not in use (apc.serializer is not zser)";
	}
	/* APCu only offers its registry when it is enabled (apc.enabled, apc.enable_cli). */
	return zend_hash_str_exists(&module_registry, ZEND_STRL("apcu"))
	               ? "not registered (APCu is loaded but disabled)"
	               : "not registered (APCu not loaded)";
}

#else /* built without APCu's headers */

void zser_apcu_minit(void)
{
}

const char *zser_apcu_status(void)
{
	return "not available (built without APCu headers)";
}

#endif
