/* zser — SPDX-License-Identifier: MIT
 *
 * The call-per-value zser writer (zs_zser_write.h): string table, shape table, slots and the
 * reference flag over the zs_wire_put_* primitives. No I/O; memory through the zs_alloc hook.
 */
#include "zs_zser_write.h"
#include "zs_grow.h"
#include "zs_wire_write.h"

/* ==== Hashing ==== */

static uint64_t bytes_hash(const unsigned char *s, size_t len)
{
	uint64_t h = 14695981039346656037ull;
	size_t i;
	for (i = 0; i < len; i++) {
		h = (h ^ s[i]) * 1099511628211ull;
	}
	return h;
}

/* FNV-1a's low bits depend only on the low bits of the input's bytes: the whole hash, mixed
 * with the seed, is folded down before it picks a slot. */
static size_t slot_of(const zs_zwriter *w, uint64_t h, size_t cap)
{
	h ^= w->seed;
	h ^= h >> 32;
	h *= 0xD6E8FEB86659FD93u;
	h ^= h >> 32;
	return (size_t)h & (cap - 1);
}

static bool nomem(zs_zwriter *w)
{
	w->failed = true;
	return false;
}

void zs_zw_init(zs_zwriter *w, const zs_alloc *alloc, uint64_t seed)
{
	zs_zero(w, sizeof(*w));
	w->alloc = alloc;
	w->seed = seed;
	zs_buf_init(&w->out, alloc);
	if (zs_buf_reserve(&w->out, 2)) {
		w->out.len = (size_t)(zs_wire_put_header(w->out.data, false) - w->out.data);
	} else {
		w->failed = true;
	}
}

static void release(zs_zwriter *w, void *p)
{
	if (p) {
		w->alloc->free(w->alloc->ctx, p);
	}
}

void zs_zw_free(zs_zwriter *w)
{
	release(w, w->strs);
	release(w, w->strh);
	release(w, w->keys);
	release(w, w->shape_base);
	release(w, w->shape_count);
	release(w, w->shape_cls);
	release(w, w->shh);
	zs_buf_free(&w->out);
	w->strs = NULL;
	w->strh = NULL;
	w->keys = NULL;
	w->shape_base = w->shape_count = NULL;
	w->shape_cls = w->shh = NULL;
}

/* A zeroed table of n uint32_t, or NULL. */
static uint32_t *new_index(zs_zwriter *w, size_t n)
{
	uint32_t *p;
	if (n > SIZE_MAX / sizeof(uint32_t)) {
		return NULL;
	}
	p = w->alloc->malloc(w->alloc->ctx, n * sizeof(uint32_t));
	if (p) {
		zs_zero(p, n * sizeof(uint32_t));
	}
	return p;
}

/* The table index *index (*cap slots, `first` when it has none yet) doubled once n entries
 * would fill half of it, the entries placed again by their hashes: probes stay short. */
static bool index_room(zs_zwriter *w, uint32_t **index, size_t *cap, size_t n, size_t first,
                       uint64_t (*hash_at)(const zs_zwriter *w, size_t i))
{
	size_t ncap, i;
	uint32_t *nh;

	if (n * 2 < *cap) {
		return true;
	}
	ncap = *cap ? *cap * 2 : first;
	nh = new_index(w, ncap);
	if (!nh) {
		return false;
	}
	for (i = 0; i < n; i++) {
		size_t h = slot_of(w, hash_at(w, i), ncap);
		while (nh[h]) {
			h = (h + 1) & (ncap - 1);
		}
		nh[h] = (uint32_t)i + 1;
	}
	release(w, *index);
	*index = nh;
	*cap = ncap;
	return true;
}

/* ==== String table (FORMAT.md §5) ==== */

/* Index of the string in the table, or ZS_WIRE_NO_INDEX; *slot is where it would go. */
static uint32_t str_find(const zs_zwriter *w, const unsigned char *s, size_t len, size_t *slot)
{
	size_t h;
	if (!w->strh_cap) {
		*slot = 0;
		return ZS_WIRE_NO_INDEX;
	}
	h = slot_of(w, bytes_hash(s, len), w->strh_cap);
	while (w->strh[h]) {
		const zs_zw_str *e = &w->strs[w->strh[h] - 1];
		if (e->len == len && memcmp(e->s, s, len) == 0) {
			*slot = h;
			return w->strh[h] - 1;
		}
		h = (h + 1) & (w->strh_cap - 1);
	}
	*slot = h;
	return ZS_WIRE_NO_INDEX;
}

static uint64_t str_hash_at(const zs_zwriter *w, size_t i)
{
	return bytes_hash(w->strs[i].s, w->strs[i].len);
}

static bool str_add(zs_zwriter *w, const unsigned char *s, size_t len)
{
	size_t slot;
	void *p;

	if (w->nstrs >= (size_t)ZS_WIRE_NO_INDEX - 1) {
		return nomem(w);
	}
	if (!index_room(w, &w->strh, &w->strh_cap, w->nstrs, 256, str_hash_at)) {
		return nomem(w);
	}
	p = w->strs;
	if (!zs_grow(w->alloc, &p, &w->strs_cap, w->nstrs + 1, sizeof(zs_zw_str), 64)) {
		return nomem(w);
	}
	w->strs = p;
	str_find(w, s, len, &slot);
	w->strs[w->nstrs].s = s;
	w->strs[w->nstrs].len = len;
	w->strh[slot] = (uint32_t)++w->nstrs;
	return true;
}

/* A string value, key, class or case name: a reference if seen, else a literal that joins the
 * table. *index receives its table index (ZS_WIRE_NO_INDEX for ""). */
static bool put_string(zs_zwriter *w, const unsigned char *s, size_t len, uint32_t *index)
{
	unsigned char *p;
	size_t slot;
	uint32_t idx;

	if (w->failed) {
		return false;
	}
	idx = len ? str_find(w, s, len, &slot) : ZS_WIRE_NO_INDEX;
	if (idx != ZS_WIRE_NO_INDEX) {
		if (!zs_buf_reserve(&w->out, ZS_WIRE_PUT_MAX)) {
			return nomem(w);
		}
		w->out.len = (size_t)(zs_wire_put_sref(w->out.data + w->out.len, idx) - w->out.data);
		*index = idx;
		return true;
	}
	if (len > SIZE_MAX - ZS_WIRE_PUT_MAX || !zs_buf_reserve(&w->out, ZS_WIRE_PUT_MAX + len)) {
		return nomem(w);
	}
	p = zs_wire_put_str_header(w->out.data + w->out.len, len);
	w->out.len = (size_t)(p - w->out.data) + len;
	*index = ZS_WIRE_NO_INDEX;
	if (len) {
		/* an empty span may have no bytes behind it (NULL): memcpy must not see it */
		memcpy(p, s, len);
		if (!str_add(w, s, len)) {
			return false;
		}
		*index = (uint32_t)(w->nstrs - 1);
	}
	return true;
}

/* ==== Shape table (FORMAT.md §7, §8.1) ==== */

/* The keys from index i on: no table yet (only empty shapes so far) is no keys, and pointer
 * arithmetic on its NULL would be undefined. */
static const zs_zw_skey *keys_at(const zs_zwriter *w, size_t i)
{
	return w->keys ? w->keys + i : NULL;
}

static uint64_t shape_hash(uint32_t cls, const zs_zw_skey *k, size_t n)
{
	uint64_t h = (14695981039346656037ull ^ n) * 1099511628211ull ^ cls;
	size_t i;
	for (i = 0; i < n; i++) {
		h = (h ^ (k[i].is_str ? 0x100000000ull + k[i].str : (uint64_t)k[i].i)) * 1099511628211ull;
		h ^= h >> 29;
	}
	return h;
}

static bool same_shape(const zs_zw_skey *a, const zs_zw_skey *b, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		if (a[i].is_str != b[i].is_str || (a[i].is_str ? a[i].str != b[i].str : a[i].i != b[i].i)) {
			return false;
		}
	}
	return true;
}

/* Shape index of (cls, k[0..n)), or ZS_WIRE_NO_INDEX; *slot is where it would go. */
static uint32_t shape_find(const zs_zwriter *w, uint32_t cls, const zs_zw_skey *k, size_t n,
                           size_t *slot)
{
	size_t h;
	if (!w->shh_cap) {
		*slot = 0;
		return ZS_WIRE_NO_INDEX;
	}
	h = slot_of(w, shape_hash(cls, k, n), w->shh_cap);
	while (w->shh[h]) {
		uint32_t s = w->shh[h] - 1;
		if (w->shape_cls[s] == cls && w->shape_count[s] == n &&
		    same_shape(keys_at(w, w->shape_base[s]), k, n)) {
			*slot = h;
			return s;
		}
		h = (h + 1) & (w->shh_cap - 1);
	}
	*slot = h;
	return ZS_WIRE_NO_INDEX;
}

static uint64_t shape_hash_at(const zs_zwriter *w, size_t i)
{
	return shape_hash(w->shape_cls[i], keys_at(w, w->shape_base[i]), w->shape_count[i]);
}

/* Registers the shape w->keys[base..base+n) of class cls (0: an array). */
static bool shape_add(zs_zwriter *w, uint32_t cls, size_t base, size_t n)
{
	size_t slot, cap;
	void *p;

	if (w->nshapes >= (size_t)ZS_WIRE_NO_INDEX - 1) {
		return nomem(w);
	}
	cap = w->shapes_cap;
	p = w->shape_base;
	if (!zs_grow(w->alloc, &p, &cap, w->nshapes + 1, sizeof(size_t), 64)) {
		return nomem(w);
	}
	w->shape_base = p;
	cap = w->shapes_cap;
	p = w->shape_count;
	if (!zs_grow(w->alloc, &p, &cap, w->nshapes + 1, sizeof(size_t), 64)) {
		return nomem(w);
	}
	w->shape_count = p;
	cap = w->shapes_cap;
	p = w->shape_cls;
	if (!zs_grow(w->alloc, &p, &cap, w->nshapes + 1, sizeof(uint32_t), 64)) {
		return nomem(w);
	}
	w->shape_cls = p;
	w->shapes_cap = cap;
	if (!index_room(w, &w->shh, &w->shh_cap, w->nshapes, 64, shape_hash_at)) {
		return nomem(w);
	}
	shape_find(w, cls, keys_at(w, base), n, &slot);
	w->shape_base[w->nshapes] = base;
	w->shape_count[w->nshapes] = n;
	w->shape_cls[w->nshapes] = cls;
	w->shh[slot] = (uint32_t)++w->nshapes;
	return true;
}

static bool put_int_raw(zs_zwriter *w, int64_t v)
{
	if (!zs_buf_reserve(&w->out, ZS_WIRE_PUT_MAX)) {
		return nomem(w);
	}
	w->out.len = (size_t)(zs_wire_put_int(w->out.data + w->out.len, v) - w->out.data);
	return true;
}

/* The keys of a map (cls 0) or object (cls: class index + 1), whose tag the caller wrote
 * unless a shape matches: then the shape reference is all that is written. For a map
 * (`tag` ZS_T_MAP) the tag is written here; an object's tag and class are already out. */
static bool put_shaped(zs_zwriter *w, uint32_t cls, const zs_zw_key *keys, size_t count,
                       unsigned char tag)
{
	size_t base = w->nkeys, j, slot;
	bool all_known = true;
	uint32_t shape;
	void *p = w->keys;

	if (w->failed) {
		return false;
	}
	if (count > (size_t)INT32_MAX ||
	    !zs_grow(w->alloc, &p, &w->keys_cap, w->nkeys + count, sizeof(zs_zw_skey), 64)) {
		return nomem(w);
	}
	w->keys = p;
	for (j = 0; j < count; j++) {
		zs_zw_skey *k = &w->keys[base + j];
		k->is_str = keys[j].is_str;
		k->i = keys[j].is_str ? 0 : keys[j].i;
		k->str = ZS_WIRE_NO_INDEX;
		if (k->is_str && keys[j].len) {
			k->str = str_find(w, keys[j].s, keys[j].len, &slot);
			all_known = all_known && k->str != ZS_WIRE_NO_INDEX;
		}
	}
	shape = all_known ? shape_find(w, cls, keys_at(w, base), count, &slot) : ZS_WIRE_NO_INDEX;
	if (!zs_buf_reserve(&w->out, ZS_WIRE_PUT_MAX)) {
		return nomem(w);
	}
	if (shape != ZS_WIRE_NO_INDEX) {
		w->out.len = (size_t)(zs_wire_put_shape(w->out.data + w->out.len, shape) - w->out.data);
		return true;
	}
	if (tag == ZS_T_MAP) {
		w->out.len =
		        (size_t)(zs_wire_put_map(w->out.data + w->out.len, (uint32_t)count) - w->out.data);
	} else {
		/* the OBJECT tag and class are written; the count has no bias (§8.1) */
		w->out.len = (size_t)(zs_wire_put_varint(w->out.data + w->out.len, count) - w->out.data);
	}
	for (j = 0; j < count; j++) {
		if (keys[j].is_str) {
			if (!put_string(w, keys[j].s, keys[j].len, &w->keys[base + j].str)) {
				return false;
			}
		} else if (!put_int_raw(w, keys[j].i)) {
			return false;
		}
	}
	w->nkeys = base + count;
	return shape_add(w, cls, base, count);
}

/* ==== Values ==== */

/* Room for one tag and its fixed payload, and the slot the value takes. */
static bool begin(zs_zwriter *w)
{
	if (w->failed) {
		return false;
	}
	if (!zs_buf_reserve(&w->out, ZS_WIRE_PUT_MAX)) {
		return nomem(w);
	}
	w->slots++;
	return true;
}

static bool put_tag(zs_zwriter *w, unsigned char tag)
{
	w->out.data[w->out.len++] = tag;
	return true;
}

bool zs_zw_null(zs_zwriter *w)
{
	return begin(w) && put_tag(w, ZS_T_NULL);
}

bool zs_zw_bool(zs_zwriter *w, bool v)
{
	return begin(w) && put_tag(w, v ? ZS_T_TRUE : ZS_T_FALSE);
}

bool zs_zw_int(zs_zwriter *w, int64_t v)
{
	return begin(w) && put_int_raw(w, v);
}

bool zs_zw_float(zs_zwriter *w, double v)
{
	if (!begin(w)) {
		return false;
	}
	w->out.len = (size_t)(zs_wire_put_float(w->out.data + w->out.len, v) - w->out.data);
	return true;
}

bool zs_zw_string(zs_zwriter *w, const unsigned char *s, size_t len)
{
	uint32_t idx;
	return begin(w) && put_string(w, s, len, &idx);
}

/* An OBJECT_DATA payload takes no slot of its own (§8.2). */
static bool begin_array(zs_zwriter *w)
{
	bool payload = w->payload;
	w->payload = false;
	if (!begin(w)) {
		return false;
	}
	if (payload) {
		w->slots--;
	}
	return true;
}

bool zs_zw_list(zs_zwriter *w, size_t count)
{
	if (!begin_array(w)) {
		return false;
	}
	if (count > (size_t)INT32_MAX) {
		return nomem(w);
	}
	w->out.len =
	        (size_t)(zs_wire_put_list(w->out.data + w->out.len, (uint32_t)count) - w->out.data);
	return true;
}

bool zs_zw_map(zs_zwriter *w, const zs_zw_key *keys, size_t count)
{
	return begin_array(w) && put_shaped(w, 0, keys, count, ZS_T_MAP);
}

/* The tag and class field of an object value; *cls receives the class's string index. */
static bool object_head(zs_zwriter *w, unsigned char tag, const unsigned char *name, size_t len,
                        uint32_t *cls)
{
	if (!begin(w)) {
		return false;
	}
	put_tag(w, tag);
	return put_string(w, name, len, cls);
}

bool zs_zw_object(zs_zwriter *w, const unsigned char *cls, size_t cls_len, const zs_zw_key *keys,
                  size_t count)
{
	size_t slot, j;
	uint32_t ci;

	if (w->failed) {
		return false;
	}
	/* A shape reference replaces tag and class alike, so look the class up first: a class
	 * not in the string table yet has no shape either. */
	ci = cls_len ? str_find(w, cls, cls_len, &slot) : ZS_WIRE_NO_INDEX;
	if (ci != ZS_WIRE_NO_INDEX) {
		size_t base = w->nkeys;
		bool all_known = true;
		void *p = w->keys;
		if (count > (size_t)INT32_MAX ||
		    !zs_grow(w->alloc, &p, &w->keys_cap, w->nkeys + count, sizeof(zs_zw_skey), 64)) {
			return nomem(w);
		}
		w->keys = p;
		for (j = 0; j < count && all_known; j++) {
			zs_zw_skey *k = &w->keys[base + j];
			k->is_str = keys[j].is_str;
			k->i = keys[j].is_str ? 0 : keys[j].i;
			k->str = ZS_WIRE_NO_INDEX;
			if (k->is_str && keys[j].len) {
				k->str = str_find(w, keys[j].s, keys[j].len, &slot);
				all_known = k->str != ZS_WIRE_NO_INDEX;
			}
		}
		if (all_known) {
			uint32_t shape = shape_find(w, ci + 1, keys_at(w, base), count, &slot);
			if (shape != ZS_WIRE_NO_INDEX) {
				if (!begin(w)) {
					return false;
				}
				w->out.len =
				        (size_t)(zs_wire_put_shape(w->out.data + w->out.len, shape) - w->out.data);
				return true;
			}
		}
	}
	if (!object_head(w, ZS_T_OBJECT, cls, cls_len, &ci)) {
		return false;
	}
	/* the shape lookup in put_shaped() cannot match now (none matched above, and a class
	 * written as a new literal has no shape), so it writes the definition */
	return put_shaped(w, ci + 1, keys, count, ZS_T_OBJECT);
}

bool zs_zw_object_data(zs_zwriter *w, const unsigned char *cls, size_t cls_len)
{
	uint32_t ci;
	if (!object_head(w, ZS_T_OBJECT_DATA, cls, cls_len, &ci)) {
		return false;
	}
	w->payload = true;
	return true;
}

bool zs_zw_object_blob(zs_zwriter *w, const unsigned char *cls, size_t cls_len,
                       const unsigned char *payload, size_t len)
{
	uint32_t ci;
	if (!object_head(w, ZS_T_OBJECT_BLOB, cls, cls_len, &ci)) {
		return false;
	}
	if (len > SIZE_MAX - ZS_WIRE_PUT_MAX || !zs_buf_reserve(&w->out, ZS_WIRE_PUT_MAX + len)) {
		return nomem(w);
	}
	w->out.len = (size_t)(zs_wire_put_varint(w->out.data + w->out.len, len) - w->out.data);
	if (len) {
		memcpy(w->out.data + w->out.len, payload, len);
		w->out.len += len;
	}
	return true;
}

bool zs_zw_enum(zs_zwriter *w, const unsigned char *cls, size_t cls_len, const unsigned char *name,
                size_t name_len)
{
	uint32_t ci;
	return object_head(w, ZS_T_ENUM, cls, cls_len, &ci) && put_string(w, name, name_len, &ci);
}

static bool backref(zs_zwriter *w, unsigned char tag, size_t slot)
{
	if (slot == 0 || slot > (size_t)ZS_WIRE_NO_INDEX - 1) {
		return nomem(w);
	}
	w->out.len = (size_t)(zs_wire_put_backref(w->out.data + w->out.len, tag, (uint32_t)slot) -
	                      w->out.data);
	w->refs = true;
	return true;
}

bool zs_zw_backref_obj(zs_zwriter *w, size_t slot)
{
	return begin(w) && backref(w, ZS_T_BACKREF_OBJ, slot);
}

bool zs_zw_backref_ref(zs_zwriter *w, size_t slot)
{
	if (!begin(w)) {
		return false;
	}
	w->slots--; /* §9: a BACKREF_REF takes no slot */
	return backref(w, ZS_T_BACKREF_REF, slot);
}

bool zs_zw_finish(zs_zwriter *w)
{
	if (w->failed || w->out.failed) {
		w->failed = true;
		return false;
	}
	if (w->refs) {
		w->out.data[1] |= ZS_WIRE_FLAG_REFS;
	}
	return true;
}
