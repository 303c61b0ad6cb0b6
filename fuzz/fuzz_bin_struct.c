/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: zser_unserialize() on blobs made and mutated at the structure level
 * (fuzz_gen.h) from classes this target defines in its request: declared public, protected
 * and private properties, a private property redeclared by a subclass (one name, two
 * manglings), typed and readonly properties, __wakeup, __sleep, __serialize/__unserialize (one
 * that throws), Serializable, a destructor, backed and pure enums. The input is the program
 * that chooses the value and its mutations, so libFuzzer's coverage feedback steers the
 * graphs. Each blob is checked with zser_unserialize()'s contract (fuzz_decode_check.h) under
 * three option sets, so one request decodes it six times and more (state a failed decode leaves
 * behind meets the next one); sanitizer reports, leaks and fatal errors are findings by
 * themselves. FUZZ_GEN_DUMP=1 prints each blob in hex.
 */
// fuzz-max-len: 1024
// The input is a generation program: every byte of it may matter from the start, so libFuzzer
// does not grow inputs slowly from short ones.
// fuzz-options: -len_control=0
#include "fuzz_php.h"
#include "fuzz_decode_check.h"
#include "fuzz_gen.h"
#include "fuzz_classes.h"

#include <stdio.h>
#include <stdlib.h>

static const option_set option_sets[] = {
        {-1, 0},
        {1, 4},
        {0, 0},
};

static const char *const needed[] = {"zser_serialize", "zser_unserialize", NULL};
static fg_state gen;
static uint8_t out[FG_OUT];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_set_prelude(fz_classes_prelude);
	fz_php_start("fuzz_bin_struct", needed);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval blob;
	size_t i, len;

	fg_init(&gen, data, size, fz_classes, (int)(sizeof(fz_classes) / sizeof(fz_classes[0])));
	len = fg_run(&gen, out, sizeof(out));
	fg_dump(out, len);
	fz_request_begin(data, size);
	ZVAL_STRINGL(&blob, (const char *)out, len);
	for (i = 0; i < sizeof(option_sets) / sizeof(option_sets[0]); i++) {
		decode_check(&blob, &option_sets[i], i == 0);
	}
	zval_ptr_dtor(&blob);
	fz_request_end();
	return 0;
}
