/* zser — SPDX-License-Identifier: MIT
 *
 * zval -> zser binary (docs/FORMAT.md). Walks a value the way php_var_serialize_intern()
 * does — same slot numbering, same choice between object back-references and PHP
 * references, same magic methods in the same order, same warnings and exceptions — and
 * writes it with the core's writer primitives, deduplicating strings and shapes. It does
 * not decode (bin_decode.c) and does not parse PHP arguments (bin.c). The objects written by
 * calling userland code (__sleep(), __serialize(), Serializable) are in bin_encode_objects.c,
 * which writes through the entry points bin_encoder.h declares; the encoder's layout and
 * the hot paths stay here, static, so that they inline.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zend_smart_str.h"
#include "zend_exceptions.h"
#include "zend_enum.h"
#include "ext/standard/basic_functions.h"
#include "ext/standard/php_incomplete_class.h"
#if PHP_VERSION_ID >= 80400
#include "zend_lazy_objects.h"
#endif
#include "zser_internal.h"
#include "zs_wire_write.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "bin_encoder.h"
#include "bin_shape_key.h"
#include "bin_key_memo.h"

/* The output is written at a raw cursor: into the encoder's inline buffer, and past it into one
 * zend_string that grows by reallocation and becomes the result. Zend MM serves a string of up
 * to OUT_LARGE_MAX bytes from pages of its chunks, grows it in place while the pages after it
 * are free and gives back its tail in place when it is trimmed, so the output is rarely
 * copied and touches no page it does not fill. Heap chunks gathered into the result at the
 * end had touched about twice the output's pages, and page faults cost more than the copy
 * saved in a process that maps and unmaps its chunks, as a long request that frees what it
 * made does (docs/INTERNALS.md §2). */
#define OUT_INLINE    1024
#define OUT_HEAP_MIN  8192
#define OUT_LARGE_MAX (ZEND_MM_MAX_LARGE_SIZE - _ZSTR_STRUCT_SIZE(0))
/* Past this many bytes of output, a value's strings are mostly out of the cache. */
#define OUT_FAR       (256 * 1024)

/* String table (FORMAT.md §5): `strs` lists the strings by index (borrowed or held, see
 * str_hold_all()); `str_slots` is an open-addressing index over them. Both start inside the
 * encoder. A string's hash is the one PHP caches in it (str_hash()). */
#define STR_SLOTS0    64
#define STR_LIST0     (STR_SLOTS0 / 2)
/* The index grows by four up to this many slots, then by two. */
#define STR_GROW4_MAX 65536
/* A slot holds the string index + 1 in its low log2(slots) bits (0: empty; the list never
 * holds more than half as many strings as there are slots) and the same-placed bits of the
 * string's hash in the bits above: a probe that meets another string then rejects it without
 * loading it, which on a value larger than the cache is a miss each time. */
typedef uint32_t zser_enc_str_slot;
#define STR_SLOT(e, idx, h) (((uint32_t)(idx) + 1) | ((uint32_t)(h) & ~(e)->str_mask))

/* How many occupied slots a probe of the string or shape index may pass. Both are placed by
 * PHP's string hash, which is fixed and easily made to collide: strings (or key sets) made
 * equal under it would each pass all those before them, time quadratic in their number. At
 * most half the slots are full, where ordinary strings pass one or two. A string or shape not
 * found within the bound is written again as new, and one not placed within it stays out of
 * the index: the output is still valid and still a function of the value alone (FORMAT.md
 * §5), only no longer the smallest for such values. */
#define PROBE_MAX 64

/* Shape table (§7, §8): a shape is a class (NULL for arrays) and a key sequence, its keys in
 * `skeys[first .. first+count)`. A string key points to the string table's copy (held
 * there) or to the permanent empty string, with its hash in `v`; an integer key has s NULL
 * and its value in `v`. Shapes are found by a hash of their keys' hashes, which PHP arrays
 * keep in their buckets: a repeated shape is recognised without interning its keys. */
#define SHAPE_SLOTS0    32
#define SHAPES0         (SHAPE_SLOTS0 / 2)
#define SKEYS0          64
/* Shape memo: 2^SHAPE_MEMO_BITS entries of shape index + 1 (0: none). */
#define SHAPE_MEMO_BITS 6
typedef struct zser_enc_shape {
	uint64_t h;
	zend_string *cls;
	uint32_t first;
	uint32_t count;
	bool words; /* the w[] of its keys are filled in (shape_keys()) */
} zser_enc_shape;

/* Classes whose declared properties are all set map straight to their shape. */
#define CE_CACHE 16
typedef struct zser_enc_ce_shape {
	zend_class_entry *ce;
	uint32_t shape;
} zser_enc_ce_shape;

/* How a frame's elements are laid out. */
#define F_PACKED  0 /* the zvals of a packed table */
#define F_BUCKETS 1 /* the buckets of a hash */
#define F_MAGIC                                                                  \
	2 /* the buckets of an incomplete object's properties: its class-name member \
	     is left out */
#define ZSER_DEC_DECLARED 3 /* an object's declared property slots (`own` is the object) */

/* What popping a frame releases. */
#define O_NONE      0
#define O_UNPROTECT 1 /* the recursion guard set on `self` (an array) */
#define O_PROPS     2 /* `own`: a property table from zend_get_properties_for() */
#define O_SLEEP                                                               \
	3 /* `own`: the __sleep() table; `held`: what __sleep() returned; and the \
	     reference to `self` (the object) */
#define O_DATA                                                                 \
	4 /* `held`: what __serialize() returned (the elements); and the reference \
	     to `own` (the object) */

/* One open container of the walk (walk()). */
typedef struct zser_enc_frame {
	void *cur, *end; /* the next element and the end: zvals or buckets */
	/* the parent of the elements for encode_nested(): an array (self_obj false), an object
	 * (self_obj true) or none (NULL) */
	void *self;
	void *own;
	zval held;
	uint8_t kind;
	uint8_t owns;
	bool self_obj;
	bool rcn; /* e->rcn outside this container, restored when it is popped */
	/* an array value: its slot, and e->marks when it opened (arr_known()); 0 otherwise */
	uint32_t arr_slot;
	uint32_t marks;
} zser_enc_frame;

/* Frames held in the encoder's buffers before the stack moves to the heap. */
#define FRAMES0   16
/* Containers up to this depth are written by recursion (the elements of __serialize() data and
 * of __sleep() tables from a frame walked at once); deeper ones take a frame of the walk already
 * running, so the C stack holds at most this many levels whatever the depth of the value
 * (docs/INTERNALS.md §6). */
#define REC_DEPTH ZSER_ENC_REC_DEPTH
/* A test build sets it low (the oracle stage: 4), so that every value of the phpt suite deeper
 * than that goes through the walk's frames, which ordinary values never reach. */
#ifndef ZSER_ENC_REC_DEPTH
#define ZSER_ENC_REC_DEPTH 128
#endif
/* PHP 8.4 only: the depth at which zser_serialize() gives up on an array (encode_array_deep()) */
#define ENC_MAX_DEPTH_84 200000

/* A shared array written in full, and its slot (see `arrs` below). */
#define ARRS_INLINE 8
typedef struct {
	HashTable *ht;
	uint32_t slot;
} zser_enc_arr;

struct zser_encoder {
	unsigned char *p, *end, *base;
	bool far;         /* the output passed OUT_FAR bytes: prefetch (walk_far()) */
	zend_string *big; /* the output once it left the inline buffer; the cursor is in it */
	zser_enc_str_slot *str_slots;
	bool str_pending;     /* strs[str_indexed..nstrs) are not in str_slots yet, or the
	                         inline slots are not cleared yet */
	bool str_slots_ready; /* str_slots is cleared (the inline slots are only on use) */
	uint32_t str_indexed;
	bool hold; /* the table holds references to its strings (str_hold_all()) */
	uint32_t str_mask;
	uint32_t str_shift; /* 64 - log2(slots) */
	uint32_t nstrs;
	zend_string **strs;
	uint32_t strs_cap;
	uint32_t *shape_slots;
	bool shapes_pending;    /* shapes[shapes_indexed..nshapes) are not hashed and indexed
	                           yet, or the inline slots are not cleared yet */
	bool shape_slots_ready; /* shape_slots is cleared (the inline slots only on use) */
	uint32_t shapes_indexed;
	uint64_t count_bits; /* bit (count % 64) set for the key count of every shape */
	uint32_t shape_mask;
	uint32_t nshapes;
	zser_enc_shape *shapes;
	uint32_t shapes_cap;
	uint32_t nskeys;
	zser_shape_key *skeys;
	uint32_t skeys_cap;
	uint32_t ce_live; /* bit i: ce_cache[i] is set */
	/* the last class found without __sleep(): a list of objects of one class looks it up
	 * once (a class's methods are fixed once it is linked) */
	zend_class_entry *no_sleep_ce;
	uint64_t memo_live; /* bit i: memo[i] is set */
	uint32_t memo_none; /* stands for the memo entry of a value's first shape: always 0 */
	/* Identity table (§9): each object or reference that may be met again, held (so that
	 * its address cannot be reused while we run) in `held` in the order met, its slot in
	 * the zval's u2; `id_slots` indexes them by address. Allocated on first use. */
	zval *held;
	uint32_t nheld;
	uint32_t *id_slots;
	uint32_t id_mask;
	uint32_t id_shift;
	uint32_t n;     /* last slot taken, as data->n in var.c */
	uint32_t root;  /* the slot of the value this call writes (var.c's is_root) */
	uint32_t depth; /* containers open, written by recursion or in frames */
	/* levels written by recursion before the walk takes over: REC_DEPTH, less what the outer
	 * calls of a nested call hold on the C stack (their recursion is below this call's) */
	uint32_t rec_max;
	/* the walk's frames (walk()): the open containers past REC_DEPTH, innermost last */
	zser_enc_frame *frames;
	uint32_t nframes;
	uint32_t frames_cap;
	bool refs; /* a back-reference was written: set the header flag (FORMAT.md §2) */
	/* Shared arrays (FORMAT.md §9.1): `arrs` maps each array written in full, complete and
	 * plain, that others hold too, to its slot (keyed by its address / 8), and holds a
	 * reference to it, so that its address cannot be reused while we run. `marks` counts
	 * what makes an array around it not plain: objects written in full, references met for
	 * the first time, BACKREF_REF written. */
	HashTable *arrs;
	uint32_t marks;
	/* how many there are, listed in inl.arrs0 until there are more than ARRS_INLINE, then in
	 * `arrs`: most values hold only a few (literal arrays of the code are shared, being
	 * immutable), which then cost no table */
	uint32_t narrs0; /* their list is inl.arrs0 */
	/* var.c's in_rcn_array: the values being written sit in an array or property table
	 * that is shared, so an object there may be met again even with a refcount of 1 */
	bool rcn;
	struct zser_enc_bufs *bufs;
	/* Written before it is read (ce_live and memo_live say which entries are set): the one
	 * part php_zser_serialize() does not clear. It stays the last member (checked there at
	 * compile time), so that any field declared above starts cleared. */
	struct {
		uint32_t memo[1 << SHAPE_MEMO_BITS];
		zser_enc_ce_shape ce_cache[CE_CACHE];
		zser_enc_arr arrs0[ARRS_INLINE]; /* the first narrs0 */
	} inl;
};

/* The first entries of each table and the first bytes of output, where a small value needs no
 * allocation. They are kept apart from the encoder, so that the C stack holds only the
 * encoder itself: one block per request is taken by each call and given back (bufs_take()),
 * and a call made while another runs (from a magic method, an error handler or a destructor)
 * gets its own. */
typedef struct zser_enc_bufs {
	zser_enc_str_slot str_slots0[STR_SLOTS0];
	zend_string *strs0[STR_LIST0];
	uint32_t shape_slots0[SHAPE_SLOTS0];
	zser_enc_shape shapes0[SHAPES0];
	zser_shape_key skeys0[SKEYS0];
	unsigned char out0[OUT_INLINE];
	zser_enc_frame frames0[FRAMES0];
} zser_enc_bufs;

static zser_enc_bufs *bufs_take(void)
{
	zser_enc_bufs *b = ZSER_G(enc_bufs);

	if (EXPECTED(b)) {
		ZSER_G(enc_bufs) = NULL;
		return b;
	}
	return emalloc(sizeof(zser_enc_bufs));
}

static void bufs_give(zser_enc_bufs *b)
{
	if (EXPECTED(!ZSER_G(enc_bufs)) && ZSER_G(key_memo_on)) {
		ZSER_G(enc_bufs) = b; /* released in RSHUTDOWN (zser_encode_cache_release()) */
	} else {
		efree(b); /* outside a request nothing would release it */
	}
}

/* ==== Output ==== */

static zend_never_inline void zser_enc_out_grow(zser_encoder *e, size_t n)
{
	size_t len = (size_t)(e->p - e->base), cap;

	if (UNEXPECTED(n > ZSTR_MAX_LEN / 2 - len)) {
		zend_error_noreturn(E_ERROR, "String size overflow");
	}
	cap = (len + n) * 2;
	if (cap < OUT_HEAP_MIN) {
		cap = OUT_HEAP_MIN;
	}
	if (cap > OUT_LARGE_MAX && len + n <= OUT_LARGE_MAX) {
		/* a block past it is mapped on its own: only when the output needs it */
		cap = OUT_LARGE_MAX;
	}
	if (e->big) {
		e->big = zend_string_realloc(e->big, cap, 0);
	} else {
		e->big = zend_string_alloc(cap, 0);
		memcpy(ZSTR_VAL(e->big), e->bufs->out0, len);
	}
	e->far = len >= OUT_FAR;
	e->base = (unsigned char *)ZSTR_VAL(e->big);
	e->p = e->base + len;
	e->end = e->base + cap;
}

/* Room for n more bytes at the cursor. */
static zend_always_inline unsigned char *out_begin(zser_encoder *e, size_t n)
{
	if (UNEXPECTED((size_t)(e->end - e->p) < n)) {
		zser_enc_out_grow(e, n);
	}
	return e->p;
}

static zend_always_inline void out_end(zser_encoder *e, unsigned char *p)
{
	e->p = p;
}

static zend_always_inline void out_tag(zser_encoder *e, unsigned char tag)
{
	unsigned char *p = out_begin(e, 1);
	*p++ = tag;
	out_end(e, p);
}

/* ==== String table (§5) ==== */

#if SIZEOF_SIZE_T == 8
/* Strings of up to SHORT_STR bytes compare as two words (short_words()). */
#define SHORT_STR 16
#else
#define SHORT_STR 0
#endif

/* Two words that hold all the bytes of s (len = ZSTR_LEN(s) <= SHORT_STR): the 8 bytes before
 * ZSTR_VAL are the len field, so a word ending at the last byte is always readable, and for
 * two strings of the same length its bytes before ZSTR_VAL are equal. The second word is the
 * first 8 bytes, or the first word again. */
static zend_always_inline void short_words(const zend_string *s, size_t len, uint64_t *w0,
                                           uint64_t *w1)
{
	const char *l = (const char *)s + XtOffsetOf(zend_string, len);
	size_t lo = len > 8 ? 8 : len;

	ZEND_ASSERT(l + 8 == ZSTR_VAL(s) && len <= 16);
	memcpy(w0, l + len, 8);
	memcpy(w1, l + lo, 8);
}

/* Equal bytes of two strings of the same length, for the short keys and strings that
 * dominate: overlapping word loads (16-byte vectors where SSE2 is there), no libc call and,
 * up to 16 bytes, no branch on the length (key lengths vary from one key to the next, and a
 * mispredicted length branch cost more than the compare itself). */
static zend_always_inline bool same_str_bytes(const zend_string *a, const zend_string *b,
                                              size_t len)
{
	const char *pa = ZSTR_VAL(a), *pb = ZSTR_VAL(b);
	uint64_t x, y, x2, y2;

	if (EXPECTED(len <= SHORT_STR)) {
		short_words(a, len, &x, &x2);
		short_words(b, len, &y, &y2);
		return ((x ^ y) | (x2 ^ y2)) == 0;
	}
#ifdef __SSE2__
	if (len > 16) {
		/* two overlapping vectors up to 32 bytes, four up to 64, then 16-byte steps */
		__m128i m = _mm_and_si128(
		        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)pa),
		                       _mm_loadu_si128((const __m128i *)(const void *)pb)),
		        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(pa + len - 16)),
		                       _mm_loadu_si128((const __m128i *)(const void *)(pb + len - 16))));
		size_t i;
		if (len <= 32) {
			return _mm_movemask_epi8(m) == 0xFFFF;
		}
		for (i = 16; i + 16 < len; i += 16) {
			m = _mm_and_si128(
			        m, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(pa + i)),
			                          _mm_loadu_si128((const __m128i *)(const void *)(pb + i))));
			if (_mm_movemask_epi8(m) != 0xFFFF) {
				return false;
			}
		}
		return _mm_movemask_epi8(m) == 0xFFFF;
	}
#endif
	return len < 2 ? len == 0 || pa[0] == pb[0] : zs_same_bytes(pa, pb, len);
}

static zend_always_inline bool same_str(const zend_string *a, const zend_string *b)
{
	return ZSTR_LEN(a) == ZSTR_LEN(b) && same_str_bytes(a, b, ZSTR_LEN(a));
}

/* Hash of a string for the string table: PHP's own, cached in the string (keys and interned
 * strings have it already; a value serialized again finds it there). */
static zend_always_inline uint64_t str_hash(zend_string *s)
{
	return zend_string_hash_val(s);
}

#define MUL_K UINT64_C(0x9E3779B97F4A7C15)

/* Home slot of a string hash. PHP's hash ends in the last bytes added almost unchanged, so
 * strings differing only at their end would crowd neighbouring slots: multiply first. */
static zend_always_inline uint32_t str_home(uint64_t h, uint32_t shift)
{
	return (uint32_t)((h * MUL_K) >> shift);
}

static zend_always_inline void str_place(zser_encoder *e, uint32_t idx)
{
	uint64_t h = ZSTR_H(e->strs[idx]);
	uint32_t j = str_home(h, e->str_shift), n = 0;
	while (e->str_slots[j]) {
		if (UNEXPECTED(++n > PROBE_MAX)) {
			return;
		}
		j = (j + 1) & e->str_mask;
	}
	e->str_slots[j] = STR_SLOT(e, idx, h);
}

/* Doubles the index and the list; every string is in the index afterwards. */
static zend_never_inline void str_grow(zser_encoder *e)
{
	/* by four while the index is small (each step clears and refills it; a value with a few
	 * thousand strings took six steps), then by two */
	uint32_t old = e->str_mask + 1, size, i;

	if (old < STR_GROW4_MAX) {
		size = old * 4;
		e->str_shift -= 2;
	} else if (old <= UINT32_MAX / 4) {
		size = old * 2;
		e->str_shift--;
	} else {
		zend_error_noreturn(E_ERROR, "zser_serialize(): too many strings");
	}
	if (e->str_slots != e->bufs->str_slots0) {
		efree(e->str_slots);
	}
	e->str_slots = ecalloc(size, sizeof(zser_enc_str_slot));
	e->str_slots_ready = true;
	e->str_mask = size - 1;
	/* the list never outgrows half the slots */
	if (e->strs == e->bufs->strs0) {
		e->strs = safe_emalloc(size / 2, sizeof(zend_string *), 0);
		memcpy(e->strs, e->bufs->strs0, sizeof(e->bufs->strs0));
	} else {
		e->strs = safe_erealloc(e->strs, size / 2, sizeof(zend_string *), 0);
	}
	e->strs_cap = size / 2;
	for (i = 0; i < e->nstrs; i++) {
		str_place(e, i);
	}
	e->str_indexed = e->nstrs;
	e->str_pending = false;
}

/* Brings the index up to date with the list (strings appended by def_fresh_keys()). */
static zend_never_inline void str_index(zser_encoder *e)
{
	if (!e->str_slots_ready) {
		zs_zero_small(e->bufs->str_slots0, sizeof(e->bufs->str_slots0));
		e->str_slots_ready = true;
	}
	for (; e->str_indexed < e->nstrs; e->str_indexed++) {
		str_place(e, e->str_indexed);
	}
	e->str_pending = false;
}

/* From here on the string table holds a reference to each of its strings. Until userland
 * code can run (magic methods, error handlers, destructors) or a temporary table is
 * released, nothing can free a string of the value being written, and the table only
 * borrows them; from the first such point on, an address freed and reused mid-call must
 * not alias an older string, so they are held. */
static zend_never_inline void str_hold_all(zser_encoder *e)
{
	uint32_t i;

	if (e->hold) {
		return;
	}
	for (i = 0; i < e->nstrs; i++) {
		zend_string_addref(e->strs[i]);
	}
	e->hold = true;
}

/* Index of s (non-empty, h = str_hash(s)) in the string table, adding it if new (*is_new
 * then true). */
static zend_always_inline uint32_t intern(zser_encoder *e, zend_string *s, uint64_t h, bool *is_new)
{
	uint32_t i, n = 0;
	zser_enc_str_slot *sl;

	if (UNEXPECTED(e->str_pending)) {
		str_index(e);
	}
	for (i = str_home(h, e->str_shift);; i = (i + 1) & e->str_mask) {
		const zend_string *t;
		sl = &e->str_slots[i];
		if (!*sl) {
			break;
		}
		if (UNEXPECTED(++n > PROBE_MAX)) {
			sl = NULL; /* new to the output, and left out of the index */
			break;
		}
		if ((*sl ^ (uint32_t)h) > e->str_mask) {
			continue; /* another hash */
		}
		t = e->strs[(*sl & e->str_mask) - 1];
		if (t == s || (ZSTR_H(t) == h && same_str(t, s))) {
			*is_new = false;
			return (*sl & e->str_mask) - 1;
		}
	}
	if (UNEXPECTED(e->nstrs + 1 >= e->strs_cap)) {
		str_grow(e);
		sl = NULL;
		for (i = str_home(h, e->str_shift), n = 0; n <= PROBE_MAX; i = (i + 1) & e->str_mask, n++) {
			if (!e->str_slots[i]) {
				sl = &e->str_slots[i];
				break;
			}
		}
	}
	if (sl) {
		*sl = STR_SLOT(e, e->nstrs, h);
	}
	e->strs[e->nstrs] = e->hold ? zend_string_copy(s) : s;
	*is_new = true;
	e->str_indexed = e->nstrs + 1;
	return e->nstrs++;
}

/* Copies a string into the output; up to 64 bytes (most keys and values) without a libc
 * call, by overlapping loads and stores that stay within the len bytes at both ends. */
static zend_always_inline void copy_bytes(unsigned char *p, const char *s, size_t len)
{
	uint64_t a, b;
	uint32_t c, d;

	if (len > 16) {
#ifdef __SSE2__
		if (len <= 64) {
			__m128i w0 = _mm_loadu_si128((const __m128i *)(const void *)s);
			__m128i w3 = _mm_loadu_si128((const __m128i *)(const void *)(s + len - 16));
			if (len > 32) {
				__m128i w1 = _mm_loadu_si128((const __m128i *)(const void *)(s + 16));
				__m128i w2 = _mm_loadu_si128((const __m128i *)(const void *)(s + len - 32));
				_mm_storeu_si128((__m128i *)(void *)(p + 16), w1);
				_mm_storeu_si128((__m128i *)(void *)(p + len - 32), w2);
			}
			_mm_storeu_si128((__m128i *)(void *)p, w0);
			_mm_storeu_si128((__m128i *)(void *)(p + len - 16), w3);
			return;
		}
#endif
		memcpy(p, s, len);
	} else if (len >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + len - 8, 8);
		memcpy(p, &a, 8);
		memcpy(p + len - 8, &b, 8);
	} else if (len >= 4) {
		memcpy(&c, s, 4);
		memcpy(&d, s + len - 4, 4);
		memcpy(p, &c, 4);
		memcpy(p + len - 4, &d, 4);
	} else if (len) {
		p[0] = (unsigned char)s[0];
		p[len >> 1] = (unsigned char)s[len >> 1];
		p[len - 1] = (unsigned char)s[len - 1];
	}
}

/* Copies the small blocks of a call's set-up and end (the memo's key bytes and records, an
 * output that stayed in the inline buffer): up to 256 bytes by 16-byte steps without a libc
 * call, whose entry and size dispatch cost more than such a copy (the classic battle made
 * four calls of them). */
static zend_always_inline void copy_small(void *dst, const void *src, size_t len)
{
	unsigned char *p = (unsigned char *)dst;
	const unsigned char *s = (const unsigned char *)src;

	if (len <= 64) {
		copy_bytes(p, (const char *)s, len);
		return;
	}
#ifdef __SSE2__
	if (len <= 256) {
		size_t i;
		for (i = 0; i + 16 < len; i += 16) {
			_mm_storeu_si128((__m128i *)(void *)(p + i),
			                 _mm_loadu_si128((const __m128i *)(const void *)(s + i)));
		}
		_mm_storeu_si128((__m128i *)(void *)(p + len - 16),
		                 _mm_loadu_si128((const __m128i *)(const void *)(s + len - 16)));
		return;
	}
#endif
	memcpy(p, s, len);
}

static zend_always_inline void write_literal(zser_encoder *e, const char *s, size_t len)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX + len);
	p = zs_wire_put_str_header(p, len);
	copy_bytes(p, s, len);
	out_end(e, p + len);
}

static zend_always_inline void write_sref(zser_encoder *e, uint32_t idx)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
	out_end(e, zs_wire_put_sref(p, idx));
}

/* §5: first occurrence as a literal, repeats as references. s is not empty; h its hash.
 * Returns its string index. */
static zend_always_inline uint32_t write_interned(zser_encoder *e, zend_string *s, uint64_t h)
{
	bool is_new;
	uint32_t idx = intern(e, s, h, &is_new);

	if (is_new) {
		write_literal(e, ZSTR_VAL(s), ZSTR_LEN(s));
	} else {
		write_sref(e, idx);
	}
	return idx;
}

static zend_always_inline void zser_enc_write_string(zser_encoder *e, zend_string *s)
{
	if (ZSTR_LEN(s) == 0) {
		out_tag(e, ZS_T_FIXSTR);
		return;
	}
	write_interned(e, s, str_hash(s));
}

static zend_always_inline void write_int(zser_encoder *e, zend_long v)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
	out_end(e, zs_wire_put_int(p, (int64_t)v));
}

static zend_always_inline void write_varint(zser_encoder *e, uint64_t v)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
	out_end(e, zs_wire_put_varint(p, v));
}

/* ==== Shapes (§7, §8) ==== */

static zend_always_inline uint64_t mix(uint64_t h, uint64_t v)
{
	h = (h ^ v) * UINT64_C(0x9E3779B97F4A7C15);
	return h ^ (h >> 29);
}

static zend_always_inline bool is_magic_member(bool incomplete, zend_string *key)
{
	return incomplete && key && zend_string_equals_literal(key, MAGIC_MEMBER);
}

static zend_always_inline bool same_cls(const zser_enc_shape *sh, zend_string *cls)
{
	if (sh->cls == cls) {
		return true;
	}
	return sh->cls && cls && ZSTR_H(sh->cls) == ZSTR_H(cls) && same_str(sh->cls, cls);
}

/* One key of a stored shape against a key of the value being written (h: bucket hash or
 * integer key). */
static zend_always_inline bool zser_enc_same_key(const zser_shape_key *k, zend_string *key,
                                                 zend_ulong h)
{
	size_t len;

	/* the hash (or integer) first: it rejects almost every key that differs */
	if (k->v != h) {
		return false;
	}
	if (k->s == key) {
		return true; /* the same string, or both integer keys */
	}
	if (!key) {
		return false; /* an integer key against a string */
	}
	len = ZSTR_LEN(key);
	if (len != k->len) {
		return false; /* also a string key against an integer one (len SIZE_MAX) */
	}
	if (EXPECTED(len <= SHORT_STR)) {
		uint64_t w0, w1;
		short_words(key, len, &w0, &w1);
		return ((w0 ^ k->w[0]) | (w1 ^ k->w[1])) == 0;
	}
	return same_str_bytes(k->s, key, len);
}

/* The key loops below walk a hash's buckets directly (the hash of a string key is in its
 * bucket); packed arrays that are not lists, rare, take the generic macro. Indirect
 * elements (property tables) are followed and skipped when uninitialized, as the _IND
 * iteration macros do. */
static zend_always_inline zval *bucket_val(Bucket *b)
{
	zval *z = &b->val;
	if (Z_TYPE_P(z) == IS_INDIRECT) {
		z = Z_INDIRECT_P(z);
	}
	return z;
}

/* True when the keys of ht are exactly the `count` keys at k. ht is an array when `array`,
 * else a property table. */
static zend_always_inline bool keys_match_ht(const zser_shape_key *k, uint32_t count, HashTable *ht,
                                             bool array, bool incomplete)
{
	const zser_shape_key *end_k = k + count;
	zend_string *key;
	zend_ulong h;
	zval *val;

	if (EXPECTED(!HT_IS_PACKED(ht))) {
		Bucket *b = ht->arData, *end = b + ht->nNumUsed;
		if (array && EXPECTED(ht->nNumUsed == count && zend_hash_num_elements(ht) == count &&
		                      !(HT_FLAGS(ht) & HASH_FLAG_HAS_EMPTY_IND))) {
			/* an array without holes, the most common case by far: every bucket is an
			 * element and holds a key (an indirect element of a symbol table points to a
			 * set variable unless the flag tells otherwise) */
			for (; b != end; b++, k++) {
				if (!zser_enc_same_key(k, b->key, b->h)) {
					return false;
				}
			}
			return true;
		}
		if (EXPECTED(zend_hash_num_elements(ht) == count)) {
			/* the keys taken are at most the elements (skipped ones only lower it), so k
			 * cannot pass end_k here */
			for (; b != end; b++) {
				if (Z_TYPE_P(bucket_val(b)) == IS_UNDEF || is_magic_member(incomplete, b->key)) {
					continue;
				}
				if (!zser_enc_same_key(k, b->key, b->h)) {
					return false;
				}
				k++;
			}
			return k == end_k;
		}
		for (; b != end; b++) {
			if (Z_TYPE_P(bucket_val(b)) == IS_UNDEF || is_magic_member(incomplete, b->key)) {
				continue;
			}
			if (k == end_k || !zser_enc_same_key(k, b->key, b->h)) {
				return false;
			}
			k++;
		}
		return k == end_k;
	}
	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, h, key, val)
	{
		(void)val;
		if (k == end_k || !zser_enc_same_key(k, key, h)) {
			return false;
		}
		k++;
	}
	ZEND_HASH_FOREACH_END();
	return k == end_k;
}

/* Hash of the key sequence of ht (and class cls); *count_out: the number of keys. */
static zend_always_inline uint64_t hash_keys(zend_string *cls, HashTable *ht, bool incomplete,
                                             uint32_t *count_out)
{
	uint64_t h = cls ? zend_string_hash_val(cls) : 0;
	uint32_t count = 0;
	zend_string *key;
	zend_ulong kh;
	zval *val;

	if (EXPECTED(!HT_IS_PACKED(ht))) {
		Bucket *b = ht->arData, *end = b + ht->nNumUsed;
		for (; b != end; b++) {
			if (Z_TYPE_P(bucket_val(b)) == IS_UNDEF || is_magic_member(incomplete, b->key)) {
				continue;
			}
			h = mix(h, b->h);
			count++;
		}
	} else {
		ZEND_HASH_FOREACH_KEY_VAL_IND(ht, kh, key, val)
		{
			(void)val;
			(void)key;
			h = mix(h, kh);
			count++;
		}
		ZEND_HASH_FOREACH_END();
	}
	*count_out = count;
	return mix(h, count);
}

static zend_always_inline void shape_place(zser_encoder *e, uint32_t idx)
{
	uint32_t i = (uint32_t)e->shapes[idx].h & e->shape_mask, n = 0;
	while (e->shape_slots[i]) {
		if (UNEXPECTED(++n > PROBE_MAX)) {
			return; /* left out of the index (PROBE_MAX) */
		}
		i = (i + 1) & e->shape_mask;
	}
	e->shape_slots[i] = idx + 1;
}

static zend_never_inline void shapes_grow(zser_encoder *e)
{
	uint32_t size = (e->shape_mask + 1) * 2, i;

	if (e->shape_slots != e->bufs->shape_slots0) {
		efree(e->shape_slots);
	}
	e->shape_slots = ecalloc(size, sizeof(uint32_t));
	e->shape_slots_ready = true;
	e->shape_mask = size - 1;
	if (e->shapes == e->bufs->shapes0) {
		e->shapes = safe_emalloc(size / 2, sizeof(zser_enc_shape), 0);
		memcpy(e->shapes, e->bufs->shapes0, sizeof(e->bufs->shapes0));
	} else {
		e->shapes = safe_erealloc(e->shapes, size / 2, sizeof(zser_enc_shape), 0);
	}
	e->shapes_cap = size / 2;
	for (i = 0; i < e->shapes_indexed; i++) {
		shape_place(e, i);
	}
}

/* Hashes and indexes the shapes added by shape_add_pending() (the same hash hash_keys() and
 * write_declared_shape() compute from a value's keys). */
static zend_never_inline void shape_index_pending(zser_encoder *e)
{
	if (!e->shape_slots_ready) {
		zs_zero_small(e->bufs->shape_slots0, sizeof(e->bufs->shape_slots0));
		e->shape_slots_ready = true;
	}
	for (; e->shapes_indexed < e->nshapes; e->shapes_indexed++) {
		zser_enc_shape *sh = &e->shapes[e->shapes_indexed];
		const zser_shape_key *k = e->skeys + sh->first, *end = k + sh->count;
		uint64_t h = sh->cls ? ZSTR_H(sh->cls) : 0;
		for (; k != end; k++) {
			h = mix(h, k->v);
		}
		sh->h = mix(h, sh->count);
		shape_place(e, e->shapes_indexed);
	}
	e->shapes_pending = false;
}

static zend_never_inline void skeys_grow(zser_encoder *e, size_t need)
{
	size_t cap;

	cap = (size_t)e->skeys_cap * 2 > need ? (size_t)e->skeys_cap * 2 : need;
	if (e->skeys == e->bufs->skeys0) {
		e->skeys = safe_emalloc(cap, sizeof(zser_shape_key), 0);
		memcpy(e->skeys, e->bufs->skeys0, sizeof(e->bufs->skeys0));
	} else {
		e->skeys = safe_erealloc(e->skeys, cap, sizeof(zser_shape_key), 0);
	}
	e->skeys_cap = (uint32_t)cap;
}

/* Room for `count` more shape keys. */
static zend_always_inline void skeys_reserve(zser_encoder *e, uint32_t count)
{
	size_t need = (size_t)e->nskeys + count;

	if (UNEXPECTED(need > e->skeys_cap)) {
		skeys_grow(e, need);
	}
}

static zend_always_inline zser_enc_shape *shape_append(zser_encoder *e, zend_string *cls,
                                                       uint32_t first)
{
	zser_enc_shape *sh;

	if (UNEXPECTED(e->nshapes + 1 >= e->shapes_cap)) {
		shapes_grow(e);
	}
	sh = &e->shapes[e->nshapes];
	sh->cls = cls;
	sh->first = first;
	sh->count = e->nskeys - first;
	sh->words = false;
	e->count_bits |= (uint64_t)1 << (sh->count & 63);
	return sh;
}

static zend_never_inline void fill_words(zser_shape_key *k, uint32_t count)
{
	zser_shape_key *end = k + count;

	for (; k != end; k++) {
		if (k->s && k->len <= SHORT_STR) {
			short_words(k->s, k->len, &k->w[0], &k->w[1]);
		}
	}
}

/* The keys of sh, ready for zser_enc_same_key(): their words are filled in when the shape is first
 * compared (most shapes of a small value never are). */
static zend_always_inline const zser_shape_key *shape_keys(zser_encoder *e, zser_enc_shape *sh)
{
	if (UNEXPECTED(!sh->words)) {
		fill_words(e->skeys + sh->first, sh->count);
		sh->words = true;
	}
	return e->skeys + sh->first;
}

/* Registers the shape whose keys were just appended from `first`, with hash h; returns its
 * index. No shape is pending (shape_index_pending() ran). */
static uint32_t shape_add(zser_encoder *e, uint64_t h, zend_string *cls, uint32_t first)
{
	shape_append(e, cls, first)->h = h;
	shape_place(e, e->nshapes);
	e->shapes_indexed++;
	return e->nshapes++;
}

/* Same, for an array shape no lookup has needed yet: hashed and indexed when one does. */
static zend_always_inline uint32_t shape_add_pending(zser_encoder *e, uint32_t first)
{
	shape_append(e, NULL, first);
	e->shapes_pending = true;
	return e->nshapes++;
}

/* Writes one key of a new shape and records it: literal at its first occurrence (§5). */
static zend_always_inline void def_key(zser_encoder *e, zend_string *key, zend_ulong h)
{
	zser_shape_key *k = &e->skeys[e->nskeys++];

	k->v = h;
	if (!key) {
		k->s = NULL;
		k->len = SIZE_MAX;
		write_int(e, (zend_long)h);
		return;
	}
	k->len = ZSTR_LEN(key);
	if (ZSTR_LEN(key) == 0) {
		k->s = ZSTR_EMPTY_ALLOC();
		out_tag(e, ZS_T_FIXSTR);
	} else {
		/* apart: interning may move e->strs */
		uint32_t idx = write_interned(e, key, str_hash(key));
		k->s = e->strs[idx];
	}
}

/* def_fresh_keys() from the first-map memo (bin_key_memo.h), when it holds exactly the keys
 * of ht: true then. Used for maps of KEY_MEMO_MIN keys or more. */
#define KEY_MEMO_MIN 4
static zend_always_inline bool fresh_keys_from_memo(zser_encoder *e, HashTable *ht, uint32_t count)
{
	zser_key_memo_hit hit;
	uint32_t i;
	unsigned char *p;

	if (!zser_key_memo_find(ht, count, &hit)) {
		return false;
	}
	copy_small(e->skeys + e->nskeys, hit.keys, count * sizeof(zser_shape_key));
	copy_small(e->strs + e->nstrs, hit.strs, hit.nstrs * sizeof(zend_string *));
	if (e->hold) {
		for (i = 0; i < hit.nstrs; i++) {
			zend_string_addref(hit.strs[i]);
		}
	}
	p = out_begin(e, hit.len);
	copy_small(p, hit.bytes, hit.len);
	out_end(e, p + hit.len);
	e->nskeys += count;
	e->nstrs += hit.nstrs;
	e->str_pending = true;
	return true;
}

/* def_key() for every key of ht (a hash, at most `count` keys) when the string table is
 * empty: its string keys are distinct and new, so they are appended without a lookup, with the
 * list made large enough once. Mostly the first map of a value, and for a small value the only
 * strings it has. */
static void def_fresh_keys(zser_encoder *e, HashTable *ht, uint32_t count)
{
	Bucket *b = ht->arData, *end = b + ht->nNumUsed;
	zser_shape_key *k, *k0;
	uint32_t n = e->nstrs;
	bool hold = e->hold, memo = true;
	unsigned char *start, *base;

	ZEND_ASSERT(n == 0 && e->nskeys + count <= e->skeys_cap);
	while (UNEXPECTED(n + count + 1 >= e->strs_cap)) {
		str_grow(e);
	}
	/* below KEY_MEMO_MIN keys, finding and copying cost more than writing them */
	if (count >= KEY_MEMO_MIN && fresh_keys_from_memo(e, ht, count)) {
		return;
	}
	k = k0 = e->skeys + e->nskeys;
	start = e->p;
	base = e->base;
	for (; b != end; b++) {
		zend_string *key = b->key;
		if (Z_TYPE_P(bucket_val(b)) == IS_UNDEF) {
			continue;
		}
		k->v = b->h;
		if (!key) {
			k->s = NULL;
			k->len = SIZE_MAX;
			write_int(e, (zend_long)b->h);
		} else if (ZSTR_LEN(key) == 0) {
			k->s = ZSTR_EMPTY_ALLOC();
			k->len = 0;
			out_tag(e, ZS_T_FIXSTR);
			memo = false;
		} else {
			/* a key of a PHP array has its hash set */
			e->strs[n++] = hold ? zend_string_copy(key) : key;
			k->s = key;
			k->len = ZSTR_LEN(key);
			write_literal(e, ZSTR_VAL(key), ZSTR_LEN(key));
		}
		k++;
	}
	e->nskeys = (uint32_t)(k - e->skeys);
	e->nstrs = n;
	e->str_pending = true;
	if (memo && count >= KEY_MEMO_MIN && e->base == base) {
		/* the bytes are in one piece (growing did not move the output) */
		zser_key_memo_keep(ht, k0, (uint32_t)(k - k0), start, (size_t)(e->p - start));
	}
}

/* Writes the start of a new object shape: OBJECT, the class, the property count. Returns
 * the class name as the string table holds it. */
static zend_string *def_object_head(zser_encoder *e, zend_string *cls, uint32_t count)
{
	uint32_t idx;

	out_tag(e, ZS_T_OBJECT);
	idx = write_interned(e, cls, str_hash(cls));
	write_varint(e, count);
	return e->strs[idx];
}

static zend_always_inline void write_shape_ref(zser_encoder *e, uint32_t shape)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
	out_end(e, zs_wire_put_shape(p, shape));
}

/* The shape memo entry for ht: by class, element count and first key. */
static zend_always_inline uint32_t *memo_slot(zser_encoder *e, zend_string *cls, HashTable *ht)
{
	uint64_t h = mix(cls ? ZSTR_H(cls) : 0, zend_hash_num_elements(ht));
	uint32_t i;

	if (EXPECTED(!HT_IS_PACKED(ht))) {
		Bucket *b = ht->arData, *end = b + ht->nNumUsed;
		for (; b != end; b++) {
			if (Z_TYPE(b->val) != IS_UNDEF) {
				h = mix(h, b->h);
				break;
			}
		}
	}
	i = (uint32_t)(h >> (64 - SHAPE_MEMO_BITS));
	if (!(e->memo_live & ((uint64_t)1 << i))) {
		e->memo_live |= (uint64_t)1 << i;
		e->inl.memo[i] = 0;
	}
	return &e->inl.memo[i];
}

/* Writes the shape of the keys of `ht`: a reference when it was met before, else MAP (cls
 * NULL) or OBJECT of class `cls` with its keys. For incomplete classes the stored class name
 * entry is skipped. */
static zend_always_inline void write_ht_shape(zser_encoder *e, zend_string *cls, HashTable *ht,
                                              bool incomplete)
{
	uint32_t count, i, first, *memo;
	uint64_t h;
	bool fresh, pending;
	zend_string *key;
	zend_ulong kh;
	zval *val;

	/* a run of arrays or objects of one shape (rows, lists of records) is recognised by
	 * comparing the keys with the shape last seen with the same size and first key,
	 * without hashing them first */
	memo = e->nshapes ? memo_slot(e, cls, ht) : &e->memo_none;
	if (*memo) {
		zser_enc_shape *sh = &e->shapes[*memo - 1];
		if (same_cls(sh, cls) &&
		    keys_match_ht(shape_keys(e, sh), sh->count, ht, !cls, incomplete)) {
			write_shape_ref(e, *memo - 1);
			return;
		}
	}
	if (!cls && !(HT_FLAGS(ht) & HASH_FLAG_HAS_EMPTY_IND) &&
	    !(e->count_bits & ((uint64_t)1 << (zend_hash_num_elements(ht) & 63)))) {
		/* no shape has this many keys: a new one, hashed only once a lookup needs it
		 * (a small value's maps mostly never do) */
		count = zend_hash_num_elements(ht);
		h = 0;
		pending = true;
	} else {
		if (e->shapes_pending) {
			shape_index_pending(e);
		}
		uint32_t n = 0;
		h = hash_keys(cls, ht, incomplete, &count);
		for (i = (uint32_t)h & e->shape_mask; e->shape_slots[i] && n++ < PROBE_MAX;
		     i = (i + 1) & e->shape_mask) {
			uint32_t idx = e->shape_slots[i] - 1;
			zser_enc_shape *sh = &e->shapes[idx];
			if (sh->h == h && sh->count == count && same_cls(sh, cls) &&
			    keys_match_ht(shape_keys(e, sh), count, ht, !cls, incomplete)) {
				write_shape_ref(e, idx);
				*memo = idx + 1;
				return;
			}
		}
		pending = false;
	}
	fresh = !cls && e->nstrs == 0;
	skeys_reserve(e, count);
	first = e->nskeys;
	if (cls) {
		cls = def_object_head(e, cls, count);
	} else {
		unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
		out_end(e, zs_wire_put_map(p, count));
	}
	if (fresh && EXPECTED(!HT_IS_PACKED(ht))) {
		def_fresh_keys(e, ht, count);
	} else if (EXPECTED(!HT_IS_PACKED(ht))) {
		Bucket *b = ht->arData, *end = b + ht->nNumUsed;
		for (; b != end; b++) {
			if (Z_TYPE_P(bucket_val(b)) == IS_UNDEF || is_magic_member(incomplete, b->key)) {
				continue;
			}
			def_key(e, b->key, b->h);
		}
	} else {
		ZEND_HASH_FOREACH_KEY_VAL_IND(ht, kh, key, val)
		{
			(void)val;
			def_key(e, key, kh);
		}
		ZEND_HASH_FOREACH_END();
	}
	*memo = (pending ? shape_add_pending(e, first) : shape_add(e, h, cls, first)) + 1;
	e->memo_none = 0;
}

/* ==== Identity table (§9) ==== */

/* Slot mark of a Serializable object whose serialize() failed: written as null again. */
#define ID_NULL   UINT32_MAX
#define ID_SLOTS0 64

static zend_always_inline uint32_t id_home(const zser_encoder *e, const zend_refcounted *p)
{
	return (uint32_t)(((uint64_t)(uintptr_t)p * MUL_K) >> e->id_shift);
}

/* The held entry of the object or reference at p, or NULL. */
static zval *id_find(zser_encoder *e, const zend_refcounted *p)
{
	uint32_t i, x;

	if (!e->id_slots) {
		return NULL;
	}
	for (i = id_home(e, p);; i = (i + 1) & e->id_mask) {
		x = e->id_slots[i];
		if (!x) {
			return NULL;
		}
		if (Z_COUNTED(e->held[x - 1]) == p) {
			return &e->held[x - 1];
		}
	}
}

static void id_place(zser_encoder *e, uint32_t idx)
{
	uint32_t i = id_home(e, Z_COUNTED(e->held[idx]));
	while (e->id_slots[i]) {
		i = (i + 1) & e->id_mask;
	}
	e->id_slots[i] = idx + 1;
}

/* Holds target (an object or a reference not met before) as slot `slot`. */
static zend_never_inline void id_add(zser_encoder *e, zval *target, uint32_t slot)
{
	uint32_t size = e->id_slots ? e->id_mask + 1 : 0, i;

	if ((e->nheld + 1) * 2 > size) {
		size = size ? size * 2 : ID_SLOTS0;
		if (e->id_slots) {
			efree(e->id_slots);
		}
		e->id_slots = ecalloc(size, sizeof(uint32_t));
		e->id_mask = size - 1;
		e->id_shift = 64;
		for (i = size; i > 1; i >>= 1) {
			e->id_shift--;
		}
		e->held = safe_erealloc(e->held, size / 2, sizeof(zval), 0);
		for (i = 0; i < e->nheld; i++) {
			id_place(e, i);
		}
	}
	ZVAL_COPY(&e->held[e->nheld], target);
	Z_EXTRA(e->held[e->nheld]) = slot;
	id_place(e, e->nheld++);
	e->marks++;
}

/* id_find(), then id_add() when target is not held: the slot given to target before, or 0
 * after giving it `slot`. One probe serves both while the table has room for one more. */
static zend_always_inline uint32_t id_find_or_add(zser_encoder *e, zval *target, uint32_t slot)
{
	const zend_refcounted *p = Z_COUNTED_P(target);
	zval *known;
	uint32_t i, x;

	if (UNEXPECTED(!e->id_slots || (e->nheld + 1) * 2 > e->id_mask + 1)) {
		known = id_find(e, p);
		if (known) {
			return Z_EXTRA_P(known);
		}
		id_add(e, target, slot);
		return 0;
	}
	for (i = id_home(e, p); (x = e->id_slots[i]) != 0; i = (i + 1) & e->id_mask) {
		if (Z_COUNTED(e->held[x - 1]) == p) {
			return Z_EXTRA(e->held[x - 1]);
		}
	}
	ZVAL_COPY(&e->held[e->nheld], target);
	Z_EXTRA(e->held[e->nheld]) = slot;
	e->id_slots[i] = ++e->nheld;
	e->marks++;
	return 0;
}

/* ==== Shared arrays (FORMAT.md §9.1) ==== */

/* An array that others hold too: one that may be met again in this call. Immutable arrays
 * count 2. */
static zend_always_inline bool arr_shared(const HashTable *ht)
{
	return GC_REFCOUNT(ht) > 1;
}

/* Writes BACKREF_ARR for ht, whose slot e->n is taken, when ht was written in full before
 * in this call (complete and plain); false otherwise. */
static zend_always_inline bool arr_known(zser_encoder *e, HashTable *ht)
{
	unsigned char *p;
	uint32_t i, slot;

	if (EXPECTED(!e->narrs0) || !arr_shared(ht)) {
		return false;
	}
	if (e->arrs) {
		zval *known = zend_hash_index_find(e->arrs, (zend_ulong)(uintptr_t)ht >> 3);
		if (!known) {
			return false;
		}
		slot = (uint32_t)Z_LVAL_P(known);
	} else {
		for (i = 0;; i++) {
			if (i == e->narrs0) {
				return false;
			}
			if (e->inl.arrs0[i].ht == ht) {
				slot = e->inl.arrs0[i].slot;
				break;
			}
		}
	}
	e->refs = true;
	p = out_begin(e, ZS_WIRE_PUT_MAX);
	out_end(e, zs_wire_put_backref(p, ZS_T_BACKREF_ARR, slot));
	return true;
}

static void arrs_add(HashTable *arrs, HashTable *ht, uint32_t slot)
{
	zval zslot;
	ZVAL_LONG(&zslot, slot);
	zend_hash_index_add_new(arrs, (zend_ulong)(uintptr_t)ht >> 3, &zslot);
}

/* ht, written in full at `slot` with e->marks at `marks` when it began, is complete: later
 * copies of it are BACKREF_ARR when it is plain and others hold it. The first complete one
 * stays the one named. Past ARRS_INLINE of them, all move to the hash table `arrs`. */
static zend_always_inline void arr_done(zser_encoder *e, HashTable *ht, uint32_t slot,
                                        uint32_t marks)
{
	uint32_t i;

	if (marks != e->marks || !arr_shared(ht)) {
		return;
	}
	if (e->arrs) {
		zval zslot;
		ZVAL_LONG(&zslot, slot);
		if (!zend_hash_index_add(e->arrs, (zend_ulong)(uintptr_t)ht >> 3, &zslot)) {
			return;
		}
	} else {
		for (i = 0; i < e->narrs0; i++) {
			if (e->inl.arrs0[i].ht == ht) {
				return;
			}
		}
		if (e->narrs0 < ARRS_INLINE) {
			e->inl.arrs0[e->narrs0].ht = ht;
			e->inl.arrs0[e->narrs0].slot = slot;
		} else {
			ALLOC_HASHTABLE(e->arrs);
			zend_hash_init(e->arrs, 2 * ARRS_INLINE, NULL, NULL, 0);
			for (i = 0; i < ARRS_INLINE; i++) {
				arrs_add(e->arrs, e->inl.arrs0[i].ht, e->inl.arrs0[i].slot);
			}
			arrs_add(e->arrs, ht, slot);
		}
	}
	e->narrs0++; /* counts them all: non-zero once there is one */
	if (!(GC_FLAGS(ht) & IS_ARRAY_IMMUTABLE)) {
		GC_ADDREF(ht); /* its address cannot be reused while we run */
	}
}

/* Drops a reference the call took on what it writes (an array arr_add() recorded, an object
 * or a PHP reference of the identity table). While no userland code has run (!e->hold, see
 * str_hold_all()), the call has changed nothing that holds it but that reference: it is as
 * reachable as before, never garbage, and is left out of the cycle collector's buffer of
 * possible roots, where zval_ptr_dtor() would put it and where a later collection would walk
 * it and all it holds (after four calls on the shared rows, 286 µs: as long as one call). Once
 * userland code has run, it may be held by a cycle alone: then it goes there. */
static void drop_held(zval *held, bool ran_userland)
{
	if (!ran_userland && Z_REFCOUNTED_P(held) && Z_REFCOUNT_P(held) > 1) {
		Z_DELREF_P(held);
		return;
	}
	zval_ptr_dtor(held);
}

static void arr_release(HashTable *ht, bool ran_userland)
{
	if (!(GC_FLAGS(ht) & IS_ARRAY_IMMUTABLE)) {
		zval held;
		ZVAL_ARR(&held, ht);
		drop_held(&held, ran_userland);
	}
}

static void arrs_free(zser_encoder *e)
{
	zend_ulong key;
	uint32_t i;

	if (!e->arrs) {
		for (i = 0; i < e->narrs0; i++) {
			arr_release(e->inl.arrs0[i].ht, e->hold);
		}
		return;
	}
	ZEND_HASH_FOREACH_NUM_KEY(e->arrs, key)
	{
		arr_release((HashTable *)(uintptr_t)(key << 3), e->hold);
	}
	ZEND_HASH_FOREACH_END();
	zend_hash_destroy(e->arrs);
	FREE_HASHTABLE(e->arrs);
}

/* ==== The walk: an explicit frame stack ==== */

/* Containers are walked with a stack of frames on the heap, not by recursion: a value nested
 * as deep as serialize() writes it needs no more C stack than a flat one (FORMAT.md §11,
 * docs/INTERNALS.md §6). A frame is pushed when a container's head has been written and
 * popped once its last element has; in between, a nested container pushes its own frame and
 * the walk goes on there. Frames move when the stack grows: a frame pointer is not used after
 * anything that may push. */

static zend_never_inline void frames_grow(zser_encoder *e)
{
	uint32_t cap = e->frames_cap * 2;

	if (UNEXPECTED(cap <= e->frames_cap)) {
		zend_error_noreturn(E_ERROR, "zser_serialize(): value nested too deep");
	}
	if (e->frames == e->bufs->frames0) {
		e->frames = safe_emalloc(cap, sizeof(zser_enc_frame), 0);
		memcpy(e->frames, e->bufs->frames0, sizeof(e->bufs->frames0));
	} else {
		e->frames = safe_erealloc(e->frames, cap, sizeof(zser_enc_frame), 0);
	}
	e->frames_cap = cap;
}

/* A new frame on top of the stack. The stack is kept from call to call, so a field left unset
 * would hold what an earlier call's frame put there: every field pop() and walk() read without
 * a kind's say-so is set here, and each opener sets only what its kind adds. */
static zend_always_inline zser_enc_frame *frame_new(zser_encoder *e, uint8_t kind)
{
	zser_enc_frame *f;

	if (UNEXPECTED(e->nframes == e->frames_cap)) {
		frames_grow(e);
	}
	f = &e->frames[e->nframes++];
	f->kind = kind;
	f->owns = O_NONE;
	f->self = NULL;
	f->self_obj = false;
	f->rcn = e->rcn;
	f->arr_slot = 0;
	f->marks = 0;
	return f;
}

/* A new frame for the elements of ht (zvals or buckets), on top of the stack. */
static zend_always_inline zser_enc_frame *push(zser_encoder *e, HashTable *ht, bool magic)
{
	zser_enc_frame *f = frame_new(e, F_PACKED);

	if (HT_IS_PACKED(ht)) {
		f->kind = F_PACKED;
		f->cur = ht->arPacked;
		f->end = ht->arPacked + ht->nNumUsed;
	} else {
		f->kind = magic ? F_MAGIC : F_BUCKETS;
		f->cur = ht->arData;
		f->end = ht->arData + ht->nNumUsed;
	}
	return f;
}

static zend_always_inline uint32_t lookup_var(zser_encoder *e, zval *v);
static zend_always_inline zend_result encode_value(zser_encoder *e, zval *v);
static zend_always_inline void zser_enc_open_array(zser_encoder *e, HashTable *ht,
                                                   zend_array *guard);

/* A scalar element, written in place exactly as encode_value() writes it: it takes a slot and
 * is never met again. Scalars run no userland code either, so they need not look for a
 * pending exception: encode_value() does before anything that could (and the output is
 * dropped when one is pending at the end). False for anything else. */
static zend_always_inline bool encode_scalar(zser_encoder *e, zval *data)
{
	unsigned char *p;

	switch (Z_TYPE_P(data)) {
	case IS_LONG:
		e->n++;
		p = out_begin(e, ZS_WIRE_PUT_MAX);
		out_end(e, zs_wire_put_int(p, (int64_t)Z_LVAL_P(data)));
		return true;
	case IS_STRING:
		e->n++;
		zser_enc_write_string(e, Z_STR_P(data));
		return true;
	case IS_DOUBLE:
		e->n++;
		p = out_begin(e, ZS_WIRE_PUT_MAX);
		out_end(e, zs_wire_put_float(p, Z_DVAL_P(data)));
		return true;
	case IS_TRUE:
		e->n++;
		out_tag(e, ZS_T_TRUE);
		return true;
	case IS_FALSE:
		e->n++;
		out_tag(e, ZS_T_FALSE);
		return true;
	case IS_NULL:
		e->n++;
		out_tag(e, ZS_T_NULL);
		return true;
	default:
		return false;
	}
}

static zend_always_inline zend_result encode_array(zser_encoder *e, HashTable *ht,
                                                   zend_array *guard);

/* One element of an array or property table that is not a scalar, as
 * php_var_serialize_nested_data() treats it: a reference nobody else holds is its value, and
 * an array holding itself is null. `self` is the array (self_obj false) or object whose
 * element this is when var.c writes it through php_var_serialize_nested_data() (which guards
 * arrays against recursion), NULL where var.c writes elements directly (__serialize() data,
 * declared properties of the fast path). */
static zend_always_inline zend_result encode_nested_inl(zser_encoder *e, void *self, bool self_obj,
                                                        zval *data)
{
	if (Z_ISREF_P(data) && Z_REFCOUNT_P(data) == 1) {
		data = Z_REFVAL_P(data);
	}
	if (Z_TYPE_P(data) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(data)) == 0) {
		/* as encode_value() writes it: an empty array holds nothing that could lead back to
		 * itself, so no recursion guard is needed either */
		e->n++;
		out_tag(e, ZS_T_FIXLIST);
		return SUCCESS;
	}
	if (!self || Z_TYPE_P(data) != IS_ARRAY) {
		return encode_value(e, data);
	}
	/* PHP 8.4's serialize() keeps only the test for an array holding itself directly: one met
	 * again further down comes through a reference, written as a back-reference */
	if (UNEXPECTED((PHP_VERSION_ID < 80400 && Z_IS_RECURSIVE_P(data)) ||
	               (!self_obj && Z_ARR_P(data) == self))) {
		/* an array met again inside itself is written as null, as serialize() does; what
		 * holds it is written otherwise once that array is complete, so it is not plain */
		e->n++;
		e->marks++;
		if (self_obj) {
			zval parent;
			ZVAL_OBJ(&parent, (zend_object *)self);
			lookup_var(e, &parent);
		}
		out_tag(e, ZS_T_NULL);
		return SUCCESS;
	}
	if (UNEXPECTED(EG(exception))) {
		return FAILURE;
	}
	/* what encode_value() does with an array, without its other cases */
	e->n++;
	if (arr_known(e, Z_ARRVAL_P(data))) {
		return SUCCESS;
	}
	if (PHP_VERSION_ID < 80400 && Z_REFCOUNTED_P(data)) {
		Z_PROTECT_RECURSION_P(data);
		return encode_array(e, Z_ARRVAL_P(data), Z_ARRVAL_P(data));
	}
	return encode_array(e, Z_ARRVAL_P(data), NULL);
}

/* The same for an element of a frame's container: `parent` may move when a frame is pushed,
 * and is read first. */
static zend_always_inline zend_result encode_nested(zser_encoder *e, const zser_enc_frame *parent,
                                                    zval *data)
{
	return encode_nested_inl(e, parent->self, parent->self_obj, data);
}

/* One element of a container written by recursion. */
static zend_always_inline zend_result encode_elem(zser_encoder *e, void *self, bool self_obj,
                                                  zval *data)
{
	if (encode_scalar(e, data)) {
		return SUCCESS;
	}
	return encode_nested_inl(e, self, self_obj, data);
}

/* Writes the head of an array's elements (LIST or its shape) and pushes their frame, whose
 * parent is ht itself, or nobody for __serialize() data (data). */
static zend_always_inline zser_enc_frame *open_elems(zser_encoder *e, HashTable *ht, bool data)
{
	zser_enc_frame *f;

	if (zser_array_is_list(ht)) {
		uint32_t count = EXPECTED(!(HT_FLAGS(ht) & HASH_FLAG_HAS_EMPTY_IND))
		                         ? zend_hash_num_elements(ht)
		                         : zend_array_count(ht);
		unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
		out_end(e, zs_wire_put_list(p, count));
	} else {
		write_ht_shape(e, NULL, ht, false);
	}
	f = push(e, ht, false);
	f->self = data ? NULL : ht;
	f->self_obj = false;
	return f;
}

/* An array value whose slot is taken, not empty (an empty array is written as FIXLIST by
 * the caller: it is no level deeper, FORMAT.md §11). guard: ht when the caller set its
 * recursion guard, to be cleared when the frame is popped. */
static zend_always_inline void zser_enc_open_array(zser_encoder *e, HashTable *ht,
                                                   zend_array *guard)
{
	bool rcn = e->rcn;
	zser_enc_frame *f;

	/* the top-level array counts as unshared, as in var.c */
	e->rcn = e->n > 1 && (rcn || GC_REFCOUNT(ht) > 1);
	f = open_elems(e, ht, false);
	f->owns = guard ? O_UNPROTECT : O_NONE;
	f->rcn = rcn;
	f->arr_slot = e->n;
	f->marks = e->marks;
}

/* Releases what a popped frame held (its `owns` is not O_NONE). */
static zend_never_inline void release(zser_enc_frame *f)
{
	void *own = f->own, *self = f->self;
	zval held;

	switch (f->owns) {
	case O_UNPROTECT:
		GC_UNPROTECT_RECURSION((zend_array *)self);
		break;
	case O_PROPS:
		zend_release_properties((HashTable *)own);
		break;
	case O_SLEEP:
		/* in var.c's order: the table, __sleep()'s result, the object */
		ZVAL_COPY_VALUE(&held, &f->held);
		zend_hash_destroy((HashTable *)own);
		FREE_HASHTABLE((HashTable *)own);
		zval_ptr_dtor(&held);
		zend_object_release((zend_object *)self);
		break;
	case O_DATA:
		ZVAL_COPY_VALUE(&held, &f->held);
		zval_ptr_dtor(&held);
		zend_object_release((zend_object *)own);
		break;
	}
}

/* Pops the top frame and releases what it holds. */
static zend_always_inline void pop(zser_encoder *e)
{
	zser_enc_frame *f = &e->frames[--e->nframes];

	e->depth--;
	e->rcn = f->rcn;
	if (f->arr_slot) {
		arr_done(e, (HashTable *)f->self, f->arr_slot, f->marks);
	}
	if (f->owns != O_NONE) {
		release(f);
	}
}

/* The elements of the top frame are written in the loops of walk() until the frame ends, or
 * until one pushes a frame: the cursor is saved first (f may move) and the walk goes on in the
 * new frame. With `far` (walk_far()), the element PREFETCH_AHEAD places ahead is asked for
 * while the current one is written: a large value does not fit in the cache, and its strings
 * would otherwise be misses waited for one after another. Small and medium values run
 * without it, where the extra instructions cost more than they save. */
#define PREFETCH_AHEAD 8

static zend_always_inline void prefetch_val(const zval *z)
{
	if (Z_REFCOUNTED_P(z)) {
		__builtin_prefetch(Z_COUNTED_P(z));
	}
}

/* An element that encode_scalar() left: a nested value, written from frame *f (n frames
 * open), whose walk resumes at `next`. WALK_PUSHED: the value opened a frame of its own,
 * which the walk goes to; WALK_ON: written, go on (*f is fetched again, as the frame stack may
 * have moved); WALK_FAILED: stop. */
enum { WALK_ON, WALK_PUSHED, WALK_FAILED };

static zend_always_inline int walk_nested(zser_encoder *e, zser_enc_frame **f, void *next,
                                          zval *val, uint32_t n)
{
	(*f)->cur = next;
	if (encode_nested(e, *f, val) != SUCCESS) {
		return WALK_FAILED;
	}
	if (e->nframes != n) {
		return WALK_PUSHED;
	}
	*f = &e->frames[n - 1];
	return WALK_ON;
}

static zend_never_inline zend_result walk_far(zser_encoder *e, zser_enc_frame *f, uint32_t n)
{
	int step;

	if (f->kind == F_PACKED) {
		zval *z = f->cur, *end = f->end, *a;
		for (a = z; a != end && a != z + PREFETCH_AHEAD; a++) {
			prefetch_val(a);
		}
		for (; z != end; z++) {
			zval *val = z;
			if (end - z > PREFETCH_AHEAD) {
				prefetch_val(z + PREFETCH_AHEAD);
			}
			if (Z_TYPE_P(val) == IS_INDIRECT) {
				val = Z_INDIRECT_P(val);
			}
			if (Z_TYPE_P(val) == IS_UNDEF || encode_scalar(e, val)) {
				continue;
			}
			if ((step = walk_nested(e, &f, z + 1, val, n)) != WALK_ON) {
				return step == WALK_FAILED ? FAILURE : SUCCESS;
			}
		}
	} else {
		Bucket *b = f->cur, *end = f->end, *a;
		bool magic = f->kind == F_MAGIC;
		for (a = b; a != end && a != b + PREFETCH_AHEAD; a++) {
			prefetch_val(&a->val);
		}
		for (; b != end; b++) {
			zval *val = bucket_val(b);
			if (end - b > PREFETCH_AHEAD) {
				prefetch_val(&b[PREFETCH_AHEAD].val);
			}
			if (Z_TYPE_P(val) == IS_UNDEF || (magic && is_magic_member(true, b->key)) ||
			    encode_scalar(e, val)) {
				continue;
			}
			if ((step = walk_nested(e, &f, b + 1, val, n)) != WALK_ON) {
				return step == WALK_FAILED ? FAILURE : SUCCESS;
			}
		}
	}
	return SUCCESS;
}

/* Writes everything the frames above `base` still hold, popping each when done. FAILURE
 * leaves the frames for unwind(). */
static zend_result zser_enc_walk(zser_encoder *e, uint32_t base)
{
	uint32_t n;
	int step;

	while ((n = e->nframes) != base) {
		zser_enc_frame *f = &e->frames[n - 1];
		if (UNEXPECTED(e->far) && f->kind != ZSER_DEC_DECLARED) {
			if (walk_far(e, f, n) != SUCCESS) {
				return FAILURE;
			}
			if (e->nframes != n) {
				continue;
			}
		} else if (EXPECTED(f->kind == F_BUCKETS)) {
			Bucket *b = f->cur, *end = f->end;
			for (; b != end; b++) {
				zval *val = bucket_val(b);
				if (Z_TYPE_P(val) == IS_UNDEF || encode_scalar(e, val)) {
					continue;
				}
				if ((step = walk_nested(e, &f, b + 1, val, n)) != WALK_ON) {
					goto stepped;
				}
			}
		} else if (f->kind == F_PACKED) {
			zval *z = f->cur, *end = f->end;
			for (; z != end; z++) {
				zval *val = z;
				if (Z_TYPE_P(val) == IS_INDIRECT) {
					val = Z_INDIRECT_P(val);
				}
				if (Z_TYPE_P(val) == IS_UNDEF || encode_scalar(e, val)) {
					continue;
				}
				if ((step = walk_nested(e, &f, z + 1, val, n)) != WALK_ON) {
					goto stepped;
				}
			}
		} else if (f->kind == ZSER_DEC_DECLARED) {
			/* declared properties read straight from the object (open_declared()) */
			zend_object *obj = f->own;
			zend_property_info **info = obj->ce->properties_info_table;
			zval *z = f->cur, *end = f->end;
			for (; z != end; z++) {
				zend_property_info *pi = info[z - obj->properties_table];
				zval *prop;
				if (!pi) {
					continue;
				}
				prop = OBJ_PROP(obj, pi->offset);
				if (Z_TYPE_P(prop) == IS_UNDEF || encode_scalar(e, prop)) {
					continue;
				}
				if ((step = walk_nested(e, &f, z + 1, prop, n)) != WALK_ON) {
					goto stepped;
				}
			}
		} else {
			/* F_MAGIC */
			Bucket *b = f->cur, *end = f->end;
			for (; b != end; b++) {
				zval *val = bucket_val(b);
				if (Z_TYPE_P(val) == IS_UNDEF || is_magic_member(true, b->key) ||
				    encode_scalar(e, val)) {
					continue;
				}
				if ((step = walk_nested(e, &f, b + 1, val, n)) != WALK_ON) {
					goto stepped;
				}
			}
		}
		pop(e);
		continue;
stepped:
		/* a nested value failed, or opened a frame that the loop goes to next */
		if (step == WALK_FAILED) {
			return FAILURE;
		}
	}
	return SUCCESS;
}

/* After a failure: pops what the walk left, releasing it. */
static void unwind(zser_encoder *e, uint32_t base)
{
	while (e->nframes != base) {
		pop(e);
	}
}

/* After a frame was pushed for the container at e->depth: one up to the first level past
 * REC_DEPTH is walked now, with everything below it; a deeper one is left to the walk() that
 * met it, which goes on in the new frame. The C stack thus holds at most REC_DEPTH levels of
 * recursion and the walks they start, however deep the value. */
static zend_never_inline zend_result walk_now(zser_encoder *e)
{
	uint32_t base = e->nframes - 1;

	if (zser_enc_walk(e, base) != SUCCESS) {
		/* nothing is left above a recursive level once it returns */
		unwind(e, base);
		return FAILURE;
	}
	return SUCCESS;
}

static zend_always_inline zend_result walk_pushed(zser_encoder *e)
{
	if (e->depth > e->rec_max + 1) {
		return SUCCESS;
	}
	return walk_now(e);
}

/* ==== Arrays written by recursion ==== */

/* Writes the elements of ht, as walk() does (see there for `far`), by recursion. */
static zend_always_inline zend_result encode_elems(zser_encoder *e, HashTable *ht, bool far)
{
	if (HT_IS_PACKED(ht)) {
		zval *z = ht->arPacked, *end = z + ht->nNumUsed, *ahead = z;
		if (far) {
			for (; ahead != end && ahead != z + PREFETCH_AHEAD; ahead++) {
				prefetch_val(ahead);
			}
		}
		for (; z != end; z++) {
			zval *val = z;
			if (far && ahead != end) {
				prefetch_val(ahead++);
			}
			if (Z_TYPE_P(val) == IS_INDIRECT) {
				val = Z_INDIRECT_P(val);
			}
			if (Z_TYPE_P(val) != IS_UNDEF && encode_elem(e, ht, false, val) != SUCCESS) {
				return FAILURE;
			}
		}
	} else {
		Bucket *b = ht->arData, *end = b + ht->nNumUsed, *ahead = b;
		if (far) {
			for (; ahead != end && ahead != b + PREFETCH_AHEAD; ahead++) {
				prefetch_val(&ahead->val);
			}
		}
		for (; b != end; b++) {
			zval *val = bucket_val(b);
			if (far && ahead != end) {
				prefetch_val(&(ahead++)->val);
			}
			if (Z_TYPE_P(val) != IS_UNDEF && encode_elem(e, ht, false, val) != SUCCESS) {
				return FAILURE;
			}
		}
	}
	return SUCCESS;
}

static zend_never_inline zend_result encode_elems_far(zser_encoder *e, HashTable *ht)
{
	return encode_elems(e, ht, true);
}

static zend_result encode_array_body(zser_encoder *e, HashTable *ht)
{
	if (zser_array_is_list(ht)) {
		uint32_t count = EXPECTED(!(HT_FLAGS(ht) & HASH_FLAG_HAS_EMPTY_IND))
		                         ? zend_hash_num_elements(ht)
		                         : zend_array_count(ht);
		unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
		out_end(e, zs_wire_put_list(p, count));
	} else {
		write_ht_shape(e, NULL, ht, false);
	}
	if (UNEXPECTED(e->far)) {
		return encode_elems_far(e, ht);
	}
	return encode_elems(e, ht, false);
}

static zend_never_inline zend_result encode_array_deep(zser_encoder *e, HashTable *ht,
                                                       zend_array *guard)
{
#if PHP_VERSION_ID >= 80400
	/* PHP 8.4's serialize() guards no array against recursion: an array that holds itself
	 * without a reference it could name is followed until PHP's stack limit, which throws.
	 * The heap walk would follow it until memory ran out: past a depth well beyond what that
	 * stack limit lets serialize() write, it throws too. */
	if (UNEXPECTED(e->depth > ENC_MAX_DEPTH_84)) {
		if (guard) {
			GC_UNPROTECT_RECURSION(guard);
		}
		zend_throw_exception_ex(zser_ce_ZserException, ZS_WE_DEPTH,
		                        "Maximum nesting depth of %d exceeded", ENC_MAX_DEPTH_84);
		return FAILURE;
	}
#endif
	zser_enc_open_array(e, ht, guard);
	return walk_pushed(e);
}

/* An array value whose slot is taken, not empty (an empty array is written as FIXLIST by
 * the caller: it is no level deeper, FORMAT.md §11). guard: ht when the caller set its
 * recursion guard, cleared once the elements are written. Up to REC_DEPTH levels deep the
 * elements are written here, by recursion; deeper, in a frame (walk_pushed()). */
static zend_always_inline zend_result encode_array(zser_encoder *e, HashTable *ht,
                                                   zend_array *guard)
{
	bool rcn = e->rcn;
	uint32_t slot = e->n, marks = e->marks;
	zend_result res;

	if (UNEXPECTED(++e->depth > e->rec_max)) {
		return encode_array_deep(e, ht, guard);
	}
	/* the top-level array counts as unshared, as in var.c */
	e->rcn = e->n > e->root && (rcn || GC_REFCOUNT(ht) > 1);
	res = encode_array_body(e, ht);
	e->rcn = rcn;
	e->depth--;
	if (res == SUCCESS) {
		arr_done(e, ht, slot, marks);
	}
	if (guard) {
		GC_UNPROTECT_RECURSION(guard);
	}
	return res;
}

/* ==== Objects ==== */

/* Writes the shape of class `name` and properties `props` (`incomplete`:
 * __PHP_Incomplete_Class, whose class-name member is left out) and pushes the frame of the
 * properties, whose parent is obj. */
static void write_props_shape(zser_encoder *e, zend_object *obj, zend_string *name,
                              HashTable *props, bool incomplete);

static zser_enc_frame *open_props(zser_encoder *e, zend_object *obj, zend_string *name,
                                  HashTable *props, bool incomplete)
{
	zser_enc_frame *f;

	write_props_shape(e, obj, name, props, incomplete);
	f = push(e, props, incomplete);
	f->self = obj;
	f->self_obj = true;
	return f;
}

/* Index of the existing shape of the declared properties of obj that are set, or -1. */
static int64_t find_declared_shape(zser_encoder *e, zend_object *obj, uint64_t h, uint32_t count)
{
	zend_class_entry *ce = obj->ce;
	uint32_t i, n = 0;
	int j;

	for (i = (uint32_t)h & e->shape_mask; e->shape_slots[i] && n++ < PROBE_MAX;
	     i = (i + 1) & e->shape_mask) {
		uint32_t idx = e->shape_slots[i] - 1;
		zser_enc_shape *sh = &e->shapes[idx];
		const zser_shape_key *k;
		if (sh->h != h || sh->count != count || !same_cls(sh, ce->name)) {
			continue;
		}
		k = shape_keys(e, sh);
		for (j = 0; j < ce->default_properties_count; j++) {
			zend_property_info *pi = ce->properties_info_table[j];
			if (pi && Z_TYPE_P(OBJ_PROP(obj, pi->offset)) != IS_UNDEF) {
				if (!zser_enc_same_key(k, pi->name, ZSTR_H(pi->name))) {
					break;
				}
				k++;
			}
		}
		if (j == ce->default_properties_count) {
			return idx;
		}
	}
	return -1;
}

/* Writes the shape of the declared properties of obj that are set; returns its index. */
static uint32_t write_declared_shape(zser_encoder *e, zend_object *obj)
{
	zend_class_entry *ce = obj->ce;
	uint64_t h = zend_string_hash_val(ce->name);
	uint32_t count = 0, first;
	int64_t found;
	zend_string *cls;
	int j;

	for (j = 0; j < ce->default_properties_count; j++) {
		zend_property_info *pi = ce->properties_info_table[j];
		if (pi && Z_TYPE_P(OBJ_PROP(obj, pi->offset)) != IS_UNDEF) {
			h = mix(h, zend_string_hash_val(pi->name));
			count++;
		}
	}
	h = mix(h, count);
	if (e->shapes_pending) {
		shape_index_pending(e);
	}
	found = find_declared_shape(e, obj, h, count);
	if (found >= 0) {
		write_shape_ref(e, (uint32_t)found);
		return (uint32_t)found;
	}
	skeys_reserve(e, count);
	first = e->nskeys;
	cls = def_object_head(e, ce->name, count);
	for (j = 0; j < ce->default_properties_count; j++) {
		zend_property_info *pi = ce->properties_info_table[j];
		if (pi && Z_TYPE_P(OBJ_PROP(obj, pi->offset)) != IS_UNDEF) {
			def_key(e, pi->name, ZSTR_H(pi->name));
		}
	}
	return shape_add(e, h, cls, first);
}

/* The shape of the declared properties of obj that are set (`complete`: all are). A class
 * whose properties are all set has one shape, cached. */
static zend_always_inline void write_slots_head(zser_encoder *e, zend_object *obj, bool complete)
{
	zend_class_entry *ce = obj->ce;
	uint32_t c = (uint32_t)((uintptr_t)ce >> 6) & (CE_CACHE - 1);

	if (complete && (e->ce_live & (1u << c)) && e->inl.ce_cache[c].ce == ce) {
		write_shape_ref(e, e->inl.ce_cache[c].shape);
	} else {
		uint32_t shape = write_declared_shape(e, obj);
		if (complete) {
			e->inl.ce_cache[c].ce = ce;
			e->inl.ce_cache[c].shape = shape;
			e->ce_live |= 1u << c;
		}
	}
}

static void write_declared_head(zser_encoder *e, zend_object *obj)
{
	zend_class_entry *ce = obj->ce;
	bool complete = true;
	int i;

	for (i = 0; i < ce->default_properties_count; i++) {
		zend_property_info *pi = ce->properties_info_table[i];
		if (pi && Z_TYPE_P(OBJ_PROP(obj, pi->offset)) == IS_UNDEF) {
			complete = false;
			break;
		}
	}
	write_slots_head(e, obj, complete);
}

/* Whether props, the property table of an object with the standard handlers, is what the
 * engine builds from the slots of an object whose declared properties are all set, and
 * nothing since: entry i points at slot i. Its shape is then the declared shape of a complete
 * object (write_slots_head()), which needs no comparison of keys. (An object's table is built
 * by the first foreach over it, var_dump() or an (array) cast, and by other serializers.) */
static zend_always_inline bool table_is_slots(zend_object *obj, HashTable *props)
{
	int i, n = obj->ce->default_properties_count;
	const Bucket *b = props->arData;

	if (props != obj->properties || props->nNumUsed != (uint32_t)n ||
	    (HT_FLAGS(props) & HASH_FLAG_HAS_EMPTY_IND) || obj->handlers->get_properties_for ||
	    obj->handlers->get_properties != zend_std_get_properties) {
		return false;
	}
	for (i = 0; i < n; i++, b++) {
		if (Z_TYPE(b->val) != IS_INDIRECT || Z_INDIRECT(b->val) != OBJ_PROP_NUM(obj, i) ||
		    Z_TYPE_P(Z_INDIRECT(b->val)) == IS_UNDEF) {
			return false;
		}
	}
	return true;
}

/* The shape of the properties props of obj (of class `name`; `incomplete`: leaving out the
 * class-name member of __PHP_Incomplete_Class). */
static void write_props_shape(zser_encoder *e, zend_object *obj, zend_string *name,
                              HashTable *props, bool incomplete)
{
	if (!incomplete && table_is_slots(obj, props)) {
		write_slots_head(e, obj, true);
	} else {
		write_ht_shape(e, name, props, incomplete);
	}
}

/* Declared properties read straight from the object, written by recursion. `self`: NULL when
 * the object has no properties table (var.c then reads the slots and writes each value
 * directly), else the object, whose table holds just its slots (table_is_slots()): var.c
 * writes them as elements of that table, and `self` has them written so. */
static zend_always_inline zend_result encode_declared(zser_encoder *e, zend_object *obj,
                                                      zend_object *self)
{
	zend_class_entry *ce = obj->ce;
	int i;

	for (i = 0; i < ce->default_properties_count; i++) {
		zend_property_info *pi = ce->properties_info_table[i];
		zval *prop;
		if (!pi) {
			continue;
		}
		prop = OBJ_PROP(obj, pi->offset);
		if (Z_TYPE_P(prop) == IS_UNDEF) {
			continue;
		}
		if (encode_elem(e, self, self != NULL, prop) != SUCCESS) {
			return FAILURE;
		}
	}
	return SUCCESS;
}

/* The same in a frame, for the walk. */
static void open_declared(zser_encoder *e, zend_object *obj, zend_object *self)
{
	zser_enc_frame *f = frame_new(e, ZSER_DEC_DECLARED);

	f->cur = obj->properties_table;
	f->end = obj->properties_table + obj->ce->default_properties_count;
	f->own = obj;
	f->self = self;
	f->self_obj = self != NULL;
}

/* The properties props of obj written by recursion (`incomplete`: leaving out the class-name
 * member of __PHP_Incomplete_Class). */
static zend_result encode_props(zser_encoder *e, zend_object *obj, HashTable *props,
                                bool incomplete)
{
	zend_string *key;
	zval *val;

	ZEND_HASH_FOREACH_STR_KEY_VAL_IND(props, key, val)
	{
		if (is_magic_member(incomplete, key)) {
			continue;
		}
		if (encode_elem(e, obj, true, val) != SUCCESS) {
			return FAILURE;
		}
	}
	ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* A lazy object's slots stay empty until zend_get_properties_for() initialises it, and a
 * proxy's for good (its values are in the instance it stands for): serialize() reads such an
 * object through that call, which initialises it unless the object was made with
 * ReflectionClass::SKIP_INITIALIZATION_ON_SERIALIZE. */
static zend_always_inline bool is_lazy(zend_object *obj)
{
#if PHP_VERSION_ID >= 80400
	return zend_object_is_lazy(obj);
#else
	(void)obj;
	return false;
#endif
}

/* Writes an object: up to REC_DEPTH levels deep (and for Serializable) by recursion, else (and
 * for __serialize() data and __sleep() tables) its head now and its elements from a frame,
 * walked at once when the object is shallow, else by the walk already running. */
static zend_result encode_object(zser_encoder *e, zval *struc)
{
	zend_object *obj = Z_OBJ_P(struc);
	zend_class_entry *ce = obj->ce;
	uint32_t n = e->nframes;
	zend_result res;
	bool rcn;

	if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		zend_throw_exception_ex(NULL, 0, "Serialization of '%s' is not allowed",
		                        ZSTR_VAL(ce->name));
		return FAILURE;
	}
	if (ce->ce_flags & ZEND_ACC_ENUM) {
		out_tag(e, ZS_T_ENUM);
		zser_enc_write_string(e, ce->name);
		zser_enc_write_string(e, Z_STR_P(zend_enum_fetch_case_name(obj)));
		return SUCCESS;
	}
	e->depth++;
	rcn = e->rcn;
	e->rcn = false;
	if (ce->__serialize) {
		str_hold_all(e);
		res = zser_enc_magic_serialize(e, struc);
	} else if (ce->serialize) {
		str_hold_all(e);
		res = zser_enc_custom(e, struc);
	} else {
		zend_function *sleep = NULL;
		bool std = !obj->handlers->get_properties_for &&
		           obj->handlers->get_properties == zend_std_get_properties;
		if (ce != php_ce_incomplete_class && ce != e->no_sleep_ce) {
			sleep = zend_hash_find_ptr(&ce->function_table, ZSTR_KNOWN(ZEND_STR_SLEEP));
			if (!sleep) {
				e->no_sleep_ce = ce;
			}
		}
		if (sleep) {
			str_hold_all(e);
			res = zser_enc_sleep(e, struc, sleep);
		} else if (std && !is_lazy(obj) &&
		           (!obj->properties || table_is_slots(obj, obj->properties))) {
			/* A table built from the slots and changed in nothing since holds what they
			 * hold, in their order: they are read either way, without
			 * zend_get_properties_for() and the table's buckets. Its values are written as
			 * var.c writes the elements of the table that call returns, with a reference
			 * added (so shared: in_rcn_array). */
			zend_object *self = NULL;
			if (obj->properties) {
				self = obj;
				e->rcn = true;
				write_slots_head(e, obj, true);
			} else {
				write_declared_head(e, obj);
			}
			if (EXPECTED(e->depth <= e->rec_max)) {
				/* each a copy of its own, the test of `self` made once */
				res = self ? encode_declared(e, obj, obj) : encode_declared(e, obj, NULL);
			} else {
				open_declared(e, obj, self);
				res = SUCCESS;
			}
		} else {
			bool incomplete = ce == php_ce_incomplete_class;
			zend_string *name = ce->name;
			HashTable *props, *ht;
			if (incomplete || !std || is_lazy(obj)) {
				/* other handlers may build a temporary table or call userland code, and a
				 * lazy object's table runs its initializer */
				str_hold_all(e);
			}
			if (incomplete) {
				name = php_lookup_class_name(obj);
				if (!name) {
					name = zend_string_init(INCOMPLETE_CLASS, sizeof(INCOMPLETE_CLASS) - 1, 0);
				}
			}
			props = zend_get_properties_for(struc, ZEND_PROP_PURPOSE_SERIALIZE);
			e->rcn = GC_REFCOUNT(props) > 1;
			/* serialize() counts one property less for the class name an incomplete object
			 * keeps, and writes none when that leaves none: also when the one property is
			 * another (the object came from unserialize() of the class
			 * __PHP_Incomplete_Class itself), which it then drops */
			ht = incomplete && zend_array_count(props) == 1 ? (HashTable *)&zend_empty_array
			                                                : props;
			if (EXPECTED(e->depth <= e->rec_max)) {
				write_props_shape(e, obj, name, ht, incomplete);
				res = encode_props(e, obj, ht, incomplete);
				zend_release_properties(props);
			} else {
				zser_enc_frame *f = open_props(e, obj, name, ht, incomplete);
				f->owns = O_PROPS;
				f->own = props;
				res = SUCCESS;
			}
			if (incomplete) {
				/* the string table holds it from here (str_hold_all()) */
				zend_string_release(name);
			}
		}
	}
	if (e->nframes == n) {
		/* written whole (Serializable, or null), or failed before any frame */
		e->rcn = rcn;
		e->depth--;
		return res;
	}
	e->frames[n].rcn = rcn;
	if (res != SUCCESS) {
		return res;
	}
	return walk_pushed(e);
}

/* ==== Entry points for the object paths (bin_encode_objects.c) ==== */

/* Out-of-line wrappers (declared in bin_encoder.h): what they call stays static, so that it
 * keeps inlining into the hot paths above. */
void zser_enc_tag(zser_encoder *e, unsigned char tag)
{
	out_tag(e, tag);
}

void zser_enc_string(zser_encoder *e, zend_string *s)
{
	zser_enc_write_string(e, s);
}

void zser_enc_bytes(zser_encoder *e, const unsigned char *data, size_t len)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX + len);

	p = zs_wire_put_varint(p, len);
	memcpy(p, data, len);
	out_end(e, p + len);
}

void zser_enc_slot_null(zser_encoder *e, zval *struc)
{
	zval *known = id_find(e, Z_COUNTED_P(struc));

	if (known) {
		Z_EXTRA_P(known) = ID_NULL;
	}
}

void zser_enc_data(zser_encoder *e, zval *data, zend_object *obj, bool shared)
{
	zser_enc_frame *f;

	e->rcn = shared;
	f = open_elems(e, Z_ARRVAL_P(data), true);
	f->owns = O_DATA;
	f->own = obj;
	ZVAL_COPY_VALUE(&f->held, data);
}

void zser_enc_sleep_props(zser_encoder *e, zend_object *obj, HashTable *props, zval *names)
{
	zser_enc_frame *f = open_props(e, obj, obj->ce->name, props, false);

	f->owns = O_SLEEP;
	f->own = props;
	ZVAL_COPY_VALUE(&f->held, names);
}

/* ==== Nested calls (FORMAT.md §8.3) ==== */

/* Forgets the identity entries from `nheld` on, as if the objects and references they hold
 * had not been met. */
static void id_rewind(zser_encoder *e, uint32_t nheld)
{
	uint32_t i;

	if (nheld == e->nheld) {
		return;
	}
	for (i = nheld; i < e->nheld; i++) {
		zval_ptr_dtor(&e->held[i]);
	}
	e->nheld = nheld;
	memset(e->id_slots, 0, (size_t)(e->id_mask + 1) * sizeof(uint32_t));
	for (i = 0; i < nheld; i++) {
		id_place(e, i);
	}
}

void zser_enc_nest_begin(zser_encoder *e, zser_enc_mark *m)
{
	m->prev = ZSER_G(enc_outer);
	m->n = e->n;
	m->nheld = e->nheld;
	ZSER_G(enc_outer) = e;
}

uint32_t zser_enc_nest_end(zser_encoder *e, const zser_enc_mark *m, bool written)
{
	ZSER_G(enc_outer) = m->prev;
	if (!written) {
		/* serialize() writes N, which takes one slot: the nested calls' slots and what
		 * they met are dropped, so that later slot numbers stay those of the reader */
		id_rewind(e, m->nheld);
		e->n = m->n;
		return 0;
	}
	return e->n - m->n;
}

void zser_enc_reserve(zser_encoder *e, uint32_t slots)
{
	write_varint(e, (uint64_t)slots - 1);
}

/* A nested call shares the outer encoder's slot counter, identity table and depth while it
 * runs, and hands them back when it ends; on failure, without what it added. */
static void nest_enter(zser_encoder *e, zser_encoder *outer)
{
	e->held = outer->held;
	e->nheld = outer->nheld;
	e->id_slots = outer->id_slots;
	e->id_mask = outer->id_mask;
	e->id_shift = outer->id_shift;
	e->n = outer->n;
	/* this call walks its own containers; its recursion is on top of the outer calls' */
	e->depth = 0;
	e->rec_max = outer->rec_max > outer->depth + 8 ? outer->rec_max - outer->depth : 8;
}

static void nest_leave(zser_encoder *e, zser_encoder *outer, bool ok)
{
	if (!ok) {
		id_rewind(e, outer->nheld);
		e->n = outer->n;
	}
	outer->held = e->held;
	outer->nheld = e->nheld;
	outer->id_slots = e->id_slots;
	outer->id_mask = e->id_mask;
	outer->id_shift = e->id_shift;
	outer->n = e->n;
	outer->refs |= e->refs;
	e->held = NULL;
	e->nheld = 0;
	e->id_slots = NULL;
}

/* ==== Values ==== */

/* php_add_var_hash() without its n++: the slot already given to v (a reference or an object),
 * or NULL after giving it slot e->n now (when v may be met again). */
static zend_always_inline uint32_t lookup_var(zser_encoder *e, zval *v)
{
	zval *target = v;

	if (!Z_ISREF_P(v)) {
		/* php_add_var_hash(): an object nobody else holds is taken to be met only once and
		 * is not recorded, so meeting it again (through a reference to the array holding it)
		 * writes it once more. PHP 8.2 applies this to objects with __serialize() or
		 * __sleep() too; later versions record those always, as the magic method may hand
		 * out more references to them. */
		zend_object *obj = Z_OBJ_P(v);
		if (!e->rcn && GC_REFCOUNT(obj) == 1 &&
		    (obj->properties == NULL || GC_REFCOUNT(obj->properties) == 1)
#if PHP_VERSION_ID >= 80300
		    && obj->ce->__serialize == NULL &&
		    !zend_hash_find_known_hash(&obj->ce->function_table, ZSTR_KNOWN(ZEND_STR_SLEEP))
#endif
		) {
			return 0;
		}
	}

	if (Z_ISREF_P(v) && Z_TYPE_P(Z_REFVAL_P(v)) == IS_OBJECT) {
		target = Z_REFVAL_P(v);
	}
	return id_find_or_add(e, target, e->n);
}

/* Slot bookkeeping of php_add_var_hash(): returns true when a back-reference (or the null
 * of a failed Serializable) was written instead of the value. */
static zend_always_inline bool write_known(zser_encoder *e, zval *v)
{
	uint32_t slot = lookup_var(e, v);

	if (!slot) {
		return false;
	}
	if (slot == ID_NULL) {
		out_tag(e, ZS_T_NULL);
	} else {
		unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
		e->refs = true;
		if (Z_ISREF_P(v)) {
			e->n--;
			e->marks++;
			p = zs_wire_put_backref(p, ZS_T_BACKREF_REF, slot);
		} else {
			p = zs_wire_put_backref(p, ZS_T_BACKREF_OBJ, slot);
		}
		out_end(e, p);
	}
	return true;
}

/* What encode_value() writes for a value that is not a back-reference (v dereferenced). */
static zend_never_inline zend_result encode_fresh(zser_encoder *e, zval *v)
{
	unsigned char *p;

	switch (Z_TYPE_P(v)) {
	case IS_NULL:
		out_tag(e, ZS_T_NULL);
		return SUCCESS;
	case IS_FALSE:
		out_tag(e, ZS_T_FALSE);
		return SUCCESS;
	case IS_TRUE:
		out_tag(e, ZS_T_TRUE);
		return SUCCESS;
	case IS_LONG:
		write_int(e, Z_LVAL_P(v));
		return SUCCESS;
	case IS_DOUBLE:
		p = out_begin(e, ZS_WIRE_PUT_MAX);
		out_end(e, zs_wire_put_float(p, Z_DVAL_P(v)));
		return SUCCESS;
	case IS_STRING:
		zser_enc_write_string(e, Z_STR_P(v));
		return SUCCESS;
	case IS_ARRAY:
		if (zend_hash_num_elements(Z_ARRVAL_P(v)) == 0) {
			out_tag(e, ZS_T_FIXLIST);
			return SUCCESS;
		}
		if (arr_known(e, Z_ARRVAL_P(v))) {
			return SUCCESS;
		}
		return encode_array(e, Z_ARRVAL_P(v), NULL);
	case IS_OBJECT:
		/* an object written in full may be named later: the arrays around it are not plain */
		e->marks++;
		return encode_object(e, v);
	default:
		/* resources and the like: serialize() writes i:0 */
		write_int(e, 0);
		return SUCCESS;
	}
}

/* Inlined where elements are walked: an object or reference met before costs a probe and a
 * back-reference, without the call that writes a value in full. */
static zend_always_inline zend_result encode_value(zser_encoder *e, zval *v)
{
	if (UNEXPECTED(EG(exception))) {
		return FAILURE;
	}
	e->n++;
	if ((Z_ISREF_P(v) || Z_TYPE_P(v) == IS_OBJECT) && write_known(e, v)) {
		return SUCCESS;
	}
	ZVAL_DEREF(v);
	return encode_fresh(e, v);
}

/* Appends the output to buf (which is empty for zser_serialize(): then the output string
 * itself, trimmed to its length, or one exact-size copy of the inline buffer). */
static void out_finish(zser_encoder *e, smart_str *buf)
{
	size_t len = (size_t)(e->p - e->base);

	if (buf->s) {
		smart_str_appendl(buf, (const char *)e->base, len);
		return;
	}
	if (e->big) {
		buf->s = zend_string_truncate(e->big, len, 0);
		e->big = NULL;
	} else {
		buf->s = zend_string_alloc(len, 0);
		copy_small(ZSTR_VAL(buf->s), e->bufs->out0, len);
	}
	ZSTR_LEN(buf->s) = len;
	buf->a = len;
}

static void encoder_free(zser_encoder *e)
{
	uint32_t i;

	if (e->hold) {
		for (i = 0; i < e->nstrs; i++) {
			zend_string_release(e->strs[i]);
		}
	}
	if (e->strs != e->bufs->strs0) {
		efree(e->strs);
		efree(e->str_slots);
	}
	if (e->shapes != e->bufs->shapes0) {
		efree(e->shapes);
		efree(e->shape_slots);
	}
	if (e->skeys != e->bufs->skeys0) {
		efree(e->skeys);
	}
	if (e->id_slots) {
		/* released in the order met, as a HashTable of them would be */
		for (i = 0; i < e->nheld; i++) {
			drop_held(&e->held[i], e->hold);
		}
		efree(e->held);
		efree(e->id_slots);
	}
	if (e->big) {
		zend_string_efree(e->big);
	}
	if (e->frames != e->bufs->frames0) {
		efree(e->frames);
	}
	if (e->narrs0) {
		arrs_free(e);
	}
	bufs_give(e->bufs);
}

/* php_zser_serialize() clears everything before inl: it must be the last member. */
typedef char zser_enc_inl_is_last[sizeof(zser_encoder) == offsetof(zser_encoder, inl) +
                                                                  sizeof(((zser_encoder *)0)->inl)
                                          ? 1
                                          : -1];

PHP_ZSER_API zend_result php_zser_serialize(smart_str *buf, zval *value)
{
	zser_encoder e;
	zend_result res;
	/* as var.c's php_var_serialize_init(): a call made inside Serializable::serialize() of
	 * an outer call continues its state, one under serialize_lock (in __serialize(),
	 * __sleep()) starts afresh */
	zser_encoder *prev = ZSER_G(enc_outer), *outer = BG(serialize_lock) ? NULL : prev;

	if (ZSER_G(enc_calls) > ZS_WIRE_MAX_NEST) {
		zend_throw_exception_ex(zser_ce_ZserException, ZS_WE_DEPTH,
		                        "Maximum nesting of %d zser_serialize() calls exceeded",
		                        ZS_WIRE_MAX_NEST);
		return FAILURE;
	}

	zs_zero_small(&e, offsetof(zser_encoder, inl));
	e.bufs = bufs_take();
	e.base = e.p = e.bufs->out0;
	e.end = e.bufs->out0 + OUT_INLINE;
	e.str_slots = e.bufs->str_slots0;
	e.str_pending = true;
	e.str_mask = STR_SLOTS0 - 1;
	e.str_shift = 64 - 6; /* STR_SLOTS0 */
	e.strs = e.bufs->strs0;
	e.strs_cap = STR_LIST0;
	e.shapes_pending = true;
	e.shape_slots = e.bufs->shape_slots0;
	e.shape_mask = SHAPE_SLOTS0 - 1;
	e.shapes = e.bufs->shapes0;
	e.shapes_cap = SHAPES0;
	e.skeys = e.bufs->skeys0;
	e.skeys_cap = SKEYS0;
	e.rec_max = REC_DEPTH;
	e.frames = e.bufs->frames0;
	e.frames_cap = FRAMES0;

	if (outer) {
		nest_enter(&e, outer);
		e.p = zs_wire_put_nested_header(e.p, false, e.n);
	} else {
		e.p = zs_wire_put_header(e.p, false);
	}
	e.root = e.n + 1;
	/* only a Serializable object's serialize() made here shares this state */
	ZSER_G(enc_outer) = NULL;
	ZSER_G(enc_calls)++;
	/* the top level is shallow: its containers are written before encode_value() returns */
	res = encode_value(&e, value);
	ZSER_G(enc_calls)--;
	ZSER_G(enc_outer) = prev;
	if (res != SUCCESS) {
		unwind(&e, 0);
	}
	if (EG(exception)) {
		res = FAILURE;
	}
	if (outer) {
		nest_leave(&e, outer, res == SUCCESS);
	}
	if (res == SUCCESS) {
		if (e.refs) {
			/* the header is where the output starts: the inline buffer, or the string that
			 * gathered it */
			(e.big ? (unsigned char *)ZSTR_VAL(e.big) : e.bufs->out0)[1] |=
			        (unsigned char)ZS_WIRE_FLAG_REFS;
		}
		out_finish(&e, buf);
	}
	encoder_free(&e);
	return res;
}
