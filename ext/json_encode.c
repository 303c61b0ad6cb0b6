/* zser — SPDX-License-Identifier: MIT
 *
 * jsond_encode(): zval -> JSON text, byte for byte what ext/json's json_encode() gives on
 * the same PHP (flags, depth, partial output, error codes, JsonException). The walk keeps
 * its own stack of open arrays and objects instead of recursing in C, so nesting of any
 * depth costs heap, never C stack; the order in which values are visited, errors are
 * recorded and jsonSerialize() is called is ext/json's (json_encoder.c, PHP 8.2).
 * Doubles under serialize_precision -1 go through core/zs_dtoa, strings through the
 * core/zs_utf8 escaping kernel; other precisions use PHP's own zend_gcvt().
 * Decoding lives in json_decode.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_enum.h"
#include "zend_interfaces.h"
#include "zend_strtod.h"
#include "ext/json/php_json.h"
#if PHP_VERSION_ID >= 80400
#include "zend_lazy_objects.h"
#endif
#include "zser_internal.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "json_common.h"
#include "zs_dtoa.h"
#include "zs_utf8.h"

/* ==== Output buffer ==== */

/* A zend_string grown by doubling; `len` bytes are used, `cap` allocated. */
typedef struct {
	zend_string *s;
	size_t len;
	size_t cap;
} jsond_outbuf;

static zend_never_inline void jsond_enc_out_grow(jsond_outbuf *o, size_t extra)
{
	size_t want = o->len + extra;
	size_t cap = o->cap ? o->cap : 240;
	while (cap < want) {
		cap = cap < ZSTR_MAX_LEN / 2 ? cap * 2 : want;
	}
	if (UNEXPECTED(want < o->len || cap > ZSTR_MAX_LEN)) {
		zend_error_noreturn(E_ERROR, "String size overflow");
	}
	o->s = o->s ? zend_string_realloc(o->s, cap, 0) : zend_string_alloc(cap, 0);
	o->cap = cap;
}

/* Room for `extra` more bytes; returns where they go (commit with o->len += n). */
static zend_always_inline char *out_reserve(jsond_outbuf *o, size_t extra)
{
	if (UNEXPECTED(o->cap - o->len < extra)) {
		jsond_enc_out_grow(o, extra);
	}
	return ZSTR_VAL(o->s) + o->len;
}

static zend_always_inline void out_append(jsond_outbuf *o, const char *src, size_t n)
{
	char *p = out_reserve(o, n);
	memcpy(p, src, n);
	o->len += n;
}

static zend_always_inline void out_char(jsond_outbuf *o, char c)
{
	char *p = out_reserve(o, 1);
	*p = c;
	o->len++;
}

#define OUT_LIT(o, lit) out_append((o), (lit), sizeof(lit) - 1)

/* ==== Prefetching ====
 *
 * A value built after the heap has been much used lies scattered: each key and each string or
 * table an element points to is a miss of its own, and the encoder, which spends few
 * instructions per element, waits for them one after another (citm_catalog decoded after the
 * benchmark's decode rounds took 30% longer to encode than one decoded at start-up). The loop
 * over a table asks for the key and the value of the element PREFETCH_AHEAD places ahead, and
 * for what the nearer elements' headers say is next; a table just entered asks for its first
 * elements, which no step of its loop reaches, and its last elements get the later stages
 * alone. On a value that lies compact it costs 5-7% more instructions and 2-5% more time
 * (docs/INTERNALS.md §13). */
#define PREFETCH_AHEAD 3

static zend_always_inline void prefetch_value(const zval *zv)
{
	if (Z_REFCOUNTED_P(zv)) {
		__builtin_prefetch(Z_COUNTED_P(zv));
	}
}

/* The key and the value of the first element of a non-empty table. */
static zend_always_inline void prefetch_first(const HashTable *t)
{
#if PHP_VERSION_ID >= 80200
	if (HT_IS_PACKED(t)) {
		prefetch_value(t->arPacked);
		return;
	}
#endif
	prefetch_value(&t->arData[0].val);
	if (t->arData[0].key) {
		__builtin_prefetch(t->arData[0].key);
	}
}

/* The later stages, for elements nearer: a table's header, asked for a step before, gives
 * where its buckets are, and its buckets then its first element; an object's header, where its
 * property table is, whose header then gives its buckets. Small tables of tables (a list of
 * two-key maps) are left within a few elements: their first element is what the encoder waits
 * for next. */
static zend_always_inline void prefetch_stage2(const zval *zv)
{
	if (Z_TYPE_P(zv) == IS_ARRAY) {
		const HashTable *t = Z_ARRVAL_P(zv);
		__builtin_prefetch((const char *)HT_GET_DATA_ADDR(t) + HT_HASH_SIZE(t->nTableMask));
	} else if (Z_TYPE_P(zv) == IS_OBJECT && Z_OBJ_P(zv)->properties) {
		__builtin_prefetch(Z_OBJ_P(zv)->properties);
	}
}

static zend_always_inline void prefetch_stage3(const zval *zv)
{
	if (Z_TYPE_P(zv) == IS_OBJECT && Z_OBJ_P(zv)->properties) {
		const HashTable *t = Z_OBJ_P(zv)->properties;
		__builtin_prefetch((const char *)HT_GET_DATA_ADDR(t) + HT_HASH_SIZE(t->nTableMask));
	} else if (Z_TYPE_P(zv) == IS_ARRAY && Z_ARRVAL_P(zv)->nNumUsed > 0) {
		prefetch_first(Z_ARRVAL_P(zv));
	}
}

/* The last elements of a table, which the loop's full steps no longer reach: the later stages
 * for the ones left (`left` counts the current one), `step` bytes apart. */
static zend_always_inline void prefetch_tail(const zval *zv, uint32_t left, size_t step)
{
	if (left > PREFETCH_AHEAD - 1) {
		prefetch_stage2((const zval *)((const char *)zv + (PREFETCH_AHEAD - 1) * step));
	}
	if (left > PREFETCH_AHEAD - 2) {
		prefetch_stage3((const zval *)((const char *)zv + (PREFETCH_AHEAD - 2) * step));
	}
}

/* A table just entered: its first elements, which no step of its loop asks for, at once. */
static zend_always_inline void prefetch_head(const HashTable *ht, bool packed)
{
	uint32_t k, n = ht->nNumUsed < PREFETCH_AHEAD ? ht->nNumUsed : PREFETCH_AHEAD;

	if (n == 0) {
		return;
	}
#if PHP_VERSION_ID >= 80200
	if (packed) {
		for (k = 0; k < n; k++) {
			prefetch_value(ht->arPacked + k);
		}
		prefetch_stage2(ht->arPacked);
		return;
	}
#else
	(void)packed;
#endif
	for (k = 0; k < n; k++) {
		prefetch_value(&ht->arData[k].val);
		if (ht->arData[k].key) {
			__builtin_prefetch(ht->arData[k].key);
		}
	}
	prefetch_stage2(&ht->arData[0].val);
}

/* ==== Encoder state ==== */

enum frame_kind {
	FRAME_TABLE,       /* an array, or an object's property table */
	FRAME_PROPS,       /* a plain object's declared property slots (ext/json's fast path) */
	FRAME_SERIALIZABLE /* the result of jsonSerialize(), held until it is written */
};

typedef struct {
	uint8_t kind;
	bool as_object;  /* write {...} rather than [...] */
	bool need_comma; /* an element has been written */
	bool of_object;  /* the table belongs to an object: skip mangled (non-public) keys */
	uint32_t pos;    /* next slot to visit */
	HashTable *ht;
	zend_refcounted *guard; /* protected against recursion while open, or NULL */
	HashTable *release;     /* from zend_get_properties_for(), released on close */
	zval holder;            /* keeps the container (or jsonSerialize() result) alive */
#if PHP_VERSION_ID >= 80400
	zend_object *json_guard; /* the object whose jsonSerialize() is running, or NULL */
#endif
} jsond_enc_frame;

typedef struct {
	jsond_outbuf out;
	int options;
	int depth;
	int max_depth;
	int error_code;
	unsigned esc_mask; /* zs_esc_class_mask(options), computed once */
	bool word_scan;    /* only the always-special bytes and maybe '/' need escaping */
	uint64_t slash8;   /* '/' in every byte, or '"' (already special) when unescaped */
	jsond_enc_frame *stack;
	uint32_t top;
	uint32_t cap;
#if PHP_VERSION_ID >= 80400
	HashTable *hooked; /* values read through get hooks, released when the encoding ends */
#endif
	zend_resource *sink; /* jsond_encode_to_stream(): the stream full buffers go to, or NULL */
	size_t written;      /* bytes handed to sink so far */
	bool sink_failed;    /* a write to sink fell short, or it was closed: the walk stops */
} jsond_encoder;

/* jsond_encode_to_stream() hands the buffer to its stream once it holds this much. */
#define STREAM_FLUSH_AT (64 * 1024)

/* Called only where no earlier byte of the buffer will be read or rewritten again: before
 * an element's separator. A string that fails UTF-8 rolls back to its own opening quote,
 * and a failed key drops its own "null", so nothing behind an element start ever moves;
 * the buffer then holds at most STREAM_FLUSH_AT plus what one element writes before the
 * next check (its key, one scalar, or brackets and indents).
 * Without partial output the first error dooms the whole text, yet the walk goes on past
 * a bad key or INF/NAN as ext/json's does (later jsonSerialize() calls, a later error
 * code), and what it writes from there is no text PHP ever returns: a bad key leaves
 * nothing where the partial text has "". An exception dooms it as well, and with partial
 * output the walk goes on past it too, writing null for every later jsonSerialize() (none
 * runs while it is pending). So once either has happened the buffer is only emptied: the
 * stream keeps what was handed over before, a prefix of the partial text, and memory stays
 * bounded while the walk ends. */
static zend_never_inline bool sink_flush(jsond_encoder *e)
{
	php_stream *stream;
	ssize_t n;
	if (e->sink_failed) {
		return false;
	}
	if (EG(exception) || (e->error_code != PHP_JSON_ERROR_NONE &&
	                      !(e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR))) {
		e->out.len = 0;
		return true;
	}
	if (e->out.len == 0) {
		return true;
	}
	/* Fetched again each time: user code the walk runs (jsonSerialize(), a get hook, the
	 * stream's own wrapper) may have closed it since, which frees the php_stream; a closed
	 * one throws the TypeError fwrite() would. */
	stream = (php_stream *)zend_fetch_resource2(e->sink, "stream", php_file_le_stream(),
	                                            php_file_le_pstream());
	if (!stream) {
		e->sink_failed = true;
		return false;
	}
	n = php_stream_write(stream, ZSTR_VAL(e->out.s), e->out.len);
	if (n < 0 || (size_t)n != e->out.len) {
		if (n > 0) {
			e->written += (size_t)n;
		}
		e->sink_failed = true;
		return false;
	}
	e->written += e->out.len;
	e->out.len = 0;
	return true;
}

/* false: the stream refused bytes, stop walking. */
#define SINK_CHECK(e) \
	(EXPECTED((e)->sink == NULL) || (e)->out.len < STREAM_FLUSH_AT || sink_flush(e))

#if PHP_VERSION_ID >= 80400
/* PHP 8.4: ext/json reads an object's declared slots directly only when the class has no
 * hooked property and the object is not lazy (a lazy object's slots are empty until
 * zend_get_properties_for() initialises it, and a proxy's stay empty). */
#define SLOTS_READABLE(obj) ((obj)->ce->num_hooked_props == 0 && !zend_object_is_lazy(obj))
#else
#define SLOTS_READABLE(obj) true
#endif

static zend_never_inline jsond_enc_frame *push_frame_slow(jsond_encoder *e)
{
	uint32_t cap = e->cap ? e->cap * 2 : 16;
	if (UNEXPECTED(cap <= e->cap)) {
		zend_error_noreturn(E_ERROR, "jsond_encode(): nesting too deep");
	}
	e->stack = safe_erealloc(e->stack, cap, sizeof(jsond_enc_frame), 0);
	e->cap = cap;
	return &e->stack[e->top++];
}

static zend_always_inline jsond_enc_frame *push_frame(jsond_encoder *e)
{
	if (UNEXPECTED(e->top == e->cap)) {
		return push_frame_slow(e);
	}
	return &e->stack[e->top++];
}

/* Pushes a frame that will visit ht (NULL: nothing yet) from its first slot. The caller
 * sets `holder`, by copy or by moving its own reference in. */
static zend_always_inline jsond_enc_frame *open_frame(jsond_encoder *e, uint8_t kind,
                                                      bool as_object, bool of_object, HashTable *ht,
                                                      zend_refcounted *guard, HashTable *release)
{
	jsond_enc_frame *f = push_frame(e);
	f->kind = kind;
	f->as_object = as_object;
	f->need_comma = false;
	f->of_object = of_object;
	f->pos = 0;
	f->ht = ht;
	f->guard = guard;
	f->release = release;
#if PHP_VERSION_ID >= 80400
	f->json_guard = NULL;
#endif
	return f;
}

static zend_always_inline void pretty_newline_indent(jsond_encoder *e)
{
	if (e->options & PHP_JSON_PRETTY_PRINT) {
		size_t n = 1 + 4 * (size_t)(e->depth > 0 ? e->depth : 0);
		char *p = out_reserve(&e->out, n);
		p[0] = '\n';
		memset(p + 1, ' ', n - 1);
		e->out.len += n;
	}
}

/* ==== Scalars ==== */

static zend_always_inline void write_long(jsond_encoder *e, zend_long v)
{
	char *p = out_reserve(&e->out, ZS_I64TOA_MAX);
	e->out.len += zs_i64toa((int64_t)v, p);
}

/* ext/json adds ".0" only when the text has no '.' and fits its fixed buffer. */
static zend_always_inline size_t zero_fraction(const jsond_encoder *e, char *p, size_t len)
{
	if ((e->options & PHP_JSON_PRESERVE_ZERO_FRACTION) && memchr(p, '.', len) == NULL &&
	    len < ZEND_DOUBLE_MAX_LENGTH - 2) {
		p[len++] = '.';
		p[len++] = '0';
	}
	return len;
}

static void write_double(jsond_encoder *e, double d)
{
	int precision = (int)PG(serialize_precision);
	size_t len;
	char *p;

	if (precision < 0) {
		p = out_reserve(&e->out, ZS_DTOA_SHORTEST_MAX + 2);
		len = zs_dtoa_shortest(d, 'e', p);
	} else {
		char num[ZEND_DOUBLE_MAX_LENGTH + 1024];
		zend_gcvt(d, precision, '.', 'e', num);
		len = strlen(num);
		p = out_reserve(&e->out, len + 2);
		memcpy(p, num, len);
	}
	e->out.len += zero_fraction(e, p, len);
}

/* Largest input slice escaped per output reservation, so that a huge string never
 * needs six times its size reserved at once. */
#define ESCAPE_CHUNK 8192

/* Escapes s into the output (quotes included); the numeric check is the caller's. */
static zend_result write_escaped(jsond_encoder *e, const char *s, size_t len, int options)
{
	size_t checkpoint = e->out.len, pos = 0;

	out_char(&e->out, '"');
	while (pos < len) {
		size_t rest = len - pos;
		size_t soft = rest < ESCAPE_CHUNK ? rest : ESCAPE_CHUNK;
		size_t consumed, n;
		unsigned char *dst = (unsigned char *)out_reserve(&e->out, ZS_ESC_ROOM(soft) + 1);
		n = zs_json_escape(dst, (const unsigned char *)s + pos, rest, soft, (uint32_t)options,
		                   &consumed);
		if (UNEXPECTED(n == ZS_ESC_BAD_UTF8)) {
			e->out.len = checkpoint;
			e->error_code = PHP_JSON_ERROR_UTF8;
			if (options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
				OUT_LIT(&e->out, "null");
			}
			return FAILURE;
		}
		e->out.len += n;
		pos += consumed;
	}
	out_char(&e->out, '"');
	return SUCCESS;
}

static zend_never_inline zend_result write_string_slow(jsond_encoder *e, const char *s, size_t len,
                                                       int options)
{
	if (len == 0) {
		OUT_LIT(&e->out, "\"\"");
		return SUCCESS;
	}
	if (options & PHP_JSON_NUMERIC_CHECK) {
		double d;
		zend_long l;
		int type = is_numeric_string(s, len, &l, &d, 0);
		if (type == IS_LONG) {
			write_long(e, l);
			return SUCCESS;
		}
		if (type == IS_DOUBLE && zend_finite(d)) {
			write_double(e, d);
			return SUCCESS;
		}
	}
	return write_escaped(e, s, len, options);
}

/* memcpy for 1 <= len <= 32 with fixed-size moves that overlap instead of a call; it
 * never reads or writes outside [0, len). */
static zend_always_inline void copy_short(char *dst, const char *src, size_t len)
{
	if (len >= 16) {
		memcpy(dst, src, 16);
		memcpy(dst + len - 16, src + len - 16, 16);
	} else if (len >= 8) {
		memcpy(dst, src, 8);
		memcpy(dst + len - 8, src + len - 8, 8);
	} else if (len >= 4) {
		memcpy(dst, src, 4);
		memcpy(dst + len - 4, src + len - 4, 4);
	} else {
		dst[0] = src[0];
		dst[len / 2] = src[len / 2];
		dst[len - 1] = src[len - 1];
	}
}

/* Strings shorter than this are scanned inline; plain ones are copied without a call. */
#define SHORT_STRING 32

#define ONES8 UINT64_C(0x0101010101010101)
#define HIGH8 UINT64_C(0x8080808080808080)

/* Bit 7 of a byte is set where the byte of x is zero, or in a byte above one that is:
 * exact for "is any byte zero", which is all that is asked. */
static zend_always_inline uint64_t zero_bytes8(uint64_t x)
{
	return (x - ONES8) & ~x & HIGH8;
}

/* Non-zero when a byte of x is a control character, non-ASCII, '"', '\\' or the byte of
 * slash8: eight bytes tested in about twenty instructions instead of a table lookup
 * per byte. */
static zend_always_inline uint64_t word_specials(uint64_t x, uint64_t slash8)
{
	uint64_t hit = x & HIGH8;
	hit |= (x - ONES8 * 0x20) & ~x & HIGH8;
	hit |= zero_bytes8(x ^ (ONES8 * '"')) | zero_bytes8(x ^ (ONES8 * '\\'));
	hit |= zero_bytes8(x ^ slash8);
	return hit;
}

static zend_always_inline uint64_t load8(const char *s)
{
	uint64_t x;
	memcpy(&x, s, 8);
	return x;
}

#ifdef __SSE2__
/* Non-zero bits where a byte of x is a control character or non-ASCII (both below 0x20 as
 * signed bytes), '"', '\\' or the byte of slash8: word_specials() on sixteen bytes. */
static zend_always_inline int vec_specials(__m128i x, uint64_t slash8)
{
	__m128i hit = _mm_cmplt_epi8(x, _mm_set1_epi8(0x20));
	hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, _mm_set1_epi8('"')));
	hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, _mm_set1_epi8('\\')));
	hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, _mm_set1_epi8((char)(slash8 & 0xFF))));
	return _mm_movemask_epi8(hit);
}
#endif

/* True when none of s[0..len) (1 <= len <= SHORT_STRING) needs escaping. Reads only
 * inside the string: longer ones by overlapping words (two 16-byte vectors, or two 8-byte
 * halves of one, where SSE2 is there), shorter ones gathered into one word padded with 'a'. */
static zend_always_inline bool short_is_plain(const char *s, size_t len, uint64_t slash8)
{
	uint64_t hit;
#ifdef __SSE2__
	ZEND_ASSERT(len <= 32);
	if (len >= 16) {
		return (vec_specials(_mm_loadu_si128((const __m128i *)(const void *)s), slash8) |
		        vec_specials(_mm_loadu_si128((const __m128i *)(const void *)(s + len - 16)),
		                     slash8)) == 0;
	}
	if (len >= 8) {
		__m128i x =
		        _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)s),
		                           _mm_loadl_epi64((const __m128i *)(const void *)(s + len - 8)));
		return vec_specials(x, slash8) == 0;
	}
#else
	if (len >= 8) {
		size_t i;
		hit = word_specials(load8(s + len - 8), slash8);
		for (i = 0; i + 8 < len; i += 8) {
			hit |= word_specials(load8(s + i), slash8);
		}
		return hit == 0;
	}
#endif
	if (len >= 4) {
		uint32_t lo, hi;
		memcpy(&lo, s, 4);
		memcpy(&hi, s + len - 4, 4);
		hit = word_specials((uint64_t)lo | ((uint64_t)hi << 32), slash8);
	} else {
		uint64_t x = (ONES8 * 'a') & ~UINT64_C(0xFFFFFF);
		x |= (uint64_t)(unsigned char)s[0] | ((uint64_t)(unsigned char)s[len / 2] << 8) |
		     ((uint64_t)(unsigned char)s[len - 1] << 16);
		hit = word_specials(x, slash8);
	}
	return hit == 0;
}

/* ext/json's php_json_escape_string(), with a call-free path for short plain strings. */
static zend_always_inline zend_result jsond_enc_write_string(jsond_encoder *e, const char *s,
                                                             size_t len, int options)
{
	if (EXPECTED(len - 1 < SHORT_STRING - 1 && !(options & PHP_JSON_NUMERIC_CHECK))) {
		bool plain;
		if (EXPECTED(e->word_scan)) {
			plain = short_is_plain(s, len, e->slash8);
		} else {
			const unsigned char *u = (const unsigned char *)s;
			unsigned mask = e->esc_mask;
			size_t i = 0;
			while (i < len && !(zs_esc_class[u[i]] & mask)) {
				i++;
			}
			plain = i == len;
		}
		if (plain) {
			char *p = out_reserve(&e->out, len + 2);
			p[0] = '"';
			copy_short(p + 1, s, len);
			p[len + 1] = '"';
			e->out.len += len + 2;
			return SUCCESS;
		}
		return write_escaped(e, s, len, options);
	}
	return write_string_slow(e, s, len, options);
}

/* Writes s[0..len) quoted at p when it is short and needs no escaping under a
 * word-scanned flag set; returns the advanced pointer, or NULL (nothing written) when
 * the general path must take it. The caller has reserved SHORT_STRING + 1 bytes. */
static zend_always_inline char *put_plain_short(jsond_encoder *e, char *p, const char *s,
                                                size_t len)
{
	if (EXPECTED(len - 1 < SHORT_STRING - 1 && e->word_scan && short_is_plain(s, len, e->slash8))) {
		p[0] = '"';
		copy_short(p + 1, s, len);
		p[len + 1] = '"';
		return p + len + 2;
	}
	return NULL;
}

/* An object key: never numeric-checked; under partial output a bad one becomes "". */
static zend_always_inline void write_key(jsond_encoder *e, const char *s, size_t len)
{
	if (jsond_enc_write_string(e, s, len, e->options & ~PHP_JSON_NUMERIC_CHECK) == FAILURE &&
	    (e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		e->out.len -= 4;
		OUT_LIT(&e->out, "\"\"");
	}
}

/* ==== Containers ==== */

static zend_result begin_value(jsond_encoder *e, zval *val);

/* Opens an array or a non-serializable object (ext/json's php_json_encode_array). */
static zend_result begin_container(jsond_encoder *e, zval *val)
{
	zval keep;
	jsond_enc_frame *f;
	HashTable *ht, *release = NULL;
	zend_refcounted *guard;
	bool as_object;

	/* val may point into the frame stack, which push_frame can move. */
	if (Z_TYPE_P(val) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(val)) == 0) {
		/* Nothing to visit and nothing that can recurse: open and close at once, with
		 * the depth check that closing does. */
		if (e->depth + 1 > e->max_depth) {
			e->error_code = PHP_JSON_ERROR_DEPTH;
			if (!(e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
				out_char(&e->out, (e->options & PHP_JSON_FORCE_OBJECT) ? '{' : '[');
				return FAILURE;
			}
		}
		if (e->options & PHP_JSON_FORCE_OBJECT) {
			OUT_LIT(&e->out, "{}");
		} else {
			OUT_LIT(&e->out, "[]");
		}
		return SUCCESS;
	}
	ZVAL_COPY(&keep, val);
	if (Z_TYPE(keep) == IS_ARRAY) {
		ht = Z_ARRVAL(keep);
		guard = (zend_refcounted *)ht;
		as_object = (e->options & PHP_JSON_FORCE_OBJECT) || !zser_array_is_list(ht);
	} else {
		zend_object *obj = Z_OBJ(keep);
		if (obj->properties == NULL && obj->handlers->get_properties_for == NULL &&
		    obj->handlers->get_properties == zend_std_get_properties && SLOTS_READABLE(obj)) {
			if (GC_IS_RECURSIVE(obj)) {
				e->error_code = PHP_JSON_ERROR_RECURSION;
				OUT_LIT(&e->out, "null");
				zval_ptr_dtor(&keep);
				return FAILURE;
			}
			GC_TRY_PROTECT_RECURSION(obj);
			out_char(&e->out, '{');
			++e->depth;
			f = open_frame(e, FRAME_PROPS, true, true, NULL, (zend_refcounted *)obj, NULL);
			ZVAL_COPY_VALUE(&f->holder, &keep);
			return SUCCESS;
		}
		release = ht = zend_get_properties_for(&keep, ZEND_PROP_PURPOSE_JSON);
		guard = (zend_refcounted *)ht;
#if PHP_VERSION_ID >= 80400
		if (obj->ce->num_hooked_props != 0) {
			/* the table is built afresh on each call: the object is what recurs */
			guard = (zend_refcounted *)obj;
		}
#endif
		as_object = true;
	}
	if (guard && GC_IS_RECURSIVE(guard)) {
		e->error_code = PHP_JSON_ERROR_RECURSION;
		OUT_LIT(&e->out, "null");
		if (release) {
			zend_release_properties(release);
		}
		zval_ptr_dtor(&keep);
		return FAILURE;
	}
	if (guard) {
		GC_TRY_PROTECT_RECURSION(guard);
	}
	out_char(&e->out, as_object ? '{' : '[');
	++e->depth;
	f = open_frame(e, FRAME_TABLE, as_object, Z_TYPE(keep) == IS_OBJECT, ht, guard, release);
	ZVAL_COPY_VALUE(&f->holder, &keep);
	return SUCCESS;
}

/* Drops the top frame's holds; `guard` is cleared once it has been released. */
static zend_always_inline void release_frame(jsond_enc_frame *f)
{
	if (f->guard) {
		GC_TRY_UNPROTECT_RECURSION(f->guard);
		f->guard = NULL;
	}
	if (f->release) {
		zend_release_properties(f->release);
		f->release = NULL;
	}
#if PHP_VERSION_ID >= 80400
	if (f->json_guard) {
		uint32_t *g = zend_get_recursion_guard(f->json_guard);
		ZEND_GUARD_UNPROTECT_RECURSION(g, JSON);
		OBJ_RELEASE(f->json_guard);
		f->json_guard = NULL;
	}
#endif
	if (f->kind == FRAME_SERIALIZABLE) {
		zval_ptr_dtor(&f->holder);
	} else {
		/* As ext/json: dropping our extra reference must not make the container a GC
		 * root candidate (that alone can trigger cycle collections mid-encode). */
		zval_ptr_dtor_nogc(&f->holder);
	}
}

/* Writes the closing bracket of the top frame and pops it (ext/json's order: unprotect,
 * depth check, then the bracket). FAILURE = depth error without partial output. */
static zend_always_inline zend_result close_frame(jsond_encoder *e)
{
	jsond_enc_frame *f = &e->stack[e->top - 1];
	bool as_object = f->as_object, need_comma = f->need_comma;

	if (f->guard) {
		GC_TRY_UNPROTECT_RECURSION(f->guard);
		f->guard = NULL;
	}
	if (e->depth > e->max_depth) {
		e->error_code = PHP_JSON_ERROR_DEPTH;
		if (!(e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
			return FAILURE; /* the unwind releases this frame */
		}
	}
	--e->depth;
	if (need_comma) {
		pretty_newline_indent(e);
	}
	out_char(&e->out, as_object ? '}' : ']');
	release_frame(f);
	e->top--;
	return SUCCESS;
}

static zend_always_inline void key_colon(jsond_encoder *e)
{
	if (e->options & PHP_JSON_PRETTY_PRINT) {
		OUT_LIT(&e->out, ": ");
	} else {
		out_char(&e->out, ':');
	}
}

/* Room reserved per element: a comma, a quoted integer key, ": " and an integer or a
 * literal all fit, so those are written without further checks. */
#define ELEMENT_ROOM 64

/* Starts an element: comma, pretty-print newline and indent. Returns the write pointer,
 * with ELEMENT_ROOM bytes free after it. */
static zend_always_inline char *element_start(jsond_encoder *e, jsond_enc_frame *f)
{
	size_t indent = (e->options & PHP_JSON_PRETTY_PRINT) ? 1 + 4 * (size_t)e->depth : 0;
	char *p = out_reserve(&e->out, ELEMENT_ROOM + indent);
	if (f->need_comma) {
		*p++ = ',';
	} else {
		f->need_comma = true;
	}
	if (indent) {
		*p = '\n';
		memset(p + 1, ' ', indent - 1);
		p += indent;
	}
	return p;
}

static zend_always_inline void out_commit(jsond_encoder *e, char *p)
{
	e->out.len = (size_t)(p - ZSTR_VAL(e->out.s));
}

/* Writes scalars without a call; anything else goes through begin_value. */
static zend_always_inline zend_result element_value(jsond_encoder *e, zval *zv)
{
	char *p;
	switch (Z_TYPE_P(zv)) {
	case IS_STRING:
		return jsond_enc_write_string(e, Z_STRVAL_P(zv), Z_STRLEN_P(zv), e->options);
	case IS_LONG:
		p = ZSTR_VAL(e->out.s) + e->out.len;
		e->out.len += zs_i64toa((int64_t)Z_LVAL_P(zv), p);
		return SUCCESS;
	case IS_NULL:
		p = ZSTR_VAL(e->out.s) + e->out.len;
		memcpy(p, "null", 4);
		e->out.len += 4;
		return SUCCESS;
	case IS_TRUE:
		p = ZSTR_VAL(e->out.s) + e->out.len;
		memcpy(p, "true", 4);
		e->out.len += 4;
		return SUCCESS;
	case IS_FALSE:
		p = ZSTR_VAL(e->out.s) + e->out.len;
		memcpy(p, "false", 5);
		e->out.len += 5;
		return SUCCESS;
	default:
		return begin_value(e, zv);
	}
}

/* begin_container() for a non-empty array, inlined into the element loop. */
static zend_always_inline zend_result jsond_enc_open_array(jsond_encoder *e, zval *val)
{
	HashTable *ht = Z_ARRVAL_P(val);
	bool as_object;
	jsond_enc_frame *f;

	if (UNEXPECTED(zend_hash_num_elements(ht) == 0 || GC_IS_RECURSIVE(ht))) {
		return begin_container(e, val);
	}
	as_object = (e->options & PHP_JSON_FORCE_OBJECT) || !zser_array_is_list(ht);
	GC_TRY_PROTECT_RECURSION(ht);
	out_char(&e->out, as_object ? '{' : '[');
	++e->depth;
	f = open_frame(e, FRAME_TABLE, as_object, false, ht, (zend_refcounted *)ht, NULL);
	/* val is a slot of the parent table, not of the (possibly moved) frame stack. */
	ZVAL_COPY(&f->holder, val);
	return SUCCESS;
}

/* begin_container() for a stdClass whose property table exists and whose handlers are the
 * standard ones, inlined into the element loop: zend_get_properties_for() would return
 * that same table with one more reference, which is taken here directly. FAILURE = not
 * such an object (or a recursive one); the caller takes the general path. */
/* True for a stdClass whose property table exists and whose handlers are the standard ones:
 * its table is what zend_get_properties_for() would return. */
static zend_always_inline bool std_table(zval *val)
{
	zend_object *obj = Z_OBJ_P(val);

	return obj->properties != NULL && obj->handlers->get_properties_for == NULL &&
	       obj->handlers->get_properties == zend_std_get_properties && SLOTS_READABLE(obj);
}

static zend_always_inline zend_result open_std_object(jsond_encoder *e, zval *val)
{
	zend_object *obj = Z_OBJ_P(val);
	HashTable *ht = obj->properties;
	jsond_enc_frame *f;

	if (UNEXPECTED(!std_table(val) || GC_IS_RECURSIVE(ht))) {
		return FAILURE;
	}
	/* The extra reference makes a write to the object during the encode (from a child's
	 * jsonSerialize()) separate the table instead of changing it under the iteration. */
	GC_TRY_ADDREF(ht);
	GC_TRY_PROTECT_RECURSION(ht);
	out_char(&e->out, '{');
	++e->depth;
	f = open_frame(e, FRAME_TABLE, true, true, ht, (zend_refcounted *)ht, ht);
	ZVAL_COPY(&f->holder, val);
	return SUCCESS;
}

#if PHP_VERSION_ID >= 80400
/* A hooked property in the table zend_get_properties_for() built for a class with hooks
 * (the slot holds its zend_property_info): as ext/json json_encoder.c does, a virtual property
 * without a get hook is left out (*out = NULL), any other is read, silently, through
 * zend_read_property_ex(), and what it read is kept until the encoding ends. FAILURE: the hook
 * threw, and the frame is abandoned as ext/json abandons that object. */
static zend_result read_hooked(jsond_encoder *e, jsond_enc_frame *f, zend_property_info *pi,
                               zval **out)
{
	zval tmp, *v;

	*out = NULL;
	if ((pi->flags & ZEND_ACC_VIRTUAL) && !pi->hooks[ZEND_PROPERTY_HOOK_GET]) {
		return SUCCESS;
	}
	ZVAL_UNDEF(&tmp);
	v = zend_read_property_ex(pi->ce, Z_OBJ(f->holder), pi->name, true, &tmp);
	if (v != &tmp) {
		/* the property's own slot (no get hook): a copy, as the slot may change */
		ZVAL_COPY(&tmp, v);
	}
	if (EG(exception)) {
		zval_ptr_dtor(&tmp);
		release_frame(f);
		e->top--;
		return FAILURE;
	}
	if (Z_TYPE(tmp) == IS_UNDEF) {
		/* nothing read: written as ext/json writes an undefined value */
		static zval undef;
		*out = &undef;
		return SUCCESS;
	}
	if (!e->hooked) {
		e->hooked = zend_new_array(0);
	}
	*out = zend_hash_next_index_insert(e->hooked, &tmp);
	return SUCCESS;
}
#endif

/* Largest table put_leaf() takes. */
#define LEAF_MAX  32
/* Output room per element of a leaf: a comma, a short key or a quoted integer, the colon
 * and a scalar or short string. */
#define LEAF_ROOM (ELEMENT_ROOM + SHORT_STRING + 1)

enum leaf_step { LEAF_NO, LEAF_DONE, LEAF_FAIL };

static zend_always_inline zval *leaf_elem(HashTable *ht, uint32_t i, zend_string **key,
                                          zend_ulong *index, const bool packed)
{
	zval *zv;
#if PHP_VERSION_ID >= 80200
	if (packed) {
		zv = ht->arPacked + i;
		*key = NULL;
		*index = i;
	} else
#endif
	{
		Bucket *b = ht->arData + i;
		zv = &b->val;
		*key = b->key;
		*index = b->h;
	}
	return Z_TYPE_P(zv) == IS_INDIRECT ? Z_INDIRECT_P(zv) : zv;
}

/* A non-empty table of scalars and strings only (a leaf, as most small tables of API data
 * are), written whole without a frame: nothing in it can run userland code or lead back to a
 * table being written, so it needs no recursion guard, no reference held and no depth but
 * its own (checked as closing it would). Each element is written exactly as the element loop
 * writes it, errors included. LEAF_NO, with nothing written, for any other table: the caller
 * opens a frame for it. of_object: a property table, whose mangled names are left out. */
static zend_always_inline enum leaf_step
put_leaf_as(jsond_encoder *e, HashTable *ht, bool as_object, bool of_object, const bool packed)
{
	const bool partial = (e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) != 0;
	uint32_t i, n = ht->nNumUsed;
	zend_string *key;
	zend_ulong index;
	bool comma = false;
	char *p, *q;

	if (n > LEAF_MAX || e->depth >= e->max_depth || GC_IS_RECURSIVE(ht)) {
		return LEAF_NO;
	}
	/* types first: a table that is no leaf costs a look at its first non-scalar. An empty
	 * array is written as the element loop writes it, where that needs no depth check. */
	for (i = 0; i < n; i++) {
		zval *zv = leaf_elem(ht, i, &key, &index, packed);
		if (Z_TYPE_P(zv) > IS_STRING &&
		    (Z_TYPE_P(zv) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(zv)) != 0 ||
		     e->depth + 1 >= e->max_depth)) {
			return LEAF_NO;
		}
	}
	p = out_reserve(&e->out, 2 + (size_t)n * LEAF_ROOM);
	*p++ = as_object ? '{' : '[';
	for (i = 0; i < n; i++) {
		zval *zv = leaf_elem(ht, i, &key, &index, packed);
		if (Z_TYPE_P(zv) == IS_UNDEF) {
			continue;
		}
		if (of_object && key && ZSTR_VAL(key)[0] == '\0' && ZSTR_LEN(key) > 0) {
			continue; /* protected or private */
		}
		if (comma) {
			*p++ = ',';
		}
		comma = true;
		if (as_object) {
			if (!key) {
				*p++ = '"';
				p += zs_i64toa((int64_t)(zend_long)index, p);
				*p++ = '"';
			} else if ((q = put_plain_short(e, p, ZSTR_VAL(key), ZSTR_LEN(key))) != NULL) {
				p = q;
			} else {
				out_commit(e, p);
				write_key(e, ZSTR_VAL(key), ZSTR_LEN(key));
				p = out_reserve(&e->out, 1 + (size_t)(n - i) * LEAF_ROOM);
			}
			*p++ = ':';
		}
		switch (Z_TYPE_P(zv)) {
		case IS_LONG:
			p += zs_i64toa((int64_t)Z_LVAL_P(zv), p);
			break;
		case IS_NULL:
			memcpy(p, "null", 4);
			p += 4;
			break;
		case IS_TRUE:
			memcpy(p, "true", 4);
			p += 4;
			break;
		case IS_FALSE:
			memcpy(p, "false", 5);
			p += 5;
			break;
		case IS_DOUBLE:
			if (UNEXPECTED(!zend_finite(Z_DVAL_P(zv)))) {
				/* as begin_value(): recorded, and the walk goes on */
				e->error_code = PHP_JSON_ERROR_INF_OR_NAN;
				*p++ = '0';
			} else if (EXPECTED(PG(serialize_precision) < 0)) {
				p += zero_fraction(e, p, zs_dtoa_shortest(Z_DVAL_P(zv), 'e', p));
			} else {
				out_commit(e, p);
				write_double(e, Z_DVAL_P(zv));
				p = out_reserve(&e->out, 1 + (size_t)(n - i) * LEAF_ROOM);
			}
			break;
		case IS_ARRAY: /* empty */
			memcpy(p, (e->options & PHP_JSON_FORCE_OBJECT) ? "{}" : "[]", 2);
			p += 2;
			break;
		default: /* IS_STRING */
			if (!(e->options & PHP_JSON_NUMERIC_CHECK) &&
			    (q = put_plain_short(e, p, Z_STRVAL_P(zv), Z_STRLEN_P(zv))) != NULL) {
				p = q;
				break;
			}
			out_commit(e, p);
			if (jsond_enc_write_string(e, Z_STRVAL_P(zv), Z_STRLEN_P(zv), e->options) == FAILURE &&
			    !partial) {
				return LEAF_FAIL;
			}
			p = out_reserve(&e->out, 1 + (size_t)(n - i) * LEAF_ROOM);
			break;
		}
	}
	*p++ = as_object ? '}' : ']';
	out_commit(e, p);
	return LEAF_DONE;
}

/* put_leaf_as() made once for each layout of table, so that its loops do not ask. */
static zend_always_inline enum leaf_step put_leaf(jsond_encoder *e, HashTable *ht, bool as_object,
                                                  bool of_object)
{
#if PHP_VERSION_ID >= 80200
	if (HT_IS_PACKED(ht)) {
		return put_leaf_as(e, ht, as_object, of_object, true);
	}
#endif
	return put_leaf_as(e, ht, as_object, of_object, false);
}

/* What the element loop of a table ends with. */
enum table_step { TABLE_END, TABLE_FRAME, TABLE_FAIL };

/* The elements of table ht (the frame at idx) from its pos on, until one opens a new frame
 * (TABLE_FRAME), the table ends (TABLE_END, nothing written for the end) or writing fails.
 * Inlined with constants for the common kinds of table (a list, a map written as an object,
 * neither pretty-printed nor streamed) so that their loop tests none of what does not change
 * from one element to the next; `generic` takes every other case, with those read at run
 * time. */
static zend_always_inline enum table_step table_elems(jsond_encoder *e, uint32_t idx, HashTable *ht,
                                                      const bool generic, const bool packed_c,
                                                      const bool as_object_c)
{
	const bool partial = (e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) != 0;
	const bool pretty = generic && (e->options & PHP_JSON_PRETTY_PRINT) != 0;
	const bool sink = generic && e->sink != NULL;
	const bool as_object = generic ? e->stack[idx].as_object : as_object_c;
	const bool of_object = e->stack[idx].of_object;
	/* Kept in registers: writes through the output pointer could alias the frame. */
	uint32_t pos = e->stack[idx].pos;
	bool need_comma = e->stack[idx].need_comma;
#if PHP_VERSION_ID >= 80200
	const bool packed = generic ? HT_IS_PACKED(ht) : packed_c;
#else
	const bool packed = false;
	(void)packed_c;
#endif
	if (pos == 0) {
		prefetch_head(ht, packed);
	}

/* Before anything that may read the frame or move the stack (a frame pushed, userland code
 * run): the frame is found again through e->stack each time. */
#define TABLE_SAVE()                           \
	do {                                       \
		e->stack[idx].pos = pos;               \
		e->stack[idx].need_comma = need_comma; \
	} while (0)

	for (;;) {
		zval *zv;
		zend_string *key;
		zend_ulong index;
		size_t indent;
		char *p;

		if (sink && UNEXPECTED(!SINK_CHECK(e))) {
			return TABLE_FAIL;
		}
		if (pos >= ht->nNumUsed) {
			TABLE_SAVE();
			return TABLE_END;
		}
#if PHP_VERSION_ID >= 80200
		if (packed) {
			zv = ht->arPacked + pos;
			key = NULL;
			index = pos;
			/* a list of numbers (mesh, canada) has nothing to ask for */
			if (Z_REFCOUNTED_P(zv)) {
				if (EXPECTED(pos + PREFETCH_AHEAD < ht->nNumUsed)) {
					prefetch_value(zv + PREFETCH_AHEAD);
					prefetch_stage2(zv + PREFETCH_AHEAD - 1);
					prefetch_stage3(zv + PREFETCH_AHEAD - 2);
				} else {
					prefetch_tail(zv, ht->nNumUsed - pos, sizeof(zval));
				}
			}
		} else
#endif
		{
			Bucket *b = ht->arData + pos;
			zv = &b->val;
			key = b->key;
			index = b->h;
			if (EXPECTED(pos + PREFETCH_AHEAD < ht->nNumUsed)) {
				prefetch_value(&b[PREFETCH_AHEAD].val);
				prefetch_stage2(&b[PREFETCH_AHEAD - 1].val);
				prefetch_stage3(&b[PREFETCH_AHEAD - 2].val);
				if (b[PREFETCH_AHEAD].key) {
					__builtin_prefetch(b[PREFETCH_AHEAD].key);
				}
			} else {
				prefetch_tail(&b->val, ht->nNumUsed - pos, sizeof(Bucket));
			}
		}
		pos++;
		if (Z_TYPE_P(zv) == IS_INDIRECT) {
			zv = Z_INDIRECT_P(zv);
		}
		if (Z_TYPE_P(zv) == IS_UNDEF) {
			continue;
		}
		if (of_object && key && ZSTR_VAL(key)[0] == '\0' && ZSTR_LEN(key) > 0) {
			continue; /* protected or private */
		}
#if PHP_VERSION_ID >= 80400
		if (UNEXPECTED(Z_TYPE_P(zv) == IS_PTR)) {
			TABLE_SAVE();
			if (read_hooked(e, &e->stack[idx], Z_PTR_P(zv), &zv) == FAILURE) {
				return TABLE_FAIL;
			}
			if (!zv) {
				continue;
			}
		}
#endif
		indent = pretty ? 1 + 4 * (size_t)e->depth : 0;
		/* Room for a short key written in place as well (the value's room follows it). */
		p = out_reserve(&e->out, ELEMENT_ROOM + SHORT_STRING + 1 + indent);
		if (need_comma) {
			*p++ = ',';
		}
		need_comma = true;
		if (pretty && indent) {
			*p = '\n';
			memset(p + 1, ' ', indent - 1);
			p += indent;
		}
		if (as_object) {
			if (key) {
				char *q = put_plain_short(e, p, ZSTR_VAL(key), ZSTR_LEN(key));
				if (q) {
					p = q;
				} else {
					out_commit(e, p);
					write_key(e, ZSTR_VAL(key), ZSTR_LEN(key));
					p = out_reserve(&e->out, ELEMENT_ROOM);
				}
			} else {
				*p++ = '"';
				p += zs_i64toa((int64_t)(zend_long)index, p);
				*p++ = '"';
			}
			*p++ = ':';
			if (pretty) {
				*p++ = ' ';
			}
		}
		switch (Z_TYPE_P(zv)) {
		case IS_LONG:
			p += zs_i64toa((int64_t)Z_LVAL_P(zv), p);
			out_commit(e, p);
			continue;
		case IS_NULL:
			memcpy(p, "null", 4);
			out_commit(e, p + 4);
			continue;
		case IS_TRUE:
			memcpy(p, "true", 4);
			out_commit(e, p + 4);
			continue;
		case IS_FALSE:
			memcpy(p, "false", 5);
			out_commit(e, p + 5);
			continue;
		case IS_STRING:
			if (!(e->options & PHP_JSON_NUMERIC_CHECK)) {
				/* ELEMENT_ROOM, less the separator bytes, still covers a short string. */
				char *q = put_plain_short(e, p, Z_STRVAL_P(zv), Z_STRLEN_P(zv));
				if (q) {
					out_commit(e, q);
					continue;
				}
			}
			out_commit(e, p);
			if (jsond_enc_write_string(e, Z_STRVAL_P(zv), Z_STRLEN_P(zv), e->options) == FAILURE &&
			    !partial) {
				return TABLE_FAIL;
			}
			continue;
		case IS_ARRAY:
			if (zend_hash_num_elements(Z_ARRVAL_P(zv)) == 0 && e->depth < e->max_depth) {
				/* ELEMENT_ROOM still covers the two bytes. */
				memcpy(p, (e->options & PHP_JSON_FORCE_OBJECT) ? "{}" : "[]", 2);
				out_commit(e, p + 2);
				continue;
			}
			out_commit(e, p);
			if (!pretty) {
				enum leaf_step l = put_leaf(e, Z_ARRVAL_P(zv),
				                            (e->options & PHP_JSON_FORCE_OBJECT) ||
				                                    !zser_array_is_list(Z_ARRVAL_P(zv)),
				                            false);
				if (l == LEAF_DONE) {
					continue;
				}
				if (l == LEAF_FAIL) {
					return TABLE_FAIL;
				}
			}
			TABLE_SAVE();
			if (EXPECTED(zend_hash_num_elements(Z_ARRVAL_P(zv)) != 0 &&
			             !GC_IS_RECURSIVE(Z_ARRVAL_P(zv)))) {
				jsond_enc_open_array(e, zv);
				return TABLE_FRAME;
			}
			goto open_container;
		case IS_OBJECT:
			if (Z_OBJCE_P(zv) != zend_standard_class_def) {
				break;
			}
			/* stdClass is neither serializable nor an enum: straight to its table. */
			out_commit(e, p);
			if (!pretty && std_table(zv)) {
				enum leaf_step l = put_leaf(e, Z_OBJ_P(zv)->properties, true, true);
				if (l == LEAF_DONE) {
					continue;
				}
				if (l == LEAF_FAIL) {
					return TABLE_FAIL;
				}
			}
			TABLE_SAVE();
			if (EXPECTED(open_std_object(e, zv) == SUCCESS)) {
				return TABLE_FRAME;
			}
open_container:
			if (begin_container(e, zv) == FAILURE && !partial) {
				return TABLE_FAIL;
			}
			if (e->top != idx + 1) {
				return TABLE_FRAME;
			}
			continue;
		default:
			break;
		}
		out_commit(e, p);
		TABLE_SAVE();
		if (begin_value(e, zv) == FAILURE && !partial) {
			return TABLE_FAIL;
		}
		if (e->top != idx + 1) {
			return TABLE_FRAME; /* a child frame is now on top */
		}
	}
#undef TABLE_SAVE
}

/* Writes elements of the top FRAME_TABLE until one opens a new frame or the table ends. */
static zend_result step_table(jsond_encoder *e)
{
	const bool plain = !(e->options & PHP_JSON_PRETTY_PRINT) && e->sink == NULL;
	uint32_t idx;
	jsond_enc_frame *f;
	HashTable *ht;
	enum table_step r;

	/* Moving between nested tables stays in this loop: no call per array entered or left. */
	for (;;) {
		if (e->top == 0) {
			return SUCCESS;
		}
		idx = e->top - 1;
		f = &e->stack[idx];
		if (f->kind != FRAME_TABLE) {
			return SUCCESS; /* the driver handles the other kinds */
		}
		ht = f->ht;
		if (ht) {
#if PHP_VERSION_ID >= 80200
			if (plain && HT_IS_PACKED(ht) && !f->as_object) {
				r = table_elems(e, idx, ht, false, true, false);
			} else if (plain && !HT_IS_PACKED(ht) && f->as_object) {
				r = table_elems(e, idx, ht, false, false, true);
			} else
#endif
			{
				r = table_elems(e, idx, ht, true, false, false);
			}
			if (r == TABLE_FAIL) {
				return FAILURE;
			}
			if (r == TABLE_FRAME) {
				continue;
			}
		}
		if (close_frame(e) == FAILURE) {
			return FAILURE;
		}
	}
}

/* Same for the declared property slots of a plain object. */
static zend_result step_props(jsond_encoder *e)
{
	uint32_t idx = e->top - 1;
	const bool partial = (e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) != 0;

	for (;;) {
		jsond_enc_frame *f = &e->stack[idx];
		zend_object *obj = Z_OBJ(f->holder);
		zend_class_entry *ce = obj->ce;
		zend_property_info *info;
		zval *prop;

		if (UNEXPECTED(!SINK_CHECK(e))) {
			return FAILURE;
		}
		if (f->pos >= (uint32_t)ce->default_properties_count) {
			return close_frame(e);
		}
		info = ce->properties_info_table[f->pos++];
		if (!info) {
			continue;
		}
		if (ZSTR_VAL(info->name)[0] == '\0' && ZSTR_LEN(info->name) > 0) {
			continue;
		}
		prop = OBJ_PROP(obj, info->offset);
		if (Z_TYPE_P(prop) == IS_UNDEF) {
			continue; /* uninitialized typed property, or unset() */
		}
		out_commit(e, element_start(e, f));
		write_key(e, ZSTR_VAL(info->name), ZSTR_LEN(info->name));
		key_colon(e);
		if (element_value(e, prop) == FAILURE && !partial) {
			return FAILURE;
		}
		if (e->top != idx + 1) {
			return SUCCESS;
		}
	}
}

/* ==== Objects with jsonSerialize(), enums ==== */

static zend_result begin_serializable(jsond_encoder *e, zval *val)
{
	zend_class_entry *ce = Z_OBJCE_P(val);
#if PHP_VERSION_ID >= 80400
	/* PHP 8.4 guards jsonSerialize() recursion on the object itself, which leaves a lazy
	 * object uninitialised (building its property table would initialise it) */
	zend_object *obj = Z_OBJ_P(val);
	uint32_t *jguard = zend_get_recursion_guard(obj);
	HashTable *props = NULL;
	/* every JsonSerializable and JsondSerializable class uses guards (zser.c) */
	ZEND_ASSERT(jguard != NULL);
#else
	/* PHP 8.2 guards jsonSerialize() recursion on the property table (Z_OBJPROP). */
	HashTable *props = Z_OBJPROP_P(val);
#endif
	zval retval, fname;
	jsond_enc_frame *f;
	uint32_t idx;

#if PHP_VERSION_ID >= 80400
	if (ZEND_GUARD_IS_RECURSIVE(jguard, JSON)) {
#else
	if (props && GC_IS_RECURSIVE(props)) {
#endif
		e->error_code = PHP_JSON_ERROR_RECURSION;
		if (e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
			OUT_LIT(&e->out, "null");
		}
		return FAILURE;
	}
#if PHP_VERSION_ID >= 80400
	ZEND_GUARD_PROTECT_RECURSION(jguard, JSON);
#endif
	if (props) {
		GC_TRY_PROTECT_RECURSION(props);
	}
	ZVAL_STRING(&fname, "jsonSerialize");
	if (FAILURE == call_user_function(NULL, val, &fname, &retval, 0, NULL) ||
	    Z_TYPE(retval) == IS_UNDEF) {
		if (!EG(exception)) {
			zend_throw_exception_ex(NULL, 0, "Failed calling %s::jsonSerialize()",
			                        ZSTR_VAL(ce->name));
		}
		zval_ptr_dtor(&fname);
		goto fail;
	}
	zval_ptr_dtor(&fname);
	if (EG(exception)) {
		zval_ptr_dtor(&retval);
		goto fail;
	}
	f = open_frame(e, FRAME_SERIALIZABLE, false, false, NULL, (zend_refcounted *)props, NULL);
	idx = e->top - 1;
	ZVAL_COPY_VALUE(&f->holder, &retval);
#if PHP_VERSION_ID >= 80400
	/* the guard is the object's: it must live until the frame closes */
	GC_ADDREF(obj);
	f->json_guard = obj;
#endif
	if (Z_TYPE(retval) == IS_OBJECT && Z_OBJ(retval) == Z_OBJ_P(val)) {
		/* "return $this": written as a plain object, with the guard already lifted. */
		if (props) {
			GC_TRY_UNPROTECT_RECURSION(props);
		}
		e->stack[idx].guard = NULL;
#if PHP_VERSION_ID >= 80400
		ZEND_GUARD_UNPROTECT_RECURSION(jguard, JSON);
		e->stack[idx].json_guard = NULL;
		OBJ_RELEASE(obj); /* retval holds it */
#endif
		return begin_container(e, &e->stack[idx].holder);
	}
	return begin_value(e, &e->stack[idx].holder);

fail:
	if (e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
		OUT_LIT(&e->out, "null");
	}
	if (props) {
		GC_TRY_UNPROTECT_RECURSION(props);
	}
#if PHP_VERSION_ID >= 80400
	ZEND_GUARD_UNPROTECT_RECURSION(jguard, JSON);
#endif
	return FAILURE;
}

static zend_result write_enum(jsond_encoder *e, zval *val)
{
	zend_class_entry *ce = Z_OBJCE_P(val);
	if (ce->enum_backing_type == IS_UNDEF) {
		e->error_code = PHP_JSON_ERROR_NON_BACKED_ENUM;
		out_char(&e->out, '0');
		return FAILURE;
	}
	return begin_value(e, zend_enum_fetch_case_value(Z_OBJ_P(val)));
}

/* Writes a scalar, or opens the frame(s) of a container (ext/json's
 * php_json_encode_zval). FAILURE stops the whole encoding unless partial output is on. */
static zend_result begin_value(jsond_encoder *e, zval *val)
{
again:
	switch (Z_TYPE_P(val)) {
	case IS_NULL:
		OUT_LIT(&e->out, "null");
		return SUCCESS;
	case IS_TRUE:
		OUT_LIT(&e->out, "true");
		return SUCCESS;
	case IS_FALSE:
		OUT_LIT(&e->out, "false");
		return SUCCESS;
	case IS_LONG:
		write_long(e, Z_LVAL_P(val));
		return SUCCESS;
	case IS_DOUBLE:
		if (EXPECTED(zend_finite(Z_DVAL_P(val)))) {
			write_double(e, Z_DVAL_P(val));
		} else {
			/* Recorded, but the walk goes on: a later error may replace the code. */
			e->error_code = PHP_JSON_ERROR_INF_OR_NAN;
			out_char(&e->out, '0');
		}
		return SUCCESS;
	case IS_STRING:
		return jsond_enc_write_string(e, Z_STRVAL_P(val), Z_STRLEN_P(val), e->options);
	case IS_OBJECT:
		if (instanceof_function(Z_OBJCE_P(val), php_json_serializable_ce) ||
		    instanceof_function(Z_OBJCE_P(val), zser_ce_JsondSerializable)) {
			return begin_serializable(e, val);
		}
		if (Z_OBJCE_P(val)->ce_flags & ZEND_ACC_ENUM) {
			return write_enum(e, val);
		}
		return begin_container(e, val);
	case IS_ARRAY:
		return begin_container(e, val);
	case IS_REFERENCE:
		val = Z_REFVAL_P(val);
		goto again;
	default:
		e->error_code = PHP_JSON_ERROR_UNSUPPORTED_TYPE;
		if (e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) {
			OUT_LIT(&e->out, "null");
		}
		return FAILURE;
	}
}

/* ==== Driver ==== */

static void encode(jsond_encoder *e, zval *val)
{
	const bool partial = (e->options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR) != 0;
	zend_result r = begin_value(e, val);

	while (e->top > 0 && (r == SUCCESS || partial) && !e->sink_failed) {
		jsond_enc_frame *f = &e->stack[e->top - 1];
		switch (f->kind) {
		case FRAME_TABLE:
			r = step_table(e);
			break;
		case FRAME_PROPS:
			r = step_props(e);
			break;
		default: /* FRAME_SERIALIZABLE: its value is written */
			release_frame(f);
			e->top--;
			r = SUCCESS;
			break;
		}
	}
	/* A failure without partial output abandons every open frame, as ext/json's early
	 * returns do. */
	while (e->top > 0) {
		release_frame(&e->stack[--e->top]);
	}
#if PHP_VERSION_ID >= 80400
	if (e->hooked) {
		zend_array_destroy(e->hooked);
		e->hooked = NULL;
	}
#endif
}

/* Encodes value under the flags and depth given, into e->out, or into the stream `sink`. */
static zend_always_inline void encode_with(jsond_encoder *e, zval *value, int options, int depth,
                                           zend_resource *sink)
{
	memset(e, 0, sizeof(*e));
	e->options = options;
	e->max_depth = depth;
	e->error_code = PHP_JSON_ERROR_NONE;
	e->esc_mask = zs_esc_class_mask((uint32_t)options);
	e->word_scan = (e->esc_mask & ~3u) == 0;
	e->slash8 = ONES8 * (unsigned char)((e->esc_mask & 2u) ? '/' : '"');
	e->sink = sink;
	encode(e, value);
	if (e->stack) {
		efree(e->stack);
	}
}

/* The text encode_with() wrote to e->out, as a string of its own (empty when nothing was). */
static zend_string *encoded_text(jsond_encoder *e)
{
	if (!e->out.s) {
		return ZSTR_EMPTY_ALLOC();
	}
	if (e->out.cap - e->out.len > 4096) {
		e->out.s = zend_string_truncate(e->out.s, e->out.len, 0);
	}
	ZSTR_LEN(e->out.s) = e->out.len;
	ZSTR_VAL(e->out.s)[e->out.len] = '\0';
	return e->out.s;
}

PHP_FUNCTION(jsond_encode)
{
	zval *value;
	zend_long options = 0;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	jsond_encoder e;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_ZVAL(value)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(options)
		Z_PARAM_LONG(depth)
	ZEND_PARSE_PARAMETERS_END();

	/* json_encode() of PHP 8.2 truncates both to int and checks neither. */
	encode_with(&e, value, (int)options, (int)depth, NULL);

	if (!(e.options & PHP_JSON_THROW_ON_ERROR) || (e.options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		ZSER_G(json_error_code) = e.error_code;
		ZSER_G(json_error_offset) = -1;
		if (e.error_code != PHP_JSON_ERROR_NONE &&
		    !(e.options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
			if (e.out.s) {
				zend_string_efree(e.out.s);
			}
			RETURN_FALSE;
		}
	} else if (e.error_code != PHP_JSON_ERROR_NONE) {
		if (e.out.s) {
			zend_string_efree(e.out.s);
		}
		zser_json_throw(e.error_code);
		RETURN_THROWS();
	}
	RETURN_STR(encoded_text(&e));
}

/* Writes as it goes: memory stays near STREAM_FLUSH_AT plus the longest scalar, whatever
 * the size of the text. An error found after a flush leaves a prefix in the stream. */
PHP_FUNCTION(jsond_encode_to_stream)
{
	zval *value, *zstream;
	zend_long options = 0;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	jsond_encoder e;

	ZEND_PARSE_PARAMETERS_START(2, 4)
		Z_PARAM_ZVAL(value)
		Z_PARAM_RESOURCE(zstream)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(options)
		Z_PARAM_LONG(depth)
	ZEND_PARSE_PARAMETERS_END();

	if (!zend_fetch_resource2_ex(zstream, "stream", php_file_le_stream(), php_file_le_pstream())) {
		RETURN_THROWS();
	}
	encode_with(&e, value, (int)options, (int)depth, Z_RES_P(zstream));
	if (!e.sink_failed && !EG(exception) &&
	    (e.error_code == PHP_JSON_ERROR_NONE || (e.options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR))) {
		sink_flush(&e);
	}
	if (e.out.s) {
		zend_string_efree(e.out.s);
	}
	if (!(e.options & PHP_JSON_THROW_ON_ERROR) || (e.options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		ZSER_G(json_error_code) = e.error_code;
		ZSER_G(json_error_offset) = -1; /* an encoding error has no location in a text */
	}
	if (e.sink_failed) {
		if (EG(exception)) {
			RETURN_THROWS();
		}
		php_error_docref(NULL, E_WARNING,
		                 "Failed to write to the stream after %zu bytes of the JSON text",
		                 e.written);
		RETURN_FALSE;
	}
	/* as in jsond_encode(), a JsonException goes on top of one thrown by jsonSerialize() */
	if (e.error_code != PHP_JSON_ERROR_NONE && !(e.options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		if (e.options & PHP_JSON_THROW_ON_ERROR) {
			zser_json_throw(e.error_code);
			RETURN_THROWS();
		}
		RETURN_FALSE;
	}
	if (EG(exception)) {
		RETURN_THROWS();
	}
	RETURN_LONG((zend_long)e.written);
}

int zser_json_encode(zend_string **out, zval *value, int options, int depth)
{
	jsond_encoder e;

	encode_with(&e, value, options, depth, NULL);
	if (e.error_code != PHP_JSON_ERROR_NONE && !(e.options & PHP_JSON_PARTIAL_OUTPUT_ON_ERROR)) {
		if (e.out.s) {
			zend_string_efree(e.out.s);
		}
		*out = NULL;
		return e.error_code;
	}
	*out = encoded_text(&e);
	return e.error_code;
}
