// zser — SPDX-License-Identifier: MIT
//
// libFuzzer target for the PHP serialize() reader (zs_phpser_read) and its `php` session form
// (zs_phpser_read_session) on the same bytes: the value-tree checks of fuzz_tree.h (parse or
// fail inside the input; a consistent tree). Links core/ only.
#include "zs_phpser_read.h"

#include "fuzz_tree.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_tree_check(zs_phpser_read, data, size);
	return fuzz_tree_check(zs_phpser_read_session, data, size);
}
