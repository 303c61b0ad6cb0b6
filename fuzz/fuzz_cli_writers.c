// zser — SPDX-License-Identifier: MIT
//
// libFuzzer target for the CLI's writers: any bytes are read as the CLI reads them (format
// detected, all four readers), and a value that reads is written by dump, dump --offsets,
// dump --json, to-json (with a tight and the default depth limit) and stats into /dev/null;
// one that fails is dumped as far as it was read, under a small output limit, with the hex
// window around the fault, as `zser dump` does. A value that reads is also converted (`zser
// convert`) to zser and to serialize() text, each read back and compared with the source's tree:
// either it converts and verifies, or it is refused (a value the target cannot express); a
// converted blob converts again. --max-output keeps copy bombs small.
// Each must finish with its documented exit code, within the sanitizers; the writers walk the
// tree with zs_tree_walk, to-json through back-references, so hostile shapes reach them here.
// fuzz-links: cli/dump.c cli/json.c cli/tojson.c cli/limit.c cli/text.c cli/float.c
// fuzz-links: cli/input.c cli/stats.c cli/convert.c cli/fromjson.c
#include "cli.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *sink;

// Converts t to `to`; a zser result is read and converted to serialize() text in turn.
static void convert(const zs_tree *t, cli_target to)
{
	cli_convert_opts co = {to, true, 64, 1 << 20, NULL};
	zs_buf out;
	int rc = cli_convert(t, &co, &out);

	if (rc != EXIT_OK && rc != EXIT_INVALID) {
		abort();
	}
	if (rc == EXIT_OK && to == CLI_TO_ZSER) {
		cli_opts o = {false, false, ZS_FMT_ZSER, 64, 0, false};
		zs_tree back;
		if (cli_load(&back, out.data, out.len, &o) != EXIT_OK) {
			abort(); // verified, so it reads
		}
		convert(&back, CLI_TO_SERIALIZE);
		zs_tree_free(&back);
	}
	if (rc != EXIT_OK && out.len != 0) {
		abort(); // nothing is handed out on failure
	}
	zs_buf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cli_opts o = {false, false, ZS_FMT_UNKNOWN, 64, 0, false};
	zs_tree t;
	int rc;

	if (!sink && !(sink = fopen("/dev/null", "w"))) {
		abort();
	}
	if (cli_load(&t, data, size, &o) == EXIT_OK) {
		if (cli_dump_text(sink, &t, &o) != EXIT_OK || cli_dump_json(sink, &t, &o) != EXIT_OK) {
			abort();
		}
		o.offsets = true;
		if (cli_dump_text(sink, &t, &o) != EXIT_OK || cli_dump_json(sink, &t, &o) != EXIT_OK) {
			abort();
		}
		/* a value too deep or too large once back-references are expanded is refused, and so
		 * is JSON text past --max-output (here 4096 bytes) */
		rc = cli_to_json(sink, &t, 3, 0);
		if (rc != EXIT_OK && rc != EXIT_INVALID) {
			abort();
		}
		rc = cli_to_json(sink, &t, 64, 4096);
		if (rc != EXIT_OK && rc != EXIT_INVALID) {
			abort();
		}
		cli_stats(sink, &t);
		convert(&t, CLI_TO_ZSER);
		convert(&t, CLI_TO_SERIALIZE);
	} else if (!t.error || t.error_pos > size) {
		abort();
	} else {
		o.max_output = 4096;
		if (t.format != ZS_FMT_UNKNOWN && t.count > 0 && !t.out_of_memory &&
		    cli_dump_text(sink, &t, &o) != EXIT_OK) {
			abort();
		}
		cli_hex_window(sink, data, size, t.error_pos);
	}
	zs_tree_free(&t);
	return 0;
}
