/* zser — SPDX-License-Identifier: MIT
 *
 * Reader for PHP's serialize() text format (N; b: i: d: s: S: a: O: C: E: R: r:), building the
 * shared value tree of zs_tree.h. It accepts what PHP 8.2's unserialize() accepts for
 * well-formed input and is stricter where PHP repairs: out-of-range integers, a missing element
 * count and trailing bytes are errors here. Class existence is not checked (no PHP at run time).
 * Reference numbering follows var_unserializer: every value except R: and array keys takes a
 * slot, numbered from 1.
 */
#ifndef ZS_PHPSER_READ_H
#define ZS_PHPSER_READ_H

#include "zs_tree.h"

/* Parses `data` (which must outlive `t`) into `t`, initialised by zs_tree_init(). Returns true
 * with the root at node 0; false with t->error / t->error_pos set. On failure the nodes built
 * so far stay in `t` until zs_tree_free(), the containers still open linked to their parents,
 * so that walking from the root shows what was read up to the fault. */
bool zs_phpser_read(zs_tree *t, const unsigned char *data, size_t len);

/* The `php` session.serialize_handler format: NAME|VALUE repeated, where NAME is every byte up
 * to '|' and VALUE a serialize() value, numbered in one sequence across the variables as
 * session.c's decoder does. The root (node 0) is an array with one string-keyed entry per
 * variable; nothing after the last value (bytes without a '|' are trailing bytes). Same
 * ownership and failure contract as zs_phpser_read(). */
bool zs_phpser_read_session(zs_tree *t, const unsigned char *data, size_t len);

#endif /* ZS_PHPSER_READ_H */
