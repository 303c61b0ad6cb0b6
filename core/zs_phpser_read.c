/* zser — SPDX-License-Identifier: MIT
 *
 * serialize() text reader (see zs_phpser_read.h). Grammar and acceptance rules follow php-src
 * ext/standard/var_unserializer.re; every length and count is compared with the bytes that
 * remain before it is used. Nothing recurses: open arrays and objects live on a heap stack
 * that grows up to t->max_depth levels, so hostile nesting costs heap, never C stack.
 */
#include "zs_phpser_read.h"
#include "zs_grow.h"
#include "zs_wire.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct key {
	size_t pos;
	bool is_int;
	int64_t i;
	zs_str s;
} key;

/* An open a: or O:: its node, the entries still to read, and the key of the entry being
 * read, which goes to that entry's node once its value is complete. */
typedef struct frame {
	size_t idx;
	size_t left;
	key k;
} frame;

typedef struct rd {
	zs_tree *t;
	const unsigned char *s;
	size_t pos, len;
	size_t *slots; /* node index per reference slot (slot N is slots[N - 1]) */
	size_t nslots, slots_cap;
	frame *frames; /* frames[0..depth) are open, innermost last */
	size_t depth, frames_cap;
} rd;

/* What begin_value() left: an error, a complete value, or an open a:/O: on the stack. */
enum { V_FAIL, V_DONE, V_OPEN };

static bool fail(rd *r, size_t pos, const char *msg)
{
	return zs_tree_fail(r->t, pos, msg);
}

static size_t left(const rd *r)
{
	return r->len - r->pos;
}

static bool truncated(rd *r)
{
	return fail(r, r->len, zs_wire_error_msg(ZS_WE_TRUNCATED));
}

static bool expect(rd *r, unsigned char c, const char *msg)
{
	if (r->pos >= r->len) {
		return truncated(r);
	}
	if (r->s[r->pos] != c) {
		return fail(r, r->pos, msg);
	}
	r->pos++;
	return true;
}

/* Type letter plus ':' (the caller already saw the letter). */
static bool expect_prefix(rd *r)
{
	r->pos++;
	return expect(r, ':', "expected ':' after the type letter");
}

/* uiv = [0-9]+, as a size; values that do not fit are errors, not wrapped. */
static bool parse_size(rd *r, size_t *v)
{
	size_t start = r->pos, n = 0;

	while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9') {
		size_t d = (size_t)(r->s[r->pos] - '0');
		if (n > (SIZE_MAX - d) / 10) {
			return fail(r, start, "number out of range");
		}
		n = n * 10 + d;
		r->pos++;
	}
	if (r->pos == start) {
		return r->pos >= r->len ? truncated(r) : fail(r, r->pos, "expected a digit");
	}
	*v = n;
	return true;
}

/* iv = [+-]?[0-9]+ within int64 (PHP clamps with a warning; we reject). */
static bool parse_int(rd *r, int64_t *v)
{
	size_t start = r->pos;
	bool neg = false;
	uint64_t n = 0, lim;

	if (r->pos < r->len && (r->s[r->pos] == '-' || r->s[r->pos] == '+')) {
		neg = r->s[r->pos] == '-';
		r->pos++;
	}
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	if (r->pos >= r->len) {
		return truncated(r);
	}
	if (r->s[r->pos] < '0' || r->s[r->pos] > '9') {
		return fail(r, r->pos, "expected a digit");
	}
	while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9') {
		uint64_t d = (uint64_t)(r->s[r->pos] - '0');
		if (n > (lim - d) / 10) {
			return fail(r, start, zs_wire_error_msg(ZS_WE_INT_RANGE));
		}
		n = n * 10 + d;
		r->pos++;
	}
	*v = neg ? (n == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)n) : (int64_t)n;
	return true;
}

static size_t skip_digits(rd *r)
{
	size_t start = r->pos;
	while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9') {
		r->pos++;
	}
	return r->pos - start;
}

static bool match(const rd *r, const char *lit)
{
	size_t n = strlen(lit);
	return n <= left(r) && memcmp(r->s + r->pos, lit, n) == 0;
}

/* "NAN" | "-"? "INF" | iv | nv | nvexp, then strtod on a NUL-terminated copy. */
static bool parse_double(rd *r, double *v)
{
	size_t start = r->pos, ip, fp = 0, n;
	char small[64], *buf = small;
	bool dot = false;

	if (match(r, "NAN")) {
		r->pos += 3;
		*v = NAN;
		return true;
	}
	if (match(r, "INF") || match(r, "-INF")) {
		*v = r->s[r->pos] == '-' ? -INFINITY : INFINITY;
		r->pos += r->s[r->pos] == '-' ? 4 : 3;
		return true;
	}
	if (r->pos < r->len && (r->s[r->pos] == '-' || r->s[r->pos] == '+')) {
		r->pos++;
	}
	ip = skip_digits(r);
	if (r->pos < r->len && r->s[r->pos] == '.') {
		dot = true;
		r->pos++;
		fp = skip_digits(r);
	}
	if (ip == 0 && fp == 0) {
		return r->pos >= r->len ? truncated(r) : fail(r, r->pos, "malformed float");
	}
	(void)dot;
	if (r->pos < r->len && (r->s[r->pos] == 'e' || r->s[r->pos] == 'E')) {
		r->pos++;
		if (r->pos < r->len && (r->s[r->pos] == '-' || r->s[r->pos] == '+')) {
			r->pos++;
		}
		if (skip_digits(r) == 0) {
			return r->pos >= r->len ? truncated(r) : fail(r, r->pos, "malformed float exponent");
		}
	}
	n = r->pos - start;
	if (n >= sizeof(small)) {
		buf = r->t->alloc->malloc(r->t->alloc->ctx, n + 1);
		if (!buf) {
			r->t->out_of_memory = true;
			return fail(r, start, zs_wire_error_msg(ZS_WE_NOMEM));
		}
	}
	memcpy(buf, r->s + start, n);
	buf[n] = '\0';
	*v = strtod(buf, NULL);
	if (buf != small) {
		r->t->alloc->free(r->t->alloc->ctx, buf);
	}
	return true;
}

/* LEN:"bytes" for s:, with the span left pointing into the input. */
static bool parse_raw_string(rd *r, zs_str *out)
{
	size_t len;

	if (!parse_size(r, &len) || !expect(r, ':', "expected ':' after the length") ||
	    !expect(r, '"', "expected '\"' before the string")) {
		return false;
	}
	if (len > left(r)) {
		return truncated(r);
	}
	out->off = r->pos;
	out->len = len;
	out->pooled = false;
	r->pos += len;
	return expect(r, '"', "string does not match its declared length");
}

static int hexval(unsigned char c)
{
	if (c >= '0' && c <= '9') {
		return c - '0';
	}
	if (c >= 'a' && c <= 'f') {
		return c - 'a' + 10;
	}
	if (c >= 'A' && c <= 'F') {
		return c - 'A' + 10;
	}
	return -1;
}

/* LEN:"escaped" for the old S: form: LEN decoded bytes, '\' followed by two hex digits. */
static bool parse_escaped_string(rd *r, zs_str *out)
{
	size_t len, i;

	if (!parse_size(r, &len) || !expect(r, ':', "expected ':' after the length") ||
	    !expect(r, '"', "expected '\"' before the string")) {
		return false;
	}
	if (len > left(r)) {
		return truncated(r);
	}
	out->off = r->t->pool.len;
	out->len = len;
	out->pooled = true;
	for (i = 0; i < len; i++) {
		unsigned char c;
		if (r->pos >= r->len) {
			return truncated(r);
		}
		c = r->s[r->pos++];
		if (c == '\\') {
			int hi, lo;
			if (left(r) < 2) {
				return truncated(r);
			}
			hi = hexval(r->s[r->pos]);
			lo = hexval(r->s[r->pos + 1]);
			if (hi < 0 || lo < 0) {
				return fail(r, r->pos - 1, "bad escape in S: string");
			}
			c = (unsigned char)(hi * 16 + lo);
			r->pos += 2;
		}
		zs_buf_append_byte(&r->t->pool, c);
	}
	if (r->t->pool.failed) {
		r->t->out_of_memory = true;
		return fail(r, r->pos, zs_wire_error_msg(ZS_WE_NOMEM));
	}
	return expect(r, '"', "string does not match its declared length");
}

static bool push_slot(rd *r, size_t idx)
{
	if (r->nslots == r->slots_cap) {
		size_t cap = r->slots_cap ? r->slots_cap * 2 : 64;
		void *p;
		if (cap > SIZE_MAX / sizeof(size_t)) {
			goto nomem;
		}
		p = r->slots ? r->t->alloc->realloc(r->t->alloc->ctx, r->slots,
		                                    r->slots_cap * sizeof(size_t), cap * sizeof(size_t))
		             : r->t->alloc->malloc(r->t->alloc->ctx, cap * sizeof(size_t));
		if (!p) {
			goto nomem;
		}
		r->slots = p;
		r->slots_cap = cap;
	}
	r->slots[r->nslots++] = idx;
	r->t->nodes[idx].id = r->nslots;
	return true;
nomem:
	r->t->out_of_memory = true;
	return fail(r, r->pos, zs_wire_error_msg(ZS_WE_NOMEM));
}

/* Keys are i:, s: or S: only (var_unserializer parses them without a slot table). */
static bool read_key(rd *r, key *k)
{
	k->pos = r->pos;
	if (r->pos >= r->len) {
		return truncated(r);
	}
	switch (r->s[r->pos]) {
	case 'i':
		k->is_int = true;
		return expect_prefix(r) && parse_int(r, &k->i) &&
		       expect(r, ';', "expected ';' after the integer");
	case 's':
		k->is_int = false;
		return expect_prefix(r) && parse_raw_string(r, &k->s) &&
		       expect(r, ';', "expected ';' after the string");
	case 'S':
		k->is_int = false;
		return expect_prefix(r) && parse_escaped_string(r, &k->s) &&
		       expect(r, ';', "expected ';' after the string");
	case '}':
		return fail(r, r->pos, "fewer elements than declared");
	default:
		return fail(r, r->pos, "key must be an integer or a string");
	}
}

/* Pushes the frame for the `count` entries of a: or O: (after its '{'). The depth limit is
 * checked before anything is allocated. */
static bool open_entries(rd *r, size_t idx, size_t count)
{
	void *p = r->frames;
	frame *f;

	if (r->depth >= r->t->max_depth) {
		return fail(r, r->pos, zs_wire_error_msg(ZS_WE_DEPTH));
	}
	if (!zs_grow(r->t->alloc, &p, &r->frames_cap, r->depth + 1, sizeof(frame), 16)) {
		r->t->out_of_memory = true;
		return fail(r, r->pos, zs_wire_error_msg(ZS_WE_NOMEM));
	}
	r->frames = p;
	f = &r->frames[r->depth++];
	f->idx = idx;
	f->left = count;
	if (r->depth > r->t->depth_seen) {
		r->t->depth_seen = r->depth;
	}
	return true;
}

/* Hands a complete entry value to the innermost open container, with its key. */
static void add_entry(rd *r, size_t child)
{
	const frame *f = &r->frames[r->depth - 1];
	zs_node *n = &r->t->nodes[child];

	n->key_pos = f->k.pos;
	if (f->k.is_int) {
		n->flags |= ZS_NODE_KEY_INT;
		n->key_int = f->k.i;
	} else {
		n->flags |= ZS_NODE_KEY_STR;
		n->key_str = f->k.s;
	}
	zs_tree_link(r->t, f->idx, child);
}

/* Each element takes at least two bytes, as var_unserializer's IS_FAKE_ELEM_COUNT assumes. */
static bool plausible_count(rd *r, size_t count)
{
	if (count > left(r) / 2) {
		return fail(r, r->pos, zs_wire_error_msg(ZS_WE_COUNT));
	}
	return true;
}

static bool read_array(rd *r, size_t idx)
{
	size_t count;

	r->t->nodes[idx].kind = ZS_K_ARRAY;
	if (!expect_prefix(r) || !parse_size(r, &count) ||
	    !expect(r, ':', "expected ':' after the element count") ||
	    !expect(r, '{', "expected '{'") || !plausible_count(r, count)) {
		return false;
	}
	return open_entries(r, idx, count);
}

/* O:LEN:"Class":COUNT:{...} and C:LEN:"Class":LEN:{payload} */
static bool read_object(rd *r, size_t idx, bool custom)
{
	zs_str cls;
	size_t count, name_pos;

	r->t->nodes[idx].kind = custom ? ZS_K_CUSTOM : ZS_K_OBJECT;
	if (!expect_prefix(r)) {
		return false;
	}
	name_pos = r->pos;
	if (!parse_raw_string(r, &cls) || !expect(r, ':', "expected ':' after the class name")) {
		return false;
	}
	if (cls.len == 0) {
		return fail(r, name_pos, "empty class name");
	}
	if (r->s[cls.off] == '\0' || r->s[cls.off] == '\\') {
		return fail(r, cls.off, zs_wire_error_msg(ZS_WE_CLASS));
	}
	r->t->nodes[idx].cls = cls;
	if (!parse_size(r, &count) || !expect(r, ':', "expected ':' after the count") ||
	    !expect(r, '{', "expected '{'")) {
		return false;
	}
	if (custom) {
		/* The payload is opaque (the class's own unserialize() reads it), followed by '}'. */
		if (count >= left(r)) {
			return truncated(r);
		}
		r->t->nodes[idx].str.off = r->pos;
		r->t->nodes[idx].str.len = count;
		r->pos += count;
		return expect(r, '}', "expected '}' after the custom payload");
	}
	return plausible_count(r, count) && open_entries(r, idx, count);
}

static bool read_enum(rd *r, size_t idx)
{
	zs_str all;
	const unsigned char *colon;
	size_t name_pos;

	r->t->nodes[idx].kind = ZS_K_ENUM;
	if (!expect_prefix(r)) {
		return false;
	}
	name_pos = r->pos;
	if (!parse_raw_string(r, &all) || !expect(r, ';', "expected ';' after the enum name")) {
		return false;
	}
	colon = all.len ? memchr(r->s + all.off, ':', all.len) : NULL;
	if (!colon) {
		return fail(r, name_pos, "enum name without ':'");
	}
	r->t->nodes[idx].cls.off = all.off;
	r->t->nodes[idx].cls.len = (size_t)(colon - (r->s + all.off));
	r->t->nodes[idx].str.off = all.off + r->t->nodes[idx].cls.len + 1;
	r->t->nodes[idx].str.len = all.len - r->t->nodes[idx].cls.len - 1;
	if (r->t->nodes[idx].cls.len == 0) {
		return fail(r, name_pos, "empty enum class name");
	}
	return true;
}

/* Slot number (1-based) of R: / r:, checked against the slots taken so far. */
static bool read_slot_ref(rd *r, size_t *target)
{
	size_t id, at;

	r->pos++;
	if (!expect(r, ':', "expected ':' after the type letter")) {
		return false;
	}
	at = r->pos;
	if (!parse_size(r, &id) || !expect(r, ';', "expected ';' after the reference")) {
		return false;
	}
	if (id == 0 || id > r->nslots) {
		return fail(r, at, zs_wire_error_msg(ZS_WE_BACKREF));
	}
	*target = r->slots[id - 1];
	return true;
}

/* Reads the value at r->pos: a scalar, reference or C: whole (V_DONE), or the header of an
 * a:/O:, whose frame it pushes (V_OPEN; its entries and '}' are read by read_tree()). */
static int begin_value(rd *r, size_t *out)
{
	size_t start = r->pos, idx, target;
	zs_node *n;
	double d = 0;

	if (r->pos >= r->len) {
		truncated(r);
		return V_FAIL;
	}
	if (r->s[r->pos] == 'R') {
		/* R: takes no slot: it joins the reference set of an earlier value. */
		if (!read_slot_ref(r, &target)) {
			return V_FAIL;
		}
		idx = zs_tree_add(r->t, ZS_K_REF, start);
		if (idx == SIZE_MAX) {
			return V_FAIL;
		}
		r->t->nodes[idx].v.target = target;
		r->t->nodes[idx].end = r->pos;
		r->t->nodes[target].flags |= ZS_NODE_REFERENCE | ZS_NODE_TARGET;
		*out = idx;
		return V_DONE;
	}
	idx = zs_tree_add(r->t, ZS_K_NULL, start);
	if (idx == SIZE_MAX || !push_slot(r, idx)) {
		return V_FAIL;
	}
	*out = idx;
	switch (r->s[r->pos]) {
	case 'N':
		r->pos++;
		if (!expect(r, ';', "expected ';' after N")) {
			return V_FAIL;
		}
		break;
	case 'b':
		if (!expect_prefix(r)) {
			return V_FAIL;
		}
		if (r->pos >= r->len) {
			truncated(r);
			return V_FAIL;
		}
		if (r->s[r->pos] != '0' && r->s[r->pos] != '1') {
			fail(r, r->pos, "boolean must be 0 or 1");
			return V_FAIL;
		}
		r->t->nodes[idx].kind = r->s[r->pos] == '1' ? ZS_K_TRUE : ZS_K_FALSE;
		r->pos++;
		if (!expect(r, ';', "expected ';' after the boolean")) {
			return V_FAIL;
		}
		break;
	case 'i':
		r->t->nodes[idx].kind = ZS_K_INT;
		if (!expect_prefix(r) || !parse_int(r, &r->t->nodes[idx].v.i) ||
		    !expect(r, ';', "expected ';' after the integer")) {
			return V_FAIL;
		}
		break;
	case 'd':
		r->t->nodes[idx].kind = ZS_K_FLOAT;
		if (!expect_prefix(r) || !parse_double(r, &d) ||
		    !expect(r, ';', "expected ';' after the float")) {
			return V_FAIL;
		}
		r->t->nodes[idx].v.d = d;
		break;
	case 's':
	case 'S':
		r->t->nodes[idx].kind = ZS_K_STRING;
		if (r->s[r->pos] == 's') {
			if (!expect_prefix(r) || !parse_raw_string(r, &r->t->nodes[idx].str)) {
				return V_FAIL;
			}
		} else {
			zs_str s;
			if (!expect_prefix(r) || !parse_escaped_string(r, &s)) {
				return V_FAIL;
			}
			r->t->nodes[idx].str = s;
		}
		if (!expect(r, ';', "expected ';' after the string")) {
			return V_FAIL;
		}
		break;
	case 'a':
		return read_array(r, idx) ? V_OPEN : V_FAIL;
	case 'O':
		return read_object(r, idx, false) ? V_OPEN : V_FAIL;
	case 'C':
		if (!read_object(r, idx, true)) {
			return V_FAIL;
		}
		break;
	case 'E':
		if (!read_enum(r, idx)) {
			return V_FAIL;
		}
		break;
	case 'r':
		/* r: shares an object: the target must hold an object, and not be this slot. */
		if (!read_slot_ref(r, &target)) {
			return V_FAIL;
		}
		if (target == idx) {
			fail(r, start, "reference to itself");
			return V_FAIL;
		}
		target = zs_tree_resolve(r->t, target);
		n = &r->t->nodes[target];
		if (n->kind != ZS_K_OBJECT && n->kind != ZS_K_CUSTOM && n->kind != ZS_K_ENUM) {
			fail(r, start, zs_wire_error_msg(ZS_WE_BACKREF_TYPE));
			return V_FAIL;
		}
		n->flags |= ZS_NODE_TARGET;
		r->t->nodes[idx].kind = ZS_K_OBJREF;
		r->t->nodes[idx].v.target = target;
		break;
	default:
		fail(r, r->pos, zs_wire_error_msg(ZS_WE_TAG));
		return V_FAIL;
	}
	r->t->nodes[idx].end = r->pos;
	return V_DONE;
}

/* After a failure: links the containers still open to their parents, innermost last, so that
 * the tree shows everything read up to the fault. */
static void link_open(rd *r)
{
	while (r->depth > 1) {
		size_t idx = r->frames[r->depth - 1].idx;
		r->depth--;
		add_entry(r, idx);
	}
	r->depth = 0;
}

/* The whole value at r->pos, whose node goes to *top: entries are read in a loop over the open
 * frames, so the depth of the input never reaches the C stack. Tree operations happen in the
 * same order as they would in a recursive descent: a node is added when its value starts; it
 * gets its key, its end and its link to the parent when it is complete. */
static bool read_tree(rd *r, size_t *top)
{
	size_t child = SIZE_MAX;
	int st = begin_value(r, &child);

	*top = child;
	while (st != V_FAIL && r->depth > 0) {
		frame *f = &r->frames[r->depth - 1];
		if (f->left == 0) {
			size_t idx = f->idx;
			if (!expect(r, '}', "more elements than declared")) {
				st = V_FAIL;
				break;
			}
			r->depth--;
			r->t->nodes[idx].end = r->pos;
			if (r->depth > 0) {
				add_entry(r, idx);
			}
			continue;
		}
		f->left--;
		if (!read_key(r, &f->k)) {
			st = V_FAIL;
			break;
		}
		st = begin_value(r, &child);
		if (st == V_DONE) {
			add_entry(r, child);
		}
	}
	if (st == V_FAIL) {
		link_open(r);
	}
	return st != V_FAIL;
}

static void free_rd(rd *r)
{
	if (r->slots) {
		r->t->alloc->free(r->t->alloc->ctx, r->slots);
	}
	if (r->frames) {
		r->t->alloc->free(r->t->alloc->ctx, r->frames);
	}
}

bool zs_phpser_read(zs_tree *t, const unsigned char *data, size_t len)
{
	rd r;
	bool ok;
	size_t top;

	memset(&r, 0, sizeof(r));
	r.t = t;
	r.s = data;
	r.len = len;
	zs_tree_set_input(t, data, len, ZS_FMT_PHPSER);
	t->header_len = 0;
	ok = read_tree(&r, &top);
	if (ok && r.pos != r.len) {
		ok = fail(&r, r.pos, zs_wire_error_msg(ZS_WE_TRAILING));
	}
	free_rd(&r);
	return ok;
}

bool zs_phpser_read_session(zs_tree *t, const unsigned char *data, size_t len)
{
	rd r;
	bool ok = true;
	size_t root;

	memset(&r, 0, sizeof(r));
	r.t = t;
	r.s = data;
	r.len = len;
	zs_tree_set_input(t, data, len, ZS_FMT_PHPSESSION);
	t->header_len = 0;
	root = zs_tree_add(t, ZS_K_ARRAY, 0);
	if (root == SIZE_MAX) {
		return false;
	}
	while (ok && r.pos < r.len) {
		const unsigned char *bar = memchr(data + r.pos, '|', r.len - r.pos);
		size_t name_pos = r.pos, top;
		zs_node *n;

		if (!bar) {
			/* what is left names no variable: PHP stops there, and so does the reader */
			ok = fail(&r, r.pos, zs_wire_error_msg(ZS_WE_TRAILING));
			break;
		}
		r.pos = (size_t)(bar - data) + 1;
		/* one slot numbering across the variables: R:/r: may point into an earlier one */
		ok = read_tree(&r, &top);
		if (top == SIZE_MAX ||
		    (!ok && t->nodes[top].kind != ZS_K_ARRAY && t->nodes[top].kind != ZS_K_OBJECT)) {
			break; /* a scalar that failed is no value to show */
		}
		n = &t->nodes[top];
		n->flags |= ZS_NODE_KEY_STR;
		n->key_pos = name_pos;
		n->key_str.off = name_pos;
		n->key_str.len = (size_t)(bar - data) - name_pos;
		n->key_str.pooled = false;
		zs_tree_link(t, root, top);
	}
	t->nodes[root].end = r.pos;
	if (t->depth_seen == 0 && t->count > 0) {
		t->depth_seen = 1;
	}
	free_rd(&r);
	return ok;
}
