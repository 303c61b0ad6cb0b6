/* zser — SPDX-License-Identifier: MIT
 *
 * zval -> zser binary (docs/FORMAT.md). Walks a value the way php_var_serialize_intern()
 * does — same slot numbering, same choice between object back-references and PHP
 * references, same magic methods in the same order, same warnings and exceptions — and
 * writes it with the core's writer primitives, deduplicating strings and shapes. It does
 * not decode (bin_decode.c) and does not parse PHP arguments (bin.c).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zend_smart_str.h"
#include "zend_exceptions.h"
#include "zend_enum.h"
#include "ext/standard/php_incomplete_class.h"
#include "ext/standard/basic_functions.h"
#include "zser_internal.h"
#include "zs_wire_write.h"

/* One record per key in a shape's lookup key: a kind byte and 8 bytes of payload. */
#define KEYREC 9

/* Recently seen array key sequences and their shapes: rows of a table hit this and skip
 * interning their keys one by one. Keys are held (strings addref'd). */
#define MEMO_SIZE 16
typedef struct shape_memo {
	uint32_t count;
	uint32_t shape;
	zval *keys;
} shape_memo;

/* The strings of a small value are interned in an open-addressing table inside the encoder
 * (on the C stack: no allocation, no HashTable set-up and teardown); once it is 3/4 full its
 * entries move to a HashTable, which then serves the rest of the call. Entries hold their
 * string, so that an address freed and reused mid-call cannot alias an older string. */
#define SMALL_STRS 64
typedef struct small_str {
	zend_string *s;
	uint32_t idx;
} small_str;

typedef struct encoder {
	smart_str *buf;
	HashTable strs; /* string content -> string table index, once spilled */
	uint32_t nstrs;
	bool spilled;        /* strs is in use and small[] is empty */
	uint64_t small_live; /* bit i: small[i] holds a string (small[] is not zeroed) */
	HashTable shapes;    /* key records -> shape index */
	uint32_t nshapes;
	HashTable ids;       /* counted pointer -> slot; pointer+1 -> the value, kept alive */
	uint32_t n;          /* last slot taken, as data->n in var.c */
	HashTable ce_shapes; /* class entry -> shape, for objects with all declared props set */
	smart_str kb;        /* scratch: key records of the array or object being written */
	zend_ulong kh;       /* hash of the records in kb, built as they are added */
	const char *def;     /* next key record of the shape being defined (held by shapes) */
	uint32_t depth;
	bool refs; /* a back-reference was written: set the header flag (FORMAT.md §2) */
	/* var.c's in_rcn_array: the values being written sit in an array or property table
	 * that is shared, so an object there may be met again even with a refcount of 1 */
	bool rcn;
	uint32_t memo_live; /* bit i: memo[i] holds keys (the array is not zeroed up front) */
	shape_memo memo[MEMO_SIZE];
	small_str small[SMALL_STRS];
} encoder;

static zend_result encode_value(encoder *e, zval *v);

/* ==== Output ==== */

static zend_always_inline unsigned char *out_begin(encoder *e, size_t n)
{
	smart_str_alloc(e->buf, n, 0);
	return (unsigned char *)ZSTR_VAL(e->buf->s) + ZSTR_LEN(e->buf->s);
}

static zend_always_inline void out_end(encoder *e, unsigned char *p)
{
	ZSTR_LEN(e->buf->s) = (size_t)((char *)p - ZSTR_VAL(e->buf->s));
}

static zend_always_inline void out_tag(encoder *e, unsigned char tag)
{
	unsigned char *p = out_begin(e, 1);
	*p++ = tag;
	out_end(e, p);
}

/* Index of the lowest set bit of a non-zero word. */
static zend_always_inline uint32_t lowest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
	return (uint32_t)__builtin_ctzll(x);
#else
	uint32_t i = 0;
	while (!(x & 1)) {
		x >>= 1;
		i++;
	}
	return i;
#endif
}

static void small_release(encoder *e)
{
	uint64_t live = e->small_live;
	while (live) {
		zend_string_release(e->small[lowest_bit(live)].s);
		live &= live - 1;
	}
	e->small_live = 0;
}

/* Moves the small table's entries into e->strs (which holds its own references). */
static void small_spill(encoder *e)
{
	uint32_t i;
	zval zv;

	uint64_t live = e->small_live;
	zend_hash_init(&e->strs, SMALL_STRS * 4, NULL, NULL, 0);
	while (live) {
		i = lowest_bit(live);
		live &= live - 1;
		ZVAL_LONG(&zv, e->small[i].idx);
		zend_hash_add_new(&e->strs, e->small[i].s, &zv);
	}
	small_release(e);
	e->spilled = true;
}

/* Index of s in the string table, adding it if new (*is_new then true). s is not empty. */
static zend_always_inline uint32_t intern(encoder *e, zend_string *s, bool *is_new)
{
	zval *zv;

	if (EXPECTED(!e->spilled)) {
		zend_ulong h = zend_string_hash_val(s);
		uint32_t i = (uint32_t)h & (SMALL_STRS - 1);
		/* the table is never full (spilled at 3/4), so the probe ends */
		while (e->small_live & ((uint64_t)1 << i)) {
			zend_string *t = e->small[i].s;
			if (t == s || (ZSTR_H(t) == h && zend_string_equal_content(t, s))) {
				*is_new = false;
				return e->small[i].idx;
			}
			i = (i + 1) & (SMALL_STRS - 1);
		}
		if (EXPECTED(e->nstrs < SMALL_STRS * 3 / 4)) {
			e->small_live |= (uint64_t)1 << i;
			e->small[i].s = zend_string_copy(s);
			e->small[i].idx = e->nstrs;
			*is_new = true;
			return e->nstrs++;
		}
		small_spill(e);
	}
	zv = zend_hash_lookup(&e->strs, s);
	if (Z_TYPE_P(zv) == IS_NULL) {
		ZVAL_LONG(zv, e->nstrs);
		*is_new = true;
		return e->nstrs++;
	}
	*is_new = false;
	return (uint32_t)Z_LVAL_P(zv);
}

static zend_always_inline void write_literal(encoder *e, const char *s, size_t len)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX + len);
	p = zs_wire_put_str_header(p, len);
	memcpy(p, s, len);
	out_end(e, p + len);
}

static zend_always_inline void write_sref(encoder *e, uint32_t idx)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
	out_end(e, zs_wire_put_sref(p, idx));
}

/* §5: first occurrence as a literal, repeats as references. */
static void write_string(encoder *e, zend_string *s)
{
	bool is_new;
	uint32_t idx;

	if (ZSTR_LEN(s) == 0) {
		out_tag(e, ZS_T_FIXSTR);
		return;
	}
	idx = intern(e, s, &is_new);
	if (is_new) {
		write_literal(e, ZSTR_VAL(s), ZSTR_LEN(s));
	} else {
		write_sref(e, idx);
	}
}

static zend_always_inline void write_int(encoder *e, zend_long v)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
	out_end(e, zs_wire_put_int(p, (int64_t)v));
}

static zend_always_inline void write_varint(encoder *e, uint64_t v)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
	out_end(e, zs_wire_put_varint(p, v));
}

/* ==== Shapes (§7, §8) ==== */

static zend_always_inline void keyrec(encoder *e, unsigned char kind, uint64_t v)
{
	char *p = smart_str_extend(&e->kb, KEYREC);
	p[0] = (char)kind;
	memcpy(p + 1, &v, 8);
	/* a word-wise mix is far cheaper than hashing the bytes again at lookup; only
	 * find_shape() keys the shapes table, so every key there carries this hash */
	e->kh = (e->kh ^ (v + (zend_ulong)kind)) * (zend_ulong)0x9E3779B97F4A7C15u;
	e->kh ^= e->kh >> 29;
}

/* Adds the key record of one array key or property name. */
static zend_always_inline void add_key(encoder *e, zend_string *key, zend_ulong idx)
{
	bool is_new;
	if (!key) {
		keyrec(e, 'i', (uint64_t)idx);
	} else if (ZSTR_LEN(key) == 0) {
		keyrec(e, 'e', 0);
	} else {
		keyrec(e, 's', intern(e, key, &is_new));
	}
}

/* Writes one key of a new shape: literal when its string entered the table at or after
 * `first_new`, that is with this very shape. Its string index is read back from the key
 * record add_key() made, the keys being met in the same order. */
static void write_def_key(encoder *e, zend_string *key, zend_ulong idx, uint32_t first_new)
{
	const char *rec = e->def;

	e->def += KEYREC;
	if (!key) {
		write_int(e, (zend_long)idx);
	} else if (ZSTR_LEN(key) == 0) {
		out_tag(e, ZS_T_FIXSTR);
	} else {
		uint64_t v;
		uint32_t sidx;
		ZEND_ASSERT(rec[0] == 's');
		memcpy(&v, rec + 1, 8);
		sidx = (uint32_t)v;
		if (sidx >= first_new) {
			write_literal(e, ZSTR_VAL(key), ZSTR_LEN(key));
		} else {
			write_sref(e, sidx);
		}
	}
}

/* Looks up the shape whose records are in e->kb; returns its index and whether it is new.
 * The scratch string itself is the lookup key, carrying the hash keyrec() built; a new
 * shape keeps it as its table key and the next kb_reset() starts a fresh one. */
static uint32_t find_shape(encoder *e, bool *is_new)
{
	zval *zv;

	/* non-zero, as zend_string_hash_val() expects of a set hash */
	ZSTR_H(e->kb.s) = e->kh | ((zend_ulong)1 << (sizeof(zend_ulong) * 8 - 1));
	zv = zend_hash_lookup(&e->shapes, e->kb.s);
	if (Z_TYPE_P(zv) == IS_NULL) {
		ZVAL_LONG(zv, e->nshapes);
		e->def = ZSTR_VAL(e->kb.s);
		/* the table holds its own reference now: hand ours back */
		zend_string_release(e->kb.s);
		e->kb.s = NULL;
		e->kb.a = 0;
		*is_new = true;
		return e->nshapes++;
	}
	*is_new = false;
	return (uint32_t)Z_LVAL_P(zv);
}

static void write_shape_ref(encoder *e, uint32_t shape)
{
	unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
	out_end(e, zs_wire_put_shape(p, shape));
}

static void kb_reset(encoder *e)
{
	e->kh = 0;
	if (e->kb.s) {
		ZSTR_LEN(e->kb.s) = 0;
	} else {
		smart_str_alloc(&e->kb, 64, 0);
	}
}

/* ==== Arrays ==== */

static zend_result enter(encoder *e)
{
	if (UNEXPECTED(++e->depth > ZS_WIRE_MAX_DEPTH)) {
		zend_throw_exception_ex(zser_ce_ZserException, ZS_WE_DEPTH,
		                        "Maximum nesting depth of %d exceeded", ZS_WIRE_MAX_DEPTH);
		return FAILURE;
	}
	return SUCCESS;
}

/* One element of an array or property table, as php_var_serialize_nested_data() treats it:
 * a reference nobody else holds is its value, and an array holding itself is null. */
static zval *lookup_var(encoder *e, zval *v);

/* `parent` is the array or object whose element this is when var.c writes it through
 * php_var_serialize_nested_data() (which guards arrays against recursion), NULL where var.c
 * writes elements directly (__serialize() data, declared properties of the fast path). */
static zend_always_inline zend_result encode_elem(encoder *e, zval *parent, zval *data)
{
	zend_result res;

	/* scalars written in place, exactly as encode_value() writes them: they take a slot
	 * and are never met again */
	if (EXPECTED((unsigned)Z_TYPE_P(data) - IS_NULL <= IS_STRING - IS_NULL) &&
	    EXPECTED(!EG(exception))) {
		unsigned char *p;
		e->n++;
		switch (Z_TYPE_P(data)) {
		case IS_LONG:
			p = out_begin(e, ZS_WIRE_PUT_MAX);
			out_end(e, zs_wire_put_int(p, (int64_t)Z_LVAL_P(data)));
			return SUCCESS;
		case IS_STRING:
			write_string(e, Z_STR_P(data));
			return SUCCESS;
		case IS_DOUBLE:
			p = out_begin(e, ZS_WIRE_PUT_MAX);
			out_end(e, zs_wire_put_float(p, Z_DVAL_P(data)));
			return SUCCESS;
		case IS_TRUE:
			out_tag(e, ZS_T_TRUE);
			return SUCCESS;
		case IS_FALSE:
			out_tag(e, ZS_T_FALSE);
			return SUCCESS;
		default: /* IS_NULL */
			out_tag(e, ZS_T_NULL);
			return SUCCESS;
		}
	}

	if (Z_ISREF_P(data) && Z_REFCOUNT_P(data) == 1) {
		data = Z_REFVAL_P(data);
	}
	if (!parent || Z_TYPE_P(data) != IS_ARRAY) {
		return encode_value(e, data);
	}
	if (UNEXPECTED(Z_IS_RECURSIVE_P(data) ||
	               (Z_TYPE_P(parent) == IS_ARRAY && Z_ARR_P(data) == Z_ARR_P(parent)))) {
		/* an array met again inside itself is written as null, as serialize() does */
		e->n++;
		if (Z_TYPE_P(parent) == IS_OBJECT) {
			lookup_var(e, parent);
		}
		out_tag(e, ZS_T_NULL);
		return SUCCESS;
	}
	if (Z_REFCOUNTED_P(data)) {
		Z_PROTECT_RECURSION_P(data);
	}
	res = encode_value(e, data);
	if (Z_REFCOUNTED_P(data)) {
		Z_UNPROTECT_RECURSION_P(data);
	}
	return res;
}

/* Keys and values of `ht` (a PHP array, or __serialize()'s result when self is NULL). */
static zend_always_inline bool same_key(zval *k, zend_string *key, zend_ulong idx)
{
	if (!key) {
		return Z_TYPE_P(k) == IS_LONG && (zend_ulong)Z_LVAL_P(k) == idx;
	}
	if (Z_TYPE_P(k) != IS_STRING) {
		return false;
	}
	if (Z_STR_P(k) == key) {
		return true;
	}
	if (ZSTR_LEN(Z_STR_P(k)) != ZSTR_LEN(key) ||
	    (ZSTR_H(Z_STR_P(k)) && ZSTR_H(key) && ZSTR_H(Z_STR_P(k)) != ZSTR_H(key))) {
		return false;
	}
	return memcmp(ZSTR_VAL(Z_STR_P(k)), ZSTR_VAL(key), ZSTR_LEN(key)) == 0;
}

/* The memo slot for ht: by count and first key. */
static shape_memo *memo_slot(encoder *e, HashTable *ht, uint32_t count)
{
	zend_string *key;
	zend_ulong idx, h = count;
	zval *val;

	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, idx, key, val)
	{
		(void)val;
		h = h * 31 +
		    (key ? ZSTR_LEN(key) * 7 + (ZSTR_LEN(key) ? (unsigned char)ZSTR_VAL(key)[0] : 0) : idx);
		break;
	}
	ZEND_HASH_FOREACH_END();
	h &= MEMO_SIZE - 1;
	if (!(e->memo_live & (1u << h))) {
		e->memo_live |= 1u << h;
		e->memo[h].keys = NULL;
	}
	return &e->memo[h];
}

static bool memo_match(shape_memo *m, HashTable *ht, uint32_t count)
{
	zend_string *key;
	zend_ulong idx;
	zval *val, *k;

	if (!m->keys || m->count != count) {
		return false;
	}
	k = m->keys;
	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, idx, key, val)
	{
		(void)val;
		if (!same_key(k, key, idx)) {
			return false;
		}
		k++;
	}
	ZEND_HASH_FOREACH_END();
	return true;
}

static void memo_release(shape_memo *m)
{
	uint32_t i;
	if (m->keys) {
		for (i = 0; i < m->count; i++) {
			zval_ptr_dtor(&m->keys[i]);
		}
		efree(m->keys);
		m->keys = NULL;
	}
}

static void memo_store(shape_memo *m, HashTable *ht, uint32_t count, uint32_t shape)
{
	zend_string *key;
	zend_ulong idx;
	zval *val, *k;

	memo_release(m);
	m->keys = k = safe_emalloc(count, sizeof(zval), 0);
	m->count = count;
	m->shape = shape;
	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, idx, key, val)
	{
		(void)val;
		if (key) {
			ZVAL_STR_COPY(k, key);
		} else {
			ZVAL_LONG(k, (zend_long)idx);
		}
		k++;
	}
	ZEND_HASH_FOREACH_END();
}

static zend_result encode_array_body(encoder *e, HashTable *ht, zval *self)
{
	uint32_t count = zend_array_count(ht);
	zend_string *key;
	zend_ulong idx;
	zval *val;

	if (zend_array_is_list(ht)) {
		unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
		out_end(e, zs_wire_put_list(p, count));
		ZEND_HASH_FOREACH_VAL_IND(ht, val)
		{
			if (encode_elem(e, self, val) != SUCCESS) {
				return FAILURE;
			}
		}
		ZEND_HASH_FOREACH_END();
		return SUCCESS;
	}
	{
		uint32_t first_new = e->nstrs, shape;
		bool is_new;
		shape_memo *m = memo_slot(e, ht, count);
		if (memo_match(m, ht, count)) {
			write_shape_ref(e, m->shape);
			goto values;
		}
		kb_reset(e);
		ZEND_HASH_FOREACH_KEY_VAL_IND(ht, idx, key, val)
		{
			add_key(e, key, idx);
		}
		ZEND_HASH_FOREACH_END();
		shape = find_shape(e, &is_new);
		if (is_new) {
			unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
			out_end(e, zs_wire_put_map(p, count));
			ZEND_HASH_FOREACH_KEY_VAL_IND(ht, idx, key, val)
			{
				write_def_key(e, key, idx, first_new);
			}
			ZEND_HASH_FOREACH_END();
		} else {
			/* remembered only once a shape repeats: a one-off array (a small value
			 * serialized alone) then costs no copy of its keys */
			write_shape_ref(e, shape);
			memo_store(m, ht, count, shape);
		}
	}
values:
	ZEND_HASH_FOREACH_VAL_IND(ht, val)
	{
		if (encode_elem(e, self, val) != SUCCESS) {
			return FAILURE;
		}
	}
	ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* ==== Objects ==== */

/* Writes the OBJECT header or shape reference for class `name` and the properties of
 * `props` (skipping uninitialized ones and, for incomplete classes, the stored name). */
static void write_object_shape(encoder *e, zend_string *name, HashTable *props, bool incomplete,
                               uint32_t *count_out)
{
	uint32_t first_new = e->nstrs, shape, count = 0, cls;
	bool is_new, cls_new;
	zend_string *key;
	zend_ulong idx;
	zval *val;

	kb_reset(e);
	cls = intern(e, name, &cls_new);
	keyrec(e, 'O', cls);
	ZEND_HASH_FOREACH_KEY_VAL_IND(props, idx, key, val)
	{
		if (incomplete && key && zend_string_equals_literal(key, MAGIC_MEMBER)) {
			continue;
		}
		add_key(e, key, idx);
		count++;
	}
	ZEND_HASH_FOREACH_END();
	*count_out = count;
	shape = find_shape(e, &is_new);
	if (!is_new) {
		write_shape_ref(e, shape);
		return;
	}
	out_tag(e, ZS_T_OBJECT);
	if (cls_new) {
		write_literal(e, ZSTR_VAL(name), ZSTR_LEN(name));
	} else {
		write_sref(e, cls);
	}
	write_varint(e, count);
	e->def += KEYREC; /* past the class record */
	ZEND_HASH_FOREACH_KEY_VAL_IND(props, idx, key, val)
	{
		(void)val;
		if (incomplete && key && zend_string_equals_literal(key, MAGIC_MEMBER)) {
			continue;
		}
		write_def_key(e, key, idx, first_new);
	}
	ZEND_HASH_FOREACH_END();
}

static zend_result encode_props(encoder *e, zval *struc, zend_string *name, HashTable *props,
                                bool incomplete)
{
	zend_string *key;
	zval *val;
	uint32_t count;

	write_object_shape(e, name, props, incomplete, &count);
	ZEND_HASH_FOREACH_STR_KEY_VAL_IND(props, key, val)
	{
		if (incomplete && key && zend_string_equals_literal(key, MAGIC_MEMBER)) {
			continue;
		}
		if (encode_elem(e, struc, val) != SUCCESS) {
			return FAILURE;
		}
	}
	ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* Declared properties read straight from the object, as var.c does when the object has
 * no properties table yet. Shapes are cached per class when every property is set. */
static zend_result encode_declared(encoder *e, zend_object *obj)
{
	zend_class_entry *ce = obj->ce;
	zval *cached = NULL;
	bool complete = true;
	int i;

	for (i = 0; i < ce->default_properties_count; i++) {
		zend_property_info *pi = ce->properties_info_table[i];
		if (pi && Z_TYPE_P(OBJ_PROP(obj, pi->offset)) == IS_UNDEF) {
			complete = false;
			break;
		}
	}
	if (complete) {
		cached = zend_hash_index_find(&e->ce_shapes, (zend_ulong)(uintptr_t)ce);
	}
	if (cached) {
		write_shape_ref(e, (uint32_t)Z_LVAL_P(cached));
	} else {
		uint32_t first_new = e->nstrs, shape, count = 0, cls;
		bool is_new, cls_new;
		kb_reset(e);
		cls = intern(e, ce->name, &cls_new);
		keyrec(e, 'O', cls);
		for (i = 0; i < ce->default_properties_count; i++) {
			zend_property_info *pi = ce->properties_info_table[i];
			if (pi && Z_TYPE_P(OBJ_PROP(obj, pi->offset)) != IS_UNDEF) {
				add_key(e, pi->name, 0);
				count++;
			}
		}
		shape = find_shape(e, &is_new);
		if (complete) {
			zval zv;
			ZVAL_LONG(&zv, shape);
			zend_hash_index_add_new(&e->ce_shapes, (zend_ulong)(uintptr_t)ce, &zv);
		}
		if (is_new) {
			out_tag(e, ZS_T_OBJECT);
			if (cls_new) {
				write_literal(e, ZSTR_VAL(ce->name), ZSTR_LEN(ce->name));
			} else {
				write_sref(e, cls);
			}
			write_varint(e, count);
			e->def += KEYREC; /* past the class record */
			for (i = 0; i < ce->default_properties_count; i++) {
				zend_property_info *pi = ce->properties_info_table[i];
				if (pi && Z_TYPE_P(OBJ_PROP(obj, pi->offset)) != IS_UNDEF) {
					write_def_key(e, pi->name, 0, first_new);
				}
			}
		} else {
			write_shape_ref(e, shape);
		}
	}
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
		if (encode_elem(e, NULL, prop) != SUCCESS) {
			return FAILURE;
		}
	}
	return SUCCESS;
}

/* Adds `name` from `props` to the __sleep() table; FAILURE when it is not there
 * (same rules and warnings as php_var_serialize_try_add_sleep_prop()). */
static zend_result sleep_add(HashTable *ht, HashTable *props, zend_string *name,
                             zend_string *error_name, zend_object *obj)
{
	zval *val = zend_hash_find(props, name);
	if (val == NULL) {
		return FAILURE;
	}
	if (Z_TYPE_P(val) == IS_INDIRECT) {
		val = Z_INDIRECT_P(val);
		if (Z_TYPE_P(val) == IS_UNDEF) {
			return zend_get_typed_property_info_for_slot(obj, val) ? SUCCESS : FAILURE;
		}
	}
	if (!zend_hash_add(ht, name, val)) {
		php_error_docref(NULL, E_NOTICE, "\"%s\" is returned from __sleep() multiple times",
		                 ZSTR_VAL(error_name));
		return SUCCESS;
	}
	Z_TRY_ADDREF_P(val);
	return SUCCESS;
}

static zend_result sleep_props(HashTable *ht, zval *struc, HashTable *names)
{
	zend_object *obj = Z_OBJ_P(struc);
	zend_class_entry *ce = obj->ce;
	HashTable *props = zend_get_properties_for(struc, ZEND_PROP_PURPOSE_SERIALIZE);
	zend_result res = SUCCESS;
	zval *name_val;

	zend_hash_init(ht, zend_hash_num_elements(names), NULL, ZVAL_PTR_DTOR, 0);
	ZEND_HASH_FOREACH_VAL_IND(names, name_val)
	{
		zend_string *name, *tmp_name, *mangled;
		bool found;

		ZVAL_DEREF(name_val);
		if (Z_TYPE_P(name_val) != IS_STRING) {
			php_error_docref(NULL, E_WARNING,
			                 "%s::__sleep() should return an array only containing the names of "
			                 "instance-variables to serialize",
			                 ZSTR_VAL(ce->name));
		}
		name = zval_get_tmp_string(name_val, &tmp_name);
		found = sleep_add(ht, props, name, name, obj) == SUCCESS;
		if (!found && !EG(exception)) {
			mangled = zend_mangle_property_name(ZSTR_VAL(ce->name), ZSTR_LEN(ce->name),
			                                    ZSTR_VAL(name), ZSTR_LEN(name),
			                                    ce->type & ZEND_INTERNAL_CLASS);
			found = sleep_add(ht, props, mangled, name, obj) == SUCCESS;
			zend_string_release(mangled);
		}
		if (!found && !EG(exception)) {
			mangled = zend_mangle_property_name("*", 1, ZSTR_VAL(name), ZSTR_LEN(name),
			                                    ce->type & ZEND_INTERNAL_CLASS);
			found = sleep_add(ht, props, mangled, name, obj) == SUCCESS;
			zend_string_release(mangled);
		}
		if (EG(exception)) {
			zend_tmp_string_release(tmp_name);
			res = FAILURE;
			break;
		}
		if (!found) {
			php_error_docref(NULL, E_WARNING,
			                 "\"%s\" returned as member variable from __sleep() but does not exist",
			                 ZSTR_VAL(name));
		}
		zend_tmp_string_release(tmp_name);
	}
	ZEND_HASH_FOREACH_END();
	zend_release_properties(props);
	return res;
}

static zend_result encode_sleep(encoder *e, zval *struc, zend_function *fn)
{
	zend_object *obj = Z_OBJ_P(struc);
	zval retval, tmp;
	HashTable props;
	zend_result res;

	ZVAL_OBJ_COPY(&tmp, obj);
	BG(serialize_lock)++;
	zend_call_known_instance_method(fn, obj, &retval, 0, NULL);
	BG(serialize_lock)--;
	if (Z_ISUNDEF(retval) || EG(exception)) {
		zval_ptr_dtor(&retval);
		zval_ptr_dtor(&tmp);
		return FAILURE;
	}
	if (Z_TYPE(retval) != IS_ARRAY) {
		zval_ptr_dtor(&retval);
		php_error_docref(NULL, E_WARNING,
		                 "%s::__sleep() should return an array only containing the names of "
		                 "instance-variables to serialize",
		                 ZSTR_VAL(obj->ce->name));
		out_tag(e, ZS_T_NULL);
		zval_ptr_dtor(&tmp);
		return SUCCESS;
	}
	res = sleep_props(&props, &tmp, Z_ARRVAL(retval));
	if (res == SUCCESS) {
		res = encode_props(e, &tmp, obj->ce->name, &props, false);
	}
	zend_hash_destroy(&props);
	zval_ptr_dtor(&retval);
	zval_ptr_dtor(&tmp);
	return res;
}

static zend_result encode_magic_serialize(encoder *e, zval *struc)
{
	zend_object *obj = Z_OBJ_P(struc);
	zval retval, tmp;
	zend_result res;

	ZVAL_OBJ_COPY(&tmp, obj);
	BG(serialize_lock)++;
	zend_call_known_instance_method_with_0_params(obj->ce->__serialize, obj, &retval);
	BG(serialize_lock)--;
	if (EG(exception)) {
		zval_ptr_dtor(&retval);
		zval_ptr_dtor(&tmp);
		return FAILURE;
	}
	if (Z_TYPE(retval) != IS_ARRAY) {
		zval_ptr_dtor(&retval);
		zend_type_error("%s::__serialize() must return an array", ZSTR_VAL(obj->ce->name));
		zval_ptr_dtor(&tmp);
		return FAILURE;
	}
	out_tag(e, ZS_T_OBJECT_DATA);
	write_string(e, obj->ce->name);
	e->rcn = Z_REFCOUNT(retval) > 1;
	res = encode_array_body(e, Z_ARRVAL(retval), NULL);
	zval_ptr_dtor(&retval);
	zval_ptr_dtor(&tmp);
	return res;
}

static zend_result encode_custom(encoder *e, zval *struc)
{
	zend_class_entry *ce = Z_OBJCE_P(struc);
	unsigned char *data = NULL, *p;
	size_t len;

	if (ce->serialize(struc, &data, &len, NULL) == SUCCESS) {
		out_tag(e, ZS_T_OBJECT_BLOB);
		write_string(e, ce->name);
		p = out_begin(e, ZS_WIRE_PUT_MAX + len);
		p = zs_wire_put_varint(p, len);
		memcpy(p, data, len);
		out_end(e, p + len);
	} else {
		/* as var.c: later references to this object become null too */
		zval *slot = zend_hash_index_find(&e->ids, (zend_ulong)(uintptr_t)Z_COUNTED_P(struc));
		if (slot) {
			ZVAL_LONG(slot, -1);
		}
		out_tag(e, ZS_T_NULL);
	}
	if (data) {
		efree(data);
	}
	return EG(exception) ? FAILURE : SUCCESS;
}

static zend_result encode_object(encoder *e, zval *struc)
{
	zend_object *obj = Z_OBJ_P(struc);
	zend_class_entry *ce = obj->ce;
	zend_result res;
	bool rcn;

	if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		zend_throw_exception_ex(NULL, 0, "Serialization of '%s' is not allowed",
		                        ZSTR_VAL(ce->name));
		return FAILURE;
	}
	if (ce->ce_flags & ZEND_ACC_ENUM) {
		out_tag(e, ZS_T_ENUM);
		write_string(e, ce->name);
		write_string(e, Z_STR_P(zend_enum_fetch_case_name(obj)));
		return SUCCESS;
	}
	if (enter(e) != SUCCESS) {
		return FAILURE;
	}
	rcn = e->rcn;
	e->rcn = false;
	if (ce->__serialize) {
		res = encode_magic_serialize(e, struc);
	} else if (ce->serialize) {
		res = encode_custom(e, struc);
	} else {
		zend_function *sleep = NULL;
		if (ce != php_ce_incomplete_class) {
			sleep = zend_hash_find_ptr(&ce->function_table, ZSTR_KNOWN(ZEND_STR_SLEEP));
		}
		if (sleep) {
			res = encode_sleep(e, struc, sleep);
		} else if (!obj->properties && !obj->handlers->get_properties_for &&
		           obj->handlers->get_properties == zend_std_get_properties) {
			res = encode_declared(e, obj);
		} else {
			bool incomplete = ce == php_ce_incomplete_class;
			zend_string *name = ce->name;
			HashTable *props;
			if (incomplete) {
				name = php_lookup_class_name(obj);
				if (!name) {
					name = zend_string_init(INCOMPLETE_CLASS, sizeof(INCOMPLETE_CLASS) - 1, 0);
				}
			}
			props = zend_get_properties_for(struc, ZEND_PROP_PURPOSE_SERIALIZE);
			e->rcn = GC_REFCOUNT(props) > 1;
			res = encode_props(e, struc, name, props, incomplete);
			zend_release_properties(props);
			if (incomplete) {
				zend_string_release(name);
			}
		}
	}
	e->rcn = rcn;
	e->depth--;
	return res;
}

/* ==== Values ==== */

/* Slot bookkeeping of php_add_var_hash(): returns true when a back-reference (or the null
 * of a failed Serializable) was written instead of the value. */
/* php_add_var_hash() without its n++: the slot already given to v (a reference or an object),
 * or NULL after giving it slot e->n now (when v may be met again). */
static zval *lookup_var(encoder *e, zval *v)
{
	zval *target = v, *zv;
	zend_ulong key;

	if (!Z_ISREF_P(v)) {
		/* php_add_var_hash(): an object nobody else holds cannot be met again */
		zend_object *obj = Z_OBJ_P(v);
		if (!e->rcn && GC_REFCOUNT(obj) == 1 &&
		    (obj->properties == NULL || GC_REFCOUNT(obj->properties) == 1) &&
		    obj->ce->__serialize == NULL &&
		    !zend_hash_find_known_hash(&obj->ce->function_table, ZSTR_KNOWN(ZEND_STR_SLEEP))) {
			return NULL;
		}
	}

	if (Z_ISREF_P(v) && Z_TYPE_P(Z_REFVAL_P(v)) == IS_OBJECT) {
		target = Z_REFVAL_P(v);
	}
	key = (zend_ulong)(uintptr_t)Z_COUNTED_P(target);
	zv = zend_hash_index_lookup(&e->ids, key);
	if (Z_TYPE_P(zv) == IS_NULL) {
		ZVAL_LONG(zv, e->n);
		/* keep the value alive so that its address cannot be reused while we run */
		Z_ADDREF_P(target);
		zend_hash_index_add_new(&e->ids, key + 1, target);
		return NULL;
	}
	return zv;
}

static bool write_known(encoder *e, zval *v)
{
	zval *zv = lookup_var(e, v);

	if (!zv) {
		return false;
	}
	if (Z_LVAL_P(zv) == -1) {
		out_tag(e, ZS_T_NULL);
	} else {
		unsigned char *p = out_begin(e, ZS_WIRE_PUT_MAX);
		e->refs = true;
		if (Z_ISREF_P(v)) {
			e->n--;
			p = zs_wire_put_backref(p, ZS_T_BACKREF_REF, (uint32_t)Z_LVAL_P(zv));
		} else {
			p = zs_wire_put_backref(p, ZS_T_BACKREF_OBJ, (uint32_t)Z_LVAL_P(zv));
		}
		out_end(e, p);
	}
	return true;
}

static zend_result encode_value(encoder *e, zval *v)
{
	unsigned char *p;
	zend_result res;

	if (UNEXPECTED(EG(exception))) {
		return FAILURE;
	}
	e->n++;
	if ((Z_ISREF_P(v) || Z_TYPE_P(v) == IS_OBJECT) && write_known(e, v)) {
		return SUCCESS;
	}
	ZVAL_DEREF(v);
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
		write_string(e, Z_STR_P(v));
		return SUCCESS;
	case IS_ARRAY: {
		bool rcn = e->rcn;
		if (zend_hash_num_elements(Z_ARRVAL_P(v)) == 0) {
			/* an empty array is no level deeper (FORMAT.md §11) */
			out_tag(e, ZS_T_FIXLIST);
			return SUCCESS;
		}
		if (enter(e) != SUCCESS) {
			return FAILURE;
		}
		/* the top-level array counts as unshared, as in var.c */
		e->rcn = e->n > 1 && (rcn || GC_REFCOUNT(Z_ARRVAL_P(v)) > 1);
		res = encode_array_body(e, Z_ARRVAL_P(v), v);
		e->rcn = rcn;
		e->depth--;
		return res;
	}
	case IS_OBJECT:
		return encode_object(e, v);
	default:
		/* resources and the like: serialize() writes i:0 */
		write_int(e, 0);
		return SUCCESS;
	}
}

PHP_ZSER_API zend_result php_zser_serialize(smart_str *buf, zval *value)
{
	encoder e;
	zend_result res;
	unsigned char *p;
	size_t start;

	memset(&e, 0, offsetof(encoder, memo));
	e.buf = buf;
	zend_hash_init(&e.shapes, 8, NULL, NULL, 0);
	zend_hash_init(&e.ids, 8, NULL, ZVAL_PTR_DTOR, 0);
	zend_hash_init(&e.ce_shapes, 8, NULL, NULL, 0);
	p = out_begin(&e, 2);
	start = ZSTR_LEN(buf->s);
	out_end(&e, zs_wire_put_header(p, false));
	res = encode_value(&e, value);
	if (res == SUCCESS && e.refs) {
		ZSTR_VAL(buf->s)[start + 1] |= (char)ZS_WIRE_FLAG_REFS;
	}
	if (EG(exception)) {
		res = FAILURE;
	}
	if (e.spilled) {
		zend_hash_destroy(&e.strs);
	} else {
		small_release(&e);
	}
	zend_hash_destroy(&e.shapes);
	zend_hash_destroy(&e.ids);
	zend_hash_destroy(&e.ce_shapes);
	smart_str_free(&e.kb);
	for (int i = 0; i < MEMO_SIZE; i++) {
		if (e.memo_live & (1u << i)) {
			memo_release(&e.memo[i]);
		}
	}
	return res;
}
