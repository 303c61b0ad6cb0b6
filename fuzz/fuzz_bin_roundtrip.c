/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: the binary round trip on values built from the input. The input becomes a
 * PHP value through unserialize() (so mutated serialize() blobs reach arrays, references,
 * objects and internal classes) or, when it is not a serialize() blob, through json_decode()
 * or as a plain string. Then zser_serialize() -> zser_unserialize() must give a value whose
 * serialize() equals that of PHP's own round trip unserialize(serialize(v)) (which is not
 * always v: a DateTime with a "UTC" abbreviation comes back as a zone identifier), the copy
 * must encode to the same bytes as PHP's copy (one canonical encoding), and zser_serialize()
 * must throw exactly when serialize() does. zser_unserialize() may throw only what PHP's own
 * round trip throws (a DateTime whose zone offset its own unserializer refuses). Neither
 * unserialize() nor json_decode() makes one array held twice, so for half the inputs the value
 * is held twice, beside up to four of the arrays it holds (shared arrays, FORMAT.md §9.1):
 * zser's copy then shares what PHP's does not, and the two encode alike but for BACKREF_ARR.
 */
#include "fuzz_php.h"

#include <sanitizer/lsan_interface.h>

static const char *const needed[] = {"zser_serialize", "zser_unserialize", NULL};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_php_start("fuzz_bin_roundtrip", needed);
	return 0;
}

static void value_from(fz_result *r, zval *input, size_t size)
{
	zval args[2];

	fz_call(r, "unserialize", 1, input);
	if (!r->ex_class && (Z_TYPE(r->ret) != IS_FALSE || r->warnings == 0)) {
		return;
	}
	fz_result_free(r);
	args[0] = *input;
	ZVAL_BOOL(&args[1], size & 1);
	fz_call(r, "json_decode", 2, args);
	if (!r->ex_class && Z_TYPE(r->ret) != IS_NULL) {
		return;
	}
	fz_result_free(r);
	ZVAL_COPY(&r->ret, input);
}

/* The value the input stands for, in r->ret: what unserialize() or json_decode() make of it,
 * else the string itself. PHP 8.2's
 * own unserialize() leaks a class-name string on some malformed input (see
 * fuzz/regress/fuzz_bin_roundtrip/php_unserialize_leak; valgrind shows the same with the
 * php CLI), so what PHP allocates here is not counted as leaked: zser's leaks are. */
static void make_value(fz_result *r, zval *input, size_t size)
{
	__lsan_disable();
	value_from(r, input, size);
	__lsan_enable();
	if (size & 2) {
		zval w, *v = &r->ret, *e;
		int n = 0;
		array_init(&w);
		Z_TRY_ADDREF_P(v);
		add_next_index_zval(&w, v);
		Z_TRY_ADDREF_P(v);
		add_next_index_zval(&w, v);
		if (Z_TYPE_P(v) == IS_ARRAY) {
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), e) {
				ZVAL_DEREF(e);
				if (Z_TYPE_P(e) == IS_ARRAY && n++ < 4) {
					Z_TRY_ADDREF_P(e);
					add_next_index_zval(&w, e);
				}
			}
			ZEND_HASH_FOREACH_END();
		}
		zval_ptr_dtor(v);
		ZVAL_COPY_VALUE(v, &w);
	}
}

/* Two blobs of one value that may differ in what they share: equal once read back and
 * written as serialize() text. */
static bool same_but_sharing(zend_string *a, zend_string *b)
{
	fz_result ra, rb;
	zval arg;
	zend_string *ta, *tb;
	bool same;

	if (zend_string_equals(a, b)) {
		return true;
	}
	ZVAL_STR(&arg, a);
	fz_call(&ra, "zser_unserialize", 1, &arg);
	ZVAL_STR(&arg, b);
	fz_call(&rb, "zser_unserialize", 1, &arg);
	ta = ra.ex_class ? NULL : fz_serialize(&ra.ret);
	tb = rb.ex_class ? NULL : fz_serialize(&rb.ret);
	same = ta && tb && zend_string_equals(ta, tb);
	if (ta) {
		zend_string_release(ta);
	}
	if (tb) {
		zend_string_release(tb);
	}
	fz_result_free(&ra);
	fz_result_free(&rb);
	return same;
}

/* serialize(unserialize(serialize(v))), given serialize(v); NULL if PHP's own round trip
 * throws. PHP's copy is left in `ref` for the caller to encode and free. *unreadable: PHP's
 * unserialize() refuses what its serialize() wrote, so there is no round trip to compare with
 * (serialize() counts one property too few for an incomplete object without the class name
 * it keeps, when it has two or more). */
static zend_string *php_round_trip(fz_result *ref, zend_string *serialized, bool *unreadable)
{
	zval arg;

	ZVAL_STR(&arg, serialized);
	__lsan_disable();
	fz_call(ref, "unserialize", 1, &arg);
	__lsan_enable();
	/* a notice on PHP 8.2, a warning from 8.3 */
	*unreadable = !ref->ex_class && Z_TYPE(ref->ret) == IS_FALSE &&
	              ref->warnings + ref->notices > 0 &&
	              !zend_string_equals_literal(serialized, "b:0;");
	return ref->ex_class ? NULL : fz_serialize(&ref->ret);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval input;
	fz_result value, blob, copy, blob2, ref, ref_blob;
	zend_string *want, *got, *php_rt;
	bool unreadable;

	fz_request_begin(data, size);
	ZVAL_STRINGL(&input, (const char *)data, size);
	make_value(&value, &input, size);
	want = fz_serialize(&value.ret);
	fz_call(&blob, "zser_serialize", 1, &value.ret);
	if (!want != !!blob.ex_class) {
		fz_fail("serialize() %s but zser_serialize() %s", want ? "worked" : "threw",
		        fz_describe(&blob));
	}
	if (want) {
		zval args[2];
		fz_result again;
		/* a second call finds the first map's keys kept from the first (bin_encode.c) */
		fz_call(&again, "zser_serialize", 1, &value.ret);
		if (again.ex_class || Z_TYPE(again.ret) != IS_STRING ||
		    !zend_string_equals(Z_STR(again.ret), Z_STR(blob.ret))) {
			fz_show("serialize() of the value", ZSTR_VAL(want), ZSTR_LEN(want));
			fz_fail("a second zser_serialize() of the value gives other bytes");
		}
		fz_result_free(&again);
		args[0] = blob.ret;
		array_init(&args[1]);
		add_assoc_bool(&args[1], "throw_on_error", 1);
		fz_call(&copy, "zser_unserialize", 2, args);
		zval_ptr_dtor(&args[1]);
		php_rt = php_round_trip(&ref, want, &unreadable);
		if (unreadable) {
			zend_string_release(php_rt);
			zend_string_release(want);
			fz_result_free(&copy);
			fz_result_free(&ref);
			goto done;
		}
		if (copy.ex_class) {
			/* agreement when PHP's own round trip throws the same (an internal class's
			 * __unserialize() refusing what its __serialize() gave) */
			if (!ref.ex_class || !zend_string_equals(ref.ex_class, copy.ex_class) ||
			    !zend_string_equals(ref.ex_message, copy.ex_message)) {
				fz_show("serialize(v)", ZSTR_VAL(want), ZSTR_LEN(want));
				fz_fail("zser_unserialize(zser_serialize(v)) %s", fz_describe(&copy));
			}
			zend_string_release(want);
			fz_result_free(&copy);
			fz_result_free(&ref);
			goto done;
		}
		got = fz_serialize(&copy.ret);
		if (!got || !php_rt || !zend_string_equals(php_rt, got)) {
			fz_show("serialize(v)", ZSTR_VAL(want), ZSTR_LEN(want));
			if (got) {
				fz_show("serialize() of zser's round trip", ZSTR_VAL(got), ZSTR_LEN(got));
			}
			if (php_rt) {
				fz_show("serialize() of PHP's round trip", ZSTR_VAL(php_rt), ZSTR_LEN(php_rt));
			}
			fz_fail("round trip differs from PHP's%s%s", got ? "" : " (zser's is unserializable)",
			        php_rt ? "" : " (PHP's threw)");
		}
		fz_call(&blob2, "zser_serialize", 1, &copy.ret);
		fz_call(&ref_blob, "zser_serialize", 1, &ref.ret);
		if (blob2.ex_class || Z_TYPE(blob2.ret) != IS_STRING || ref_blob.ex_class ||
		    Z_TYPE(ref_blob.ret) != IS_STRING ||
		    !same_but_sharing(Z_STR(ref_blob.ret), Z_STR(blob2.ret))) {
			fz_show("serialize(v)", ZSTR_VAL(want), ZSTR_LEN(want));
			fz_fail("encoding is not canonical: the copy of v encodes differently");
		}
		zend_string_release(got);
		zend_string_release(php_rt);
		zend_string_release(want);
		fz_result_free(&copy);
		fz_result_free(&blob2);
		fz_result_free(&ref);
		fz_result_free(&ref_blob);
	}
done:
	fz_result_free(&blob);
	fz_result_free(&value);
	zval_ptr_dtor(&input);
	fz_request_end();
	return 0;
}
