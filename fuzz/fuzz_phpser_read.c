// zser — SPDX-License-Identifier: MIT
//
// libFuzzer target for the PHP serialize() reader (zs_phpser_read): any input must parse or fail
// with an error inside the input, and a parsed tree must be internally consistent (children linked
// in order, back-references pointing at earlier nodes). Links core/ only.
#include "zs_phpser_read.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zs_tree t;
	size_t i;

	zs_tree_init(&t, &zs_alloc_libc, 0);
	if (zs_phpser_read(&t, data, size)) {
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
