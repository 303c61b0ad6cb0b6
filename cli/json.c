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

static void json_node(FILE *out, const zs_tree *t, size_t idx, const cli_opts *o);

static void json_entries(FILE *out, const zs_tree *t, const zs_node *n, const cli_opts *o,
                         bool object)
{
	size_t c;
	bool first = true;

	fprintf(out, ",\"count\":%zu,\"%s\":[", n->count, object ? "properties" : "entries");
	for (c = n->first_child; c; c = t->nodes[c - 1].next) {
		const zs_node *ch = &t->nodes[c - 1];
		if (!first) {
			fputc(',', out);
		}
		first = false;
		fputc('{', out);
		if (ch->flags & ZS_NODE_KEY_INT) {
			fprintf(out, "\"key_type\":\"int\",\"key\":%lld", (long long)ch->key_int);
		} else {
			fprintf(out, "\"key_type\":\"string\"");
			json_member_str(out, "key", t, &ch->key_str);
			if (object) {
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
		json_node(out, t, c - 1, o);
		fputc('}', out);
	}
	fputc(']', out);
}

static void json_node(FILE *out, const zs_tree *t, size_t idx, const cli_opts *o)
{
	const zs_node *n = &t->nodes[idx];

	fprintf(out, "{\"type\":\"%s\"", zs_kind_name((zs_kind)n->kind));
	/* Objects always carry their id: a copied array can reach the same object twice. */
	if ((n->flags & (ZS_NODE_TARGET | ZS_NODE_REFERENCE)) || n->kind == ZS_K_OBJECT ||
	    n->kind == ZS_K_CUSTOM || n->kind == ZS_K_ENUM) {
		fprintf(out, ",\"id\":%zu", n->id);
	}
	if (n->flags & ZS_NODE_REFERENCE) {
		fputs(",\"reference\":true", out);
	}
	if (o->offsets) {
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
		json_entries(out, t, n, o, false);
		break;
	case ZS_K_OBJECT:
		json_member_str(out, "class", t, &n->cls);
		json_entries(out, t, n, o, true);
		break;
	case ZS_K_CUSTOM:
		json_member_str(out, "class", t, &n->cls);
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
	default:
		break;
	}
	fputc('}', out);
}

void cli_dump_json(FILE *out, const zs_tree *t, const cli_opts *o)
{
	fprintf(out, "{\"format\":\"%s\"", zs_format_name(t->format));
	if (t->format != ZS_FMT_PHPSER) {
		fprintf(out, ",\"version\":%u", t->version);
	}
	fprintf(out, ",\"size\":%zu,\"value\":", t->input_len);
	json_node(out, t, 0, o);
	fputs("}\n", out);
}
