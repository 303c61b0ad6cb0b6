/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: zser_unserialize() on arbitrary bytes, under several option sets, each run
 * twice: once plain and once with throw_on_error. The promises checked (issue 3's API):
 * a failure is `false` plus one E_WARNING, or with throw_on_error a ZserException with the
 * same text in place of that warning; both runs agree on whether the input failed and, when it did
 * not, on the value (compared through serialize()). A decoded value must survive the trip back:
 * zser_serialize() then zser_unserialize() give it again (read -> write -> read), which
 * reaches values only zser's decoder makes. Crashes, leaks, fatal errors and sanitizer
 * reports are findings by themselves. Blobs of the class SeedNested run its unserialize(),
 * which decodes a nested blob with the outer blob's slots.
 */
#include "fuzz_php.h"
#include "fuzz_decode_check.h"
#include "fuzz_classes.h"

static const option_set option_sets[] = {
        {-1, 0}, {0, 0}, {2, 0}, {1, 3}, {-1, 1},
};

static const char *const needed[] = {"zser_unserialize", NULL};

/* A Serializable class whose payload is a nested blob (FORMAT.md §8.3), under the name the
 * seeds use (tools/fuzz-seeds.php): its unserialize() decodes with the outer blob's slots.
 * A nested call's own warnings come in both runs of check(), before the outer call's. */
static const char nested_class[] =
        "class SeedNested implements Serializable { public $o;"
        " public function serialize() { return zser_serialize($this->o); }"
        " public function unserialize($d) { $this->o = zser_unserialize($d); } }";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* blobs that name these classes reach declared properties (fuzz_classes.h); the prelude
	 * lives as long as the process */
	static char prelude[sizeof(fz_classes_prelude) + sizeof(nested_class)];
	memcpy(prelude, fz_classes_prelude, sizeof(fz_classes_prelude) - 1);
	memcpy(prelude + sizeof(fz_classes_prelude) - 1, nested_class, sizeof(nested_class));
	fz_set_prelude(prelude);
	fz_php_start("fuzz_unserialize", needed);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval blob;
	size_t i;

	fz_request_begin(data, size);
	ZVAL_STRINGL(&blob, (const char *)data, size);
	for (i = 0; i < sizeof(option_sets) / sizeof(option_sets[0]); i++) {
		decode_check(&blob, &option_sets[i], i == 0);
	}
	zval_ptr_dtor(&blob);
	fz_request_end();
	return 0;
}
