/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: jsond_decode() and jsond_validate() against ext/json on the same bytes.
 * Each input is decoded under several (associative, depth, flags) settings by both
 * jsond_decode() and json_decode(); they must agree on the value (compared through
 * serialize()), the exception (class, code, message), and the last-error code and message.
 * jsond_validate() must say true exactly when json_decode() to arrays succeeds with the
 * same depth and flags, and leave the same error code. With JSOND_ALLOW_COMMENTS and
 * JSOND_ALLOW_TRAILING_COMMAS, jsond_decode() must give what json_decode() gives for the text with
 * its comments and trailing commas blanked out (strip_relaxed). jsond_decode_lines() over the
 * input in php://memory must hand out, keyed by line number, json_decode() of each line that
 * is not blank, and at the first line json_decode() refuses stop with its error (or, with
 * JSOND_LINES_SKIP_INVALID, go on past it). Crashes, leaks and sanitizer reports are found by
 * the build itself.
 */
#include "fuzz_php.h"

#include "ext/json/php_json.h"
#include "zend_exceptions.h"
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

static const char *const needed[] = {"jsond_decode", "jsond_validate", "jsond_decode_lines", NULL};

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

/* json_decode(line, true): the value (a new string of serialize()) or NULL and *err. */
static zend_string *decode_line(const char *line, size_t len, zend_long *err)
{
	zval args[2];
	fz_result r;
	zend_string *v = NULL;

	ZVAL_STRINGL(&args[0], line, len);
	ZVAL_TRUE(&args[1]);
	fz_call(&r, "json_decode", 2, args);
	*err = last_error("json_last_error");
	if (*err == 0) {
		v = fz_serialize(&r.ret);
	}
	fz_result_free(&r);
	zval_ptr_dtor(&args[0]);
	return v;
}

static bool blank_line(const char *s, size_t len)
{
	size_t i;
	for (i = 0; i < len; i++) {
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n') {
			return false;
		}
	}
	return true;
}

/* One line json_decode() reads or refuses: its number, and its value or error. */
typedef struct line_want {
	zend_long line;
	zend_string *value; /* serialize() of json_decode(line, true), or NULL */
	zend_long err;
} line_want;

/* json_decode() of every line of the input that is not blank, made before the iterator runs
 * (fz_call() clears the exception an iterator's step leaves). Returns how many. */
static size_t want_lines(const uint8_t *data, size_t size, line_want **out)
{
	const char *p = (const char *)data, *end = p + size;
	size_t n = 0, cap = 0;
	zend_long line = 0;

	*out = NULL;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl + 1 - p) : (size_t)(end - p);

		line++;
		if (!blank_line(p, len)) {
			if (n == cap) {
				cap = cap ? cap * 2 : 8;
				*out = erealloc(*out, cap * sizeof(**out));
			}
			(*out)[n].line = line;
			(*out)[n].value = decode_line(p, len, &(*out)[n].err);
			n++;
		}
		p += len;
	}
	return n;
}

/* jsond_decode_lines(input, true, 512, flags) against json_decode() of each line. */
static void compare_lines(const uint8_t *data, size_t size, zend_long flags)
{
	php_stream *st;
	zval args[4], res;
	fz_result r;
	zend_object_iterator *it;
	line_want *want;
	size_t n = want_lines(data, size, &want), i;
	bool skip = (flags & ZSER_JSON_LINES_SKIP_INVALID) != 0, stopped = false;

	st = php_stream_memory_create(TEMP_STREAM_DEFAULT);
	php_stream_write(st, (const char *)data, size);
	php_stream_rewind(st);
	php_stream_to_zval(st, &res);
	args[0] = res;
	ZVAL_TRUE(&args[1]);
	ZVAL_LONG(&args[2], 512);
	ZVAL_LONG(&args[3], flags);
	fz_call(&r, "jsond_decode_lines", 4, args);
	if (r.ex_class || Z_TYPE(r.ret) != IS_OBJECT) {
		fz_fail("jsond_decode_lines(flags=%ld) gave %s", (long)flags, fz_describe(&r));
	}
	it = Z_OBJCE(r.ret)->get_iterator(Z_OBJCE(r.ret), &r.ret, 0);
	if (!it || EG(exception)) {
		fz_fail("jsond_decode_lines: no iterator");
	}
	it->funcs->rewind(it);
	for (i = 0; i < n && !stopped; i++) {
		zend_object *ex = EG(exception);

		if (!want[i].value && skip) {
			continue;
		}
		if (!want[i].value) {
			/* the iteration ends here with JsonException(msg on line N) */
			zval rv, *code;
			if (!ex || !instanceof_function(ex->ce, zend_ce_exception)) {
				fz_fail("jsond_decode_lines: line %ld is refused by json_decode() (error %ld) but "
				        "not by the iterator",
				        (long)want[i].line, (long)want[i].err);
			}
			code = zend_read_property(zend_ce_exception, ex, "code", sizeof("code") - 1, 1, &rv);
			if (zval_get_long(code) != want[i].err) {
				fz_fail("jsond_decode_lines: line %ld: code %ld, json_decode() %ld",
				        (long)want[i].line, (long)zval_get_long(code), (long)want[i].err);
			}
			zend_clear_exception();
			stopped = true;
		} else if (ex || it->funcs->valid(it) != SUCCESS) {
			fz_fail("jsond_decode_lines: line %ld decodes with json_decode() but the iteration "
			        "ended%s",
			        (long)want[i].line, ex ? " with an exception" : "");
		} else {
			zval *v = it->funcs->get_current_data(it), key;
			zend_string *got = v ? fz_serialize(v) : NULL;
			it->funcs->get_current_key(it, &key);
			if (!got || !zend_string_equals(got, want[i].value) || Z_TYPE(key) != IS_LONG ||
			    Z_LVAL(key) != want[i].line) {
				fz_fail("jsond_decode_lines: line %ld: %s, json_decode() %s", (long)want[i].line,
				        got ? ZSTR_VAL(got) : "(none)", ZSTR_VAL(want[i].value));
			}
			zend_string_release(got);
			zval_ptr_dtor(&key);
			it->funcs->move_forward(it);
		}
	}
	if (!stopped && (EG(exception) || it->funcs->valid(it) == SUCCESS)) {
		fz_fail("jsond_decode_lines: more values, or an error, after the last line json_decode() "
		        "reads");
	}
	if (EG(exception)) {
		zend_clear_exception();
	}
	for (i = 0; i < n; i++) {
		if (want[i].value) {
			zend_string_release(want[i].value);
		}
	}
	if (want) {
		efree(want);
	}
	zend_iterator_dtor(it);
	fz_result_free(&r);
	zval_ptr_dtor(&res);
}

/* jsond_validate() accepts only JSON_INVALID_UTF8_IGNORE among the flags (as json_validate):
 * each setting runs with the others dropped, so that every depth of the table is checked. It
 * builds no objects, so its reference is json_decode() to arrays: an object key that cannot be
 * a property name ("\u0000a") is an error only when objects are built. */
static void compare_validate(zval *json, const decode_setting *s)
{
	zval args[4];
	fz_result r, ref;
	zend_long err, ref_err, flags = s->flags & PHP_JSON_INVALID_UTF8_IGNORE;

	args[0] = *json;
	ZVAL_TRUE(&args[1]);
	ZVAL_LONG(&args[2], s->depth);
	ZVAL_LONG(&args[3], flags);
	fz_call(&ref, "json_decode", 4, args);
	ref_err = last_error("json_last_error");
	fz_result_free(&ref);

	ZVAL_LONG(&args[1], s->depth);
	ZVAL_LONG(&args[2], flags);
	fz_call(&r, "jsond_validate", 3, args);
	err = last_error("jsond_last_error");
	if (r.ex_class || Z_TYPE(r.ret) != (ref_err == 0 ? IS_TRUE : IS_FALSE) || err != ref_err) {
		fz_fail("jsond_validate(depth=%ld, flags=%ld) gave %s, last error %ld; json_decode "
		        "to arrays: error %ld",
		        (long)s->depth, (long)flags, fz_describe(&r), (long)err, (long)ref_err);
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
	compare_lines(data, size, 0);
	compare_lines(data, size, ZSER_JSON_LINES_SKIP_INVALID);
	zval_ptr_dtor(&json);
	fz_request_end();
	return 0;
}
