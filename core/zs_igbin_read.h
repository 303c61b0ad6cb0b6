/* zser — SPDX-License-Identifier: MIT
 *
 * Reader for igbinary blobs (format versions 1 and 2, which share one body layout), building
 * the shared value tree of zs_tree.h. String-table back-references are resolved to spans of
 * the first occurrence; the reference table (arrays, objects and &-wrapped values, numbered
 * from 0 in reading order) becomes REF / OBJREF / COPY nodes. Class existence is not checked.
 */
#ifndef ZS_IGBIN_READ_H
#define ZS_IGBIN_READ_H

#include "zs_tree.h"

/* Parses `data` (which must outlive `t`) into `t`, initialised by zs_tree_init(). Returns true
 * with the root at node 0; false with t->error / t->error_pos set. */
bool zs_igbin_read(zs_tree *t, const unsigned char *data, size_t len);

/* Saving of the string table: bytes the back-referenced strings would have taken written out
 * in full, minus the bytes their back-references took. Valid after a successful read. */
size_t zs_igbin_string_savings(const zs_tree *t);

#endif /* ZS_IGBIN_READ_H */
