/* zser — SPDX-License-Identifier: MIT
 *
 * JSON lines (NDJSON): jsond_decode_lines() reads a PHP stream one line at a time through the
 * stream's own buffer (so memory is bounded by the longest line, whatever the chunk size)
 * and hands out each decoded line from a JsondLines iterator, keyed by its 1-based line
 * number; jsond_encode_lines() writes one jsond_encode() text and a "\n" per value. Each line
 * is decoded and each value encoded by the jsond_decode()/jsond_encode() code itself, so
 * values, errors and flags are theirs (docs/JSON-POINTER.md, "JSON lines").
 * An internal function cannot return a Generator (only PHP code can make one), so the
 * iterator copies a Generator's rules instead: forward only, one pass, started on first use.
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

zend_class_entry *zser_ce_JsondLines;
static zend_object_handlers lines_handlers;

typedef struct {
	zval stream;    /* the stream resource; UNDEF once the end is reached */
	zval current;   /* the value of line `key`; UNDEF when there is none */
	zend_long key;  /* line number of current */
	zend_long line; /* lines read so far */
	zend_long options;
	int depth;
	zser_json_pass pass;
	zend_object std;
} jsond_lines_obj;

static inline jsond_lines_obj *lines_from(zend_object *obj)
{
	return (jsond_lines_obj *)((char *)obj - XtOffsetOf(jsond_lines_obj, std));
}

static zend_object *lines_create(zend_class_entry *ce)
{
	jsond_lines_obj *o = zend_object_alloc(sizeof(jsond_lines_obj), ce);
	ZVAL_UNDEF(&o->stream);
	ZVAL_UNDEF(&o->current);
	o->key = 0;
	o->line = 0;
	o->options = 0;
	o->depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	o->pass.started = false;
	o->pass.advanced = false;
	zend_object_std_init(&o->std, ce);
	object_properties_init(&o->std, ce);
	o->std.handlers = &lines_handlers;
	return &o->std;
}

static void lines_free(zend_object *obj)
{
	jsond_lines_obj *o = lines_from(obj);
	zval_ptr_dtor(&o->stream);
	zval_ptr_dtor(&o->current);
	zend_object_std_dtor(obj);
}

static HashTable *lines_get_gc(zend_object *obj, zval **table, int *n)
{
	jsond_lines_obj *o = lines_from(obj);
	*table = &o->stream;
	*n = 2; /* stream and current sit side by side */
	return zend_std_get_properties(obj);
}

/* Reads lines until one decodes (current set), or the end (current UNDEF), or an error is
 * thrown: JsonException naming the line, unless JSOND_LINES_SKIP_INVALID skips the line and
 * leaves its error in jsond_last_error(). */
static void jsond_lines_fetch(jsond_lines_obj *o)
{
	zval_ptr_dtor(&o->current);
	ZVAL_UNDEF(&o->current);
	while (Z_TYPE(o->stream) != IS_UNDEF) {
		php_stream *stream;
		char *buf;
		size_t len;
		zend_string *s;
		int err;

		stream = (php_stream *)zend_fetch_resource2(Z_RES(o->stream), "stream",
		                                            php_file_le_stream(), php_file_le_pstream());
		if (!stream) {
			return; /* TypeError thrown: the stream was closed */
		}
		buf = php_stream_get_line(stream, NULL, 0, &len);
		if (!buf) {
			zval_ptr_dtor(&o->stream);
			ZVAL_UNDEF(&o->stream);
			return;
		}
		o->line++;
		/* a line of whitespace (and comments, when allowed) is skipped, as empty lines are */
		if (zser_json_blank(buf, len, o->options)) {
			efree(buf);
			continue;
		}
		s = zend_string_init(buf, len, 0);
		efree(buf);
		err = zser_json_decode(&o->current, s, (int)o->options, o->depth);
		zend_string_release_ex(s, 0);
		if (err == 0) {
			o->key = o->line;
			return;
		}
		ZVAL_UNDEF(&o->current);
		if (o->options & ZSER_JSON_LINES_SKIP_INVALID) {
			ZSER_G(json_error_code) = err;
			ZSER_G(json_error_offset) = -1;
			continue;
		}
		/* as a Generator that threw: the iteration is over */
		zval_ptr_dtor(&o->stream);
		ZVAL_UNDEF(&o->stream);
		zend_throw_exception_ex(zser_json_exception_ce, err, "%s on line " ZEND_LONG_FMT,
		                        zser_json_error_msg(err), o->line);
		return;
	}
}

static void lines_fetch(void *obj)
{
	jsond_lines_fetch(obj);
}

PHP_METHOD(JsondLines, __construct)
{
	(void)return_value;
	ZEND_PARSE_PARAMETERS_NONE();
}

PHP_METHOD(JsondLines, rewind)
{
	jsond_lines_obj *o = lines_from(Z_OBJ_P(ZEND_THIS));
	ZEND_PARSE_PARAMETERS_NONE();
	if (!zser_json_pass_rewind(&o->pass, lines_fetch, o, "JsondLines")) {
		RETURN_THROWS();
	}
}

PHP_METHOD(JsondLines, valid)
{
	jsond_lines_obj *o = lines_from(Z_OBJ_P(ZEND_THIS));
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_BOOL(zser_json_pass_current(&o->pass, &o->current, lines_fetch, o) != NULL);
}

PHP_METHOD(JsondLines, current)
{
	jsond_lines_obj *o = lines_from(Z_OBJ_P(ZEND_THIS));
	zval *cur;
	ZEND_PARSE_PARAMETERS_NONE();
	if ((cur = zser_json_pass_current(&o->pass, &o->current, lines_fetch, o)) != NULL) {
		RETURN_COPY(cur);
	}
}

PHP_METHOD(JsondLines, key)
{
	jsond_lines_obj *o = lines_from(Z_OBJ_P(ZEND_THIS));
	ZEND_PARSE_PARAMETERS_NONE();
	if (zser_json_pass_current(&o->pass, &o->current, lines_fetch, o) != NULL) {
		RETURN_LONG(o->key);
	}
}

PHP_METHOD(JsondLines, next)
{
	jsond_lines_obj *o = lines_from(Z_OBJ_P(ZEND_THIS));
	(void)return_value;
	ZEND_PARSE_PARAMETERS_NONE();
	zser_json_pass_forward(&o->pass, lines_fetch, o);
}

void zser_json_lines_minit(zend_class_entry *ce)
{
	zser_ce_JsondLines = ce;
	ce->create_object = lines_create;
	memcpy(&lines_handlers, &std_object_handlers, sizeof(lines_handlers));
	lines_handlers.offset = XtOffsetOf(jsond_lines_obj, std);
	lines_handlers.free_obj = lines_free;
	lines_handlers.get_gc = lines_get_gc;
	lines_handlers.clone_obj = NULL;
}

PHP_FUNCTION(jsond_decode_lines)
{
	zval *zstream;
	php_stream *stream;
	bool assoc = 0, assoc_null = 1;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;
	jsond_lines_obj *o;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_RESOURCE(zstream)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL_OR_NULL(assoc, assoc_null)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	php_stream_from_zval(stream, zstream);
	(void)stream;
	ZSER_G(json_error_code) = PHP_JSON_ERROR_NONE;
	ZSER_G(json_error_offset) = -1;
	if (!zser_json_depth_ok(depth, 3)) {
		RETURN_THROWS();
	}
	options = zser_json_assoc(options, assoc, assoc_null);
	object_init_ex(return_value, zser_ce_JsondLines);
	o = lines_from(Z_OBJ_P(return_value));
	ZVAL_COPY(&o->stream, zstream);
	o->options = options;
	o->depth = (int)depth;
}

/* ==== jsond_encode_lines ==== */

typedef struct {
	zend_resource *stream; /* fetched again for each line: see write_line() */
	zend_long options;
	int depth;
	size_t written;
} jsond_line_writer;

/* Encodes and writes one value and its "\n". FAILURE when the call must end: an exception
 * (thrown here under JSON_THROW_ON_ERROR, or by jsonSerialize()), an encoding error without
 * JSON_PARTIAL_OUTPUT_ON_ERROR (last error set), or a short write. */
static zend_result write_line(jsond_line_writer *w, zval *value)
{
	zend_string *out;
	int err = zser_json_encode(&out, value, (int)w->options, w->depth);
	bool partial = (w->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) != 0;
	bool ok = false;
	php_stream *stream;
	ssize_t n;
	if (EG(exception)) {
		if (out) {
			zend_string_release_ex(out, 0);
		}
		return FAILURE;
	}
	if (err) {
		if (!(w->options & PHP_JSON_THROW_ON_ERROR) || partial) {
			ZSER_G(json_error_code) = err;
			ZSER_G(json_error_offset) = -1;
		} else {
			zser_json_throw(err);
		}
		if (!partial) {
			return FAILURE;
		}
	}
	/* jsonSerialize() or the iterator handing out the values may have closed the stream
	 * since the last line, which frees the php_stream: a closed one throws the TypeError
	 * fwrite() gives. */
	stream = (php_stream *)zend_fetch_resource2(w->stream, "stream", php_file_le_stream(),
	                                            php_file_le_pstream());
	if (!stream) {
		zend_string_release_ex(out, 0);
		return FAILURE;
	}
	n = php_stream_write(stream, ZSTR_VAL(out), ZSTR_LEN(out));
	if (n >= 0 && (size_t)n == ZSTR_LEN(out)) {
		w->written += (size_t)n;
		ok = php_stream_write(stream, "\n", 1) == 1;
		if (ok) {
			w->written++;
		}
	}
	zend_string_release_ex(out, 0);
	return ok ? SUCCESS : FAILURE;
}

static zend_result write_traversable(jsond_line_writer *w, zval *values)
{
	zend_object_iterator *iter;
	zend_class_entry *ce = Z_OBJCE_P(values);
	zend_result r = SUCCESS;

	iter = ce->get_iterator(ce, values, 0);
	if (!iter || EG(exception)) {
		if (iter) {
			zend_iterator_dtor(iter);
		}
		return FAILURE;
	}
	if (iter->funcs->rewind) {
		iter->funcs->rewind(iter);
	}
	while (!EG(exception) && iter->funcs->valid(iter) == SUCCESS) {
		zval *v = iter->funcs->get_current_data(iter);
		if (EG(exception) || !v) {
			r = FAILURE;
			break;
		}
		if (write_line(w, v) == FAILURE) {
			r = FAILURE;
			break;
		}
		iter->funcs->move_forward(iter);
	}
	if (EG(exception)) {
		r = FAILURE;
	}
	zend_iterator_dtor(iter);
	return r;
}

PHP_FUNCTION(jsond_encode_lines)
{
	zval *values, *zstream, *v;
	zend_long options = 0;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	jsond_line_writer w;
	zend_result r = SUCCESS;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_ITERABLE(values)
		Z_PARAM_RESOURCE(zstream)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(options)
		Z_PARAM_LONG(depth)
	ZEND_PARSE_PARAMETERS_END();

	if (!zend_fetch_resource2_ex(zstream, "stream", php_file_le_stream(), php_file_le_pstream())) {
		RETURN_THROWS();
	}
	w.stream = Z_RES_P(zstream);
	if (options & PHP_JSON_PRETTY_PRINT) {
		zend_argument_value_error(3, "must not contain JSON_PRETTY_PRINT (a line holds one "
		                             "value)");
		RETURN_THROWS();
	}
	if (!(options & PHP_JSON_THROW_ON_ERROR) || (options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		ZSER_G(json_error_code) = PHP_JSON_ERROR_NONE;
		ZSER_G(json_error_offset) = -1;
	}
	w.options = options;
	/* json_encode() truncates the depth to int and checks nothing more */
	w.depth = (int)depth;
	w.written = 0;
	if (Z_TYPE_P(values) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(values), v) {
			if (write_line(&w, v) == FAILURE) {
				r = FAILURE;
				break;
			}
		}
		ZEND_HASH_FOREACH_END();
	} else {
		r = write_traversable(&w, values);
	}
	if (EG(exception)) {
		RETURN_THROWS();
	}
	if (r == FAILURE) {
		RETURN_FALSE;
	}
	RETURN_LONG((zend_long)w.written);
}
