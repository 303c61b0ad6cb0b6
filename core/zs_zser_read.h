/* zser — SPDX-License-Identifier: MIT
 *
 * Builds the shared value tree (zs_tree.h) from a zser blob by pulling events from the one
 * bounds-checked reader, zs_wire_read.c: this file adds no parsing of its own, only the
 * mapping of events to nodes (with an explicit stack, no recursion) and the bookkeeping of
 * what the string table and shapes saved, for `zser stats`.
 */
#ifndef ZS_ZSER_READ_H
#define ZS_ZSER_READ_H

#include "zs_tree.h"

/* Parses `data` (which must outlive `t`) into `t`, initialised by zs_tree_init(). Returns true
 * with the root at node 0; false with t->error / t->error_pos set (the reader's message). */
bool zs_zser_read(zs_tree *t, const unsigned char *data, size_t len);

#endif /* ZS_ZSER_READ_H */
