/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: zser_unserialize()'s fast paths (decode_flat_blob() for a blob of one scalar or
 * a short list of them; run_fast(), put_item(), zser_dec_open_array() on the reader's inline
 * step) against its slow path (zs_reader_next() events built by on_value(),
 * push_frame() and slot_for()), switched by zser_dec_slow_path, which exists only in builds
 * with -DZSER_DEC_ORACLE (the fuzz build compiles ext/ so; docs/INTERNALS.md §12). Each input
 * gives two blobs, the structure-aware one fuzz_gen.h makes from it with the classes of
 * fuzz_classes.h, and the input's own bytes; each is decoded both ways under three option
 * sets, plain and with throw_on_error, and both ways must agree on the exception (class, code,
 * message), the warnings and notices (count and last text) and the value (through
 * serialize()); the slow path alone is also held to zser_unserialize()'s contract
 * (fuzz_decode_check.h).
 */
// fuzz-max-len: 1024
// fuzz-options: -len_control=0
#include "fuzz_php.h"
#include "fuzz_decode_check.h"
#include "fuzz_gen.h"
#include "fuzz_classes.h"

#include <stdio.h>
#include <stdlib.h>

extern bool zser_dec_slow_path;

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
	fz_php_start("fuzz_bin_oracle", needed);
	return 0;
}

static bool same_str(const zend_string *a, const zend_string *b)
{
	return a == b || (a && b && zend_string_equals(a, b));
}

static void both_ways(zval *blob, const option_set *o, bool throw_on_error)
{
	fz_result fast, slow;
	zend_string *a, *b;
	char first[512];

	zser_dec_slow_path = false;
	run(&fast, blob, o, throw_on_error);
	zser_dec_slow_path = true;
	run(&slow, blob, o, throw_on_error);
	zser_dec_slow_path = false;
	snprintf(first, sizeof(first), "%s", fz_describe(&fast));
	fz_same_throw("fast and slow decode", &fast, &slow);
	if (fast.warnings != slow.warnings || fast.notices != slow.notices ||
	    !same_str(fast.warning, slow.warning)) {
		fz_fail("allowed_classes=%d max_depth=%ld throw=%d: fast %s / slow %s", o->allowed_classes,
		        (long)o->max_depth, throw_on_error, first, fz_describe(&slow));
	}
	if (Z_TYPE(fast.ret) != Z_TYPE(slow.ret)) {
		fz_fail("fast and slow decode give values of types %d / %d", Z_TYPE(fast.ret),
		        Z_TYPE(slow.ret));
	}
	if (!Z_ISUNDEF(fast.ret)) {
		a = fz_serialize(&fast.ret);
		b = fz_serialize(&slow.ret);
		if (!same_str(a, b)) {
			fz_fail("fast and slow decode give two values: %s / %s", a ? ZSTR_VAL(a) : "(throws)",
			        b ? ZSTR_VAL(b) : "(throws)");
		}
		if (a) {
			zend_string_release(a);
		}
		if (b) {
			zend_string_release(b);
		}
	}
	fz_result_free(&fast);
	fz_result_free(&slow);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval blob[2];
	size_t i, j, len;

	fg_init(&gen, data, size, fz_classes, (int)(sizeof(fz_classes) / sizeof(fz_classes[0])));
	len = fg_run(&gen, out, sizeof(out));
	fg_dump(out, len);
	fz_request_begin(data, size);
	ZVAL_STRINGL(&blob[0], (const char *)out, len);
	ZVAL_STRINGL(&blob[1], (const char *)data, size);
	for (j = 0; j < 2; j++) {
		for (i = 0; i < sizeof(option_sets) / sizeof(option_sets[0]); i++) {
			both_ways(&blob[j], &option_sets[i], false);
			both_ways(&blob[j], &option_sets[i], true);
		}
		/* the slow path keeps zser_unserialize()'s contract by itself too */
		zser_dec_slow_path = true;
		decode_check(&blob[j], &option_sets[0], false);
		zser_dec_slow_path = false;
		zval_ptr_dtor(&blob[j]);
	}
	fz_request_end();
	return 0;
}
