/* zser — SPDX-License-Identifier: MIT
 *
 * zser_unserialize()'s classes and objects, as var_unserializer makes them: the class lookup
 * (allowed_classes, autoload, unserialize_callback_func, __PHP_Incomplete_Class), new objects
 * and the frame that fills their properties (declared slots, the property table, or the
 * __unserialize() data), Serializable blobs, enum cases, the check of a value put in a typed
 * property, and the __wakeup/__unserialize calls queued until the whole graph is built and run
 * by zser_decode() at the end. Where each value goes and the decode loop are bin_decode.c's job.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "zend_exceptions.h"
#include "zend_enum.h"
#include "ext/standard/php_incomplete_class.h"
#include "ext/standard/basic_functions.h"
#include "bin_decoder.h"

static bool class_allowed(zser_decoder *d, zend_string *name)
{
	zend_string *lc;
	bool ok;
	if (!d->opts->allowed) {
		return true;
	}
	lc = zend_string_tolower(name);
	ok = zend_hash_exists(d->opts->allowed, lc);
	zend_string_release(lc);
	return ok;
}

/* decoder.classes: a name that is unknown or not allowed; its objects are incomplete and keep
 * the name. (A name that finds __PHP_Incomplete_Class itself maps to that class.) */
#define INCOMPLETE_NAMED ((zend_class_entry *)(uintptr_t)1)

/* Class for an object's class name, as object_common() finds it: *ce is the class, or the
 * incomplete class when the name is unknown or not allowed (*named then). FAILURE only with
 * an exception. */
static zend_result lookup_class(zser_decoder *d, zend_string *name, zend_class_entry **ce,
                                bool *named)
{
	zval user_func, retval, args[1];
	const char *cb;

	*ce = php_ce_incomplete_class;
	*named = true;
	if (!class_allowed(d, name)) {
		return SUCCESS;
	}
	/* autoloaders and unserialize_callback_func are the program's code */
	zser_dec_before_user_code(d);
	BG(serialize_lock)++;
	*ce = zend_lookup_class(name);
	BG(serialize_lock)--;
	if (EG(exception)) {
		return FAILURE;
	}
	if (*ce) {
		*named = false;
		return SUCCESS;
	}
	cb = PG(unserialize_callback_func);
	*ce = php_ce_incomplete_class;
	if (!cb || !cb[0]) {
		return SUCCESS;
	}
	ZVAL_STRING(&user_func, cb);
	ZVAL_STR(&args[0], name);
	BG(serialize_lock)++;
	if (call_user_function(NULL, NULL, &user_func, &retval, 1, args) != SUCCESS) {
		BG(serialize_lock)--;
		zval_ptr_dtor(&user_func);
		if (EG(exception)) {
			return FAILURE;
		}
		php_error_docref(NULL, E_WARNING, "defined (%s) but not found", cb);
		return SUCCESS;
	}
	BG(serialize_lock)--;
	zval_ptr_dtor(&retval);
	if (EG(exception)) {
		zval_ptr_dtor(&user_func);
		return FAILURE;
	}
	BG(serialize_lock)++;
	*ce = zend_lookup_class(name);
	BG(serialize_lock)--;
	if (*ce) {
		*named = false;
	} else {
		php_error_docref(NULL, E_WARNING,
		                 "Function %s() hasn't defined the class it was called for",
		                 Z_STRVAL(user_func));
		*ce = php_ce_incomplete_class;
	}
	zval_ptr_dtor(&user_func);
	return EG(exception) ? FAILURE : SUCCESS;
}

/* lookup_class() once per name and decode: unserialize() looks a name up again for each
 * object, lowercasing and hashing it and running the autoloaders and
 * unserialize_callback_func while it stays unknown; here a further object costs one byte
 * (a shape reference) whatever the name's length, so redoing that work would make the
 * decode quadratic in the input (FORMAT.md §14.1). */
static zend_result resolve_class(zser_decoder *d, uint32_t idx, zend_class_entry **ce)
{
	bool named;

	if (idx < d->classes_cap && d->classes[idx]) {
		*ce = d->classes[idx] == INCOMPLETE_NAMED ? php_ce_incomplete_class : d->classes[idx];
		return SUCCESS;
	}
	if (lookup_class(d, zser_dec_str_at(d, idx), ce, &named) != SUCCESS) {
		return FAILURE;
	}
	d->classes = grow_ptrs(d->classes, &d->classes_cap, idx, sizeof(zend_class_entry *));
	d->classes[idx] = named ? INCOMPLETE_NAMED : *ce;
	return SUCCESS;
}

static zend_result new_object(zser_decoder *d, zval *dest, zend_class_entry *ce, uint32_t cls)
{
	if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		zend_throw_exception_ex(NULL, 0, "Unserialization of '%s' is not allowed",
		                        ZSTR_VAL(ce->name));
		return FAILURE;
	}
	if (object_init_ex(dest, ce) != SUCCESS) {
		return FAILURE;
	}
	/* An object that is incomplete because its class is unknown or not allowed keeps the name
	 * it was written under. Written under the incomplete class's own name, which the lookup
	 * finds, it keeps none, as unserialize() stores none. resolve_class() has run for cls. */
	if (ce == php_ce_incomplete_class && d->classes[cls] == INCOMPLETE_NAMED) {
		php_store_class_name(dest, zser_dec_str_at(d, cls));
	}
	return SUCCESS;
}

/* The declared-property map of an object shape for class ce, or NULL when some key is not
 * exactly the name of a declared property (then the generic path handles it). */
static zser_dec_propmap *shape_map(zser_decoder *d, uint32_t shape, zend_class_entry *ce)
{
	uint32_t count = d->r.shapes[shape].count, j;
	zser_dec_propmap *m;
	int i;

	if (shape < d->maps_cap && d->maps[shape]) {
		m = d->maps[shape];
		return m == ZSER_DEC_NO_PROPMAP || m->ce != ce ? NULL : m;
	}
	d->maps = grow_ptrs(d->maps, &d->maps_cap, shape, sizeof(zser_dec_propmap *));
	m = safe_emalloc(count, sizeof(zend_property_info *), sizeof(zser_dec_propmap));
	m->ce = ce;
	m->count = count;
	for (j = 0; j < count; j++) {
		const zs_key *k = zs_reader_shape_key(&d->r, shape, j);
		zend_string *name;
		m->props[j] = NULL;
		if (!k->is_str || k->str == ZS_WIRE_NO_INDEX) {
			break;
		}
		name = zser_dec_str_at(d, k->str);
		for (i = 0; i < ce->default_properties_count; i++) {
			zend_property_info *pi = ce->properties_info_table[i];
			if (pi && zend_string_equals(pi->name, name)) {
				m->props[j] = pi;
				break;
			}
		}
		if (!m->props[j]) {
			break;
		}
	}
	if (j < count) {
		efree(m);
		d->maps[shape] = ZSER_DEC_NO_PROPMAP;
		return NULL;
	}
	m->wakeup = zend_hash_exists(&ce->function_table, ZSTR_KNOWN(ZEND_STR_WAKEUP));
	d->maps[shape] = m;
	return m;
}

/* The keys of object shape `shape` for its __unserialize() array (decoder.syms), made once
 * per decode. */
static void sym_keys(zser_decoder *d, uint32_t shape)
{
	uint32_t count = d->r.shapes[shape].count, j;
	zser_dec_key *keys;

	if (shape < d->syms_cap && d->syms[shape]) {
		return;
	}
	d->syms = grow_ptrs(d->syms, &d->syms_cap, shape, sizeof(zser_dec_key *));
	/* one entry at least, so that a shape without keys is marked made too */
	keys = safe_emalloc(count ? count : 1, sizeof(zser_dec_key), 0);
	for (j = 0; j < count; j++) {
		const zs_key *k = zs_reader_shape_key(&d->r, shape, j);
		zend_string *name;
		zend_ulong num;
		if (!k->is_str) {
			/* a property name in integer form: the name unserialize() would read is its
			 * decimal digits, which PHP always takes as this integer */
			keys[j].s = NULL;
			keys[j].h = (zend_ulong)(zend_long)k->i;
			continue;
		}
		name = k->str == ZS_WIRE_NO_INDEX ? ZSTR_EMPTY_ALLOC() : zser_dec_str_at(d, k->str);
		if (ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(name), ZSTR_LEN(name), num)) {
			keys[j].s = NULL;
			keys[j].h = num;
		} else {
			/* owned by the string table until the decoder is freed */
			keys[j].s = name;
			keys[j].h = zend_string_hash_val(name);
		}
	}
	d->syms[shape] = keys;
}

zend_result zser_dec_begin_object(zser_decoder *d, const zs_event *ev, zval *dest,
                                  zend_property_info *info)
{
	zend_class_entry *ce;
	zend_object *obj;
	zser_dec_frame *f;

	if (resolve_class(d, ev->cls, &ce) != SUCCESS || new_object(d, dest, ce, ev->cls) != SUCCESS) {
		return FAILURE;
	}
	obj = Z_OBJ_P(dest);
	f = zser_dec_push_frame(d, dest, info, ev);
	f->obj = obj;
	if (ce != php_ce_incomplete_class && ce->__unserialize) {
		bool list = ev->type == ZS_EV_OBJECT_DATA && ev->shape == ZS_WIRE_NO_INDEX;
		f->after = AFTER_UNSERIALIZE;
		f->kind = ev->type == ZS_EV_OBJECT ? ZSER_DEC_SYM : list ? ZSER_DEC_LIST : ZSER_DEC_MAP;
		if (f->kind == ZSER_DEC_MAP) {
			f->kbase = zser_dec_shape_keys(d, ev->shape);
		} else if (f->kind == ZSER_DEC_SYM) {
			sym_keys(d, ev->shape);
			f->kbase = ev->shape;
		}
		zser_dec_array_init(&f->data, ev->count, list);
		f->ht = Z_ARRVAL(f->data);
		return SUCCESS;
	}
	if (ev->type == ZS_EV_OBJECT && !obj->properties &&
	    obj->handlers->get_properties == zend_std_get_properties) {
		zser_dec_propmap *m = shape_map(d, ev->shape, ce);
		if (m) {
			f->kind = ZSER_DEC_DECLARED;
			f->map = m;
			f->after = m->wakeup ? AFTER_WAKEUP : AFTER_NONE;
			if (d->track) {
				if (d->ndeclared == d->declared_cap) {
					/* written before read: no zero-fill */
					d->declared = zser_dec_grow_to(d->declared, NULL, &d->declared_cap,
					                               d->ndeclared, sizeof(zend_object *));
				}
				d->declared[d->ndeclared++] = obj;
			}
			return SUCCESS;
		}
	}
	f->kind = ZSER_DEC_PROPS;
	/* a table that holds only what creating the object put there: its declared properties
	 * (the table is made now), or the class name an incomplete one keeps. The keys of an
	 * object shape (FORMAT.md §8.1) and of the array of OBJECT_DATA (a map's, whose keys are
	 * no numeric strings, or a list's) each name a different property. */
	f->fresh = obj->handlers->get_properties == zend_std_get_properties &&
	           (!obj->properties ||
	            (ce == php_ce_incomplete_class && zend_hash_num_elements(obj->properties) == 1));
	f->ht = obj->handlers->get_properties(obj);
	f->fresh = f->fresh && !HT_IS_PACKED(f->ht) && f->ht->nNumUsed == zend_hash_num_elements(f->ht);
	f->kbase = f->ht->nNumUsed;
	if (ev->count > 0) {
		zend_hash_extend(f->ht, zend_hash_num_elements(f->ht) + ev->count, HT_IS_PACKED(f->ht));
	}
	if (ce != php_ce_incomplete_class &&
	    zend_hash_exists(&ce->function_table, ZSTR_KNOWN(ZEND_STR_WAKEUP))) {
		f->after = AFTER_WAKEUP;
	}
	return SUCCESS;
}

zend_result zser_dec_decode_blob(zser_decoder *d, const zs_event *ev, zval *dest)
{
	zend_class_entry *ce;
	zser_dec_nest nest, *prev;
	bool ok;

	if (resolve_class(d, ev->cls, &ce) != SUCCESS) {
		return FAILURE;
	}
	if (ce->ce_flags & ZEND_ACC_NOT_SERIALIZABLE) {
		zend_throw_exception_ex(NULL, 0, "Unserialization of '%s' is not allowed",
		                        ZSTR_VAL(ce->name));
		return FAILURE;
	}
	if (ce == php_ce_incomplete_class || ce->unserialize == NULL) {
		/* unserialize()'s warning, one per such object and naming the class it resolved to,
		 * but given only if the whole value decodes (one warning in all on failure) */
		if (d->ndeferred == d->deferred_cap) {
			d->deferred = grow_ptrs(d->deferred, &d->deferred_cap, d->ndeferred,
			                        sizeof(zend_class_entry *));
		}
		d->deferred[d->ndeferred++] = ce;
		return new_object(d, dest, ce, ev->cls);
	}
	/* without serialize_lock, as var_unserializer's object_custom(): a zser_unserialize()
	 * made inside continues this decode's slots after the object's own (FORMAT.md §8.3). An
	 * object the method refused stays in *dest, released with the graph (its destructor
	 * runs, as after unserialize()) */
	nest.d = d;
	nest.next = ev->slot;
	nest.end = ev->slot + ev->reserve;
	nest.level = d->r.level;
	prev = ZSER_G(dec_outer);
	ZSER_G(dec_outer) = &nest;
	zser_dec_hold_declared(d);
	zser_dec_before_user_code(d);
	ok = ce->unserialize(dest, ce, ev->str, ev->len, NULL) == SUCCESS;
	ZSER_G(dec_outer) = prev;
	if (!ok) {
		if (EG(exception)) {
			return FAILURE;
		}
		return zser_dec_failf(d, ev->pos, ZSER_E_UNSERIALIZE_FAILED, "%s::unserialize() failed",
		                      ZSTR_VAL(ce->name));
	}
	return EG(exception) ? FAILURE : SUCCESS;
}

zend_result zser_dec_decode_enum(zser_decoder *d, const zs_event *ev, zval *dest)
{
	zend_string *name = zser_dec_str_at(d, ev->cls), *case_name;
	zend_class_constant *c;
	zend_class_entry *ce = ev->cls < d->enums_cap ? d->enums[ev->cls] : NULL;

	/* like unserialize() in PHP 8.2, allowed_classes does not apply to enums. A class found
	 * is remembered per name (one lookup of the name per decode, as for objects); a name not
	 * found ends the decode, so the autoloaders run for it as often as in unserialize(). */
	if (!ce) {
		zser_dec_before_user_code(d);
		BG(serialize_lock)++;
		ce = zend_lookup_class(name);
		BG(serialize_lock)--;
		if (EG(exception)) {
			return FAILURE;
		}
		if (!ce) {
			return zser_dec_failf(d, ev->pos, ZSER_E_ENUM_CLASS, "Class '%s' not found",
			                      ZSTR_VAL(name));
		}
		if (!(ce->ce_flags & ZEND_ACC_ENUM)) {
			return zser_dec_failf(d, ev->pos, ZSER_E_NOT_ENUM, "Class '%s' is not an enum",
			                      ZSTR_VAL(name));
		}
		d->enums = grow_ptrs(d->enums, &d->enums_cap, ev->cls, sizeof(zend_class_entry *));
		d->enums[ev->cls] = ce;
	}
	case_name = ev->index == ZS_WIRE_NO_INDEX ? ZSTR_EMPTY_ALLOC() : zser_dec_str_at(d, ev->index);
	c = zend_hash_find_ptr(CE_CONSTANTS_TABLE(ce), case_name);
	if (!c) {
		return zser_dec_failf(d, ev->pos, ZSER_E_ENUM_CASE, "Undefined constant %s::%s",
		                      ZSTR_VAL(name), ZSTR_VAL(case_name));
	}
	if (!(ZEND_CLASS_CONST_FLAGS(c) & ZEND_CLASS_CONST_IS_CASE)) {
		return zser_dec_failf(d, ev->pos, ZSER_E_ENUM_CASE, "%s::%s is not an enum case",
		                      ZSTR_VAL(name), ZSTR_VAL(case_name));
	}
	if (Z_TYPE(c->value) == IS_CONSTANT_AST &&
	    zval_update_constant_ex(&c->value, c->ce) != SUCCESS) {
		return FAILURE;
	}
	if (Z_TYPE(c->value) != IS_OBJECT) {
		return zser_dec_failf(d, ev->pos, ZSER_E_ENUM_CASE, "%s::%s is not an enum case",
		                      ZSTR_VAL(name), ZSTR_VAL(case_name));
	}
	ZVAL_COPY(dest, &c->value);
	return SUCCESS;
}

/* ==== Property names ==== */

enum { PROP_PLAIN = 1, PROP_PROTECTED, PROP_PRIVATE, PROP_BAD };

/* A property name taken apart as zend_unmangle_property_name_ex() does: the name without its
 * scope, hashed, and for "\0Class\0name" the length of Class (which starts at the key's
 * second byte). */
typedef struct zser_dec_prop {
	zend_string *name;
	uint32_t scope_len;
	uint8_t kind;
} zser_dec_prop;

/* The checks zend_unmangle_property_name_ex() makes, without its E_NOTICE. p->name is a new
 * reference. */
static void parse_prop(zend_string *key, zser_dec_prop *p)
{
	const char *s = ZSTR_VAL(key);
	size_t len = ZSTR_LEN(key), scope;

	p->name = NULL;
	p->scope_len = 0;
	if (len == 0 || s[0] != '\0') {
		p->name = zend_string_copy(key);
		p->kind = PROP_PLAIN;
		return;
	}
	if (len < 3 || s[1] == '\0' || (scope = strnlen(s + 1, len - 2)) >= len - 2) {
		p->kind = PROP_BAD;
		return;
	}
	p->name = zend_string_init(s + scope + 2, len - scope - 2, 0);
	zend_string_hash_val(p->name);
	p->kind = scope == 1 && s[1] == '*' ? PROP_PROTECTED : PROP_PRIVATE;
	p->scope_len = (uint32_t)scope;
}

zend_string *zser_dec_declared_name(zser_decoder *d, zend_class_entry *ce, const zs_key *k,
                                    zend_string *key, size_t pos, bool *bad)
{
	zser_dec_prop local, *p = &local;
	zend_property_info *pi = NULL;
	bool found;

	*bad = false;
	if (zend_hash_num_elements(&ce->properties_info) == 0) {
		return NULL;
	}
	if (k->is_str && k->str != ZS_WIRE_NO_INDEX) {
		/* taken apart once per name: each further object of its shape costs a byte or two */
		if (k->str >= d->props_cap) {
			d->props = grow_ptrs(d->props, &d->props_cap, k->str, sizeof(zser_dec_prop));
		}
		p = &d->props[k->str];
		if (!p->kind) {
			parse_prop(key, p);
		}
	} else {
		parse_prop(key, p);
	}
	if (p->kind == PROP_BAD) {
		*bad = true;
		zser_dec_failf(d, pos, ZSER_E_PROPERTY_NAME, "invalid property name");
		return NULL;
	}
	found = p->kind != PROP_PRIVATE ||
	        (p->scope_len == ZSTR_LEN(ce->name) &&
	         zend_binary_strncasecmp(ZSTR_VAL(key) + 1, p->scope_len, ZSTR_VAL(ce->name),
	                                 ZSTR_LEN(ce->name), p->scope_len) == 0);
	if (found) {
		pi = zend_hash_find_ptr(&ce->properties_info, p->name);
	}
	if (p == &local) {
		zend_string_release(local.name);
	}
	if (!pi || (pi->flags & ZEND_ACC_STATIC) || zend_string_equals(pi->name, key)) {
		return NULL;
	}
	return pi->name;
}

/* unserialize() gives the deprecation for each object; the message holds the name, and each
 * further object with it costs the input a byte or two here, so one per class and name keeps
 * the work linear (FORMAT.md §14.1). Integer names and "" are short: those are
 * given for each object, as unserialize() gives them. */
void zser_dec_dynamic_deprecated(zser_decoder *d, zend_class_entry *ce, const zs_key *k,
                                 zend_string *key)
{
	struct {
		zend_class_entry *ce;
		uint32_t idx;
	} pair;

	if (k->is_str && k->str != ZS_WIRE_NO_INDEX) {
		memset(&pair, 0, sizeof(pair));
		pair.ce = ce;
		pair.idx = k->str;
		if (!d->deprecated) {
			ALLOC_HASHTABLE(d->deprecated);
			zend_hash_init(d->deprecated, 8, NULL, NULL, 0);
		}
		if (!zend_hash_str_add_empty_element(d->deprecated, (const char *)&pair, sizeof(pair))) {
			return;
		}
	}
	/* an error handler is the program's code */
	zser_dec_before_user_code(d);
	zend_error(E_DEPRECATED, "Creation of dynamic property %s::$%s is deprecated",
	           ZSTR_VAL(ce->name), zend_get_unmangled_property_name(key));
}

void zser_dec_free_names(zser_decoder *d)
{
	uint32_t i;

	if (d->deprecated) {
		zend_hash_destroy(d->deprecated);
		FREE_HASHTABLE(d->deprecated);
	}

	if (d->classes) {
		efree(d->classes);
	}
	if (d->enums) {
		efree(d->enums);
	}
	for (i = 0; i < d->props_cap; i++) {
		if (d->props[i].name) {
			zend_string_release(d->props[i].name);
		}
	}
	if (d->props) {
		efree(d->props);
	}
}

zend_result zser_dec_check_typed_full(zser_decoder *d, zval *dest, zend_property_info *info,
                                      zend_object *obj, uint32_t slot)
{
	/* a plain value whose type the property's type names is assignable (the engine's check
	 * starts with the same test), and so is an object of the one class it names: most often
	 * the very string of the class's name, both interned */
	if (!(!Z_ISREF_P(dest) &&
	      (ZEND_TYPE_CONTAINS_CODE(info->type, Z_TYPE_P(dest)) ||
	       (Z_TYPE_P(dest) == IS_OBJECT && ZEND_TYPE_HAS_NAME(info->type) &&
	        (ZEND_TYPE_NAME(info->type) == Z_OBJCE_P(dest)->name ||
	         zend_string_equals_ci(ZEND_TYPE_NAME(info->type), Z_OBJCE_P(dest)->name))))) &&
	    !zend_verify_prop_assignable_by_ref(info, dest, 1)) {
		/* as unserialize(): the value goes and the property is left uninitialized. A
		 * reference left there would lack this property's type source, which releasing the
		 * object removes all the same. The decode fails here, so the value is released
		 * before the warning as unserialize() does, but after the open containers are left
		 * (zser_decode()'s failure path). */
		ZEND_ASSERT(Z_ISUNDEF(d->refused));
		ZVAL_COPY_VALUE(&d->refused, dest);
		ZVAL_UNDEF(dest);
		return FAILURE;
	}
	if (Z_ISREF_P(dest)) {
		ZEND_REF_ADD_TYPE_SOURCE(Z_REF_P(dest), info);
	} else if (slot && d->track) {
		/* a later BACKREF_REF to this slot must give the reference this type source */
		if (slot >= d->slot_owner_cap) {
			d->slot_owner =
			        grow_ptrs(d->slot_owner, &d->slot_owner_cap, slot, sizeof(zend_object *));
		}
		d->slot_owner[slot] = obj;
	}
	return SUCCESS;
}

void zser_dec_queue_call(zser_decoder *d, zend_object *obj, zval *data, uint8_t kind)
{
	zser_dec_delayed *c;
	if (d->ncalls == d->calls_cap) {
		d->calls = grow_ptrs(d->calls, &d->calls_cap, d->ncalls, sizeof(zser_dec_delayed));
	}
	c = &d->calls[d->ncalls++];
	if (obj) {
		GC_ADDREF(obj);
	}
	c->obj = obj;
	c->kind = kind;
	if (data) {
		ZVAL_COPY_VALUE(&c->data, data);
		ZVAL_UNDEF(data);
	} else {
		ZVAL_UNDEF(&c->data);
	}
}

/* A change the program made to an object whose property table a decode held (see
 * hold_containers()) gave the object a copy, made by zend_array_dup(), which holds the
 * declared properties' values themselves instead of pointing at the object's slots: reading
 * $obj->name then sees the slot and iterating the object sees the copy, and the collector of
 * cycles does not see what the slots hold. Points every declared entry back at its slot, as
 * PHP builds the table; the slot wins over a value written through the copy, as it is what
 * reading the property gives. */
static void restore_props(zend_object *obj, const HashTable *held)
{
	zend_class_entry *ce = obj->ce;
	int i;

	if (!obj->properties || obj->properties == held) {
		return;
	}
	for (i = 0; i < ce->default_properties_count; i++) {
		zend_property_info *pi = ce->properties_info_table[i];
		HashTable *ht = obj->properties;
		zval *slot, *e, old;
		if (!pi) {
			continue;
		}
		/* a destructor run by releasing a copied value below may have changed the table */
		if (!ht || (GC_FLAGS(ht) & IS_ARRAY_IMMUTABLE)) {
			return;
		}
		if (GC_REFCOUNT(ht) > 1) {
			GC_DELREF(ht);
			ht = obj->properties = zend_array_dup(ht);
		}
		slot = OBJ_PROP(obj, pi->offset);
		if (Z_TYPE_P(slot) == IS_UNDEF) {
			HT_FLAGS(ht) |= HASH_FLAG_HAS_EMPTY_IND;
		}
		e = zend_hash_find(ht, pi->name);
		if (!e) {
			zval ind;
			ZVAL_INDIRECT(&ind, slot);
			zend_hash_add_new(ht, pi->name, &ind);
		} else if (Z_TYPE_P(e) != IS_INDIRECT) {
			ZVAL_COPY_VALUE(&old, e);
			ZVAL_INDIRECT(e, slot);
			zval_ptr_dtor(&old);
		}
	}
}

void zser_dec_release_entry(zser_dec_delayed *c)
{
	if (c->kind == AFTER_PROPS) {
		restore_props(c->obj, Z_ARR(c->data));
	}
	zval_ptr_dtor(&c->data);
	if (c->obj) {
		OBJ_RELEASE(c->obj);
	}
}

void zser_dec_run_calls(zser_decoder *d)
{
	bool failed = false;
	uint32_t i;

	for (i = 0; i < d->ncalls; i++) {
		zser_dec_delayed *c = &d->calls[i];
		if (c->kind == AFTER_PROPS || !c->obj) {
			/* a held table, or a kept value */
			zser_dec_release_entry(c);
			continue;
		}
		/* an exception pending from the decode, from an earlier call or from a destructor
		 * that releasing an entry ran: the call cannot run (var_destroy() finds it failed) */
		failed = failed || EG(exception);
		if (failed) {
			GC_ADD_FLAGS(c->obj, IS_OBJ_DESTRUCTOR_CALLED);
			OBJ_RELEASE(c->obj);
			zval_ptr_dtor(&c->data);
			continue;
		}
		BG(serialize_lock)++;
		if (c->kind == AFTER_UNSERIALIZE) {
			zend_call_known_instance_method_with_1_params(c->obj->ce->__unserialize, c->obj, NULL,
			                                              &c->data);
		} else {
			zval retval;
			zend_function *fn =
			        zend_hash_find_ptr(&c->obj->ce->function_table, ZSTR_KNOWN(ZEND_STR_WAKEUP));
			ZVAL_UNDEF(&retval);
			if (fn) {
				zend_call_known_instance_method_with_0_params(fn, c->obj, &retval);
			}
			zval_ptr_dtor(&retval);
		}
		BG(serialize_lock)--;
		if (EG(exception)) {
			failed = true;
			GC_ADD_FLAGS(c->obj, IS_OBJ_DESTRUCTOR_CALLED);
		}
		/* released one by one, as var_destroy() does: a destructor runs right after the
		 * object's call when the queue held the last reference */
		OBJ_RELEASE(c->obj);
		zval_ptr_dtor(&c->data);
	}
	d->ncalls = 0;
}
