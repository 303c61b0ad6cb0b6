/* zser — SPDX-License-Identifier: MIT
 *
 * The resumable scanner of zs_json_stream.h. Its grammar states and checks follow the
 * decoder's parse loop (ext/json_decode.c) step for step, so that an error outside the
 * target is found where jsond_decode() finds it and with its code: the parser-stack sizes
 * are json_stack_compat.h's rule, an unexpected byte gets the code ext/json's scanner gives
 * it (the "token error"), and the depth check is the decoder's. Tokens are only delimited
 * here: a string runs to its first quote not escaped, a number or literal over the bytes
 * numbers and literals are made of, an element of the target to its matching bracket. The
 * caller decodes each one, and where a token or element is malformed the decoder fails at
 * the same byte as on the whole text, since up to its first error the decoder reads the
 * same strings and brackets as this scanner.
 */
#include "zs_json_stream.h"
#include "zs_grow.h"
#include "zs_json_scan.h"
#include "zs_utf8.h"

#include <string.h>

/* ext/json's parser stack (json_stack_compat.h): a push that makes it this size fails. */
#define STACK_MAX     10000
#define STACK_OPEN    1
#define STACK_CHECKED 2
#define STACK_FIRST   3
#define STACK_NEXT    4
#define STACK_NEXTKEY 5

enum {
	S_VALUE,        /* a value starts at pos; on_path: the path names it */
	S_OPENED,       /* after '[' or '{' */
	S_ELEM,         /* an element, or a member's value, of the top frame starts at pos */
	S_AFTER_SCALAR, /* a SCALAR was handed out */
	S_AFTER_VALUE,
	S_KEY,
	S_AFTER_KEY,
	S_COLON,
	S_CAPTURE, /* a token or element is being read from tok */
	S_DONE     /* END, ERROR or BAD_STRING was handed out */
};

enum { CAP_STRING, CAP_ATOM, CAP_CONTAINER };
enum { ROLE_OUT, ROLE_PATH, ROLE_TARGET };

/* What a captured token becomes, in cap_kind's high bits. */
#define FOR_SCALAR  0x10
#define FOR_KEY     0x20
#define FOR_ELEMENT 0x40
#define FOR_BAD     0x80

/* 1: bytes numbers and the literals are made of (as zs_json_scan.c's classes); 2: JSON
 * whitespace. */
static const unsigned char byte_kind[256] = {
        ['\t'] = 2, ['\n'] = 2, ['\r'] = 2, [' '] = 2, ['+'] = 1, ['-'] = 1, ['.'] = 1, ['0'] = 1,
        ['1'] = 1,  ['2'] = 1,  ['3'] = 1,  ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1,
        ['9'] = 1,  ['E'] = 1,  ['a'] = 1,  ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
        ['g'] = 1,  ['h'] = 1,  ['i'] = 1,  ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1,
        ['o'] = 1,  ['p'] = 1,  ['q'] = 1,  ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1,
        ['w'] = 1,  ['x'] = 1,  ['y'] = 1,  ['z'] = 1,
};

#define AT(i) data[(i)-data_pos]

/* Internal: the state moved on, scan again (never handed out). */
#define AGAIN ((zs_jstream_event)-1)

void zs_jstream_init(zs_jstream *st, const zs_alloc *alloc, const size_t *index, size_t path_len,
                     size_t max_depth, bool bigint_keys)
{
	zs_zero(st, sizeof(*st));
	st->alloc = alloc;
	st->index = index;
	st->path_len = path_len;
	st->max_depth = max_depth;
	st->bigint_keys = bigint_keys;
	st->state = S_VALUE;
	st->on_path = true;
	st->bs = 1;
	st->outcome = ZS_JSTREAM_NOT_FOUND;
}

void zs_jstream_free(zs_jstream *st)
{
	if (st->frames) {
		st->alloc->free(st->alloc->ctx, st->frames);
		st->frames = NULL;
	}
	st->fcap = 0;
	st->ftop = 0;
}

void zs_jstream_key(zs_jstream *st, bool match, bool bad)
{
	st->key_match = match;
	if (st->ftop > 0) {
		st->frames[st->ftop - 1].bad_name = bad;
	}
}

static bool plain_number(const unsigned char *p, const unsigned char *end)
{
	if (p < end && *p == '-') {
		p++;
	}
	if (p == end || *p < '0' || *p > '9') {
		return false;
	}
	if (*p++ == '0') {
		if (p < end && *p >= '0' && *p <= '9') {
			return false;
		}
	}
	while (p < end && *p >= '0' && *p <= '9') {
		p++;
	}
	if (p < end && *p == '.') {
		if (++p == end || *p < '0' || *p > '9') {
			return false;
		}
		while (p < end && *p >= '0' && *p <= '9') {
			p++;
		}
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-')) {
			p++;
		}
		if (p == end || *p < '0' || *p > '9') {
			return false;
		}
		while (p < end && *p >= '0' && *p <= '9') {
			p++;
		}
	}
	return p == end;
}

bool zs_jstream_plain(const unsigned char *p, size_t len)
{
	const unsigned char *end = p + len;
	if (len == 0) {
		return false;
	}
	if (*p == '"') {
		if (len < 2 || end[-1] != '"') {
			return false;
		}
		for (p++, end--; p < end; p++) {
			if (*p < 0x20 || *p >= 0x80 || *p == '\\' || *p == '"') {
				return false;
			}
		}
		return true;
	}
	if (*p == 't' || *p == 'f' || *p == 'n') {
		return (len == 4 && (memcmp(p, "true", 4) == 0 || memcmp(p, "null", 4) == 0)) ||
		       (len == 5 && memcmp(p, "false", 5) == 0);
	}
	return plain_number(p, end);
}

size_t zs_jstream_keep(const zs_jstream *st)
{
	return st->state == S_CAPTURE ? st->tok : st->pos;
}

static zs_jstream_event fail(zs_jstream *st, int err, size_t at)
{
	st->err = err;
	st->err_pos = at;
	st->state = S_DONE;
	return ZS_JSTREAM_ERROR;
}

static void capture(zs_jstream *st, size_t at, int kind)
{
	st->state = S_CAPTURE;
	st->tok = at;
	st->pos = at + 1;
	st->cap_kind = kind;
	st->cap_depth = 1;
	st->cap_str = false;
}

/* The closing quote of the string whose body goes on at q, or NULL if it is not in
 * q[0..end). A quote closes it when an even number of backslashes precede it; counting them
 * stops at the opening quote at the latest, which the caller still holds. */
static const unsigned char *string_end(const unsigned char *q, const unsigned char *end)
{
	for (;;) {
		const unsigned char *e = memchr(q, '"', (size_t)(end - q)), *b;
		if (!e) {
			return NULL;
		}
		for (b = e; b[-1] == '\\'; b--) {
		}
		if (((size_t)(e - b) & 1) == 0) {
			return e;
		}
		q = e + 1;
	}
}

/* Reads on in the token from tok; true when it ended (or the text did: eof), with end set. */
static bool capture_more(zs_jstream *st, const unsigned char *data, size_t data_pos, size_t lim,
                         bool eof)
{
	const unsigned char *q = data + (st->pos - data_pos), *end = data + (lim - data_pos), *e;
	switch (st->cap_kind & 0x0F) {
	case CAP_STRING:
		e = string_end(q, end);
		if (e) {
			st->end = data_pos + (size_t)(e - data) + 1;
			return true;
		}
		q = end;
		break;
	case CAP_ATOM:
		while (q < end && byte_kind[*q] == 1) {
			q++;
		}
		if (q < end) {
			st->end = data_pos + (size_t)(q - data);
			return true;
		}
		break;
	default:
		while (q < end) {
			if (st->cap_str) {
				e = string_end(q, end);
				if (!e) {
					q = end;
					break;
				}
				st->cap_str = false;
				q = e + 1;
				continue;
			}
			e = zs_json_scan_structure(q, end);
			if (e == end) {
				q = end;
				break;
			}
			q = e + 1;
			if (*e == '"') {
				st->cap_str = true;
			} else if (*e == '[' || *e == '{') {
				st->cap_depth++;
			} else if (--st->cap_depth == 0) {
				st->end = data_pos + (size_t)(q - data);
				return true;
			}
		}
		break;
	}
	st->pos = data_pos + (size_t)(q - data);
	if (eof) {
		st->end = lim;
		return true;
	}
	return false;
}

/* The error ext/json's scanner gives the unexpected byte at p (or the end of the text). */
static zs_jstream_event token_error(zs_jstream *st, const unsigned char *data, size_t data_pos,
                                    size_t p, size_t lim, bool eof)
{
	unsigned char c;
	st->pos = p;
	if (p == lim) {
		return eof ? fail(st, ZS_JSTREAM_E_SYNTAX, p) : ZS_JSTREAM_MORE;
	}
	c = AT(p);
	if (c == '"') {
		capture(st, p, CAP_STRING | FOR_BAD);
		return AGAIN;
	}
	if (c < 0x20) {
		return fail(st, ZS_JSTREAM_E_CTRL_CHAR, p);
	}
	if (c < 0x80) {
		return fail(st, ZS_JSTREAM_E_SYNTAX, p);
	}
	if (lim - p < 4 && !eof) {
		return ZS_JSTREAM_MORE;
	}
	return fail(st, zs_utf8_len(&AT(p), lim - p) ? ZS_JSTREAM_E_SYNTAX : ZS_JSTREAM_E_UTF8, p);
}

static bool push(zs_jstream *st, bool object, int role)
{
	zs_jstream_frame *f;
	if (st->ftop == st->fcap && !zs_grow(st->alloc, (void **)&st->frames, &st->fcap, st->ftop + 1,
	                                     sizeof(*st->frames), 16)) {
		return false;
	}
	f = &st->frames[st->ftop++];
	f->bstack = st->bs;
	f->count = 0;
	f->object = object;
	f->role = (unsigned char)role;
	f->found = 0;
	f->bad_name = 0;
	return true;
}

/* The closing bracket at p of the top frame. */
static zs_jstream_event close_frame(zs_jstream *st, unsigned char c, size_t p)
{
	zs_jstream_frame *f = &st->frames[st->ftop - 1];
	if (f->bstack + STACK_NEXT >= STACK_MAX) {
		return fail(st, ZS_JSTREAM_E_SYNTAX, p);
	}
	if ((c == '}') != (f->object != 0)) {
		return fail(st, ZS_JSTREAM_E_STATE_MISMATCH, p);
	}
	st->ftop--;
	st->pos = p + 1;
	st->state = S_AFTER_VALUE;
	return AGAIN;
}

/* The value at p, which the path names when on_path. */
static zs_jstream_event begin_value(zs_jstream *st, const unsigned char *data, size_t data_pos,
                                    size_t p, size_t lim, bool eof)
{
	unsigned char c = AT(p);
	bool target = st->on_path && st->ftop == st->path_len;
	if (c == '[' || c == '{') {
		if (st->bs + STACK_OPEN >= STACK_MAX) {
			return fail(st, ZS_JSTREAM_E_SYNTAX, p);
		}
		if (st->ftop + 1 >= st->max_depth) {
			return fail(st, ZS_JSTREAM_E_DEPTH, p);
		}
		if (st->bs + STACK_CHECKED >= STACK_MAX) {
			return fail(st, ZS_JSTREAM_E_SYNTAX, p);
		}
		if (!push(st, c == '{', target ? ROLE_TARGET : st->on_path ? ROLE_PATH : ROLE_OUT)) {
			return fail(st, ZS_JSTREAM_E_DEPTH, p);
		}
		if (target) {
			st->outcome = ZS_JSTREAM_FOUND;
		}
		st->pos = p + 1;
		st->state = S_OPENED;
		return AGAIN;
	}
	if (c == '"' || byte_kind[c] == 1) {
		if (target) {
			st->outcome = ZS_JSTREAM_NOT_CONTAINER;
		}
		capture(st, p, (c == '"' ? CAP_STRING : CAP_ATOM) | FOR_SCALAR);
		return AGAIN;
	}
	return token_error(st, data, data_pos, p, lim, eof);
}

/* The value of the top frame's next element or member starts at p. */
static zs_jstream_event begin_element(zs_jstream *st, const unsigned char *data, size_t data_pos,
                                      size_t p, size_t lim, bool eof)
{
	zs_jstream_frame *f = &st->frames[st->ftop - 1];
	unsigned char c;
	if (f->role == ROLE_TARGET) {
		c = AT(p);
		if (c == '[' || c == '{') {
			capture(st, p, CAP_CONTAINER | FOR_ELEMENT);
		} else if (c == '"') {
			capture(st, p, CAP_STRING | FOR_ELEMENT);
		} else if (byte_kind[c] == 1) {
			capture(st, p, CAP_ATOM | FOR_ELEMENT);
		} else {
			return token_error(st, data, data_pos, p, lim, eof);
		}
		st->index_out = f->count++;
		st->levels = st->ftop;
		st->stack = st->bs;
		return AGAIN;
	}
	st->on_path = f->role == ROLE_PATH && !f->found &&
	              (f->object ? st->key_match : f->count == st->index[st->ftop - 1]);
	if (st->on_path) {
		f->found = 1;
	}
	f->count++;
	st->key_match = false;
	return begin_value(st, data, data_pos, p, lim, eof);
}

/* A captured token ended at st->end: the event it is. */
static zs_jstream_event token_done(zs_jstream *st)
{
	int purpose = st->cap_kind & 0xF0;
	st->start = st->tok;
	st->pos = st->end;
	if (purpose == FOR_SCALAR) {
		st->state = S_AFTER_SCALAR;
		return ZS_JSTREAM_SCALAR;
	}
	if (purpose == FOR_ELEMENT) {
		st->state = S_AFTER_VALUE;
		return ZS_JSTREAM_ELEMENT;
	}
	if (purpose == FOR_KEY) {
		const zs_jstream_frame *f = &st->frames[st->ftop - 1];
		st->atom = (st->cap_kind & 0x0F) == CAP_ATOM;
		st->key_match = false;
		st->index_out = st->ftop - 1;
		st->key_role = f->role == ROLE_TARGET              ? ZS_JSTREAM_KEY_TARGET
		               : f->role == ROLE_PATH && !f->found ? ZS_JSTREAM_KEY_PATH
		                                                   : ZS_JSTREAM_KEY_CHECK;
		st->state = S_AFTER_KEY;
		return ZS_JSTREAM_KEY;
	}
	st->state = S_DONE;
	st->err = -1;
	return ZS_JSTREAM_BAD_STRING;
}

zs_jstream_event zs_jstream_next(zs_jstream *st, const unsigned char *data, size_t data_pos,
                                 size_t len, bool eof)
{
	const size_t lim = data_pos + len;
	zs_jstream_event ev;

	for (;;) {
		size_t p = st->pos;
		unsigned char c;
		zs_jstream_frame *f;

		if (st->state == S_DONE) {
			return st->err < 0 ? ZS_JSTREAM_BAD_STRING
			       : st->err   ? ZS_JSTREAM_ERROR
			                   : ZS_JSTREAM_END;
		}
		if (st->state == S_CAPTURE) {
			if (!capture_more(st, data, data_pos, lim, eof)) {
				return ZS_JSTREAM_MORE;
			}
			return token_done(st);
		}
		if (st->state == S_AFTER_SCALAR) {
			if (st->bs + 1 >= STACK_MAX) {
				return fail(st, ZS_JSTREAM_E_SYNTAX, p);
			}
			st->state = S_AFTER_VALUE;
			continue;
		}
		if (st->state == S_AFTER_KEY) {
			if (st->bs >= STACK_MAX) {
				return fail(st, ZS_JSTREAM_E_SYNTAX, p);
			}
			st->state = S_COLON;
			continue;
		}
		if (st->state == S_AFTER_VALUE && st->ftop > 0 && st->frames[st->ftop - 1].bad_name) {
			/* ext/json refuses the name once the member's value is read (object mode) */
			return fail(st, ZS_JSTREAM_E_PROPERTY_NAME, p);
		}
		while (p < lim && byte_kind[AT(p)] == 2) {
			p++;
		}
		st->pos = p;
		if (p == lim && !eof) {
			return ZS_JSTREAM_MORE;
		}
		c = p < lim ? AT(p) : 0;
		switch (st->state) {
		case S_VALUE:
			ev = p < lim ? begin_value(st, data, data_pos, p, lim, eof)
			             : token_error(st, data, data_pos, p, lim, eof);
			break;
		case S_ELEM:
			ev = p < lim ? begin_element(st, data, data_pos, p, lim, eof)
			             : token_error(st, data, data_pos, p, lim, eof);
			break;
		case S_OPENED:
			f = &st->frames[st->ftop - 1];
			if (p < lim && (c == ']' || c == '}')) {
				ev = close_frame(st, c, p);
			} else if (f->object) {
				st->bs = f->bstack + STACK_FIRST;
				st->state = S_KEY;
				ev = AGAIN;
			} else {
				st->bs = f->bstack + STACK_CHECKED;
				st->state = S_ELEM;
				ev = AGAIN;
			}
			break;
		case S_AFTER_VALUE:
			if (st->ftop == 0) {
				if (p == lim) {
					st->err = 0;
					st->state = S_DONE;
					return ZS_JSTREAM_END;
				}
				ev = token_error(st, data, data_pos, p, lim, eof);
				break;
			}
			f = &st->frames[st->ftop - 1];
			if (p < lim && c == ',') {
				if (f->bstack + STACK_NEXT >= STACK_MAX) {
					return fail(st, ZS_JSTREAM_E_SYNTAX, p);
				}
				st->pos = p + 1;
				st->bs = f->bstack + (f->object ? STACK_NEXTKEY : STACK_NEXT);
				st->state = f->object ? S_KEY : S_ELEM;
				ev = AGAIN;
			} else if (p < lim && (c == ']' || c == '}')) {
				ev = close_frame(st, c, p);
			} else {
				ev = token_error(st, data, data_pos, p, lim, eof);
			}
			break;
		case S_KEY:
			if (p < lim && c == '"') {
				capture(st, p, CAP_STRING | FOR_KEY);
				ev = AGAIN;
			} else if (p < lim && st->bigint_keys && (c == '-' || (c >= '0' && c <= '9'))) {
				capture(st, p, CAP_ATOM | FOR_KEY);
				ev = AGAIN;
			} else {
				ev = token_error(st, data, data_pos, p, lim, eof);
			}
			break;
		default: /* S_COLON */
			if (p < lim && c == ':') {
				if (st->bs + 1 >= STACK_MAX) {
					return fail(st, ZS_JSTREAM_E_SYNTAX, p);
				}
				st->pos = p + 1;
				st->bs++;
				st->state = S_ELEM;
				ev = AGAIN;
			} else {
				ev = token_error(st, data, data_pos, p, lim, eof);
			}
			break;
		}
		if (ev != AGAIN) {
			return ev;
		}
	}
}
