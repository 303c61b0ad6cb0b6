/* zser — SPDX-License-Identifier: MIT
 *
 * The property table of an object whose class has __sleep(): which properties the names
 * __sleep() returned select, with serialize()'s lookup order, notices and warnings. Calling
 * __sleep() is bin_encode_objects.c's job, writing the table bin_encode.c's.
 */
#ifndef BIN_SLEEP_H
#define BIN_SLEEP_H

#include "php.h"

/* Initialises *ht and fills it with the properties of object struc named in `names` (the
 * array __sleep() returned), each value addref'd, as php_var_serialize_get_sleep_props()
 * selects them: the name as given, then mangled private, then mangled protected; uninitialized
 * typed properties are skipped; warnings and notices as serialize() raises them. Returns
 * FAILURE when an exception is pending. *ht is initialised either way: the caller destroys it. */
zend_result zser_sleep_props(HashTable *ht, zval *struc, HashTable *names);

#endif /* BIN_SLEEP_H */
