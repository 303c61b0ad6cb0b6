/* zser — SPDX-License-Identifier: MIT
 *
 * Entry point of the `zser` tool: command-line parsing and dispatch to dump, check, stats,
 * to-json, from-json and convert.
 * Inspects zser, PHP serialize() and igbinary blobs without PHP; links only core/ and cli/.
 * Exit codes are listed in cli.h and documented in docs/CLI.md.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, isatty */

#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
        "usage: zser COMMAND [OPTIONS] [FILE|-]\n"
        "       zser check [OPTIONS] FILE...\n"
        "\n"
        "Inspect a serialized PHP value: a zser, serialize() or igbinary (v1/v2) blob, or a\n"
        "session in the php handler's name|value format. The format is detected from the\n"
        "first bytes. FILE defaults to stdin; one newline after the value is ignored there\n"
        "(redis-cli --raw adds one).\n"
        "\n"
        "commands:\n"
        "  dump     print the value as an indented tree\n"
        "  check    validate each FILE; exit 0 if all are valid, 1 if any is not\n"
        "  stats    size breakdown: bytes by type, strings, references\n"
        "  to-json  write the value as plain JSON (lossy, see docs/CLI.md)\n"
        "  from-json  read JSON text, write a zser blob (-o FILE, or stdout if not a terminal)\n"
        "  convert  rewrite a blob losslessly: serialize(), igbinary or a php session to zser,\n"
        "           or zser to serialize(); the output is read back and compared first\n"
        "  help     this text\n"
        "\n"
        "options:\n"
        "  --json            dump: one JSON document instead of text\n"
        "  --offsets         dump: the byte offset of every value\n"
        "  --format=FMT      auto (default), zser, serialize, igbinary, session\n"
        "  --from=FMT        convert: the same as --format\n"
        "  --to=FMT          convert: zser (default) or serialize\n"
        "  --no-verify       convert: do not read the output back and compare it\n"
        "  --max-depth=N     nesting limit (default 4096, as unserialize_max_depth)\n"
        "  --max-output=N    dump, to-json, convert: stop after N bytes of output (default 64M; "
        "0:\n"
        "                    no limit)\n"
        "  -o FILE           from-json, convert: write the output to FILE\n"
        "  --force           from-json, convert: write binary to a terminal all the same\n"
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
	} else if (strcmp(s, "session") == 0 || strcmp(s, "php-session") == 0) {
		*f = ZS_FMT_PHPSESSION;
	} else {
		return false;
	}
	return true;
}

/* A decimal option value from min to max: digits only, no sign, no space, no overflow. */
static bool parse_count(const char *s, unsigned long long min, unsigned long long max, size_t *v)
{
	char *end;
	unsigned long long n;

	if (*s < '0' || *s > '9') {
		return false;
	}
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || n < min || n > max) {
		return false;
	}
	*v = (size_t)n;
	return true;
}

static bool is_terminal(FILE *f)
{
	return isatty(fileno(f)) == 1;
}

/* The input as far as it was read when it failed: its tree, the error, and the bytes around
 * the fault, so that a corrupt blob shows where it went wrong. */
static void report_fault(const char *cmd, const zs_tree *t, const unsigned char *data, size_t len,
                         const cli_opts *o, const char *name)
{
	char label[64];

	if (strcmp(cmd, "dump") == 0 && !o->json && t->format != ZS_FMT_UNKNOWN && t->count > 0 &&
	    !t->out_of_memory) {
		cli_dump_text(stdout, t, o);
		printf("(the value is cut short here: error at offset %zu)\n", t->error_pos);
		fflush(stdout);
	}
	if (name) {
		fprintf(stderr, "%s: ", name);
	}
	fprintf(stderr, "error at offset %zu: %s", t->error_pos, t->error ? t->error : "?");
	if (t->format != ZS_FMT_UNKNOWN) {
		fprintf(stderr, " (reading %s)", cli_format_label(t, label, sizeof(label)));
	}
	fputc('\n', stderr);
	if (strcmp(cmd, "dump") == 0 && len > 0) {
		cli_hex_window(stderr, data, len, t->error_pos);
	}
}

static int from_json(const unsigned char *data, size_t len, const cli_opts *o, const char *opath,
                     bool force)
{
	FILE *out = stdout;
	int rc;

	if (opath && strcmp(opath, "-") != 0) {
		out = fopen(opath, "wb");
		if (!out) {
			fprintf(stderr, "zser: cannot write %s: %s\n", opath, strerror(errno));
			return EXIT_IO;
		}
	} else if (!force && is_terminal(stdout)) {
		fprintf(stderr, "zser: not writing a binary blob to a terminal; use -o FILE, a pipe or "
		                "--force\n");
		return EXIT_USAGE;
	}
	rc = cli_from_json(out, data, len, o->max_depth);
	if (rc == EXIT_OK && (fflush(out) != 0 || ferror(out))) {
		fprintf(stderr, "zser: write error\n");
		rc = EXIT_IO;
	}
	if (out != stdout && fclose(out) != 0 && rc == EXIT_OK) {
		fprintf(stderr, "zser: write error\n");
		rc = EXIT_IO;
	}
	if (out != stdout && rc != EXIT_OK) {
		remove(opath); /* no half-written blob left behind */
	}
	return rc;
}

/* `convert`: the output is made and checked in memory, and written only when all of it is
 * right, so that a refused conversion leaves no file behind. */
static int convert(const unsigned char *data, size_t len, const cli_opts *o, const char *opath,
                   bool force, const cli_convert_opts *co)
{
	zs_tree t;
	zs_buf blob;
	FILE *out = stdout;
	int rc;

	if ((!opath || strcmp(opath, "-") == 0) && co->to == CLI_TO_ZSER && !force &&
	    is_terminal(stdout)) {
		fprintf(stderr, "zser: not writing a binary blob to a terminal; use -o FILE, a pipe or "
		                "--force\n");
		return EXIT_USAGE;
	}
	rc = cli_load(&t, data, len, o);
	if (rc != EXIT_OK) {
		report_fault("convert", &t, data, len, o, NULL);
		zs_tree_free(&t);
		return rc;
	}
	rc = cli_convert(&t, co, &blob);
	zs_tree_free(&t);
	if (rc != EXIT_OK) {
		zs_buf_free(&blob);
		return rc;
	}
	if (opath && strcmp(opath, "-") != 0 && !(out = fopen(opath, "wb"))) {
		fprintf(stderr, "zser: cannot write %s: %s\n", opath, strerror(errno));
		zs_buf_free(&blob);
		return EXIT_IO;
	}
	if (fwrite(blob.data, 1, blob.len, out) != blob.len || fflush(out) != 0 || ferror(out)) {
		fprintf(stderr, "zser: write error\n");
		rc = EXIT_IO;
	}
	if (out != stdout && fclose(out) != 0 && rc == EXIT_OK) {
		fprintf(stderr, "zser: write error\n");
		rc = EXIT_IO;
	}
	if (out != stdout && rc != EXIT_OK) {
		remove(opath); /* no half-written output left behind */
	}
	zs_buf_free(&blob);
	return rc;
}

/* `check` of one input; `name` prefixes each line when there are several. */
static int check_one(const unsigned char *data, size_t len, const cli_opts *o, bool quiet,
                     const char *name)
{
	zs_tree t;
	int rc = cli_load(&t, data, len, o);
	char label[64];
	size_t bad, first = 0;

	if (rc != EXIT_OK) {
		report_fault("check", &t, data, len, o, name);
		zs_tree_free(&t);
		return rc;
	}
	bad = cli_count_bad_names(&t, &first);
	if (!quiet || bad) {
		if (name) {
			printf("%s: ", name);
		}
		printf("valid %s, %zu bytes\n", cli_format_label(&t, label, sizeof(label)), len);
	}
	if (bad) {
		/* PHP's rule depends on the class, which a blob does not carry: say so, do not guess */
		fprintf(stderr,
		        "%s%swarning at offset %zu: %zu malformed mangled property name%s; PHP refuses "
		        "%s in an object whose class declares properties (class-level checks need PHP)\n",
		        name ? name : "", name ? ": " : "", first, bad, bad == 1 ? "" : "s",
		        bad == 1 ? "it" : "them");
	}
	zs_tree_free(&t);
	return EXIT_OK;
}

static int run(const char *cmd, const char *path, const cli_opts *opts, bool quiet,
               const char *name)
{
	unsigned char *data = NULL;
	size_t len = 0;
	zs_tree t;
	int rc;
	cli_opts o = *opts;

	o.from_stdin = !path || strcmp(path, "-") == 0;
	rc = cli_read_input(path, &data, &len);
	if (rc != EXIT_OK) {
		return rc;
	}
	if (strcmp(cmd, "check") == 0) {
		rc = check_one(data, len, &o, quiet, name);
		free(data);
		if (rc == EXIT_OK && (fflush(stdout) != 0 || ferror(stdout))) {
			fprintf(stderr, "zser: write error\n");
			rc = EXIT_IO;
		}
		return rc;
	}
	rc = cli_load(&t, data, len, &o);
	if (rc != EXIT_OK) {
		report_fault(cmd, &t, data, len, &o, NULL);
	} else if (strcmp(cmd, "dump") == 0) {
		rc = o.json ? cli_dump_json(stdout, &t, &o) : cli_dump_text(stdout, &t, &o);
	} else if (strcmp(cmd, "stats") == 0) {
		cli_stats(stdout, &t);
	} else if (strcmp(cmd, "to-json") == 0) {
		rc = cli_to_json(stdout, &t, o.max_depth, o.max_output);
	}
	zs_tree_free(&t);
	free(data);
	if (rc == EXIT_OK && (fflush(stdout) != 0 || ferror(stdout))) {
		fprintf(stderr, "zser: write error\n");
		rc = EXIT_IO;
	}
	return rc;
}

static int main_dispatch(const char *cmd, const char **paths, size_t npaths, const cli_opts *o,
                         bool quiet, const char *opath, bool force, const cli_convert_opts *co)
{
	size_t k;
	int rc = EXIT_OK;

	if (!cmd) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (strcmp(cmd, "help") == 0) {
		fputs(usage, stdout);
		return EXIT_OK;
	}
	if (strcmp(cmd, "dump") != 0 && strcmp(cmd, "check") != 0 && strcmp(cmd, "stats") != 0 &&
	    strcmp(cmd, "to-json") != 0 && strcmp(cmd, "from-json") != 0 &&
	    strcmp(cmd, "convert") != 0) {
		return usage_error("unknown command", cmd);
	}
	if (opath && strcmp(cmd, "from-json") != 0 && strcmp(cmd, "convert") != 0) {
		return usage_error("-o is for from-json and convert", opath);
	}
	if (npaths > 1 && strcmp(cmd, "check") != 0) {
		return usage_error("too many arguments (only check takes several files)", paths[1]);
	}
	if (strcmp(cmd, "from-json") == 0 || strcmp(cmd, "convert") == 0) {
		unsigned char *data = NULL;
		size_t len = 0;
		cli_opts oc = *o;
		oc.from_stdin = !npaths || strcmp(paths[0], "-") == 0;
		rc = cli_read_input(npaths ? paths[0] : NULL, &data, &len);
		if (rc == EXIT_OK) {
			rc = cmd[0] == 'f' ? from_json(data, len, o, opath, force)
			                   : convert(data, len, &oc, opath, force, co);
		}
		free(data);
		return rc;
	}
	if (npaths <= 1) {
		return run(cmd, npaths ? paths[0] : NULL, o, quiet, NULL);
	}
	/* every file is checked; the status is the worst one seen (I/O over invalid over valid) */
	for (k = 0; k < npaths; k++) {
		int r = run(cmd, paths[k], o, quiet, paths[k]);
		if (r > rc) {
			rc = r;
		}
	}
	return rc;
}

int main(int argc, char **argv)
{
	cli_opts o;
	cli_convert_opts co;
	const char *conv_opt = NULL; /* a convert-only option, for the usage error */
	const char *cmd = NULL, *opath = NULL;
	const char **paths;
	size_t npaths = 0;
	bool quiet = false, no_more_opts = false, force = false;
	int i, rc;

	memset(&o, 0, sizeof(o));
	o.max_depth = ZS_TREE_DEFAULT_DEPTH;
	o.max_output = CLI_DEFAULT_MAX_OUTPUT;
	memset(&co, 0, sizeof(co));
	co.to = CLI_TO_ZSER;
	co.verify = true;
	co.err = stderr;
	paths = malloc(sizeof(*paths) * (size_t)argc);
	if (!paths) {
		fprintf(stderr, "zser: out of memory\n");
		return EXIT_NOMEM;
	}
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
			} else if (strcmp(a, "--force") == 0) {
				force = true;
			} else if (strcmp(a, "-o") == 0 || strncmp(a, "--output=", 9) == 0) {
				if (a[1] == 'o' && i + 1 >= argc) {
					free(paths);
					return usage_error("-o needs a FILE", NULL);
				}
				opath = a[1] == 'o' ? argv[++i] : a + 9;
			} else if (strncmp(a, "--max-output=", 13) == 0) {
				if (!parse_count(a + 13, 0, SIZE_MAX, &o.max_output)) {
					free(paths);
					return usage_error("--max-output needs a number of bytes", a + 13);
				}
			} else if (strncmp(a, "--format=", 9) == 0 || strncmp(a, "--from=", 7) == 0) {
				const char *f = a[2] == 'f' && a[3] == 'o' ? a + 9 : a + 7;
				if (!parse_format(f, &o.force)) {
					free(paths);
					return usage_error("unknown format", f);
				}
			} else if (strncmp(a, "--to=", 5) == 0) {
				conv_opt = a;
				if (strcmp(a + 5, "zser") == 0) {
					co.to = CLI_TO_ZSER;
				} else if (strcmp(a + 5, "serialize") == 0 || strcmp(a + 5, "php-serialize") == 0) {
					co.to = CLI_TO_SERIALIZE;
				} else {
					free(paths);
					return usage_error("--to takes zser or serialize", a + 5);
				}
			} else if (strcmp(a, "--no-verify") == 0) {
				conv_opt = a;
				co.verify = false;
			} else if (strncmp(a, "--max-depth=", 12) == 0) {
				if (!parse_count(a + 12, 1, 10000, &o.max_depth)) {
					free(paths);
					return usage_error("--max-depth needs a number from 1 to 10000", a + 12);
				}
			} else {
				free(paths);
				return usage_error("unknown option", a);
			}
		} else if (!cmd) {
			cmd = a;
		} else {
			paths[npaths++] = a;
		}
	}
	co.max_depth = o.max_depth;
	co.max_output = o.max_output;
	if (conv_opt && (!cmd || strcmp(cmd, "convert") != 0)) {
		free(paths);
		return usage_error("option only for convert", conv_opt);
	}
	rc = main_dispatch(cmd, paths, npaths, &o, quiet, opath, force, &co);
	free(paths);
	return rc;
}
