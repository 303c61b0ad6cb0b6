/* zser — SPDX-License-Identifier: MIT
 *
 * session.serialize_handler=zser: the whole $_SESSION array is written as one zser value.
 * Reading also accepts what the `php` and `php_serialize` handlers wrote, told apart by the
 * first bytes, and hands those to PHP's own handlers, so a fleet can switch handlers without
 * logging anyone out. Storage (files, redis, ...) is the save handler's business, not ours.
 * Only built when ext/session is compiled into PHP (Debian's builds have it built in).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zser_internal.h"
#include "zser_integrations.h"
#include "zs_wire.h"

#if defined(HAVE_PHP_SESSION) && !defined(COMPILE_DL_SESSION)

#include "ext/session/php_session.h"

static bool registered;

/* FORMAT.md §2: a zser blob starts with 'Z' (0x5A), then the format version in bits 0-6 and
 * the reference flag in bit 7. A `php`-handler record can start with 'Z' too (a variable named
 * "Zip"), but then a name byte follows, printable or the lead byte of a UTF-8 letter, whose low
 * seven bits are 0x20 or more, while versions are small numbers: any version below 0x20
 * counts as zser, so a blob from a newer writer is refused by the zser reader ("unsupported
 * format version") instead of being misread as another handler's data. */
static bool is_zser_data(const char *val, size_t len)
{
	unsigned version;

	if (len < 2 || (unsigned char)val[0] != ZS_WIRE_MAGIC) {
		return false;
	}
	version = (unsigned char)val[1] & ~(unsigned)ZS_WIRE_FLAG_REFS & 0xFFu;
	return version >= 0x01 && version < 0x20;
}

/* The `php_serialize` handler writes serialize($_SESSION): "a:<count>:{...}". */
static bool is_php_serialize_data(const char *val, size_t len)
{
	return len >= 3 && val[0] == 'a' && val[1] == ':' && val[2] >= '0' && val[2] <= '9';
}

/* The `php` handler writes name|serialized-value pairs (the name may be empty); a serialized
 * value starts with a type letter followed by ':' or ';' (N; b: i: d: s: S: a: O: C: E: r: R:). */
static bool is_php_handler_data(const char *val, size_t len)
{
	const char *bar = memchr(val, '|', len);
	size_t rest;

	if (bar == NULL) {
		return false;
	}
	rest = len - (size_t)(bar + 1 - val);
	if (rest < 2 || (bar[2] != ':' && bar[2] != ';')) {
		return false;
	}
	return bar[1] != '\0' && strchr("NbidsSaOCErR", bar[1]) != NULL;
}

/* Hands data written by another handler to that handler, registered by ext/session itself. */
static zend_result decode_with(const char *handler, const char *val, size_t len)
{
	const ps_serializer *s = _php_find_ps_serializer(handler);

	if (s == NULL) {
		php_error_docref(NULL, E_WARNING,
		                 "Session data was written by the %s handler, which is not available",
		                 handler);
		return FAILURE;
	}
	return s->decode(val, len);
}

/* $_SESSION[$key] = $value, taking over one reference to `value`. Int keys cannot come from
 * the `php` handler, but zser (like php_serialize) keeps them, so they are restored as well. */
static void set_session_var(zend_string *key, zend_ulong h, zval *value)
{
	zval *vars;

	if (key != NULL) {
		php_set_session_var(key, value, NULL);
		return;
	}
	vars = Z_REFVAL(PS(http_session_vars));
	SEPARATE_ARRAY(vars);
	zend_hash_index_update(Z_ARRVAL_P(vars), h, value);
}

/* Encodes $_SESSION as one value. On failure (a Closure in the session, ...) the exception or
 * warning is already raised; NULL makes ext/session store an empty session, which is also
 * what becomes of a session the `php` handler fails to write (it writes a truncated record
 * that is rejected on the next read). */
PS_SERIALIZER_ENCODE_FUNC(zser)
{
	smart_str buf = {0};

	if (php_zser_serialize(&buf, Z_REFVAL(PS(http_session_vars))) == FAILURE) {
		smart_str_free(&buf);
		return NULL;
	}
	smart_str_0(&buf);
	return buf.s;
}

/* Fills $_SESSION from `val`. FAILURE (with a warning raised) makes ext/session destroy the
 * stored session and start an empty one, as for its own handlers. */
PS_SERIALIZER_DECODE_FUNC(zser)
{
	zval decoded, *value;
	zend_string *key;
	zend_ulong h;

	if (vallen == 0) {
		return SUCCESS;
	}
	if (!is_zser_data(val, vallen)) {
		if (is_php_serialize_data(val, vallen)) {
			return decode_with("php_serialize", val, vallen);
		}
		if (is_php_handler_data(val, vallen)) {
			return decode_with("php", val, vallen);
		}
		php_error_docref(NULL, E_WARNING,
		                 "Session data is neither zser nor php nor php_serialize data");
		return FAILURE;
	}

	if (php_zser_unserialize(&decoded, (const unsigned char *)val, vallen) == FAILURE) {
		return FAILURE;
	}
	if (Z_TYPE(decoded) != IS_ARRAY) {
		php_error_docref(NULL, E_WARNING, "Session data must be an array, %s given",
		                 zend_zval_type_name(&decoded));
		zval_ptr_dtor(&decoded);
		return FAILURE;
	}
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL(decoded), h, key, value) {
		/* References between session variables survive: each slot keeps its zend_reference. */
		Z_TRY_ADDREF_P(value);
		set_session_var(key, h, value);
	}
	ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&decoded);
	return SUCCESS;
}

void zser_session_minit(void)
{
	registered = php_session_register_serializer("zser", PS_SERIALIZER_ENCODE_NAME(zser),
	                                             PS_SERIALIZER_DECODE_NAME(zser)) == SUCCESS;
}

const char *zser_session_status(void)
{
	if (!registered) {
		return "not registered (ext/session has no free serializer slot)";
	}
	/* Registration only makes zser available: whether it is used is the ini setting's. */
	return zser_ini_is("session.serialize_handler", "zser")
	               ? "registered, in use (session.serialize_handler=zser)"
	               : "registered, not in use (session.serialize_handler is not zser)";
}

#else /* no ext/session compiled in */

void zser_session_minit(void)
{
}

const char *zser_session_status(void)
{
	return "not available (PHP built without ext/session)";
}

#endif
