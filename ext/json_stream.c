/* zser — SPDX-License-Identifier: MIT
 *
 * jsond_decode_stream(): the elements of the array (or the members of the object) at a JSON
 * Pointer of a JSON text read from a PHP stream, handed out one at a time by a JsondStream
 * iterator, in memory bounded by the largest element and one read (docs/JSON-POINTER.md,
 * "Streaming the elements at a pointer"). The core's resumable scanner (core/zs_json_stream.c)
 * follows the path and delimits the tokens and elements as the bytes come; each of them is
 * decoded or checked here by jsond_decode()'s own code, so values and error codes are its.
 * Like JsondLines, the iterator copies a Generator's rules: forward only, one pass, started
 * on first use. It always throws JsonException on an error (an iterator cannot return false
 * midway) and sets the jsond last-error state, place included, to the same error.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "ext/json/php_json.h"
#include "zser_internal.h"
#include "json_common.h"
#include "json_pass.h"
#include "json_stack_compat.h"
#include "zs_json_scan.h"
#include "zs_json_stream.h"

zend_class_entry *zser_ce_JsondStream;
static zend_object_handlers stream_handlers;

/* Bytes asked of the stream per read: its own default chunk size. */
#define READ_SIZE 8192

/* The decoder's flags that change how a member name decodes. */
#define NAME_FLAGS                                                                         \
	(PHP_JSON_OBJECT_AS_ARRAY | PHP_JSON_BIGINT_AS_STRING | PHP_JSON_INVALID_UTF8_IGNORE | \
	 PHP_JSON_INVALID_UTF8_SUBSTITUTE)

typedef struct {
	zval stream;  /* the stream resource; UNDEF once the iteration is over */
	zval current; /* the element handed out; UNDEF when there is none */
	zval key;
	zs_jstream scan;
	zend_string *text;  /* holds buf: a string, so that the decoder can read an element in it */
	unsigned char *buf; /* the text from offset `base` on, `len` bytes (cap allocated) */
	size_t len, cap, base;
	zend_long line, column; /* where buf[0] is */
	bool eof;
	zend_string *scratch; /* one token or element, NUL-terminated, for the decoder */
	size_t scratch_cap;
	zend_string **tokens; /* the pointer's tokens, unescaped */
	size_t *index;        /* the array index each token names, or SIZE_MAX */
	size_t ntokens;
	zend_string *name; /* name of the target's member being read */
	bool bad_name;
	zend_long options;
	int depth;
	zser_json_pass pass;
	zend_object std;
} jsond_stream_obj;

static inline jsond_stream_obj *stream_from(zend_object *obj)
{
	return (jsond_stream_obj *)((char *)obj - XtOffsetOf(jsond_stream_obj, std));
}

static zend_object *stream_create(zend_class_entry *ce)
{
	jsond_stream_obj *o = zend_object_alloc(sizeof(jsond_stream_obj), ce);
	memset(o, 0, XtOffsetOf(jsond_stream_obj, std));
	ZVAL_UNDEF(&o->stream);
	ZVAL_UNDEF(&o->current);
	ZVAL_UNDEF(&o->key);
	o->line = 1;
	o->column = 1;
	o->depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zs_jstream_init(&o->scan, &zser_emalloc, NULL, 0, PHP_JSON_PARSER_DEFAULT_DEPTH, false);
	zend_object_std_init(&o->std, ce);
	object_properties_init(&o->std, ce);
	o->std.handlers = &stream_handlers;
	return &o->std;
}

static void stream_free(zend_object *obj)
{
	jsond_stream_obj *o = stream_from(obj);
	size_t i;
	zval_ptr_dtor(&o->stream);
	zval_ptr_dtor(&o->current);
	zval_ptr_dtor(&o->key);
	zs_jstream_free(&o->scan);
	if (o->text) {
		zend_string_efree(o->text);
	}
	if (o->scratch) {
		zend_string_efree(o->scratch);
	}
	for (i = 0; i < o->ntokens; i++) {
		zend_string_release(o->tokens[i]);
	}
	if (o->tokens) {
		efree(o->tokens);
		efree(o->index);
	}
	if (o->name) {
		zend_string_release(o->name);
	}
	zend_object_std_dtor(obj);
}

static HashTable *stream_get_gc(zend_object *obj, zval **table, int *n)
{
	jsond_stream_obj *o = stream_from(obj);
	*table = &o->stream;
	*n = 3; /* stream, current and key sit side by side */
	return zend_std_get_properties(obj);
}

/* The iteration is over: the stream is let go, as a finished Generator lets go of its
 * frame. */
static void finish(jsond_stream_obj *o)
{
	zval_ptr_dtor(&o->stream);
	ZVAL_UNDEF(&o->stream);
}

/* Bytes of w that continue a UTF-8 sequence (10xxxxxx). */
static inline unsigned continuations(uint64_t w)
{
	uint64_t m = w & ~(w << 1) & 0x8080808080808080ULL;
#if defined(__GNUC__) || defined(__clang__)
	return (unsigned)__builtin_popcountll(m);
#else
	unsigned n = 0;
	for (; m; m &= m - 1) {
		n++;
	}
	return n;
#endif
}

/* Moves line and column over n bytes of text (the rule of jsond_last_error_location(): a
 * line ends at LF, a column is a byte that does not continue a UTF-8 sequence). Every byte
 * of the text passes here once, so the bytes after the last LF are counted eight at a time. */
static void count_place(const unsigned char *p, size_t n, zend_long *line, zend_long *column)
{
	const unsigned char *end = p + n, *nl;
	size_t cont = 0;
	while ((nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		(*line)++;
		*column = 1;
		p = nl + 1;
	}
	*column += (zend_long)(end - p);
	for (; end - p >= 8; p += 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		cont += continuations(w);
	}
	for (; p < end; p++) {
		cont += (*p & 0xC0) == 0x80;
	}
	*column -= (zend_long)cont;
}

/* Ends the iteration with error code at offset `at` of the text (none when negative): the
 * last-error state tells it, and JsonException is thrown. */
static void jsond_stream_fail(jsond_stream_obj *o, int code, zend_long at)
{
	zend_long line = 0, column = 0;
	if (at >= 0) {
		line = o->line;
		column = o->column;
		count_place(o->buf, (size_t)at - o->base, &line, &column);
	}
	ZSER_G(json_error_code) = code;
	ZSER_G(json_error_offset) = at;
	ZSER_G(json_error_line) = line;
	ZSER_G(json_error_column) = column;
	ZSER_G(json_error_loc_msg) = (o->options & ZSER_JSON_ERROR_LOCATION) != 0;
	finish(o);
	if (at >= 0 && (o->options & ZSER_JSON_ERROR_LOCATION)) {
		zend_throw_exception_ex(zser_json_exception_ce, code,
		                        "%s near location " ZEND_LONG_FMT ":" ZEND_LONG_FMT,
		                        zser_json_error_msg(code), line, column);
	} else {
		zser_json_throw(code);
	}
}

/* Drops what the scanner no longer needs and appends one read. false when the read failed
 * (an exception is thrown). */
static bool refill(jsond_stream_obj *o, php_stream *stream)
{
	size_t keep = zs_jstream_keep(&o->scan), drop = keep - o->base;
	ssize_t n;
	if (drop > 0) {
		count_place(o->buf, drop, &o->line, &o->column);
		memmove(o->buf, o->buf + drop, o->len - drop);
		o->len -= drop;
		o->base = keep;
	}
	if (o->cap - o->len < READ_SIZE) {
		o->cap = o->cap ? o->cap * 2 : READ_SIZE * 2;
		while (o->cap - o->len < READ_SIZE) {
			o->cap *= 2;
		}
		o->text = o->text ? zend_string_realloc(o->text, o->cap, 0) : zend_string_alloc(o->cap, 0);
		o->buf = (unsigned char *)ZSTR_VAL(o->text);
	}
	n = php_stream_read(stream, (char *)o->buf + o->len, READ_SIZE);
	if (n < 0) {
		finish(o);
		zend_throw_exception_ex(NULL, 0, "Reading the stream failed at offset %zu",
		                        o->base + o->len);
		return false;
	}
	if (n == 0) {
		o->eof = true;
	}
	o->len += (size_t)n;
	return true;
}

/* The text [start, end) in the scratch string the decoder reads (it must end with a NUL). */
static zend_string *slice(jsond_stream_obj *o, size_t start, size_t end)
{
	size_t n = end - start;
	if (!o->scratch || o->scratch_cap < n) {
		if (o->scratch) {
			zend_string_efree(o->scratch);
		}
		o->scratch_cap = n < 256 ? 256 : n + n / 2;
		o->scratch = zend_string_alloc(o->scratch_cap, 0);
	}
	memcpy(ZSTR_VAL(o->scratch), o->buf + (start - o->base), n);
	ZSTR_LEN(o->scratch) = n;
	ZSTR_VAL(o->scratch)[n] = '\0';
	zend_string_forget_hash_val(o->scratch);
	return o->scratch;
}

/* Whether the n bytes at b, after an integer, make it a float: a fraction or an exponent
 * with its first digit. A '.', 'e' or 'E' without one is not part of the number (ext/json's
 * scanner ends the integer before it, and the byte fails as the next token). */
static bool number_goes_on(const unsigned char *b, size_t n)
{
	size_t j = 1;
	if (n >= 2 && b[0] == '.') {
		return b[1] >= '0' && b[1] <= '9';
	}
	if (n == 0 || (b[0] != 'e' && b[0] != 'E')) {
		return false;
	}
	if (j < n && (b[j] == '+' || b[j] == '-')) {
		j++;
	}
	return j < n && b[j] >= '0' && b[j] <= '9';
}

/* A member name under JSON_BIGINT_AS_STRING that is a bare number: ext/json takes it only
 * when it is an integer too big for an int (then read as a string). 0 with *name set, or the
 * error code with *at its offset. */
static int number_name(jsond_stream_obj *o, zend_string **name, size_t *at)
{
	const unsigned char *b = o->buf + (o->scan.start - o->base);
	size_t n = o->scan.end - o->scan.start, i = 0;
	zval zv;
	size_t where;
	*at = o->scan.start;
	if (b[0] == '-') {
		i++;
	}
	if (i < n && b[i] == '0') {
		i++;
	} else {
		while (i < n && b[i] >= '0' && b[i] <= '9') {
			i++;
		}
	}
	if (number_goes_on(b + i, n - i)) {
		return PHP_JSON_ERROR_SYNTAX; /* a float: refused at its start */
	}
	if (zser_json_decode_at(&zv, slice(o, o->scan.start, o->scan.start + i),
	                        PHP_JSON_BIGINT_AS_STRING, 1, &where) != 0 ||
	    Z_TYPE(zv) != IS_STRING) {
		zval_ptr_dtor(&zv);
		return PHP_JSON_ERROR_SYNTAX;
	}
	if (i < n) {
		/* the name ends before the letters after it, which are not a ':' */
		zval_ptr_dtor(&zv);
		*at = o->scan.start + i;
		return PHP_JSON_ERROR_SYNTAX;
	}
	*name = Z_STR(zv);
	return 0;
}

/* The error of a scalar or element at [start, ...) that the decoder refused with err at
 * start + where. A number or literal followed by letters is read by itself, and the letters
 * fail after it; but in a member whose name is refused (object mode), ext/json refuses the
 * name as soon as the value is read, before it looks at the letters. */
static int value_error(jsond_stream_obj *o, size_t start, int err, size_t where)
{
	const zs_jstream *st = &o->scan;
	zval zv;
	size_t w;
	if (err == PHP_JSON_ERROR_SYNTAX && where > 0 && st->ftop > 0 &&
	    st->frames[st->ftop - 1].bad_name &&
	    zser_json_decode_at(&zv, slice(o, start, start + where), (int)o->options, 1, &w) == 0) {
		zval_ptr_dtor(&zv);
		return PHP_JSON_ERROR_INVALID_PROPERTY_NAME;
	}
	return err;
}

/* A KEY event: decodes and checks the name, and answers the scanner. false on an error
 * (thrown). */
static bool on_key(jsond_stream_obj *o)
{
	zend_string *name = NULL;
	size_t at = o->scan.start, where = 0;
	int err;
	bool match = false, bad;
	if (o->scan.key_role == ZS_JSTREAM_KEY_CHECK && !o->scan.atom &&
	    zs_jstream_plain(o->buf + (o->scan.start - o->base), o->scan.end - o->scan.start)) {
		/* printable ASCII: it decodes, and cannot start with "\0" */
		zs_jstream_key(&o->scan, false, false);
		return true;
	}
	if (o->scan.atom) {
		err = number_name(o, &name, &at);
	} else {
		zval zv;
		err = zser_json_decode_at(&zv, slice(o, o->scan.start, o->scan.end),
		                          (int)o->options & NAME_FLAGS, 1, &where);
		at += where;
		if (err == 0) {
			name = Z_STR(zv);
		}
	}
	if (err) {
		jsond_stream_fail(o, err, (zend_long)at);
		return false;
	}
	bad = !(o->options & PHP_JSON_OBJECT_AS_ARRAY) && ZSTR_LEN(name) > 0 &&
	      ZSTR_VAL(name)[0] == '\0';
	if (o->scan.key_role == ZS_JSTREAM_KEY_PATH) {
		match = zend_string_equals(name, o->tokens[o->scan.index_out]);
	}
	if (o->scan.key_role == ZS_JSTREAM_KEY_TARGET) {
		if (o->name) {
			zend_string_release(o->name);
		}
		o->name = name;
		o->bad_name = bad;
	} else {
		zend_string_release(name);
	}
	zs_jstream_key(&o->scan, match, bad);
	return true;
}

/* A literal, or an integer of at most 18 digits in JSON's grammar: the value the decoder
 * gives it (an int, as any integer that fits one), set without a decoder call, which costs
 * more than such an element. false for anything else. */
static bool quick_scalar(const unsigned char *p, size_t n, zval *out)
{
	size_t i = 0;
	zend_long v = 0;
	if (n == 4 && memcmp(p, "true", 4) == 0) {
		ZVAL_TRUE(out);
		return true;
	}
	if (n == 5 && memcmp(p, "false", 5) == 0) {
		ZVAL_FALSE(out);
		return true;
	}
	if (n == 4 && memcmp(p, "null", 4) == 0) {
		ZVAL_NULL(out);
		return true;
	}
	if (n > 0 && p[0] == '-') {
		i++;
	}
	if (i == n || n - i > 18 || (p[i] == '0' && n - i > 1)) {
		return false;
	}
	for (; i < n; i++) {
		if (p[i] < '0' || p[i] > '9') {
			return false;
		}
		v = v * 10 + (p[i] - '0');
	}
	ZVAL_LONG(out, p[0] == '-' ? -v : v);
	return true;
}

/* An ELEMENT event: decodes it into current and key. false when there is nothing to hand
 * out: an error (thrown), or a member the next step refuses for its name. */
static bool on_element(jsond_stream_obj *o)
{
	size_t where, n = o->scan.end - o->scan.start;
	int err;
	if (!json_stack_full(o->scan.stack + 1) &&
	    quick_scalar(o->buf + (o->scan.start - o->base), n, &o->current)) {
		err = 0;
	} else if (o->scan.start == o->base && n > 4096) {
		/* an element that took several reads starts the buffer (refill() moved it there):
		 * it is decoded where it is, ended for a moment by the NUL the decoder wants */
		unsigned char after = o->buf[n];
		ZSTR_LEN(o->text) = n;
		o->buf[n] = '\0';
		err = zser_json_decode_within(&o->current, o->text, (int)o->options,
		                              o->depth - (int)o->scan.levels, o->scan.stack, &where);
		o->buf[n] = after;
		ZSTR_LEN(o->text) = o->cap;
	} else {
		err = zser_json_decode_within(&o->current, slice(o, o->scan.start, o->scan.end),
		                              (int)o->options, o->depth - (int)o->scan.levels,
		                              o->scan.stack, &where);
	}
	if (err) {
		ZVAL_UNDEF(&o->current);
		jsond_stream_fail(o, value_error(o, o->scan.start, err, where),
		                  (zend_long)(o->scan.start + where));
		return false;
	}
	if (!o->name) {
		ZVAL_LONG(&o->key, (zend_long)o->scan.index_out);
		return true;
	}
	if (o->bad_name) {
		/* the scanner fails with the name right after this value */
		zval_ptr_dtor(&o->current);
		ZVAL_UNDEF(&o->current);
		return false;
	}
	if (o->options & PHP_JSON_OBJECT_AS_ARRAY) {
		zend_ulong idx;
		if (ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(o->name), ZSTR_LEN(o->name), idx)) {
			ZVAL_LONG(&o->key, (zend_long)idx);
			return true;
		}
	}
	ZVAL_STR_COPY(&o->key, o->name);
	return true;
}

/* Reads until the next element is in current, or the end (current UNDEF), or an error is
 * thrown. */
static void jsond_stream_fetch(jsond_stream_obj *o)
{
	zval_ptr_dtor(&o->current);
	ZVAL_UNDEF(&o->current);
	zval_ptr_dtor(&o->key);
	ZVAL_UNDEF(&o->key);
	while (Z_TYPE(o->stream) != IS_UNDEF) {
		php_stream *stream;
		zend_string *s;
		size_t where;
		int err;

		switch (zs_jstream_next(&o->scan, o->buf, o->base, o->len, o->eof)) {
		case ZS_JSTREAM_MORE:
			stream = (php_stream *)zend_fetch_resource2(
			        Z_RES(o->stream), "stream", php_file_le_stream(), php_file_le_pstream());
			if (!stream) {
				return; /* TypeError thrown: the stream was closed */
			}
			if (!refill(o, stream)) {
				return;
			}
			break;
		case ZS_JSTREAM_KEY:
			if (!on_key(o)) {
				return;
			}
			break;
		case ZS_JSTREAM_SCALAR:
			if (zs_jstream_plain(o->buf + (o->scan.start - o->base), o->scan.end - o->scan.start)) {
				break;
			}
			s = slice(o, o->scan.start, o->scan.end);
			err = zser_json_check(s, (int)o->options, 1, &where);
			if (err) {
				jsond_stream_fail(o, value_error(o, o->scan.start, err, where),
				                  (zend_long)(o->scan.start + where));
				return;
			}
			break;
		case ZS_JSTREAM_ELEMENT:
			if (on_element(o)) {
				return;
			}
			if (EG(exception)) {
				return;
			}
			break;
		case ZS_JSTREAM_BAD_STRING:
			s = slice(o, o->scan.start, o->scan.end);
			err = zser_json_check(s, (int)o->options, 1, &where);
			jsond_stream_fail(o, err ? err : PHP_JSON_ERROR_SYNTAX, (zend_long)o->scan.start);
			return;
		case ZS_JSTREAM_ERROR:
			jsond_stream_fail(o, o->scan.err, (zend_long)o->scan.err_pos);
			return;
		case ZS_JSTREAM_END:
			if (o->scan.outcome == ZS_JSTREAM_NOT_FOUND) {
				jsond_stream_fail(o, ZSER_JSON_ERROR_POINTER_NOT_FOUND, -1);
			} else if (o->scan.outcome == ZS_JSTREAM_NOT_CONTAINER) {
				jsond_stream_fail(o, ZSER_JSON_ERROR_POINTER_NOT_CONTAINER, -1);
			} else {
				finish(o);
			}
			return;
		}
	}
}

static void stream_fetch(void *obj)
{
	jsond_stream_fetch(obj);
}

PHP_METHOD(JsondStream, __construct)
{
	(void)return_value;
	ZEND_PARSE_PARAMETERS_NONE();
}

PHP_METHOD(JsondStream, rewind)
{
	jsond_stream_obj *o = stream_from(Z_OBJ_P(ZEND_THIS));
	ZEND_PARSE_PARAMETERS_NONE();
	if (!zser_json_pass_rewind(&o->pass, stream_fetch, o, "JsondStream")) {
		RETURN_THROWS();
	}
}

PHP_METHOD(JsondStream, valid)
{
	jsond_stream_obj *o = stream_from(Z_OBJ_P(ZEND_THIS));
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_BOOL(zser_json_pass_current(&o->pass, &o->current, stream_fetch, o) != NULL);
}

PHP_METHOD(JsondStream, current)
{
	jsond_stream_obj *o = stream_from(Z_OBJ_P(ZEND_THIS));
	zval *cur;
	ZEND_PARSE_PARAMETERS_NONE();
	if ((cur = zser_json_pass_current(&o->pass, &o->current, stream_fetch, o)) != NULL) {
		RETURN_COPY(cur);
	}
}

PHP_METHOD(JsondStream, key)
{
	jsond_stream_obj *o = stream_from(Z_OBJ_P(ZEND_THIS));
	ZEND_PARSE_PARAMETERS_NONE();
	if (zser_json_pass_current(&o->pass, &o->current, stream_fetch, o) != NULL) {
		RETURN_COPY(&o->key);
	}
}

PHP_METHOD(JsondStream, next)
{
	jsond_stream_obj *o = stream_from(Z_OBJ_P(ZEND_THIS));
	(void)return_value;
	ZEND_PARSE_PARAMETERS_NONE();
	zser_json_pass_forward(&o->pass, stream_fetch, o);
}

/* ==== foreach without method calls ==== */

/* foreach runs these directly, as it does for a Generator, instead of calling the five
 * Iterator methods through the engine for each element; the methods above stay for code
 * that calls them. Both keep the same rules. */

static void iter_dtor(zend_object_iterator *it)
{
	zval_ptr_dtor(&it->data);
}

static int iter_valid(zend_object_iterator *it)
{
	jsond_stream_obj *o = stream_from(Z_OBJ(it->data));
	return zser_json_pass_current(&o->pass, &o->current, stream_fetch, o) ? SUCCESS : FAILURE;
}

static zval *iter_current(zend_object_iterator *it)
{
	jsond_stream_obj *o = stream_from(Z_OBJ(it->data));
	zval *cur = zser_json_pass_current(&o->pass, &o->current, stream_fetch, o);
	return cur ? cur : &EG(uninitialized_zval);
}

static void iter_key(zend_object_iterator *it, zval *key)
{
	jsond_stream_obj *o = stream_from(Z_OBJ(it->data));
	if (zser_json_pass_current(&o->pass, &o->current, stream_fetch, o)) {
		ZVAL_COPY(key, &o->key);
	} else {
		ZVAL_NULL(key);
	}
}

static void iter_forward(zend_object_iterator *it)
{
	jsond_stream_obj *o = stream_from(Z_OBJ(it->data));
	zser_json_pass_forward(&o->pass, stream_fetch, o);
}

static void iter_rewind(zend_object_iterator *it)
{
	jsond_stream_obj *o = stream_from(Z_OBJ(it->data));
	zser_json_pass_rewind(&o->pass, stream_fetch, o, "JsondStream");
}

static HashTable *iter_get_gc(zend_object_iterator *it, zval **table, int *n)
{
	*table = &it->data;
	*n = 1;
	return NULL;
}

static const zend_object_iterator_funcs iter_funcs = {
        iter_dtor, iter_valid, iter_current, iter_key, iter_forward, iter_rewind, NULL, iter_get_gc,
};

static zend_object_iterator *stream_get_iterator(zend_class_entry *ce, zval *object, int by_ref)
{
	zend_object_iterator *it;
	(void)ce;
	if (by_ref) {
		zend_throw_error(NULL, "An iterator cannot be used with foreach by reference");
		return NULL;
	}
	it = emalloc(sizeof(*it));
	zend_iterator_init(it);
	ZVAL_OBJ_COPY(&it->data, Z_OBJ_P(object));
	it->funcs = &iter_funcs;
	return it;
}

void zser_json_stream_minit(zend_class_entry *ce)
{
	zser_ce_JsondStream = ce;
	ce->create_object = stream_create;
	/* after gen_stub's code made it an Iterator, as ext/standard does for Generator */
	ce->get_iterator = stream_get_iterator;
	memcpy(&stream_handlers, &std_object_handlers, sizeof(stream_handlers));
	stream_handlers.offset = XtOffsetOf(jsond_stream_obj, std);
	stream_handlers.free_obj = stream_free;
	stream_handlers.get_gc = stream_get_gc;
	stream_handlers.clone_obj = NULL;
}

/* Splits the valid pointer ptr into o's unescaped tokens. */
static void split_pointer(jsond_stream_obj *o, const zend_string *ptr)
{
	const char *s = ZSTR_VAL(ptr);
	size_t i, n = 0, len = ZSTR_LEN(ptr);
	for (i = 0; i < len; i++) {
		n += s[i] == '/';
	}
	o->ntokens = 0;
	if (n == 0) {
		return;
	}
	o->tokens = safe_emalloc(n, sizeof(*o->tokens), 0);
	o->index = safe_emalloc(n, sizeof(*o->index), 0);
	for (i = 1; i <= len; i++) {
		zend_string *tok = zend_string_alloc(len, 0);
		size_t t = zs_json_pointer_token(s, len, &i, ZSTR_VAL(tok)), index;
		ZSTR_VAL(tok)[t] = '\0';
		ZSTR_LEN(tok) = t;
		o->index[o->ntokens] = zs_json_pointer_index(ZSTR_VAL(tok), t, &index) ? index : SIZE_MAX;
		o->tokens[o->ntokens++] = tok;
	}
}

PHP_FUNCTION(jsond_decode_stream)
{
	zval *zstream;
	php_stream *stream;
	zend_string *ptr = ZSTR_EMPTY_ALLOC();
	bool assoc = 0, assoc_null = 1;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;
	jsond_stream_obj *o;

	ZEND_PARSE_PARAMETERS_START(1, 5)
		Z_PARAM_RESOURCE(zstream)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR(ptr)
		Z_PARAM_BOOL_OR_NULL(assoc, assoc_null)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	php_stream_from_zval(stream, zstream);
	if (options & (ZSER_JSON_ALLOW_COMMENTS | ZSER_JSON_ALLOW_TRAILING_COMMAS)) {
		/* the scanner reads strict JSON only, as the pointer functions' walk does */
		zend_argument_value_error(5, "must not contain JSOND_ALLOW_COMMENTS or "
		                             "JSOND_ALLOW_TRAILING_COMMAS");
		RETURN_THROWS();
	}
	ZSER_G(json_error_code) = PHP_JSON_ERROR_NONE;
	ZSER_G(json_error_offset) = -1;
	if (!zs_json_pointer_valid(ZSTR_VAL(ptr), ZSTR_LEN(ptr))) {
		zend_argument_value_error(2, "must be a valid JSON Pointer (\"\" or starting with "
		                             "\"/\", \"~\" followed by \"0\" or \"1\")");
		RETURN_THROWS();
	}
	if (!zser_json_depth_ok(depth, 4)) {
		RETURN_THROWS();
	}
	if (!strchr(stream->mode, 'r') && !strchr(stream->mode, '+')) {
		zend_argument_value_error(1, "must be a readable stream");
		RETURN_THROWS();
	}
	options = zser_json_assoc(options, assoc, assoc_null);
	object_init_ex(return_value, zser_ce_JsondStream);
	o = stream_from(Z_OBJ_P(return_value));
	ZVAL_COPY(&o->stream, zstream);
	o->options = options;
	o->depth = (int)depth;
	split_pointer(o, ptr);
	zs_jstream_init(&o->scan, &zser_emalloc, o->index, o->ntokens, (size_t)depth,
	                (options & PHP_JSON_BIGINT_AS_STRING) != 0);
}
