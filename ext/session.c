/* zser — SPDX-License-Identifier: MIT
 *
 * session.serialize_handler=zser: the whole $_SESSION array is written as one zser value.
 * Reading also accepts what the `php`, `php_serialize` and igbinary handlers wrote, told
 * apart by the first bytes, and hands those to their own handlers, so a fleet can switch
 * handlers without logging anyone out; zser.session_write_format makes the handler write one
 * of those formats instead, so that readers can be deployed before writers and writers
 * switched back before readers when rolling back. zser.session_allowed_classes restricts the
 * classes any of them makes (others become __PHP_Incomplete_Class, as with unserialize()'s
 * allowed_classes; php and php_serialize data is then read here, through PHP's unserializer
 * under that list, and igbinary data, whose decoder takes no list, is refused), and
 * zser.session_read_legacy=0 refuses the other handlers' data. Storage (files,
 * redis, ...) is the save handler's business, not ours. Only built when ext/session is compiled
 * into PHP (Debian's builds have it built in).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "ext/standard/php_var.h"
#include "zser_internal.h"
#include "zser_integrations.h"
#include "zs_wire.h"

/* ==== Settings ==== */

/* zser.session_allowed_classes: "*" (all classes), "" (none), or class names separated by
 * commas, blanks around them ignored, a leading backslash allowed. Each name must be a valid
 * class name: a typo must not quietly allow or refuse something else. */
static bool valid_class_name(const char *s, size_t len)
{
	size_t i;
	bool start = true;

	if (len > 0 && s[0] == '\\') {
		s++;
		len--;
	}
	if (len == 0) {
		return false;
	}
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\\') {
			if (start) {
				return false;
			}
			start = true;
			continue;
		}
		if (!(c == '_' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (!start && c >= '0' && c <= '9'))) {
			return false;
		}
		start = false;
	}
	return !start;
}

/* Calls add(name, len, ctx) for each name of a class list (not "*" or ""); false when one is
 * not a valid class name. */
static bool each_class(const char *list, size_t list_len,
                       void (*add)(const char *name, size_t len, void *ctx), void *ctx)
{
	const char *p = list, *end = list + list_len;

	for (;;) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *e = comma ? comma : end;
		while (p < e && (*p == ' ' || *p == '\t')) {
			p++;
		}
		while (e > p && (e[-1] == ' ' || e[-1] == '\t')) {
			e--;
		}
		if (!valid_class_name(p, (size_t)(e - p))) {
			return false;
		}
		if (add) {
			add(*p == '\\' ? p + 1 : p, (size_t)(e - p) - (*p == '\\'), ctx);
		}
		if (!comma) {
			return true;
		}
		p = comma + 1;
	}
}

static bool all_classes(const zend_string *v)
{
	return zend_string_equals_literal(v, "*");
}

static bool valid_class_list(const zend_string *v)
{
	return all_classes(v) || ZSTR_LEN(v) == 0 || each_class(ZSTR_VAL(v), ZSTR_LEN(v), NULL, NULL);
}

static bool word_in(const zend_string *v, const char *const *words, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++) {
		if (zend_binary_strcasecmp(ZSTR_VAL(v), ZSTR_LEN(v), words[i], strlen(words[i])) == 0) {
			return true;
		}
	}
	return false;
}

/* zser.session_read_legacy: 1 for on ("1", "on", "yes", "true", any case), 0 for off ("",
 * "0", "off", "no", "false"), -1 for another word. Stricter than zend_ini_parse_bool(), which
 * reads "2" as on and "disabled" as off: a word that is neither must not quietly read as on. */
static int legacy_word(const zend_string *v)
{
	static const char *const on[] = {"1", "on", "yes", "true"};
	static const char *const off[] = {"", "0", "off", "no", "false"};

	if (word_in(v, on, sizeof(on) / sizeof(on[0]))) {
		return 1;
	}
	return word_in(v, off, sizeof(off) / sizeof(off[0])) ? 0 : -1;
}

/* An invalid value: ini_set() (the runtime stage) refuses it. From php.ini, a pool's
 * php_admin_value or .htaccess it is kept with a warning, since refusing it there would leave
 * the default in force (every class, legacy data read): a typo must not open what it meant to
 * close, so the session reader then takes the value the safe way (`safe_reading` says how).
 * Restoring such a value at the end of a request (the deactivate stage) was warned about when
 * it was set. */
static zend_result invalid_setting(int stage, const char *message, const char *safe_reading)
{
	if (stage == ZEND_INI_STAGE_DEACTIVATE) {
		return SUCCESS;
	}
	if (stage == ZEND_INI_STAGE_RUNTIME) {
		php_error_docref(NULL, E_WARNING, "%s", message);
		return FAILURE;
	}
	php_error_docref(NULL, E_WARNING, "%s: %s", message, safe_reading);
	return SUCCESS;
}

ZEND_INI_MH(zser_ini_update_session_allowed_classes)
{
	(void)entry;
	(void)mh_arg1;
	(void)mh_arg2;
	(void)mh_arg3;
	if (valid_class_list(new_value)) {
		return SUCCESS;
	}
	return invalid_setting(stage,
	                       "zser.session_allowed_classes must be \"*\", empty, or a "
	                       "comma-separated list of class names",
	                       "sessions may make no class");
}

ZEND_INI_MH(zser_ini_update_session_read_legacy)
{
	(void)entry;
	(void)mh_arg1;
	(void)mh_arg2;
	(void)mh_arg3;
	if (legacy_word(new_value) >= 0) {
		return SUCCESS;
	}
	return invalid_setting(stage, "zser.session_read_legacy must be a boolean (0/1, on/off)",
	                       "read as off");
}

/* zser.session_write_format: the handler whose format the zser handler writes. zser by
 * default; the others are the handlers a fleet switches from, so that hosts able to read
 * zser can be deployed while every host still writes what the old hosts read, and a
 * rollback can switch writers back before the readers go. Names are ext/session's handler
 * names, matched exactly as session.serialize_handler matches them. */
static const char *const write_formats[] = {"zser", "php_serialize", "php", "igbinary"};

static const char *write_format_of(const zend_string *v)
{
	size_t i;

	for (i = 0; i < sizeof(write_formats) / sizeof(write_formats[0]); i++) {
		if (ZSTR_LEN(v) == strlen(write_formats[i]) &&
		    memcmp(ZSTR_VAL(v), write_formats[i], ZSTR_LEN(v)) == 0) {
			return write_formats[i];
		}
	}
	return NULL;
}

ZEND_INI_MH(zser_ini_update_session_write_format)
{
	(void)entry;
	(void)mh_arg1;
	(void)mh_arg2;
	(void)mh_arg3;
	if (write_format_of(new_value) != NULL) {
		return SUCCESS;
	}
	return invalid_setting(stage,
	                       "zser.session_write_format must be zser, php_serialize, php or igbinary",
	                       "written as zser");
}

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

/* igbinary's session handler writes a four-byte big-endian format version (1 or 2) and then
 * $_SESSION as one array, whose tag (0x14, 0x15, 0x16: an 8-, 16- or 32-bit count) follows.
 * zser data starts with 'Z' and php_serialize data with 'a', never with a zero byte; a `php`
 * handler record would need a first variable name of three NUL bytes, then 0x01 or 0x02 and
 * an array tag. The decoder asks this before the `php` handler's shape, which igbinary data
 * can show anywhere (a string holding "|s:"). */
static bool is_igbinary_data(const char *val, size_t len)
{
	const unsigned char *p = (const unsigned char *)val;

	return len >= 6 && p[0] == 0 && p[1] == 0 && p[2] == 0 && (p[3] == 1 || p[3] == 2) &&
	       p[4] >= 0x14 && p[4] <= 0x16;
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

/* Copies each element of a decoded session array into $_SESSION. */
static void set_session_vars(HashTable *ht)
{
	zval *value;
	zend_string *key;
	zend_ulong h;

	ZEND_HASH_FOREACH_KEY_VAL(ht, h, key, value) {
		/* References between session variables survive: each slot keeps its zend_reference. */
		Z_TRY_ADDREF_P(value);
		set_session_var(key, h, value);
	}
	ZEND_HASH_FOREACH_END();
}

/* ==== Applying the settings ==== */

/* The current value of one of our INI settings. */
static zend_string *ini_value(const char *name, size_t len)
{
	zend_ini_entry *e = zend_hash_str_find_ptr(EG(ini_directives), name, len);
	return e && e->value ? e->value : ZSTR_EMPTY_ALLOC();
}

static void add_lower(const char *name, size_t len, void *ctx)
{
	zend_string *n = zend_string_init(name, len, 0), *lc = zend_string_tolower(n);
	zend_hash_add_empty_element((HashTable *)ctx, lc);
	zend_string_release(lc);
	zend_string_release(n);
}

/* The classes a session may make, as zser_decode_opts.allowed and unserialize()'s
 * allowed_classes take them: NULL for all, else a table of lower-case names (empty for none)
 * that the caller frees with free_allowed(). */
static HashTable *session_allowed(void)
{
	zend_string *v = ini_value(ZEND_STRL("zser.session_allowed_classes"));
	HashTable *ht;

	if (all_classes(v)) {
		return NULL;
	}
	ALLOC_HASHTABLE(ht);
	zend_hash_init(ht, 8, NULL, NULL, 0);
	/* an invalid value (only php.ini can set one) allows none */
	if (ZSTR_LEN(v) > 0 && valid_class_list(v)) {
		each_class(ZSTR_VAL(v), ZSTR_LEN(v), add_lower, ht);
	}
	return ht;
}

static void free_allowed(HashTable *ht)
{
	if (ht) {
		zend_hash_destroy(ht);
		FREE_HASHTABLE(ht);
	}
}

/* The session variables' array, which $_SESSION refers to; NULL outside a session. */
static zval *session_vars(void)
{
	zval *vars;

	if (!Z_ISREF(PS(http_session_vars))) {
		return NULL;
	}
	vars = Z_REFVAL(PS(http_session_vars));
	return Z_TYPE_P(vars) == IS_ARRAY ? vars : NULL;
}

/* The php_serialize handler's data, serialize($_SESSION), read with allowed classes. Like
 * that handler, the decoded array replaces $_SESSION (an empty one when the data is bad)
 * instead of being merged into it, which matters to session_decode(). */
static zend_result decode_php_serialize(const char *val, size_t len, HashTable *allowed)
{
	php_unserialize_data_t var_hash;
	const unsigned char *p = (const unsigned char *)val;
	zval decoded, old, *vars;
	bool ok;

	ZVAL_NULL(&decoded);
	PHP_VAR_UNSERIALIZE_INIT(var_hash);
	php_var_unserialize_set_allowed_classes(var_hash, allowed);
	ok = php_var_unserialize(&decoded, &p, (const unsigned char *)val + len, &var_hash);
	PHP_VAR_UNSERIALIZE_DESTROY(var_hash);
	if (!ok || Z_TYPE(decoded) != IS_ARRAY) {
		zval_ptr_dtor(&decoded);
		array_init(&decoded);
	}
	vars = session_vars();
	if (vars == NULL) {
		zval_ptr_dtor(&decoded);
		return FAILURE;
	}
	/* $_SESSION holds the new array before the old one's destructors can run */
	ZVAL_COPY_VALUE(&old, vars);
	ZVAL_COPY_VALUE(vars, &decoded);
	zval_ptr_dtor(&old);
	return ok ? SUCCESS : FAILURE;
}

/* The php handler's data, name|value pairs that share one reference table, read with allowed
 * classes. Each value is decoded into a slot of the table (which keeps it in place for later
 * R:/r: references) and set in $_SESSION through it, as PHP's own reader does. */
static zend_result decode_php(const char *val, size_t len, HashTable *allowed)
{
	php_unserialize_data_t var_hash;
	const char *p = val, *end = val + len;
	zend_result result = SUCCESS;
	zval *vars, *v;

	PHP_VAR_UNSERIALIZE_INIT(var_hash);
	php_var_unserialize_set_allowed_classes(var_hash, allowed);
	while (p < end) {
		const char *bar = memchr(p, '|', (size_t)(end - p));
		const unsigned char *q;
		zend_string *name;
		zval *current, ptr;

		if (bar == NULL) {
			result = FAILURE;
			break;
		}
		name = zend_string_init(p, (size_t)(bar - p), 0);
		q = (const unsigned char *)bar + 1;
		current = var_tmp_var(&var_hash);
		if (!php_var_unserialize(current, &q, (const unsigned char *)end, &var_hash)) {
			zend_string_release(name);
			result = FAILURE;
			break;
		}
		ZVAL_PTR(&ptr, current);
		php_set_session_var(name, &ptr, &var_hash);
		zend_string_release(name);
		p = (const char *)q;
	}
	/* php_set_session_var() left pointers to the decoded values: move the values in */
	if ((vars = session_vars()) != NULL) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(vars), v) {
			if (Z_TYPE_P(v) == IS_PTR) {
				zval *zv = Z_PTR_P(v);
				ZVAL_COPY_VALUE(v, zv);
				ZVAL_UNDEF(zv);
			}
		}
		ZEND_HASH_FOREACH_END();
	}
	PHP_VAR_UNSERIALIZE_DESTROY(var_hash);
	return result;
}

/* Data written by another handler: refused when zser.session_read_legacy is off; with all
 * classes allowed, handed to that handler, registered by ext/session itself or by igbinary
 * (so it reads it exactly as it always did); else php and php_serialize data is read here
 * with the allowed classes, and igbinary data is refused: igbinary's decoder has no class
 * list, and any object in the data would run its class's autoloader and magic methods. */
static zend_result decode_legacy(const char *handler, const char *val, size_t len)
{
	const ps_serializer *s;
	HashTable *allowed;
	zend_result r;

	/* an invalid value (only php.ini can set one) reads as off */
	if (legacy_word(ini_value(ZEND_STRL("zser.session_read_legacy"))) != 1) {
		php_error_docref(NULL, E_WARNING,
		                 "zser: session data in the %s handler's format is not read "
		                 "(zser.session_read_legacy=0)",
		                 handler);
		return FAILURE;
	}
	allowed = session_allowed();
	if (allowed != NULL) {
		if (strcmp(handler, "igbinary") == 0) {
			free_allowed(allowed);
			php_error_docref(NULL, E_WARNING,
			                 "zser: session data in the igbinary handler's format is not read: "
			                 "igbinary cannot restrict classes (zser.session_allowed_classes "
			                 "is not \"*\")");
			return FAILURE;
		}
		r = strcmp(handler, "php") == 0 ? decode_php(val, len, allowed)
		                                : decode_php_serialize(val, len, allowed);
		free_allowed(allowed);
		return r;
	}
	s = _php_find_ps_serializer(handler);
	if (s == NULL) {
		php_error_docref(NULL, E_WARNING,
		                 "zser: session data in the %s handler's format is not read: the %s "
		                 "extension is not loaded",
		                 handler, strcmp(handler, "igbinary") == 0 ? "igbinary" : "session");
		return FAILURE;
	}
	return s->decode(val, len);
}

/* zser data, with the allowed classes and unserialize()'s depth limit. The reader's own
 * error comes as a ZserException, turned into a warning that names zser (session_start()
 * reports bad data with warnings, and zser_unserialize()'s bare "... at offset" text would
 * not say where it came from); an exception from the session's own classes stays thrown. */
static zend_result decode_zser(zval *decoded, const char *val, size_t len)
{
	zser_decode_opts opts;
	zend_result r;

	opts.allowed = session_allowed();
	opts.max_depth = BG(unserialize_max_depth);
	opts.throw_on_error = true;
	r = zser_decode(decoded, (const unsigned char *)val, len, &opts);
	free_allowed(opts.allowed);
	if (r == FAILURE && EG(exception) != NULL && EG(exception)->ce == zser_ce_ZserException) {
		zval rv, *message;
		zend_string *text;

		message = zend_read_property_ex(zend_ce_exception, EG(exception),
		                                ZSTR_KNOWN(ZEND_STR_MESSAGE), 1, &rv);
		text = zval_get_string(message);
		zend_clear_exception();
		php_error_docref(NULL, E_WARNING, "zser: session data: %s", ZSTR_VAL(text));
		zend_string_release(text);
	}
	return r;
}

/* The format zser.session_write_format names; zser for an invalid value (only php.ini can set
 * one, with a warning then). */
static const char *write_format(void)
{
	const char *f = write_format_of(ini_value(ZEND_STRL("zser.session_write_format")));
	return f ? f : "zser";
}

/* Encodes $_SESSION as one value. On failure (a Closure in the session, ...) the exception or
 * warning is already raised; NULL makes ext/session store an empty session, which is also
 * what becomes of a session the `php` handler fails to write (it writes a truncated record
 * that is rejected on the next read). */
PS_SERIALIZER_ENCODE_FUNC(zser)
{
	smart_str buf = {0};
	const char *format = write_format();

	/* Another handler's format: that handler's own encoder, so the bytes are exactly what it
	 * writes, and session.lazy_write sees an unchanged session as unchanged. */
	if (strcmp(format, "zser") != 0) {
		const ps_serializer *s = _php_find_ps_serializer(format);
		if (s != NULL) {
			return s->encode();
		}
		/* Writing nothing would log the user out; zser bytes are read by every zser host. */
		php_error_docref(NULL, E_WARNING,
		                 "zser: zser.session_write_format=%s, but the %s extension is not "
		                 "loaded: the session is written as zser",
		                 format, strcmp(format, "igbinary") == 0 ? "igbinary" : "session");
	}

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
	zval decoded;

	if (vallen == 0) {
		return SUCCESS;
	}
	if (!is_zser_data(val, vallen)) {
		if (is_php_serialize_data(val, vallen)) {
			return decode_legacy("php_serialize", val, vallen);
		}
		if (is_igbinary_data(val, vallen)) {
			return decode_legacy("igbinary", val, vallen);
		}
		if (is_php_handler_data(val, vallen)) {
			return decode_legacy("php", val, vallen);
		}
		php_error_docref(NULL, E_WARNING,
		                 "zser: session data is in none of the formats zser reads (zser, php, "
		                 "php_serialize, igbinary)");
		return FAILURE;
	}

	if (decode_zser(&decoded, val, vallen) == FAILURE) {
		return FAILURE;
	}
	if (Z_TYPE(decoded) != IS_ARRAY) {
		php_error_docref(NULL, E_WARNING, "zser: session data must be an array, %s given",
		                 zend_zval_type_name(&decoded));
		zval_ptr_dtor(&decoded);
		return FAILURE;
	}
	set_session_vars(Z_ARRVAL(decoded));
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
