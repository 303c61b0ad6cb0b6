/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: jsond_decode() and jsond_validate() against ext/json on the same bytes.
 * Each input is decoded under several (associative, depth, flags) settings by both
 * jsond_decode() and json_decode(); they must agree on the value (compared through
 * serialize()), the exception (class, code, message), and the last-error code and message.
 * jsond_validate() must say true exactly when json_decode() to arrays succeeds with the
 * same depth and flags, and leave the same error code. Crashes, leaks and sanitizer reports are
 * found by the build itself.
 */
#include "fuzz_php.h"

#include "ext/json/php_json.h"

typedef struct decode_setting {
	int assoc; /* -1: null, 0: false, 1: true */
	zend_long depth;
	zend_long flags;
} decode_setting;

static const decode_setting settings[] = {
        {-1, 512, 0},
        {1, 512, 0},
        {0, 512, PHP_JSON_BIGINT_AS_STRING},
        {-1, 512, PHP_JSON_OBJECT_AS_ARRAY | PHP_JSON_INVALID_UTF8_IGNORE},
        {1, 3, PHP_JSON_INVALID_UTF8_SUBSTITUTE},
        {0, 1, PHP_JSON_THROW_ON_ERROR},
        {-1, 512,
         PHP_JSON_THROW_ON_ERROR | PHP_JSON_BIGINT_AS_STRING | PHP_JSON_INVALID_UTF8_SUBSTITUTE},
        {1, 2, PHP_JSON_INVALID_UTF8_IGNORE | PHP_JSON_INVALID_UTF8_SUBSTITUTE},
        {-1, 32, PHP_JSON_INVALID_UTF8_IGNORE},
};

static const char *const needed[] = {"jsond_decode", "jsond_validate", NULL};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_php_start("fuzz_json_decode", needed);
	return 0;
}

static zend_long last_error(const char *fn)
{
	fz_result r;
	zend_long code;

	fz_call(&r, fn, 0, NULL);
	code = zval_get_long(&r.ret);
	fz_result_free(&r);
	return code;
}

static zend_string *last_error_msg(const char *fn)
{
	fz_result r;
	zend_string *msg;

	fz_call(&r, fn, 0, NULL);
	msg = zval_get_string(&r.ret);
	fz_result_free(&r);
	return msg;
}

/* Both decoders on one setting. */
static void compare_decode(zval *json, const decode_setting *s)
{
	zval args[4];
	fz_result mine, ref;
	zend_long my_err, ref_err;
	zend_string *my_msg, *ref_msg;

	args[0] = *json;
	if (s->assoc < 0) {
		ZVAL_NULL(&args[1]);
	} else {
		ZVAL_BOOL(&args[1], s->assoc);
	}
	ZVAL_LONG(&args[2], s->depth);
	ZVAL_LONG(&args[3], s->flags);

	fz_call(&mine, "jsond_decode", 4, args);
	my_err = last_error("jsond_last_error");
	my_msg = last_error_msg("jsond_last_error_msg");
	fz_call(&ref, "json_decode", 4, args);
	ref_err = last_error("json_last_error");
	ref_msg = last_error_msg("json_last_error_msg");

	fz_same_throw("jsond_decode", &mine, &ref);
	if (my_err != ref_err || !zend_string_equals(my_msg, ref_msg)) {
		fz_fail("assoc=%d depth=%ld flags=%ld: jsond error %ld \"%s\", json error %ld \"%s\"",
		        s->assoc, (long)s->depth, (long)s->flags, (long)my_err, ZSTR_VAL(my_msg),
		        (long)ref_err, ZSTR_VAL(ref_msg));
	}
	if (!ref.ex_class) {
		zend_string *a = fz_serialize(&mine.ret), *b = fz_serialize(&ref.ret);
		if (!a || !b || !zend_string_equals(a, b)) {
			fz_fail("assoc=%d depth=%ld flags=%ld: values differ: jsond %s / json %s", s->assoc,
			        (long)s->depth, (long)s->flags, a ? ZSTR_VAL(a) : "(unserializable)",
			        b ? ZSTR_VAL(b) : "(unserializable)");
		}
		zend_string_release(a);
		zend_string_release(b);
	}
	zend_string_release(my_msg);
	zend_string_release(ref_msg);
	fz_result_free(&mine);
	fz_result_free(&ref);
}

/* jsond_validate() accepts only JSON_INVALID_UTF8_IGNORE among the flags (as json_validate).
 * It builds no objects, so its reference is json_decode() to arrays: an object key that
 * cannot be a property name ("\u0000a") is an error only when objects are built. */
static void compare_validate(zval *json, const decode_setting *s)
{
	zval args[4];
	fz_result r, ref;
	zend_long err, ref_err;

	if (s->flags & ~(zend_long)PHP_JSON_INVALID_UTF8_IGNORE) {
		return;
	}
	args[0] = *json;
	ZVAL_TRUE(&args[1]);
	ZVAL_LONG(&args[2], s->depth);
	ZVAL_LONG(&args[3], s->flags);
	fz_call(&ref, "json_decode", 4, args);
	ref_err = last_error("json_last_error");
	fz_result_free(&ref);

	ZVAL_LONG(&args[1], s->depth);
	ZVAL_LONG(&args[2], s->flags);
	fz_call(&r, "jsond_validate", 3, args);
	err = last_error("jsond_last_error");
	if (r.ex_class || Z_TYPE(r.ret) != (ref_err == 0 ? IS_TRUE : IS_FALSE) || err != ref_err) {
		fz_fail("jsond_validate(depth=%ld, flags=%ld) gave %s, last error %ld; json_decode "
		        "to arrays: error %ld",
		        (long)s->depth, (long)s->flags, fz_describe(&r), (long)err, (long)ref_err);
	}
	fz_result_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval json;
	size_t i;

	fz_request_begin(data, size);
	ZVAL_STRINGL(&json, (const char *)data, size);
	for (i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
		compare_decode(&json, &settings[i]);
		compare_validate(&json, &settings[i]);
	}
	zval_ptr_dtor(&json);
	fz_request_end();
	return 0;
}
