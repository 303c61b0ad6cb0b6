/* zser — SPDX-License-Identifier: MIT
 *
 * Entry point of the `zser` tool: command-line parsing and dispatch to dump, check, stats,
 * to-json and from-json.
 * Inspects zser, PHP serialize() and igbinary blobs without PHP; links only core/ and cli/.
 * Exit codes are listed in cli.h and documented in docs/CLI.md.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char usage[] =
        "usage: zser COMMAND [OPTIONS] [FILE|-]\n"
        "\n"
        "Inspect a serialized PHP value: a zser, serialize() or igbinary (v1/v2) blob.\n"
        "The format is detected from the first bytes. FILE defaults to stdin.\n"
        "\n"
        "commands:\n"
        "  dump     print the value as an indented tree\n"
        "  check    validate; exit 0 if valid, 1 with \"error at offset N: reason\"\n"
        "  stats    size breakdown: bytes by type, strings, references\n"
        "  to-json  write the value as plain JSON (lossy, see docs/CLI.md)\n"
        "  from-json  read JSON text, write a zser blob on stdout\n"
        "  help     this text\n"
        "\n"
        "options:\n"
        "  --json            dump: one JSON document instead of text\n"
        "  --offsets         dump: the byte offset of every value\n"
        "  --format=FMT      auto (default), zser, serialize, igbinary\n"
        "  --max-depth=N     nesting limit (default 4096, as unserialize_max_depth)\n"
        "  -q, --quiet       check: print nothing on success\n"
        "  -h, --help        this text\n"
        "  -V, --version     version\n"
        "\n"
        "exit status: 0 ok, 1 invalid input, 2 usage error, 3 I/O error, 4 out of memory\n";

static int usage_error(const char *what, const char *arg)
{
	fprintf(stderr, "zser: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
	fprintf(stderr, "try 'zser --help'\n");
	return EXIT_USAGE;
}

static bool parse_format(const char *s, zs_format *f)
{
	if (strcmp(s, "auto") == 0) {
		*f = ZS_FMT_UNKNOWN;
	} else if (strcmp(s, "serialize") == 0 || strcmp(s, "php-serialize") == 0 ||
	           strcmp(s, "php") == 0) {
		*f = ZS_FMT_PHPSER;
	} else if (strcmp(s, "igbinary") == 0) {
		*f = ZS_FMT_IGBINARY;
	} else if (strcmp(s, "zser") == 0) {
		*f = ZS_FMT_ZSER;
	} else {
		return false;
	}
	return true;
}

static bool parse_depth(const char *s, size_t *v)
{
	char *end;
	unsigned long long n;

	if (*s < '0' || *s > '9') {
		return false;
	}
	n = strtoull(s, &end, 10);
	if (*end != '\0' || n == 0 || n > 10000) {
		return false;
	}
	*v = (size_t)n;
	return true;
}

static int run(const char *cmd, const char *path, const cli_opts *o, bool quiet)
{
	unsigned char *data = NULL;
	size_t len = 0;
	zs_tree t;
	int rc;
	char label[64];

	rc = cli_read_input(path, &data, &len);
	if (rc != EXIT_OK) {
		return rc;
	}
	if (strcmp(cmd, "from-json") == 0) {
		rc = cli_from_json(stdout, data, len, o->max_depth);
		free(data);
		if (rc == EXIT_OK && (fflush(stdout) != 0 || ferror(stdout))) {
			fprintf(stderr, "zser: write error\n");
			rc = EXIT_IO;
		}
		return rc;
	}
	rc = cli_load(&t, data, len, o);
	if (rc != EXIT_OK) {
		fprintf(stderr, "error at offset %zu: %s", t.error_pos, t.error ? t.error : "?");
		if (t.format != ZS_FMT_UNKNOWN) {
			fprintf(stderr, " (reading %s)", cli_format_label(&t, label, sizeof(label)));
		}
		fputc('\n', stderr);
	} else if (strcmp(cmd, "dump") == 0) {
		rc = o->json ? cli_dump_json(stdout, &t, o) : cli_dump_text(stdout, &t, o);
	} else if (strcmp(cmd, "stats") == 0) {
		cli_stats(stdout, &t);
	} else if (strcmp(cmd, "to-json") == 0) {
		rc = cli_to_json(stdout, &t, o->max_depth);
	} else if (!quiet) {
		printf("valid %s, %zu bytes\n", cli_format_label(&t, label, sizeof(label)), len);
	}
	zs_tree_free(&t);
	free(data);
	if (rc == EXIT_OK && (fflush(stdout) != 0 || ferror(stdout))) {
		fprintf(stderr, "zser: write error\n");
		rc = EXIT_IO;
	}
	return rc;
}

int main(int argc, char **argv)
{
	cli_opts o;
	const char *cmd = NULL, *path = NULL;
	bool quiet = false, no_more_opts = false;
	int i;

	memset(&o, 0, sizeof(o));
	o.max_depth = ZS_TREE_DEFAULT_DEPTH;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!no_more_opts && a[0] == '-' && a[1] != '\0') {
			if (strcmp(a, "--") == 0) {
				no_more_opts = true;
			} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
				fputs(usage, stdout);
				return EXIT_OK;
			} else if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
				printf("zser %s (formats: zser v1, serialize, igbinary v1/v2)\n", ZSER_CLI_VERSION);
				return EXIT_OK;
			} else if (strcmp(a, "--json") == 0) {
				o.json = true;
			} else if (strcmp(a, "--offsets") == 0) {
				o.offsets = true;
			} else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
				quiet = true;
			} else if (strncmp(a, "--format=", 9) == 0) {
				if (!parse_format(a + 9, &o.force)) {
					return usage_error("unknown format", a + 9);
				}
			} else if (strncmp(a, "--max-depth=", 12) == 0) {
				if (!parse_depth(a + 12, &o.max_depth)) {
					return usage_error("--max-depth needs a number from 1 to 10000", a + 12);
				}
			} else {
				return usage_error("unknown option", a);
			}
		} else if (!cmd) {
			cmd = a;
		} else if (!path) {
			path = a;
		} else {
			return usage_error("too many arguments", a);
		}
	}
	if (!cmd) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (strcmp(cmd, "help") == 0) {
		fputs(usage, stdout);
		return EXIT_OK;
	}
	if (strcmp(cmd, "dump") != 0 && strcmp(cmd, "check") != 0 && strcmp(cmd, "stats") != 0 &&
	    strcmp(cmd, "to-json") != 0 && strcmp(cmd, "from-json") != 0) {
		return usage_error("unknown command", cmd);
	}
	return run(cmd, path, &o, quiet);
}
