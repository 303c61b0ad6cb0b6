/* zser — SPDX-License-Identifier: MIT
 *
 * jsond_decode(): the members of a large JSON object put into its table (json_members.c).
 */
#ifndef ZSER_JSON_MEMBERS_H
#define ZSER_JSON_MEMBERS_H

#include "php.h"

/* Objects of more members than this take zser_json_fill_many(); smaller ones are filled with
 * a lookup for a key that may be a repeat, whose cost a small object bounds. */
#define ZSER_JSON_MANY_MEMBERS 64

/* Inserts the n members (keys[i], v[i]) into ht, made for n and not yet initialised, as
 * ext/json's updates do: a repeated key keeps its first place and takes its last value (the
 * others are destroyed); with `symtable`, a numeric-string key becomes an integer key
 * (zend_symtable_update's rule) and the table is packed where ext/json's would be. Repeats
 * are found without a lookup in ht, whose hash keys can be made to collide: each key takes
 * time independent of the others. Releases every key. */
void zser_json_fill_many(HashTable *ht, zend_string **keys, zval *v, size_t n, bool symtable);

#endif
