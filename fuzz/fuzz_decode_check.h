/* zser — SPDX-License-Identifier: MIT
 *
 * The contract of zser_unserialize() on any bytes, shared by the targets that decode blobs:
 * each option set is run plain and with throw_on_error; a failure is `false` plus one
 * E_WARNING, or with throw_on_error a ZserException with the same text in place of that
 * warning; both runs agree on whether the input failed and, when it did not, on the value
 * (compared through serialize()). A decoded value must survive the trip back: zser_serialize()
 * then zser_unserialize() give it again (read -> write -> read).
 */
#ifndef FUZZ_DECODE_CHECK_H
#define FUZZ_DECODE_CHECK_H

#include "fuzz_php.h"

typedef struct option_set {
	int allowed_classes; /* -1: not given, 0: false, 1: true, 2: ["ArrayObject"] */
	zend_long max_depth; /* 0: not given */
} option_set;

static bool ends_with(const zend_string *s, const zend_string *tail)
{
	return ZSTR_LEN(s) >= ZSTR_LEN(tail) &&
	       memcmp(ZSTR_VAL(s) + ZSTR_LEN(s) - ZSTR_LEN(tail), ZSTR_VAL(tail), ZSTR_LEN(tail)) == 0;
}

static void build_options(zval *opts, const option_set *o, bool throw_on_error)
{
	array_init(opts);
	if (o->allowed_classes == 2) {
		zval list;
		array_init(&list);
		add_next_index_string(&list, "ArrayObject");
		add_assoc_zval(opts, "allowed_classes", &list);
	} else if (o->allowed_classes >= 0) {
		add_assoc_bool(opts, "allowed_classes", o->allowed_classes);
	}
	if (o->max_depth) {
		add_assoc_long(opts, "max_depth", o->max_depth);
	}
	if (throw_on_error) {
		add_assoc_bool(opts, "throw_on_error", 1);
	}
}

static void run(fz_result *r, zval *blob, const option_set *o, bool throw_on_error)
{
	zval args[2];

	args[0] = *blob;
	build_options(&args[1], o, throw_on_error);
	fz_call(r, "zser_unserialize", 2, args);
	zval_ptr_dtor(&args[1]);
}

/* The prelude functions, when a target defines them, that give PHP's own round trip of a value
 * and its serialize() text, each with the nested calls of the target's classes made by PHP's
 * functions too. */
#define PHP_ROUND_TRIP      "fz_php_round_trip"
#define PHP_SERIALIZE       "fz_php_serialize"
/* How serialize() writes an __PHP_Incomplete_Class object that has no class name to give. */
#define NAMELESS_INCOMPLETE "O:22:\"__PHP_Incomplete_Class\":"

/* The text that judges two round trips of one value against each other: serialize() through
 * PHP's functions alone. A zser blob inside the text (the payload of a class whose methods call
 * zser_serialize()) says which arrays are one array shared by copy-on-write, which PHP code
 * cannot see: zser's reader keeps that sharing (FORMAT.md §9.1), PHP's makes copies. */
static zend_string *php_text(zval *v)
{
	if (!zend_hash_str_exists(EG(function_table), ZEND_STRL(PHP_SERIALIZE))) {
		return fz_serialize(v);
	}
	return fz_serialize_with(PHP_SERIALIZE, v);
}

/* Whether serialize() writes an __PHP_Incomplete_Class object of `v` without a class name:
 * in `text`, or inside a payload of the target's classes, which only PHP's functions write as
 * serialize() text (php_text()). */
static bool has_nameless_incomplete(zval *v, zend_string *text)
{
	zend_string *php;
	bool found;

	if (zend_memnstr(ZSTR_VAL(text), NAMELESS_INCOMPLETE, sizeof(NAMELESS_INCOMPLETE) - 1,
	                 ZSTR_VAL(text) + ZSTR_LEN(text))) {
		return true;
	}
	php = php_text(v);
	found = php && zend_memnstr(ZSTR_VAL(php), NAMELESS_INCOMPLETE, sizeof(NAMELESS_INCOMPLETE) - 1,
	                            ZSTR_VAL(php) + ZSTR_LEN(php));
	if (php) {
		zend_string_release(php);
	}
	return found;
}

/* read -> write -> read: `v`, decoded from the input, encodes and decodes to itself. */
static void rewrite(zval *v)
{
	fz_result blob, copy;
	zend_string *want = fz_serialize(v), *got;
	zval args[2];

	fz_call(&blob, "zser_serialize", 1, v);
	if (!want != !!blob.ex_class) {
		fz_fail("a decoded value: serialize() %s but zser_serialize() %s",
		        want ? "worked" : "threw", fz_describe(&blob));
	}
	if (!want) {
		fz_result_free(&blob);
		return;
	}
	args[0] = blob.ret;
	array_init(&args[1]);
	add_assoc_bool(&args[1], "throw_on_error", 1);
	fz_call(&copy, "zser_unserialize", 2, args);
	zval_ptr_dtor(&args[1]);
	if (copy.ex_class) {
		/* PHP's own values are not always writable and readable either: a typed array
		 * property holding a `&` reference to the array that holds its object is a cycle
		 * PHP 8.2's serialize() cuts with null where it meets that array inside itself (and
		 * zser_serialize() as it), a null the property refuses when read back. Then both
		 * readers refuse alike. */
		fz_result php;
		zval arg;
		bool same;

		ZVAL_STR(&arg, want);
		fz_call(&php, "unserialize", 1, &arg);
		same = php.ex_class && zend_string_equals(php.ex_class, copy.ex_class) &&
		       zend_string_equals(php.ex_message, copy.ex_message);
		/* An __PHP_Incomplete_Class object whose class-name member is the empty string is
		 * written with the class name "" (O:0:""), which unserialize() refuses with its
		 * notice and zser_unserialize() as an invalid class name: refused alike too. */
		same = same ||
		       (!php.ex_class && Z_TYPE(php.ret) == IS_FALSE && php.notices + php.warnings > 0 &&
		        zend_string_starts_with_literal(copy.ex_message, "invalid class name") &&
		        zend_memnstr(ZSTR_VAL(want), "O:0:\"\"", 6, ZSTR_VAL(want) + ZSTR_LEN(want)));
		fz_result_free(&php);
		if (same) {
			zend_string_release(want);
			fz_result_free(&copy);
			fz_result_free(&blob);
			return;
		}
		fz_show("serialize() of the value", ZSTR_VAL(want), ZSTR_LEN(want));
		fz_fail("re-encoding a decoded value gave a blob zser_unserialize rejects: %s",
		        fz_describe(&copy));
	}
	got = fz_serialize(&copy.ret);
	if (got && !zend_string_equals(want, got)) {
		/* PHP's own serialize() is not always a fixed point either: a `&` reference to the
		 * root object is written R:1 and comes back as r:1, and an array met inside itself
		 * is cut to null. What PHP's round trip gives is the reference. A target whose
		 * classes serialize differently under PHP's functions (nested calls: a fresh zser
		 * state inside serialize(), a shared one inside zser_serialize()) defines
		 * fz_php_round_trip() to take the value through PHP's functions alone. */
		fz_result ref;
		zval arg;
		zend_string *php_rt = NULL, *zser_rt;

		if (zend_hash_str_exists(EG(function_table), ZEND_STRL(PHP_ROUND_TRIP))) {
			fz_call(&ref, PHP_ROUND_TRIP, 1, v);
		} else {
			ZVAL_STR(&arg, want);
			fz_call(&ref, "unserialize", 1, &arg);
		}
		if (!ref.ex_class) {
			php_rt = php_text(&ref.ret);
		}
		fz_result_free(&ref);
		zser_rt = php_rt ? php_text(&copy.ret) : NULL;
		if (zser_rt && zend_string_equals(php_rt, zser_rt)) {
			zend_string_release(want);
			want = zend_string_copy(got);
		}
		if (php_rt) {
			zend_string_release(php_rt);
		}
		if (zser_rt) {
			zend_string_release(zser_rt);
		}
	}
	if (got && !zend_string_equals(want, got) && has_nameless_incomplete(v, want)) {
		/* Nor is it for an __PHP_Incomplete_Class object without a string class-name member
		 * (serialize() then writes that class name): serialize() counts one property fewer
		 * than it writes, and leaves out a non-string class-name member, so once read back
		 * the object has one property too few to be written alike, and a lone one is dropped
		 * (tests/bin/serialize_incomplete_nameless.phpt: zser's round trip gives what
		 * unserialize(serialize()) gives). serialize() texts cannot judge such a value. */
		zend_string_release(got);
		zend_string_release(want);
		fz_result_free(&copy);
		fz_result_free(&blob);
		return;
	}
	if (!got || !zend_string_equals(want, got)) {
		fz_show("serialize() of the value read", ZSTR_VAL(want), ZSTR_LEN(want));
		if (got) {
			fz_show("serialize() after writing and reading it again", ZSTR_VAL(got), ZSTR_LEN(got));
		}
		fz_fail("read -> write -> read changed the value%s", got ? "" : " (unserializable)");
	}
	zend_string_release(got);
	zend_string_release(want);
	fz_result_free(&copy);
	fz_result_free(&blob);
}

/* Builds the property table of every object with the standard handlers in v that has none,
 * as a foreach, var_dump() or another serializer would; returns how many it built. serialize()
 * reads an object from its slots until it has a table, and from the table after, where its
 * rules for shared values and for arrays met inside themselves differ: rewrite() is run again
 * once they are built. `seen` holds the objects visited, by handle. */
static uint32_t build_tables_in(zval *v, HashTable *seen, int depth)
{
	uint32_t built = 0;
	zval *e;

	ZVAL_DEREF(v);
	if (depth > 64) {
		return 0;
	}
	if (Z_TYPE_P(v) == IS_ARRAY) {
		HashTable *ht = Z_ARRVAL_P(v);
		if (GC_IS_RECURSIVE(ht)) {
			return 0;
		}
		GC_TRY_PROTECT_RECURSION(ht);
		ZEND_HASH_FOREACH_VAL(ht, e) {
			built += build_tables_in(e, seen, depth + 1);
		}
		ZEND_HASH_FOREACH_END();
		GC_TRY_UNPROTECT_RECURSION(ht);
	} else if (Z_TYPE_P(v) == IS_OBJECT) {
		zend_object *obj = Z_OBJ_P(v);
		if (!zend_hash_index_add_empty_element(seen, obj->handle)) {
			return 0;
		}
		if (obj->handlers->get_properties != zend_std_get_properties) {
			return 0;
		}
		if (!obj->properties) {
			zend_std_get_properties(obj);
			built++;
		}
		ZEND_HASH_FOREACH_VAL_IND(obj->properties, e)
		{
			built += build_tables_in(e, seen, depth + 1);
		}
		ZEND_HASH_FOREACH_END();
	}
	return built;
}

static void decode_check(zval *blob, const option_set *o, bool also_rewrite)
{
	fz_result plain, thrown;
	bool failed;

	/* thrown first: its count of warnings numbers the one a failing plain run adds */
	run(&thrown, blob, o, true);
	fz_capture_at = thrown.warnings;
	run(&plain, blob, o, false);
	if (Z_STRLEN_P(blob) == 0) {
		/* No data, as unserialize(''): false without a warning; throw_on_error throws. */
		if (plain.ex_class || Z_TYPE(plain.ret) != IS_FALSE || plain.warnings != 0 ||
		    !thrown.ex_class) {
			fz_fail("empty input: %s", fz_describe(&plain));
		}
		fz_result_free(&plain);
		fz_result_free(&thrown);
		return;
	}
	failed = thrown.ex_class && zend_string_equals_literal(thrown.ex_class, "ZserException");
	if (failed) {
		/* The failure is one warning carrying the exception's text; warnings PHP itself
		 * raises on the way (e.g. "Class X has no unserializer", a nested call's) come in both
		 * runs. After the warning, the release of the partial graph may run the queued
		 * __wakeup() or __unserialize() of an object complete before the failure, which may
		 * warn and throw, as under unserialize(); with the ZserException pending none runs. */
		if ((!plain.ex_class && Z_TYPE(plain.ret) != IS_FALSE) ||
		    plain.warnings < thrown.warnings + 1 || !plain.nth_warning ||
		    !ends_with(plain.nth_warning, thrown.ex_message)) {
			char first[512];
			snprintf(first, sizeof(first), "%s", fz_describe(&plain));
			fz_fail("allowed_classes=%d max_depth=%ld: with throw_on_error %s; without: %s; "
			        "expected false and one more warning, with the exception's text",
			        o->allowed_classes, (long)o->max_depth, fz_describe(&thrown), first);
		}
	} else if (!thrown.ex_class) {
		zend_string *a, *b;
		if (plain.ex_class || plain.warnings != thrown.warnings) {
			char first[512];
			snprintf(first, sizeof(first), "%s", fz_describe(&plain));
			fz_fail("allowed_classes=%d max_depth=%ld: throw_on_error changed a success: "
			        "%s / %s",
			        o->allowed_classes, (long)o->max_depth, first, fz_describe(&thrown));
		}
		a = fz_serialize(&plain.ret);
		b = fz_serialize(&thrown.ret);
		if (a && b && !zend_string_equals(a, b)) {
			fz_show("without throw_on_error", ZSTR_VAL(a), ZSTR_LEN(a));
			fz_show("with throw_on_error", ZSTR_VAL(b), ZSTR_LEN(b));
			fz_fail("the same input decoded to two values");
		}
		if (also_rewrite) {
			HashTable seen;
			rewrite(&plain.ret);
			zend_hash_init(&seen, 8, NULL, NULL, 0);
			if (build_tables_in(&plain.ret, &seen, 0) > 0) {
				rewrite(&plain.ret);
			}
			zend_hash_destroy(&seen);
		}
		if (a) {
			zend_string_release(a);
		}
		if (b) {
			zend_string_release(b);
		}
	}
	/* Other exceptions (a class that refuses unserialization, as unserialize() throws)
	 * are allowed; what matters is that nothing crashed or leaked on the way. */
	fz_result_free(&plain);
	fz_result_free(&thrown);
}

#endif /* FUZZ_DECODE_CHECK_H */
