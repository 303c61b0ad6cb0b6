/* zser — SPDX-License-Identifier: MIT
 *
 * `zser to-json`: the value of any supported blob as plain JSON, the way json_encode() would
 * write the unserialized value with JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES |
 * JSON_INVALID_UTF8_SUBSTITUTE | JSON_PRESERVE_ZERO_FRACTION, as far as JSON can say it. What
 * is lost is listed in docs/CLI.md. References, shared objects and copies are written out as
 * values, so the output is bounded: nesting by the depth limit, size by a node budget and by
 * --max-output. The
 * walk (zs_tree_walk, which follows back-references) keeps its stack on the heap.
 */
#include "cli.h"
#include "zs_utf8.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>

typedef struct tj {
	FILE *out;
	const zs_tree *t;
	unsigned char *open; /* per node: its closing bracket while it is being written, else 0 */
	size_t budget;       /* nodes left to write */
	size_t max_depth;
	const bool *full; /* the output passed --max-output */
	const char *error;
} tj;

/* The flags named at the top of this file, as json_encode() would apply them. */
static void put_json_string(FILE *out, const unsigned char *s, size_t len)
{
	cli_json_string(out, s, len,
	                ZS_ESC_UNESCAPED_UNICODE | ZS_ESC_UNESCAPED_SLASHES |
	                        ZS_ESC_INVALID_UTF8_SUBSTITUTE);
}

static void put_str(tj *j, const zs_str *s)
{
	put_json_string(j->out, zs_tree_bytes(j->t, s), s->len);
}

static void put_double(FILE *out, double d)
{
	char buf[64], *e;

	if (isnan(d) || isinf(d)) {
		fputs("0", out); /* what json_encode() writes with JSON_PARTIAL_OUTPUT_ON_ERROR */
		return;
	}
	cli_format_double(d, buf, sizeof(buf));
	e = strchr(buf, 'E');
	if (e) {
		*e = 'e';
	}
	fputs(buf, out);
	if (!strpbrk(buf, ".e")) {
		fputs(".0", out);
	}
}

/* [,]"key": in front of an entry of `parent`, which is open; lists have no keys. */
static void write_key(tj *j, size_t idx, size_t parent)
{
	const zs_node *ch = &j->t->nodes[idx];

	if (j->t->nodes[parent].first_child != idx + 1) {
		fputc(',', j->out);
	}
	if (j->open[parent] == ']') {
		return;
	}
	if (ch->flags & ZS_NODE_KEY_INT) {
		fprintf(j->out, "\"%lld\"", (long long)ch->key_int);
	} else if (j->t->nodes[parent].kind == ZS_K_OBJECT) {
		zs_str name, cls;
		cli_unmangle(j->t, &ch->key_str, &name, &cls);
		put_str(j, &name);
	} else {
		put_str(j, &ch->key_str);
	}
	fputc(':', j->out);
}

static zs_walk_step write_enter(void *ctx, const zs_tree *t, size_t idx, size_t parent,
                                size_t depth)
{
	tj *j = ctx;
	const zs_node *n;

	if (parent != SIZE_MAX) {
		write_key(j, idx, parent);
	}
	if (j->budget == 0) {
		j->error = "output too large: shared values expand beyond the limit";
		return ZS_WALK_STOP;
	}
	if (*j->full) {
		return ZS_WALK_STOP;
	}
	j->budget--;
	if (depth > j->max_depth) {
		j->error = "nesting too deep for the depth limit";
		return ZS_WALK_STOP;
	}
	idx = zs_tree_resolve(t, idx);
	n = &t->nodes[idx];
	if (j->open[idx]) {
		fputs("null", j->out); /* a value inside itself: json_encode() reports recursion */
		return ZS_WALK_SKIP;
	}
	switch ((zs_kind)n->kind) {
	case ZS_K_NULL:
		fputs("null", j->out);
		break;
	case ZS_K_FALSE:
		fputs("false", j->out);
		break;
	case ZS_K_TRUE:
		fputs("true", j->out);
		break;
	case ZS_K_INT:
		fprintf(j->out, "%lld", (long long)n->v.i);
		break;
	case ZS_K_FLOAT:
		put_double(j->out, n->v.d);
		break;
	case ZS_K_STRING:
	case ZS_K_CUSTOM:
		put_str(j, &n->str);
		break;
	case ZS_K_ENUM: {
		/* The backing value is not in the blob: write "Class::Case". */
		const unsigned char *cls = zs_tree_bytes(t, &n->cls);
		const unsigned char *cs = zs_tree_bytes(t, &n->str);
		size_t len = n->cls.len + 2 + n->str.len;
		unsigned char small[256];
		if (len <= sizeof(small)) {
			memcpy(small, cls, n->cls.len);
			memcpy(small + n->cls.len, "::", 2);
			memcpy(small + n->cls.len + 2, cs, n->str.len);
			put_json_string(j->out, small, len);
		} else {
			put_json_string(j->out, cs, n->str.len);
		}
		break;
	}
	case ZS_K_ARRAY:
	case ZS_K_OBJECT: {
		bool list = n->kind == ZS_K_ARRAY && zs_tree_is_list(t, n);
		j->open[idx] = list ? ']' : '}';
		fputc(list ? '[' : '{', j->out);
		return ZS_WALK_DESCEND;
	}
	default:
		fputs("null", j->out);
		break;
	}
	return ZS_WALK_SKIP;
}

static void write_leave(void *ctx, const zs_tree *t, size_t idx, size_t depth)
{
	tj *j = ctx;

	(void)depth;
	idx = zs_tree_resolve(t, idx);
	fputc(j->open[idx], j->out);
	j->open[idx] = 0;
}

int cli_to_json(FILE *out, const zs_tree *t, size_t max_depth, size_t max_output)
{
	static const zs_tree_visitor v = {write_enter, write_leave};
	cli_limited l;
	FILE *lf;
	tj j;
	int rc;

	memset(&j, 0, sizeof(j));
	lf = cli_limited_open(&l, out, max_output);
	j.out = lf ? lf : out;
	j.full = &l.full;
	j.t = t;
	j.max_depth = max_depth;
	j.budget = t->count > SIZE_MAX / 64 ? SIZE_MAX : t->count * 64 + 1000000;
	j.open = calloc(t->count ? t->count : 1, 1);
	if (!j.open) {
		if (lf) {
			fclose(lf);
		}
		fprintf(stderr, "zser: out of memory\n");
		return EXIT_NOMEM;
	}
	rc = cli_walk(t, &v, &j);
	free(j.open);
	if (rc == EXIT_OK && !j.error && !l.full) {
		fputc('\n', j.out);
	}
	if (lf) {
		fclose(lf);
	}
	if (rc != EXIT_OK) {
		return rc;
	}
	if (l.full) {
		/* JSON has no references: each copy of a shared value is written out */
		fprintf(stderr,
		        "zser: to-json: the JSON text passes --max-output=%zu bytes (shared values are "
		        "written out at each use); the output was cut; --max-output=N raises the "
		        "limit, 0 removes it\n",
		        max_output);
		return EXIT_INVALID;
	}
	if (j.error) {
		fputc('\n', out);
		fprintf(stderr, "zser: to-json: %s\n", j.error);
		return EXIT_INVALID;
	}
	return EXIT_OK;
}
