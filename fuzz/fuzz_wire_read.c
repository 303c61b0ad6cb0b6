/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target (core only): the binary format's reader, core/zs_wire_read. The validate
 * walker and the event reader must reach the same verdict, error and error offset on every
 * input; every event must point inside the input and respect the claims FORMAT.md makes
 * (counts never above the bytes that remain, offsets increasing); the number of events is
 * bounded by the input size; a smaller max_depth can only turn a success into a depth
 * error; and the reader's memory stays within FORMAT.md §12's bound (48 bytes per input
 * byte plus the container stack), counting a reallocation's old and new blocks together.
 * A reader with a shape memo (zs_shape_memo.h) kept across all inputs, so that definitions
 * of earlier inputs are taken from it, must give the same events and verdict as one without.
 * The fast paths (zs_reader_step(), zs_reader_step_map(), zs_reader_next_fast()), driven as
 * the PHP decoder drives them, must give every event of zs_reader_next() with the same fields,
 * leave the reader in the same state after each, and end with the same error code and offset
 * (core/tests/zs_wire_oracle.h), in one of its modes per input and depth, picked by the
 * input's last byte.
 */
// fuzz-needs: core/zs_wire_read.h core/zs_wire_read.c core/zs_shape_memo.c
#include "zs_wire_read.h"
#include "../core/tests/zs_count_alloc.h"
#include "../core/tests/zs_wire_oracle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const uint8_t *cur;
static size_t cur_size;

static void fail(const char *fmt, unsigned long a, unsigned long b)
{
	size_t i;
	fprintf(stderr, "\n==== fuzz_wire_read: FINDING: ");
	fprintf(stderr, fmt, a, b);
	fprintf(stderr, "\ninput (%zu bytes):", cur_size);
	for (i = 0; i < cur_size && i < 512; i++) {
		fprintf(stderr, " %02x", cur[i]);
	}
	fputc('\n', stderr);
	abort();
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x100000001B3u;
}

// Pulls every event; returns the verdict and sets *err / *pos like zs_wire_validate, and
// *digest to a hash of every event (with its key's bytes). memo: NULL or the shared memo.
static bool walk(const uint8_t *data, size_t size, uint32_t max_depth, zs_shape_memo *memo,
                 zs_wire_error *err, size_t *pos, uint64_t *digest)
{
	uint64_t h = 0xCBF29CE484222325u;
	zs_count c;
	zs_alloc a = zs_count_alloc(&c);
	zs_reader r;
	zs_event ev;
	size_t events = 0, last_pos = 0;
	bool ok;

	zs_reader_init(&r, data, size, &a, max_depth);
	if (memo) {
		zs_reader_use_memo(&r, memo);
	}
	ok = zs_reader_header(&r);
	while (ok && !zs_reader_done(&r)) {
		memset(&ev, 0, sizeof(ev));
		ok = zs_reader_next(&r, &ev);
		if (!ok) {
			break;
		}
		h = mix(h, (uint64_t)ev.type << 32 | ev.pos);
		h = mix(h, (uint64_t)ev.count << 32 | ev.slot);
		h = mix(h, (uint64_t)ev.shape << 32 | ev.cls);
		h = mix(h, (uint64_t)ev.index << 32 | ev.len);
		h = mix(h, (uint64_t)ev.i);
		if (ev.has_key) {
			h = mix(h, (uint64_t)ev.key.i ^ (uint64_t)ev.key.str << 1 ^ ev.key.is_str);
			if (ev.key.is_str && ev.key.str != ZS_WIRE_NO_INDEX) {
				size_t kl;
				const unsigned char *ks = zs_reader_str(&r, ev.key.str, &kl);
				h = mix(h, (uint64_t)(ks - data) << 24 ^ kl);
			}
		}
		if (++events > 2 * size + 16) {
			fail("more events (%lu) than the input (%lu bytes) can hold", events, size);
		}
		if (ev.type != ZS_EV_END) {
			if (ev.pos >= size || ev.pos < last_pos) {
				fail("event offset %lu out of order or outside the input (last %lu)", ev.pos,
				     last_pos);
			}
			last_pos = ev.pos;
		}
		if (ev.str && (ev.str < data || ev.len > (size_t)(data + size - ev.str))) {
			fail("event string [%lu, +%lu) outside the input", (unsigned long)(ev.str - data),
			     ev.len);
		}
		if ((ev.type == ZS_EV_LIST || ev.type == ZS_EV_MAP || ev.type == ZS_EV_OBJECT ||
		     ev.type == ZS_EV_OBJECT_DATA) &&
		    ev.count > size - ev.pos) {
			fail("container count %lu above the %lu bytes that remain", ev.count, size - ev.pos);
		}
	}
	if (ok) {
		ok = zs_reader_finish(&r);
	}
	*err = ok ? ZS_WE_NONE : r.err;
	*pos = ok ? 0 : r.err_pos;
	*digest = mix(h, r.nstrs ^ (uint64_t)r.nkeys << 32);
	if (!ok && (r.err == ZS_WE_NONE || r.err_pos > size)) {
		fail("failure without an error code, or offset %lu past the end (%lu)", r.err_pos, size);
	}
	zs_reader_free(&r);
	if (c.live != 0) {
		fail("reader leaked %lu bytes (peak %lu)", c.live, c.peak);
	}
	if (c.peak > 48 * size + 65536) {
		fail("reader used %lu bytes of memory for %lu input bytes", c.peak, size);
	}
	return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint32_t depths[] = {0, 3};
	zs_wire_error verr, werr;
	size_t vpos = 0, wpos = 0, i;
	unsigned mode;
	bool full = false;

	cur = data;
	cur_size = size;
	static zs_shape_memo memo;
	static bool memo_ready;
	uint64_t wd, md;
	zs_wire_error merr;
	size_t mpos = 0;

	if (!memo_ready) {
		zs_shape_memo_init(&memo, &zs_alloc_libc);
		memo_ready = true;
	}
	for (i = 0; i < 2; i++) {
		bool v = zs_wire_validate(data, size, &zs_alloc_libc, depths[i], &verr, &vpos);
		bool w = walk(data, size, depths[i], NULL, &werr, &wpos, &wd);
		bool m = walk(data, size, depths[i], &memo, &merr, &mpos, &md);
		if (v != w || (!v && (verr != werr || vpos != wpos))) {
			fail("validate and the event walk disagree (error %lu vs %lu)", (unsigned long)verr,
			     (unsigned long)werr);
		}
		if (m != w || wd != md || (!w && (merr != werr || mpos != wpos))) {
			fail("the walk with the shape memo differs (error %lu vs %lu)", (unsigned long)merr,
			     (unsigned long)werr);
		}
		// one of the oracle's modes per input and depth, chosen by the input: each mode
		// meets every kind of input over a run, at a quarter of the cost per input
		{
			zs_oracle_diff d;
			unsigned pick = (unsigned)(i + (size ? data[size - 1] : 0u));
			// and for one input in eight, the fast side as a wide reader (past 4 GiB)
			mode = pick % ZS_ORACLE_MODES | ((pick >> 2) % 8 == 7 ? ZS_ORACLE_WIDE : 0u);
			if (!zs_oracle_compare(data, size, depths[i], mode, (uint32_t)size,
			                       mode == 0 ? &memo : NULL, &zs_alloc_libc, &d)) {
				fprintf(stderr, "\nfast paths and zs_reader_next() differ: %s\n", d.what);
				fail("fast paths differ at event %lu in mode %lu", (unsigned long)d.event,
				     (unsigned long)mode);
			}
		}
		if (i == 0) {
			full = v;
		} else if (v && !full) {
			fail("valid with max_depth 3 but not with the default (%lu, %lu)", 0, 0);
		} else if (!v && full && verr != ZS_WE_DEPTH) {
			fail("a smaller max_depth gave error %lu instead of the depth error (%lu)",
			     (unsigned long)verr, (unsigned long)ZS_WE_DEPTH);
		}
	}
	return 0;
}
