/* zser — SPDX-License-Identifier: MIT
 *
 * The quick JSON check (zs_json_valid.h). Each 64-byte block is classified into bit masks,
 * one bit per byte; the string regions follow from the quotes that no backslash escapes
 * (a prefix XOR of the quote bits, carried from block to block); inside them a control byte,
 * a bad escape or a lone surrogate escape ends the check, and the UTF-8 of the whole text is
 * checked by the vector pair rule of zs_utf8.h. The structural bytes then drive the grammar,
 * whose state lives across blocks. Every byte outside the strings is whitespace, a
 * structural byte the grammar took, or part of a number or literal whose whole token (up to
 * the next whitespace, punctuation or quote) was read: anything else stops the check.
 */
#include "zs_json_valid.h"
#include "zs_json_lex.h"
#include "zs_utf8.h"

#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_AVX2_PATH 1
#include <immintrin.h>
#endif

/* One block's bytes, as masks (bit i: byte i). */
typedef struct {
	uint64_t quote, bslash, space, punct, ctrl;
	/* set only for blocks with an escape: bytes a backslash may escape, and 'u' among them */
	uint64_t escapable, u;
	uint64_t high; /* AVX2 only: bytes >= 0x80 */
} block_masks;

/* The escapable bytes, classified by nibbles as zs_utf8.h classifies byte pairs: a byte is
 * '"', '\\', '/', 'b', 'f', 'n', 'r', 't' or 'u' where the entries of its high and low nibble
 * share a bit, 'u' where they share bit 4. */
static const unsigned char escape_hi[16] = {0, 0, 0x01, 0, 0, 0x02, 0x04, 0x18};
static const unsigned char escape_lo[16] = {0, 0, 0x0D, 0, 0x08, 0x10, 0x04, 0,
                                            0, 0, 0,    0, 0x02, 0,    0x04, 0x01};

enum { S_VALUE, S_ARRAY_FIRST, S_OBJECT_FIRST, S_KEY, S_COLON, S_AFTER };

/* Blocks classified before the grammar walks them: a tight vector loop, then a branchy one.
 * 128 rather than 64 (8 KiB of text, a KiB of masks): each chunk costs two calls and the
 * carries copied in and out; 3-4% less time on twitter.json, gsoc-2018.json and
 * citm_catalog.json on an AVX2 core, where 32 took 2-4% more. */
#define CHUNK_BLOCKS 128

/* A chunk after one with this many blocks with escapes (of CHUNK_BLOCKS) is classified dense
 * (blocks512(), blocks_avx2_body()). gsoc-2018.json's chunks have 4 to 50 (most 10 to 30): with
 * AVX-512, dense after 12, 9% less time; after 8 about the same; twitter.json's (most 4 to 11),
 * update-center.json's (most 2 to 6) and github_events.json's unchanged. */
#define DENSE_ESCAPES 12

/* What one block leaves the next. */
typedef struct {
	uint64_t escaped_next; /* 1: the next block's first byte is escaped */
	uint64_t in_string;    /* all ones: the next block starts inside a string */
	uint64_t scalar_last;  /* 1: the block ended inside a number or literal */
	uint64_t bad;          /* non-zero: something the check refuses */
} carry;

/* The grammar, across chunks. */
typedef struct {
	unsigned state;
	uint32_t depth, max_depth;
	unsigned char is_object[ZS_JSON_FAST_DEPTH];
} grammar;

/* Bytes that may follow a number or literal: whitespace, punctuation, brackets, a quote. */
static const unsigned char ends_scalar[256] = {
        ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [' '] = 1, ['"'] = 1, [','] = 1,
        [':'] = 1,  ['['] = 1,  [']'] = 1,  ['{'] = 1, ['}'] = 1,
};

ZS_INLINE bool is_digit(unsigned char c)
{
	return (unsigned)(c - '0') < 10;
}

/* The first byte at or after p that is not a digit (the NUL at end stops it): eight at a time
 * while eight remain. A byte is a digit when its high nibble is 3 and adding 6 leaves it 3; a
 * carry out of a byte that is no digit only reaches the bytes after it. */
ZS_INLINE const unsigned char *skip_digits(const unsigned char *p, const unsigned char *end)
{
	const uint64_t highs = 0xF0F0F0F0F0F0F0F0ULL, threes = 0x3030303030303030ULL;
	const uint64_t sixes = 0x0606060606060606ULL;

	while (end - p >= 8) {
		uint64_t x, other;
		memcpy(&x, p, 8);
		other = ((x & highs) ^ threes) | (((x + sixes) & highs) ^ threes);
		if (other) {
			return p + zs_json_ctz(other) / 8;
		}
		p += 8;
	}
	while (is_digit(*p)) {
		p++;
	}
	return p;
}

/* The number or literal starting at pos, as ext/json's scanner reads one token: true when
 * it is whole and ends at a byte of ends_scalar or at the end. */
ZS_INLINE bool scalar_ok(const unsigned char *text, size_t len, size_t pos)
{
	const unsigned char *p = text + pos, *end = text + len;

	switch (*p) {
	case 't':
		if (end - p < 4 || memcmp(p, "true", 4) != 0) {
			return false;
		}
		p += 4;
		break;
	case 'f':
		if (end - p < 5 || memcmp(p, "false", 5) != 0) {
			return false;
		}
		p += 5;
		break;
	case 'n':
		if (end - p < 4 || memcmp(p, "null", 4) != 0) {
			return false;
		}
		p += 4;
		break;
	default:
		/* every step stops at the NUL after the text */
		if (*p == '-') {
			p++;
		}
		if (*p == '0') {
			p++;
		} else if (*p >= '1' && *p <= '9') {
			p = skip_digits(p + 1, end);
		} else {
			return false;
		}
		if (*p == '.') {
			p++;
			if (!is_digit(*p)) {
				return false;
			}
			p = skip_digits(p + 1, end);
		}
		if ((*p | 0x20) == 'e') {
			p++;
			if (*p == '+' || *p == '-') {
				p++;
			}
			if (!is_digit(*p)) {
				return false;
			}
			p = skip_digits(p + 1, end);
		}
	}
	return p == end || ends_scalar[*p];
}

ZS_INLINE int hex_value(unsigned char c)
{
	if (is_digit(c)) {
		return c - '0';
	}
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The code unit of the four hex digits at p (p + 4 <= end), or -1. */
static int hex4(const unsigned char *p)
{
	int a = hex_value(p[0]), b = hex_value(p[1]), c = hex_value(p[2]), d = hex_value(p[3]);
	return (a | b | c | d) < 0 ? -1 : a << 12 | b << 8 | c << 4 | d;
}

/* The \\u escapes of a block at base (bit i: the 'u' of one at base + i): four hex digits, a
 * high surrogate followed by a \\u low one, a low one only there (*low_due: where the 'u' of
 * the low one due is). */
static bool u_escapes_ok(const unsigned char *text, size_t len, size_t base, uint64_t u,
                         size_t *low_due)
{
	while (u) {
		size_t pos = base + zs_json_ctz(u);
		int cu;
		u &= u - 1;
		if (len - pos < 5 || (cu = hex4(text + pos + 1)) < 0) {
			return false;
		}
		if (cu >= 0xD800 && cu <= 0xDBFF) {
			int low;
			if (len - pos < 11 || text[pos + 5] != '\\' || text[pos + 6] != 'u' ||
			    (low = hex4(text + pos + 7)) < 0xDC00 || low > 0xDFFF) {
				return false;
			}
			*low_due = pos + 6;
		} else if (cu >= 0xDC00 && cu <= 0xDFFF && pos != *low_due) {
			return false;
		}
	}
	return true;
}

#define EVEN_BITS 0x5555555555555555ULL

/* The bytes of a block that a backslash escapes and that are not backslashes themselves (bit
 * i: byte i follows a run of backslashes of odd length, counted from the first that nothing
 * escapes). Adding a run's first bit to the backslash bits carries past the run's end: from a
 * run starting at an even bit, the end is escaped when it is odd, and the other way round.
 * Sets k->escaped_next for a run of odd length reaching the block's end. */
ZS_INLINE uint64_t escaped_bytes(carry *k, uint64_t bslash)
{
	uint64_t b = bslash & ~k->escaped_next, starts = b & ~(b << 1), from_even, from_odd;
	uint64_t first = k->escaped_next & ~bslash;

	from_even = (b + (starts & EVEN_BITS)) & ~b & ~EVEN_BITS;
	k->escaped_next = __builtin_add_overflow(b, starts & ~EVEN_BITS, &from_odd);
	return (from_odd & ~b & EVEN_BITS) | from_even | first;
}

/* Bit i: the XOR of bits 0..i (of the quote bits: byte i is an opening quote or inside a
 * string). Vector paths use a carry-less multiply instead. */
ZS_INLINE uint64_t prefix_xor(uint64_t x)
{
	x ^= x << 1;
	x ^= x << 2;
	x ^= x << 4;
	x ^= x << 8;
	x ^= x << 16;
	x ^= x << 32;
	return x;
}

/* The quotes of a block that no backslash escapes, its escapes checked. Only for a block
 * with a backslash, or after one (m->escapable and m->u are set). */
ZS_INLINE uint64_t block_quotes(carry *k, const unsigned char *text, size_t len, size_t base,
                                const block_masks *m, size_t *low_due)
{
	uint64_t escaped = escaped_bytes(k, m->bslash);
	k->bad |= escaped & ~m->escapable;
	if (ZS_UNLIKELY(escaped & m->u) && !u_escapes_ok(text, len, base, escaped & m->u, low_due)) {
		k->bad = 1;
	}
	return m->quote & ~escaped;
}

/* The structural bytes of a block for the grammar: punctuation outside strings, opening
 * quotes, the first byte of each number or literal. px: prefix_xor(quote). */
ZS_INLINE uint64_t block_todo(carry *k, const block_masks *m, uint64_t quote, uint64_t px)
{
	/* the opening quote and the bytes inside, not the closing quote */
	uint64_t inside = px ^ k->in_string, strings, scalar, todo;

	k->in_string = (uint64_t)((int64_t)inside >> 63);
	k->bad |= m->ctrl & inside;
	strings = inside | quote;
	scalar = ~(strings | m->space | m->punct);
	todo = (m->punct & ~strings) | (quote & inside) | (scalar & ~(scalar << 1 | k->scalar_last));
	k->scalar_last = scalar >> 63;
	return todo;
}

/* Walks the structural bytes of n blocks from base through the grammar. False: not known
 * valid. */
static bool walk(grammar *g, const unsigned char *text, size_t len, const uint64_t *todo, size_t n,
                 size_t base)
{
	unsigned state = g->state;
	uint32_t depth = g->depth;
	/* the innermost container, kept out of the stack for the ',' and closing bracket after
	 * each value */
	bool in_object = depth > 0 && g->is_object[depth - 1];
	size_t b;

	for (b = 0; b < n; b++, base += 64) {
		uint64_t t = todo[b];
		const unsigned char *block = text + base;
		while (t) {
			size_t at = zs_json_ctz(t);
			unsigned char ch = block[at];
			t &= t - 1;
			/* every state a case of its own and no default: GCC's jump table then needs no
			 * range test before it */
			switch (state) {
			case S_ARRAY_FIRST:
				if (ch == ']') {
					depth--;
					in_object = depth > 0 && g->is_object[depth - 1];
					state = S_AFTER;
					break;
				}
				/* fall through */
			case S_VALUE:
				if (ch == '"') {
					state = S_AFTER;
				} else if (ch == '[' || ch == '{') {
					if (depth >= g->max_depth) {
						return false;
					}
					in_object = ch == '{';
					g->is_object[depth++] = in_object;
					state = in_object ? S_OBJECT_FIRST : S_ARRAY_FIRST;
				} else if (scalar_ok(text, len, base + at)) {
					state = S_AFTER;
				} else {
					return false;
				}
				break;
			case S_OBJECT_FIRST:
				if (ch == '}') {
					depth--;
					in_object = depth > 0 && g->is_object[depth - 1];
					state = S_AFTER;
					break;
				}
				/* fall through */
			case S_KEY:
				if (ch != '"') {
					return false;
				}
				state = S_COLON;
				break;
			case S_COLON:
				if (ch != ':') {
					return false;
				}
				state = S_VALUE;
				break;
			case S_AFTER:
				if (depth == 0) {
					return false;
				}
				if (ch == ',') {
					state = in_object ? S_KEY : S_VALUE;
				} else if (ch == (in_object ? '}' : ']')) {
					depth--;
					in_object = depth > 0 && g->is_object[depth - 1];
				} else {
					return false;
				}
				break;
			default:
				__builtin_unreachable();
			}
		}
	}
	g->state = state;
	g->depth = depth;
	return true;
}

static void start(carry *k, grammar *g, uint32_t max_depth)
{
	memset(k, 0, sizeof(*k));
	g->state = S_VALUE;
	g->depth = 0;
	g->max_depth = max_depth < ZS_JSON_FAST_DEPTH ? max_depth : ZS_JSON_FAST_DEPTH;
}

/* After the last block: one whole value, no string left open, nothing refused. */
static bool finished(const carry *k, const grammar *g)
{
	return g->state == S_AFTER && g->depth == 0 && k->in_string == 0 && k->escaped_next == 0 &&
	       k->bad == 0;
}

/* The last len % 64 bytes (maybe none), padded with spaces: every text ends with such a
 * block, so a UTF-8 sequence cut at the end meets ASCII after it. */
static const unsigned char *tail_block(const unsigned char *text, size_t len, size_t base,
                                       unsigned char *pad)
{
	memset(pad, ' ', 64);
	memcpy(pad, text + base, len - base);
	return pad;
}

/* How far ahead of the block being classified its bytes are asked for. The classifiers read
 * faster than the hardware's own prefetch brings a text that is not in the core's cache (a
 * text of megabytes): 14% less time on gsoc-2018.json (3.3 MB), 8% on canada.json, 4% on
 * twitter.json (0.6 MB); 512 to 4096 bytes ahead all gave the same. */
#define PREFETCH_AHEAD 1024

/* The loop of every classifier, in the function that runs it (with its carry k, grammar g,
 * pad, todo, text, len and base): whole blocks from the text, then the last len % 64 bytes,
 * maybe none, padded, each through STEP(block, base); the grammar walks each chunk of
 * CHUNK_BLOCKS. Returns false from that function when a chunk is not known valid. A macro, so
 * that each classifier's step is inlined into its own loop. */
#define RUN_BLOCKS(STEP)                                              \
	for (;;) {                                                        \
		size_t first = base, n = 0, full = (len - base) / 64;         \
		if (full > CHUNK_BLOCKS) {                                    \
			full = CHUNK_BLOCKS;                                      \
		}                                                             \
		for (; n < full; n++, base += 64) {                           \
			if (len - base > PREFETCH_AHEAD) {                        \
				__builtin_prefetch(text + base + PREFETCH_AHEAD);     \
			}                                                         \
			todo[n] = STEP(text + base, base);                        \
		}                                                             \
		if (full < CHUNK_BLOCKS) {                                    \
			todo[n++] = STEP(tail_block(text, len, base, pad), base); \
		}                                                             \
		if (k.bad || !walk(&g, text, len, todo, n, first)) {          \
			return false;                                             \
		}                                                             \
		if (full < CHUNK_BLOCKS) {                                    \
			break;                                                    \
		}                                                             \
	}

/* ---- the portable classifier ---- */

static void classify_scalar(const unsigned char *p, block_masks *m)
{
	unsigned i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < 64; i++) {
		uint64_t bit = (uint64_t)1 << i;
		unsigned char ch = p[i];
		if (ch == '"') {
			m->quote |= bit;
		} else if (ch == '\\') {
			m->bslash |= bit;
		} else if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
			m->space |= bit;
		} else if (ch == ',' || ch == ':' || ch == '[' || ch == ']' || ch == '{' || ch == '}') {
			m->punct |= bit;
		}
		if (ch < 0x20) {
			m->ctrl |= bit;
		}
		if (escape_hi[ch >> 4] & escape_lo[ch & 15]) {
			m->escapable |= bit;
		}
		if (ch == 'u') {
			m->u |= bit;
		}
	}
}

/* One block: its structural bytes. */
static uint64_t step_scalar(carry *k, const unsigned char *text, size_t len,
                            const unsigned char *block, size_t base, size_t *low_due)
{
	block_masks m;
	uint64_t quote;

	classify_scalar(block, &m);
	quote = m.bslash | k->escaped_next ? block_quotes(k, text, len, base, &m, low_due) : m.quote;
	return block_todo(k, &m, quote, prefix_xor(quote));
}

static bool valid_scalar(const unsigned char *text, size_t len, uint32_t max_depth)
{
	carry k;
	grammar g;
	unsigned char pad[64];
	uint64_t todo[CHUNK_BLOCKS];
	size_t base = 0, low_due = SIZE_MAX;

	if (!zs_utf8_valid(text, len)) {
		return false;
	}
	start(&k, &g, max_depth);
#define STEP(block, at) step_scalar(&k, text, len, (block), (at), &low_due)
	RUN_BLOCKS(STEP)
#undef STEP
	return finished(&k, &g);
}

/* ---- AVX2 ---- */

#ifdef HAVE_AVX2_PATH
#define AVX2 __attribute__((target("avx2")))

static inline __attribute__((always_inline)) AVX2 __m256i broadcast16(const unsigned char *t)
{
	return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)t));
}

static inline __attribute__((always_inline)) AVX2 uint64_t masks64(__m256i a, __m256i b)
{
	return (uint32_t)_mm256_movemask_epi8(a) | (uint64_t)(uint32_t)_mm256_movemask_epi8(b) << 32;
}

/* Whitespace by the low nibble (space 0x20, tab 0x09, LF 0x0A, CR 0x0D: one per nibble);
 * punctuation by the low nibble of the byte with bit 0x20 set (',' ':' '{' '}', which '['
 * and ']' become). Control bytes 0x0C and 0x1A pass the second as ',' and ':' would: they
 * are taken for punctuation, which the grammar refuses. Bytes >= 0x80 look up 0. */
static const unsigned char space_table[16] = {' ', 0, 0, 0, 0, 0, 0, 0, 0, '\t', '\n', 0, 0, '\r'};
static const unsigned char punct_table[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ':', '{', ',', '}'};

/* The classifier's constants, built once and kept in registers: built anew in each block,
 * as the compiler otherwise chooses, they cost eleven instructions a block. */
typedef struct {
	__m256i quote, bslash, spaces, puncts, lower;
} class_consts;

static inline __attribute__((always_inline)) AVX2 void class_consts_init(class_consts *c)
{
	c->quote = _mm256_set1_epi8('"');
	c->bslash = _mm256_set1_epi8('\\');
	c->spaces = broadcast16(space_table);
	c->puncts = broadcast16(punct_table);
	c->lower = _mm256_set1_epi8(0x20);
	/* opaque from here on, so that no use rebuilds them from their values */
	__asm__("" : "+x"(c->quote), "+x"(c->bslash), "+x"(c->spaces), "+x"(c->puncts), "+x"(c->lower));
}

static inline __attribute__((always_inline)) AVX2 void
classify_avx2(const class_consts *c, const unsigned char *p, block_masks *m, __m256i *a, __m256i *b)
{
	__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
	__m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));

	*a = x;
	*b = y;
	m->quote = masks64(_mm256_cmpeq_epi8(x, c->quote), _mm256_cmpeq_epi8(y, c->quote));
	m->bslash = masks64(_mm256_cmpeq_epi8(x, c->bslash), _mm256_cmpeq_epi8(y, c->bslash));
	m->space = masks64(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(c->spaces, x), x),
	                   _mm256_cmpeq_epi8(_mm256_shuffle_epi8(c->spaces, y), y));
	m->punct = masks64(
	        _mm256_cmpeq_epi8(_mm256_shuffle_epi8(c->puncts, x), _mm256_or_si256(x, c->lower)),
	        _mm256_cmpeq_epi8(_mm256_shuffle_epi8(c->puncts, y), _mm256_or_si256(y, c->lower)));
	/* a signed compare takes the bytes below 0x20 with those >= 0x80, which their sign bits
	 * (the mask the UTF-8 check wants anyway) set apart: one instruction a half, not two */
	m->high = masks64(x, y);
	m->ctrl = masks64(_mm256_cmpgt_epi8(c->lower, x), _mm256_cmpgt_epi8(c->lower, y)) & ~m->high;
}

/* m->escapable and m->u of the block a, b. */
static inline __attribute__((always_inline)) AVX2 void escapes_avx2(__m256i a, __m256i b,
                                                                    block_masks *m)
{
	const __m256i hi_t = broadcast16(escape_hi), lo_t = broadcast16(escape_lo);
	const __m256i low4 = _mm256_set1_epi8(0x0F), zero = _mm256_setzero_si256();
	__m256i ca = _mm256_and_si256(
	        _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(a, 4), low4)),
	        _mm256_shuffle_epi8(lo_t, _mm256_and_si256(a, low4)));
	__m256i cb = _mm256_and_si256(
	        _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(b, 4), low4)),
	        _mm256_shuffle_epi8(lo_t, _mm256_and_si256(b, low4)));
	__m256i u = _mm256_set1_epi8(0x10);
	m->escapable = ~masks64(_mm256_cmpeq_epi8(ca, zero), _mm256_cmpeq_epi8(cb, zero));
	m->u = ~masks64(_mm256_cmpeq_epi8(_mm256_and_si256(ca, u), zero),
	                _mm256_cmpeq_epi8(_mm256_and_si256(cb, u), zero));
}

static inline __attribute__((always_inline, target("pclmul"))) uint64_t clmul_prefix_xor(uint64_t x)
{
	return (uint64_t)_mm_cvtsi128_si64(
	        _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)x), _mm_set1_epi8((char)0xFF), 0));
}

/* What the AVX2 loop carries from block to block. */
typedef struct {
	__m256i prev, err; /* the last 32 bytes, and UTF-8 errors so far */
	bool prev_high;    /* the last block had a byte >= 0x80 */
} v256;

/* The UTF-8 tables, loaded in each block that needs them: the compiler otherwise keeps them
 * in three registers across the loop and moves the classifier's constants to the stack,
 * whence they were read back in every block. */
static inline __attribute__((always_inline)) AVX2 zs_utf8_kl32 utf8_tables(void)
{
	const unsigned char *hi1 = zs_utf8_pair_hi1, *lo1 = zs_utf8_pair_lo1, *hi2 = zs_utf8_pair_hi2;
	zs_utf8_kl32 t;

	__asm__("" : "+r"(hi1), "+r"(lo1), "+r"(hi2));
	t.hi1 = broadcast16(hi1);
	t.lo1 = broadcast16(lo1);
	t.hi2 = broadcast16(hi2);
	return t;
}

/* Non-zero where the 32 bytes at prev end inside a UTF-8 sequence: a lead byte of four among
 * the last three, of three among the last two, of two as the last. */
static inline __attribute__((always_inline)) AVX2 __m256i cut_at_end(__m256i prev)
{
	static const unsigned char room[32] = {
	        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,     0xFF,     0xFF,     0xFF,
	        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,     0xFF,     0xFF,     0xFF,
	        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0 - 1, 0xE0 - 1, 0xC0 - 1,
	};
	return _mm256_subs_epu8(prev, _mm256_loadu_si256((const __m256i *)(const void *)room));
}

/* The escapes of a chunk, as for AVX-512 (escapes512): in a dense chunk, the blocks with
 * escaped bytes, checked after its loop; in either, the count of blocks with escapes. */
typedef struct {
	const unsigned char *block[CHUNK_BLOCKS];
	size_t base[CHUNK_BLOCKS];
	uint64_t escaped[CHUNK_BLOCKS];
	size_t listed, n_escaped;
} dense256;

/* One block: its structural bytes. */
static inline __attribute__((always_inline, target("avx2,pclmul"))) uint64_t
step256(const class_consts *c, v256 *v, carry *k, const unsigned char *text, size_t len,
        const unsigned char *block, size_t base, size_t *low_due, const bool dense, dense256 *d)
{
	block_masks m;
	__m256i a, b;
	uint64_t quote;
	bool high;

	classify_avx2(c, block, &m, &a, &b);
	__asm__("" : "+r"(m.quote), "+r"(m.bslash), "+r"(m.space), "+r"(m.punct), "+r"(m.ctrl));
	/* a block after one with a byte >= 0x80 is checked too: it must finish a sequence the
	 * other cut. This branch and the one for escapes are marked unlikely (they are the rarer
	 * blocks in every corpus of the bench) so that GCC keeps the classifier's constants in
	 * registers and spills what the rarer blocks need instead: four constants fewer read
	 * back from the stack in each block. */
	high = m.high != 0;
	if (ZS_UNLIKELY(high)) {
		zs_utf8_kl32 t = utf8_tables();
		v->err = _mm256_or_si256(v->err, _mm256_or_si256(zs_utf8_errors32(&t, a, v->prev),
		                                                 zs_utf8_errors32(&t, b, a)));
	} else if (ZS_UNLIKELY(v->prev_high)) {
		/* ASCII after a block with bytes >= 0x80: wrong only where that block ends inside a
		 * sequence */
		v->err = _mm256_or_si256(v->err, cut_at_end(v->prev));
	}
	v->prev = b;
	v->prev_high = high;
	quote = m.quote;
	if (dense) {
		uint64_t escaped = m.bslash << 1 | k->escaped_next;
		if (ZS_UNLIKELY((m.bslash & escaped) != 0)) {
			escaped = escaped_bytes(k, m.bslash);
		} else {
			k->escaped_next = m.bslash >> 63;
		}
		d->block[d->listed] = block;
		d->base[d->listed] = base;
		d->escaped[d->listed] = escaped;
		d->listed += escaped != 0;
		quote &= ~escaped;
	} else if (ZS_UNLIKELY(m.bslash | k->escaped_next)) {
		escapes_avx2(a, b, &m);
		quote = block_quotes(k, text, len, base, &m, low_due);
		d->n_escaped++;
	}
	return block_todo(k, &m, quote, clmul_prefix_xor(quote));
}

/* The structural bytes of n blocks from text + base into todo. Out of line, with the carries
 * copied into locals, so that they live in registers: in the loop of valid_avx2() they were
 * stored to the stack and read back every block. Escapes sparse or dense, as blocks512()
 * says: gsoc-2018.json in 0.92 of the time with AVX2 on the AVX-512 Xeon, twitter.json and
 * citm_catalog.json unchanged. */
static inline __attribute__((always_inline, target("avx2,pclmul"))) void
blocks_avx2_body(v256 *vp, carry *kp, const unsigned char *text, size_t len, size_t base, size_t n,
                 uint64_t *todo, size_t *low_due, dense256 *d, const bool dense)
{
	v256 v = *vp;
	carry k = *kp;
	class_consts c;
	const unsigned char *p = text + base, *end = p + n * 64;
	size_t i;

	class_consts_init(&c);
	d->listed = 0;
	for (; p < end; p += 64, base += 64) {
		/* past the text's end too: an x86 prefetch never faults, and the test cost more */
		__builtin_prefetch((const void *)((uintptr_t)p + PREFETCH_AHEAD));
		*todo++ = step256(&c, &v, &k, text, len, p, base, low_due, dense, d);
	}
	for (i = 0; dense && i < d->listed; i++) {
		block_masks m;
		__m256i a = _mm256_loadu_si256((const __m256i *)(const void *)d->block[i]);
		__m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(d->block[i] + 32));
		uint64_t escaped = d->escaped[i];
		escapes_avx2(a, b, &m);
		k.bad |= escaped & ~m.escapable;
		if (ZS_UNLIKELY(escaped & m.u) &&
		    !u_escapes_ok(text, len, d->base[i], escaped & m.u, low_due)) {
			k.bad = 1;
		}
	}
	d->n_escaped += d->listed;
	*vp = v;
	*kp = k;
}

static __attribute__((target("avx2,pclmul"), noinline)) void
blocks_avx2(v256 *vp, carry *kp, const unsigned char *text, size_t len, size_t base, size_t n,
            uint64_t *todo, size_t *low_due, dense256 *d)
{
	blocks_avx2_body(vp, kp, text, len, base, n, todo, low_due, d, false);
}

static __attribute__((target("avx2,pclmul"), noinline)) void
blocks_avx2_dense(v256 *vp, carry *kp, const unsigned char *text, size_t len, size_t base, size_t n,
                  uint64_t *todo, size_t *low_due, dense256 *d)
{
	blocks_avx2_body(vp, kp, text, len, base, n, todo, low_due, d, true);
}

static __attribute__((target("avx2,pclmul"))) bool valid_avx2(const unsigned char *text, size_t len,
                                                              uint32_t max_depth)
{
	v256 v;
	carry k;
	grammar g;
	class_consts c;
	unsigned char pad[64];
	uint64_t todo[CHUNK_BLOCKS];
	size_t base = 0, low_due = SIZE_MAX;
	dense256 d;
	bool dense = false;

	class_consts_init(&c);
	v.prev = _mm256_setzero_si256();
	v.err = _mm256_setzero_si256();
	v.prev_high = false;
	start(&k, &g, max_depth);
	for (;;) {
		size_t first = base, n = (len - base) / 64;
		bool last = n < CHUNK_BLOCKS;
		if (!last) {
			n = CHUNK_BLOCKS;
		}
		d.n_escaped = 0;
		if (dense) {
			blocks_avx2_dense(&v, &k, text, len, base, n, todo, &low_due, &d);
		} else {
			blocks_avx2(&v, &k, text, len, base, n, todo, &low_due, &d);
		}
		dense = d.n_escaped >= DENSE_ESCAPES;
		base += n * 64;
		if (last) {
			todo[n++] = step256(&c, &v, &k, text, len, tail_block(text, len, base, pad), base,
			                    &low_due, false, &d);
		}
		if (k.bad || !walk(&g, text, len, todo, n, first)) {
			return false;
		}
		if (last) {
			return _mm256_testz_si256(v.err, v.err) && finished(&k, &g);
		}
	}
}

/* ---- AVX-512 (BW): the same, a block a register, masks straight from the compares ---- */

#define AVX512 __attribute__((target("avx512f,avx512bw,pclmul")))

static inline __attribute__((always_inline)) AVX512 __m512i broadcast16x4(const unsigned char *t)
{
	return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)t));
}

static inline __attribute__((always_inline)) AVX512 __m512i utf8_errors64(const __m512i *t,
                                                                          __m512i in, __m512i prev)
{
	const __m512i nib = _mm512_set1_epi8(0x0F);
	/* the 16 bytes before each 16 of in: the last lane of prev, then in's first three */
	__m512i before =
	        _mm512_permutex2var_epi64(prev, _mm512_setr_epi64(6, 7, 8, 9, 10, 11, 12, 13), in);
	__m512i prev1 = _mm512_alignr_epi8(in, before, 15);
	__m512i prev2 = _mm512_alignr_epi8(in, before, 14);
	__m512i prev3 = _mm512_alignr_epi8(in, before, 13);
	__m512i cls = _mm512_and_si512(
	        _mm512_and_si512(
	                _mm512_shuffle_epi8(t[0], _mm512_and_si512(_mm512_srli_epi16(prev1, 4), nib)),
	                _mm512_shuffle_epi8(t[1], _mm512_and_si512(prev1, nib))),
	        _mm512_shuffle_epi8(t[2], _mm512_and_si512(_mm512_srli_epi16(in, 4), nib)));
	__mmask64 due = _mm512_cmpgt_epu8_mask(prev2, _mm512_set1_epi8((char)(0xE0 - 1))) |
	                _mm512_cmpgt_epu8_mask(prev3, _mm512_set1_epi8((char)(0xF0 - 1)));
	return _mm512_xor_si512(cls, _mm512_maskz_mov_epi8(due, _mm512_set1_epi8((char)0x80)));
}

/* What the AVX-512 block loop leaves the next chunk. */
typedef struct {
	__m512i prev, err; /* the last block, and UTF-8 errors so far */
	uint64_t in_string, scalar_last, escaped_next, bad, prev_high;
} run512;

/* Escapes a chunk's blocks leave to be checked after its loop, in the text's order. */
typedef struct {
	/* \u escapes (bit i: the 'u' of one at base + i): a call inside the block loop made GCC
	 * keep the loop's vector constants on the stack */
	size_t u_base[CHUNK_BLOCKS + 1];
	uint64_t u[CHUNK_BLOCKS + 1];
	size_t n_u;
	/* the blocks with escaped bytes, in a chunk classified without a branch on escapes */
	const unsigned char *block[CHUNK_BLOCKS];
	size_t base[CHUNK_BLOCKS];
	uint64_t escaped[CHUNK_BLOCKS];
	/* blocks with escapes so far in the chunk; a memory counter, as one more register in the
	 * loop cost twitter.json 3-4% (spilled elsewhere) */
	size_t n_escaped;
} escapes512;

#define TARGET_AVX512_BMI __attribute__((target("avx512f,avx512bw,pclmul,bmi,bmi2")))

/* The escapes of block x at base (escaped: the bytes a backslash escapes): the bytes no
 * backslash may escape, which the check refuses; the \u escapes go to e->u. */
static inline __attribute__((always_inline)) TARGET_AVX512_BMI uint64_t
escape_errors512(__m512i x, uint64_t escaped, size_t base, escapes512 *e)
{
	const __m512i low4 = _mm512_set1_epi8(0x0F);
	__m512i cls = _mm512_and_si512(
	        _mm512_shuffle_epi8(broadcast16x4(escape_hi),
	                            _mm512_and_si512(_mm512_srli_epi16(x, 4), low4)),
	        _mm512_shuffle_epi8(broadcast16x4(escape_lo), _mm512_and_si512(x, low4)));
	uint64_t u = escaped & _mm512_test_epi8_mask(cls, _mm512_set1_epi8(0x10));
	if (ZS_UNLIKELY(u != 0)) {
		e->u_base[e->n_u] = base;
		e->u[e->n_u++] = u;
	}
	return escaped & ~(uint64_t)_mm512_test_epi8_mask(cls, cls);
}

/* The structural bytes of n blocks from p (at base in the text) into todo. Every carry is a
 * local and the masks stay in general registers (BMI's and-not): the loop that kept them in a
 * struct, inlined into its caller, stored and reloaded the string and scalar carries in every
 * block and moved masks between mask and general registers, 80 instructions a block where
 * this takes about 60.
 *
 * Escapes two ways. Sparse: a block with a backslash, or after one, takes a branch that
 * finds what they escape and checks it; the branch is mispredicted about as often as it is
 * taken where such blocks are scattered (gsoc-2018.json: one block in six). Dense: every
 * block takes the escaped bytes as those after a backslash, a shift, unless a backslash is
 * itself escaped (a run of them: the sparse path's count then); the blocks with escaped bytes
 * are listed and checked after the loop. */
static inline __attribute__((always_inline)) TARGET_AVX512_BMI void
blocks512(run512 *r, escapes512 *e, const unsigned char *p, size_t base, size_t n, uint64_t *todo,
          const bool dense)
{
	const __m512i spaces = broadcast16x4(space_table), puncts = broadcast16x4(punct_table);
	const __m512i x20 = _mm512_set1_epi8(0x20), quote_byte = _mm512_set1_epi8('"');
	const __m512i bslash_byte = _mm512_set1_epi8('\\'), ctrl_top = _mm512_set1_epi8(0x1F);
	uint64_t in_string = r->in_string, scalar_last = r->scalar_last;
	uint64_t escaped_next = r->escaped_next, bad = r->bad, prev_high = r->prev_high;
	__m512i prev = r->prev, err = r->err;
	size_t i, listed = 0;

	for (i = 0; i < n; i++, p += 64, base += 64) {
		__m512i x = _mm512_loadu_si512((const void *)p);
		uint64_t quote, bslash, ctrl, punct, sep, high, inside, strings, scalar;
		__mmask64 pk, sk;

		/* past the text's end too: an x86 prefetch never faults */
		__builtin_prefetch((const void *)((uintptr_t)p + PREFETCH_AHEAD));
		quote = _mm512_cmpeq_epi8_mask(x, quote_byte);
		ctrl = _mm512_cmple_epu8_mask(x, ctrl_top);
		pk = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(puncts, x), _mm512_or_si512(x, x20));
		sk = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(spaces, x), x);
		punct = pk;
		sep = _kor_mask64(pk, sk);
		/* a block after one with a byte >= 0x80 is checked too: it must finish a sequence the
		 * other cut */
		high = _mm512_movepi8_mask(x);
		if (ZS_UNLIKELY((high | prev_high) != 0)) {
			const __m512i t[3] = {broadcast16x4(zs_utf8_pair_hi1), broadcast16x4(zs_utf8_pair_lo1),
			                      broadcast16x4(zs_utf8_pair_hi2)};
			err = _mm512_or_si512(err, utf8_errors64(t, x, prev));
		}
		prev_high = high;
		prev = x;
		bslash = _mm512_cmpeq_epi8_mask(x, bslash_byte);
		if (dense) {
			uint64_t escaped = bslash << 1 | escaped_next;
			if (ZS_UNLIKELY((bslash & escaped) != 0)) {
				carry k;
				k.escaped_next = escaped_next;
				escaped = escaped_bytes(&k, bslash);
				escaped_next = k.escaped_next;
			} else {
				escaped_next = bslash >> 63;
			}
			e->block[listed] = p;
			e->base[listed] = base;
			e->escaped[listed] = escaped;
			listed += escaped != 0;
			quote &= ~escaped;
		} else if (ZS_UNLIKELY((bslash | escaped_next) != 0)) {
			carry k;
			uint64_t escaped;
			k.escaped_next = escaped_next;
			escaped = escaped_bytes(&k, bslash);
			escaped_next = k.escaped_next;
			bad |= escape_errors512(x, escaped, base, e);
			quote &= ~escaped;
			e->n_escaped++;
		}
		/* block_todo() with the carries in locals */
		inside = clmul_prefix_xor(quote) ^ in_string;
		in_string = (uint64_t)((int64_t)inside >> 63);
		bad |= ctrl & inside;
		strings = inside | quote;
		scalar = ~(strings | sep);
		todo[i] = (punct & ~strings) | (quote & inside) | (scalar & ~(scalar << 1 | scalar_last));
		scalar_last = scalar >> 63;
	}
	for (i = 0; i < listed; i++) {
		bad |= escape_errors512(_mm512_loadu_si512((const void *)e->block[i]), e->escaped[i],
		                        e->base[i], e);
	}
	e->n_escaped += listed;
	r->in_string = in_string;
	r->scalar_last = scalar_last;
	r->escaped_next = escaped_next;
	r->bad = bad;
	r->prev_high = prev_high;
	r->prev = prev;
	r->err = err;
}

static TARGET_AVX512_BMI __attribute__((noinline)) void blocks512_sparse(run512 *r, escapes512 *e,
                                                                         const unsigned char *p,
                                                                         size_t base, size_t n,
                                                                         uint64_t *todo)
{
	blocks512(r, e, p, base, n, todo, false);
}

static TARGET_AVX512_BMI __attribute__((noinline)) void blocks512_dense(run512 *r, escapes512 *e,
                                                                        const unsigned char *p,
                                                                        size_t base, size_t n,
                                                                        uint64_t *todo)
{
	blocks512(r, e, p, base, n, todo, true);
}

static AVX512 bool valid_avx512(const unsigned char *text, size_t len, uint32_t max_depth)
{
	run512 r;
	carry k;
	grammar g;
	escapes512 e;
	unsigned char pad[64];
	uint64_t todo[CHUNK_BLOCKS];
	size_t base = 0, low_due = SIZE_MAX;
	bool dense = false;

	start(&k, &g, max_depth);
	memset(&r, 0, sizeof(r));
	e.n_u = 0;
	for (;;) {
		size_t first = base, n = (len - base) / 64, i;
		bool last = n < CHUNK_BLOCKS;
		if (!last) {
			n = CHUNK_BLOCKS;
		}
		e.n_escaped = 0;
		if (dense) {
			blocks512_dense(&r, &e, text + base, base, n, todo);
		} else {
			blocks512_sparse(&r, &e, text + base, base, n, todo);
		}
		dense = e.n_escaped >= DENSE_ESCAPES;
		base += n * 64;
		if (last) {
			blocks512_sparse(&r, &e, tail_block(text, len, base, pad), base, 1, todo + n);
			n++;
		}
		for (i = 0; i < e.n_u; i++) {
			if (!u_escapes_ok(text, len, e.u_base[i], e.u[i], &low_due)) {
				return false;
			}
		}
		e.n_u = 0;
		if (r.bad || !walk(&g, text, len, todo, n, first)) {
			return false;
		}
		if (last) {
			k.in_string = r.in_string;
			k.escaped_next = r.escaped_next;
			return _mm512_test_epi8_mask(r.err, r.err) == 0 && finished(&k, &g);
		}
	}
}

static int have_avx512 = -1, have_avx2 = -1;

bool zs_json_valid_fast_runs(zs_json_fast_isa isa)
{
	/* the same answers whichever thread writes them */
	if (ZS_UNLIKELY(have_avx2 < 0)) {
		have_avx512 = __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("pclmul") &&
		              __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
		have_avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul");
	}
	switch (isa) {
	case ZS_JSON_FAST_SCALAR:
		return true;
	case ZS_JSON_FAST_AVX2:
		return have_avx2 != 0;
	case ZS_JSON_FAST_AVX512:
		return have_avx512 != 0;
	default:
		return have_avx2 || have_avx512;
	}
}
#else
bool zs_json_valid_fast_runs(zs_json_fast_isa isa)
{
	return isa == ZS_JSON_FAST_SCALAR;
}
#endif

bool zs_json_valid_fast(const unsigned char *text, size_t len, uint32_t max_depth,
                        zs_json_fast_isa isa)
{
#ifdef HAVE_AVX2_PATH
	if (isa == ZS_JSON_FAST_BEST) {
		isa = zs_json_valid_fast_runs(ZS_JSON_FAST_AVX512) ? ZS_JSON_FAST_AVX512
		                                                   : ZS_JSON_FAST_AVX2;
	}
	if (isa == ZS_JSON_FAST_AVX512 && zs_json_valid_fast_runs(ZS_JSON_FAST_AVX512)) {
		return valid_avx512(text, len, max_depth);
	}
	if (isa == ZS_JSON_FAST_AVX2 && zs_json_valid_fast_runs(ZS_JSON_FAST_AVX2)) {
		return valid_avx2(text, len, max_depth);
	}
#endif
	(void)isa;
	return valid_scalar(text, len, max_depth);
}
