/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: the JSON round trip, decode -> encode -> decode, checked against ext/json.
 * The input is decoded by jsond_decode() (objects and arrays); the value is encoded by
 * jsond_encode() and json_encode() under a set of flags and serialize_precision values,
 * which must give the same bytes, errors and exceptions; where the flags keep the value,
 * decoding jsond's output again must give the first value back. The raw input is also
 * encoded as a PHP string, which exercises the encoder on invalid UTF-8. jsond_encode_to_stream()
 * must write jsond_encode()'s bytes (after an error, a prefix of the partial text) and
 * jsond_encode_lines() that text and a newline.
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

static const char *const needed[] = {"jsond_decode", "jsond_encode", "jsond_encode_to_stream",
                                     "jsond_encode_lines", NULL};

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

/* A php://memory stream as a resource zval, for the stream functions. */
static php_stream *memory_stream(zval *res)
{
	php_stream *st = php_stream_memory_create(TEMP_STREAM_DEFAULT);

	if (!st) {
		fz_fail("php://memory cannot be opened");
	}
	php_stream_to_zval(st, res);
	return st;
}

static zend_string *stream_contents(php_stream *st)
{
	zend_string *s;

	php_stream_rewind(st);
	s = php_stream_copy_to_mem(st, PHP_STREAM_COPY_ALL, 0);
	return s ? s : ZSTR_EMPTY_ALLOC();
}

/* jsond_encode_to_stream(v, flags) and jsond_encode_lines([v], flags) against `text`, what
 * jsond_encode() gave (NULL when it failed or threw), and `partial`, jsond_encode()'s text
 * with JSON_PARTIAL_OUTPUT_ON_ERROR added (NULL when that fails too). */
static void compare_streams(zval *v, zend_long flags, const fz_result *mine, zend_string *text,
                            zend_string *partial)
{
	zval args[3], res;
	fz_result r;
	php_stream *st = memory_stream(&res);
	zend_string *got;

	args[0] = *v;
	args[1] = res;
	ZVAL_LONG(&args[2], flags);
	fz_call(&r, "jsond_encode_to_stream", 3, args);
	got = stream_contents(st);
	fz_same_throw("jsond_encode_to_stream", &r, mine);
	if (text) {
		if (Z_TYPE(r.ret) != IS_LONG || (size_t)Z_LVAL(r.ret) != ZSTR_LEN(text) ||
		    !zend_string_equals(got, text)) {
			fz_show("streamed", ZSTR_VAL(got), ZSTR_LEN(got));
			fz_fail("flags=%ld: jsond_encode_to_stream %s, not jsond_encode's %zu bytes",
			        (long)flags, fz_describe(&r), ZSTR_LEN(text));
		}
	} else if ((!r.ex_class && Z_TYPE(r.ret) != IS_FALSE) ||
	           (partial && (ZSTR_LEN(got) > ZSTR_LEN(partial) ||
	                        memcmp(ZSTR_VAL(got), ZSTR_VAL(partial), ZSTR_LEN(got)) != 0))) {
		fz_show("streamed", ZSTR_VAL(got), ZSTR_LEN(got));
		fz_fail("flags=%ld: jsond_encode_to_stream after an error: %s, or not a prefix of the "
		        "partial text",
		        (long)flags, fz_describe(&r));
	}
	zend_string_release(got);
	fz_result_free(&r);
	zval_ptr_dtor(&res);

	if (flags & PHP_JSON_PRETTY_PRINT) {
		return; /* refused: a line holds one value */
	}
	st = memory_stream(&res);
	array_init(&args[0]);
	Z_TRY_ADDREF_P(v);
	add_next_index_zval(&args[0], v);
	args[1] = res;
	fz_call(&r, "jsond_encode_lines", 3, args);
	got = stream_contents(st);
	if (text &&
	    (r.ex_class || Z_TYPE(r.ret) != IS_LONG || (size_t)Z_LVAL(r.ret) != ZSTR_LEN(text) + 1 ||
	     ZSTR_LEN(got) != ZSTR_LEN(text) + 1 ||
	     memcmp(ZSTR_VAL(got), ZSTR_VAL(text), ZSTR_LEN(text)) != 0 ||
	     ZSTR_VAL(got)[ZSTR_LEN(text)] != '\n')) {
		fz_show("written", ZSTR_VAL(got), ZSTR_LEN(got));
		fz_fail("flags=%ld: jsond_encode_lines %s, not jsond_encode's text and a newline",
		        (long)flags, fz_describe(&r));
	}
	zend_string_release(got);
	fz_result_free(&r);
	zval_ptr_dtor(&args[0]);
	zval_ptr_dtor(&res);
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
	{
		zend_string *partial = NULL;
		if (Z_TYPE(mine.ret) != IS_STRING) {
			fz_result p;
			ZVAL_LONG(&args[1],
			          (flags | PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) & ~PHP_JSON_THROW_ON_ERROR);
			fz_call(&p, "jsond_encode", 2, args);
			if (Z_TYPE(p.ret) == IS_STRING) {
				partial = zend_string_copy(Z_STR(p.ret));
			}
			fz_result_free(&p);
		}
		compare_streams(v, flags, &mine, Z_TYPE(mine.ret) == IS_STRING ? Z_STR(mine.ret) : NULL,
		                partial);
		if (partial) {
			zend_string_release(partial);
		}
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
