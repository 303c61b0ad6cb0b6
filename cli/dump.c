/* zser — SPDX-License-Identifier: MIT
 *
 * `zser dump`: the value tree as indented text in the spirit of var_dump(), with the format's
 * own ids on values that something refers back to (#N), PHP references marked with &, shared
 * objects and copies named as such instead of being expanded, and with --offsets the byte
 * offset of every value in a left-hand column. The tree is walked by zs_tree_walk(), so nesting
 * costs heap, not C stack. The text stays in proportion to the input: a long string that
 * several values share (a string-table back-reference, an igbinary or zser string id) is
 * printed once and named after that, the indentation stops growing past DEEP levels, where the
 * level is written as a number, and --max-output stops the dump at a number of bytes.
 */

#include "cli.h"
#include "zs_utf8.h"

#include <stdlib.h>
#include <string.h>

enum {
	DEEP = 32,    /* levels indented; deeper ones show the level as a number */
	LONG_STR = 64 /* a string at least this long is printed only once */
};

static void offset_col(FILE *out, const cli_opts *o, const zs_node *n, bool closing)
{
	if (!o->offsets) {
		return;
	}
	if (closing) {
		fprintf(out, "%10s  ", "");
	} else {
		fprintf(out, "@%-9zu ", n->pos);
	}
}

static void indent(FILE *out, size_t depth)
{
	size_t i;
	for (i = 0; i < depth && i < DEEP; i++) {
		fputs("  ", out);
	}
	if (depth > DEEP) {
		fprintf(out, "<%zu> ", depth);
	}
}

/* Quoted, with C-style escapes for bytes that would not print as themselves. */
static void put_string(FILE *out, const unsigned char *s, size_t len)
{
	bool utf8 = zs_utf8_valid(s, len);
	size_t i;

	fputc('"', out);
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];
		switch (c) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		case '\0':
			fputs("\\0", out);
			break;
		default:
			if (c < 0x20 || c == 0x7f || (c >= 0x80 && !utf8)) {
				fprintf(out, "\\x%02x", c);
			} else {
				fputc(c, out);
			}
		}
	}
	fputc('"', out);
}

static void put_str(FILE *out, const zs_tree *t, const zs_str *s)
{
	put_string(out, zs_tree_bytes(t, s), s->len);
}

static void put_raw(FILE *out, const zs_tree *t, const zs_str *s)
{
	fwrite(zs_tree_bytes(t, s), 1, s->len, out);
}

static void put_key(FILE *out, const zs_tree *t, const zs_node *n, bool object)
{
	zs_str name, cls;
	int vis;

	if (n->flags & ZS_NODE_KEY_INT) {
		fprintf(out, object ? "[\"%lld\"]" : "[%lld]", (long long)n->key_int);
		return;
	}
	if (!object) {
		fputc('[', out);
		put_str(out, t, &n->key_str);
		fputc(']', out);
		return;
	}
	vis = cli_unmangle(t, &n->key_str, &name, &cls);
	fputc('[', out);
	put_str(out, t, &name);
	if (vis == 1) {
		fputs(":protected", out);
	} else if (vis == 2) {
		fputc(':', out);
		put_str(out, t, &cls);
		fputs(":private", out);
	}
	fputc(']', out);
}

static void put_id(FILE *out, const zs_node *n)
{
	if ((n->flags & ZS_NODE_TARGET) || n->kind == ZS_K_OBJECT || n->kind == ZS_K_CUSTOM) {
		fprintf(out, "#%zu", n->id);
	}
}

typedef struct dump_ctx {
	FILE *out;
	const cli_opts *o;
	size_t *group; /* per node: 1 + the index of its long string's group, or 0 */
	size_t *label; /* per group: its number once printed, or 0 */
	size_t labels; /* numbers given so far */
	bool *full;    /* set once the output limit is reached */
} dump_ctx;

static void put_size(FILE *out, size_t n)
{
	if (n >= (size_t)1 << 20) {
		fprintf(out, "%.1f MB", (double)n / (1 << 20));
	} else if (n >= 1024) {
		fprintf(out, "%.1f KB", (double)n / 1024);
	} else {
		fprintf(out, "%zu bytes", n);
	}
}

/* A value string: in full the first time, by its number when the same bytes come again. */
static void put_value_str(FILE *out, dump_ctx *d, const zs_tree *t, size_t idx)
{
	const zs_node *n = &t->nodes[idx];
	size_t g = d->group ? d->group[idx] : 0;

	if (g == 0) {
		put_str(out, t, &n->str);
		return;
	}
	if (d->label[g - 1]) {
		fprintf(out, "<string #s%zu, ", d->label[g - 1]);
		put_size(out, n->str.len);
		fputs(", shown above>", out);
		return;
	}
	d->label[g - 1] = ++d->labels;
	fprintf(out, "#s%zu ", d->labels);
	put_str(out, t, &n->str);
}

typedef struct str_ref {
	size_t off, len, node;
	bool pooled;
} str_ref;

static int by_bytes(const void *a, const void *b)
{
	const str_ref *x = a, *y = b;
	if (x->pooled != y->pooled) {
		return x->pooled < y->pooled ? -1 : 1;
	}
	if (x->off != y->off) {
		return x->off < y->off ? -1 : 1;
	}
	if (x->len != y->len) {
		return x->len < y->len ? -1 : 1;
	}
	return x->node < y->node ? -1 : x->node > y->node;
}

/* Groups the long string values that share their bytes (the same place in the input or the
 * pool): a shared string is one copy of the bytes referred to again. Returns false when out
 * of memory; the dump then prints every string in full. */
static bool group_strings(dump_ctx *d, const zs_tree *t)
{
	str_ref *refs;
	size_t i, n = 0, groups = 0;

	for (i = 0; i < t->count; i++) {
		n += t->nodes[i].kind == ZS_K_STRING && t->nodes[i].str.len >= LONG_STR;
	}
	if (n < 2) {
		return true;
	}
	refs = malloc(n * sizeof(*refs));
	d->group = calloc(t->count, sizeof(*d->group));
	d->label = calloc(n, sizeof(*d->label));
	if (!refs || !d->group || !d->label) {
		free(refs);
		free(d->group);
		free(d->label);
		d->group = d->label = NULL;
		return false;
	}
	n = 0;
	for (i = 0; i < t->count; i++) {
		const zs_node *e = &t->nodes[i];
		if (e->kind == ZS_K_STRING && e->str.len >= LONG_STR) {
			refs[n].off = e->str.off;
			refs[n].len = e->str.len;
			refs[n].pooled = e->str.pooled;
			refs[n++].node = i;
		}
	}
	qsort(refs, n, sizeof(*refs), by_bytes);
	for (i = 0; i < n; i++) {
		bool same_prev = i > 0 && refs[i].off == refs[i - 1].off &&
		                 refs[i].len == refs[i - 1].len && refs[i].pooled == refs[i - 1].pooled;
		bool same_next = i + 1 < n && refs[i].off == refs[i + 1].off &&
		                 refs[i].len == refs[i + 1].len && refs[i].pooled == refs[i + 1].pooled;
		if (same_next && !same_prev) {
			groups++;
		}
		if (same_prev || same_next) {
			d->group[refs[i].node] = groups;
		}
	}
	free(refs);
	return true;
}

/* One line per value, with its key when it is an entry; a non-empty array or object opens a
 * block that dump_leave() closes. */
static zs_walk_step dump_enter(void *ctx, const zs_tree *t, size_t idx, size_t parent, size_t depth)
{
	dump_ctx *d = ctx;
	FILE *out = d->out;
	const zs_node *n = &t->nodes[idx];
	const zs_node *tg;
	char num[64];

	if (*d->full) {
		return ZS_WALK_STOP;
	}
	offset_col(out, d->o, n, false);
	if (parent != SIZE_MAX) {
		indent(out, depth);
		put_key(out, t, n, t->nodes[parent].kind == ZS_K_OBJECT);
		fputs(" => ", out);
	}
	if (n->flags & ZS_NODE_REFERENCE) {
		fprintf(out, "&#%zu ", n->id);
	}
	switch ((zs_kind)n->kind) {
	case ZS_K_NULL:
		fputs("NULL\n", out);
		break;
	case ZS_K_FALSE:
		fputs("bool(false)\n", out);
		break;
	case ZS_K_TRUE:
		fputs("bool(true)\n", out);
		break;
	case ZS_K_INT:
		fprintf(out, "int(%lld)\n", (long long)n->v.i);
		break;
	case ZS_K_FLOAT:
		cli_format_double(n->v.d, num, sizeof(num));
		fprintf(out, "float(%s)\n", num);
		break;
	case ZS_K_STRING:
		fprintf(out, "string(%zu) ", n->str.len);
		put_value_str(out, d, t, idx);
		fputc('\n', out);
		break;
	case ZS_K_ARRAY:
		fputs("array", out);
		put_id(out, n);
		fprintf(out, "(%zu) {%s", n->count, n->count ? "\n" : "}\n");
		return n->count ? ZS_WALK_DESCEND : ZS_WALK_SKIP;
	case ZS_K_OBJECT:
		fputs("object(", out);
		put_raw(out, t, &n->cls);
		fputc(')', out);
		put_id(out, n);
		fprintf(out, " (%zu) {%s", n->count, n->count ? "\n" : "}\n");
		return n->count ? ZS_WALK_DESCEND : ZS_WALK_SKIP;
	case ZS_K_CUSTOM:
		fputs("object(", out);
		put_raw(out, t, &n->cls);
		fputc(')', out);
		put_id(out, n);
		fprintf(out, " serialized(%zu) ", n->str.len);
		if (n->count > 0) {
			/* OBJECT_BLOB_SLOTS: its payload's nested blobs took the slots after its own */
			fprintf(out, "nested slots #%zu-#%zu ", n->id + 1, n->id + n->count);
		}
		put_str(out, t, &n->str);
		fputc('\n', out);
		break;
	case ZS_K_ENUM:
		fputs("enum(", out);
		put_raw(out, t, &n->cls);
		fputs("::", out);
		put_raw(out, t, &n->str);
		fputc(')', out);
		put_id(out, n);
		fputc('\n', out);
		break;
	case ZS_K_REF:
		fprintf(out, "&#%zu (same reference)\n", t->nodes[n->v.target].id);
		break;
	case ZS_K_OBJREF:
		tg = &t->nodes[n->v.target];
		fputs(tg->kind == ZS_K_ENUM ? "enum(" : "object(", out);
		put_raw(out, t, &tg->cls);
		fprintf(out, ")#%zu (same object)\n", tg->id);
		break;
	case ZS_K_SLOTREF:
		fprintf(out, "%s#%lld (%s)\n", n->flags & ZS_NODE_SLOT_AMP ? "&" : "object",
		        (long long)n->v.i,
		        (uint64_t)n->v.i <= t->base ? "a slot of the outer blob"
		                                    : "a slot a nested blob filled");
		break;
	case ZS_K_COPY:
		tg = &t->nodes[zs_tree_resolve(t, n->v.target)];
		fprintf(out, "%s (copy of #%zu)\n", zs_kind_name((zs_kind)tg->kind),
		        t->nodes[n->v.target].id);
		break;
	default:
		fputs("?\n", out);
		break;
	}
	return ZS_WALK_SKIP;
}

static void dump_leave(void *ctx, const zs_tree *t, size_t idx, size_t depth)
{
	const dump_ctx *d = ctx;

	offset_col(d->out, d->o, &t->nodes[idx], true);
	indent(d->out, depth);
	fputs("}\n", d->out);
}

int cli_dump_text(FILE *out, const zs_tree *t, const cli_opts *o)
{
	static const zs_tree_visitor v = {dump_enter, dump_leave};
	dump_ctx d;
	char label[64];
	cli_limited l;
	FILE *lf = NULL;
	int rc;

	memset(&d, 0, sizeof(d));
	lf = cli_limited_open(&l, out, o->max_output);
	d.full = &l.full;
	d.out = lf ? lf : out;
	d.o = o;
	group_strings(&d, t);
	fprintf(d.out, "format: %s, %zu bytes\n", cli_format_label(t, label, sizeof(label)),
	        t->input_len);
	rc = cli_walk(t, &v, &d);
	free(d.group);
	free(d.label);
	if (lf) {
		fclose(lf);
	}
	if (l.full) {
		fprintf(out, "\n... output stopped at %zu bytes (--max-output)\n", o->max_output);
		fprintf(stderr,
		        "zser: the dump was cut at %zu bytes; --max-output=N raises the limit, "
		        "0 removes it\n",
		        o->max_output);
	}
	return rc;
}
