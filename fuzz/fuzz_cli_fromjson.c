// zser — SPDX-License-Identifier: MIT
//
// libFuzzer target for `zser from-json` (cli/fromjson.c): any bytes are either refused with an
// error inside the input, or give a blob that the format's reader accepts and that reads back
// (zs_zser_read) as the same value the JSON parser built: the same kinds, numbers, strings and
// keys in the same order. The file is included, not linked, to reach its static parse-and-write
// step without the command's printing. Links core/ only.
// fuzz-needs: cli/fromjson.c
#include "../cli/fromjson.c"

#include "zs_wire_read.h"
#include "zs_zser_read.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool same_str(const zs_tree *a, const zs_str *x, const zs_tree *b, const zs_str *y)
{
	return x->len == y->len && memcmp(zs_tree_bytes(a, x), zs_tree_bytes(b, y), x->len) == 0;
}

// Node ia of a and node ib of b hold the same value under the same key (keys compared when
// `keyed`); their children are compared by the caller's walk.
static bool same_node(const zs_tree *a, size_t ia, const zs_tree *b, size_t ib, bool keyed)
{
	const zs_node *x = &a->nodes[ia], *y = &b->nodes[ib];

	if (x->kind != y->kind || x->count != y->count) {
		return false;
	}
	if (keyed) {
		if ((x->flags ^ y->flags) & (ZS_NODE_KEY_INT | ZS_NODE_KEY_STR)) {
			return false;
		}
		if ((x->flags & ZS_NODE_KEY_INT) ? x->key_int != y->key_int
		                                 : !same_str(a, &x->key_str, b, &y->key_str)) {
			return false;
		}
	}
	switch ((zs_kind)x->kind) {
	case ZS_K_INT:
		return x->v.i == y->v.i;
	case ZS_K_FLOAT:
		return memcmp(&x->v.d, &y->v.d, sizeof(double)) == 0;
	case ZS_K_STRING:
		return same_str(a, &x->str, b, &y->str);
	default:
		return true;
	}
}

// Both trees side by side, child by child, with a heap stack of (a, b) child cursors.
static bool same_tree(const zs_tree *a, const zs_tree *b)
{
	size_t *stack = NULL, cap = 0, top = 0, ca, cb;
	bool ok = same_node(a, 0, b, 0, false);

	if (ok && a->nodes[0].first_child) {
		void *p = NULL;
		ok = zs_grow(&zs_alloc_libc, &p, &cap, 2, sizeof(size_t), 64);
		stack = p;
		if (ok) {
			stack[0] = a->nodes[0].first_child;
			stack[1] = b->nodes[0].first_child;
			top = 2;
		}
	}
	while (ok && top) {
		ca = stack[top - 2];
		cb = stack[top - 1];
		if (!ca || !cb) {
			ok = !ca && !cb;
			top -= 2;
			continue;
		}
		ok = same_node(a, ca - 1, b, cb - 1, true);
		stack[top - 2] = a->nodes[ca - 1].next;
		stack[top - 1] = b->nodes[cb - 1].next;
		if (ok && a->nodes[ca - 1].first_child) {
			void *p = stack;
			ok = zs_grow(&zs_alloc_libc, &p, &cap, top + 2, sizeof(size_t), 64);
			stack = p;
			if (ok) {
				stack[top] = a->nodes[ca - 1].first_child;
				stack[top + 1] = b->nodes[cb - 1].first_child;
				top += 2;
			}
		}
	}
	free(stack);
	return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zs_tree t, back;
	zs_buf blob;
	int rc;
	// the parser reads a text followed by a NUL byte, as the tool's input reader leaves it;
	// an exact-size copy lets ASan see any read past that byte
	unsigned char *text = malloc(size + 1);

	if (!text) {
		return 0;
	}
	memcpy(text, data, size);
	text[size] = '\0';
	zs_tree_init(&t, &zs_alloc_libc, 64);
	rc = json_to_zser(&t, text, size, 64, &blob);
	if (rc == EXIT_OK) {
		zs_tree_init(&back, &zs_alloc_libc, 64);
		if (!zs_wire_validate(blob.data, blob.len, &zs_alloc_libc, 0, NULL, NULL) ||
		    !zs_zser_read(&back, blob.data, blob.len) || !same_tree(&t, &back)) {
			abort();
		}
		zs_tree_free(&back);
	} else if (rc != EXIT_INVALID || !t.error || t.error_pos > size) {
		abort();
	}
	zs_buf_free(&blob);
	zs_tree_free(&t);
	free(text);
	return 0;
}
