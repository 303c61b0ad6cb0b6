/* zser — SPDX-License-Identifier: MIT
 *
 * zser_unserialize()'s read_legacy option: while a cache or store is switched to zser, blobs
 * that serialize() or igbinary_serialize() wrote are read too. serialize() data goes through
 * PHP's own unserializer, under the call's allowed_classes and max_depth exactly as
 * unserialize() applies them. igbinary data goes through igbinary_unserialize() when igbinary
 * is loaded, after zser's reader of the igbinary format (core/zs_igbin_read.c) has checked the
 * whole blob under max_depth; it is refused when allowed_classes restricts classes, since
 * igbinary's decoder cannot. Errors are reported as zser_unserialize() reports its own (one
 * E_WARNING or a ZserException). Anything else is left to zser's own decoder.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zend_exceptions.h"
#include "ext/standard/basic_functions.h"
#include "ext/standard/php_var.h"
#include "zser_internal.h"
#include "bin_decoder.h"
#include "zs_igbin_read.h"
#include "zs_tree.h"

static void legacy_fail(const zser_decode_opts *opts, int code, const char *what, size_t pos,
                        size_t len)
{
	if (EG(exception)) {
		return;
	}
	if (opts->throw_on_error) {
		zend_throw_exception_ex(zser_ce_ZserException, code, "%s at offset %zu of %zu bytes", what,
		                        pos, len);
	} else {
		php_error_docref(NULL, E_WARNING, "%s at offset %zu of %zu bytes", what, pos, len);
	}
}

/* serialize() data, decoded the way unserialize() decodes it (ext/standard/var.c): the
 * call's allowed classes and depth limit are set on the shared unserialize state and put
 * back afterwards, a nested call keeps its value in the state's temporary slots, and a
 * reference at the top is unwrapped once the deferred __wakeup()/__unserialize() calls ran. */
static zend_result read_serialize(zval *rv, const unsigned char *buf, size_t len,
                                  const zser_decode_opts *opts)
{
	php_unserialize_data_t var_hash;
	const unsigned char *p = buf;
	HashTable *prev_allowed;
	zend_long prev_max, prev_cur;
	zval *into;
	bool ok;

	PHP_VAR_UNSERIALIZE_INIT(var_hash);
	prev_allowed = php_var_unserialize_get_allowed_classes(var_hash);
	prev_max = php_var_unserialize_get_max_depth(var_hash);
	prev_cur = php_var_unserialize_get_cur_depth(var_hash);
	php_var_unserialize_set_allowed_classes(var_hash, opts->allowed);
	if (opts->max_depth_set) {
		php_var_unserialize_set_max_depth(var_hash, opts->max_depth);
		php_var_unserialize_set_cur_depth(var_hash, 0);
	}
	ZVAL_UNDEF(rv);
	into = BG(unserialize).level > 1 ? var_tmp_var(&var_hash) : rv;
	ok = php_var_unserialize(into, &p, buf + len, &var_hash);
	if (!ok) {
		legacy_fail(opts, ZSER_E_LEGACY_DATA, "invalid serialize() data", (size_t)(p - buf), len);
		if (into == rv) {
			zval_ptr_dtor(rv);
			ZVAL_UNDEF(rv);
		}
	} else {
		if (into != rv) {
			ZVAL_COPY(rv, into);
		}
#if PHP_VERSION_ID >= 80300
		/* PHP 8.3's unserialize() keeps the value and warns about bytes after it */
		if (p < buf + len) {
			php_error_docref(NULL, E_WARNING, "Extra data starting at offset %zu of %zu bytes",
			                 (size_t)(p - buf), len);
		}
#endif
	}
	php_var_unserialize_set_allowed_classes(var_hash, prev_allowed);
	php_var_unserialize_set_max_depth(var_hash, prev_max);
	php_var_unserialize_set_cur_depth(var_hash, prev_cur);
	PHP_VAR_UNSERIALIZE_DESTROY(var_hash);
	if (!ok || EG(exception)) {
		if (Z_TYPE_P(rv) != IS_UNDEF) {
			zval_ptr_dtor(rv);
			ZVAL_UNDEF(rv);
		}
		return FAILURE;
	}
	if (Z_ISREF_P(rv)) {
		zend_unwrap_reference(rv);
	}
	return SUCCESS;
}

/* The only igbinary blobs whose value is null: a header, then null or a & to null. */
static bool is_igbinary_null(const unsigned char *buf, size_t len)
{
	return (len == 5 && buf[4] == 0x00) || (len == 6 && buf[4] == 0x25 && buf[5] == 0x00);
}

static zend_result read_igbinary(zval *rv, const unsigned char *buf, size_t len,
                                 const zser_decode_opts *opts)
{
	zend_function *fn;
	zs_tree t;
	zval arg;
	bool ok;

	fn = zend_hash_str_find_ptr(CG(function_table), ZEND_STRL("igbinary_unserialize"));
	if (fn == NULL) {
		legacy_fail(opts, ZSER_E_LEGACY_REFUSED,
		            "igbinary data not read (the igbinary extension is not loaded)", 0, len);
		return FAILURE;
	}
	if (opts->allowed != NULL) {
		legacy_fail(opts, ZSER_E_LEGACY_REFUSED,
		            "igbinary data not read (igbinary cannot restrict classes, and "
		            "allowed_classes is set)",
		            0, len);
		return FAILURE;
	}
	/* The whole blob is checked before igbinary builds anything: its own errors are warnings
	 * of its own, without an offset, and it has no depth limit. */
	zs_tree_init(&t, &zser_emalloc,
	             opts->max_depth > 0 ? (size_t)opts->max_depth : (size_t)SIZE_MAX);
	ok = zs_igbin_read(&t, buf, len);
	if (!ok) {
		char what[200];
		snprintf(what, sizeof(what), "invalid igbinary data (%s)", t.error ? t.error : "?");
		legacy_fail(opts, ZSER_E_LEGACY_DATA, what, t.error_pos, len);
		zs_tree_free(&t);
		return FAILURE;
	}
	zs_tree_free(&t);
	ZVAL_STRINGL(&arg, (const char *)buf, len);
	ZVAL_UNDEF(rv);
	zend_call_known_function(fn, NULL, NULL, rv, 1, &arg, NULL);
	zval_ptr_dtor(&arg);
	if (EG(exception)) {
		zval_ptr_dtor(rv);
		ZVAL_UNDEF(rv);
		return FAILURE;
	}
	if (Z_TYPE_P(rv) == IS_UNDEF || (Z_TYPE_P(rv) == IS_NULL && !is_igbinary_null(buf, len))) {
		/* igbinary refused what zser's reader accepted; it said why in its own warning */
		ZVAL_UNDEF(rv);
		legacy_fail(opts, ZSER_E_LEGACY_DATA,
		            "invalid igbinary data (igbinary_unserialize() failed)", 0, len);
		return FAILURE;
	}
	return SUCCESS;
}

bool zser_is_legacy_blob(const unsigned char *buf, size_t len)
{
	zs_format f = zs_format_detect(buf, len);
	return f == ZS_FMT_PHPSER || f == ZS_FMT_IGBINARY;
}

zend_result zser_decode_legacy(zval *rv, const unsigned char *buf, size_t len,
                               const zser_decode_opts *opts)
{
	if (zs_format_detect(buf, len) == ZS_FMT_IGBINARY) {
		return read_igbinary(rv, buf, len, opts);
	}
	return read_serialize(rv, buf, len, opts);
}
