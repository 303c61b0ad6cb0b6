/* zser — SPDX-License-Identifier: MIT
 *
 * `zser stats`: where the bytes of a blob go. Each value's own bytes (a container's header,
 * not its entries) are charged to its type, keys to "keys", the format header to "header", so
 * the column adds up to the input size. Also reports string payload, what igbinary's string
 * table saved, and the references, shared objects and copies the blob uses.
 */
#include "cli.h"
#include "zs_igbin_read.h"

#include <string.h>

typedef struct tally {
	size_t count[ZS_K_COUNT_];
	size_t bytes[ZS_K_COUNT_];
	size_t key_count, key_bytes;
	size_t str_payload, str_shared;
	size_t ref_sets;
} tally;

static void add_node(const zs_tree *t, const zs_node *n, tally *s)
{
	size_t own = n->end - n->pos, c;
	zs_kind k = (zs_kind)n->kind;

	for (c = n->first_child; c; c = t->nodes[c - 1].next) {
		const zs_node *ch = &t->nodes[c - 1];
		size_t whole = ch->end - ch->key_pos;
		own -= whole <= own ? whole : own;
		s->key_count++;
		s->key_bytes += ch->pos - ch->key_pos;
	}
	s->count[k]++;
	s->bytes[k] += own;
	if (k == ZS_K_STRING) {
		s->str_payload += n->str.len;
		if (n->flags & ZS_NODE_STR_SHARED) {
			s->str_shared++;
		}
	}
	if (n->flags & ZS_NODE_KEY_SHARED) {
		s->str_shared++;
	}
	if (n->flags & ZS_NODE_REFERENCE) {
		s->ref_sets++;
	}
}

static void row(FILE *out, const char *name, size_t count, size_t bytes, size_t total)
{
	fprintf(out, "  %-10s %10zu %12zu %7.1f%%\n", name, count, bytes,
	        total ? 100.0 * (double)bytes / (double)total : 0.0);
}

void cli_stats(FILE *out, const zs_tree *t)
{
	tally s;
	size_t i;
	char label[64];
	static const zs_kind order[] = {ZS_K_NULL,   ZS_K_TRUE,   ZS_K_INT,    ZS_K_FLOAT, ZS_K_STRING,
	                                ZS_K_ARRAY,  ZS_K_OBJECT, ZS_K_CUSTOM, ZS_K_ENUM,  ZS_K_REF,
	                                ZS_K_OBJREF, ZS_K_COPY,   ZS_K_SLOTREF};

	memset(&s, 0, sizeof(s));
	for (i = 0; i < t->count; i++) {
		add_node(t, &t->nodes[i], &s);
	}
	/* false and true share the "bool" row. */
	s.count[ZS_K_TRUE] += s.count[ZS_K_FALSE];
	s.bytes[ZS_K_TRUE] += s.bytes[ZS_K_FALSE];

	fprintf(out, "format:      %s\n", cli_format_label(t, label, sizeof(label)));
	fprintf(out, "total:       %zu bytes\n", t->input_len);
	fprintf(out, "values:      %zu\n", t->count);
	fprintf(out, "max depth:   %zu\n", t->depth_seen);
	fprintf(out, "bytes by type (a container's own bytes exclude its entries):\n");
	fprintf(out, "  %-10s %10s %12s %8s\n", "type", "count", "bytes", "share");
	if (t->header_len) {
		row(out, "header", 1, t->header_len, t->input_len);
	}
	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		if (s.count[order[i]]) {
			row(out, zs_kind_name(order[i]), s.count[order[i]], s.bytes[order[i]], t->input_len);
		}
	}
	if (s.key_bytes) {
		row(out, "keys", s.key_count, s.key_bytes, t->input_len);
	}
	fprintf(out, "strings:     %zu values, %zu payload bytes\n", s.count[ZS_K_STRING],
	        s.str_payload);
	if (t->format == ZS_FMT_IGBINARY) {
		fprintf(out, "string table: %zu back-references, about %zu bytes saved\n", s.str_shared,
		        zs_igbin_string_savings(t));
		if (t->skipped) {
			fprintf(out, "placeholders: %zu (uninitialized properties)\n", t->skipped);
		}
	}
	if (t->format == ZS_FMT_ZSER) {
		fprintf(out, "string table: %zu references, %zu bytes saved\n", t->str_refs, t->str_saved);
		fprintf(out,
		        "shapes:      %zu defined, %zu reused; %zu keys not written, %zu bytes saved\n",
		        t->shapes_defined, t->shapes_reused, t->shape_keys_skipped, t->shape_saved);
	}
	fprintf(out, "references:  %zu & sets, %zu & back-references, %zu shared objects, %zu copies\n",
	        s.ref_sets, s.count[ZS_K_REF], s.count[ZS_K_OBJREF], s.count[ZS_K_COPY]);
}
