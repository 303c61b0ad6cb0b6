/* zser — SPDX-License-Identifier: MIT
 *
 * UTF-8 decoding with PHP's recovery rules and the JSON escaping kernel (see zs_utf8.h).
 * The escape forms and the ill-formed-sequence skipping follow ext/json's
 * php_json_escape_string() and ext/standard/html.c's php_next_utf8_char(), so that
 * jsond_encode's output matches json_encode's byte for byte, INVALID_UTF8_IGNORE and
 * _SUBSTITUTE included.
 */
#include "zs_utf8.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static const char hex_lower[] = "0123456789abcdef";

/* The vector UTF-8 checks (the JSON lexer's, the escaper's) classify each pair of adjacent bytes
 * (Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte", 2021): every way a
 * pair can be wrong is one bit, and each bit is the product of a set of the first byte's high
 * nibbles, a set of its low nibbles and a set of the second byte's high nibbles, so that three
 * 16-entry table lookups (pshufb) and two ANDs give all of them at once. */
#define TOO_SHORT  0x01 /* a lead byte not followed by a continuation byte */
#define TOO_LONG   0x02 /* an ASCII byte followed by a continuation byte */
#define OVERLONG_3 0x04 /* E0 80..9F */
#define TOO_LARGE  0x08 /* F4..FF 90..BF: past U+10FFFF */
#define SURROGATE  0x10 /* ED A0..BF: U+D800..DFFF */
#define OVERLONG_2 0x20 /* C0..C1 80..BF */
#define LARGE_1000 0x40 /* F0 80..8F (overlong) and F5..FF 80..8F (past U+10FFFF) */
/* A continuation byte after a continuation byte: wrong unless it is the third or fourth
 * byte of a sequence, which the bytes two and three places back tell. */
#define TWO_CONTS  0x80

#define ANY_FIRST (TOO_SHORT | TOO_LONG | TWO_CONTS)

/* By the first byte's high nibble. */
const unsigned char zs_utf8_pair_hi1[16] = {TOO_LONG,
                                            TOO_LONG,
                                            TOO_LONG,
                                            TOO_LONG,
                                            TOO_LONG,
                                            TOO_LONG,
                                            TOO_LONG,
                                            TOO_LONG,
                                            TWO_CONTS,
                                            TWO_CONTS,
                                            TWO_CONTS,
                                            TWO_CONTS,
                                            TOO_SHORT | OVERLONG_2,
                                            TOO_SHORT,
                                            TOO_SHORT | OVERLONG_3 | SURROGATE,
                                            TOO_SHORT | TOO_LARGE | LARGE_1000};

/* By the first byte's low nibble. */
const unsigned char zs_utf8_pair_lo1[16] = {ANY_FIRST | OVERLONG_3 | OVERLONG_2 | LARGE_1000,
                                            ANY_FIRST | OVERLONG_2,
                                            ANY_FIRST,
                                            ANY_FIRST,
                                            ANY_FIRST | TOO_LARGE,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000 | SURROGATE,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000,
                                            ANY_FIRST | TOO_LARGE | LARGE_1000};

/* By the second byte's high nibble. */
#define CONT (TOO_LONG | OVERLONG_2 | TWO_CONTS)
const unsigned char zs_utf8_pair_hi2[16] = {TOO_SHORT,
                                            TOO_SHORT,
                                            TOO_SHORT,
                                            TOO_SHORT,
                                            TOO_SHORT,
                                            TOO_SHORT,
                                            TOO_SHORT,
                                            TOO_SHORT,
                                            (CONT | OVERLONG_3 | LARGE_1000),
                                            (CONT | OVERLONG_3 | TOO_LARGE),
                                            (CONT | SURROGATE | TOO_LARGE),
                                            (CONT | SURROGATE | TOO_LARGE),
                                            TOO_SHORT,
                                            TOO_SHORT,
                                            TOO_SHORT,
                                            TOO_SHORT};
#undef CONT
#undef TOO_SHORT
#undef TOO_LONG
#undef OVERLONG_3
#undef TOO_LARGE
#undef SURROGATE
#undef OVERLONG_2
#undef LARGE_1000
#undef TWO_CONTS
#undef ANY_FIRST

/* Bytes that may continue a sequence, and bytes that may start one (ASCII included):
 * PHP never folds a byte of the second kind into an ill-formed sequence. */
#define IS_TRAIL(c) ((c) >= 0x80 && (c) <= 0xBF)
#define IS_LEAD(c)  ((c) < 0x80 || ((c) >= 0xC2 && (c) <= 0xF4))

int32_t zs_utf8_decode(const unsigned char *s, size_t avail, size_t *adv)
{
	unsigned c = s[0];
	uint32_t cp;

	if (c < 0x80) {
		*adv = 1;
		return (int32_t)c;
	}
	if (c < 0xC2 || c > 0xF4) {
		*adv = 1;
		return -1;
	}
	if (c < 0xE0) {
		if (avail < 2 || !IS_TRAIL(s[1])) {
			*adv = (avail < 2 || IS_LEAD(s[1])) ? 1 : 2;
			return -1;
		}
		*adv = 2;
		return (int32_t)(((c & 0x1F) << 6) | (s[1] & 0x3F));
	}
	if (c < 0xF0) {
		if (avail < 3 || !IS_TRAIL(s[1]) || !IS_TRAIL(s[2])) {
			if (avail < 2 || IS_LEAD(s[1])) {
				*adv = 1;
			} else if (avail < 3 || IS_LEAD(s[2])) {
				*adv = 2;
			} else {
				*adv = 3;
			}
			return -1;
		}
		*adv = 3;
		cp = ((c & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
		if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) {
			return -1;
		}
		return (int32_t)cp;
	}
	if (avail < 4 || !IS_TRAIL(s[1]) || !IS_TRAIL(s[2]) || !IS_TRAIL(s[3])) {
		if (avail < 2 || IS_LEAD(s[1])) {
			*adv = 1;
		} else if (avail < 3 || IS_LEAD(s[2])) {
			*adv = 2;
		} else if (avail < 4 || IS_LEAD(s[3])) {
			*adv = 3;
		} else {
			*adv = 4;
		}
		return -1;
	}
	*adv = 4;
	cp = ((c & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) | ((uint32_t)(s[2] & 0x3F) << 6) |
	     (s[3] & 0x3F);
	if (cp < 0x10000 || cp > 0x10FFFF) {
		return -1;
	}
	return (int32_t)cp;
}

bool zs_utf8_valid(const unsigned char *s, size_t len)
{
	size_t pos = 0, adv;
	while (pos < len) {
		if (s[pos] < 0x80) {
			pos++;
			continue;
		}
		adv = zs_utf8_len(s + pos, len - pos);
		if (adv == 0) {
			return false;
		}
		pos += adv;
	}
	return true;
}

static inline unsigned char *put_u_escape(unsigned char *o, uint32_t u)
{
	o[0] = '\\';
	o[1] = 'u';
	o[2] = (unsigned char)hex_lower[(u >> 12) & 0xF];
	o[3] = (unsigned char)hex_lower[(u >> 8) & 0xF];
	o[4] = (unsigned char)hex_lower[(u >> 4) & 0xF];
	o[5] = (unsigned char)hex_lower[u & 0xF];
	return o + 6;
}

/* "00" "01" ... "ff": two hex digits per lookup. */
static const char hex_pairs[513] =
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
        "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
        "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
        "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
        "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
        "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
        "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
        "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

/* The common case of escape_one, inlined into the run loop: a well-formed 2- or 3-byte
 * sequence written as one \uXXXX. Returns the position after it, or 0 when the general
 * path must decide (other flags, 4 bytes, ill-formed, line terminators). */
static inline size_t escape_bmp_fast(unsigned char **op, const unsigned char *s, size_t pos,
                                     size_t len)
{
	unsigned c = s[pos];
	uint32_t cp;
	size_t adv;
	if (c >= 0xE0 && c < 0xF0 && len - pos >= 3 && IS_TRAIL(s[pos + 1]) && IS_TRAIL(s[pos + 2])) {
		cp = ((c & 0x0F) << 12) | ((uint32_t)(s[pos + 1] & 0x3F) << 6) | (s[pos + 2] & 0x3F);
		if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) {
			return 0;
		}
		adv = 3;
	} else if (c >= 0xC2 && c < 0xE0 && len - pos >= 2 && IS_TRAIL(s[pos + 1])) {
		cp = ((c & 0x1F) << 6) | (s[pos + 1] & 0x3F);
		adv = 2;
	} else {
		return 0;
	}
	{
		unsigned char *o = *op;
		o[0] = '\\';
		o[1] = 'u';
		memcpy(o + 2, hex_pairs + 2 * (cp >> 8), 2);
		memcpy(o + 4, hex_pairs + 2 * (cp & 0xFF), 2);
		*op = o + 6;
	}
	return pos + adv;
}

static inline unsigned char *put2(unsigned char *o, char a, char b)
{
	o[0] = (unsigned char)a;
	o[1] = (unsigned char)b;
	return o + 2;
}

static inline unsigned char *put6(unsigned char *o, const char *text)
{
	memcpy(o, text, 6);
	return o + 6;
}

/* Byte classes (tools/gen-escape-table.py): 1 = always special (control, '"', '\\',
 * non-ASCII), 2 = '/', 4 = '<' and '>', 8 = '&', 16 = '\''. A byte needs the slow path
 * when its class meets the mask that the flags select. */
const uint8_t zs_esc_class[256] = {
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 0, 0, 1, 0, 0, 0, 8, 16, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 4, 0, 4, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

static inline unsigned class_mask(uint32_t flags)
{
	return zs_esc_class_mask(flags);
}

/* The optional specials for the block scanners; unused slots repeat '"', which is
 * always special, so the scanners can compare against all five unconditionally. */
typedef struct {
	unsigned char opt[5];
} special_set;

static inline special_set make_specials(uint32_t flags)
{
	special_set sp;
	sp.opt[0] = (flags & ZS_ESC_UNESCAPED_SLASHES) ? '"' : '/';
	sp.opt[1] = (flags & ZS_ESC_HEX_TAG) ? '<' : '"';
	sp.opt[2] = (flags & ZS_ESC_HEX_TAG) ? '>' : '"';
	sp.opt[3] = (flags & ZS_ESC_HEX_AMP) ? '&' : '"';
	sp.opt[4] = (flags & ZS_ESC_HEX_APOS) ? '\'' : '"';
	return sp;
}

#if !defined(__SSE2__)
/* SWAR: a byte of x is zero <=> its bit 7 is set here (exact for "any", which is all
 * the caller asks before it rescans the eight bytes one by one). */
static inline uint64_t zero_bytes(uint64_t x)
{
	return (x - UINT64_C(0x0101010101010101)) & ~x & UINT64_C(0x8080808080808080);
}

static inline bool block_has_special(uint64_t x, const special_set *sp)
{
	const uint64_t ones = UINT64_C(0x0101010101010101);
	uint64_t hit = x & UINT64_C(0x8080808080808080);              /* >= 0x80 */
	hit |= (x - ones * 0x20) & ~x & UINT64_C(0x8080808080808080); /* < 0x20 */
	hit |= zero_bytes(x ^ (ones * '"')) | zero_bytes(x ^ (ones * '\\'));
	hit |= zero_bytes(x ^ (ones * sp->opt[0])) | zero_bytes(x ^ (ones * sp->opt[1]));
	hit |= zero_bytes(x ^ (ones * sp->opt[2])) | zero_bytes(x ^ (ones * sp->opt[3]));
	hit |= zero_bytes(x ^ (ones * sp->opt[4]));
	return hit != 0;
}
#endif

/* Copies plain bytes one at a time until a special one or `soft`; returns the position. */
static inline size_t copy_plain(unsigned char **op, const unsigned char *s, size_t pos, size_t soft,
                                unsigned mask)
{
	unsigned char *o = *op;
	while (pos < soft && !(zs_esc_class[s[pos]] & mask)) {
		*o++ = s[pos++];
	}
	*op = o;
	return pos;
}

#if defined(__SSE2__)
typedef struct {
	__m128i quot, bslash, space, o0, o1, o2, o3, o4;
	bool hex;   /* o1..o4 hold a JSON_HEX_* character (else they are all '"') */
	bool slash; /* o0 is '/' (else '"') */
} sse_specials;

static inline void make_sse_specials(sse_specials *v, uint32_t flags)
{
	special_set sp = make_specials(flags);
	v->quot = _mm_set1_epi8('"');
	v->bslash = _mm_set1_epi8('\\');
	v->space = _mm_set1_epi8(0x20);
	v->o0 = _mm_set1_epi8((char)sp.opt[0]);
	v->o1 = _mm_set1_epi8((char)sp.opt[1]);
	v->o2 = _mm_set1_epi8((char)sp.opt[2]);
	v->o3 = _mm_set1_epi8((char)sp.opt[3]);
	v->o4 = _mm_set1_epi8((char)sp.opt[4]);
	v->hex = (flags & (ZS_ESC_HEX_TAG | ZS_ESC_HEX_AMP | ZS_ESC_HEX_APOS)) != 0;
	v->slash = !(flags & ZS_ESC_UNESCAPED_SLASHES);
}

/* The special bytes of the 16 in b, as a bit mask. */
static inline unsigned block_specials(__m128i b, const sse_specials *v)
{
	/* Signed compare: catches 0x00-0x1F and 0x80-0xFF in one go. */
	__m128i m = _mm_cmplt_epi8(b, v->space);
	m = _mm_or_si128(m, _mm_cmpeq_epi8(b, v->quot));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(b, v->bslash));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(b, v->o0));
	if (v->hex) {
		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(b, v->o1), _mm_cmpeq_epi8(b, v->o2)));
		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(b, v->o3), _mm_cmpeq_epi8(b, v->o4)));
	}
	return (unsigned)_mm_movemask_epi8(m);
}

/* Copies n < 16 bytes with two loads and two stores that may overlap. */
static inline void copy_under16(unsigned char *o, const unsigned char *s, size_t n)
{
	if (n >= 8) {
		uint64_t a, b;
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(o, &a, 8);
		memcpy(o + n - 8, &b, 8);
	} else if (n >= 4) {
		uint32_t a, b;
		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		memcpy(o, &a, 4);
		memcpy(o + n - 4, &b, 4);
	} else if (n > 0) {
		o[0] = s[0];
		o[n / 2] = s[n / 2];
		o[n - 1] = s[n - 1];
	}
}

/* Copies 16-byte blocks of plain bytes (each block blindly, keeping the part before the
 * first special byte); stops at a special byte or at `soft`. The last bytes of a text of 16 or
 * more, fewer than a block, are looked at through the text's last 16 bytes. */
static inline size_t copy_blocks(unsigned char **op, const unsigned char *s, size_t pos, size_t len,
                                 size_t soft, const sse_specials *v)
{
	unsigned char *o = *op;
	while (pos < soft && len - pos >= 16) {
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + pos));
		unsigned bits;
		_mm_storeu_si128((__m128i *)(void *)o, b);
		bits = block_specials(b, v);
		if (bits != 0) {
			/* '/' is special only when it is to be escaped (o0 is '/' then). The commonest
			 * special (URLs hold several a block) is written here, all of a block's at once:
			 * restarting the scan after each one made a chain of load, compare and bit scan
			 * per slash (github_events encoded in 0.52 of json_encode()'s time, 0.40 this
			 * way). Each slash before the block's first other special becomes "\\/", and the
			 * 16 bytes from it are stored again one byte further on. The slashes taken are
			 * those at offsets below `take`, where both the read from the slash (16 bytes)
			 * and the write (17, at most 6 bytes out per byte in) stay within the caller's
			 * bounds; the last bytes of the text are the tail's below. */
			unsigned slash = v->slash ? (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, v->o0)) : 0;
			unsigned other = bits & ~slash;
			size_t take = other ? (size_t)__builtin_ctz(other) : 16, shift = 0;
			if (take > soft - pos) {
				take = soft - pos;
			}
			if (take > len - pos - 15) {
				take = len - pos - 15;
			}
			slash &= (1u << take) - 1;
			if (slash == 0) {
				/* another special first, or a slash past the bounds: the byte-wise loop
				 * takes it */
				unsigned tz = (unsigned)__builtin_ctz(bits);
				pos += tz;
				o += tz;
				*op = o;
				return pos;
			}
			do {
				unsigned tz = (unsigned)__builtin_ctz(slash);
				o[tz + shift] = '\\';
				_mm_storeu_si128((__m128i *)(void *)(o + tz + shift + 1),
				                 _mm_loadu_si128((const __m128i *)(const void *)(s + pos + tz)));
				shift++;
				slash &= slash - 1;
			} while (slash);
			pos += take;
			o += take + shift;
			continue;
		}
		pos += 16;
		o += 16;
	}
	if (pos < soft && len >= 16) {
		/* The rest, fewer than 16 bytes, seen through the text's last 16: its plain bytes
		 * and slashes up to its first other special, copied piece by piece. */
		size_t n = len - pos, prev = 0, stop;
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + len - 16));
		unsigned bits = block_specials(b, v) >> (16 - n);
		unsigned slash =
		        v->slash ? (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, v->o0)) >> (16 - n) : 0;
		unsigned other = bits & ~slash;
		stop = other ? (size_t)__builtin_ctz(other) : n;
		slash &= (1u << stop) - 1;
		while (slash) {
			size_t t = (size_t)__builtin_ctz(slash);
			copy_under16(o, s + pos + prev, t - prev);
			o += t - prev;
			o[0] = '\\';
			o[1] = '/';
			o += 2;
			prev = t + 1;
			slash &= slash - 1;
		}
		copy_under16(o, s + pos + prev, stop - prev);
		o += stop - prev;
		pos += stop;
	}
	*op = o;
	return pos;
}

#if defined(ZS_UTF8_SSSE3)
#define HAVE_UTF8_SSSE3 1

/* For JSON_UNESCAPED_UNICODE: copies 16-byte blocks of text that is well-formed UTF-8 and
 * holds nothing to escape (no special byte of v, no control byte, and no U+2028 or U+2029
 * unless keep_lt), from pos, a character start. Returns the end of the last whole character
 * copied (pos when the first block fails); *op advances as far. Stops at `soft` too, and
 * where fewer than 16 bytes are left to read. The UTF-8 check is the lexer's (zs_utf8.h). */
__attribute__((target("ssse3"))) static size_t copy_utf8_ssse3(unsigned char **op,
                                                               const unsigned char *s, size_t pos,
                                                               size_t len, size_t soft,
                                                               const sse_specials *v, bool keep_lt)
{
	const zs_utf8_kl t = zs_utf8_kl_load();
	const __m128i below_space = _mm_set1_epi8(0x1F);
	unsigned char *o = *op;
	const size_t start = pos;
	size_t good = pos;
	__m128i prev = _mm_setzero_si128(); /* pos starts a character: as if ASCII came before */

	while (pos < soft && len - pos >= 16) {
		__m128i in = _mm_loadu_si128((const __m128i *)(const void *)(s + pos));
		__m128i stop = _mm_or_si128(
		        _mm_or_si128(
		                _mm_or_si128(_mm_cmpeq_epi8(in, v->quot), _mm_cmpeq_epi8(in, v->bslash)),
		                _mm_cmpeq_epi8(_mm_min_epu8(in, below_space), in)),
		        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(in, v->o0), _mm_cmpeq_epi8(in, v->o1)),
		                     _mm_or_si128(_mm_cmpeq_epi8(in, v->o2),
		                                  _mm_or_si128(_mm_cmpeq_epi8(in, v->o3),
		                                               _mm_cmpeq_epi8(in, v->o4)))));
		__m128i bad = _mm_or_si128(zs_utf8_errors16(&t, in, prev), stop);
		if (!keep_lt) {
			/* E2 80 A8 and E2 80 A9, which ext/json escapes even here */
			__m128i lt = _mm_and_si128(
			        _mm_and_si128(_mm_cmpeq_epi8(_mm_alignr_epi8(in, prev, 14),
			                                     _mm_set1_epi8((char)0xE2)),
			                      _mm_cmpeq_epi8(_mm_alignr_epi8(in, prev, 15),
			                                     _mm_set1_epi8((char)0x80))),
			        _mm_cmpeq_epi8(_mm_or_si128(in, _mm_set1_epi8(1)), _mm_set1_epi8((char)0xA9)));
			bad = _mm_or_si128(bad, lt);
		}
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) != 0xFFFF) {
			break;
		}
		_mm_storeu_si128((__m128i *)(void *)(o + (pos - start)), in);
		pos += 16;
		good = pos - zs_utf8_cut(s + pos);
		prev = in;
	}
	*op = o + (good - start);
	return good;
}

static int have_ssse3 = -1;

bool zs_cpu_ssse3(void)
{
	if (ZS_UNLIKELY(have_ssse3 < 0)) {
		/* the same answer whichever thread writes it */
		have_ssse3 = __builtin_cpu_supports("ssse3") ? 1 : 0;
	}
	return have_ssse3 != 0;
}
#endif
#else
static inline size_t copy_blocks(unsigned char **op, const unsigned char *s, size_t pos, size_t len,
                                 size_t soft, const special_set *sp)
{
	unsigned char *o = *op;
	while (pos < soft && len - pos >= 8) {
		uint64_t x;
		memcpy(&x, s + pos, 8);
		if (block_has_special(x, sp)) {
			break;
		}
		memcpy(o, &x, 8);
		pos += 8;
		o += 8;
	}
	*op = o;
	return pos;
}
#endif

/* Writes the escape of the special byte (or UTF-8 sequence) at s[pos]; returns the
 * position after it, or SIZE_MAX for ill-formed UTF-8 that must fail the string. */
static size_t escape_one(unsigned char **op, const unsigned char *s, size_t pos, size_t len,
                         uint32_t flags)
{
	unsigned char *o = *op;
	unsigned c = s[pos];

	if (c >= 0x80) {
		size_t adv;
		int32_t cp = zs_utf8_decode(s + pos, len - pos, &adv);
		if (cp < 0) {
			if (flags & ZS_ESC_INVALID_UTF8_IGNORE) {
				/* dropped */
			} else if (flags & ZS_ESC_INVALID_UTF8_SUBSTITUTE) {
				if (flags & ZS_ESC_UNESCAPED_UNICODE) {
					memcpy(o, "\xEF\xBF\xBD", 3);
					o += 3;
				} else {
					o = put6(o, "\\ufffd");
				}
			} else {
				return SIZE_MAX;
			}
		} else if ((flags & ZS_ESC_UNESCAPED_UNICODE) &&
		           ((flags & ZS_ESC_UNESCAPED_LINE_TERMINATORS) || cp < 0x2028 || cp > 0x2029)) {
			memcpy(o, s + pos, adv);
			o += adv;
		} else if (cp >= 0x10000) {
			uint32_t u = (uint32_t)cp - 0x10000;
			o = put_u_escape(o, 0xD800 | (u >> 10));
			o = put_u_escape(o, 0xDC00 | (u & 0x3FF));
		} else {
			o = put_u_escape(o, (uint32_t)cp);
		}
		*op = o;
		return pos + adv;
	}
	switch (c) {
	case '"':
		o = (flags & ZS_ESC_HEX_QUOT) ? put6(o, "\\u0022") : put2(o, '\\', '"');
		break;
	case '\\':
		o = put2(o, '\\', '\\');
		break;
	case '/':
		o = put2(o, '\\', '/');
		break;
	case '\b':
		o = put2(o, '\\', 'b');
		break;
	case '\f':
		o = put2(o, '\\', 'f');
		break;
	case '\n':
		o = put2(o, '\\', 'n');
		break;
	case '\r':
		o = put2(o, '\\', 'r');
		break;
	case '\t':
		o = put2(o, '\\', 't');
		break;
	case '<':
		o = put6(o, "\\u003C");
		break;
	case '>':
		o = put6(o, "\\u003E");
		break;
	case '&':
		o = put6(o, "\\u0026");
		break;
	case '\'':
		o = put6(o, "\\u0027");
		break;
	default:
		o = put_u_escape(o, c);
		break;
	}
	*op = o;
	return pos + 1;
}

/* For JSON_UNESCAPED_UNICODE: copies the well-formed character at s[pos] (>= 0x80) as it is
 * and returns the position after it, or 0 when escape_one must decide (an ill-formed
 * sequence, or U+2028 / U+2029 that are to be escaped). */
static inline size_t copy_char(unsigned char **op, const unsigned char *s, size_t pos, size_t len,
                               bool keep_lt)
{
	size_t n = zs_utf8_len(s + pos, len - pos);
	if (n == 0 ||
	    (!keep_lt && n == 3 && s[pos] == 0xE2 && s[pos + 1] == 0x80 && (s[pos + 2] | 1) == 0xA9)) {
		return 0;
	}
	memcpy(*op, s + pos, n);
	*op += n;
	return pos + n;
}

size_t zs_json_escape(unsigned char *out, const unsigned char *s, size_t len, size_t soft,
                      uint32_t flags, size_t *consumed)
{
	const unsigned mask = class_mask(flags);
	/* Escaped as \\uXXXX with nothing else to consider (2028/2029 included). */
	const bool fast_utf8 = !(flags & ZS_ESC_UNESCAPED_UNICODE);
	/* Copied as they are (JSON_UNESCAPED_LINE_TERMINATORS). */
	const bool keep_lt = (flags & ZS_ESC_UNESCAPED_LINE_TERMINATORS) != 0;
	unsigned char *o = out;
	size_t pos = 0;

	/* Short strings (most keys) never pay for the block scanner's set-up. */
	if (len < 16) {
		for (;;) {
			pos = copy_plain(&o, s, pos, soft, mask);
			if (pos >= soft) {
				break;
			}
			if (s[pos] >= 0x80) {
				size_t next = fast_utf8 ? escape_bmp_fast(&o, s, pos, len)
				                        : copy_char(&o, s, pos, len, keep_lt);
				if (next != 0) {
					pos = next;
					continue;
				}
			}
			pos = escape_one(&o, s, pos, len, flags);
			if (pos == SIZE_MAX) {
				*consumed = 0;
				return ZS_ESC_BAD_UTF8;
			}
		}
		*consumed = pos;
		return (size_t)(o - out);
	}
	{
#if defined(__SSE2__)
		sse_specials v;
		make_sse_specials(&v, flags);
#else
		const special_set v = make_specials(flags);
#endif
		while (pos < soft) {
			pos = copy_blocks(&o, s, pos, len, soft, &v);
			pos = copy_plain(&o, s, pos, soft, mask);
			if (pos >= soft) {
				break;
			}
			/* Specials come in runs (non-Latin text): stay here while they last. */
			do {
				/* The two commonest specials skip the call: '/' of URLs (it only gets
				 * here when it is to be escaped) and non-Latin text. */
				if (s[pos] == '/') {
					o = put2(o, '\\', '/');
					pos++;
					continue;
				}
				if (s[pos] >= 0x80) {
					size_t next;
					if (fast_utf8) {
						next = escape_bmp_fast(&o, s, pos, len);
					} else {
#if defined(HAVE_UTF8_SSSE3)
						/* runs of text copied 16 bytes at a time */
						if (len - pos >= 16 && zs_cpu_ssse3()) {
							next = copy_utf8_ssse3(&o, s, pos, len, soft, &v, keep_lt);
							if (next != pos) {
								pos = next;
								continue;
							}
						}
#endif
						next = copy_char(&o, s, pos, len, keep_lt);
					}
					if (next != 0) {
						pos = next;
						continue;
					}
				}
				pos = escape_one(&o, s, pos, len, flags);
				if (pos == SIZE_MAX) {
					*consumed = 0;
					return ZS_ESC_BAD_UTF8;
				}
			} while (pos < soft && (zs_esc_class[s[pos]] & mask));
		}
	}
	*consumed = pos;
	return (size_t)(o - out);
}

#if !defined(HAVE_UTF8_SSSE3)
bool zs_cpu_ssse3(void)
{
	return false;
}
#endif
