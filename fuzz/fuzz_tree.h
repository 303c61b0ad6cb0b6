// zser — SPDX-License-Identifier: MIT
//
// The check shared by the libFuzzer targets of the value-tree readers (serialize(), igbinary,
// zser): any input must parse or fail with an error inside the input, and a parsed tree must be
// internally consistent (every value inside the input, children after their parent,
// back-references pointing at existing nodes). Each target passes its reader; links core/ only.
#ifndef FUZZ_TREE_H
#define FUZZ_TREE_H

#include "zs_tree.h"

#include <stdint.h>
#include <stdlib.h>

typedef bool (*fuzz_tree_reader)(zs_tree *t, const unsigned char *data, size_t len);

static int fuzz_tree_check(fuzz_tree_reader read, const uint8_t *data, size_t size)
{
	zs_tree t;
	size_t i;

	zs_tree_init(&t, &zs_alloc_libc, 0);
	if (read(&t, data, size)) {
		for (i = 0; i < t.count; i++) {
			const zs_node *n = &t.nodes[i];
			if (n->end < n->pos || n->end > size) {
				abort();
			}
			if ((n->kind == ZS_K_REF || n->kind == ZS_K_OBJREF || n->kind == ZS_K_COPY) &&
			    n->v.target >= t.count) {
				abort();
			}
			if (n->first_child && n->first_child - 1 <= i) {
				abort();
			}
		}
	} else if (!t.error || t.error_pos > size) {
		abort();
	}
	zs_tree_free(&t);
	return 0;
}

#endif // FUZZ_TREE_H
