/* zser — SPDX-License-Identifier: MIT
 *
 * The shape memo's entries and their pinning (zs_shape_memo.h). It checks nothing about a
 * definition: the reader puts only definitions it has checked, and looks them up itself.
 */
#include "zs_shape_memo.h"

void zs_shape_memo_init(zs_shape_memo *m, const zs_alloc *alloc)
{
	memset(m, 0, sizeof(*m));
	m->alloc = alloc;
}

void zs_shape_memo_clear(zs_shape_memo *m)
{
	uint32_t i;

	for (i = 0; i < ZS_MEMO_SLOTS; i++) {
		if (m->slots[i]) {
			m->alloc->free(m->alloc->ctx, m->slots[i]);
			m->slots[i] = NULL;
		}
	}
	m->open = 0;
}

/* Readers nest (a callback run by one decode may start another): entries taken since the
 * outermost open reader started are pinned until it stops. */
uint64_t zs_shape_memo_enter(zs_shape_memo *m)
{
	uint64_t gen = ++m->gen;
	if (m->open++ == 0) {
		m->floor = gen;
	}
	return gen;
}

void zs_shape_memo_leave(zs_shape_memo *m)
{
	if (m->open > 0) {
		m->open--;
	}
}

bool zs_shape_memo_put(zs_shape_memo *m, uint32_t slot, uint64_t gen, bool is_obj,
                       const unsigned char *bytes, uint32_t len, const zs_memo_key *keys,
                       uint32_t count)
{
	zs_memo_entry *e = m->slots[slot];
	uint32_t j;

	if (count > ZS_MEMO_MAX_KEYS || len > ZS_MEMO_MAX_BYTES) {
		return false;
	}
	if (!e) {
		e = m->alloc->malloc(m->alloc->ctx, sizeof(zs_memo_entry));
		if (!e) {
			return false;
		}
		m->slots[slot] = e;
	}
	memcpy(e->bytes, bytes, len);
	e->stamp = ++m->stamps;
	e->used = gen;
	e->count = count;
	e->len = len;
	e->is_obj = (uint8_t)is_obj;
	e->nstr = 0;
	for (j = 0; j < count; j++) {
		zs_key *k = &e->keys[j];
		k->i = keys[j].i;
		k->is_str = keys[j].is_str;
		k->str = ZS_WIRE_NO_INDEX;
		if (keys[j].len > 0) {
			zs_rstr_set(&e->strs[e->nstr], keys[j].off, keys[j].len);
			k->str = e->nstr++;
		}
	}
	return true;
}
