/* zser — SPDX-License-Identifier: MIT
 *
 * A resumable scanner of one JSON text that arrives in pieces (jsond_decode_stream(),
 * docs/JSON-POINTER.md): it follows an RFC 6901 path down to one array or object, the target,
 * and hands out the byte range of each element of the target as soon as the element is
 * complete, so that a caller holding only the bytes from the current token on can decode the
 * elements one at a time. Outside the target it checks the grammar itself (brackets, commas,
 * colons, the depth limit and ext/json's parser-stack limit, the error each unexpected byte
 * gives) and hands out every string, number, literal and member name for the caller to check
 * with its own decoder: this scanner does not judge a token's inside (UTF-8, escapes, number
 * syntax), nor, inside the target, an element's (it counts brackets and string quotes only,
 * to find where the element ends).
 *
 * The caller owns the bytes. Each call gives the bytes it holds, data[0] being the byte at
 * absolute offset data_pos of the text; every position the scanner reports or keeps is
 * absolute. Bytes before zs_jstream_keep() are never looked at again and may be dropped.
 * No I/O, no recursion; memory: the container stack, bounded by ext/json's parser stack.
 */
#ifndef ZS_JSON_STREAM_H
#define ZS_JSON_STREAM_H

#include "zs_common.h"

/* Error codes: the numbers of ext/json's JSON_ERROR_* constants, so that they pass through. */
typedef enum {
	ZS_JSTREAM_E_DEPTH = 1,
	ZS_JSTREAM_E_STATE_MISMATCH = 2,
	ZS_JSTREAM_E_CTRL_CHAR = 3,
	ZS_JSTREAM_E_SYNTAX = 4,
	ZS_JSTREAM_E_UTF8 = 5,
	ZS_JSTREAM_E_PROPERTY_NAME = 9, /* a member name the caller marked bad (zs_jstream_key) */
} zs_jstream_error;

typedef enum {
	/* the scanner needs bytes past those given (never returned once eof was passed) */
	ZS_JSTREAM_MORE = 0,
	/* a member name at [start, end): a string with its quotes, or a bare integer when
	 * bigint_keys is set (atom); answer with zs_jstream_key() before the next call */
	ZS_JSTREAM_KEY,
	/* a string (its quotes included), number or literal outside the target, [start, end) */
	ZS_JSTREAM_SCALAR,
	/* an element of the target at [start, end), the index-th one; levels containers hold it,
	 * and ext/json's parser stack holds `stack` entries where it starts (the caller's decoder
	 * must count its checks from there). When the text stops inside it, end is the end of the
	 * text. */
	ZS_JSTREAM_ELEMENT,
	/* a string where none may stand, at [start, end) (end of the text when unterminated):
	 * the text fails at start, with the string's own error if it has one, else syntax */
	ZS_JSTREAM_BAD_STRING,
	/* the text ended well; outcome tells what the path found */
	ZS_JSTREAM_END,
	/* error at err_pos */
	ZS_JSTREAM_ERROR,
} zs_jstream_event;

typedef enum {
	ZS_JSTREAM_FOUND = 0,         /* the target was a container: its elements were given */
	ZS_JSTREAM_NOT_FOUND = 1,     /* the path is not there */
	ZS_JSTREAM_NOT_CONTAINER = 2, /* the path leads to a scalar */
} zs_jstream_outcome;

/* Member names: how the caller answers a KEY event. */
typedef enum {
	ZS_JSTREAM_KEY_CHECK = 0,  /* outside the path: only check it */
	ZS_JSTREAM_KEY_PATH = 1,   /* in an object on the path: compare with path token `level` */
	ZS_JSTREAM_KEY_TARGET = 2, /* a member of the target: the next ELEMENT's name */
} zs_jstream_key_role;

typedef struct zs_jstream_frame {
	size_t bstack; /* ext/json's parser-stack size before the opening bracket */
	size_t count;  /* elements (or members) begun */
	unsigned char object;
	unsigned char role;     /* on the path, the target, or neither */
	unsigned char found;    /* on the path: the member or element the path names was met */
	unsigned char bad_name; /* the member being read has a name the caller refused */
} zs_jstream_frame;

typedef struct zs_jstream {
	/* set by zs_jstream_init */
	const zs_alloc *alloc;
	const size_t *index; /* per path level: the array index its token names, or SIZE_MAX */
	size_t path_len;
	size_t max_depth;
	bool bigint_keys;
	/* scanner state */
	int state;
	size_t pos; /* next byte to read */
	size_t tok; /* start of the token or element being read */
	size_t bs;  /* ext/json's parser-stack size where the next value or key starts */
	int cap_kind;
	size_t cap_depth;
	bool cap_str; /* in a string inside the element */
	bool on_path; /* the value starting at pos is the one the path names at level ftop */
	bool key_match;
	int outcome;
	zs_jstream_frame *frames;
	size_t ftop, fcap;
	/* the event: read after each call */
	size_t start, end;
	size_t index_out; /* ELEMENT: its index; KEY: the path level of a KEY_PATH name */
	size_t levels;    /* ELEMENT: containers around it, the root's included */
	size_t stack;     /* ELEMENT: ext/json's parser-stack size where it starts */
	int key_role;     /* KEY */
	bool atom;        /* KEY: a bare integer name */
	int err;
	size_t err_pos;
} zs_jstream;

/* Sets up st for a text whose first byte is at offset 0. index[0..path_len) is kept, not
 * copied. max_depth is jsond_decode()'s $depth; bigint_keys: JSON_BIGINT_AS_STRING (a bare
 * big integer may stand as a member name, as ext/json reads it). */
void zs_jstream_init(zs_jstream *st, const zs_alloc *alloc, const size_t *index, size_t path_len,
                     size_t max_depth, bool bigint_keys);
/* Releases the stack. */
void zs_jstream_free(zs_jstream *st);

/* Scans on from where the last call stopped, over data[0..len) (data[0] at offset data_pos,
 * which is never after zs_jstream_keep(), and data holds every byte from there to the end of
 * what is known), up to the next event. eof: no bytes follow data. After END or ERROR every
 * call returns the same event. The allocator failing (malloc-backed) is a depth error. */
zs_jstream_event zs_jstream_next(zs_jstream *st, const unsigned char *data, size_t data_pos,
                                 size_t len, bool eof);

/* The answer to a KEY event: match (KEY_PATH: the name is the path's token at that level) and
 * bad (the caller refuses the name: the text fails with ZS_JSTREAM_E_PROPERTY_NAME right
 * after the member's value, unless an error comes first, as ext/json does in object mode). */
void zs_jstream_key(zs_jstream *st, bool match, bool bad);

/* True when the decoder is sure to accept the token p[0..len) as a value (or a member name):
 * a number of JSON's grammar, true, false or null, or a string of printable ASCII without
 * a backslash. Anything else must be checked by the decoder itself. */
bool zs_jstream_plain(const unsigned char *p, size_t len);

/* Offset of the first byte a later call may still read. */
size_t zs_jstream_keep(const zs_jstream *st);

#endif /* ZS_JSON_STREAM_H */
