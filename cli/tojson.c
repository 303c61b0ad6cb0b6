/* zser — SPDX-License-Identifier: MIT
 *
 * `zser to-json`: the value of any supported blob as plain JSON, the way json_encode() would
 * write the unserialized value with JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES |
 * JSON_INVALID_UTF8_SUBSTITUTE | JSON_PRESERVE_ZERO_FRACTION, as far as JSON can say it. What
 * is lost is listed in docs/CLI.md. References, shared objects and copies are written out as
 * values, so the output is bounded: nesting by the depth limit and size by a node budget.
 */
#include "cli.h"
#include "zs_utf8.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>

typedef struct tj {
	FILE *out;
	const zs_tree *t;
	unsigned char *open; /* per node: 1 while it is being written (cycle guard) */
	size_t budget;       /* nodes left to write */
	size_t max_depth;
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

static bool write_value(tj *j, size_t idx, size_t depth);

static bool write_container(tj *j, const zs_node *n, size_t depth, bool object)
{
	size_t c;
	bool first = true, list = !object && zs_tree_is_list(j->t, n);

	fputc(list ? '[' : '{', j->out);
	for (c = n->first_child; c; c = j->t->nodes[c - 1].next) {
		const zs_node *ch = &j->t->nodes[c - 1];
		if (!first) {
			fputc(',', j->out);
		}
		first = false;
		if (!list) {
			if (ch->flags & ZS_NODE_KEY_INT) {
				fprintf(j->out, "\"%lld\"", (long long)ch->key_int);
			} else if (object) {
				zs_str name, cls;
				cli_unmangle(j->t, &ch->key_str, &name, &cls);
				put_str(j, &name);
			} else {
				put_str(j, &ch->key_str);
			}
			fputc(':', j->out);
		}
		if (!write_value(j, c - 1, depth + 1)) {
			return false;
		}
	}
	fputc(list ? ']' : '}', j->out);
	return true;
}

static bool write_value(tj *j, size_t idx, size_t depth)
{
	const zs_node *n;
	bool ok = true;

	if (j->budget == 0) {
		j->error = "output too large: shared values expand beyond the limit";
		return false;
	}
	j->budget--;
	if (depth > j->max_depth) {
		j->error = "nesting too deep for the depth limit";
		return false;
	}
	idx = zs_tree_resolve(j->t, idx);
	n = &j->t->nodes[idx];
	if (j->open[idx]) {
		fputs("null", j->out); /* a value inside itself: json_encode() reports recursion */
		return true;
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
		const unsigned char *cls = zs_tree_bytes(j->t, &n->cls);
		const unsigned char *cs = zs_tree_bytes(j->t, &n->str);
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
	case ZS_K_OBJECT:
		j->open[idx] = 1;
		ok = write_container(j, n, depth, n->kind == ZS_K_OBJECT);
		j->open[idx] = 0;
		break;
	default:
		fputs("null", j->out);
		break;
	}
	return ok;
}

int cli_to_json(FILE *out, const zs_tree *t, size_t max_depth)
{
	tj j;
	bool ok;

	memset(&j, 0, sizeof(j));
	j.out = out;
	j.t = t;
	j.max_depth = max_depth;
	j.budget = t->count > SIZE_MAX / 64 ? SIZE_MAX : t->count * 64 + 1000000;
	j.open = calloc(t->count ? t->count : 1, 1);
	if (!j.open) {
		fprintf(stderr, "zser: out of memory\n");
		return EXIT_NOMEM;
	}
	ok = write_value(&j, 0, 0);
	free(j.open);
	if (!ok) {
		fputc('\n', out);
		fprintf(stderr, "zser: to-json: %s\n", j.error);
		return EXIT_INVALID;
	}
	fputc('\n', out);
	return EXIT_OK;
}
