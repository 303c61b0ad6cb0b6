/* zser — SPDX-License-Identifier: MIT
 *
 * What zser_serialize()'s two files call across: bin_encode.c, which walks the value and owns
 * the encoder and everything written, and bin_encode_objects.c, the object paths that call
 * userland code (__sleep(), __serialize(), Serializable::serialize()). The encoder's layout
 * stays private to bin_encode.c, with the hot code that reads it.
 */
#ifndef BIN_ENCODER_H
#define BIN_ENCODER_H

#include "php.h"

typedef struct zser_encoder zser_encoder;

/* ---- bin_encode.c, for the object paths ---- */

void zser_enc_tag(zser_encoder *e, unsigned char tag);
/* A string: a literal the first time, a string-table reference after (FORMAT.md §5). */
void zser_enc_string(zser_encoder *e, zend_string *s);
/* A varint length and `len` raw bytes: an OBJECT_BLOB's payload (FORMAT.md §8.3). */
void zser_enc_bytes(zser_encoder *e, const unsigned char *data, size_t len);
/* Later references to the object struc, if it has a slot, are written as null. */
void zser_enc_slot_null(zser_encoder *e, zval *struc);
/* The array *data __serialize() returned for obj (FORMAT.md §8.2): its head now, its elements
 * as the walk reaches them; `shared`: it has other holders (var.c's in_rcn_array). Takes over
 * *data and one reference to obj, released once the elements are written or the walk fails. */
void zser_enc_data(zser_encoder *e, zval *data, zend_object *obj, bool shared);
/* The shape of obj's class and the properties `props` selected by __sleep() (an emalloc'd
 * table), as for a property table: the shape now, the values as the walk reaches them. Takes
 * over props, *names (what __sleep() returned) and one reference to obj, released once the
 * values are written or the walk fails. */
void zser_enc_sleep_props(zser_encoder *e, zend_object *obj, HashTable *props, zval *names);

/* Around a Serializable object's serialize() (FORMAT.md §8.3): a zser_serialize() made inside
 * continues e's slots and identity table. nest_begin() returns what nest_end() restores;
 * nest_end() returns how many slots the nested calls took, or, when `written` is false (the
 * object is written as null), forgets what they took and returns 0. */
typedef struct zser_enc_mark {
	struct zser_encoder *prev;
	uint32_t n, nheld;
} zser_enc_mark;
void zser_enc_nest_begin(zser_encoder *e, zser_enc_mark *m);
uint32_t zser_enc_nest_end(zser_encoder *e, const zser_enc_mark *m, bool written);
/* OBJECT_BLOB_SLOTS's count: `slots` >= 1 (FORMAT.md §8.3). */
void zser_enc_reserve(zser_encoder *e, uint32_t slots);

/* ---- bin_encode_objects.c, for encode_object(): each calls the method and writes the
 * object (or its head, with the rest left to the walk), or null where serialize() writes N;
 * FAILURE stops the walk ---- */

/* fn: the class's __sleep(). */
zend_result zser_enc_sleep(zser_encoder *e, zval *struc, zend_function *fn);
/* OBJECT_DATA, from __serialize(). */
zend_result zser_enc_magic_serialize(zser_encoder *e, zval *struc);
/* OBJECT_BLOB, from the class's serialize handler (Serializable). */
zend_result zser_enc_custom(zser_encoder *e, zval *struc);

#endif /* BIN_ENCODER_H */
