/* zser — SPDX-License-Identifier: MIT
 *
 * The first-map memo of zser_serialize() (bin_key_memo.h): eight entries per request, each
 * the key records of a first map, the string keys held, and the bytes written for them. It
 * does not write output and does not know the encoder's state.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zser_internal.h"
#include "bin_key_memo.h"

/* A request mostly serializes values of a few kinds again and again (rows, cache entries),
 * and the first map of each starts the same: the same keys, written as literals in the same
 * order. The bytes written for a first map's keys are kept, per request, with the keys; a
 * later call whose first map has the very same key strings copies the bytes and the key
 * records instead of writing each key. The memo holds a reference to each of its strings, so
 * none can be freed and its address reused by another string while it is kept: the same
 * pointer is the same string. Small values, whose first map is most of their work, gain
 * most. */
#define KEY_MEMO_WAYS  8
#define KEY_MEMO_KEYS  32
#define KEY_MEMO_BYTES 512
typedef struct zser_key_memo_way {
	uint32_t count;                     /* keys; 0: unused */
	uint32_t nstrs;                     /* string keys */
	uint32_t len;                       /* bytes */
	zser_shape_key keys[KEY_MEMO_KEYS]; /* as def_fresh_keys() recorded them; strings held */
	zend_string *strs[KEY_MEMO_KEYS];   /* the string keys, in order */
	unsigned char bytes[KEY_MEMO_BYTES];
} zser_key_memo_way;
typedef struct zser_key_memo {
	zser_key_memo_way way[KEY_MEMO_WAYS];
} zser_key_memo;

void zser_encode_cache_start(void)
{
	ZSER_G(key_memo_on) = true;
}

static void key_memo_way_clear(zser_key_memo_way *w)
{
	uint32_t i;

	for (i = 0; i < w->nstrs; i++) {
		zend_string_release(w->strs[i]);
	}
	w->count = 0;
	w->nstrs = 0;
}

void zser_encode_cache_release(void)
{
	zser_key_memo *m = ZSER_G(key_memo);
	uint32_t i;

	if (m) {
		for (i = 0; i < KEY_MEMO_WAYS; i++) {
			key_memo_way_clear(&m->way[i]);
		}
		efree(m);
		ZSER_G(key_memo) = NULL;
	}
	if (ZSER_G(enc_bufs)) {
		efree(ZSER_G(enc_bufs));
		ZSER_G(enc_bufs) = NULL;
	}
	ZSER_G(key_memo_on) = false;
}

static zend_always_inline uint64_t memo_mix(uint64_t h, uint64_t v)
{
	h = (h ^ v) * UINT64_C(0x9E3779B97F4A7C15);
	return h ^ (h >> 29);
}

/* The entry that may hold the keys of ht: by count and the first bucket's hash (a deleted
 * first bucket only picks another entry; the keys are compared in full). */
static zser_key_memo_way *key_memo_way_for(zser_key_memo *m, HashTable *ht, uint32_t count)
{
	return &m->way[memo_mix(ht->arData[0].h, count) & (KEY_MEMO_WAYS - 1)];
}

bool zser_key_memo_find(HashTable *ht, uint32_t count, zser_key_memo_hit *hit)
{
	zser_key_memo *m = ZSER_G(key_memo);
	const zser_key_memo_way *w;
	const zser_shape_key *k, *kend;
	Bucket *b, *end;

	if (!m) {
		return false;
	}
	w = key_memo_way_for(m, ht, count);
	if (w->count != count) {
		return false;
	}
	k = w->keys;
	kend = k + count;
	b = ht->arData;
	end = b + ht->nNumUsed;
	if (EXPECTED(ht->nNumUsed == count && !(HT_FLAGS(ht) & HASH_FLAG_HAS_EMPTY_IND))) {
		/* no holes: every bucket is one of the keys (as keys_match_ht() finds) */
		for (; b != end; b++, k++) {
			if (b->key != k->s || b->h != k->v) {
				return false;
			}
		}
		goto hit;
	}
	for (; b != end; b++) {
		zval *z = &b->val;
		if (Z_TYPE_P(z) == IS_INDIRECT) {
			z = Z_INDIRECT_P(z);
		}
		if (Z_TYPE_P(z) == IS_UNDEF) {
			continue;
		}
		if (k == kend || b->key != k->s || b->h != k->v) {
			return false;
		}
		k++;
	}
	if (k != kend) {
		return false;
	}
hit:
	hit->keys = w->keys;
	hit->strs = w->strs;
	hit->nstrs = w->nstrs;
	hit->bytes = w->bytes;
	hit->len = w->len;
	return true;
}

void zser_key_memo_keep(HashTable *ht, const zser_shape_key *k, uint32_t count,
                        const unsigned char *p, size_t len)
{
	zser_key_memo *m = ZSER_G(key_memo);
	zser_key_memo_way *w;
	uint32_t i;

	if (count > KEY_MEMO_KEYS || len > KEY_MEMO_BYTES) {
		return;
	}
	if (!m) {
		if (!ZSER_G(key_memo_on)) {
			return; /* outside a request: nothing would release it */
		}
		m = ecalloc(1, sizeof(*m));
		ZSER_G(key_memo) = m;
	}
	w = key_memo_way_for(m, ht, count);
	if (w->count == count) {
		/* the same key hashes and other strings: values whose keys are new strings each
		 * time (decoded JSON, say) would replace the entry on every call and never meet it
		 * again; the entry stays, and such calls lose one failed pointer compare */
		for (i = 0; i < count && w->keys[i].v == k[i].v; i++) {
		}
		if (i == count) {
			return;
		}
	}
	key_memo_way_clear(w);
	memcpy(w->keys, k, count * sizeof(zser_shape_key));
	for (i = 0; i < count; i++) {
		if (k[i].s) {
			w->strs[w->nstrs++] = zend_string_copy(k[i].s);
		}
	}
	memcpy(w->bytes, p, len);
	w->len = (uint32_t)len;
	w->count = count;
}
