/* zser — SPDX-License-Identifier: MIT
 *
 * Declarations shared by the files of the `zser` command-line tool: loading a blob into the
 * core's value tree, and the output modes that walk it. The tool links only core/ and cli/.
 */
#ifndef ZSER_CLI_H
#define ZSER_CLI_H

#include "zs_tree.h"

#include <stdio.h>

#define ZSER_CLI_VERSION "0.1.0"

/* Exit codes (documented in docs/CLI.md and the man page). */
enum {
	EXIT_OK = 0,
	EXIT_INVALID = 1, /* the input is not a valid blob */
	EXIT_USAGE = 2,   /* bad command line */
	EXIT_IO = 3,      /* cannot read the input or write the output */
	EXIT_NOMEM = 4    /* out of memory */
};

typedef struct cli_opts {
	bool offsets;
	bool json;
	zs_format force; /* ZS_FMT_UNKNOWN: autodetect */
	size_t max_depth;
	size_t max_output; /* dump, to-json: bytes of text before it stops; 0 for no limit */
	bool from_stdin;   /* the input came from stdin: one trailing LF is forgiven */
} cli_opts;

#define CLI_DEFAULT_MAX_OUTPUT ((size_t)64 << 20)

/* A stream passing at most `max` bytes to `out` (cli/limit.c); `full` tells that it dropped
 * some. cli_limited_open() returns NULL for max 0 (no limit: write to `out` itself) or when
 * the stream cannot be made. */
typedef struct cli_limited {
	FILE *out;
	size_t left;
	bool full;
} cli_limited;
FILE *cli_limited_open(cli_limited *l, FILE *out, size_t max);

/* Whole input of FILE ("-" or NULL for stdin) in `*data`/`*len` (malloc'd; caller frees),
 * followed by a NUL byte not counted in *len (the JSON lexer stops at it). Returns EXIT_OK or
 * EXIT_IO with a message printed on stderr. */
int cli_read_input(const char *path, unsigned char **data, size_t *len);

/* Detects (unless forced) and parses `data` into `t` (zs_tree_init'ed here). Returns EXIT_OK,
 * EXIT_INVALID or EXIT_NOMEM; on error the message is left in t->error / t->error_pos. With
 * o->from_stdin, one LF after an otherwise complete value is left out, with a note on stderr:
 * redis-cli --raw and echo end their output with one. */
int cli_load(zs_tree *t, const unsigned char *data, size_t len, const cli_opts *o);

/* Rows of hex and text around byte `pos` of the input, the faulty byte marked. */
void cli_hex_window(FILE *out, const unsigned char *data, size_t len, size_t pos);

/* Property names of objects (not __serialize() data) that are malformed mangled names: a NUL
 * first and then no "Class\0name" with both parts non-empty. PHP refuses such a name only in an
 * object whose class declares properties, which takes PHP to know. Returns how many, and the
 * offset of the first in *first_pos. */
size_t cli_count_bad_names(const zs_tree *t, size_t *first_pos);

/* "php-serialize", "igbinary v2", ... into buf. */
const char *cli_format_label(const zs_tree *t, char *buf, size_t n);

/* Shortest text that reads back as `d`, spelled as PHP's var_dump() does (1.0E+25, -0, NAN). */
void cli_format_double(double d, char *buf, size_t n);

/* Writes s as a quoted JSON string, escaped by the core's kernel (zs_json_escape) with
 * ZS_ESC_* `flags`. The bytes must be valid UTF-8 unless a flag ignores or substitutes. */
void cli_json_string(FILE *out, const unsigned char *s, size_t len, uint32_t flags);

/* Splits a mangled property name: "\0*\0name" is protected, "\0Class\0name" private to
 * Class, anything else public. Returns 0 public, 1 protected, 2 private; `name` and `cls`
 * receive the unmangled parts. A malformed mangled name is reported as public, whole. */
int cli_unmangle(const zs_tree *t, const zs_str *key, zs_str *name, zs_str *cls);

/* zs_tree_walk() from the root, for the writers: EXIT_OK, or EXIT_NOMEM with a message on
 * stderr when its stack cannot grow. */
int cli_walk(const zs_tree *t, const zs_tree_visitor *v, void *ctx);

/* `dump` and `dump --json`. Return EXIT_OK or EXIT_NOMEM. */
int cli_dump_text(FILE *out, const zs_tree *t, const cli_opts *o);
int cli_dump_json(FILE *out, const zs_tree *t, const cli_opts *o);
void cli_stats(FILE *out, const zs_tree *t);

/* `to-json`: the tree's value as plain JSON (lossy, see docs/CLI.md). Returns an exit code. */
int cli_to_json(FILE *out, const zs_tree *t, size_t max_depth, size_t max_output);

/* A seed for the hash tables that input fills (from /dev/urandom, else the clock), so that
 * keys cannot be chosen to collide; what is written never depends on it. */
uint64_t cli_hash_seed(void);

/* `convert`: what to write. */
typedef enum cli_target { CLI_TO_ZSER, CLI_TO_SERIALIZE } cli_target;

typedef struct cli_convert_opts {
	cli_target to;
	bool verify;       /* read the output back and compare (the default) */
	size_t max_depth;  /* for reading the output back */
	size_t max_output; /* bytes of output before it stops; 0 for no limit */
	FILE *err;         /* where errors are told (stderr); NULL: nowhere */
} cli_convert_opts;

/* `convert`: the value of `t` (a loaded tree) as a zser blob or serialize() text in `out`
 * (initialised here; the caller frees it). Returns EXIT_OK, or EXIT_INVALID when the value
 * cannot be written losslessly or (with co->verify) the output does not read back as the same
 * value, EXIT_NOMEM; the error is printed on co->err and `out` is then empty. */
int cli_convert(const zs_tree *t, const cli_convert_opts *co, zs_buf *out);

/* EXIT_OK when trees `a` and `b` hold the same PHP value (types, bits, keys as PHP stores
 * them, classes, payloads, & reference sets and shared objects); EXIT_INVALID with the first
 * difference in *why and its offset in a's input in *at; EXIT_NOMEM. */
int cli_convert_verify(const zs_tree *a, const zs_tree *b, const char **why, size_t *at);

/* `from-json`: JSON text (followed by a NUL byte at data[len]) to a zser blob on `out`.
 * Returns an exit code; errors on stderr. */
int cli_from_json(FILE *out, const unsigned char *data, size_t len, size_t max_depth);

#endif /* ZSER_CLI_H */
