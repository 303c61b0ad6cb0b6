/* zser — SPDX-License-Identifier: MIT
 *
 * zser binary -> zval: zser_decode() and the per-value path it runs. Pulls events from the
 * core reader (core/zs_wire_read.c checks every byte, index and count), or takes values
 * straight from its inline step, and builds the value the way var_unserializer does: same
 * slots, same property assignment rules, the same references. On any failure nothing
 * escapes: the partial graph is released as unserialize() releases it (which objects are
 * marked as destructed, which queued calls still run: zser_decode()'s failure exit). What
 * runs for every value stays static here, so that it inlines; classes, objects and the queued
 * __wakeup/__unserialize calls are in bin_decode_objects.c, the per-request caches and the
 * making of table strings in bin_decode_cache.c, and the state they share in bin_decoder.h.
 * Argument parsing lives in bin.c; encoding in bin_encode.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zend_exceptions.h"
#include "ext/standard/basic_functions.h"
#include "bin_decoder.h"
#include "zs_grow.h"
#include "zs_prefault.h"
#include "zend_compat.h"

/* Records a decoding error found here (not by the core reader) at the current event. `code`
 * is its ZserException code (FORMAT.md §13): the format's own where the meaning is the same
 * (ZS_WE_*), else the decoder's (ZSER_E_*). */
zend_result zser_dec_failf(zser_decoder *d, size_t pos, int code, const char *fmt, ...)
{
	va_list ap;
	if (!d->msg) {
		va_start(ap, fmt);
		vsnprintf(d->inl.msgbuf, sizeof(d->inl.msgbuf), fmt, ap);
		va_end(ap);
		d->msg = d->inl.msgbuf;
		d->msg_pos = pos;
		d->msg_code = code;
	}
	return FAILURE;
}

/* Grows a table to hold index `need`; the new entries are left unset (see grow_from()). */
void *zser_dec_grow_to(void *arr, const void *inl, uint32_t *cap, uint32_t need, size_t elem)
{
	size_t ncap = *cap;
	if (need < *cap) {
		return arr;
	}
	if (!zs_grow_in(&zser_emalloc, &arr, &ncap, (size_t)need + 1, elem, 16, UINT32_MAX, inl)) {
		zser_alloc_overflow((size_t)need + 1, elem);
	}
	*cap = (uint32_t)ncap;
	return arr;
}

/* set_slot() past the entries set so far: those skipped (slots reserved for nested blobs
 * that none filled, the slots of a nested blob that failed) become NULL. */
static zend_never_inline void set_slot_past(zser_decoder *d, uint32_t slot, zval *zv)
{
	if (slot >= d->slots_cap) {
		/* each slot still to come takes a byte of the input left (zs_grow_upto()) */
		size_t ncap = d->slots_cap, need = (size_t)slot + 1;
		void *arr = d->slots;
		if (!zs_grow_upto(&zser_emalloc, &arr, &ncap, need, sizeof(zval *), 16, UINT32_MAX,
		                  need + (size_t)(d->r.end - d->r.p), NULL)) {
			zser_alloc_overflow(need, sizeof(zval *));
		}
		d->slots = arr;
		d->slots_cap = (uint32_t)ncap;
	}
	if (slot > d->slots_len) {
		memset(d->slots + d->slots_len, 0, (size_t)(slot - d->slots_len) * sizeof(zval *));
	}
	d->slots[slot] = zv;
	if (slot >= d->slots_len) {
		d->slots_len = slot + 1;
	}
}

/* Records where the value of `slot`, the one just taken, is. */
static zend_always_inline void set_slot(zser_decoder *d, uint32_t slot, zval *zv)
{
	if (EXPECTED(slot == d->slots_len && slot < d->slots_cap)) {
		d->slots[slot] = zv;
		d->slots_len = slot + 1;
	} else {
		set_slot_past(d, slot, zv);
	}
}

/* The value of slot i, NULL when unset. */
static zend_always_inline zval *slot_at(const zser_decoder *d, uint64_t i)
{
	return i < d->slots_len ? d->slots[i] : NULL;
}

/* A string of megabytes: its pages mapped in one call before the copy (zs_prefault.h). */
static zend_never_inline zend_string *long_str(const unsigned char *s, size_t len)
{
	zend_string *str = zend_string_alloc(len, 0);
	zs_prefault_pages(ZSTR_VAL(str), len);
	memcpy(ZSTR_VAL(str), s, len);
	ZSTR_VAL(str)[len] = '\0';
	return str;
}

/* Readies an array made with room for all its values, which the decode then writes in full:
 * the large ones have their pages mapped at once (zs_prefault.h). A packed table is not
 * written by its set-up; a map's hash part is, so the pages of a map are mapped after it. */
static void table_init(HashTable *ht, bool packed)
{
	if (packed) {
		zser_table_init_packed(ht);
		zs_prefault(HT_GET_DATA_ADDR(ht), ZSER_PACKED_SIZE(ht->nTableSize));
	} else {
		zend_hash_real_init_mixed(ht);
		zs_prefault(HT_GET_DATA_ADDR(ht), HT_SIZE_EX(ht->nTableSize, ht->nTableMask));
	}
}

/* A new array in *dest with room for `count` values, packed or a map. */
void zser_dec_array_init(zval *dest, uint32_t count, bool packed)
{
	HashTable *ht;

	if (packed && count <= HT_MIN_SIZE) {
		/* too small for pages to map */
		ZVAL_ARR(dest, zser_list_new(count));
		return;
	}
	ht = zser_array_new(count);
	ZVAL_ARR(dest, ht);
	table_init(ht, packed);
}

/* The string of len >= 1 bytes at s. */
static zend_always_inline zend_string *bytes_str(const unsigned char *s, size_t len)
{
	if (len == 1) {
		return ZSTR_CHAR(s[0]);
	}
	return EXPECTED(len < ZS_PREFAULT_MIN) ? zser_str_new((const char *)s, len) : long_str(s, len);
}

static zend_always_inline zend_string *new_str(zser_decoder *d, uint32_t idx)
{
	size_t len;
	const unsigned char *s = zs_reader_str(&d->r, idx, &len);
	return bytes_str(s, len);
}

/* A string value: the first use of an entry hands the new string to the value itself. `ref`:
 * the value refers to an entry made before it. The entries of the keys of a map copied from a
 * template kept from an earlier call start as the template's keys (give_template_keys()); one
 * still unmade is made as keys are. */
static zend_always_inline void string_value(zser_decoder *d, zval *dest, uint32_t idx, bool ref)
{
	zend_string **e = zser_dec_str_entry(d, idx);
	if (!*e) {
		if (ref) {
			ZVAL_STR_COPY(dest, zser_dec_str_at(d, idx));
			return;
		}
		zend_string *s = new_str(d, idx);
		*e = (zend_string *)((uintptr_t)s | ZSER_DEC_BORROWED);
		ZVAL_STR(dest, s);
		return;
	}
	ZVAL_STR_COPY(dest, (zend_string *)((uintptr_t)*e & ~ZSER_DEC_BORROWED));
}

static zend_string *key_str(zser_decoder *d, const zs_key *k)
{
	if (!k->is_str) {
		return zend_long_to_str((zend_long)k->i);
	}
	if (k->str == ZS_WIRE_NO_INDEX) {
		return ZSTR_EMPTY_ALLOC();
	}
	return zend_string_copy(zser_dec_str_at(d, k->str));
}

/* Nulls a property about to be written, keeping a value it held in the call queue until the
 * end (a slot may still point into it; its destructor runs in queue order, as unserialize()'s
 * would). `named`: the property was found by its name, which may name it a second time (public
 * "b" and protected "\0*\0b" are one declared property), so it may hold a value of this blob
 * that a slot points at. An empty array is such a value although nothing counts it: a
 * BACKREF_ARR to its slot must then look at what the slot holds now (d->replaced). */
static void keep(zser_decoder *d, zval *old, bool named)
{
	if (Z_REFCOUNTED_P(old) || (named && Z_TYPE_P(old) == IS_ARRAY)) {
		zval depth;
		if (Z_REFCOUNTED_P(old)) {
			zser_dec_queue_call(d, NULL, old, AFTER_NONE);
		}
		d->replaced = true;
		/* the new value goes here next: an array opens its frame at this depth */
		if (!d->renamed) {
			ALLOC_HASHTABLE(d->renamed);
			zend_hash_init(d->renamed, 8, NULL, NULL, 0);
		}
		ZVAL_LONG(&depth, d->depth);
		zend_hash_index_update(d->renamed, (zend_ulong)(uintptr_t)old, &depth);
	}
	ZVAL_NULL(old);
}

/* keep() for a declared property read in order, which holds its default (no value of this
 * blob) or what the class's constructor-less creation left: mostly nothing counted. */
static zend_always_inline void keep_declared(zser_decoder *d, zval *old)
{
	if (EXPECTED(!Z_REFCOUNTED_P(old))) {
		ZVAL_NULL(old);
	} else {
		keep(d, old, false);
	}
}

/* Holds a container for hold_containers(), in the queue until the end. The program's code may
 * change what slots point at from now on: d->replaced. */
static void hold(zser_decoder *d, zval *held)
{
	zser_dec_queue_call(d, NULL, held, AFTER_NONE);
	d->replaced = true;
}

/* Where the keys of array shape `shape` start in d->keys, built on first use together with
 * those of any shape defined before it (each shape's keys follow the previous ones in the
 * reader's key table). The strings stay owned by the string table (a map holds its own
 * reference to each key). d->keys may move: use the index, not a pointer, across calls. */
uint32_t zser_dec_shape_keys(zser_decoder *d, uint32_t shape)
{
	uint32_t base = d->r.shapes[shape].key_base, end = base + d->r.shapes[shape].count, j, plain;

	if (EXPECTED(end <= d->nkeys)) {
		return base;
	}
	if (end > d->keys_cap) {
		uint32_t cap = d->keys_cap * 2 > end ? d->keys_cap * 2 : end;
		zser_dec_key *n = safe_emalloc(cap, sizeof(zser_dec_key), 0);
		zs_prefault(n, (size_t)cap * sizeof(zser_dec_key));
		memcpy(n, d->keys, (size_t)d->nkeys * sizeof(zser_dec_key));
		if (d->keys != d->inl.keys) {
			efree(d->keys);
		}
		d->keys = n;
		d->keys_cap = cap;
	}
	/* past the first keys of a large array, strings without the lookups (zser_dec_str_at_plain())
	 */
	plain = d->r.shapes[shape].cls == ZS_WIRE_NO_INDEX && end - base > ZSER_DEC_LOOKUP_KEYS
	                ? base + ZSER_DEC_LOOKUP_KEYS
	                : end;
	if (end - plain > d->owned_cap - d->nowned) {
		/* room at once for the strings made plain, which the table owns */
		d->owned = zser_dec_grow_to(d->owned, d->inl.owned, &d->owned_cap,
		                            d->nowned + (end - plain), sizeof(zend_string *));
	}
	for (j = d->nkeys; j < end; j++) {
		const zs_key *k = &d->r.keys[j];
		if (!k->is_str) {
			d->keys[j].s = NULL;
			d->keys[j].h = (zend_ulong)k->i;
		} else {
			zend_string *s = k->str == ZS_WIRE_NO_INDEX ? ZSTR_EMPTY_ALLOC()
			                 : j < plain                ? zser_dec_str_at(d, k->str)
			                                            : zser_dec_str_at_plain(d, k->str);
			d->keys[j].s = s;
			d->keys[j].h = zend_string_hash_val(s);
		}
	}
	d->nkeys = end;
	return base;
}

/* Appends key k to a map sized for its shape when it began. The core rejected duplicate and
 * numeric string keys (FORMAT.md §7), so no lookup is needed. */
static zend_always_inline zval *map_append(HashTable *ht, const zser_dec_key *k)
{
	return zser_map_append(ht, k->s, k->h);
}

/* A template for array shape `shape` (see zser_dec_shape): built like any map of that shape. */
static zend_never_inline HashTable *make_template(zser_decoder *d, uint32_t shape)
{
	uint32_t kbase = zser_dec_shape_keys(d, shape), count = d->r.shapes[shape].count, j;
	HashTable *t = zend_new_array(count);

	zend_hash_real_init_mixed(t);
	for (j = 0; j < count; j++) {
		map_append(t, &d->keys[kbase + j]);
	}
	return t;
}

static void init_array(zval *dest, uint32_t count, bool packed)
{
	if (count == 0) {
		ZVAL_EMPTY_ARRAY(dest);
		return;
	}
	zser_dec_array_init(dest, count, packed);
}

/* Hands memo entry e the key strings of template t, made for array shape `shape` (see
 * zs_memo_entry's `user`): a later decode that takes e starts the string-table entries of the
 * keys with them (borrowed: t lives as long as e's stamp, see zser_shape_cache). Those
 * decodes copy the maps from t and never make the keys' strings, and a value equal to a key
 * (a back-reference to its entry) would otherwise get a string of its own, or one from the
 * key cache that is no longer t's: it shares the key's, as in the decode that made t. */
static void give_template_keys(zser_decoder *d, uint32_t shape, const HashTable *t,
                               zs_memo_entry *e)
{
	const zs_key *k = &d->r.keys[d->r.shapes[shape].key_base];
	uint32_t j, n = 0;

	for (j = 0; j < d->r.shapes[shape].count; j++) {
		if (k[j].is_str && k[j].str != ZS_WIRE_NO_INDEX) {
			e->strs[n++].user = (void *)((uintptr_t)t->arData[j].key | ZSER_DEC_BORROWED);
		}
	}
}

/* Starts the array of array shape `shape` in *dest. Returns ZSER_DEC_MAPT when it is a copy of the
 * shape's template (the values are then written in key order over the nulls), else ZSER_DEC_MAP
 * (an empty map sized for the shape, filled with map_append()). */
static zend_always_inline uint8_t init_map(zser_decoder *d, zval *dest, uint32_t shape)
{
	zser_dec_shape *ds;
	HashTable *t, *ht;
	uint32_t count = d->r.shapes[shape].count;

	if (UNEXPECTED(shape >= d->shapes_cap)) {
		d->shapes =
		        grow_from(d->shapes, d->shapes_inl, &d->shapes_cap, shape, sizeof(zser_dec_shape));
	}
	ds = &d->shapes[shape];
	if (d->r.shapes[shape].memo) {
		/* a definition met in an earlier decode: its template is kept with it */
		zser_shape_cache *sc = ZSER_G(shapes);
		uint32_t slot = d->r.shapes[shape].memo - 1;
		uint64_t stamp = sc->memo.slots[slot]->stamp;
		if (sc->side[slot].stamp != stamp) {
			if (sc->side[slot].tmpl) {
				zend_array_destroy(sc->side[slot].tmpl);
			}
			sc->side[slot].tmpl = make_template(d, shape);
			sc->side[slot].stamp = stamp;
			give_template_keys(d, shape, sc->side[slot].tmpl, sc->memo.slots[slot]);
		}
		t = sc->side[slot].tmpl;
		goto copy;
	}
	if (!ds->tmpl) {
		if (++ds->uses < 3) {
			init_array(dest, count, false);
			return ZSER_DEC_MAP;
		}
		ds->tmpl = make_template(d, shape);
		d->ntmpl++;
	}
	t = ds->tmpl;
copy:
	/* the same header, hash slots and buckets; the copy takes a reference to each key */
	ht = zser_table_copy(t, true);
	ZVAL_ARR(dest, ht);
	return ZSER_DEC_MAPT;
}

zser_dec_frame *zser_dec_push_frame(zser_decoder *d, zval *dest, zend_property_info *info,
                                    const zs_event *ev)
{
	zend_object *owner = d->depth ? d->frames[d->depth - 1].obj : NULL;
	zser_dec_frame *f;
	if (d->depth == d->frames_cap) {
		d->frames = zser_dec_grow_to(d->frames, d->inl.frames, &d->frames_cap, d->depth,
		                             sizeof(zser_dec_frame));
	}
	f = &d->frames[d->depth++];
	f->after = AFTER_NONE;
	f->fresh = false;
	f->pos = 0;
	/* set by the kinds that fill a table; filling() reads it for every frame */
	f->ht = NULL;
	f->map = NULL;
	f->kbase = 0;
	f->obj = NULL;
	f->dest = dest;
	f->info = info;
	f->owner = owner;
	f->slot = ev->slot;
	ZVAL_UNDEF(&f->data);
	return f;
}

/* ==== Where a value goes ==== */

/* The entry named key among the first n of ht, where creating a fresh object put what it put
 * (zser_dec_frame.fresh): the names of the shape's keys differ from each other (the reader rejects
 * a name given twice), so a key that is not among them is not in the table. Its slot's chain lists
 * the later entries first, and names made to collide in PHP's string hash would put all the earlier
 * keys' names there: past a few of those, the first n entries are looked at instead (n is what the
 * class declares). */
static zval *first_find(HashTable *ht, uint32_t n, zend_string *key)
{
	zend_ulong h;
	uint32_t i, later = 0;
	Bucket *b, *first_end;

	if (n == 0) {
		return NULL;
	}
	h = zend_string_hash_val(key);
	first_end = ht->arData + n;
	for (i = HT_HASH(ht, (uint32_t)h | ht->nTableMask); i != HT_INVALID_IDX; i = Z_NEXT(b->val)) {
		b = HT_HASH_TO_BUCKET(ht, i);
		if (b < first_end) {
			if (b->h == h && b->key && zend_string_equals(b->key, key)) {
				return &b->val;
			}
		} else if (++later > 8) {
			for (b = ht->arData; b < first_end; b++) {
				if (b->h == h && b->key && zend_string_equals(b->key, key)) {
					return &b->val;
				}
			}
			return NULL;
		}
	}
	return NULL;
}

#if PHP_VERSION_ID >= 80400
/* True when key (as declared_name() reads a mangled name) names a virtual property of ce,
 * a hooked property without a slot; *cls is then the name of the class declaring it. */
static bool virtual_prop(zend_class_entry *ce, zend_string *key, zend_string **cls_name)
{
	const char *cls = NULL, *prop;
	size_t prop_len;
	zend_property_info *pi;

	/* declared_name() has checked the name's mangling, without unmangling's notices, for
	 * every class that declares a property */
	if (zend_hash_num_elements(&ce->properties_info) == 0 ||
	    zend_unmangle_property_name_ex(key, &cls, &prop, &prop_len) == FAILURE) {
		return false;
	}
	if (cls && strcmp(cls, "*") != 0 && strcasecmp(cls, ZSTR_VAL(ce->name)) != 0) {
		return false;
	}
	pi = zend_hash_str_find_ptr(&ce->properties_info, prop, prop_len);
	if (!pi || !(pi->flags & ZEND_ACC_VIRTUAL)) {
		return false;
	}
	*cls_name = pi->ce->name;
	return true;
}
#endif

static zval *prop_slot(zser_decoder *d, zser_dec_frame *f, const zs_event *ev,
                       zend_property_info **info)
{
	zend_object *obj = f->obj;
	zend_string *key = key_str(d, &ev->key), *alt;
	zval *data = NULL;
	bool bad;

	data = f->fresh ? first_find(f->ht, f->kbase, key) : zend_hash_find(f->ht, key);
	if (!data) {
		alt = zser_dec_declared_name(d, obj->ce, &ev->key, key, ev->pos, &bad);
		if (bad) {
			zend_string_release(key);
			return NULL;
		}
		if (alt) {
			/* a declared property: among the first entries of a fresh table */
			data = f->fresh ? first_find(f->ht, f->kbase, alt) : zend_hash_find(f->ht, alt);
		}
	}
	if (data) {
		if (Z_TYPE_P(data) == IS_INDIRECT) {
			data = Z_INDIRECT_P(data);
			*info = zend_get_typed_property_info_for_slot(obj, data);
			if (*info) {
				if (Z_ISREF_P(data)) {
					ZEND_REF_DEL_TYPE_SOURCE(Z_REF_P(data), *info);
				}
			}
		}
		keep(d, data, true);
		zend_string_release(key);
		return data;
	}
#if PHP_VERSION_ID >= 80400
	alt = NULL;
	if (virtual_prop(obj->ce, key, &alt)) {
		/* unserialize() of PHP 8.4 fails too (the name is printed as given) */
		zser_dec_failf(d, ev->pos, ZSER_E_PROPERTY_NAME,
		               "Cannot unserialize value for virtual property %s::$%s", ZSTR_VAL(alt),
		               ZSTR_VAL(key));
		zend_string_release(key);
		return NULL;
	}
#endif
	if (obj->ce->ce_flags & ZEND_ACC_NO_DYNAMIC_PROPERTIES) {
		zend_throw_error(NULL, "Cannot create dynamic property %s::$%s", ZSTR_VAL(obj->ce->name),
		                 zend_get_unmangled_property_name(key));
		zend_string_release(key);
		return NULL;
	}
	if (!(obj->ce->ce_flags & ZEND_ACC_ALLOW_DYNAMIC_PROPERTIES)) {
		zser_dec_dynamic_deprecated(d, obj->ce, &ev->key, key);
		if (EG(exception)) {
			zend_string_release(key);
			return NULL;
		}
	}
	data = zend_hash_add_new(f->ht, key, &EG(uninitialized_zval));
	zend_string_release(key);
	return data;
}

static zval *slot_for(zser_decoder *d, zser_dec_frame *f, const zs_event *ev,
                      zend_property_info **info)
{
	HashTable *ht = f->ht;
	const zs_rframe *rf;
	zval *zv;

	switch (f->kind) {
	case ZSER_DEC_LIST:
		/* sized for exactly `count` values when the container began */
		zv = zser_list_take(ht);
		ZVAL_NULL(zv);
		return zv;
	case ZSER_DEC_MAP:
		/* reader frames match ours index for index (the reader has already opened a
		 * container this value starts); its frame has moved past this value's key */
		rf = &d->r.frames[d->depth - 1];
		return map_append(ht, &d->keys[f->kbase + rf->count - rf->remaining - 1]);
	case ZSER_DEC_MAPT:
		/* as ZSER_DEC_MAP; the bucket is in place and holds null */
		rf = &d->r.frames[d->depth - 1];
		return &ht->arData[rf->count - rf->remaining - 1].val;
	case ZSER_DEC_SYM: {
		/* the __unserialize() array of an OBJECT, sized for its keys (decoder.syms) */
		rf = &d->r.frames[d->depth - 1];
		return map_append(ht, &d->syms[f->kbase][rf->count - rf->remaining - 1]);
	}
	case ZSER_DEC_DECLARED: {
		zend_property_info *pi = f->map->props[f->pos++];
		zv = OBJ_PROP(f->obj, pi->offset);
		keep_declared(d, zv);
		*info = ZEND_TYPE_IS_SET(pi->type) ? pi : NULL;
		return zv;
	}
	default:
		return prop_slot(d, f, ev, info);
	}
}

/* ==== Events ==== */

static zend_result end_container(zser_decoder *d)
{
	zser_dec_frame *f = &d->frames[--d->depth];
	if (f->after == AFTER_WAKEUP) {
		zser_dec_queue_call(d, f->obj, NULL, AFTER_WAKEUP);
	} else if (f->after == AFTER_UNSERIALIZE) {
		zser_dec_queue_call(d, f->obj, &f->data, AFTER_UNSERIALIZE);
	}
	if (f->info) {
		return zser_dec_check_typed(d, f->dest, f->info, f->owner, f->slot);
	}
	return SUCCESS;
}

/* A BACKREF_REF of a nested blob naming a slot of a blob around it: the reader of that blob
 * knows whether the slot is inside a shared array, and records that it is now a reference,
 * as for its own back-references (FORMAT.md §9.1). */
static zend_never_inline zend_result outer_ref(zser_decoder *d, const zs_event *ev)
{
	zser_decoder *o = d->outer->d;
	uint32_t i;

	while (ev->target <= o->r.base && o->outer) {
		o = o->outer->d;
	}
	if (!o->r.refs || ev->target <= o->r.base) {
		return SUCCESS;
	}
	i = ev->target - 1 - o->r.base;
	if (i >= o->r.slots_cap) {
		return SUCCESS;
	}
	if (o->r.slot_obj[i] & ZS_SLOT_FROZEN) {
		return zser_dec_failf(d, ev->pos, ZS_WE_REF_INTO_SHARED, "reference into a shared array");
	}
	o->r.slot_obj[i] |= ZS_SLOT_REFD;
	return SUCCESS;
}

static zser_decoder *outermost(zser_decoder *d);

/* Whether ht is a container this decode, or one around it, is still filling: as deep as the
 * open containers, so only once the program's code may have put one anywhere. */
static zend_never_inline bool filling(zser_decoder *d, const HashTable *ht)
{
	uint32_t i;

	for (; d; d = d->outer ? d->outer->d : NULL) {
		for (i = 0; i < d->depth; i++) {
			if (d->frames[i].ht == ht) {
				return true;
			}
		}
	}
	return false;
}

/* Whether the array ht, which slot zval `at` holds after a property named twice (keep()) or
 * the program's code changed values, is one still being filled. Without the program's code,
 * only the zvals keep() emptied hold another value than the one read there, and each was
 * filled next, at the depth keep() noted: one look, not a search of the open containers,
 * which a deep blob of many BACKREF_ARR made quadratic. */
static bool renamed_open(zser_decoder *d, const zval *at, const HashTable *ht)
{
	zval *k;

	if (outermost(d)->exposed) {
		return filling(d, ht);
	}
	k = d->renamed ? zend_hash_index_find(d->renamed, (zend_ulong)(uintptr_t)at) : NULL;
	return k && (zend_ulong)Z_LVAL_P(k) < d->depth && d->frames[Z_LVAL_P(k)].ht == ht;
}

static void expose(zser_decoder *d);

static zend_result backref(zser_decoder *d, const zs_event *ev, zval *dest)
{
	zval *t;

	/* a slot reserved for nested blobs that none filled, or (in a nested blob) an outer
	 * slot its outer decoder did not record (FORMAT.md §8.3) */
	if (UNEXPECTED(!slot_at(d, ev->target))) {
		/* the container holding dest counts it: it is freed with them */
		ZVAL_NULL(dest);
		return zser_dec_failf(d, ev->pos, ZS_WE_UNFILLED, "back-reference to an unfilled slot");
	}
	t = d->slots[ev->target];
	if (UNEXPECTED(d->outer && ev->target <= d->r.base) && ev->type != ZS_EV_BACKREF_ARR) {
		expose(d);
	}

	if (ev->type == ZS_EV_BACKREF_OBJ) {
		ZVAL_DEREF(t);
		if (Z_TYPE_P(t) != IS_OBJECT) {
			/* only a slot of the outer blob, or one a nested blob filled, gets here: the
			 * reader checks the others (FORMAT.md §9) */
			ZVAL_NULL(dest);
			return zser_dec_failf(d, ev->pos, ZS_WE_BACKREF_TYPE, "back-reference to a non-object");
		}
		ZVAL_COPY(dest, t);
		return SUCCESS;
	}
	if (ev->type == ZS_EV_BACKREF_ARR) {
		/* the reader checked that the slot is this blob's and held a plain, complete array
		 * when it was read; the array is held once more, and copy on write keeps the copies
		 * apart (FORMAT.md §9.1). What the slot holds now may be another value: a property
		 * named twice replaced it (as `r:` then finds the new value in unserialize()), or the
		 * code of a nested call (a Serializable::unserialize() given one of this blob's
		 * objects) assigned to it. */
		zval *at = t;
		ZVAL_DEREF(t);
		if (UNEXPECTED(Z_TYPE_P(t) != IS_ARRAY)) {
			ZVAL_NULL(dest);
			return zser_dec_failf(d, ev->pos, ZS_WE_BACKREF_ARR_TYPE,
			                      "back-reference to a non-array");
		}
		/* sharing an array being filled would make it hold itself; only a replaced value
		 * can be one */
		if (UNEXPECTED(d->replaced) && renamed_open(d, at, Z_ARR_P(t))) {
			ZVAL_NULL(dest);
			return zser_dec_failf(d, ev->pos, ZS_WE_BACKREF_ARR_OPEN,
			                      "back-reference to an incomplete array");
		}
		ZVAL_COPY(dest, t);
		return SUCCESS;
	}
	if (t == dest || (Z_ISREF_P(t) && Z_REFVAL_P(t) == dest)) {
		return zser_dec_failf(d, ev->pos, ZS_WE_BACKREF, "back-reference out of range");
	}
	if (d->outer && ev->target <= d->r.base && outer_ref(d, ev) != SUCCESS) {
		ZVAL_NULL(dest);
		return FAILURE;
	}
	d->refs_met = true;
	if (!Z_ISREF_P(t)) {
		zend_property_info *pi = NULL;
		if (ev->target < d->slot_owner_cap && d->slot_owner[ev->target]) {
			pi = zend_get_typed_property_info_for_slot(d->slot_owner[ev->target], t);
		}
		ZVAL_NEW_REF(t, t);
		if (pi) {
			ZEND_REF_ADD_TYPE_SOURCE(Z_REF_P(t), pi);
		}
	}
	ZVAL_COPY(dest, t);
	return SUCCESS;
}

/* Builds the value of event ev (any value but a container's end) where it belongs. Called
 * once, from the driver's loop, into which it is kept inline whatever run_fast() weighs. */
static zend_always_inline zend_result on_value(zser_decoder *d, const zs_event *ev)
{
	zend_property_info *info = NULL;
	zval *dest;
	zser_dec_frame *f;

	if (d->depth == 0) {
		dest = d->rootp;
	} else {
		dest = slot_for(d, &d->frames[d->depth - 1], ev, &info);
		if (!dest) {
			return FAILURE;
		}
	}
	if (ev->slot && d->track) {
		set_slot(d, ev->slot, dest);
	}
	switch (ev->type) {
	case ZS_EV_NULL:
		ZVAL_NULL(dest);
		break;
	case ZS_EV_FALSE:
		ZVAL_FALSE(dest);
		break;
	case ZS_EV_TRUE:
		ZVAL_TRUE(dest);
		break;
	case ZS_EV_INT:
#if SIZEOF_ZEND_LONG == 4
		if (ev->i > ZEND_LONG_MAX || ev->i < ZEND_LONG_MIN) {
			return zser_dec_failf(d, ev->pos, ZS_WE_INT_RANGE, "integer out of range");
		}
#endif
		ZVAL_LONG(dest, (zend_long)ev->i);
		break;
	case ZS_EV_FLOAT:
		ZVAL_DOUBLE(dest, ev->d);
		break;
	case ZS_EV_STRING:
		if (ev->index == ZS_WIRE_NO_INDEX) {
			ZVAL_EMPTY_STRING(dest);
		} else {
			/* a new string is the last entry of the table */
			string_value(d, dest, ev->index, ev->index + 1 < d->r.nstrs);
		}
		break;
	case ZS_EV_LIST:
		init_array(dest, ev->count, true);
		f = zser_dec_push_frame(d, dest, info, ev);
		f->kind = ZSER_DEC_LIST;
		f->ht = Z_ARRVAL_P(dest);
		return SUCCESS;
	case ZS_EV_MAP: {
		uint8_t kind = init_map(d, dest, ev->shape);
		f = zser_dec_push_frame(d, dest, info, ev);
		f->kind = kind;
		f->ht = Z_ARRVAL_P(dest);
		f->kbase = kind == ZSER_DEC_MAP ? zser_dec_shape_keys(d, ev->shape) : 0;
		return SUCCESS;
	}
	case ZS_EV_OBJECT:
	case ZS_EV_OBJECT_DATA:
		return zser_dec_begin_object(d, ev, dest, info);
	case ZS_EV_OBJECT_BLOB:
		if (zser_dec_decode_blob(d, ev, dest) != SUCCESS) {
			return FAILURE;
		}
		break;
	case ZS_EV_ENUM:
		if (zser_dec_decode_enum(d, ev, dest) != SUCCESS) {
			return FAILURE;
		}
		break;
	case ZS_EV_BACKREF_OBJ:
	case ZS_EV_BACKREF_REF:
	case ZS_EV_BACKREF_ARR:
		if (backref(d, ev, dest) != SUCCESS) {
			return FAILURE;
		}
		break;
	case ZS_EV_END:
		break;
	}
	if (info) {
		return zser_dec_check_typed(d, dest, info, d->frames[d->depth - 1].obj, ev->slot);
	}
	return SUCCESS;
}

/* ==== The fast loop ==== */

/* Opens a list or shape map in *dest, as on_value() does for a LIST or MAP event; info is
 * the typed property holding it (checked when it ends), owner that property's object. */
static zend_always_inline void zser_dec_open_array(zser_decoder *d, zval *dest, const zs_item *it,
                                                   zend_property_info *info, zend_object *owner,
                                                   uint32_t slot)
{
	zser_dec_frame *f;
	if (UNEXPECTED(d->depth == d->frames_cap)) {
		d->frames = zser_dec_grow_to(d->frames, d->inl.frames, &d->frames_cap, d->depth,
		                             sizeof(zser_dec_frame));
	}
	f = &d->frames[d->depth++];
	if (it->shape == ZS_WIRE_NO_INDEX) {
		init_array(dest, it->count, true);
		f->kind = ZSER_DEC_LIST;
		f->kbase = 0;
	} else {
		f->kind = init_map(d, dest, it->shape);
		/* a template copy has its keys in place */
		f->kbase = f->kind == ZSER_DEC_MAP ? zser_dec_shape_keys(d, it->shape) : 0;
	}
	f->after = AFTER_NONE;
	f->info = info;
	f->owner = owner;
	f->dest = dest;
	f->slot = slot;
	f->obj = NULL;
	f->map = NULL;
	ZVAL_UNDEF(&f->data);
	f->ht = Z_ARRVAL_P(dest);
}

/* put_object_or_backref() but for its commonest case. */
static zend_never_inline zend_result put_object_or_backref_any(zser_decoder *d, zval *zv, int type,
                                                               const zs_item *it,
                                                               zend_property_info *info,
                                                               zend_object *owner,
                                                               const unsigned char *at)
{
	uint32_t slot = type == ZS_EV_BACKREF_REF ? 0 : d->r.nslots;
	zs_event ev;

	/* zv is a list element or map bucket already counted in its array: a class that cannot
	 * be resolved or instantiated, or a back-reference refused, must leave it a value the
	 * array's release can read */
	ZVAL_NULL(zv);
	ev.type = (zs_event_type)type;
	ev.slot = slot;
	ev.pos = (size_t)(at - d->r.start);
	if (type == ZS_EV_OBJECT) {
		ev.cls = it->cls;
		ev.shape = it->shape;
		ev.count = it->count;
		return zser_dec_begin_object(d, &ev, zv, info);
	}
	ev.target = (uint32_t)it->i;
	if (backref(d, &ev, zv) != SUCCESS) {
		return FAILURE;
	}
	if (info) {
		return zser_dec_check_typed(d, zv, info, owner, slot);
	}
	return SUCCESS;
}

/* put_item() for objects and back-references: not inlined, they are the rarer values. The
 * commonest, as objects of a graph name each other, is taken here, in a function small enough
 * to enter cheaply: a BACKREF_OBJ to a slot of this blob (not an outer one's, which may need
 * exposing), filled, holding an object. */
static zend_never_inline zend_result put_object_or_backref(zser_decoder *d, zval *zv, int type,
                                                           const zs_item *it,
                                                           zend_property_info *info,
                                                           zend_object *owner,
                                                           const unsigned char *at)
{
	if (type == ZS_EV_BACKREF_OBJ && EXPECTED(!d->outer && slot_at(d, it->i))) {
		zval *t = d->slots[it->i];
		ZVAL_DEREF(t);
		if (EXPECTED(Z_TYPE_P(t) == IS_OBJECT)) {
			ZVAL_COPY(zv, t);
			return info ? zser_dec_check_typed(d, zv, info, owner, d->r.nslots) : SUCCESS;
		}
	}
	return put_object_or_backref_any(d, zv, type, it, info, owner, at);
}

/* What put_item() did; each of its cases ends in a constant, so that the loops of run_fast()
 * test once per value whether to go on. */
#define PUT_FAILED (-1)
#define PUT_DONE   0
#define PUT_OPENED 1 /* a frame was pushed: go on inside it */

/* Records where the value of the slot just taken is, in a blob that may name it later (as
 * on_value() records it). */
static zend_always_inline void track(zser_decoder *d, zval *zv)
{
	if (d->track) {
		set_slot(d, d->r.nslots, zv);
	}
}

/* put_item() for objects and back-references but the common BACKREF_ARR: their slot, if any,
 * is recorded. */
static zend_always_inline int put_rare(zser_decoder *d, zval *zv, int type, const zs_item *it,
                                       zend_property_info *info, zend_object *owner,
                                       const unsigned char *at)
{
	uint32_t depth = d->depth;
	if (put_object_or_backref(d, zv, type, it, info, owner, at) != SUCCESS) {
		return PUT_FAILED;
	}
	return d->depth != depth ? PUT_OPENED : PUT_DONE;
}

/* One value that zs_reader_step() read, built in place at zv as on_value() builds it (a
 * container it opened gets its frame pushed here); info/owner: the typed property zv is, if
 * any, and its object; at: the value's tag. */
static zend_always_inline int put_item(zser_decoder *d, zval *zv, int type, const zs_item *it,
                                       zend_property_info *info, zend_object *owner,
                                       const unsigned char *at)
{
	/* each case records the slot its value took itself (track()), so that the switch is the
	 * first thing after the step: a compiler can then go from each case of the step straight
	 * to the case of its type instead of jumping again */
	switch (type) {
	case ZS_EV_INT:
		track(d, zv);
#if SIZEOF_ZEND_LONG == 4
		if (it->i > ZEND_LONG_MAX || it->i < ZEND_LONG_MIN) {
			ZVAL_NULL(zv);
			return zser_dec_failf(d, (size_t)(at - d->r.start), ZS_WE_INT_RANGE,
			                      "integer out of range");
		}
#endif
		ZVAL_LONG(zv, (zend_long)it->i);
		break;
	case ZS_EV_FLOAT:
		track(d, zv);
		ZVAL_DOUBLE(zv, it->d);
		break;
	case ZS_STEP_NEW_STRING: {
		/* as string_value() for an entry not used before */
		zend_string *s;
		track(d, zv);
		s = bytes_str(it->str, it->count);
		*zser_dec_str_entry(d, it->idx) = (zend_string *)((uintptr_t)s | ZSER_DEC_BORROWED);
		ZVAL_STR(zv, s);
		break;
	}
	case ZS_EV_STRING:
		track(d, zv);
		if (it->idx == ZS_WIRE_NO_INDEX) {
			ZVAL_EMPTY_STRING(zv);
		} else {
			/* a new string is ZS_STEP_NEW_STRING */
			string_value(d, zv, it->idx, true);
		}
		break;
	case ZS_EV_NULL:
		track(d, zv);
		ZVAL_NULL(zv);
		break;
	case ZS_EV_FALSE:
		track(d, zv);
		ZVAL_FALSE(zv);
		break;
	case ZS_EV_TRUE:
		track(d, zv);
		ZVAL_TRUE(zv);
		break;
	case ZS_EV_LIST:
	case ZS_EV_MAP:
		track(d, zv);
		if (it->count == 0) {
			/* the empty list: zs_reader_step() opened no frame */
			ZVAL_EMPTY_ARRAY(zv);
			break;
		}
		zser_dec_open_array(d, zv, it, info, owner, d->r.nslots);
		return PUT_OPENED;
	case ZS_EV_BACKREF_ARR:
		/* backref()'s common case, here because shared arrays come by the thousand (a row
		 * or a config array held by each entry of a cache): a slot of this blob, filled,
		 * and no property named twice since, so the reader's check that it holds a plain,
		 * complete array still holds (FORMAT.md §9.1) */
		track(d, zv);
		if (EXPECTED(!d->replaced && slot_at(d, it->i))) {
			zval *t = d->slots[it->i];
			ZVAL_DEREF(t);
			/* the code of a nested call may have assigned another value (backref()) */
			if (EXPECTED(Z_TYPE_P(t) == IS_ARRAY)) {
				ZVAL_COPY(zv, t);
				break;
			}
		}
		return put_rare(d, zv, type, it, info, owner, at);
	default:
		if (type != ZS_EV_BACKREF_REF) {
			track(d, zv);
		}
		return put_rare(d, zv, type, it, info, owner, at);
	}
	if (info && zser_dec_check_typed(d, zv, info, owner, d->r.nslots) != SUCCESS) {
		return PUT_FAILED;
	}
	return PUT_DONE;
}
/* zs_reader_step(), and for a new array shape zs_reader_step_map() (kept out of the inline
 * step, which every value goes through). Used in lists and maps, where nested map
 * definitions occur; elsewhere the extra branch costs more than it gains. */
static zend_always_inline int step(zs_reader *r, zs_rframe *rf, zs_item *it)
{
	int type = zs_reader_step(r, rf, it);
	if (UNEXPECTED(type < 0)) {
		type = zs_reader_step_map(r, rf, it);
	}
	return type;
}

/* Decodes while the innermost container is a list, an array shape or an object whose keys
 * are all its declared properties (kind ZSER_DEC_LIST, ZSER_DEC_MAP, ZSER_DEC_DECLARED) and its
 * values are what zs_reader_step() reads (core/zs_wire_read.h), built in place. Returns at the
 * first value that needs zs_reader_next() (the caller's loop reads it), when the innermost
 * container is of any other kind, or once the top-level value is complete. */
static zend_result run_fast(zser_decoder *d)
{
	zs_reader *r = &d->r;

	/* each step fills the fields its value type has, and put_item() reads only those */
	zs_item it = {0};

	while (d->depth > 0) {
		/* f and keys stay valid until a container opens, which ends the inner loops */
		zser_dec_frame *f = &d->frames[d->depth - 1];
		zs_rframe *rf = &r->frames[d->depth - 1];
		HashTable *ht = f->ht;
		uint32_t depth = d->depth;
		const unsigned char *at;
		int type, put;

		if (f->kind == ZSER_DEC_LIST) {
			while (rf->remaining > 0) {
				at = r->p;
				type = step(r, rf, &it);
				if (type < 0) {
					return SUCCESS;
				}
				put = put_item(d, zser_list_take(ht), type, &it, NULL, NULL, at);
				if (put != PUT_DONE) {
					if (put == PUT_FAILED) {
						return FAILURE;
					}
					break;
				}
			}
		} else if (f->kind == ZSER_DEC_MAP) {
			const zser_dec_key *keys = d->keys + f->kbase;
			while (rf->remaining > 0) {
				const zser_dec_key *k = &keys[rf->count - rf->remaining];
				at = r->p;
				type = step(r, rf, &it);
				if (type < 0) {
					return SUCCESS;
				}
				put = put_item(d, map_append(ht, k), type, &it, NULL, NULL, at);
				if (put != PUT_DONE) {
					if (put == PUT_FAILED) {
						return FAILURE;
					}
					break;
				}
			}
		} else if (f->kind == ZSER_DEC_MAPT) {
			Bucket *b = ht->arData + (rf->count - rf->remaining);
			while (rf->remaining > 0) {
				zval *zv = &b++->val;
				at = r->p;
				type = step(r, rf, &it);
				if (type < 0) {
					return SUCCESS;
				}
				put = put_item(d, zv, type, &it, NULL, NULL, at);
				if (put != PUT_DONE) {
					if (put == PUT_FAILED) {
						return FAILURE;
					}
					break;
				}
			}
		} else if (f->kind == ZSER_DEC_DECLARED) {
			while (rf->remaining > 0) {
				zend_property_info *pi;
				zval *zv;
				at = r->p;
				type = zs_reader_step(r, rf, &it);
				if (type < 0) {
					return SUCCESS;
				}
				/* as slot_for() */
				pi = f->map->props[f->pos++];
				zv = OBJ_PROP(f->obj, pi->offset);
				keep_declared(d, zv);
				put = put_item(d, zv, type, &it, ZEND_TYPE_IS_SET(pi->type) ? pi : NULL, f->obj,
				               at);
				if (put != PUT_DONE) {
					if (put == PUT_FAILED) {
						return FAILURE;
					}
					break;
				}
			}
		} else {
			return SUCCESS;
		}
		if (d->depth != depth) {
			/* a container opened: go on inside it */
			continue;
		}
		/* the innermost container is complete */
		zs_reader_close(r);
		if (f->info || f->after != AFTER_NONE) {
			if (end_container(d) != SUCCESS) {
				return FAILURE;
			}
		} else {
			d->depth--;
		}
	}
	return SUCCESS;
}

/* ==== Driver ==== */

static void free_decoder(zser_decoder *d)
{
	uint32_t i;

	if (d->renamed) {
		zend_hash_destroy(d->renamed);
		FREE_HASHTABLE(d->renamed);
	}

	for (i = 0; i < d->depth; i++) {
		zval_ptr_dtor(&d->frames[i].data);
	}
	for (i = 0; i < d->ncalls; i++) {
		zser_dec_release_entry(&d->calls[i]);
	}
	if (d->deferred) {
		efree(d->deferred);
	}
	for (i = 0; i < d->maps_cap; i++) {
		if (d->maps[i] && d->maps[i] != ZSER_DEC_NO_PROPMAP) {
			efree(d->maps[i]);
		}
	}
	if (d->maps) {
		efree(d->maps);
	}
	for (i = 0; i < d->syms_cap; i++) {
		if (d->syms[i]) {
			efree(d->syms[i]);
		}
	}
	if (d->syms) {
		efree(d->syms);
	}
	if (d->keys != d->inl.keys) {
		efree(d->keys);
	}
	for (i = 0; d->ntmpl > 0 && i < d->shapes_cap; i++) {
		if (d->shapes[i].tmpl) {
			zend_array_destroy(d->shapes[i].tmpl);
		}
	}
	if (d->shapes != d->shapes_inl) {
		efree(d->shapes);
	}
	if (d->slot_owner) {
		efree(d->slot_owner);
	}
	for (i = 0; i < d->nowned; i++) {
		zend_string_release(d->owned[i]);
	}
	if (d->owned != d->inl.owned) {
		efree(d->owned);
	}
	zser_dec_free_names(d);
	zser_dec_spare_give(d);
	if (d->slots) {
		efree(d->slots);
	}
	if (d->declared) {
		efree(d->declared);
	}
	if (d->frames != d->inl.frames) {
		efree(d->frames);
	}
	if (d->calls) {
		efree(d->calls);
	}
	for (i = 0; i < d->nroots; i++) {
		zval_ptr_dtor(d->roots[i]);
		efree(d->roots[i]);
	}
	if (d->roots) {
		efree(d->roots);
	}
	zs_reader_free(&d->r);
	zser_dec_keycache_leave();
}

/* The containers still open when a decode fails, innermost first, as var_unserializer's
 * recursion unwinds: an object whose __wakeup() or __unserialize() would have been queued is
 * marked as destructed and its partial __unserialize() array released; a typed property
 * holding an open container that has become a reference gets the type source its later
 * release removes. */
static void leave_open(zser_decoder *d)
{
	uint32_t open = d->depth, i;
	/* Releasing a frame's partial data may run destructors (of objects complete inside it),
	 * and a destructor may change the graph around it: drop the last reference to the object
	 * of a frame further out, or to the object whose typed property holds one. Every frame's
	 * objects are held until all are released. */
	for (i = 0; i < open; i++) {
		if (d->frames[i].obj) {
			GC_ADDREF(d->frames[i].obj);
		}
		if (d->frames[i].owner) {
			GC_ADDREF(d->frames[i].owner);
		}
	}
	while (d->depth > 0) {
		zser_dec_frame *f = &d->frames[--d->depth];
		if (f->obj && f->after != AFTER_NONE) {
			GC_ADD_FLAGS(f->obj, IS_OBJ_DESTRUCTOR_CALLED);
		}
		zval_ptr_dtor(&f->data);
		ZVAL_UNDEF(&f->data);
		if (f->info && Z_ISREF_P(f->dest)) {
			ZEND_REF_ADD_TYPE_SOURCE(Z_REF_P(f->dest), f->info);
		}
	}
	for (i = open; i-- > 0;) {
		if (d->frames[i].owner) {
			OBJ_RELEASE(d->frames[i].owner);
		}
		if (d->frames[i].obj) {
			OBJ_RELEASE(d->frames[i].obj);
		}
	}
}

/* the depth error names the limit and how to raise it, as unserialize()'s does */
#define DEPTH_MSG                                                                             \
	"maximum depth of %" PRIu32 " exceeded at offset %zu of %zu bytes; raise the limit with " \
	"zser_unserialize()'s max_depth option or the unserialize_max_depth ini setting (0: none)"

static void zser_dec_report(zser_decoder *d, const unsigned char *buf, size_t len,
                            bool throw_on_error)
{
	const char *msg = d->msg ? d->msg : zs_wire_error_msg(d->r.err);
	size_t pos = d->msg ? d->msg_pos : d->r.err_pos;
	int code = d->msg ? d->msg_code : (int)d->r.err;
	char text[320];

	if (EG(exception)) {
		return;
	}
	if (!d->msg && d->r.err == ZS_WE_DEPTH) {
		snprintf(text, sizeof(text), DEPTH_MSG, d->r.max_depth, pos, len);
	} else if (!d->msg && d->r.err == ZS_WE_VERSION && pos < len) {
		/* which version the blob has, and which this build reads: a fleet mid-upgrade */
		snprintf(text, sizeof(text),
		         "unsupported format version %u (zser %s reads version %d) at offset %zu of %zu "
		         "bytes",
		         (unsigned)(buf[pos] & ZS_WIRE_VERSION_MASK), PHP_ZSER_VERSION, ZS_WIRE_VERSION,
		         pos, len);
	} else {
		snprintf(text, sizeof(text), "%s at offset %zu of %zu bytes", msg, pos, len);
	}
	if (throw_on_error) {
		zend_throw_exception(zser_ce_ZserException, text, code);
	} else {
		php_error_docref(NULL, E_WARNING, "%s", text);
	}
}

/* ==== Nested blobs (FORMAT.md §8.3) ==== */

/* A nested blob takes over the slot tables of the outer decoder until nest_end(), and its
 * value lives on the heap, where the outer decoder keeps it (the slots point into it). */
static zend_result nest_start(zser_decoder *d, zser_dec_nest *ctx)
{
	zser_decoder *o;

	if (!ctx) {
		return zser_dec_failf(d, 1, ZS_WE_NESTED, "nested blob outside its object");
	}
	o = ctx->d;
	if (d->r.base != ctx->next || ctx->next >= ctx->end) {
		return zser_dec_failf(d, 2, ZS_WE_NESTED_BASE, "nested blob out of place");
	}
	if (d->r.refs && !o->track) {
		return zser_dec_failf(d, 1, ZS_WE_REF_FLAG, "reference flag mismatch");
	}
	d->outer = ctx;
	d->track = o->track;
	d->slots = o->slots;
	d->slots_len = o->slots_len;
	d->slots_cap = o->slots_cap;
	d->slot_owner = o->slot_owner;
	d->slot_owner_cap = o->slot_owner_cap;
	o->slots = NULL;
	o->slots_len = 0;
	o->slots_cap = 0;
	o->slot_owner = NULL;
	o->slot_owner_cap = 0;
	d->rootp = emalloc(sizeof(zval));
	ZVAL_UNDEF(d->rootp);
	return SUCCESS;
}

/* Hands the slot tables back; after a failure without the slots this blob filled (what they
 * pointed to is freed), so that a back-reference to them is an unfilled slot's error. */
static void nest_end(zser_decoder *d, bool ok)
{
	zser_dec_nest *ctx = d->outer;
	zser_decoder *o = ctx->d;
	uint32_t i;

	if (ok) {
		ctx->next = d->r.nslots;
	} else {
		d->slots_len = MIN(d->slots_len, d->r.base + 1);
		for (i = d->r.base + 1; i < d->slot_owner_cap; i++) {
			d->slot_owner[i] = NULL;
		}
	}
	o->slots = d->slots;
	o->slots_len = d->slots_len;
	o->slots_cap = d->slots_cap;
	o->slot_owner = d->slot_owner;
	o->slot_owner_cap = d->slot_owner_cap;
	d->slots = NULL;
	d->slots_len = 0;
	d->slots_cap = 0;
	d->slot_owner = NULL;
	d->slot_owner_cap = 0;
}

/* Values the code of the program holds may change before a later back-reference names
 * them: the slots of a nested blob, in the value a class's unserialize() now has, and after
 * an object or a `&` reference of an outer blob was handed out, any slot of the chain. The
 * decoder q holds each array of slots from..to of table `slots`, and each object with its
 * property table, until the outermost blob is complete: a change then separates a copy (copy
 * on write, as a write to an object's table shared elsewhere does) or leaves the slot's zval
 * in place, and none is freed. A decoder still filling a held table writes to it as before
 * (allowed in debug builds, whose hash functions check that a table they change is not
 * shared). */
static void hold_containers(zser_decoder *q, zval **slots, uint32_t len, uint32_t from, uint32_t to)
{
	uint32_t s;

	for (s = from; s <= to && s < len; s++) {
		zval *v = slots[s], held;
		if (!v) {
			continue;
		}
		ZVAL_DEREF(v);
		if (Z_TYPE_P(v) == IS_ARRAY && Z_REFCOUNTED_P(v)) {
			HT_ALLOW_COW_VIOLATION(Z_ARR_P(v));
			ZVAL_COPY(&held, v);
			hold(q, &held);
		} else if (Z_TYPE_P(v) == IS_OBJECT) {
			zend_object *obj = Z_OBJ_P(v);
			HashTable *props = obj->properties;
			if (props && !(GC_FLAGS(props) & IS_ARRAY_IMMUTABLE) &&
			    obj->handlers->get_properties == zend_std_get_properties) {
				/* the table, even with declared properties alone: slots may point at
				 * a dynamic property's zval in it, now or once the decoder still
				 * filling the object adds one. The copy a change makes points no
				 * longer at the declared properties' slots: the entry restores them. */
				HT_ALLOW_COW_VIOLATION(props);
				GC_ADDREF(props);
				ZVAL_ARR(&held, props);
				zser_dec_queue_call(q, obj, &held, AFTER_PROPS);
				q->replaced = true;
			} else {
				ZVAL_COPY(&held, v);
				hold(q, &held);
				/* other handlers: a table with dynamic properties is held as before */
				if (props && !(GC_FLAGS(props) & IS_ARRAY_IMMUTABLE) &&
				    zend_hash_num_elements(props) > (uint32_t)obj->ce->default_properties_count) {
					HT_ALLOW_COW_VIOLATION(props);
					GC_ADDREF(props);
					ZVAL_ARR(&held, props);
					hold(q, &held);
				}
			}
		}
	}
}

/* The outermost decoder of d's chain of nested blobs (d when it is not nested). */
static zser_decoder *outermost(zser_decoder *d)
{
	while (d->outer) {
		d = d->outer->d;
	}
	return d;
}

/* Holds what the chain built in slots up to `upto` (see zser_dec_before_user_code()). */
static void hold_upto(zser_decoder *d, uint32_t upto)
{
	zser_decoder *top = outermost(d);

	/* the slot table is the innermost running decoder's (nest_begin() hands it down) */
	if (top->exposed && top->held_to < upto) {
		hold_containers(top, d->slots, d->slots_len, top->held_to + 1, upto);
		top->held_to = upto;
	}
}

void zser_dec_before_user_code(zser_decoder *d)
{
	/* The last slot taken may hold a value still being made: an object is null while its
	 * class is looked up, and the value a deprecation is given for is not written yet. It
	 * is held at the next call, once it is there. */
	hold_upto(d, d->r.nslots > 0 ? d->r.nslots - 1 : 0);
}

/* A back-reference of a nested blob to an object or a `&` reference of a blob around it
 * hands a value of the outer decoders to the code of a class's unserialize(), which may keep
 * it and change it (or what it holds) before the outer blobs are complete: from now on every
 * container is held before such code runs (a copy of an array, BACKREF_ARR, hands out nothing
 * that code could change in place). */
static void expose(zser_decoder *d)
{
	outermost(d)->exposed = true;
	zser_dec_before_user_code(d);
}

/* After a nested blob decoded: its queued calls and warnings join the outer decoder's, to
 * be made when the outermost blob is complete, as unserialize() defers them, and its value
 * stays with the outer decoder. Returns the value for the caller. */
static void nest_finish(zser_decoder *d, zval *result)
{
	zser_decoder *o = d->outer->d;
	uint32_t i;

	for (i = 0; i < d->ncalls; i++) {
		zser_dec_delayed *c = &d->calls[i];
		/* a kept value (no object) goes along too, to be released in its place */
		zser_dec_queue_call(o, c->obj, Z_ISUNDEF(c->data) ? NULL : &c->data, c->kind);
		if (c->obj) {
			OBJ_RELEASE(c->obj);
		}
	}
	d->ncalls = 0;
	for (i = 0; i < d->ndeferred; i++) {
		if (o->ndeferred == o->deferred_cap) {
			o->deferred = grow_ptrs(o->deferred, &o->deferred_cap, o->ndeferred,
			                        sizeof(zend_class_entry *));
		}
		o->deferred[o->ndeferred++] = d->deferred[i];
	}
	d->ndeferred = 0;
	if (d->track) {
		/* nest_end() has handed the slot table back */
		hold_containers(o, o->slots, o->slots_len, d->r.base + 1, d->r.nslots);
	}
	/* the outer decoder's were held before the class's unserialize() was called; these are
	 * held too, as that method goes on after this call */
	zser_dec_hold_declared(d);
	for (i = 0; i < d->ndeclared; i++) {
		if (o->ndeclared == o->declared_cap) {
			o->declared =
			        grow_ptrs(o->declared, &o->declared_cap, o->ndeclared, sizeof(zend_object *));
		}
		o->declared[o->ndeclared++] = d->declared[i];
	}
	o->nheld = o->ndeclared;
	d->ndeclared = 0;
	d->nheld = 0;
	o->refs_met = o->refs_met || d->refs_met;
	/* with those of blobs nested in this one, whose slots are the outer decoder's too */
	for (i = 0; i <= d->nroots; i++) {
		if (o->nroots == o->roots_cap) {
			o->roots = grow_ptrs(o->roots, &o->roots_cap, o->nroots, sizeof(zval *));
		}
		o->roots[o->nroots++] = i < d->nroots ? d->roots[i] : d->rootp;
	}
	d->nroots = 0;
	ZVAL_COPY_DEREF(result, d->rootp);
}

/* unserialize() gives an object it fills from properties (O: without __unserialize()) its
 * property table, which the decoder skips for one whose values go straight into declared
 * slots. serialize() writes an object without a table from its slots: it neither guards an
 * array property against being met again below itself nor counts the values as shared; with
 * a table it does both, so the same graph is written two ways. That needs an array met again
 * below itself or an object written twice, which in a decoded value only a `&` reference
 * brings about: once one was met, each such object gets the table unserialize() would have
 * given it, before the queued __wakeup() calls run, as there. */
static void build_tables(zser_decoder *d)
{
	uint32_t i;

	for (i = 0; i < d->ndeclared; i++) {
		zend_object *obj = d->declared[i];
		if (!obj->properties) {
			/* builds the table from the slots (rebuild_object_properties(), renamed in 8.4) */
			zend_std_get_properties(obj);
		}
	}
}

void zser_dec_hold_declared(zser_decoder *d)
{
	for (; d->nheld < d->ndeclared; d->nheld++) {
		GC_ADDREF(d->declared[d->nheld]);
	}
}

/* Lets go of the objects build_tables() would see: on failure before the graph is released,
 * so that their destructors run there as before. */
static void release_declared(zser_decoder *d)
{
	uint32_t i;

	for (i = 0; i < d->nheld; i++) {
		OBJ_RELEASE(d->declared[i]);
	}
	d->ndeclared = 0;
	d->nheld = 0;
}

/* ==== Driver ==== */

#ifdef ZSER_DEC_ORACLE
/* Test and fuzz builds only (docs/INTERNALS.md §12): when set, decode() reads every value
 * with zs_reader_next() and builds it with on_value(), never through run_fast() or
 * zs_reader_next_fast(), so that the two ways can be compared on the same blobs. */
bool zser_dec_slow_path;
#define SLOW_PATH zser_dec_slow_path
#else
/* a constant: release builds carry no trace of the switch */
#define SLOW_PATH 0
#endif

/* zser_dec_run() clears everything before r: r and inl must be the last members. */
typedef char zser_dec_tail_is_last[offsetof(zser_decoder, inl) == offsetof(zser_decoder, r) +
                                                                          sizeof(zs_reader) &&
                                                   sizeof(zser_decoder) ==
                                                           offsetof(zser_decoder, inl) +
                                                                   sizeof(((zser_decoder *)0)->inl)
                                           ? 1
                                           : -1];

static zend_result zser_dec_run(zval *result, const unsigned char *buf, size_t len,
                                const zser_decode_opts *opts, zser_dec_nest *ctx, uint32_t level)
{
	zser_decoder d;
	zs_event ev;
	zser_shape_cache *sc;
	zend_long depth = opts->max_depth;
	uint32_t i;

	zs_zero_small(&d, offsetof(zser_decoder, r));
	d.frames = d.inl.frames;
	d.keys = d.inl.keys;
	d.shapes = d.shapes_inl;
	d.shapes_cap = sizeof(d.shapes_inl) / sizeof(d.shapes_inl[0]);
	d.owned = d.inl.owned;
	d.owned_cap = sizeof(d.inl.owned) / sizeof(d.inl.owned[0]);
	d.keys_cap = sizeof(d.inl.keys) / sizeof(d.inl.keys[0]);
	d.frames_cap = sizeof(d.inl.frames) / sizeof(d.inl.frames[0]);
	d.opts = opts;
	ZVAL_UNDEF(&d.root);
	d.rootp = &d.root;
	zser_dec_keycache_enter();
	/* as unserialize(): 0 (or less) is no limit; the reader's frames grow with the input */
	zs_reader_init(&d.r, buf, len, &zser_emalloc,
	               depth <= 0 || (zend_ulong)depth >= UINT32_MAX ? 0 : (uint32_t)depth);
	if ((sc = zser_dec_shape_cache()) != NULL) {
		zs_reader_use_memo(&d.r, &sc->memo);
		zser_dec_spare_take_strs(&d);
	}
	/* each nested call costs C stack: their number is bounded whatever the depth */
	if (ZSER_G(dec_calls) > ZS_WIRE_MAX_NEST + 1) {
		zser_dec_failf(&d, 0, ZS_WE_DEPTH, "maximum depth exceeded");
		goto fail;
	}
	d.r.level = level;
	if (!zs_reader_header(&d.r)) {
		goto fail;
	}
	if (d.r.nested && nest_start(&d, ctx) != SUCCESS) {
		goto fail;
	}
	if (d.r.refs && !d.r.nested) {
		zser_dec_spare_take(&d);
	}
	d.track = d.track || d.r.refs;
	for (;;) {
		if (d.depth > 0 && !SLOW_PATH) {
			if (run_fast(&d) != SUCCESS) {
				goto fail;
			}
			if (zs_reader_done(&d.r)) {
				break;
			}
		}
		if (!(SLOW_PATH ? zs_reader_next(&d.r, &ev) : zs_reader_next_fast(&d.r, &ev))) {
			goto fail;
		}
		if (ev.type == ZS_EV_END) {
			if (end_container(&d) != SUCCESS) {
				goto fail;
			}
		} else if (on_value(&d, &ev) != SUCCESS) {
			goto fail;
		}
		if (zs_reader_done(&d.r)) {
			break;
		}
	}
	if (!zs_reader_finish(&d.r)) {
		goto fail;
	}
	if (d.outer) {
		if (d.r.nslots > d.outer->end) {
			/* more slots than the outer blob reserved */
			zser_dec_failf(&d, 2, ZS_WE_NESTED_BASE, "nested blob out of place");
			goto fail;
		}
		nest_end(&d, true);
		nest_finish(&d, result);
		free_decoder(&d);
		return SUCCESS;
	}
	if (d.refs_met) {
		build_tables(&d);
	}
	release_declared(&d);
	for (i = 0; i < d.ndeferred; i++) {
		zend_error(E_WARNING, "Class %s has no unserializer", ZSTR_VAL(d.deferred[i]->name));
	}
	zser_dec_run_calls(&d);
	free_decoder(&d);
	if (Z_ISREF(d.root)) {
		zend_unwrap_reference(&d.root);
	}
	if (EG(exception)) {
		zval_ptr_dtor(&d.root);
		return FAILURE;
	}
	/* not offered to the cycle collector: a decoded value is garbage only once a reference to
	 * it is dropped, and dropping one (zval_ptr_dtor()) offers what it leaves behind */
	ZVAL_COPY_VALUE(result, &d.root);
	return SUCCESS;

fail:
	/* As unserialize() fails: the containers still open are left innermost first, then its
	 * warning, then the graph is released (destructors run, but not those of objects whose
	 * __wakeup()/__unserialize() was pending), then the queue is worked through: with no
	 * exception pending its calls still run, else their objects are marked as destructed. */
	leave_open(&d);
	zval_ptr_dtor(&d.refused);
	ZVAL_UNDEF(&d.refused);
	/* the warning's handler, and the destructors below, may change values an outer blob
	 * still points into; this blob's own slots point into what leave_open() and the refused
	 * value's release have just freed, and are never named again (nest_end()) */
	if (d.outer) {
		hold_upto(&d, MIN(d.r.base, d.r.nslots > 0 ? d.r.nslots - 1 : 0));
	}
	zser_dec_report(&d, buf, len, opts->throw_on_error);
	if (d.outer) {
		nest_end(&d, false);
	}
	release_declared(&d);
	zval_ptr_dtor(d.rootp);
	ZVAL_UNDEF(d.rootp);
	zser_dec_run_calls(&d);
	free_decoder(&d);
	if (d.rootp != &d.root) {
		efree(d.rootp);
	}
	return FAILURE;
}

/* Most lists a flat blob holds: a longer one is read faster by the full decode. */
#define FLAT_LIST_MAX 16

/* The value of scalar event ev, read from r, in *zv; false, *zv untouched, for any other event
 * and for a string that names an earlier one (nstrs: r's string count before the event), which
 * the full decode shares instead of copying. */
static zend_always_inline bool flat_value(zval *zv, const zs_event *ev, const zs_reader *r,
                                          uint32_t nstrs)
{
	switch (ev->type) {
	case ZS_EV_INT:
#if SIZEOF_ZEND_LONG == 4
		if (ev->i > ZEND_LONG_MAX || ev->i < ZEND_LONG_MIN) {
			return false; /* "integer out of range", from the full decode */
		}
#endif
		ZVAL_LONG(zv, (zend_long)ev->i);
		return true;
	case ZS_EV_FLOAT:
		ZVAL_DOUBLE(zv, ev->d);
		return true;
	case ZS_EV_NULL:
		ZVAL_NULL(zv);
		return true;
	case ZS_EV_FALSE:
		ZVAL_FALSE(zv);
		return true;
	case ZS_EV_TRUE:
		ZVAL_TRUE(zv);
		return true;
	case ZS_EV_STRING:
		if (ev->len == 0) {
			ZVAL_EMPTY_STRING(zv);
			return true;
		}
		if (r->nstrs != nstrs + 1) {
			return false;
		}
		ZVAL_STR(zv, bytes_str(ev->str, ev->len));
		return true;
	default:
		return false;
	}
}

/* A flat blob: one scalar, as caches keep a counter or a string under a key, or a short list
 * of scalars written out in full, as they keep a list of ids. Read by the core reader alone,
 * without the decoder's tables, caches and call queue, whose set-up and release cost such a
 * blob more than its value (a top-level int took 1.6 times igbinary's time, a list of three
 * ints 1.15 times). False, with nothing built, for any other blob, valid or not: the full
 * decode reads it and reports what is wrong with it. */
static zend_never_inline bool decode_flat_blob(zval *result, const unsigned char *buf, size_t len)
{
	zs_reader r;
	zs_event ev;
	uint32_t nstrs;
	bool ok;

	zs_reader_init(&r, buf, len, &zser_emalloc, 0);
	ok = zs_reader_header(&r) && zs_reader_next(&r, &ev);
	if (ok && ev.type == ZS_EV_LIST) {
		/* an empty list is read on to its END like any other (zs_reader_next()) */
		uint32_t j, count = ev.count;
		HashTable *ht;
		if (count > FLAT_LIST_MAX) {
			zs_reader_free(&r);
			return false;
		}
		if (count == 0) {
			ZVAL_EMPTY_ARRAY(result);
			ht = NULL;
		} else {
			zser_dec_array_init(result, count, true);
			ht = Z_ARRVAL_P(result);
		}
		for (j = 0; ok && j < count; j++) {
			zval *zv;
			nstrs = r.nstrs;
			ok = zs_reader_next(&r, &ev);
			if (ok) {
				zv = zser_list_take(ht);
				if (!flat_value(zv, &ev, &r, nstrs)) {
					/* a value the array's release can read */
					ZVAL_NULL(zv);
					ok = false;
				}
			}
		}
		ok = ok && zs_reader_next(&r, &ev) && ev.type == ZS_EV_END && zs_reader_done(&r) &&
		     zs_reader_finish(&r);
		if (!ok) {
			zval_ptr_dtor(result);
			ZVAL_UNDEF(result);
		}
	} else if (ok) {
		ok = zs_reader_done(&r) && zs_reader_finish(&r) && flat_value(result, &ev, &r, 0);
	}
	zs_reader_free(&r);
	return ok;
}

zend_result zser_decode(zval *result, const unsigned char *buf, size_t len,
                        const zser_decode_opts *opts)
{
	/* as var.c's php_var_unserialize_init(): a call made inside Serializable::unserialize()
	 * of an outer call continues its state (depth and, for a nested blob, slots; not
	 * allowed_classes, which unserialize() sets again on every call), one under serialize_lock (in
	 * __unserialize(), __wakeup()) starts afresh */
	zser_dec_nest *prev = ZSER_G(dec_outer), *ctx = BG(serialize_lock) ? NULL : prev;
	zser_decode_opts nested;
	uint32_t level = 0;
	zend_result res;

	/* a version byte without flags (no back-references, not nested: FORMAT.md §2) and a first
	 * tag of a scalar or a list, looked at before any set-up; not in a call that continues an
	 * outer one's depth, where a list may be one level too many. The oracle's slow path takes
	 * the full decode, so that fuzz_bin_oracle compares the two on every input. */
	if (!SLOW_PATH && !ctx && len >= 3 && buf[1] == ZS_WIRE_VERSION &&
	    zs_wire_tag_is_flat(buf[2]) && decode_flat_blob(result, buf, len)) {
		return SUCCESS;
	}
	if (ctx) {
		nested = *opts;
		if (!opts->max_depth_set) {
			/* unserialize() counts on from the outer call's depth unless given its own */
			nested.max_depth = ctx->d->r.max_depth;
			level = ctx->level;
		}
		opts = &nested;
	}
	/* only a Serializable object's unserialize() made here shares this state */
	ZSER_G(dec_outer) = NULL;
	ZSER_G(dec_calls)++;
	res = zser_dec_run(result, buf, len, opts, ctx, level);
	ZSER_G(dec_calls)--;
	ZSER_G(dec_outer) = prev;
	return res;
}

PHP_ZSER_API zend_result php_zser_unserialize(zval *result, const unsigned char *buf, size_t len)
{
	zser_decode_opts opts;

	opts.allowed = NULL;
	opts.max_depth = BG(unserialize_max_depth);
	opts.throw_on_error = false;
	opts.max_depth_set = false;
	return zser_decode(result, buf, len, &opts);
}
