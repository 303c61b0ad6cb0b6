/* zser — SPDX-License-Identifier: MIT
 *
 * jsond_decode(): the members of a large JSON object put into its table without looking
 * each key up there. PHP's string hash gives strings of "Ez" and "FY" blocks one value, and
 * an integer key is its own hash, so each lookup of such keys walks all those before it:
 * 16,384 of them took most of a second in ext/json, quadratic in their number. Here a set of
 * member numbers finds the repeated keys, its probes bounded; keys made to pass the bound are
 * sorted instead, n log n comparisons whatever they are. Then every key goes in once, with no
 * lookup.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "json_members.h"
#include "zs_sort.h"

typedef struct jsond_member {
	zend_ulong h;   /* the string key's PHP hash, or the integer key */
	uint32_t first; /* the member whose key this one repeats, or itself */
	uint32_t last;  /* of a first member: the last one with its key */
	bool is_int;
} jsond_member;

static bool jsond_members_same_key(const jsond_member *m, zend_string **keys, uint32_t a,
                                   uint32_t b)
{
	if (m[a].is_int != m[b].is_int || m[a].h != m[b].h) {
		return false;
	}
	return m[a].is_int || zend_string_equals(keys[a], keys[b]);
}

typedef struct jsond_members {
	const jsond_member *m;
	zend_string **keys;
} jsond_members;

/* Integer keys first, by value; then strings by length, then bytes. */
static int key_cmp(const void *ctx, uint32_t a, uint32_t b)
{
	const jsond_member *m = ((const jsond_members *)ctx)->m;
	zend_string **keys = ((const jsond_members *)ctx)->keys;
	size_t la, lb;

	if (m[a].is_int != m[b].is_int) {
		return m[a].is_int ? -1 : 1;
	}
	if (m[a].is_int) {
		return (zend_long)m[a].h < (zend_long)m[b].h ? -1 : (zend_long)m[a].h > (zend_long)m[b].h;
	}
	la = ZSTR_LEN(keys[a]);
	lb = ZSTR_LEN(keys[b]);
	if (la != lb) {
		return la < lb ? -1 : 1;
	}
	return memcmp(ZSTR_VAL(keys[a]), ZSTR_VAL(keys[b]), la);
}

/* How many occupied slots the probes may pass in all. Ordinary keys pass about one each, at
 * most half the slots being full. */
#define PROBE_BUDGET(n) ((size_t)(n)*8 + 256)

/* Sets first and last of every member through the open-addressing set `set` (mask + 1
 * slots, all 0); false when the probes passed more slots than the budget allows. */
static bool repeats_hashed(jsond_member *m, zend_string **keys, uint32_t n, uint32_t *set,
                           size_t mask)
{
	size_t steps = 0;
	uint32_t i, e;

	for (i = 0; i < n; i++) {
		/* the high bits of the product, where every bit of the hash counts */
		size_t s = (size_t)((m[i].h * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & mask;
		m[i].first = m[i].last = i;
		while ((e = set[s]) != 0) {
			if (jsond_members_same_key(m, keys, e - 1, i)) {
				m[i].first = e - 1;
				m[e - 1].last = i;
				break;
			}
			if (++steps > PROBE_BUDGET(n)) {
				return false;
			}
			s = (s + 1) & mask;
		}
		if (e == 0) {
			set[s] = i + 1;
		}
	}
	return true;
}

/* Sets first and last of every member by a stable sort of the member numbers through a[0..n)
 * and b[0..n): equal keys end up side by side, in their order. */
static void repeats_sorted(jsond_member *m, zend_string **keys, uint32_t n, uint32_t *a,
                           uint32_t *b)
{
	jsond_members ctx;
	uint32_t *idx, i, run;

	ctx.m = m;
	ctx.keys = keys;
	idx = zs_sort_items(a, b, n, key_cmp, &ctx, false);
	for (run = 0; run < n; run = i) {
		for (i = run + 1; i < n && key_cmp(&ctx, idx[run], idx[i]) == 0; i++) {
			m[idx[i]].first = idx[run];
		}
		m[idx[run]].first = idx[run];
		m[idx[run]].last = idx[i - 1];
	}
}

void zser_json_fill_many(HashTable *ht, zend_string **keys, zval *v, size_t n, bool symtable)
{
	jsond_member *m = safe_emalloc(n, sizeof(jsond_member), 0);
	size_t cap = 16, i;
	uint32_t *set;

	for (i = 0; i < n; i++) {
		zend_ulong idx;
		if (symtable && ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(keys[i]), ZSTR_LEN(keys[i]), idx)) {
			m[i].is_int = true;
			m[i].h = idx;
		} else {
			m[i].is_int = false;
			m[i].h = zend_string_hash_val(keys[i]);
		}
	}
	/* 2 to 4 slots per member: room for the sort's two arrays too */
	while (cap < n * 2) {
		cap *= 2;
	}
	set = safe_emalloc(cap, sizeof(uint32_t), 0);
	memset(set, 0, cap * sizeof(uint32_t));
	if (!repeats_hashed(m, keys, (uint32_t)n, set, cap - 1)) {
		repeats_sorted(m, keys, (uint32_t)n, set, set + n);
	}
	efree(set);
	/* Each key goes in at its first member with its last member's value; the other values
	 * are destroyed. Left uninitialised, the table becomes packed or not as PHP makes it for
	 * ext/json's inserts. */
	for (i = 0; i < n; i++) {
		uint32_t f = m[i].first;
		if (m[f].last != i) {
			zval_ptr_dtor_nogc(&v[i]);
		}
		if (f == i) {
			zval *val = &v[m[i].last];
			if (m[i].is_int) {
				zend_hash_index_add_new(ht, m[i].h, val);
			} else {
				zend_hash_add_new(ht, keys[i], val);
			}
		}
		zend_string_release_ex(keys[i], 0);
	}
	efree(m);
}
