/* zser — SPDX-License-Identifier: MIT
 *
 * Reading the input blob (a file or stdin) whole, and handing it to the reader of its format,
 * detected from the leading bytes unless --format forces one; the hex window shown around a
 * fault, and the property-name rule that only PHP can apply in full.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, fstat, isatty */

#include "cli.h"
#include "zs_igbin_read.h"
#include "zs_phpser_read.h"
#include "zs_zser_read.h"

#include "zs_wire.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_read_input(const char *path, unsigned char **data, size_t *len)
{
	FILE *f = stdin;
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0;

	struct stat st;

	if (path && strcmp(path, "-") != 0) {
		f = fopen(path, "rb");
		if (!f) {
			fprintf(stderr, "zser: cannot open %s: %s\n", path, strerror(errno));
			return EXIT_IO;
		}
		/* fopen() opens a directory; the read would then fail with a bare EISDIR */
		if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
			fprintf(stderr, "zser: %s: is a directory\n", path);
			fclose(f);
			return EXIT_IO;
		}
	} else if (isatty(fileno(stdin))) {
		/* someone who typed `zser dump` alone would otherwise wait on a silent terminal */
		fprintf(stderr, "zser: reading from standard input (end with Ctrl-D; or give a FILE)\n");
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
		fprintf(stderr, "zser: cannot read %s: %s\n", path ? path : "-", strerror(errno));
		free(buf);
		if (f != stdin) {
			fclose(f);
		}
		return EXIT_IO;
	}
	if (f != stdin) {
		fclose(f);
	}
	/* fread() was last given room (cap - n > 0), which it did not fill */
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return EXIT_OK;
}

/* NAME|VALUE of the `php` session handler: a name of printable bytes (a session key may hold
 * any byte but '|'; the names seen in practice are identifiers), then a serialize() value. */
static bool looks_like_session(const unsigned char *data, size_t len)
{
	const unsigned char *bar = memchr(data, '|', len);
	size_t i;

	if (!bar) {
		return false;
	}
	for (i = 0; data + i < bar; i++) {
		if (data[i] < 0x20 || data[i] == 0x7f) {
			return false;
		}
	}
	return zs_format_detect(bar + 1, len - i - 1) == ZS_FMT_PHPSER;
}

static zs_format detect(const unsigned char *data, size_t len)
{
	zs_format f = zs_format_detect(data, len);

	/* A zser blob's second byte is its version, never printable; a session variable whose
	 * name starts with 'Z' has a printable one. */
	if ((f == ZS_FMT_UNKNOWN || (f == ZS_FMT_ZSER && len >= 2 && data[1] >= 0x20)) &&
	    looks_like_session(data, len)) {
		return ZS_FMT_PHPSESSION;
	}
	return f;
}

static int load(zs_tree *t, const unsigned char *data, size_t len, const cli_opts *o)
{
	zs_format f = o->force != ZS_FMT_UNKNOWN ? o->force : detect(data, len);
	bool ok;

	zs_tree_init(t, &zs_alloc_libc, o->max_depth);
	switch (f) {
	case ZS_FMT_PHPSER:
		ok = zs_phpser_read(t, data, len);
		break;
	case ZS_FMT_PHPSESSION:
		ok = zs_phpser_read_session(t, data, len);
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
		                      : "unrecognised format (not zser, serialize(), a php session or "
		                        "igbinary)");
		return EXIT_INVALID;
	}
	if (ok) {
		return EXIT_OK;
	}
	return t->out_of_memory ? EXIT_NOMEM : EXIT_INVALID;
}

int cli_load(zs_tree *t, const unsigned char *data, size_t len, const cli_opts *o)
{
	int rc;

	if (o->from_stdin && len == 1 && data[0] == '\n') {
		zs_tree_init(t, &zs_alloc_libc, o->max_depth);
		t->input = data;
		t->input_len = len;
		zs_tree_fail(t, 0, "empty input (a newline alone: redis-cli prints one for a missing key)");
		return EXIT_INVALID;
	}
	rc = load(t, data, len, o);
	/* the value ends right before a final LF: what redis-cli --raw and echo write */
	if (rc == EXIT_INVALID && o->from_stdin && len > 1 && data[len - 1] == '\n' &&
	    t->error_pos == len - 1 && t->error &&
	    strcmp(t->error, zs_wire_error_msg(ZS_WE_TRAILING)) == 0) {
		zs_tree_free(t);
		rc = load(t, data, len - 1, o);
		if (rc == EXIT_OK) {
			fprintf(stderr, "zser: note: ignored the newline after the value on stdin\n");
		}
	}
	return rc;
}

const char *cli_format_label(const zs_tree *t, char *buf, size_t n)
{
	if (t->format == ZS_FMT_IGBINARY || t->format == ZS_FMT_ZSER) {
		bool refs =
		        t->format == ZS_FMT_ZSER && t->input_len >= 2 && (t->input[1] & ZS_WIRE_FLAG_REFS);
		if (t->base > 0) {
			snprintf(buf, n, "%s v%u%s, nested after slot %zu", zs_format_name(t->format),
			         t->version, refs ? " (reference flag)" : "", t->base);
		} else {
			snprintf(buf, n, "%s v%u%s", zs_format_name(t->format), t->version,
			         refs ? " (reference flag)" : "");
		}
	} else {
		snprintf(buf, n, "%s", zs_format_name(t->format));
	}
	return buf;
}

void cli_hex_window(FILE *out, const unsigned char *data, size_t len, size_t pos)
{
	enum { ROW = 16, AROUND = 2 };
	size_t row = pos / ROW, first = row > AROUND ? row - AROUND : 0, r;

	/* the fault's own row even when it is past the last byte, so the caret always shows */
	for (r = first; r <= row + AROUND && (r * ROW < len || r == row); r++) {
		size_t i;
		fprintf(out, "%s%08zx  ", r == row ? "> " : "  ", r * ROW);
		for (i = 0; i < ROW; i++) {
			size_t at = r * ROW + i;
			if (at < len) {
				fprintf(out, "%02x%s", data[at], i == 7 ? "  " : " ");
			} else {
				fputs(i == 7 ? "    " : "   ", out);
			}
		}
		fputs(" |", out);
		for (i = 0; i < ROW && r * ROW + i < len; i++) {
			unsigned char c = data[r * ROW + i];
			fputc(c >= 0x20 && c < 0x7f ? c : '.', out);
		}
		fputs("|\n", out);
		if (r == row) {
			/* 12 columns of prefix and offset, 3 per byte, one more after the eighth */
			size_t col = 12 + (pos % ROW) * 3 + (pos % ROW >= 8);
			fprintf(out, "%*s^^ offset %zu\n", (int)col, "", pos);
		}
	}
	if (pos >= len) {
		fprintf(out, "  (offset %zu is the end of the input: more bytes were expected)\n", pos);
	}
}

static bool bad_mangled_name(const unsigned char *k, size_t len)
{
	/* what zend_unmangle_property_name_ex() refuses: a leading NUL not followed by a
	 * non-empty class name, a second NUL and a non-empty property name */
	const unsigned char *second;

	if (len == 0 || k[0] != '\0') {
		return false;
	}
	if (len < 3 || k[1] == '\0') {
		return true;
	}
	second = memchr(k + 1, '\0', len - 2);
	return second == NULL;
}

size_t cli_count_bad_names(const zs_tree *t, size_t *first_pos)
{
	size_t i, bad = 0;

	for (i = 0; i < t->count; i++) {
		const zs_node *n = &t->nodes[i];
		size_t c;
		if (n->kind != ZS_K_OBJECT || (n->flags & ZS_NODE_OBJ_DATA)) {
			continue;
		}
		for (c = n->first_child; c; c = t->nodes[c - 1].next) {
			const zs_node *e = &t->nodes[c - 1];
			if ((e->flags & ZS_NODE_KEY_STR) &&
			    bad_mangled_name(zs_tree_bytes(t, &e->key_str), e->key_str.len)) {
				if (bad++ == 0) {
					*first_pos = e->key_pos;
				}
			}
		}
	}
	return bad;
}
