/* zser — SPDX-License-Identifier: MIT
 *
 * `zser from-json`: JSON text -> zser blob, the bytes zser_serialize(json_decode($json, true))
 * gives: objects become arrays, numeric string keys become integer keys, a repeated key keeps
 * its first position and its last value, integers beyond int64 become floats. The JSON is
 * parsed (RFC 8259, strict, UTF-8 only, nesting capped) into the shared value tree, then
 * written canonically (FORMAT.md): every repeated string and key sequence as a reference.
 */
#include "cli.h"
#include "zs_grow.h"
#include "zs_json_lex.h"
#include "zs_wire.h"
#include "zs_zser_write.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The tool's arrays are malloc'd and free()d: grow them through the libc hook. */
static bool grow_arr(void **p, size_t *cap, size_t need, size_t elem)
{
	return zs_grow(&zs_alloc_libc, p, cap, need, elem, 64);
}

/* ==== JSON parser ==== */

/* Keys of the members read so far, for the last-value-wins rule; open addressing. */
typedef struct keyset {
	size_t *slots; /* member index + 1 */
	size_t cap;
} keyset;

/* An open object or array: nesting lives in a heap stack of these, never on the C stack. */
typedef struct jframe {
	size_t node;
	bool object;
	int64_t next_index; /* arrays: key of the next element */
	zs_str key;         /* objects: key of the member whose value is being read */
	size_t *members;    /* objects: member nodes in first-key order */
	size_t count, cap;
	keyset ks;
} jframe;

typedef struct jp {
	zs_tree *t;
	const unsigned char *s;
	const unsigned char *end; /* s + len, where a NUL byte follows the text */
	size_t pos, len, max_depth;
	zs_json_scratch sc; /* strings with escapes, decoded */
	jframe *frames;     /* frames[0..depth) are open, innermost last */
	size_t depth, frames_cap;
} jp;

static bool jfail(jp *p, const char *msg)
{
	return zs_tree_fail(p->t, p->pos, msg);
}

static bool jnomem(jp *p)
{
	p->t->out_of_memory = true;
	return jfail(p, "out of memory");
}

static void skip_ws(jp *p)
{
	p->pos = (size_t)(zs_json_skip_ws(p->s + p->pos, p->end) - p->s);
}

/* The lexer's verdict on a string, worded as the tool words errors. */
static const char *string_error(const jp *p, int err, size_t at)
{
	switch (err) {
	case ZS_JSON_LEX_CTRL_CHAR:
		return at == p->len ? "unterminated string" : "control character in a string";
	case ZS_JSON_LEX_UTF8:
		return "malformed UTF-8 in a string";
	case ZS_JSON_LEX_UTF16:
		return "unpaired UTF-16 surrogate";
	default:
		return "bad escape";
	}
}

/* A string (opening quote at pos) decoded into the tree's pool. */
static bool parse_string(jp *p, zs_str *out)
{
	zs_buf *b = &p->t->pool;
	zs_json_strview sv;
	const unsigned char *e;
	int err = zs_json_lex_string(&p->sc, 0, p->s + p->pos + 1, p->end, &e, &sv);

	if (err != ZS_JSON_LEX_OK) {
		p->pos = (size_t)(e - p->s);
		return err == ZS_JSON_LEX_NOMEM ? jnomem(p) : jfail(p, string_error(p, err, p->pos));
	}
	p->pos = (size_t)(e - p->s);
	out->off = b->len;
	out->pooled = true;
	out->len = sv.len;
	zs_buf_append(b, (const unsigned char *)sv.s, sv.len);
	if (b->failed) {
		return jnomem(p);
	}
	return true;
}

/* The long decimals the lexer's fast paths leave undecided: the C library's strtod, correctly
 * rounded on the systems the tool is built for, on a NUL-ended copy of the number alone. */
static double strtod_fallback(const char *s, size_t len, void *ctx)
{
	char small[64], *buf = len < sizeof(small) ? small : malloc(len + 1);
	double d;

	(void)ctx;
	if (!buf) {
		return strtod(s, NULL); /* s is followed by a byte no number takes in */
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	d = strtod(buf, NULL);
	if (buf != small) {
		free(buf);
	}
	return d;
}

/* A number, read as json_decode() reads it: an integer beyond int64 becomes a float. */
static bool parse_number(jp *p, size_t idx)
{
	const unsigned char *e;
	int64_t i = 0;
	double d = 0;

	switch (zs_json_lex_number(p->s + p->pos, p->end, false, true, strtod_fallback, NULL, &e, &i,
	                           &d)) {
	case ZS_JSON_NUM_INT:
		p->t->nodes[idx].kind = ZS_K_INT;
		p->t->nodes[idx].v.i = i;
		break;
	case ZS_JSON_NUM_DOUBLE:
		p->t->nodes[idx].kind = ZS_K_FLOAT;
		p->t->nodes[idx].v.d = d;
		break;
	default:
		return jfail(p, "malformed number");
	}
	p->pos = (size_t)(e - p->s);
	return true;
}

static bool literal(jp *p, const char *word, zs_kind kind, size_t idx)
{
	size_t n = strlen(word);
	if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n) != 0) {
		return jfail(p, "unexpected character");
	}
	p->pos += n;
	p->t->nodes[idx].kind = (uint8_t)kind;
	return true;
}

uint64_t cli_hash_seed(void)
{
	static uint64_t seed;
	static bool seeded;

	if (!seeded) {
		FILE *f = fopen("/dev/urandom", "rb");
		if (!f || fread(&seed, sizeof(seed), 1, f) != 1) {
			seed = (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)&seed;
		}
		if (f) {
			fclose(f);
		}
		seeded = true;
	}
	return seed;
}

/* The slot of hash h in a table of cap (a power of two) slots. The hashes below are FNV-1a,
 * whose low bits depend only on the low bits of the input's bytes: keys and strings made to
 * agree there would all land on one slot of a table indexed by them, and each probe would pass
 * every one before it, time quadratic in their number. So the whole hash, with a seed the
 * input cannot know, is mixed down first. Where a string lands changes nothing that is
 * written. */
static size_t slot_of(uint64_t h, size_t cap)
{
	uint64_t seed = cli_hash_seed();

	h ^= seed;
	h ^= h >> 32;
	h *= 0xD6E8FEB86659FD93u;
	h ^= h >> 32;
	return (size_t)h & (cap - 1);
}

static uint64_t key_hash(const zs_tree *t, const zs_node *n)
{
	uint64_t h = 14695981039346656037ull;
	size_t i;
	if (n->flags & ZS_NODE_KEY_INT) {
		return (uint64_t)n->key_int * 0x9e3779b97f4a7c15ull;
	}
	for (i = 0; i < n->key_str.len; i++) {
		h = (h ^ zs_tree_bytes(t, &n->key_str)[i]) * 1099511628211ull;
	}
	return h;
}

static bool same_key(const zs_tree *t, const zs_node *a, const zs_node *b)
{
	if ((a->flags ^ b->flags) & ZS_NODE_KEY_INT) {
		return false;
	}
	if (a->flags & ZS_NODE_KEY_INT) {
		return a->key_int == b->key_int;
	}
	return a->key_str.len == b->key_str.len &&
	       memcmp(zs_tree_bytes(t, &a->key_str), zs_tree_bytes(t, &b->key_str), a->key_str.len) ==
	               0;
}

/* A member's key and its ':', up to its value. */
static bool member_key(jp *p, jframe *f)
{
	skip_ws(p);
	if (p->pos >= p->len || p->s[p->pos] != '"') {
		return jfail(p, "expected a string key");
	}
	if (!parse_string(p, &f->key)) {
		return false;
	}
	skip_ws(p);
	if (p->pos >= p->len || p->s[p->pos] != ':') {
		return jfail(p, "expected ':'");
	}
	p->pos++;
	return true;
}

/* Member `child` of object f under f->key: a repeated key keeps its first position and takes
 * the last value. */
static bool add_member(jp *p, jframe *f, size_t child)
{
	zs_node *n = &p->t->nodes[child];
	int64_t ik;
	size_t h;

	if (zs_wire_is_int_key(zs_tree_bytes(p->t, &f->key), f->key.len, &ik)) {
		n->flags |= ZS_NODE_KEY_INT;
		n->key_int = ik;
	} else {
		n->flags |= ZS_NODE_KEY_STR;
		n->key_str = f->key;
	}
	if (f->count * 2 >= f->ks.cap) {
		size_t ncap = f->ks.cap ? f->ks.cap * 2 : 16, k;
		size_t *ns = calloc(ncap, sizeof(size_t));
		if (!ns) {
			return jnomem(p);
		}
		for (k = 0; k < f->count; k++) {
			h = slot_of(key_hash(p->t, &p->t->nodes[f->members[k]]), ncap);
			while (ns[h]) {
				h = (h + 1) & (ncap - 1);
			}
			ns[h] = k + 1;
		}
		free(f->ks.slots);
		f->ks.slots = ns;
		f->ks.cap = ncap;
	}
	h = slot_of(key_hash(p->t, n), f->ks.cap);
	while (f->ks.slots[h] && !same_key(p->t, &p->t->nodes[f->members[f->ks.slots[h] - 1]], n)) {
		h = (h + 1) & (f->ks.cap - 1);
	}
	if (f->ks.slots[h]) {
		f->members[f->ks.slots[h] - 1] = child;
	} else {
		void *nm = f->members;
		if (!zs_grow(&zs_alloc_libc, &nm, &f->cap, f->count + 1, sizeof(size_t), 16)) {
			return jnomem(p);
		}
		f->members = nm;
		f->ks.slots[h] = f->count + 1;
		f->members[f->count++] = child;
	}
	return true;
}

static void close_frame(jp *p)
{
	jframe *f = &p->frames[--p->depth];
	free(f->members);
	free(f->ks.slots);
}

enum { J_FAIL, J_DONE, J_OPEN };

/* The start of a value: all of a scalar or an empty container (J_DONE, *out its node), or
 * the opening of a container with something inside, whose frame is pushed (J_OPEN). */
static int start_value(jp *p, size_t *out)
{
	size_t idx;
	jframe *f;
	void *fr;
	bool object;

	skip_ws(p);
	if (p->pos >= p->len) {
		jfail(p, "unexpected end of input");
		return J_FAIL;
	}
	idx = zs_tree_add(p->t, ZS_K_NULL, p->pos);
	if (idx == SIZE_MAX) {
		return J_FAIL;
	}
	*out = idx;
	switch (p->s[p->pos]) {
	case '{':
	case '[':
		object = p->s[p->pos] == '{';
		if (p->depth + 1 > p->max_depth) {
			jfail(p, "maximum depth exceeded");
			return J_FAIL;
		}
		p->t->nodes[idx].kind = ZS_K_ARRAY;
		p->pos++;
		skip_ws(p);
		if (p->pos < p->len && p->s[p->pos] == (object ? '}' : ']')) {
			p->pos++;
			return J_DONE;
		}
		fr = p->frames;
		if (!zs_grow(&zs_alloc_libc, &fr, &p->frames_cap, p->depth + 1, sizeof(jframe), 16)) {
			jnomem(p);
			return J_FAIL;
		}
		p->frames = fr;
		f = memset(&p->frames[p->depth++], 0, sizeof(jframe));
		f->node = idx;
		f->object = object;
		return !object || member_key(p, f) ? J_OPEN : J_FAIL;
	case '"':
		p->t->nodes[idx].kind = ZS_K_STRING;
		return parse_string(p, &p->t->nodes[idx].str) ? J_DONE : J_FAIL;
	case 't':
		return literal(p, "true", ZS_K_TRUE, idx) ? J_DONE : J_FAIL;
	case 'f':
		return literal(p, "false", ZS_K_FALSE, idx) ? J_DONE : J_FAIL;
	case 'n':
		return literal(p, "null", ZS_K_NULL, idx) ? J_DONE : J_FAIL;
	default:
		if (p->s[p->pos] == '-' || (p->s[p->pos] >= '0' && p->s[p->pos] <= '9')) {
			return parse_number(p, idx) ? J_DONE : J_FAIL;
		}
		jfail(p, "unexpected character");
		return J_FAIL;
	}
}

/* Value idx is complete: it joins the innermost open container, which may close in turn, and
 * so on outwards. Returns J_OPEN when a value of an open container follows, J_DONE once the
 * root is complete, J_FAIL on error. */
static int finish_value(jp *p, size_t idx)
{
	while (p->depth > 0) {
		jframe *f = &p->frames[p->depth - 1];
		char close = f->object ? '}' : ']';
		size_t i;

		if (f->object) {
			if (!add_member(p, f, idx)) {
				return J_FAIL;
			}
		} else {
			p->t->nodes[idx].flags |= ZS_NODE_KEY_INT;
			p->t->nodes[idx].key_int = f->next_index++;
			zs_tree_link(p->t, f->node, idx);
		}
		skip_ws(p);
		if (p->pos < p->len && p->s[p->pos] == ',') {
			p->pos++;
			return !f->object || member_key(p, f) ? J_OPEN : J_FAIL;
		}
		if (p->pos >= p->len || p->s[p->pos] != close) {
			jfail(p, f->object ? "expected ',' or '}'" : "expected ',' or ']'");
			return J_FAIL;
		}
		p->pos++;
		for (i = 0; i < f->count; i++) {
			zs_tree_link(p->t, f->node, f->members[i]);
		}
		idx = f->node;
		close_frame(p);
	}
	return J_DONE;
}

/* The whole JSON value at p->pos. */
static bool parse_json(jp *p)
{
	size_t idx = 0;
	int st;

	do {
		st = start_value(p, &idx);
		if (st == J_DONE) {
			st = finish_value(p, idx);
		}
	} while (st == J_OPEN);
	while (p->depth > 0) {
		close_frame(p);
	}
	free(p->frames);
	return st == J_DONE;
}

/* ==== zser writer ==== */

typedef struct jw {
	zs_zwriter zw;
	zs_zw_key *keys; /* scratch: the keys of the map being written */
	size_t keys_cap;
} jw;

/* Node idx, up to its first child: the walk writes the children after it, in order, which is
 * where a list's or map's values go. */
static zs_walk_step write_node(void *ctx, const zs_tree *t, size_t idx, size_t parent, size_t depth)
{
	jw *w = ctx;
	const zs_node *n = &t->nodes[idx];
	size_t c, j = 0;
	void *p;

	(void)parent;
	(void)depth;
	switch ((zs_kind)n->kind) {
	case ZS_K_NULL:
		zs_zw_null(&w->zw);
		break;
	case ZS_K_FALSE:
	case ZS_K_TRUE:
		zs_zw_bool(&w->zw, n->kind == ZS_K_TRUE);
		break;
	case ZS_K_INT:
		zs_zw_int(&w->zw, n->v.i);
		break;
	case ZS_K_FLOAT:
		zs_zw_float(&w->zw, n->v.d);
		break;
	case ZS_K_STRING:
		zs_zw_string(&w->zw, zs_tree_bytes(t, &n->str), n->str.len);
		break;
	case ZS_K_ARRAY:
		if (zs_tree_is_list(t, n)) {
			zs_zw_list(&w->zw, n->count);
		} else {
			p = w->keys;
			if (!grow_arr(&p, &w->keys_cap, n->count, sizeof(zs_zw_key))) {
				w->zw.failed = true;
				return ZS_WALK_STOP;
			}
			w->keys = p;
			for (c = n->first_child; c; c = t->nodes[c - 1].next, j++) {
				const zs_node *ch = &t->nodes[c - 1];
				w->keys[j].is_str = (ch->flags & ZS_NODE_KEY_STR) != 0;
				w->keys[j].i = ch->key_int;
				w->keys[j].s = zs_tree_bytes(t, &ch->key_str);
				w->keys[j].len = ch->key_str.len;
			}
			zs_zw_map(&w->zw, w->keys, n->count);
		}
		if (w->zw.failed) {
			return ZS_WALK_STOP;
		}
		return n->count ? ZS_WALK_DESCEND : ZS_WALK_SKIP;
	default:
		break;
	}
	return w->zw.failed ? ZS_WALK_STOP : ZS_WALK_SKIP;
}

/* JSON text -> tree (in t, zs_tree_init'ed by the caller) -> zser blob (in out, initialised
 * here and freed by the caller). Returns EXIT_OK, EXIT_INVALID with the error in t, or
 * EXIT_NOMEM. */
static int json_to_zser(zs_tree *t, const unsigned char *data, size_t len, size_t max_depth,
                        zs_buf *out)
{
	static const zs_tree_visitor writer = {write_node, NULL};
	jp p;
	jw w;
	bool ok;

	zs_buf_init(out, &zs_alloc_libc);
	memset(&p, 0, sizeof(p));
	p.t = t;
	p.s = data;
	p.len = len;
	p.end = data + len;
	p.sc.alloc = &zs_alloc_libc;
	p.max_depth = max_depth;
	t->input = data;
	t->input_len = len;
	ok = parse_json(&p);
	free(p.sc.buf);
	if (!ok) {
		return t->out_of_memory ? EXIT_NOMEM : EXIT_INVALID;
	}
	skip_ws(&p);
	if (p.pos != p.len) {
		jfail(&p, "trailing bytes");
		return EXIT_INVALID;
	}
	memset(&w, 0, sizeof(w));
	zs_zw_init(&w.zw, &zs_alloc_libc, cli_hash_seed());
	if (!zs_tree_walk(t, 0, &writer, &w)) {
		w.zw.failed = true;
	}
	free(w.keys);
	if (!zs_zw_finish(&w.zw)) {
		zs_zw_free(&w.zw);
		return EXIT_NOMEM;
	}
	*out = w.zw.out;
	zs_zero(&w.zw.out, sizeof(w.zw.out));
	zs_zw_free(&w.zw);
	return EXIT_OK;
}

int cli_from_json(FILE *out, const unsigned char *data, size_t len, size_t max_depth)
{
	zs_tree t;
	zs_buf blob;
	int rc;

	zs_tree_init(&t, &zs_alloc_libc, max_depth);
	rc = json_to_zser(&t, data, len, max_depth, &blob);
	if (t.error) {
		fprintf(stderr, "error at offset %zu: %s (reading JSON)\n", t.error_pos, t.error);
	} else if (rc == EXIT_NOMEM) {
		fprintf(stderr, "zser: out of memory\n");
	} else if (fwrite(blob.data, 1, blob.len, out) != blob.len) {
		rc = EXIT_IO;
	}
	zs_buf_free(&blob);
	zs_tree_free(&t);
	return rc;
}
