/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target (core only): the resumable scanner of core/zs_json_stream.c. The input's first
 * byte picks a path (none, /0, /0/0, or a member name and then /0) and a depth; the rest is
 * the text. The scanner runs over the whole text at once, then fed in pieces whose sizes come
 * from a generator seeded by the input, with the bytes before zs_jstream_keep() dropped after
 * each call and the rest held in a block of its exact size (so that a read past what it may
 * look at is an ASan report). Every run must give the same events with the same ranges,
 * roles, outcome, error code and place, and each range must lie inside the text and start at
 * or after the place the scanner said it would keep.
 */
// fuzz-needs: core/zs_json_stream.h core/zs_json_stream.c
// fuzz-max-len: 4096
#include "zs_json_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	int ev;
	size_t a, b, c, d;
} event;

#define MAX_EVENTS 8192

static event one[MAX_EVENTS], cut[MAX_EVENTS];

static void fail(const char *what, size_t i)
{
	fprintf(stderr, "fuzz_json_stream_scan: %s (event %zu)\n", what, i);
	abort();
}

// Runs the scanner over text[0..len); piece sizes from *seed (0: all at once). Returns the
// number of events written to out.
static size_t run(const unsigned char *text, size_t len, const size_t *index, size_t path_len,
                  const char *name, size_t depth, bool refuse, uint32_t seed, event *out)
{
	zs_jstream st;
	unsigned char *held = malloc(1);
	size_t base = 0, nheld = 0, fed = 0, n = 0;
	bool eof = false;
	zs_jstream_init(&st, &zs_alloc_libc, index, path_len, depth, true);
	for (;;) {
		zs_jstream_event ev = zs_jstream_next(&st, held, base, nheld, eof);
		if (ev == ZS_JSTREAM_MORE) {
			size_t keep = zs_jstream_keep(&st), add, rest;
			unsigned char *next;
			if (eof || keep < base || keep > base + nheld) {
				fail("more bytes asked for after the end, or a keep outside the held bytes", n);
			}
			add = len - fed;
			if (seed) {
				seed = seed * 1103515245u + 12345u;
				add = add < 1 + (seed >> 16) % 9 ? add : 1 + (seed >> 16) % 9;
			}
			rest = nheld - (keep - base);
			next = malloc(rest + add ? rest + add : 1);
			memcpy(next, held + (keep - base), rest);
			memcpy(next + rest, text + fed, add);
			free(held);
			held = next;
			nheld = rest + add;
			base = keep;
			fed += add;
			eof = add == 0;
			continue;
		}
		if (n == MAX_EVENTS) {
			break;
		}
		out[n].ev = ev;
		out[n].a = st.start;
		out[n].b = st.end;
		out[n].c = ev == ZS_JSTREAM_ELEMENT ? st.index_out * 1000 + st.levels
		           : ev == ZS_JSTREAM_KEY   ? (size_t)st.key_role
		                                    : 0;
		out[n].d = ev == ZS_JSTREAM_ERROR ? st.err * 100000 + st.err_pos
		           : ev == ZS_JSTREAM_END ? (size_t)st.outcome
		                                  : 0;
		if (ev == ZS_JSTREAM_KEY || ev == ZS_JSTREAM_SCALAR || ev == ZS_JSTREAM_ELEMENT ||
		    ev == ZS_JSTREAM_BAD_STRING) {
			if (st.start < base || st.start >= st.end || st.end > base + nheld) {
				fail("a range outside the held bytes", n);
			}
		}
		if (ev == ZS_JSTREAM_ERROR && st.err_pos > fed) {
			fail("an error past the bytes read", n);
		}
		n++;
		if (ev == ZS_JSTREAM_KEY) {
			const unsigned char *k = held + (st.start - base);
			size_t klen = st.end - st.start;
			bool match = st.key_role == ZS_JSTREAM_KEY_PATH && name && klen == strlen(name) + 2 &&
			             memcmp(k + 1, name, klen - 2) == 0;
			zs_jstream_key(&st, match, refuse && klen > 2 && k[1] == '\\');
		}
		if (ev == ZS_JSTREAM_END || ev == ZS_JSTREAM_ERROR || ev == ZS_JSTREAM_BAD_STRING) {
			break;
		}
	}
	free(held);
	zs_jstream_free(&st);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t zeros[4] = {0, 0, 0, 0};
	static const size_t named[2] = {SIZE_MAX, 0};
	const size_t *index = zeros;
	const char *name = NULL;
	size_t path_len, depth, n1, n2, i;
	uint32_t seed;
	bool refuse;
	if (size < 1) {
		return 0;
	}
	path_len = data[0] & 3;
	if ((data[0] & 4) && path_len > 0) {
		index = named;
		name = "a";
		path_len = path_len > 2 ? 2 : path_len;
	}
	depth = (data[0] & 0x18) == 0 ? 3 : 512;
	refuse = (data[0] & 0x20) != 0; /* names starting with a backslash, as "\u0000..." */
	seed = 0x9E3779B9u ^ (uint32_t)size ^ ((uint32_t)data[0] << 8);
	data++;
	size--;
	n1 = run(data, size, index, path_len, name, depth, refuse, 0, one);
	n2 = run(data, size, index, path_len, name, depth, refuse, seed | 1, cut);
	if (n1 != n2) {
		fail("a different number of events when fed in pieces", n1 < n2 ? n1 : n2);
	}
	for (i = 0; i < n1; i++) {
		if (one[i].ev != cut[i].ev || one[i].a != cut[i].a || one[i].b != cut[i].b ||
		    one[i].c != cut[i].c || one[i].d != cut[i].d) {
			fail("an event differs when fed in pieces", i);
		}
	}
	return 0;
}
