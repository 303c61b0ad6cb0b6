/* zser — SPDX-License-Identifier: MIT
 *
 * jsond_decode() and jsond_validate(): JSON text -> zval, with ext/json's results for every
 * input (values, types, error codes, which error wins, depth limits, last-error rules).
 * One hand-written single-pass parser: no tokenizer callbacks, values collected on an
 * explicit stack so each array and property table is allocated once at its final size,
 * tokens read by the core's JSON lexer (core/zs_json_lex.h, shared with the CLI). The nesting is
 * walked with an explicit frame stack, never C recursion. ext/json's generated bison parser
 * gives up with a syntax error when its state stack is full; this parser counts the same
 * stack (json_stack_compat.h) so that deep inputs fail exactly where ext/json's do.
 * JSOND_ALLOW_COMMENTS and JSOND_ALLOW_TRAILING_COMMAS are taken where strict JSON fails,
 * by parsers of their own. Encoding lives in json_encode.c, the last-error state and
 * messages in json.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "ext/json/php_json.h"
#include "zser_internal.h"
#include "json_common.h"
#include "json_members.h"
#include "zend_compat.h"
#include "json_stack_compat.h"
#include "zs_json_lex.h"
#include "zs_json_valid.h"
#include "zs_grow.h"

/* The lexer's error codes are ext/json's, passed through unchanged. */
#define LEX_CODE_IS(lex, php) \
	typedef char jsond_##lex##_is_php[(int)ZS_JSON_LEX_##lex == (int)(php) ? 1 : -1]
LEX_CODE_IS(CTRL_CHAR, PHP_JSON_ERROR_CTRL_CHAR);
LEX_CODE_IS(SYNTAX, PHP_JSON_ERROR_SYNTAX);
LEX_CODE_IS(UTF8, PHP_JSON_ERROR_UTF8);
LEX_CODE_IS(UTF16, PHP_JSON_ERROR_UTF16);
#undef LEX_CODE_IS

/* Flags ext/json's parser looks at. */
#define OPT_ASSOC    PHP_JSON_OBJECT_AS_ARRAY
#define OPT_BIGINT   PHP_JSON_BIGINT_AS_STRING
#define OPT_IGNORE   PHP_JSON_INVALID_UTF8_IGNORE
#define OPT_SUBST    PHP_JSON_INVALID_UTF8_SUBSTITUTE
/* zser's own relaxations, looked at only where strict JSON is an error */
#define OPT_COMMENTS ZSER_JSON_ALLOW_COMMENTS
#define OPT_TRAILING ZSER_JSON_ALLOW_TRAILING_COMMAS
#define OPT_RELAX    (OPT_COMMENTS | OPT_TRAILING)

#define KEY_CACHE_BITS ZSER_JSON_KEY_BITS
#define KEY_CACHE_SIZE (1u << KEY_CACHE_BITS)
#define KEY_CACHE_LEN  48
/* Shapes kept per parse, and the most keys an object of a kept shape has: the objects that
 * fill_members() fills itself, larger ones go to zser_json_fill_many(). */
#define SHAPE_SLOTS    64
#define SHAPE_MAX_KEYS ZSER_JSON_MANY_MEMBERS
#ifndef SHAPE_TEMPLATE_AFTER
#define SHAPE_TEMPLATE_AFTER 3
#endif

typedef struct {
	size_t vstart; /* first value of this container on the value stack */
	size_t bstack; /* ext/json's parser stack size before the opening bracket */
	bool is_object;
	/* check_names: the member whose value is being read has a name starting with "\0" */
	bool bad_name;
	/* The stdClass, created when the first member is complete: ext/json creates its objects
	 * in that order, which var_dump's #ids and spl_object_id() show. */
	zend_object *obj;
} jsond_dec_frame;

/* An object shape met in a parse: its keys, in order, as the key cache gave them. `tmpl` is
 * a table of those keys holding nulls, made once the shape was met SHAPE_TEMPLATE_AFTER times
 * in a row in its slot (shape_note()). It holds a
 * reference to each key, so no other key can be given the address of one of them while it
 * lives, and comparing addresses compares keys. */
typedef struct {
	uintptr_t sig;
	uint32_t seen; /* objects of sig met in a row in this slot */
	HashTable *tmpl;
} jsond_shape;

/* The shapes of the request's decodes, kept from one parse to the next (shapes_take()). */
struct zser_json_shapes {
	uint64_t used;
	jsond_shape slot[SHAPE_SLOTS];
};
typedef struct zser_json_shapes jsond_shapes;

typedef struct {
	const unsigned char *end; /* the NUL that terminates the zend_string (at [len]) */
	int options;
	int max_depth;
	bool build;     /* false for jsond_validate: nothing is allocated but the frames */
	bool assoc;     /* objects become arrays */
	bool prop_keys; /* objects are stdClass: keys starting with "\0" are refused */
	/* validate only, yet refuse such keys as the build would (zser_json_check) */
	bool check_names;
	zval *vals;
	size_t vtop, vcap;
	zend_string **keys; /* one key per object member on the value stack */
	size_t ktop, kcap;
	jsond_dec_frame *frames;
	size_t ftop, fcap;
	const unsigned char *err_at; /* start of the token ext/json's parser fails at */
	/* ext/json's parser-stack size where the input's value starts: 1 for a whole text, more
	 * for a value cut out of one (zser_json_decode_within) */
	size_t stack0;
	zs_json_scratch scratch; /* decoded strings with escapes */
	unsigned lex_flags;      /* the INVALID_UTF8 options, in the lexer's terms */
	/* The request's key cache (ZSER_G(json_keys), see key_cache_take()); outside a request
	 * one of this call's own (key_cache_own) */
	zend_string **key_cache;
	uint16_t *key_next; /* see next_key() */
	unsigned key_last;  /* slot of the last key found or made in the cache */
	unsigned key_hist;  /* key_next's entry for the last two such keys (key_seen()) */
	bool key_cache_own;
	/* Objects of one shape: which shape slots are set, and what they hold (see close_object).
	 * `shapes` is shapes_inline, or the request's block (shapes_take()), held alone */
	uint64_t shape_used;
	jsond_shape *shapes;
	jsond_shapes *shapes_kept;
	jsond_shape shapes_inline[SHAPE_SLOTS];
	/* First stack blocks, inside the parser: most inputs never allocate a stack. */
	zval vals_inline[16];
	zend_string *keys_inline[8];
	jsond_dec_frame frames_inline[8];
} jsond_parser;

/* ==== Tokens (core/zs_json_lex.h) ==== */

static zend_always_inline const unsigned char *skip_ws(const unsigned char *p,
                                                       const unsigned char *end)
{
	return zs_json_skip_ws(p, end);
}

/* Scans the string whose opening quote is at p[-1]. Returns 0 (and *endp after the closing
 * quote, *out the decoded bytes when out != NULL) or ext/json's error code for the first
 * problem in it, in text order. */
static zend_always_inline int scan_string(jsond_parser *P, const unsigned char *p,
                                          const unsigned char **endp, zs_json_strview *out)
{
	const unsigned char *e;
	int err = zs_json_lex_string(&P->scratch, P->lex_flags, p, P->end, &e, out);
	/* an error is ext/json's at the string's first byte: *endp stays there */
	if (EXPECTED(err == 0)) {
		*endp = e;
	}
	return err;
}

static zend_always_inline void str_zval(zval *zv, const zs_json_strview *sv)
{
	if (sv->len <= 1) {
		if (sv->len == 0) {
			ZVAL_EMPTY_STRING(zv);
		} else {
			ZVAL_INTERNED_STR(zv, ZSTR_CHAR((unsigned char)sv->s[0]));
		}
		return;
	}
	ZVAL_STR(zv, zser_str_new(sv->s, sv->len));
}

/* Cache slot of a key, from its length and its first and last bytes: cheaper than the
 * full hash, which a key found in the cache already carries. */
static zend_always_inline unsigned key_slot(const char *s, size_t len)
{
	uint64_t a, b;
	if (len >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + len - 8, 8);
	} else if (len >= 4) {
		uint32_t x, y;
		memcpy(&x, s, 4);
		memcpy(&y, s + len - 4, 4);
		a = x;
		b = y;
	} else {
		a = (unsigned char)s[0] | ((uint64_t)(unsigned char)s[len / 2] << 8) |
		    ((uint64_t)(unsigned char)s[len - 1] << 16);
		b = 0;
	}
	a = (a ^ (b * 0x9E3779B97F4A7C15ULL) ^ len) * 0xC2B2AE3D27D4EB4FULL;
	return (unsigned)(a >> (64 - KEY_CACHE_BITS));
}

/* Whether cache slot j holds the key s of len bytes (NULL: an empty slot). */
static zend_always_inline bool key_at(const jsond_parser *P, unsigned j, const char *s, size_t len)
{
	const zend_string *k = P->key_cache[j];
	return k && ZSTR_LEN(k) == len && zs_same_bytes(ZSTR_VAL(k), s, len);
}

/* Whether bytes decoded from a string's escapes hold one that only an escape can write:
 * '"', '\\' or a control byte. */
static zend_never_inline bool needs_escape(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == '"' || c == '\\') {
			return true;
		}
	}
	return false;
}

/* An object key, shared with earlier equal keys of this parse (one zend_string, its hash
 * computed once). The cache is two-way: with one slot per key, two frequent keys of one
 * slot (pairs among twitter.json's 94 names) evicted each other on every object, and about
 * 2,900 of its 13,345 keys were made and hashed anew. A new key takes the first slot of its pair,
 * pushing the key there to the second. *slot: the key's slot, or KEY_CACHE_SIZE when the key
 * is not one the cache keeps. */
static zend_always_inline zend_string *make_key(jsond_parser *P, const zs_json_strview *sv,
                                                unsigned *slot)
{
	const char *s = sv->s;
	size_t len = sv->len;
	unsigned idx;
	zend_string *k;
	*slot = KEY_CACHE_SIZE;
	if (len <= 1) {
		/* PHP's interned one-byte strings, hash included */
		return len ? ZSTR_CHAR((unsigned char)s[0]) : ZSTR_EMPTY_ALLOC();
	}
	/* a key the cache keeps is one the text can hold unescaped: the parser matches the
	 * guess against the text itself (key:) */
	if (len > KEY_CACHE_LEN || (!sv->plain && needs_escape(s, len))) {
		return zser_str_new(s, len);
	}
	idx = key_slot(s, len) & ~1u;
	if (key_at(P, idx, s, len)) {
		*slot = idx;
		return zend_string_copy(P->key_cache[idx]);
	}
	if (key_at(P, idx + 1, s, len)) {
		*slot = idx + 1;
		return zend_string_copy(P->key_cache[idx + 1]);
	}
	k = zser_str_new(s, len);
	zend_string_hash_val(k);
	if (P->key_cache[idx + 1]) {
		zend_string_release_ex(P->key_cache[idx + 1], 0);
	}
	P->key_cache[idx + 1] = P->key_cache[idx];
	P->key_cache[idx] = zend_string_copy(k);
	/* the slots a request's release looks at (a pair never spans two groups) */
	ZSER_G(json_key_groups) |= (uint32_t)1 << (idx / 64);
	*slot = idx;
	return k;
}

/* The key of cache slot `slot` was found or made. The guess for the next key is kept by the
 * last two keys, not the last one alone: records of several kinds share key names ("id",
 * "url") that different keys follow, and the key before tells the kinds apart (github_events:
 * 661 of 1,139 keys guessed right by the last key, 968 by the last two). Two keys may share
 * an entry; a guess is only a guess. */
static zend_always_inline void key_seen(jsond_parser *P, unsigned slot)
{
	P->key_hist = (slot + P->key_last * 0x2F1u) & (KEY_CACHE_SIZE - 1);
	P->key_last = slot;
}

/* The key s of len bytes, guessed first to be `guess` (slot g): the key that followed the
 * last two the previous time (key_seen()). Keys of repeated records come in the same order, so the
 * guess is most often right, and its loads start before the key's end is found, where the slot's
 * hash can only start after (github_events: 1,139 keys a call). */
static zend_always_inline zend_string *next_key(jsond_parser *P, const zend_string *guess,
                                                unsigned g, const zs_json_strview *sv)
{
	const char *s = sv->s;
	size_t len = sv->len;
	unsigned slot;
	zend_string *k;
	if (guess && ZSTR_LEN(guess) == len && zs_same_bytes(ZSTR_VAL(guess), s, len)) {
		key_seen(P, g);
		return zend_string_copy((zend_string *)guess);
	}
	k = make_key(P, sv, &slot);
	if (slot < KEY_CACHE_SIZE) {
		P->key_next[P->key_hist] = (uint16_t)slot;
		key_seen(P, slot);
	}
	return k;
}

/* ==== Numbers ==== */

#define IS_DIGIT(c) ZS_JSON_IS_DIGIT(c)

typedef enum { NUM_NONE, NUM_INT, NUM_DOUBLE, NUM_BIGSTR } jsond_num_kind;

/* The rare long decimals zs_strtod_decimal leaves undecided: PHP's own correctly rounding
 * strtod, which stops at the end of the number. */
static double number_fallback(const char *s, size_t len, void *ctx)
{
	(void)len;
	(void)ctx;
	return zend_strtod(s, NULL);
}

/* The number at p as ext/json's scanner reads it and, when building, its value in *out. A
 * big integer under JSON_BIGINT_AS_STRING is a string token (NUM_BIGSTR), usable even as a
 * key. */
static zend_always_inline jsond_num_kind scan_number(jsond_parser *P, const unsigned char *p,
                                                     const unsigned char **endp, zval *out)
{
	int64_t i = 0;
	double d = 0;
	zs_json_num_kind k = zs_json_lex_number(p, P->end, (P->options & OPT_BIGINT) != 0, out != NULL,
	                                        number_fallback, NULL, endp, &i, &d);
	switch (k) {
	case ZS_JSON_NUM_INT:
#if SIZEOF_ZEND_LONG < 8
		if (i < ZEND_LONG_MIN || i > ZEND_LONG_MAX) {
			/* beyond this PHP's integers, as ext/json's digit count finds */
			if (P->options & OPT_BIGINT) {
				if (out) {
					ZVAL_STRINGL(out, (const char *)p, (size_t)(*endp - p));
				}
				return NUM_BIGSTR;
			}
			if (out) {
				ZVAL_DOUBLE(out, (double)i);
			}
			return NUM_DOUBLE;
		}
#endif
		if (out) {
			ZVAL_LONG(out, (zend_long)i);
		}
		return NUM_INT;
	case ZS_JSON_NUM_DOUBLE:
		if (out) {
			ZVAL_DOUBLE(out, d);
		}
		return NUM_DOUBLE;
	case ZS_JSON_NUM_BIG:
		if (out) {
			ZVAL_STRINGL(out, (const char *)p, (size_t)(*endp - p));
		}
		return NUM_BIGSTR;
	default:
		return NUM_NONE;
	}
}

/* ==== Stacks ==== */

/* Doubles a stack that starts in the parser's inline block and moves to the heap. */
static void *grow_stack(void *cur, const void *inline_block, size_t *cap, size_t elem)
{
	if (!zs_grow_in(&zser_emalloc, &cur, cap, *cap + 1, elem, 0, SIZE_MAX, inline_block)) {
		zser_alloc_overflow(*cap + 1, elem);
	}
	return cur;
}

static zend_never_inline void grow_vals(jsond_parser *P)
{
	P->vals = grow_stack(P->vals, P->vals_inline, &P->vcap, sizeof(zval));
}

static zend_never_inline void grow_keys(jsond_parser *P)
{
	P->keys = grow_stack(P->keys, P->keys_inline, &P->kcap, sizeof(zend_string *));
}

static zend_never_inline void grow_frames(jsond_parser *P)
{
	P->frames = grow_stack(P->frames, P->frames_inline, &P->fcap, sizeof(jsond_dec_frame));
}

static zend_always_inline zval *push_val(jsond_parser *P)
{
	if (UNEXPECTED(P->vtop == P->vcap)) {
		grow_vals(P);
	}
	return &P->vals[P->vtop++];
}

/* Replaces the values of the array frame f with one packed array holding them. */
static void close_array(jsond_parser *P, const jsond_dec_frame *f)
{
	size_t n = P->vtop - f->vstart, i;
	zval *v = &P->vals[f->vstart];
	HashTable *ht = zser_list_new((uint32_t)n);
	ZEND_HASH_FILL_PACKED(ht)
	{
		for (i = 0; i < n; i++) {
			ZEND_HASH_FILL_ADD(&v[i]);
		}
	}
	ZEND_HASH_FILL_END();
	ZVAL_ARR(&P->vals[f->vstart], ht);
	P->vtop = f->vstart + 1;
}

/* Inserts the members into ht (sized for n) in order; a later duplicate overwrites the
 * value in the first one's place, as ext/json's updates do. Keys are appended without a
 * lookup unless a 64-bit filter of their hashes says one may already be there; with
 * `symtable`, numeric-string keys become integer keys (zend_symtable_update's rule). A large
 * object goes to zser_json_fill_many(), which needs no lookup at all. */
static void fill_members(HashTable *ht, zend_string **keys, zval *v, size_t n, bool symtable)
{
	/* 256 bits: with one word, an object of 40 keys (a tweet's user) had set half of them
	 * and looked up most of its keys for nothing */
	uint64_t seen[4] = {0, 0, 0, 0};
	size_t i;
	zend_ulong idx;

	if (n > ZSER_JSON_MANY_MEMBERS && n < UINT32_MAX / 4) {
		/* where keys made to collide in PHP's hash would make each lookup long */
		zser_json_fill_many(ht, keys, v, n, symtable);
		return;
	}
	if (symtable && n && ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(keys[0]), ZSTR_LEN(keys[0]), idx)) {
		/* An integer first key may make ext/json's table packed: take its path. */
		for (i = 0; i < n; i++) {
			zend_symtable_update(ht, keys[i], &v[i]);
			zend_string_release_ex(keys[i], 0);
		}
		return;
	}
	zend_hash_real_init_mixed(ht);
	for (i = 0; i < n; i++) {
		zend_string *k = keys[i];
		uint64_t bit;
		zend_ulong h;
		if (symtable && ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(k), ZSTR_LEN(k), idx)) {
			zend_hash_index_update(ht, idx, &v[i]);
			zend_string_release_ex(k, 0);
			continue;
		}
		h = zend_string_hash_val(k);
		bit = (uint64_t)1 << (h & 63);
		if (seen[(h >> 6) & 3] & bit) {
			zval *old = zend_hash_find(ht, k);
			if (old) {
				zval_ptr_dtor_nogc(old);
				ZVAL_COPY_VALUE(old, &v[i]);
				zend_string_release_ex(k, 0);
				continue;
			}
		}
		seen[(h >> 6) & 3] |= bit;
		/* The key stack's reference moves into the table, its hash computed above: what
		 * _zend_hash_append() does, less an addref and this release. */
		if (!ZSTR_IS_INTERNED(k)) {
			HT_FLAGS(ht) &= ~HASH_FLAG_STATIC_KEYS;
		}
		_zend_hash_append_ex(ht, k, &v[i], 1);
	}
}

/* The shape slot of the n keys at keys and, in *sig, what tells shapes apart there: the count,
 * the addresses of the first and last keys, and whether objects become arrays (a template made
 * for stdClass may hold a numeric-string key that an array holds as an integer). */
static zend_always_inline unsigned shape_slot(zend_string **keys, size_t n, bool assoc,
                                              uintptr_t *sig)
{
	uint64_t h = ((uint64_t)(uintptr_t)keys[0] * 0x9E3779B97F4A7C15ULL) ^
	             ((uint64_t)(uintptr_t)keys[n - 1] * 0xC2B2AE3D27D4EB4FULL) ^ n ^
	             /* the two modes in neighbouring slots, each with its sig */
	             ((uint64_t)assoc << 58);
	*sig = (uintptr_t)h | 1;
	return (unsigned)(h >> 58);
}

/* Of the two slots a shape may take (its own and the neighbour), the one that holds sig, else
 * the one to note it in: a free one, else one without a template. Two shapes of one slot then
 * both keep a template (github_events: 24 shapes, a fifth of its objects filled in each call
 * while they took turns). */
static zend_always_inline unsigned shape_way(const jsond_parser *P, unsigned slot, uintptr_t sig)
{
	unsigned other = slot ^ 1;
	bool set = P->shape_used >> slot & 1, other_set = P->shape_used >> other & 1;

	if (set && P->shapes[slot].sig == sig) {
		return slot;
	}
	if (other_set && P->shapes[other].sig == sig) {
		return other;
	}
	if (!set) {
		return slot;
	}
	if (!other_set || (P->shapes[slot].tmpl && !P->shapes[other].tmpl)) {
		return other;
	}
	return slot;
}

/* The template of shape slot `slot` when its keys are the n at keys, else NULL. */
static zend_always_inline HashTable *shape_find(const jsond_parser *P, unsigned slot, uintptr_t sig,
                                                zend_string **keys, size_t n)
{
	const HashTable *t;
	size_t j;

	if (!(P->shape_used >> slot & 1) || P->shapes[slot].sig != sig || !P->shapes[slot].tmpl) {
		return NULL;
	}
	t = P->shapes[slot].tmpl;
	if (t->nNumUsed != n) {
		return NULL;
	}
	for (j = 0; j < n; j++) {
		if (t->arData[j].key != keys[j]) {
			return NULL;
		}
	}
	return P->shapes[slot].tmpl;
}

/* Notes the shape of ht, the table just filled from the n keys at keys: a shape met
 * SHAPE_TEMPLATE_AFTER times in a row in its slot gets a template (earlier, the templates of
 * shapes met a few times only cost more to make than their copies save). Only a map of n string
 * keys (no key repeated, none made an integer; keys all of integers may have made a packed
 * table) is one. */
static zend_never_inline void shape_note(jsond_parser *P, unsigned slot, uintptr_t sig,
                                         const HashTable *ht, size_t n)
{
	jsond_shape *e = &P->shapes[slot];
	HashTable *t;
	uint32_t j;

	if (!(P->shape_used >> slot & 1)) {
		P->shape_used |= (uint64_t)1 << slot;
		e->sig = sig;
		e->seen = 1;
		e->tmpl = NULL;
		return;
	}
	if (e->sig != sig) {
		if (e->tmpl) {
			zend_array_destroy(e->tmpl);
			e->tmpl = NULL;
		}
		e->sig = sig;
		e->seen = 1;
		return;
	}
	if (e->tmpl) {
		/* same count and end keys, other keys between: two shapes take turns here, and
		 * neither gets a template, which each turn would make anew */
		zend_array_destroy(e->tmpl);
		e->tmpl = NULL;
		e->seen = 1;
		return;
	}
	if (++e->seen < SHAPE_TEMPLATE_AFTER) {
		return;
	}
	if (HT_IS_PACKED(ht) || ht->nNumUsed != n || ht->nNumOfElements != n) {
		return;
	}
	for (j = 0; j < n; j++) {
		if (!ht->arData[j].key) {
			return;
		}
	}
	t = zser_array_new((uint32_t)n);
	zend_hash_real_init_mixed(t);
	for (j = 0; j < n; j++) {
		_zend_hash_append(t, ht->arData[j].key, &EG(uninitialized_zval));
	}
	e->tmpl = t;
}

/* Replaces the members of the object frame f with a stdClass or an array. An object of a
 * shape met before is a copy of its template, the values moved into the buckets, and takes
 * over the key stack's references: no key is hashed, looked up or appended. Objects of
 * templates, in a parse of many small ones alike (citm_catalog, twitter), are most of them. */
static void close_object(jsond_parser *P, jsond_dec_frame *f)
{
	size_t n = P->vtop - f->vstart;
	size_t k0 = P->ktop - n;
	zend_string **keys = &P->keys[k0];
	zval *v = &P->vals[f->vstart];
	HashTable *ht = NULL, *t;
	uintptr_t sig = 0;
	unsigned slot = 0;
	size_t j;

	if (n >= 2 && n <= SHAPE_MAX_KEYS) {
		slot = shape_slot(keys, n, P->assoc, &sig);
		slot = shape_way(P, slot, sig);
		t = shape_find(P, slot, sig, keys, n);
		if (t) {
			ht = zser_table_copy(t, false);
			for (j = 0; j < n; j++) {
				ZVAL_COPY_VALUE(&ht->arData[j].val, &v[j]);
			}
		}
	}
	if (!ht) {
		ht = zser_array_new((uint32_t)n);
		fill_members(ht, keys, v, n, P->assoc);
		if (sig) {
			shape_note(P, slot, sig, ht, n);
		}
	}
	if (P->assoc) {
		ZVAL_ARR(v, ht);
	} else {
		/* a stdClass declares no property: this only sets its table */
		object_properties_init_ex(f->obj, ht);
		ZVAL_OBJ(v, f->obj);
		f->obj = NULL;
	}
	P->ktop = k0;
	P->vtop = f->vstart + 1;
}

/* ==== Parser ==== */

/* The error ext/json reports for a token it did not expect at p: the scanner's own error
 * for that token if it has one, else a syntax error. */
static int token_error(jsond_parser *P, const unsigned char *p)
{
	unsigned char c = *p;
	const unsigned char *e;
	P->err_at = p;
	if (c == '"') {
		int err = scan_string(P, p + 1, &e, NULL);
		return err ? err : PHP_JSON_ERROR_SYNTAX;
	}
	if (c == 0) {
		return p == P->end ? PHP_JSON_ERROR_SYNTAX : PHP_JSON_ERROR_CTRL_CHAR;
	}
	if (c < 0x20) {
		return PHP_JSON_ERROR_CTRL_CHAR;
	}
	if (c < 0x80) {
		return PHP_JSON_ERROR_SYNTAX;
	}
	return zs_utf8_len(p, ZS_UTF8_NUL_ENDED) ? PHP_JSON_ERROR_SYNTAX : PHP_JSON_ERROR_UTF8;
}

/* Records at as where err is. Cold: the parse's error exits then stay out of its hot code
 * (docs/COMPAT.md, "Where a decode error is"). */
static zend_never_inline ZEND_COLD int jsond_dec_fail(jsond_parser *P, const unsigned char *at,
                                                      int err)
{
	P->err_at = at;
	return err;
}

/* The end of the comment opening at p ('/' with p < end), or NULL when there is none: "//"
 * runs to the next line end (LF or CR) or to the end of the input, "/" "*" to the first
 * "*" "/" after it. The bytes in between are not looked at (any byte, UTF-8 or not). */
static const unsigned char *comment_end(const unsigned char *p, const unsigned char *end)
{
	if (end - p >= 2 && p[1] == '/') {
		p += 2;
		while (p < end && *p != '\n' && *p != '\r') {
			p++;
		}
		return p;
	}
	if (end - p >= 2 && p[1] == '*') {
		p += 2;
		while (end - p >= 2) {
			const unsigned char *star = memchr(p, '*', (size_t)(end - p - 1));
			if (!star) {
				return NULL;
			}
			if (star[1] == '/') {
				return star + 2;
			}
			p = star + 1;
		}
	}
	return NULL;
}

/* p at a '/' where strict JSON fails: skips the comments there and the whitespace around
 * them. Returns the next byte, or NULL with err_at at the '/' that opens no comment or one
 * that never closes (where ext/json fails: on that '/'). */
static zend_never_inline ZEND_COLD const unsigned char *skip_comments(jsond_parser *P,
                                                                      const unsigned char *p)
{
	do {
		const unsigned char *q = comment_end(p, P->end);
		if (!q) {
			P->err_at = p;
			return NULL;
		}
		p = skip_ws(q, P->end);
	} while (*p == '/');
	return p;
}

/* Parses the whole input. bs and frame.bstack track the size ext/json's parser stack would
 * have, and each push is checked where that parser makes it (json_stack_compat.h). */
static zend_always_inline int parse_impl(jsond_parser *P, const unsigned char *p, const bool build,
                                         const bool relax)
{
	jsond_dec_frame *f = NULL;
	size_t bs = P->stack0; /* parser stack size where the next value starts */
	jsond_num_kind nk;
	zs_json_strview sv;
	int err;

value:
	p = skip_ws(p, P->end);
	switch (*p) {
	case '"':
		if ((err = scan_string(P, p + 1, &p, build ? &sv : NULL)) != 0) {
			return jsond_dec_fail(P, p, err);
		}
		if (build) {
			str_zval(push_val(P), &sv);
		}
		break;
	case '-':
	case '0':
	case '1':
	case '2':
	case '3':
	case '4':
	case '5':
	case '6':
	case '7':
	case '8':
	case '9':
		if (build) {
			zval *z = push_val(P);
			if (scan_number(P, p, &p, z) == NUM_NONE) {
				P->vtop--;
				return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
			}
		} else if (scan_number(P, p, &p, NULL) == NUM_NONE) {
			return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
		}
		break;
	case 't':
		if (p[1] != 'r' || p[2] != 'u' || p[3] != 'e') {
			return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
		}
		p += 4;
		if (build) {
			ZVAL_TRUE(push_val(P));
		}
		break;
	case 'f':
		if (p[1] != 'a' || p[2] != 'l' || p[3] != 's' || p[4] != 'e') {
			return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
		}
		p += 5;
		if (build) {
			ZVAL_FALSE(push_val(P));
		}
		break;
	case 'n':
		if (p[1] != 'u' || p[2] != 'l' || p[3] != 'l') {
			return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
		}
		p += 4;
		if (build) {
			ZVAL_NULL(push_val(P));
		}
		break;
	case '[':
	case '{': {
		bool is_object = *p == '{';
		if (json_stack_full(bs + JSON_STACK_OPEN)) {
			return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
		}
		if (UNEXPECTED(P->ftop + 1 >= (size_t)P->max_depth)) {
			return jsond_dec_fail(P, p, PHP_JSON_ERROR_DEPTH);
		}
		if (json_stack_full(bs + JSON_STACK_CHECKED)) {
			return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
		}
		if (UNEXPECTED(P->ftop == P->fcap)) {
			grow_frames(P);
		}
		f = &P->frames[P->ftop++];
		f->vstart = P->vtop;
		f->bstack = bs;
		f->is_object = is_object;
		f->obj = NULL;
		p = skip_ws(p + 1, P->end);
		if (*p == ']' || *p == '}') {
			goto close_empty;
		}
		if (is_object) {
			bs = f->bstack + JSON_STACK_FIRST_KEY;
			goto key;
		}
		bs = f->bstack + JSON_STACK_CHECKED;
		goto value;
	}
	default:
		if (relax) {
			goto value_other;
		}
		return token_error(P, p);
	}
	/* a scalar token was shifted */
	if (json_stack_full(bs + 1)) {
		return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
	}

after_value:
	if (P->ftop == 0) {
		p = skip_ws(p, P->end);
		if (*p == 0 && p == P->end) {
			return 0;
		}
		if (relax) {
			goto end_other;
		}
		return token_error(P, p);
	}
	f = &P->frames[P->ftop - 1];
	if (f->is_object && build && P->prop_keys) {
		zend_string *k = P->keys[P->ktop - 1];
		if (!f->obj) {
			zval tmp;
			object_init(&tmp);
			f->obj = Z_OBJ(tmp);
		}
		if (ZSTR_LEN(k) > 0 && ZSTR_VAL(k)[0] == '\0') {
			return jsond_dec_fail(P, p, PHP_JSON_ERROR_INVALID_PROPERTY_NAME);
		}
	}
	if (!build && f->is_object && P->check_names && f->bad_name) {
		return jsond_dec_fail(P, p, PHP_JSON_ERROR_INVALID_PROPERTY_NAME);
	}
	p = skip_ws(p, P->end);
	if (*p == ',') {
comma:
		/* the ',' at p is followed by the next element or member of f */
		if (json_stack_full(f->bstack + JSON_STACK_NEXT)) {
			return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
		}
		p = skip_ws(p + 1, P->end);
		if (f->is_object) {
			bs = f->bstack + JSON_STACK_NEXT_KEY;
			goto key;
		}
		bs = f->bstack + JSON_STACK_NEXT;
		goto value;
	}
	if (*p == ']' || *p == '}') {
		goto close;
	}
	if (relax) {
		goto next_other;
	}
	return token_error(P, p);

key:
	/* p is at the token after '{' or ','; bs is the stack size once the key is shifted */
	if (*p == '"') {
		unsigned g = 0;
		const zend_string *guess = NULL;
		if (build) {
			g = P->key_next[P->key_hist];
			guess = P->key_cache[g];
			/* the text holding the guess's bytes and then '"' is that key written plain: a
			 * key in the cache holds no byte that must be escaped (make_key()). Found so, the
			 * key needs no scan for its end. */
			if (guess && (size_t)(P->end - p) > ZSTR_LEN(guess) + 1 &&
			    p[ZSTR_LEN(guess) + 1] == '"' &&
			    zs_same_bytes(ZSTR_VAL(guess), p + 1, ZSTR_LEN(guess))) {
				if (UNEXPECTED(P->ktop == P->kcap)) {
					grow_keys(P);
				}
				P->keys[P->ktop++] = zend_string_copy((zend_string *)guess);
				key_seen(P, g);
				p += ZSTR_LEN(guess) + 2;
				goto key_done;
			}
		}
		if ((err = scan_string(P, p + 1, &p, (build || P->check_names) ? &sv : NULL)) != 0) {
			return jsond_dec_fail(P, p, err);
		}
		if (build) {
			if (UNEXPECTED(P->ktop == P->kcap)) {
				grow_keys(P);
			}
			P->keys[P->ktop++] = next_key(P, guess, g, &sv);
		} else if (P->check_names) {
			f->bad_name = sv.len > 0 && sv.s[0] == '\0';
		}
	} else if ((P->options & OPT_BIGINT) && (*p == '-' || IS_DIGIT(*p))) {
		/* a big integer under JSON_BIGINT_AS_STRING is a string token to ext/json */
		const unsigned char *start = p;
		nk = scan_number(P, p, &p, NULL);
		if (nk != NUM_BIGSTR) {
			return jsond_dec_fail(P, start, PHP_JSON_ERROR_SYNTAX);
		}
		if (build) {
			if (UNEXPECTED(P->ktop == P->kcap)) {
				grow_keys(P);
			}
			P->keys[P->ktop++] = zend_string_init((const char *)start, (size_t)(p - start), 0);
		} else {
			f->bad_name = false;
		}
	} else {
		if (relax) {
			goto key_other;
		}
		return token_error(P, p);
	}
key_done:
	if (json_stack_full(bs)) {
		return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
	}
	p = skip_ws(p, P->end);
	if (*p != ':') {
		if (relax) {
			goto colon_other;
		}
		return token_error(P, p);
	}
colon:
	/* the ':' at p ends the key; bs is the stack size with the key shifted */
	if (json_stack_full(bs + 1)) {
		return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
	}
	p++;
	bs++;
	goto value;

close:
	/* the closing bracket at p ends the elements or members of f */
	if (json_stack_full(f->bstack + JSON_STACK_NEXT)) {
		return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
	}
	if ((*p == '}') != f->is_object) {
		return jsond_dec_fail(P, p, PHP_JSON_ERROR_STATE_MISMATCH);
	}
	p++;
	if (build) {
		if (f->is_object) {
			close_object(P, f);
		} else {
			close_array(P, f);
		}
	}
	P->ftop--;
	goto after_value;

close_empty:
	/* the closing bracket at p ends f, which has no elements or members */
	if (json_stack_full(f->bstack + JSON_STACK_NEXT)) {
		return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
	}
	if ((*p == '}') != f->is_object) {
		return jsond_dec_fail(P, p, PHP_JSON_ERROR_STATE_MISMATCH);
	}
	p++;
	P->ftop--;
	if (build) {
		zval *z = push_val(P);
		if (f->is_object && !P->assoc) {
			object_init(z);
		} else {
			ZVAL_EMPTY_ARRAY(z);
		}
	}
	/* the empty container is shifted as a scalar token would be, at the place of f */
	if (json_stack_full(f->bstack + 1)) {
		return jsond_dec_fail(P, p, PHP_JSON_ERROR_SYNTAX);
	}
	goto after_value;

	/* Where strict JSON fails, the relaxations the flags ask for. Each comes back to the
	 * state it left (a comment) or to the state after the closing bracket (a trailing
	 * comma), so that stack counts, depth and errors further on are those of the text
	 * without its comments and trailing commas. Only the relaxed parsers hold this code. */
value_other:
	/* a value was expected: at the start, or after '[', ',' or ':' */
	if (*p == '/' && (P->options & OPT_COMMENTS)) {
		if (!(p = skip_comments(P, p))) {
			return PHP_JSON_ERROR_SYNTAX;
		}
		goto value;
	}
	if ((*p == ']' || *p == '}') && P->ftop > 0) {
		f = &P->frames[P->ftop - 1];
		if (!f->is_object && bs == f->bstack + JSON_STACK_CHECKED) {
			/* '[', comments, then the bracket */
			goto close_empty;
		}
		if (!f->is_object && bs == f->bstack + JSON_STACK_NEXT && (P->options & OPT_TRAILING)) {
			goto close;
		}
	}
	return token_error(P, p);

key_other:
	/* a key was expected: after '{' or ',' */
	if (*p == '/' && (P->options & OPT_COMMENTS)) {
		if (!(p = skip_comments(P, p))) {
			return PHP_JSON_ERROR_SYNTAX;
		}
		goto key;
	}
	if (*p == ']' || *p == '}') {
		if (bs == f->bstack + JSON_STACK_FIRST_KEY) {
			/* '{', comments, then the bracket */
			goto close_empty;
		}
		if (bs == f->bstack + JSON_STACK_NEXT_KEY && (P->options & OPT_TRAILING)) {
			goto close;
		}
	}
	return token_error(P, p);

colon_other:
	if (*p == '/' && (P->options & OPT_COMMENTS)) {
		if (!(p = skip_comments(P, p))) {
			return PHP_JSON_ERROR_SYNTAX;
		}
		if (*p == ':') {
			goto colon;
		}
	}
	return token_error(P, p);

end_other:
	/* after the top-level value */
	if (*p == '/' && (P->options & OPT_COMMENTS)) {
		if (!(p = skip_comments(P, p))) {
			return PHP_JSON_ERROR_SYNTAX;
		}
		if (*p == 0 && p == P->end) {
			return 0;
		}
	}
	return token_error(P, p);

next_other:
	/* after an element or a member: a ',' or the closing bracket was expected */
	if (*p == '/' && (P->options & OPT_COMMENTS)) {
		if (!(p = skip_comments(P, p))) {
			return PHP_JSON_ERROR_SYNTAX;
		}
		if (*p == ',') {
			goto comma;
		}
		if (*p == ']' || *p == '}') {
			goto close;
		}
	}
	return token_error(P, p);
}

/* The flags that relax the grammar get parsers of their own: the strict ones then hold none
 * of the code for comments and trailing commas, which changed their code even where it was
 * never reached (docs/INTERNALS.md §13). */
static zend_never_inline int parse_build(jsond_parser *P, const unsigned char *p)
{
	return parse_impl(P, p, true, false);
}

static zend_never_inline int parse_validate(jsond_parser *P, const unsigned char *p)
{
	return parse_impl(P, p, false, false);
}

static zend_never_inline ZEND_COLD int parse_build_relaxed(jsond_parser *P, const unsigned char *p)
{
	return parse_impl(P, p, true, true);
}

static zend_never_inline ZEND_COLD int parse_validate_relaxed(jsond_parser *P,
                                                              const unsigned char *p)
{
	return parse_impl(P, p, false, true);
}

static int run_parse(jsond_parser *P, const zend_string *s)
{
	const unsigned char *p = (const unsigned char *)ZSTR_VAL(s);
	if (UNEXPECTED(P->options & OPT_RELAX)) {
		return P->build ? parse_build_relaxed(P, p) : parse_validate_relaxed(P, p);
	}
	return P->build ? parse_build(P, p) : parse_validate(P, p);
}

/* A value stack of up to this many zvals (1 MiB) is kept for the next call: a decode whose
 * stack grew took fresh pages for it each time, which Zend MM maps again once the chunks it
 * frees are gone (mesh.json: 270 page faults a call, a quarter of its time). */
#define JSON_SPARE_MAX_VALS ((size_t)1 << 16)

/* The shapes and templates of the request's earlier parses: an API or a queue worker decodes
 * objects of the same shapes call after call, whose first objects would otherwise be filled
 * key by key in each call before a template is made again. Keys are compared by address, so
 * only a parse that takes its keys from the request's key cache uses them; a parse started
 * while another holds them starts with none, as outside a request. */
static void shapes_take(jsond_parser *P)
{
	jsond_shapes *k = ZSER_G(json_shapes);

	if (!ZSER_G(json_spare_on)) {
		return;
	}
	if (k) {
		ZSER_G(json_shapes) = NULL;
	} else if (!ZSER_G(json_shapes_out)) {
		k = emalloc(sizeof(*k));
		k->used = 0;
	} else {
		return;
	}
	ZSER_G(json_shapes_out) = true;
	P->shapes_kept = k;
	P->shapes = k->slot;
	P->shape_used = k->used;
}

static void shapes_destroy(jsond_shape *shapes, uint64_t used)
{
	while (used) {
		jsond_shape *e = &shapes[zs_json_ctz(used)];
		used &= used - 1;
		if (e->tmpl) {
			zend_array_destroy(e->tmpl);
		}
	}
}

static void shapes_give(jsond_parser *P)
{
	jsond_shapes *k = P->shapes_kept;

	if (!k) {
		shapes_destroy(P->shapes, P->shape_used);
		return;
	}
	k->used = P->shape_used;
	ZSER_G(json_shapes) = k;
	ZSER_G(json_shapes_out) = false;
}

static void shapes_release(void)
{
	jsond_shapes *k = ZSER_G(json_shapes);

	if (k) {
		shapes_destroy(k->slot, k->used);
		efree(k);
		ZSER_G(json_shapes) = NULL;
	}
}

/* Empties the slots of the request's key cache that were written, releasing their strings
 * when `release` (not when they went with the heap of a request that never ended). */
static void key_cache_clear(bool release)
{
	while (ZSER_G(json_key_groups)) {
		unsigned g = zs_json_ctz(ZSER_G(json_key_groups)), i;
		ZSER_G(json_key_groups) &= ZSER_G(json_key_groups) - 1;
		for (i = g * 64; i < g * 64 + 64; i++) {
			if (release && ZSER_G(json_keys)[i]) {
				zend_string_release_ex(ZSER_G(json_keys)[i], 0);
			}
			ZSER_G(json_keys)[i] = NULL;
		}
	}
}

void zser_json_cache_start(void)
{
	/* what a request that never reached RSHUTDOWN kept went with that request's heap */
	ZSER_G(json_spare_vals) = NULL;
	ZSER_G(json_shapes) = NULL;
	ZSER_G(json_shapes_out) = false;
	key_cache_clear(false);
	ZSER_G(json_spare_on) = true;
}

void zser_json_cache_release(void)
{
	if (ZSER_G(json_spare_vals)) {
		efree(ZSER_G(json_spare_vals));
		ZSER_G(json_spare_vals) = NULL;
	}
	/* the templates hold references to keys of the cache: either may go first */
	shapes_release();
	key_cache_clear(true);
	ZSER_G(json_spare_on) = false;
}

/* The key cache of a parse that makes keys. It lives for the request, in the module's
 * globals: an API or a cache decodes the same names call after call, which then are neither
 * made nor hashed again, nor freed with each result (github_events: 114 names, 1,139 keys).
 * A parse only takes references from it and compares contents, so a decode started while
 * another runs (from an error handler) may share it. At most KEY_CACHE_SIZE keys of
 * KEY_CACHE_LEN bytes stay. Outside a request a parse has its own, freed with it. */
static void key_cache_take(jsond_parser *P)
{
	P->key_cache_own = !ZSER_G(json_spare_on);
	P->key_last = 0;
	P->key_hist = 0;
	if (P->key_cache_own) {
		/* the slots, then the guesses */
		P->key_cache = ecalloc(KEY_CACHE_SIZE, sizeof(zend_string *) + sizeof(uint16_t));
		P->key_next = (uint16_t *)(P->key_cache + KEY_CACHE_SIZE);
	} else {
		P->key_cache = ZSER_G(json_keys);
		P->key_next = ZSER_G(json_key_next);
	}
}

static void key_cache_free_own(zend_string **c)
{
	unsigned i;

	for (i = 0; i < KEY_CACHE_SIZE; i++) {
		if (c[i]) {
			zend_string_release_ex(c[i], 0);
		}
	}
	efree(c);
}

static void parser_init(jsond_parser *P, const zend_string *s, int options, int max_depth,
                        bool build)
{
	P->vals = P->vals_inline;
	P->vtop = 0;
	P->vcap = sizeof(P->vals_inline) / sizeof(P->vals_inline[0]);
	if (build && ZSER_G(json_spare_vals)) {
		/* taken, so that a decode started while this one runs allocates its own */
		P->vals = ZSER_G(json_spare_vals);
		P->vcap = ZSER_G(json_spare_cap);
		ZSER_G(json_spare_vals) = NULL;
	}
	P->keys = P->keys_inline;
	P->ktop = 0;
	P->kcap = sizeof(P->keys_inline) / sizeof(P->keys_inline[0]);
	P->frames = P->frames_inline;
	P->ftop = 0;
	P->fcap = sizeof(P->frames_inline) / sizeof(P->frames_inline[0]);
	P->scratch.alloc = &zser_emalloc;
	P->scratch.buf = NULL;
	P->scratch.cap = 0;
	P->lex_flags = ((options & OPT_IGNORE) ? ZS_JSON_LEX_UTF8_IGNORE : 0) |
	               ((options & OPT_SUBST) ? ZS_JSON_LEX_UTF8_SUBST : 0);
	P->key_cache = NULL;
	P->key_cache_own = false;
	if (build) {
		key_cache_take(P);
	}
	P->shape_used = 0;
	P->shapes = P->shapes_inline;
	P->shapes_kept = NULL;
	if (build && !P->key_cache_own) {
		shapes_take(P);
	}
	P->end = (const unsigned char *)ZSTR_VAL(s) + ZSTR_LEN(s);
	P->options = options;
	P->max_depth = max_depth;
	P->build = build;
	P->assoc = (options & OPT_ASSOC) != 0;
	P->prop_keys = build && !P->assoc;
	P->check_names = false;
	P->stack0 = 1;
}

/* Releases everything a failed parse left, top of the stack first as bison does. */
static void parser_free(jsond_parser *P)
{
	size_t i = P->vtop, fi;
	for (fi = P->ftop; fi-- > 0;) {
		while (i > P->frames[fi].vstart) {
			zval_ptr_dtor_nogc(&P->vals[--i]);
		}
		if (P->frames[fi].obj) {
			OBJ_RELEASE(P->frames[fi].obj);
		}
	}
	while (i > 0) {
		zval_ptr_dtor_nogc(&P->vals[--i]);
	}
	for (i = 0; i < P->ktop; i++) {
		zend_string_release_ex(P->keys[i], 0);
	}
	if (P->key_cache_own) {
		key_cache_free_own(P->key_cache);
	}
	shapes_give(P);
	if (P->vals != P->vals_inline) {
		if (!ZSER_G(json_spare_vals) && ZSER_G(json_spare_on) && P->vcap <= JSON_SPARE_MAX_VALS) {
			ZSER_G(json_spare_vals) = P->vals;
			ZSER_G(json_spare_cap) = P->vcap;
		} else {
			efree(P->vals);
		}
	}
	if (P->keys != P->keys_inline) {
		efree(P->keys);
	}
	if (P->frames != P->frames_inline) {
		efree(P->frames);
	}
	if (P->scratch.buf) {
		efree(P->scratch.buf);
	}
}

/* Decodes s into return_value (NULL on failure) and returns 0 or ext/json's error code. */
static int jsond_dec_run(zval *return_value, zend_string *s, int options, int depth, size_t stack,
                         size_t *where)
{
	jsond_parser P;
	int err;
	parser_init(&P, s, options, depth, true);
	P.stack0 = stack;
	err = run_parse(&P, s);
	if (err == 0) {
		ZVAL_COPY_VALUE(return_value, &P.vals[0]);
		P.vtop = 0;
	} else {
		ZVAL_NULL(return_value);
		*where = (size_t)(P.err_at - (const unsigned char *)ZSTR_VAL(s));
	}
	parser_free(&P);
	return err;
}

int zser_json_decode(zval *result, zend_string *s, int options, int depth)
{
	size_t where;
	return jsond_dec_run(result, s, options, depth, 1, &where);
}

int zser_json_decode_at(zval *result, zend_string *s, int options, int depth, size_t *where)
{
	return jsond_dec_run(result, s, options, depth, 1, where);
}

int zser_json_decode_within(zval *result, zend_string *s, int options, int depth, size_t stack,
                            size_t *where)
{
	return jsond_dec_run(result, s, options, depth, stack, where);
}

/* Whether the quick check (core/zs_json_valid.h) finds s valid within depth: most texts
 * validated are, and only the others then go through the exact validator, which names their
 * error. ext/json's depth counts the top level: depth - 1 arrays and objects may nest. */
static bool quick_valid(const zend_string *s, zend_long depth)
{
	uint32_t nest = depth - 1 < ZS_JSON_FAST_DEPTH ? (uint32_t)(depth - 1) : ZS_JSON_FAST_DEPTH;
	return zs_json_valid_fast_runs(ZS_JSON_FAST_BEST) &&
	       zs_json_valid_fast((const unsigned char *)ZSTR_VAL(s), ZSTR_LEN(s), nest,
	                          ZS_JSON_FAST_BEST);
}

int zser_json_check(const zend_string *s, int options, int depth, size_t *where)
{
	jsond_parser P;
	int err;
	/* in object mode a member name the build refuses ("\0...") is an error: the quick check
	 * does not look at names */
	if ((options & OPT_ASSOC) && depth > 0 && quick_valid(s, depth)) {
		return 0;
	}
	parser_init(&P, s, options, depth, false);
	P.check_names = (options & OPT_ASSOC) == 0;
	err = run_parse(&P, s);
	if (err) {
		*where = (size_t)(P.err_at - (const unsigned char *)ZSTR_VAL(s));
	}
	parser_free(&P);
	return err;
}

bool zser_json_blank(const char *s, size_t len, zend_long options)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	while (p < end) {
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
			p++;
		} else if (*p == '/' && (options & OPT_COMMENTS) && (p = comment_end(p, end)) != NULL) {
			continue;
		} else {
			return false;
		}
	}
	return true;
}

PHP_FUNCTION(jsond_decode)
{
	zend_string *str;
	bool assoc = 0, assoc_null = 1;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;
	size_t where;
	int err;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_STR(str)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL_OR_NULL(assoc, assoc_null)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	/* The order of these steps decides which outcome wins when several apply; it is
	 * json_decode()'s: reset, empty input, depth range, then the parse. */
	if (!(options & PHP_JSON_THROW_ON_ERROR)) {
		ZSER_G(json_error_code) = PHP_JSON_ERROR_NONE;
		ZSER_G(json_error_offset) = -1;
	}
	if (ZSTR_LEN(str) == 0) {
		zser_json_fail_at(PHP_JSON_ERROR_SYNTAX, str, 0, options);
		RETURN_NULL();
	}
	if (!zser_json_depth_ok(depth, 3)) {
		RETURN_THROWS();
	}
	options = zser_json_assoc(options, assoc, assoc_null);
	err = jsond_dec_run(return_value, str, (int)options, (int)depth, 1, &where);
	if (err) {
		zser_json_fail_at(err, str, where, options);
	}
}

PHP_FUNCTION(jsond_validate)
{
	zend_string *str;
	zend_long depth = PHP_JSON_PARSER_DEFAULT_DEPTH;
	zend_long options = 0;
	jsond_parser P;
	int err;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_STR(str)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(options)
	ZEND_PARSE_PARAMETERS_END();

	/* PHP 8.3 json_validate()'s order: flags, empty input, reset, depth range. */
	if (options & ~(zend_long)(PHP_JSON_INVALID_UTF8_IGNORE | ZSER_JSON_ERROR_LOCATION |
	                           OPT_COMMENTS | OPT_TRAILING)) {
		zend_argument_value_error(3, "must be a valid flag (allowed flags: "
		                             "JSON_INVALID_UTF8_IGNORE)");
		RETURN_THROWS();
	}
	if (ZSTR_LEN(str) == 0) {
		zser_json_fail_at(PHP_JSON_ERROR_SYNTAX, str, 0, options);
		RETURN_FALSE;
	}
	ZSER_G(json_error_code) = PHP_JSON_ERROR_NONE;
	ZSER_G(json_error_offset) = -1;
	if (!zser_json_depth_ok(depth, 2)) {
		RETURN_THROWS();
	}
	if (quick_valid(str, depth)) {
		RETURN_TRUE;
	}
	parser_init(&P, str, (int)options, (int)depth, false);
	err = run_parse(&P, str);
	parser_free(&P);
	if (err) {
		zser_json_fail_at(err, str, (size_t)(P.err_at - (const unsigned char *)ZSTR_VAL(str)),
		                  options);
		RETURN_FALSE;
	}
	RETURN_TRUE;
}
