/* zser — SPDX-License-Identifier: MIT
 *
 * `zser dump --json`: the value tree as one JSON document, the machine-readable twin of the
 * text dump (layout in docs/CLI.md). Strings that are not valid UTF-8 are given as hex under
 * a "*_hex" member instead of being mangled; floats use the shortest round-trip spelling and
 * always read back as floats; NAN and infinities are strings.
 */
#include "cli.h"
#include "zs_utf8.h"

#include <math.h>
#include <string.h>

/* ,"name":"text" or ,"name_hex":"0a1b" when the bytes are not UTF-8. */
static void json_member_str(FILE *out, const char *name, const zs_tree *t, const zs_str *s)
{
	const unsigned char *b = zs_tree_bytes(t, s);
	size_t i;

	if (zs_utf8_valid(b, s->len)) {
		fprintf(out, ",\"%s\":", name);
		cli_json_string(out, b, s->len, ZS_ESC_UNESCAPED_UNICODE | ZS_ESC_UNESCAPED_SLASHES);
		return;
	}
	fprintf(out, ",\"%s_hex\":\"", name);
	for (i = 0; i < s->len; i++) {
		fprintf(out, "%02x", b[i]);
	}
	fputc('"', out);
}

static void json_double(FILE *out, double d)
{
	char buf[64];

	cli_format_double(d, buf, sizeof(buf));
	if (isnan(d) || isinf(d)) {
		fprintf(out, "\"%s\"", buf);
	} else if (strpbrk(buf, ".E") == NULL) {
		fprintf(out, "%s.0", buf);
	} else {
		fputs(buf, out);
	}
}

typedef struct json_ctx {
	FILE *out;
	const cli_opts *o;
	const bool *full; /* the output passed --max-output */
} json_ctx;

/* [,]{"key_type":...,"value": — an entry of `parent` up to its value; json_close_value() ends
 * it. */
static void json_entry_open(FILE *out, const zs_tree *t, size_t idx, size_t parent,
                            const cli_opts *o)
{
	const zs_node *ch = &t->nodes[idx];

	if (t->nodes[parent].first_child != idx + 1) {
		fputc(',', out);
	}
	fputc('{', out);
	if (ch->flags & ZS_NODE_KEY_INT) {
		fprintf(out, "\"key_type\":\"int\",\"key\":%lld", (long long)ch->key_int);
	} else {
		fprintf(out, "\"key_type\":\"string\"");
		json_member_str(out, "key", t, &ch->key_str);
		if (t->nodes[parent].kind == ZS_K_OBJECT) {
			zs_str name, cls;
			int vis = cli_unmangle(t, &ch->key_str, &name, &cls);
			json_member_str(out, "name", t, &name);
			fprintf(out, ",\"visibility\":\"%s\"",
			        vis == 0   ? "public"
			        : vis == 1 ? "protected"
			                   : "private");
			if (vis == 2) {
				json_member_str(out, "class", t, &cls);
			}
		}
	}
	if (o->offsets) {
		fprintf(out, ",\"key_offset\":%zu", ch->key_pos);
	}
	fputs(",\"value\":", out);
}

/* The value's own brace, and its entry's when it has a parent (depth > 0). */
static void json_close_value(FILE *out, size_t depth)
{
	fputs(depth ? "}}" : "}", out);
}

static zs_walk_step json_enter(void *ctx, const zs_tree *t, size_t idx, size_t parent, size_t depth)
{
	const json_ctx *j = ctx;
	FILE *out = j->out;
	const zs_node *n = &t->nodes[idx];

	if (*j->full) {
		return ZS_WALK_STOP;
	}

	if (parent != SIZE_MAX) {
		json_entry_open(out, t, idx, parent, j->o);
	}
	fprintf(out, "{\"type\":\"%s\"", zs_kind_name((zs_kind)n->kind));
	/* Objects always carry their id: a copied array can reach the same object twice. */
	if ((n->flags & (ZS_NODE_TARGET | ZS_NODE_REFERENCE)) || n->kind == ZS_K_OBJECT ||
	    n->kind == ZS_K_CUSTOM || n->kind == ZS_K_ENUM) {
		fprintf(out, ",\"id\":%zu", n->id);
	}
	if (n->flags & ZS_NODE_REFERENCE) {
		fputs(",\"reference\":true", out);
	}
	if (j->o->offsets) {
		fprintf(out, ",\"offset\":%zu,\"size\":%zu", n->pos, n->end - n->pos);
	}
	switch ((zs_kind)n->kind) {
	case ZS_K_FALSE:
	case ZS_K_TRUE:
		fprintf(out, ",\"value\":%s", n->kind == ZS_K_TRUE ? "true" : "false");
		break;
	case ZS_K_INT:
		fprintf(out, ",\"value\":%lld", (long long)n->v.i);
		break;
	case ZS_K_FLOAT:
		fputs(",\"value\":", out);
		json_double(out, n->v.d);
		break;
	case ZS_K_STRING:
		fprintf(out, ",\"length\":%zu", n->str.len);
		json_member_str(out, "value", t, &n->str);
		break;
	case ZS_K_ARRAY:
	case ZS_K_OBJECT:
		if (n->kind == ZS_K_OBJECT) {
			json_member_str(out, "class", t, &n->cls);
		}
		fprintf(out, ",\"count\":%zu,\"%s\":[", n->count,
		        n->kind == ZS_K_OBJECT ? "properties" : "entries");
		return ZS_WALK_DESCEND;
	case ZS_K_CUSTOM:
		json_member_str(out, "class", t, &n->cls);
		if (n->count > 0) {
			fprintf(out, ",\"nested_slots\":%zu", n->count);
		}
		json_member_str(out, "data", t, &n->str);
		break;
	case ZS_K_ENUM:
		json_member_str(out, "class", t, &n->cls);
		json_member_str(out, "case", t, &n->str);
		break;
	case ZS_K_REF:
	case ZS_K_OBJREF:
	case ZS_K_COPY:
		fprintf(out, ",\"target\":%zu", t->nodes[n->v.target].id);
		break;
	case ZS_K_SLOTREF:
		fprintf(out, ",\"target\":%lld,\"reference\":%s", (long long)n->v.i,
		        n->flags & ZS_NODE_SLOT_AMP ? "true" : "false");
		break;
	default:
		break;
	}
	json_close_value(out, depth);
	return ZS_WALK_SKIP;
}

static void json_leave(void *ctx, const zs_tree *t, size_t idx, size_t depth)
{
	const json_ctx *j = ctx;

	(void)t;
	(void)idx;
	fputc(']', j->out);
	json_close_value(j->out, depth);
}

int cli_dump_json(FILE *out, const zs_tree *t, const cli_opts *o)
{
	static const zs_tree_visitor v = {json_enter, json_leave};
	cli_limited l;
	FILE *lf = cli_limited_open(&l, out, o->max_output);
	json_ctx j;
	int rc;

	j.out = lf ? lf : out;
	j.o = o;
	j.full = &l.full;
	fprintf(j.out, "{\"format\":\"%s\"", zs_format_name(t->format));
	if (t->format == ZS_FMT_IGBINARY || t->format == ZS_FMT_ZSER) {
		fprintf(j.out, ",\"version\":%u", t->version);
	}
	if (t->base > 0) {
		fprintf(j.out, ",\"nested_base\":%zu", t->base);
	}
	fprintf(j.out, ",\"size\":%zu,\"value\":", t->input_len);
	rc = cli_walk(t, &v, &j);
	if (rc == EXIT_OK && !l.full) {
		fputs("}\n", j.out);
	}
	if (lf) {
		fclose(lf);
	}
	if (rc == EXIT_OK && l.full) {
		/* a cut document is not JSON: say so in the exit status */
		fprintf(stderr,
		        "zser: dump --json: the document passes --max-output=%zu bytes (a shared string "
		        "is written out at each use); the output was cut; --max-output=N raises the "
		        "limit, 0 removes it\n",
		        o->max_output);
		return EXIT_INVALID;
	}
	return rc;
}
