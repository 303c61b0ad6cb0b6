/* zser — SPDX-License-Identifier: MIT
 *
 * The binary decoder's state and what its files call across: bin_decode.c (zser_decode() and
 * the per-value path), bin_decode_objects.c (classes, objects, queued magic calls) and
 * bin_decode_cache.c (the per-request caches, the strings of the string table). Internal: not
 * installed, and nothing here is exported.
 */
#ifndef BIN_DECODER_H
#define BIN_DECODER_H

#include "php.h"
#include "zser_internal.h"
#include "zs_wire_read.h"

/* ZSER_DEC_MAP fills a map key by key; ZSER_DEC_MAPT a copy of its shape's template (all keys in
 * place, values null), value by value in key order. */
enum {
	ZSER_DEC_LIST,
	ZSER_DEC_MAP,
	ZSER_DEC_MAPT,
	ZSER_DEC_SYM,
	ZSER_DEC_PROPS,
	ZSER_DEC_DECLARED
};
/* What the queue does with an entry (zser_dec_delayed) at the end; AFTER_PROPS: obj's
 * property table, held (data), whose declared entries zser_dec_restore_props() points back
 * at obj's slots should the program have made obj a copy of it. */
enum { AFTER_NONE, AFTER_WAKEUP, AFTER_UNSERIALIZE, AFTER_PROPS };

/* How the keys of one object shape map onto a class's declared properties, when each key
 * names one exactly: values then go straight into the property slots. */
typedef struct zser_dec_propmap {
	zend_class_entry *ce;
	bool wakeup;
	uint32_t count;
	zend_property_info *props[1];
} zser_dec_propmap;

/* Marks a shape whose keys do not all name declared properties of the class. */
#define ZSER_DEC_NO_PROPMAP ((zser_dec_propmap *)(uintptr_t)1)

/* A key of an array shape, ready to append: s == NULL for the integer key h. */
typedef struct zser_dec_key {
	zend_string *s;
	zend_ulong h;
} zser_dec_key;

/* An array shape's use count and, from its third use on, its template: a map with the
 * shape's keys in place and null values, copied for each further map of that shape. */
typedef struct zser_dec_shape {
	HashTable *tmpl;
	uint32_t uses;
} zser_dec_shape;

typedef struct zser_dec_frame {
	uint8_t kind;
	uint8_t after;
	/* ZSER_DEC_PROPS: the object's table holds only what creating it put there (its declared
	 * properties, or an incomplete object's class name), its first kbase entries, and each
	 * key of the shape that is none of those is new */
	bool fresh;
	uint32_t pos;
	zser_dec_propmap *map;
	/* ZSER_DEC_MAP: its shape's first key in zser_decoder.keys; ZSER_DEC_SYM: its shape;
	 * ZSER_DEC_PROPS: the entries creating the object put in its table */
	uint32_t kbase;
	HashTable *ht;
	zend_object *obj;
	zval data;                /* the __unserialize() array while it is being filled */
	zval *dest;               /* where the container sits */
	zend_property_info *info; /* typed property holding it: checked once it is complete */
	zend_object *owner;       /* the object that property belongs to */
	uint32_t slot;            /* the container's own slot */
} zser_dec_frame;

/* An entry of the queue zser_dec_run_calls() works through once the blob was read (or
 * failed): an object whose __wakeup() (AFTER_WAKEUP) or __unserialize() with data
 * (AFTER_UNSERIALIZE) is pending, or (AFTER_NONE, obj NULL) a value a property named twice
 * replaced, kept until then as var_unserializer keeps it. The queue holds a reference to each. */
typedef struct zser_dec_delayed {
	zend_object *obj;
	zval data;
	uint8_t kind;
} zser_dec_delayed;

/* An OBJECT_BLOB whose Serializable::unserialize() is running (FORMAT.md §8.3): a nested blob
 * decoded there continues the slots of d. */
typedef struct zser_dec_nest {
	struct zser_decoder *d;
	uint32_t next;  /* slots taken so far: the base the next nested blob must have */
	uint32_t end;   /* the last slot reserved for the payload's nested blobs */
	uint32_t level; /* the levels open around the OBJECT_BLOB (§11) */
} zser_dec_nest;

typedef struct zser_decoder {
	const zser_decode_opts *opts;
	/* slots are recorded: the blob has the reference flag, or is nested in one that records */
	bool track;
	zser_dec_nest *outer; /* set in a nested blob decoded with its outer blob's slots */
	zval *rootp;          /* where the value is built: root, or on the heap in a nested blob */
	zval **roots;         /* the values of nested blobs, which slots may point into */
	uint32_t nroots, roots_cap;
	zval root;
	/* A value a typed property refused, released only once the decode has let go of the
	 * graph: its destructor may reach the graph through a reference and free the object or
	 * the containers still being filled (unserialize() releases it at once, and reads freed
	 * memory after such a destructor). */
	zval refused;
	/* the string table's entries are the reader's, the zend_string made of each in its
	 * user word (zser_dec_str_entry()) */
	zend_string **owned; /* the entries the table owns (not ZSER_DEC_BORROWED, not interned) */
	uint32_t nowned, owned_cap;
	/* per string index, what it names, looked up once per decode (bin_decode_objects.c):
	 * the class of an object (or INCOMPLETE_NAMED), of an enum, and a property name taken
	 * apart; an input names one string again for three bytes or less, whatever its length */
	zend_class_entry **classes;
	uint32_t classes_cap;
	zend_class_entry **enums;
	uint32_t enums_cap;
	struct zser_dec_prop *props;
	uint32_t props_cap;
	HashTable *deprecated; /* (class, property name) pairs whose deprecation was given */
	/* per slot, where its value is; entries from slots_len on are unset, read as NULL: slots
	 * are taken in order, so each entry is written once, without zero-filling the room that
	 * doubling the table leaves (set_slot()) */
	zval **slots;
	uint32_t slots_len, slots_cap;
	zser_dec_frame *frames;
	uint32_t depth, frames_cap;
	zser_dec_delayed *calls;
	uint32_t ncalls, calls_cap;
	/* The objects whose values went straight into their declared slots, made without the
	 * property table unserialize() gives every object it fills from properties (listed only
	 * where slots are recorded; the first nheld with a reference, taken before a class's
	 * unserialize() runs, which may drop one), and whether a `&` back-reference was met:
	 * serialize() then tells such objects apart (see build_tables()). */
	zend_object **declared;
	uint32_t ndeclared, nheld, declared_cap;
	bool refs_met;
	/* a property named twice had its value replaced (keep()): a slot may now point at a
	 * value other than the one read there, even at an array still being filled */
	bool replaced;
	/* the zvals keep() emptied (key: the address) and the depth at which each was filled
	 * again; NULL until one is */
	HashTable *renamed;
	/* In the outermost decoder of a chain of nested blobs: a nested blob handed the code of a
	 * class's unserialize() an object or a `&` reference of a blob around it, so code that
	 * runs before the chain ends may change values whose zvals slots and frames point at
	 * (zser_dec_before_user_code()); the containers of slots 1 to held_to are held. */
	bool exposed;
	uint32_t held_to;
	zend_object **slot_owner; /* per slot: the object whose typed property it is, if any */
	uint32_t slot_owner_cap;
	zser_dec_propmap **maps; /* per shape */
	uint32_t maps_cap;
	/* per object shape, its keys as the __unserialize() array of an object in the OBJECT form
	 * holds them (made for the first such object): a name PHP reads as a number becomes that
	 * integer key, as unserialize() makes it. The reader has rejected a key named twice, the
	 * integer 5 and the name "5" included (FORMAT.md §8.1), so values are appended without a
	 * lookup, which keys made to collide in PHP's hash would make quadratic. */
	zser_dec_key **syms;
	uint32_t syms_cap;
	/* the reader's shape keys (zs_reader_shape_key()) as zend_strings with their hashes,
	 * same indexes, built up to nkeys */
	zser_dec_key *keys;
	uint32_t nkeys, keys_cap;
	zser_dec_shape *shapes; /* per shape */
	uint32_t shapes_cap, ntmpl;
	zend_class_entry **deferred; /* per "has no unserializer" warning still to give, in order */
	uint32_t ndeferred, deferred_cap;
	const char *msg;
	size_t msg_pos;
	int msg_code; /* ZserException code of msg */
	/* the first entries of the shape table, cleared with the fields above */
	zser_dec_shape shapes_inl[8];
	/* set up by zs_reader_init(), not cleared with the fields above */
	zs_reader r;
	/* Written before it is read: with r, the part zser_dec_run() does not clear. The two stay
	 * the last members, in this order (bin_decode.c checks it at compile time), so that any
	 * field declared above starts cleared. */
	struct {
		char msgbuf[256];
		zser_dec_key keys[16];
		zend_string *owned[16];
		zser_dec_frame frames[8];
	} inl;
} zser_decoder;

/* The per-request shape cache (ZSER_G(shapes)): the core's memo of checked shape
 * definitions (core/zs_shape_memo.h) and, per memo entry of an array shape, the template
 * its maps are copied from (see zser_dec_shape), kept under the entry's stamp. An entry taken by a
 * running decode is not refilled before that decode ends, so neither is its template. */
typedef struct zser_shape_cache {
	zs_shape_memo memo;
	struct {
		uint64_t stamp;
		HashTable *tmpl;
	} side[ZS_MEMO_SLOTS];
} zser_shape_cache;

/* A table entry whose string the table does not own: the value it was first created for
 * does, and every value built here lives at least until the decoder is freed. */
#define ZSER_DEC_BORROWED ((uintptr_t)1)

/* The string made of table entry idx, NULL until made: a zend_string, with ZSER_DEC_BORROWED set
 * when the table does not own it. */
static zend_always_inline zend_string **zser_dec_str_entry(zser_decoder *d, uint32_t idx)
{
	return (zend_string **)zs_reader_str_user(&d->r, idx);
}

/* Makes the string of table entry idx (bin_decode_cache.c): from the key cache, borrowed, or
 * a string the table owns until free_decoder() releases it. A `plain` one is always a new
 * string: neither the key cache nor the engine's interned strings are looked in. */
void zser_dec_str_make(zser_decoder *d, uint32_t idx, bool plain);

/* The string of table entry idx, made on first use. The caller gets no reference: the table,
 * or the value it was first made for, holds the string until the decoder is freed. */
static zend_always_inline zend_string *zser_dec_str_at(zser_decoder *d, uint32_t idx)
{
	zend_string **e = zser_dec_str_entry(d, idx);
	if (UNEXPECTED(!*e)) {
		zser_dec_str_make(d, idx, false);
	}
	return (zend_string *)((uintptr_t)*e & ~ZSER_DEC_BORROWED);
}

/* zser_dec_str_at() for the keys of a large map past its first ZSER_DEC_LOOKUP_KEYS: those are data
 * (ids, words), not names from the code, and each is met once. Looking each up in the key
 * cache (which cannot hold them) and in the interned strings (which do not have them) cost
 * two cache misses per key, more than making the string. */
#define ZSER_DEC_LOOKUP_KEYS 64
static zend_always_inline zend_string *zser_dec_str_at_plain(zser_decoder *d, uint32_t idx)
{
	zend_string **e = zser_dec_str_entry(d, idx);
	if (UNEXPECTED(!*e)) {
		zser_dec_str_make(d, idx, true);
	}
	return (zend_string *)((uintptr_t)*e & ~ZSER_DEC_BORROWED);
}

/* Defined in bin_decode.c. */

/* Records the first error the decoder finds itself (the core reader records its own): text,
 * byte offset and ZserException code. Returns FAILURE. */
zend_result zser_dec_failf(zser_decoder *d, size_t pos, int code, const char *fmt, ...);

/* Grows a table to hold index `need`, doubling from 16 entries (zs_grow.h; a size out of
 * range is a fatal error); the new entries are left unset (see grow_from()). inl, when not NULL, is
 * the table's built-in storage: copied out, never freed. Returns the table, which may have
 * moved. */
void *zser_dec_grow_to(void *arr, const void *inl, uint32_t *cap, uint32_t need, size_t elem);

/* grow_from() and grow_ptrs() are defined here so that every file inlines their first check.
 * Static, not inline: marked inline, they made their callers too large for gcc to inline. */

/* Grows a table to hold index `need`, zero-filling the new part. */
static ZEND_ATTRIBUTE_UNUSED void *grow_from(void *arr, const void *inl, uint32_t *cap,
                                             uint32_t need, size_t elem)
{
	uint32_t old = *cap;
	if (need < old) {
		return arr;
	}
	arr = zser_dec_grow_to(arr, inl, cap, need, elem);
	memset((char *)arr + (size_t)old * elem, 0, (size_t)(*cap - old) * elem);
	return arr;
}

/* grow_from() for a table that has no built-in storage (starts NULL). */
static ZEND_ATTRIBUTE_UNUSED void *grow_ptrs(void *arr, uint32_t *cap, uint32_t need, size_t elem)
{
	return grow_from(arr, NULL, cap, need, elem);
}

/* Where the keys of array shape `shape` start in d->keys, built on first use. */
uint32_t zser_dec_shape_keys(zser_decoder *d, uint32_t shape);

/* Takes a reference to each object listed in d->declared that has none yet (bin_decode.c). */
void zser_dec_hold_declared(zser_decoder *d);

/* Call before the code of the program may run in the middle of a decode (a class's
 * unserialize(), an autoloader, unserialize_callback_func, an error handler): once values of
 * the chain of blobs have been handed to such code, every array and object property table
 * built since the last call is held, so that a change that code makes separates a copy
 * instead of moving or freeing what the decoders still point into. */
void zser_dec_before_user_code(zser_decoder *d);

/* A new array in *dest sized for `count` values, set up as packed or as a map (bin_decode.c). */
void zser_dec_array_init(zval *dest, uint32_t count, bool packed);
/* Pushes the frame of a container that starts at *dest; the caller sets its kind, ht and
 * obj. info is the typed property holding it, checked when it ends. */
zser_dec_frame *zser_dec_push_frame(zser_decoder *d, zval *dest, zend_property_info *info,
                                    const zs_event *ev);

/* Defined in bin_decode_cache.c. */

/* The shape cache of this request, made on first use; NULL outside a request. */
zser_shape_cache *zser_dec_shape_cache(void);
/* A decode enters before its first string is made and leaves when it is freed: the key cache
 * entries it uses stay pinned until the outermost running decode leaves. */
void zser_dec_keycache_enter(void);
void zser_dec_keycache_leave(void);
/* The slot tables a decode with the reference flag grew, kept for the next one in the
 * request (at most this many entries each: 576 KiB for the reader's, 512 KiB for the
 * decoder's zval pointers). take: a top-level decode about to read its values takes them, if
 * kept; give: a decoder being freed hands back the tables it owns, which are kept when within
 * the bound and none are kept yet. */
#define ZSER_DEC_SPARE_SLOTS ((uint32_t)1 << 16)
void zser_dec_spare_take(zser_decoder *d);
/* Likewise the reader's string table (1.5 MiB at most), for every decode in a request: give
 * hands it back too. */
#define ZSER_DEC_SPARE_STRS ((uint32_t)1 << 16)
void zser_dec_spare_take_strs(zser_decoder *d);
void zser_dec_spare_give(zser_decoder *d);

/* Defined in bin_decode_objects.c. */

/* Starts the object of an OBJECT or OBJECT_DATA event in *dest and pushes its frame. FAILURE
 * with an exception pending (class lookup, a class that may not be unserialized). */
zend_result zser_dec_begin_object(zser_decoder *d, const zs_event *ev, zval *dest,
                                  zend_property_info *info);
/* The object of an OBJECT_BLOB event (Serializable::unserialize()) in *dest. FAILURE with an
 * exception pending or an error recorded (zser_dec_failf()). */
zend_result zser_dec_decode_blob(zser_decoder *d, const zs_event *ev, zval *dest);
/* The enum case of an ENUM event in *dest, one more reference to it. FAILURE with an exception
 * pending or an error recorded. */
zend_result zser_dec_decode_enum(zser_decoder *d, const zs_event *ev, zval *dest);
/* The declared (mangled) name that property name key (k as the reader gave it) stands for in
 * class ce under another visibility, as unserialize() maps it; NULL to keep the name as is.
 * Sets *bad, with the error recorded, for a badly mangled name. */
zend_string *zser_dec_declared_name(zser_decoder *d, zend_class_entry *ce, const zs_key *k,
                                    zend_string *key, size_t pos, bool *bad);
/* The deprecation of dynamic property key (k as the reader gave it) of class ce, given once
 * per class and named property in a decode. */
void zser_dec_dynamic_deprecated(zser_decoder *d, zend_class_entry *ce, const zs_key *k,
                                 zend_string *key);
/* Releases what the name tables above hold (decoder.classes, enums, props). */
void zser_dec_free_names(zser_decoder *d);
/* Checks *dest, just put in typed property info of obj, as an assignment would; slot is its
 * slot number (0: none), for a later reference to it. FAILURE with a TypeError pending. */
zend_result zser_dec_check_typed_full(zser_decoder *d, zval *dest, zend_property_info *info,
                                      zend_object *obj, uint32_t slot);
/* zser_dec_check_typed_full(), its commonest case inline: a plain value of a type the
 * property names (a typed object holds a few such properties, each checked as it is read). */
static zend_always_inline zend_result zser_dec_check_typed(zser_decoder *d, zval *dest,
                                                           zend_property_info *info,
                                                           zend_object *obj, uint32_t slot)
{
	if (EXPECTED(!Z_ISREF_P(dest) && ZEND_TYPE_CONTAINS_CODE(info->type, Z_TYPE_P(dest)))) {
		if (!slot || !d->track) {
			return SUCCESS;
		}
		if (EXPECTED(slot < d->slot_owner_cap)) {
			/* a later BACKREF_REF to this slot must give the reference this type source */
			d->slot_owner[slot] = obj;
			return SUCCESS;
		}
	}
	return zser_dec_check_typed_full(d, dest, info, obj, slot);
}
/* Queues obj's __wakeup() (data NULL) or __unserialize() with *data, or with obj NULL and
 * kind AFTER_NONE a value to keep until the end, or with AFTER_PROPS obj's held property
 * table; *data is moved into the queue (left UNDEF). The queue holds a reference to obj. */
void zser_dec_queue_call(zser_decoder *d, zend_object *obj, zval *data, uint8_t kind);
/* Releases a queue entry without its call (an AFTER_PROPS entry restores obj's table first). */
void zser_dec_release_entry(zser_dec_delayed *c);
/* Works through the queue in order, as var_destroy() does, once the blob was read and checked
 * or the decode failed: runs each call while no exception is pending (after one, the objects
 * still waiting are marked as destructed instead), then releases the entry, which may run a
 * destructor. Leaves the queue empty. */
void zser_dec_run_calls(zser_decoder *d);

#endif /* BIN_DECODER_H */
