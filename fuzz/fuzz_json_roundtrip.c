/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: the JSON round trip, decode -> encode -> decode, checked against ext/json.
 * The input is decoded by jsond_decode() (objects and arrays); the value is encoded by
 * jsond_encode() and json_encode() under a set of flags and serialize_precision values,
 * which must give the same bytes, errors and exceptions; where the flags keep the value,
 * decoding jsond's output again must give the first value back. The raw input is also
 * encoded as a PHP string, which exercises the encoder on invalid UTF-8.
 */
#include "fuzz_php.h"

#include "ext/json/php_json.h"

/* Flags that keep a decoded value intact through encode + decode. */
#define KEEPS_VALUE(f)                        \
	(((f)&PHP_JSON_PRESERVE_ZERO_FRACTION) && \
	 !((f) & (PHP_JSON_FORCE_OBJECT | PHP_JSON_NUMERIC_CHECK | PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)))

static const zend_long encode_flags[] = {
        0,
        PHP_JSON_PRESERVE_ZERO_FRACTION,
        PHP_JSON_PRESERVE_ZERO_FRACTION | PHP_JSON_PRETTY_PRINT | PHP_JSON_UNESCAPED_SLASHES |
                PHP_JSON_UNESCAPED_UNICODE,
        PHP_JSON_PRESERVE_ZERO_FRACTION | PHP_JSON_HEX_TAG | PHP_JSON_HEX_AMP | PHP_JSON_HEX_APOS |
                PHP_JSON_HEX_QUOT | PHP_JSON_UNESCAPED_LINE_TERMINATORS,
        PHP_JSON_PRESERVE_ZERO_FRACTION | PHP_JSON_UNESCAPED_UNICODE |
                PHP_JSON_UNESCAPED_LINE_TERMINATORS,
        PHP_JSON_FORCE_OBJECT | PHP_JSON_NUMERIC_CHECK,
        PHP_JSON_PARTIAL_OUTPUT_ON_ERROR | PHP_JSON_INVALID_UTF8_SUBSTITUTE,
        PHP_JSON_INVALID_UTF8_IGNORE | PHP_JSON_UNESCAPED_UNICODE,
        PHP_JSON_THROW_ON_ERROR | PHP_JSON_PRETTY_PRINT,
};

static const char *const needed[] = {"jsond_decode", "jsond_encode", NULL};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_php_start("fuzz_json_roundtrip", needed);
	return 0;
}

static zend_long call_long(const char *fn)
{
	fz_result r;
	zend_long v;

	fz_call(&r, fn, 0, NULL);
	v = zval_get_long(&r.ret);
	fz_result_free(&r);
	return v;
}

static void decode(fz_result *r, zval *json, bool assoc)
{
	zval args[2];

	args[0] = *json;
	ZVAL_BOOL(&args[1], assoc);
	fz_call(r, "jsond_decode", 2, args);
}

static void expect_same_value(const char *what, zval *a, zval *b)
{
	zend_string *sa = fz_serialize(a), *sb = fz_serialize(b);

	if (!sa || !sb || !zend_string_equals(sa, sb)) {
		if (sa) {
			fz_show("first", ZSTR_VAL(sa), ZSTR_LEN(sa));
		}
		if (sb) {
			fz_show("second", ZSTR_VAL(sb), ZSTR_LEN(sb));
		}
		fz_fail("%s%s", what, sa && sb ? "" : " (a value is unserializable)");
	}
	zend_string_release(sa);
	zend_string_release(sb);
}

/* Encodes `v` with both encoders; when `assoc` >= 0 and the flags keep the value, checks
 * that decoding jsond's text gives `v` back. */
static void compare_encode(zval *v, zend_long flags, int assoc)
{
	zval args[2];
	fz_result mine, ref;
	zend_long my_err, ref_err;

	args[0] = *v;
	ZVAL_LONG(&args[1], flags);
	fz_call(&mine, "jsond_encode", 2, args);
	my_err = call_long("jsond_last_error");
	fz_call(&ref, "json_encode", 2, args);
	ref_err = call_long("json_last_error");

	fz_same_throw("jsond_encode", &mine, &ref);
	if (my_err != ref_err || Z_TYPE(mine.ret) != Z_TYPE(ref.ret) ||
	    (Z_TYPE(ref.ret) == IS_STRING && !zend_string_equals(Z_STR(mine.ret), Z_STR(ref.ret)))) {
		char first[512];
		snprintf(first, sizeof(first), "%s", fz_describe(&mine));
		fz_fail("flags=%ld: jsond_encode %s (error %ld) / json_encode %s (error %ld)", (long)flags,
		        first, (long)my_err, fz_describe(&ref), (long)ref_err);
	}
	if (assoc >= 0 && ref_err == 0 && Z_TYPE(mine.ret) == IS_STRING && KEEPS_VALUE(flags)) {
		fz_result again;
		decode(&again, &mine.ret, assoc);
		if (again.ex_class) {
			fz_fail("flags=%ld: decoding jsond_encode output %s", (long)flags, fz_describe(&again));
		}
		expect_same_value("decode(encode(decode(x))) != decode(x)", v, &again.ret);
		fz_result_free(&again);
	}
	fz_result_free(&mine);
	fz_result_free(&ref);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval json;
	size_t i;
	int assoc;

	fz_request_begin(data, size);
	ZVAL_STRINGL(&json, (const char *)data, size);
	/* A different serialize_precision on odd lengths: the float printer's other mode. */
	fz_ini_set("serialize_precision", size & 1 ? "17" : "-1");
	for (assoc = 0; assoc <= 1; assoc++) {
		fz_result first;
		decode(&first, &json, assoc);
		if (!first.ex_class && call_long("jsond_last_error") == 0) {
			for (i = 0; i < sizeof(encode_flags) / sizeof(encode_flags[0]); i++) {
				compare_encode(&first.ret, encode_flags[i], assoc);
			}
		}
		fz_result_free(&first);
	}
	for (i = 0; i < sizeof(encode_flags) / sizeof(encode_flags[0]); i++) {
		compare_encode(&json, encode_flags[i], -1);
	}
	zval_ptr_dtor(&json);
	fz_request_end();
	return 0;
}
