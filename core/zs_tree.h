/* zser — SPDX-License-Identifier: MIT
 *
 * A PHP-free value tree shared by every blob reader (PHP serialize(), igbinary, zser): the
 * readers build it, the CLI dumper, checker and statistics walk it. Nodes live in one growable
 * array and link to their children by index, so a reader can append while it descends. Strings
 * are spans into the caller's input (which must outlive the tree) or into the tree's own pool
 * for the few encodings that need decoding. Back-references (PHP references, shared objects,
 * copies) are nodes that name their target by index; nothing is ever expanded, so a hostile
 * blob cannot make the tree larger than its own byte count allows.
 * This file does no I/O and knows nothing about any wire format.
 */
#ifndef ZS_TREE_H
#define ZS_TREE_H

#include "zs_buf.h"
#include "zs_common.h"

typedef enum zs_kind {
	ZS_K_NULL,
	ZS_K_FALSE,
	ZS_K_TRUE,
	ZS_K_INT,
	ZS_K_FLOAT,
	ZS_K_STRING,
	ZS_K_ARRAY,
	ZS_K_OBJECT,
	ZS_K_CUSTOM, /* object with an opaque Serializable payload (C: / igbinary object_ser) */
	ZS_K_ENUM,
	ZS_K_REF,    /* joins the PHP reference set whose first member is `target` */
	ZS_K_OBJREF, /* the very same object as `target` */
	ZS_K_COPY,   /* a value copy of `target` (igbinary shares equal arrays this way) */
	/* a back-reference (v.i: its slot) to a slot outside this tree: the outer blob's, for a
	 * nested zser blob, or one a nested blob in a payload filled (FORMAT.md §8.3) */
	ZS_K_SLOTREF,
	ZS_K_COUNT_
} zs_kind;

typedef enum zs_format { ZS_FMT_UNKNOWN, ZS_FMT_PHPSER, ZS_FMT_IGBINARY, ZS_FMT_ZSER } zs_format;

/* Node flags. */
#define ZS_NODE_REFERENCE  0x01 /* this slot is a PHP & reference: first member of its set */
#define ZS_NODE_TARGET     0x02 /* some back-reference names this node; `id` is meaningful */
#define ZS_NODE_KEY_INT    0x04 /* entry of a container with an integer key */
#define ZS_NODE_KEY_STR    0x08 /* entry of a container with a string key */
#define ZS_NODE_STR_SHARED 0x10 /* string value came from a string-table back-reference */
#define ZS_NODE_KEY_SHARED 0x20 /* string key came from a string-table back-reference */
#define ZS_NODE_CLS_SHARED 0x40 /* class name came from a string-table back-reference */
#define ZS_NODE_SLOT_AMP   0x80 /* SLOTREF: a & reference (else the object the slot holds) */

/* Bytes at `off` in the input, or in the tree's pool when `pooled`. */
typedef struct zs_str {
	size_t off;
	size_t len;
	bool pooled;
} zs_str;

typedef struct zs_node {
	uint8_t kind;
	uint8_t flags;
	size_t id;      /* the format's own number for this value (slot, table index) */
	size_t pos;     /* first byte of the value (its tag), from the start of the input */
	size_t end;     /* one past its last byte, children included */
	size_t key_pos; /* first byte of the key, for container entries */
	int64_t key_int;
	zs_str key_str;
	union {
		int64_t i;
		double d;
		size_t target; /* node index, for REF / OBJREF / COPY */
	} v;
	zs_str str; /* STRING value, CUSTOM payload, ENUM case name */
	zs_str cls; /* class name of OBJECT / CUSTOM / ENUM */
	/* entries of ARRAY / OBJECT (skipped placeholders excluded); for a zser CUSTOM, the slots
	 * reserved for its payload's nested blobs */
	size_t count;
	size_t first_child, last_child, next; /* node index + 1; 0 means none */
} zs_node;

typedef struct zs_tree {
	const unsigned char *input;
	size_t input_len;
	zs_node *nodes;
	size_t count, cap;
	zs_buf pool;
	const zs_alloc *alloc;
	zs_format format;
	unsigned version;  /* igbinary 1 or 2; zser format version */
	size_t header_len; /* bytes before the root value */
	size_t base;       /* a nested zser blob: the outer blob's slots before it (§8.3), else 0 */
	size_t max_depth;  /* nesting limit the readers enforce */
	size_t depth_seen; /* deepest nesting reached */
	size_t skipped;    /* igbinary placeholders for uninitialized properties */
	/* Filled by readers whose format deduplicates (zser): strings written as table
	 * references and what that saved; shapes defined, reused, keys and bytes not written. */
	size_t str_refs, str_saved;
	size_t shapes_defined, shapes_reused, shape_keys_skipped, shape_saved;
	/* First error wins: message (a constant string) and byte offset; NULL when none. */
	const char *error;
	size_t error_pos;
	bool out_of_memory;
} zs_tree;

/* Default nesting limit: the same as PHP's unserialize_max_depth default. */
#define ZS_TREE_DEFAULT_DEPTH 4096

void zs_tree_init(zs_tree *t, const zs_alloc *alloc, size_t max_depth);
/* Releases nodes and pool; the tree can be reused after zs_tree_init(). */
void zs_tree_free(zs_tree *t);

/* Records the first error and returns false, so readers can `return zs_tree_fail(...)`. */
bool zs_tree_fail(zs_tree *t, size_t pos, const char *msg);

/* Appends a zeroed node of `kind` at `pos`; returns its index, or SIZE_MAX (error recorded)
 * when memory runs out. Node pointers are invalidated by the next append: keep indexes. */
size_t zs_tree_add(zs_tree *t, zs_kind kind, size_t pos);

/* Links `child` as the last entry of `parent` and counts it. */
void zs_tree_link(zs_tree *t, size_t parent, size_t child);

/* Start of every reader: the tree refers to `data` (not copied) read as `format`. */
void zs_tree_set_input(zs_tree *t, const unsigned char *data, size_t len, zs_format format);

/* Bytes of a string span (input or pool). */
const unsigned char *zs_tree_bytes(const zs_tree *t, const zs_str *s);

/* Copies `len` bytes into the pool; false (error recorded) when memory runs out. */
bool zs_tree_pool_add(zs_tree *t, const unsigned char *src, size_t len, zs_str *out);

/* Follows OBJREF / COPY / REF chains to the node that holds the value itself. Chains only
 * point backwards, so this ends; `hops` bounds it anyway against a corrupt tree. */
size_t zs_tree_resolve(const zs_tree *t, size_t idx);

/* True when the children of `n` have the keys 0, 1, ..., count-1 in that order: what PHP
 * calls a list and JSON writes as an array. */
bool zs_tree_is_list(const zs_tree *t, const zs_node *n);

/* What a visitor's enter() asks of zs_tree_walk(). */
typedef enum zs_walk_step {
	ZS_WALK_SKIP,    /* do not walk this node's children; leave() is not called for it */
	ZS_WALK_DESCEND, /* walk its children, then call leave() */
	ZS_WALK_STOP     /* end the walk now: no more enter() or leave() calls */
} zs_walk_step;

/* Callbacks of zs_tree_walk(). `parent` is the node whose children are being walked (SIZE_MAX
 * for the root) and `depth` counts the descents from the root (0). leave() may be NULL. */
typedef struct zs_tree_visitor {
	zs_walk_step (*enter)(void *ctx, const zs_tree *t, size_t idx, size_t parent, size_t depth);
	void (*leave)(void *ctx, const zs_tree *t, size_t idx, size_t depth);
} zs_tree_visitor;

/* Visits `root` and, where enter() descends, its children in order: enter() before a node's
 * children, leave() after them. The stack lives on the heap (t->alloc) rather than in C
 * frames, so depth costs no C stack however deep the tree. Descending into a back-reference
 * walks the children of the node it resolves to (zs_tree_resolve), so that a writer can expand
 * shared values; such walks can revisit their own ancestors, and it is enter() that must
 * refuse to descend into a cycle. Returns false when memory for the stack runs out, true
 * otherwise, including after ZS_WALK_STOP (the visitor keeps its own reason). */
bool zs_tree_walk(const zs_tree *t, size_t root, const zs_tree_visitor *v, void *ctx);

/* Name of a kind ("array", "object", ...) and of a format ("igbinary", ...). */
const char *zs_kind_name(zs_kind k);
const char *zs_format_name(zs_format f);

/* Guesses the format from the first bytes; ZS_FMT_UNKNOWN when nothing matches. */
zs_format zs_format_detect(const unsigned char *data, size_t len);

#endif /* ZS_TREE_H */
