/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: jsond_decode() and jsond_validate() against ext/json on the same bytes.
 * Each input is decoded under several (associative, depth, flags) settings by both
 * jsond_decode() and json_decode(); they must agree on the value (compared through
 * serialize()), the exception (class, code, message), and the last-error code and message.
 * jsond_validate() must say true exactly when json_decode() to arrays succeeds with the
 * same depth and flags, and leave the same error code. With JSOND_ALLOW_COMMENTS and
 * JSOND_ALLOW_TRAILING_COMMAS, jsond_decode() must give what json_decode() gives for the text with
 * its comments and trailing commas blanked out (strip_relaxed). Crashes, leaks and sanitizer
 * reports are found by the build itself.
 */
#include "fuzz_php.h"

#include "ext/json/php_json.h"
#include "../ext/json_common.h"

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

/* Both decoders on one setting: jsond_decode() reads `json` with `extra` flags added,
 * json_decode() reads `ref_json`. */
static void compare_decode_as(zval *json, zval *ref_json, zend_long extra, const decode_setting *s)
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
	ZVAL_LONG(&args[3], s->flags | extra);

	fz_call(&mine, "jsond_decode", 4, args);
	my_err = last_error("jsond_last_error");
	my_msg = last_error_msg("jsond_last_error_msg");
	args[0] = *ref_json;
	ZVAL_LONG(&args[3], s->flags);
	fz_call(&ref, "json_decode", 4, args);
	ref_err = last_error("json_last_error");
	ref_msg = last_error_msg("json_last_error_msg");

	fz_same_throw("jsond_decode", &mine, &ref);
	if (my_err != ref_err || !zend_string_equals(my_msg, ref_msg)) {
		fz_fail("assoc=%d depth=%ld flags=%ld: jsond error %ld \"%s\", json error %ld \"%s\"",
		        s->assoc, (long)s->depth, (long)(s->flags | extra), (long)my_err, ZSTR_VAL(my_msg),
		        (long)ref_err, ZSTR_VAL(ref_msg));
	}
	if (!ref.ex_class) {
		zend_string *a = fz_serialize(&mine.ret), *b = fz_serialize(&ref.ret);
		if (!a || !b || !zend_string_equals(a, b)) {
			fz_fail("assoc=%d depth=%ld flags=%ld: values differ: jsond %s / json %s", s->assoc,
			        (long)s->depth, (long)(s->flags | extra), a ? ZSTR_VAL(a) : "(unserializable)",
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

static void compare_decode(zval *json, const decode_setting *s)
{
	compare_decode_as(json, json, 0, s);
}

/* The text json_decode() must read as jsond_decode() reads `in` under both relaxations: each
 * comment outside strings and each comma that ends an array or object after a value becomes a
 * space. A comma after '[', '{', ':' or another comma stays, and so does a '/' that starts no
 * comment: both are errors either way. An unclosed comment becomes '#', a syntax error where it
 * starts, unless the text fails earlier. */
static zend_string *strip_relaxed(const unsigned char *in, size_t len)
{
	zend_string *out = zend_string_init((const char *)in, len, 0);
	unsigned char *o = (unsigned char *)ZSTR_VAL(out), last = 0;
	size_t i = 0, j;

	while (i < len) {
		unsigned char c = in[i];
		if (c == '"') {
			for (i++; i < len && in[i] != '"'; i++) {
				if (in[i] == '\\') {
					i++;
				}
			}
			i++;
			last = '"';
		} else if (c == '/' && i + 1 < len && in[i + 1] == '/') {
			for (j = i; j < len && in[j] != '\n' && in[j] != '\r'; j++) {
				o[j] = ' ';
			}
			i = j;
		} else if (c == '/' && i + 1 < len && in[i + 1] == '*') {
			for (j = i + 2; j + 1 < len && !(in[j] == '*' && in[j + 1] == '/'); j++) {
			}
			if (j + 1 >= len) {
				o[i] = '#';
				ZSTR_LEN(out) = i + 1;
				o[i + 1] = '\0';
				return out;
			}
			memset(o + i, ' ', j + 2 - i);
			i = j + 2;
		} else if (c == ',') {
			j = i;
			i++;
			/* what follows, comments and whitespace aside, is read by the loop: look ahead */
			while (i < len) {
				if (in[i] == ' ' || in[i] == '\t' || in[i] == '\n' || in[i] == '\r') {
					i++;
				} else if (in[i] == '/' && i + 1 < len && in[i + 1] == '/') {
					while (i < len && in[i] != '\n' && in[i] != '\r') {
						i++;
					}
				} else if (in[i] == '/' && i + 1 < len && in[i + 1] == '*') {
					size_t k = i + 2;
					while (k + 1 < len && !(in[k] == '*' && in[k + 1] == '/')) {
						k++;
					}
					if (k + 1 >= len) {
						break;
					}
					i = k + 2;
				} else {
					break;
				}
			}
			if (i < len && (in[i] == ']' || in[i] == '}') && last != 0 && last != '[' &&
			    last != '{' && last != ':' && last != ',') {
				o[j] = ' ';
			}
			last = ',';
			i = j + 1;
		} else {
			if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
				last = c;
			}
			i++;
		}
	}
	return out;
}

static void compare_relaxed(const uint8_t *data, size_t size, zval *json)
{
	static const decode_setting relaxed[] = {
	        {-1, 512, 0},
	        {1, 4, PHP_JSON_BIGINT_AS_STRING | PHP_JSON_INVALID_UTF8_SUBSTITUTE},
	        {0, 512, PHP_JSON_THROW_ON_ERROR | PHP_JSON_INVALID_UTF8_IGNORE},
	};
	zval ref;
	size_t i;

	ZVAL_STR(&ref, strip_relaxed(data, size));
	for (i = 0; i < sizeof(relaxed) / sizeof(relaxed[0]); i++) {
		compare_decode_as(json, &ref, ZSER_JSON_ALLOW_COMMENTS | ZSER_JSON_ALLOW_TRAILING_COMMAS,
		                  &relaxed[i]);
	}
	zval_ptr_dtor(&ref);
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
	compare_relaxed(data, size, &json);
	zval_ptr_dtor(&json);
	fz_request_end();
	return 0;
}
