/* zser — SPDX-License-Identifier: MIT
 *
 * Reading the input blob (a file or stdin) whole, and handing it to the reader of its format,
 * detected from the leading bytes unless --format forces one.
 */
#include "cli.h"
#include "zs_igbin_read.h"
#include "zs_phpser_read.h"
#include "zs_zser_read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cli_read_input(const char *path, unsigned char **data, size_t *len)
{
	FILE *f = stdin;
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0;

	if (path && strcmp(path, "-") != 0) {
		f = fopen(path, "rb");
		if (!f) {
			fprintf(stderr, "zser: cannot open %s: %s\n", path, strerror(errno));
			return EXIT_IO;
		}
	}
	for (;;) {
		size_t got;
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 65536;
			unsigned char *nb = ncap > cap ? realloc(buf, ncap) : NULL;
			if (!nb) {
				fprintf(stderr, "zser: out of memory reading the input\n");
				free(buf);
				if (f != stdin) {
					fclose(f);
				}
				return EXIT_NOMEM;
			}
			buf = nb;
			cap = ncap;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			break;
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "zser: read error on %s\n", path ? path : "-");
		free(buf);
		if (f != stdin) {
			fclose(f);
		}
		return EXIT_IO;
	}
	if (f != stdin) {
		fclose(f);
	}
	*data = buf;
	*len = n;
	return EXIT_OK;
}

int cli_load(zs_tree *t, const unsigned char *data, size_t len, const cli_opts *o)
{
	zs_format f = o->force != ZS_FMT_UNKNOWN ? o->force : zs_format_detect(data, len);
	bool ok;

	zs_tree_init(t, &zs_alloc_libc, o->max_depth);
	switch (f) {
	case ZS_FMT_PHPSER:
		ok = zs_phpser_read(t, data, len);
		break;
	case ZS_FMT_IGBINARY:
		ok = zs_igbin_read(t, data, len);
		break;
	case ZS_FMT_ZSER:
		ok = zs_zser_read(t, data, len);
		break;
	default:
		t->input = data;
		t->input_len = len;
		zs_tree_fail(t, 0,
		             len == 0 ? "empty input"
		                      : "unrecognised format (not zser, serialize() or igbinary)");
		return EXIT_INVALID;
	}
	if (ok) {
		return EXIT_OK;
	}
	return t->out_of_memory ? EXIT_NOMEM : EXIT_INVALID;
}

const char *cli_format_label(const zs_tree *t, char *buf, size_t n)
{
	if (t->format == ZS_FMT_IGBINARY || t->format == ZS_FMT_ZSER) {
		if (t->base > 0) {
			snprintf(buf, n, "%s v%u, nested after slot %zu", zs_format_name(t->format), t->version,
			         t->base);
		} else {
			snprintf(buf, n, "%s v%u", zs_format_name(t->format), t->version);
		}
	} else {
		snprintf(buf, n, "%s", zs_format_name(t->format));
	}
	return buf;
}
