/* zser — SPDX-License-Identifier: MIT
 *
 * zser_unserialize()'s per-request caches, kept in the module globals and started and
 * released by zser_decode_cache_start() and zser_decode_cache_release() (zser_internal.h):
 * short key strings met earlier in the request, and the shape definitions the core reader
 * checked (with the templates of their maps). Also makes the string of a string table entry
 * (zser_dec_str_make()), from the key cache or the engine's interned strings when it can.
 * Building values is bin_decode.c's job.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "bin_decoder.h"

/* The per-request key cache (ZSER_G(keycache)): caches and sessions decode the same keys on
 * every call, so a short key met before is taken from here with one more reference instead
 * of being allocated and hashed again. Direct-mapped and fixed in size, so no input can make
 * it grow; a colliding key replaces the older one. Strings are shared copy-on-write, like
 * any refcounted zend_string, and keep their hash. */
#define KEYCACHE_MAX_LEN 32

static void spare_clear(void)
{
	ZSER_G(dec_spare_rslots).obj = NULL;
	ZSER_G(dec_spare_rslots).end = NULL;
	ZSER_G(dec_spare_rslots).height = NULL;
	ZSER_G(dec_spare_rslots).cap = 0;
	ZSER_G(dec_spare_slots) = NULL;
	ZSER_G(dec_spare_slots_cap) = 0;
	ZSER_G(dec_spare_strs).strs = NULL;
	ZSER_G(dec_spare_strs).cap = 0;
}

void zser_decode_cache_start(void)
{
	/* what a request that never reached RSHUTDOWN kept went with that request's heap */
	spare_clear();
	ZSER_G(keycache_on) = true;
}

static void free_rslots(zs_slot_tables *t)
{
	efree(t->obj);
	efree(t->end);
	efree(t->height);
	t->obj = NULL;
	t->end = NULL;
	t->height = NULL;
	t->cap = 0;
}

static void spare_release(void)
{
	if (ZSER_G(dec_spare_rslots).cap) {
		free_rslots(&ZSER_G(dec_spare_rslots));
	}
	if (ZSER_G(dec_spare_slots)) {
		efree(ZSER_G(dec_spare_slots));
	}
	if (ZSER_G(dec_spare_strs).strs) {
		efree(ZSER_G(dec_spare_strs).strs);
	}
	spare_clear();
}

void zser_decode_cache_release(void)
{
	zser_shape_cache *sc = ZSER_G(shapes);
	size_t i;

	for (i = 0; i < sizeof(ZSER_G(keycache)) / sizeof(ZSER_G(keycache)[0]); i++) {
		if (ZSER_G(keycache)[i]) {
			zend_string_release(ZSER_G(keycache)[i]);
			ZSER_G(keycache)[i] = NULL;
		}
	}
	if (sc) {
		for (i = 0; i < ZS_MEMO_SLOTS; i++) {
			if (sc->side[i].tmpl) {
				zend_array_destroy(sc->side[i].tmpl);
			}
		}
		zs_shape_memo_clear(&sc->memo);
		efree(sc);
		ZSER_G(shapes) = NULL;
	}
	spare_release();
	ZSER_G(keycache_on) = false;
	ZSER_G(keycache_active) = 0;
}

void zser_dec_spare_take(zser_decoder *d)
{
	if (!d->slots && ZSER_G(dec_spare_slots)) {
		d->slots = ZSER_G(dec_spare_slots);
		d->slots_cap = ZSER_G(dec_spare_slots_cap);
		ZSER_G(dec_spare_slots) = NULL;
		ZSER_G(dec_spare_slots_cap) = 0;
	}
	zs_reader_adopt_slots(&d->r, &ZSER_G(dec_spare_rslots));
}

void zser_dec_spare_take_strs(zser_decoder *d)
{
	zs_reader_adopt_strs(&d->r, &ZSER_G(dec_spare_strs));
}

void zser_dec_spare_give(zser_decoder *d)
{
	zs_slot_tables *t = &ZSER_G(dec_spare_rslots);

	if (!ZSER_G(keycache_on)) {
		/* outside a request nothing is kept */
		return;
	}
	/* of two, the larger is kept (a decode nested in another ends first) */
	if (d->slots && d->slots_cap <= ZSER_DEC_SPARE_SLOTS &&
	    d->slots_cap > ZSER_G(dec_spare_slots_cap)) {
		if (ZSER_G(dec_spare_slots)) {
			efree(ZSER_G(dec_spare_slots));
		}
		ZSER_G(dec_spare_slots) = d->slots;
		ZSER_G(dec_spare_slots_cap) = d->slots_cap;
		d->slots = NULL;
		d->slots_cap = 0;
		d->slots_len = 0;
	}
	if (t->cap && d->r.slots_cap <= ZSER_DEC_SPARE_SLOTS && d->r.slots_cap > t->cap) {
		free_rslots(t);
	}
	zs_reader_yield_slots(&d->r, t, ZSER_DEC_SPARE_SLOTS);
	if (ZSER_G(dec_spare_strs).cap && d->r.strs_cap <= ZSER_DEC_SPARE_STRS &&
	    d->r.strs_cap > ZSER_G(dec_spare_strs).cap && d->r.strs != d->r.inl.strs) {
		efree(ZSER_G(dec_spare_strs).strs);
		ZSER_G(dec_spare_strs).strs = NULL;
		ZSER_G(dec_spare_strs).cap = 0;
	}
	zs_reader_yield_strs(&d->r, &ZSER_G(dec_spare_strs), ZSER_DEC_SPARE_STRS);
}

/* The shape cache of this request, made on first use; NULL outside a request. */
zser_shape_cache *zser_dec_shape_cache(void)
{
	zser_shape_cache *sc = ZSER_G(shapes);
	if (!sc && ZSER_G(keycache_on)) {
		sc = ecalloc(1, sizeof(*sc));
		zs_shape_memo_init(&sc->memo, &zser_emalloc);
		ZSER_G(shapes) = sc;
	}
	return sc;
}

/* Each decode pins the entries it uses until the outermost running decode ends (a
 * userland callback may start another one meanwhile), so its string table can borrow them. */
void zser_dec_keycache_enter(void)
{
	uint64_t gen = ++ZSER_G(keycache_gen);
	if (ZSER_G(keycache_active)++ == 0) {
		ZSER_G(keycache_floor) = gen;
	}
}

void zser_dec_keycache_leave(void)
{
	if (ZSER_G(keycache_active) > 0) {
		ZSER_G(keycache_active)--;
	}
}

/* A key, class or property name as a string with its hash: the interned string of the same
 * bytes if the engine has one (names written in the code, declared properties), else a new
 * one. An interned key costs neither a reference count nor a release, and an array whose
 * keys are all interned is destroyed without visiting them. It only looks strings up and
 * never interns a new one, so no input can grow the engine's table. */
static zend_always_inline zend_string *existing_or_new(const char *s, size_t len)
{
	zend_string *c = zend_string_init_existing_interned(s, len, 0);
	zend_string_hash_val(c);
	return c;
}

/* The string s[0..len) (2 <= len <= KEYCACHE_MAX_LEN), hash computed, borrowed from the
 * cache until the running decodes end; NULL when its entry is pinned by another key. */
static zend_string *cached_key(const unsigned char *s, size_t len)
{
	uint64_t mix = (uint64_t)s[0] | (uint64_t)s[1] << 8 | (uint64_t)s[len / 2] << 16 |
	               (uint64_t)s[len - 1] << 24 | (uint64_t)len << 32;
	size_t h = (size_t)((mix * 0x9E3779B97F4A7C15u) >> 56);
	zend_string *c = ZSER_G(keycache)[h];

	if (c) {
		if (ZSTR_LEN(c) == len && zs_same_bytes(ZSTR_VAL(c), s, len)) {
			ZSER_G(keycache_used)[h] = ZSER_G(keycache_gen);
			return c;
		}
		if (ZSER_G(keycache_used)[h] >= ZSER_G(keycache_floor)) {
			return NULL;
		}
		zend_string_release(c);
	}
	c = existing_or_new((const char *)s, len);
	ZSER_G(keycache)[h] = c;
	ZSER_G(keycache_used)[h] = ZSER_G(keycache_gen);
	return c;
}

zend_never_inline void zser_dec_str_make(zser_decoder *d, uint32_t idx, bool plain)
{
	zend_string *s;
	size_t len;
	const unsigned char *b = zs_reader_str(&d->r, idx, &len);

	if (len == 1) {
		s = ZSTR_CHAR(b[0]);
	} else if (plain && len > 0) {
		s = zend_string_init((const char *)b, len, 0);
		zend_string_hash_val(s);
	} else {
		if (len >= 2 && len <= KEYCACHE_MAX_LEN && ZSER_G(keycache_on)) {
			s = cached_key(b, len);
			if (EXPECTED(s != NULL)) {
				/* pinned in the cache: the table does not own it */
				*zser_dec_str_entry(d, idx) = s;
				return;
			}
		}
		s = existing_or_new((const char *)b, len);
	}
	*zser_dec_str_entry(d, idx) = s;
	if (!ZSTR_IS_INTERNED(s)) {
		/* the table owns it: released in free_decoder() */
		if (d->nowned == d->owned_cap) {
			d->owned = zser_dec_grow_to(d->owned, d->inl.owned, &d->owned_cap, d->nowned,
			                            sizeof(zend_string *));
		}
		d->owned[d->nowned++] = s;
	}
}
