/* zser — SPDX-License-Identifier: MIT
 *
 * JSON tokens, read exactly as ext/json's scanner reads them: whitespace, strings (escapes,
 * surrogate pairs, UTF-8 checks, the INVALID_UTF8 options) and numbers (the longest prefix
 * its INT, FLOAT and EXP rules match, converted by zs_strtod). One lexer for every consumer:
 * jsond_decode() and jsond_validate() build zvals or nothing from its tokens, `zser from-json`
 * builds its value tree; the grammar stays with each of them.
 *
 * The text must be followed by a NUL byte at `end` (a zend_string is): every loop stops at
 * it, as at any other delimiter, and wide loads happen only while 16 bytes remain before
 * `end`, so no read passes it. A NUL inside the text is a byte like another (an error
 * wherever it stands), which the caller tells from the end by its position.
 */
#ifndef ZS_JSON_LEX_H
#define ZS_JSON_LEX_H

#include "zs_common.h"
#include "zs_strtod.h"
#include "zs_utf8.h"

#include <float.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Errors, numbered as ext/json's JSON_ERROR_* codes that they are (the extension checks that
 * at compile time), so that a code passes through unchanged. */
typedef enum {
	ZS_JSON_LEX_OK = 0,
	ZS_JSON_LEX_CTRL_CHAR = 3, /* a byte below 0x20 in a string, the end included */
	ZS_JSON_LEX_SYNTAX = 4,    /* a bad escape */
	ZS_JSON_LEX_UTF8 = 5,      /* malformed UTF-8 (when neither option below is set) */
	ZS_JSON_LEX_UTF16 = 10,    /* a \u escape of a lone surrogate */
	ZS_JSON_LEX_NOMEM = -1     /* the scratch buffer could not grow (malloc-backed only) */
} zs_json_lex_error;

/* String options, ext/json's JSON_INVALID_UTF8_IGNORE and _SUBSTITUTE: malformed UTF-8 is
 * dropped, or replaced by U+FFFD, instead of being an error. */
#define ZS_JSON_LEX_UTF8_IGNORE 1u
#define ZS_JSON_LEX_UTF8_SUBST  2u

/* Decoded bytes of one string: inside the text when it holds no escape and nothing was
 * replaced (plain), else in the scratch buffer, valid until the next string is read. */
typedef struct zs_json_strview {
	const char *s;
	size_t len;
	bool plain;
} zs_json_strview;

/* Where decoded strings go; zero it, set alloc, and free buf with alloc when done. */
typedef struct zs_json_scratch {
	const zs_alloc *alloc;
	char *buf;
	size_t cap;
} zs_json_scratch;

/* 1 for bytes that may sit in a string unexamined: 0x20..0x7F except '"' and '\\'. */
extern const unsigned char zs_json_plain_byte[256];

ZS_INLINE unsigned zs_json_ctz(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
	return (unsigned)__builtin_ctzll(x);
#else
	unsigned n = 0;
	while (!(x & 1)) {
		x >>= 1;
		n++;
	}
	return n;
#endif
}

/* The first byte at or after p that is not JSON whitespace, for runs longer than one byte
 * (the indentation of pretty-printed text, crossed 16 spaces at a time). */
const unsigned char *zs_json_skip_ws_run(const unsigned char *p, const unsigned char *end);

/* The first byte at or after p that is not JSON whitespace (space, tab, CR, LF). */
ZS_INLINE const unsigned char *zs_json_skip_ws(const unsigned char *p, const unsigned char *end)
{
	/* Every whitespace byte is <= ' ', and so is the final NUL. */
	if (ZS_LIKELY(*p > ' ')) {
		return p;
	}
	if (*p == ' ' && p[1] > ' ') {
		return p + 1;
	}
#if defined(__SSE2__)
	/* a line break and its indentation, the whitespace of pretty-printed text, crossed
	 * inline 16 bytes a load */
	if (*p == '\n') {
		const unsigned char *q = p + 1;
		while (end - q >= 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
			unsigned other =
			        ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' '))) & 0xFFFF;
			if (other) {
				q += zs_json_ctz(other);
				if (*q > ' ') {
					return q;
				}
				break;
			}
			q += 16;
		}
		return zs_json_skip_ws_run(q, end);
	}
#endif
	return zs_json_skip_ws_run(p, end);
}

#if defined(__SSE2__)
/* Bit i set when byte i of the 16 at p ends a run of plain string bytes: '"', '\\', a byte
 * below 0x20 or one >= 0x80 (a signed compare: those are negative, so "< 0x20" catches them). */
ZS_INLINE unsigned zs_json_plain_stop16(const unsigned char *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
	                                        _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
	                           _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
	return (unsigned)_mm_movemask_epi8(hit);
}
#endif

/* Advances over plain string bytes; stops at '"', '\\', a byte < 0x20 (the final NUL
 * included) or a byte >= 0x80. */
ZS_INLINE const unsigned char *zs_json_skip_plain(const unsigned char *p, const unsigned char *end)
{
#if defined(__SSE2__)
	/* a short string (most keys) ends in its first 16 bytes; a longer one is crossed 32 bytes
	 * a turn, which halves the turns of a URL or a sentence and with them the loop's exits
	 * the predictor has to learn */
	if (end - p >= 16) {
		unsigned mask = zs_json_plain_stop16(p);
		if (mask) {
			return p + zs_json_ctz(mask);
		}
		p += 16;
		while (end - p >= 32) {
			unsigned m2 = zs_json_plain_stop16(p) | zs_json_plain_stop16(p + 16) << 16;
			if (m2) {
				return p + zs_json_ctz(m2);
			}
			p += 32;
		}
		if (end - p >= 16) {
			mask = zs_json_plain_stop16(p);
			if (mask) {
				return p + zs_json_ctz(mask);
			}
			p += 16;
		}
	}
#else
	const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
	while (end - p >= 8) {
		uint64_t v, q, b;
		memcpy(&v, p, 8);
		q = v ^ (ones * '"');
		b = v ^ (ones * '\\');
		if ((((v - ones * 0x20) | (q - ones) | (b - ones)) & ~v & highs) | (v & highs)) {
			break;
		}
		p += 8;
	}
#endif
	while (zs_json_plain_byte[*p]) {
		p++;
	}
	return p;
}

/* From p, the start of a character in a string, over whole 16-byte blocks of string text:
 * no '"', no '\\', no byte below 0x20, well-formed UTF-8. Returns where the text is no longer
 * known good: p when no block was, else the end of the last good block or the start of a
 * character that block leaves unfinished. What follows is for the byte-wise scan to read. With
 * AVX2 or SSSE3 (checked at run time); elsewhere it returns p. Reads no byte at or past end. */
const unsigned char *zs_json_skip_text(const unsigned char *p, const unsigned char *end);

/* The block scan by one instruction set (the tests compare them all): the best this CPU has,
 * or one by name; with one the CPU lacks (or ZS_JSON_TEXT_NONE) it returns p. */
typedef enum {
	ZS_JSON_TEXT_BEST = 0,
	ZS_JSON_TEXT_NONE = 1,
	ZS_JSON_TEXT_SSSE3 = 2, /* 16 bytes a step */
	ZS_JSON_TEXT_AVX2 = 3,  /* 32 bytes a step, then one of 16 */
} zs_json_text_isa;

const unsigned char *zs_json_skip_text_isa(const unsigned char *p, const unsigned char *end,
                                           zs_json_text_isa isa);

/* True when the named scan runs on this CPU (passes blocks rather than returning p). */
bool zs_json_skip_text_runs(zs_json_text_isa isa);

/* The rest of a string from its first escape or byte >= 0x80 that is not well-formed UTF-8
 * at p (start: the first byte after the opening quote), decoded into the scratch buffer when
 * out is not NULL. Returns ZS_JSON_LEX_OK with *endp after the closing quote, or the error of
 * the first problem in text order with *endp at that problem. */
int zs_json_lex_string_rest(zs_json_scratch *sc, unsigned flags, const unsigned char *start,
                            const unsigned char *p, const unsigned char *end,
                            const unsigned char **endp, zs_json_strview *out);

/* The string whose opening quote is at p[-1]. Returns ZS_JSON_LEX_OK (*endp after the closing
 * quote, *out its bytes when out is not NULL) or the error of its first problem (*endp at it:
 * at `end` for a string the text ends in). */
ZS_INLINE int zs_json_lex_string(zs_json_scratch *sc, unsigned flags, const unsigned char *p,
                                 const unsigned char *end, const unsigned char **endp,
                                 zs_json_strview *out)
{
	const unsigned char *start = p;
	for (;;) {
		unsigned char c;
		p = zs_json_skip_plain(p, end);
		c = *p;
		if (ZS_LIKELY(c == '"')) {
			*endp = p + 1;
			if (out) {
				out->s = (const char *)start;
				out->len = (size_t)(p - start);
				out->plain = true;
			}
			return ZS_JSON_LEX_OK;
		}
		if (c >= 0x80) {
			size_t n = zs_utf8_len(p, ZS_UTF8_NUL_ENDED);
			if (ZS_LIKELY(n != 0)) {
				p += n;
				if (*p >= 0x80 && end - p >= 32) {
					/* non-Latin text (two characters in a row): whole blocks at a time */
					p = zs_json_skip_text(p, end);
				}
				while (*p >= 0x80 && (n = zs_utf8_len(p, ZS_UTF8_NUL_ENDED)) != 0) {
					p += n;
				}
				continue;
			}
			if (!(flags & (ZS_JSON_LEX_UTF8_IGNORE | ZS_JSON_LEX_UTF8_SUBST))) {
				*endp = p;
				return ZS_JSON_LEX_UTF8;
			}
			return zs_json_lex_string_rest(sc, flags, start, p, end, endp, out);
		}
		if (c == '\\') {
			return zs_json_lex_string_rest(sc, flags, start, p, end, endp, out);
		}
		*endp = p;
		return ZS_JSON_LEX_CTRL_CHAR;
	}
}

/* ---- numbers ---- */

typedef enum {
	ZS_JSON_NUM_NONE,   /* not a number: '-' without a digit */
	ZS_JSON_NUM_INT,    /* *i */
	ZS_JSON_NUM_DOUBLE, /* *d */
	ZS_JSON_NUM_BIG     /* an integer beyond int64 kept as its text (big_as_text) */
} zs_json_num_kind;

#define ZS_JSON_IS_DIGIT(c) ((unsigned char)((c) - '0') < 10)

extern const double zs_json_pow10_exact[23];
extern const uint64_t zs_json_pow10_u64[8]; /* 10^0 .. 10^7 */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ZS_JSON_SWAR_DIGITS 1
/* Eight ASCII digits at once (little-endian loads): the test and the conversion of the
 * well-known SWAR method (as in fast_float). */
ZS_INLINE bool zs_json_all_digits8(uint64_t v)
{
	return ((v & 0xF0F0F0F0F0F0F0F0ULL) |
	        (((v + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) >> 4)) == 0x3333333333333333ULL;
}

/* The number of ASCII digits v starts with (8 when all are). Subtracting '0' from every
 * byte borrows only out of a byte below '0', so the bytes up to the first non-digit are
 * exact and that one has its high bit set in t or in t + 0x76 (it is below '0' or above
 * '9'). */
ZS_INLINE unsigned zs_json_digit_run8(uint64_t v)
{
	uint64_t t = v - 0x3030303030303030ULL;
	uint64_t nd = (t | (t + 0x7676767676767676ULL)) & 0x8080808080808080ULL;
	return nd ? zs_json_ctz(nd) >> 3 : 8;
}

ZS_INLINE uint64_t zs_json_digits8(uint64_t v);

/* The value of the first n (1..7) digits of v: they are moved to the high bytes, where
 * zs_json_digits8() reads the least significant, below '0's. */
ZS_INLINE uint64_t zs_json_digits_lead(uint64_t v, unsigned n)
{
	unsigned s = 64 - 8 * n;
	return zs_json_digits8((v << s) | (0x3030303030303030ULL >> (64 - s)));
}

ZS_INLINE uint64_t zs_json_digits8(uint64_t v)
{
	const uint64_t mask = 0x000000FF000000FFULL;
	v -= 0x3030303030303030ULL;
	v = (v * 10) + (v >> 8);
	return (((v & mask) * 0x000F424000000064ULL) + (((v >> 16) & mask) * 0x0000271000000001ULL)) >>
	       32;
}
#endif

/* The digits of INT64_MIN's magnitude: a 19-digit integer is within int64 when below them
 * (or equal, when negative). */
#define ZS_JSON_INT64_MIN_DIGITS "9223372036854775808"

/* The number at p, lexed as ext/json's scanner does. Returns its kind with *endp after it,
 * or ZS_JSON_NUM_NONE. With `convert` false only the kind and the end are found (validation);
 * else *i or *d holds the value, the double correctly rounded (`fallback` decides the rare
 * inputs zs_strtod_decimal cannot). An integer beyond int64 is ZS_JSON_NUM_BIG under
 * big_as_text (usable even as an object key), else a double. */
ZS_INLINE zs_json_num_kind zs_json_lex_number(const unsigned char *p, const unsigned char *end,
                                              bool big_as_text, bool convert,
                                              zs_strtod_fallback fallback, void *ctx,
                                              const unsigned char **endp, int64_t *i, double *d)
{
	const unsigned char *start = p, *digits;
	bool neg = false, trunc = false, is_float = false;
	uint64_t w = 0;
	size_t ndig;
	int sig;
	int64_t q = 0;

	if (*p == '-') {
		neg = true;
		p++;
	}
	if (!ZS_JSON_IS_DIGIT(*p)) {
		return ZS_JSON_NUM_NONE;
	}
	digits = p;
	if (*p == '0') {
		p++;
	} else {
#ifdef ZS_JSON_SWAR_DIGITS
		if (!ZS_JSON_IS_DIGIT(p[1])) {
			w = (uint64_t)(*p - '0');
			p++;
			goto int_done;
		}
		if (end - p >= 8) {
			uint64_t v;
			unsigned n;
			memcpy(&v, p, 8);
			n = zs_json_digit_run8(v);
			if (n < 8) {
				/* the whole integer part: no limit or truncation to mind */
				w = zs_json_digits_lead(v, n);
				p += n;
				goto int_done;
			}
		}
#endif
		do {
			w = w * 10 + (uint64_t)(*p - '0');
			p++;
		} while (ZS_JSON_IS_DIGIT(*p) && p - digits < 19);
		while (ZS_JSON_IS_DIGIT(*p)) {
			trunc |= *p != '0';
			p++;
		}
	}
#ifdef ZS_JSON_SWAR_DIGITS
int_done:
#endif
	ndig = (size_t)(p - digits);
	if (*p == '.' && ZS_JSON_IS_DIGIT(p[1])) {
		is_float = true;
		p++;
		sig = w ? (ndig < 19 ? (int)ndig : 19) : 0;
		q = ndig > 19 ? (int64_t)(ndig - 19) : 0;
		if (!w) {
			while (*p == '0') {
				p++;
				q--;
			}
		}
#ifdef ZS_JSON_SWAR_DIGITS
		while (sig <= 11 && end - p >= 8) {
			uint64_t v;
			memcpy(&v, p, 8);
			if (!zs_json_all_digits8(v)) {
				break;
			}
			w = w * 100000000 + zs_json_digits8(v);
			sig += w ? 8 : 0;
			q -= 8;
			p += 8;
		}
		if (sig <= 11 && end - p >= 8) {
			/* the last 1..7 digits, which fit in 19 as well; then the byte loop below
			 * meets the non-digit after them */
			uint64_t v;
			unsigned n;
			memcpy(&v, p, 8);
			n = zs_json_digit_run8(v);
			if (n > 0 && n < 8) {
				w = w * zs_json_pow10_u64[n] + zs_json_digits_lead(v, n);
				sig += w ? (int)n : 0;
				q -= n;
				p += n;
			}
		}
#else
		(void)end;
#endif
		while (ZS_JSON_IS_DIGIT(*p)) {
			if (sig < 19) {
				w = w * 10 + (uint64_t)(*p - '0');
				sig += w != 0;
				q--;
			} else {
				trunc |= *p != '0';
			}
			p++;
		}
	}
	if ((*p | 0x20) == 'e' &&
	    (ZS_JSON_IS_DIGIT(p[1]) || ((p[1] == '+' || p[1] == '-') && ZS_JSON_IS_DIGIT(p[2])))) {
		int64_t e = 0;
		bool eneg = p[1] == '-';
		if (!is_float) {
			q = ndig > 19 ? (int64_t)(ndig - 19) : 0;
			is_float = true;
		}
		p += ZS_JSON_IS_DIGIT(p[1]) ? 1 : 2;
		do {
			if (e < 1000000000) {
				e = e * 10 + (*p - '0');
			}
			p++;
		} while (ZS_JSON_IS_DIGIT(*p));
		q += eneg ? -e : e;
	}
	*endp = p;
	if (!is_float) {
		bool big = false;
		if (ndig >= sizeof(ZS_JSON_INT64_MIN_DIGITS) - 1) {
			if (ndig == sizeof(ZS_JSON_INT64_MIN_DIGITS) - 1) {
				int cmp = memcmp(digits, ZS_JSON_INT64_MIN_DIGITS, ndig);
				big = !(cmp < 0 || (cmp == 0 && neg));
			} else {
				big = true;
			}
		}
		if (!big) {
			if (convert) {
				*i = neg ? (int64_t)(0 - w) : (int64_t)w;
			}
			return ZS_JSON_NUM_INT;
		}
		if (big_as_text) {
			return ZS_JSON_NUM_BIG;
		}
		q = ndig > 19 ? (int64_t)(ndig - 19) : 0;
	}
	if (convert) {
		double v;
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
		if (!trunc && w <= ((uint64_t)1 << 53) && q >= -22 && q <= 22 && w != 0) {
			/* Clinger's case (also in zs_strtod_decimal), inline for short decimals: both
			 * operands exact, one correctly rounded IEEE operation */
			v = q < 0 ? (double)w / zs_json_pow10_exact[-q] : (double)w * zs_json_pow10_exact[q];
			*d = neg ? -v : v;
			return ZS_JSON_NUM_DOUBLE;
		}
#endif
		if (!zs_strtod_decimal(w, q, neg, trunc, &v)) {
			v = fallback((const char *)start, (size_t)(p - start), ctx);
		}
		*d = v;
	}
	return ZS_JSON_NUM_DOUBLE;
}

#endif /* ZS_JSON_LEX_H */
