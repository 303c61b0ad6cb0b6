/* zser — SPDX-License-Identifier: MIT
 *
 * UTF-8 decoding with PHP's rules for ill-formed input, and the JSON string-escaping
 * kernel of jsond_encode: runs of plain ASCII are copied 16 bytes at a time (SSE2, or
 * 8 at a time with SWAR elsewhere), the rest is escaped exactly as ext/json's
 * php_json_escape_string() does. The kernel writes no quotes and does no numeric check:
 * both stay with the caller.
 */
#ifndef ZS_UTF8_H
#define ZS_UTF8_H

#include "zs_common.h"

/* Escaping options. The values are those of PHP's JSON_* constants, so that the
 * extension passes its flags through unchanged; other bits are ignored. */
#define ZS_ESC_HEX_TAG                    (1u << 0)
#define ZS_ESC_HEX_AMP                    (1u << 1)
#define ZS_ESC_HEX_APOS                   (1u << 2)
#define ZS_ESC_HEX_QUOT                   (1u << 3)
#define ZS_ESC_UNESCAPED_SLASHES          (1u << 6)
#define ZS_ESC_UNESCAPED_UNICODE          (1u << 8)
#define ZS_ESC_UNESCAPED_LINE_TERMINATORS (1u << 11)
#define ZS_ESC_INVALID_UTF8_IGNORE        (1u << 20)
#define ZS_ESC_INVALID_UTF8_SUBSTITUTE    (1u << 21)

/* zs_json_escape's answer for ill-formed UTF-8 when neither IGNORE nor SUBSTITUTE is set. */
#define ZS_ESC_BAD_UTF8 SIZE_MAX

/* Output room zs_json_escape needs for a call with a given `soft` limit: at most six
 * bytes per input byte, plus slack for the last character and the 16-byte block copy. */
#define ZS_ESC_ROOM(soft) (6 * (size_t)(soft) + 32)

/* Byte classes of the escaper (see zs_utf8.c): a byte of s needs escaping, or a closer
 * look, when zs_esc_class[byte] & zs_esc_class_mask(flags) is non-zero. Exposed so that a
 * caller can copy short plain strings without a call. */
extern const uint8_t zs_esc_class[256];

ZS_INLINE unsigned zs_esc_class_mask(uint32_t flags)
{
	return 1u | ((flags & ZS_ESC_UNESCAPED_SLASHES) ? 0u : 2u) |
	       ((flags & ZS_ESC_HEX_TAG) ? 4u : 0u) | ((flags & ZS_ESC_HEX_AMP) ? 8u : 0u) |
	       ((flags & ZS_ESC_HEX_APOS) ? 16u : 0u);
}

/* The length of the well-formed UTF-8 sequence at p (p[0] >= 0x80, avail >= 1 bytes
 * readable), 0 when there is none: the one definition of well-formed for every scanner in
 * zser (the same sequences as zs_utf8_decode accepts and as ext/json's scanner). Reads no
 * byte past p + avail, and the lead byte alone says how many it needs, so that a scanner
 * pays one bound check per character. A byte is read only after the one before it proved
 * to be a lead or continuation byte, so in a NUL-terminated buffer the NUL stops every
 * look-ahead and avail may be ZS_UTF8_NUL_ENDED, which costs no check at all. */
#define ZS_UTF8_NUL_ENDED SIZE_MAX

ZS_INLINE size_t zs_utf8_len(const unsigned char *p, size_t avail)
{
	unsigned c = p[0], lo = 0x80, hi = 0xBF;
	if (c < 0xC2) {
		return 0;
	}
	if (c < 0xE0) {
		return avail >= 2 && (p[1] & 0xC0) == 0x80 ? 2 : 0;
	}
	if (c < 0xF0) {
		if (c == 0xE0) {
			lo = 0xA0; /* shorter forms are overlong */
		} else if (c == 0xED) {
			hi = 0x9F; /* U+D800-DFFF are surrogates */
		}
		return avail >= 3 && p[1] >= lo && p[1] <= hi && (p[2] & 0xC0) == 0x80 ? 3 : 0;
	}
	if (c > 0xF4) {
		return 0;
	}
	if (c == 0xF0) {
		lo = 0x90; /* overlong */
	} else if (c == 0xF4) {
		hi = 0x8F; /* past U+10FFFF */
	}
	return avail >= 4 && p[1] >= lo && p[1] <= hi && (p[2] & 0xC0) == 0x80 && (p[3] & 0xC0) == 0x80
	               ? 4
	               : 0;
}

/* Decodes the sequence at s (s[0] >= 0x80, avail >= 1) as php_next_utf8_char() does:
 * returns the code point, or -1 when ill-formed; *adv receives the bytes it spans (for
 * an ill-formed one, how many bytes PHP skips before decoding again). */
int32_t zs_utf8_decode(const unsigned char *s, size_t avail, size_t *adv);

/* The three 16-entry tables of the vector UTF-8 checks (Keiser and Lemire's classification
 * of byte pairs, see zs_utf8.c): indexed by the first byte's high nibble, its low nibble and
 * the second byte's high nibble. A pair is wrong where the three entries share a bit, but
 * bit 0x80 is right exactly where a sequence's third or fourth byte is due. */
extern const unsigned char zs_utf8_pair_hi1[16];
extern const unsigned char zs_utf8_pair_lo1[16];
extern const unsigned char zs_utf8_pair_hi2[16];

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define ZS_UTF8_SSSE3 1
#include <immintrin.h>

/* The tables above in vector registers, loaded once per scan. */
typedef struct zs_utf8_kl {
	__m128i hi1, lo1, hi2;
} zs_utf8_kl;

static inline __attribute__((always_inline, target("ssse3"))) zs_utf8_kl zs_utf8_kl_load(void)
{
	zs_utf8_kl t;
	t.hi1 = _mm_loadu_si128((const __m128i *)(const void *)zs_utf8_pair_hi1);
	t.lo1 = _mm_loadu_si128((const __m128i *)(const void *)zs_utf8_pair_lo1);
	t.hi2 = _mm_loadu_si128((const __m128i *)(const void *)zs_utf8_pair_hi2);
	return t;
}

/* The pair check of the 16 bytes `in`, prev holding the 16 bytes before them (zeros where in
 * starts a character): non-zero bytes where UTF-8 is ill-formed, except a sequence cut at the
 * end of in, which the next block's check finds (or zs_utf8_cut() leaves out). For code
 * compiled for SSSE3, checked at run time (zs_cpu_ssse3()). */
static inline __attribute__((always_inline, target("ssse3"))) __m128i
zs_utf8_errors16(const zs_utf8_kl *t, __m128i in, __m128i prev)
{
	const __m128i nib = _mm_set1_epi8(0x0F);
	__m128i prev1 = _mm_alignr_epi8(in, prev, 15);
	__m128i prev2 = _mm_alignr_epi8(in, prev, 14);
	__m128i prev3 = _mm_alignr_epi8(in, prev, 13);
	__m128i cls = _mm_and_si128(
	        _mm_and_si128(_mm_shuffle_epi8(t->hi1, _mm_and_si128(_mm_srli_epi16(prev1, 4), nib)),
	                      _mm_shuffle_epi8(t->lo1, _mm_and_si128(prev1, nib))),
	        _mm_shuffle_epi8(t->hi2, _mm_and_si128(_mm_srli_epi16(in, 4), nib)));
	/* where a third or fourth byte of a sequence is due: 0x80. A lead byte of three (>= 0xE0)
	 * two back, or of four (>= 0xF0) three back, is the only one still >= 0x80 once 0x60,
	 * or 0x70, is taken away, saturating. */
	__m128i due = _mm_and_si128(_mm_or_si128(_mm_subs_epu8(prev2, _mm_set1_epi8(0xE0 - 0x80)),
	                                         _mm_subs_epu8(prev3, _mm_set1_epi8(0xF0 - 0x80))),
	                            _mm_set1_epi8((char)0x80));
	return _mm_xor_si128(cls, due);
}

/* The tables, each in both halves of a 256-bit register. */
typedef struct zs_utf8_kl32 {
	__m256i hi1, lo1, hi2;
} zs_utf8_kl32;

static inline __attribute__((always_inline, target("avx2"))) zs_utf8_kl32 zs_utf8_kl32_load(void)
{
	zs_utf8_kl32 t;
	t.hi1 = _mm256_broadcastsi128_si256(
	        _mm_loadu_si128((const __m128i *)(const void *)zs_utf8_pair_hi1));
	t.lo1 = _mm256_broadcastsi128_si256(
	        _mm_loadu_si128((const __m128i *)(const void *)zs_utf8_pair_lo1));
	t.hi2 = _mm256_broadcastsi128_si256(
	        _mm_loadu_si128((const __m128i *)(const void *)zs_utf8_pair_hi2));
	return t;
}

/* zs_utf8_errors16() on 32 bytes (prev: the 32 bytes before them), for code compiled for
 * AVX2, checked at run time. */
static inline __attribute__((always_inline, target("avx2"))) __m256i
zs_utf8_errors32(const zs_utf8_kl32 *t, __m256i in, __m256i prev)
{
	const __m256i nib = _mm256_set1_epi8(0x0F);
	/* the 16 bytes before each half of in: prev's high half, then in's low one (by an
	 * extract and an insert, which some cores run in three operations where they take eight
	 * for the one cross-lane permute) */
	__m256i before =
	        _mm256_inserti128_si256(_mm256_castsi128_si256(_mm256_extracti128_si256(prev, 1)),
	                                _mm256_castsi256_si128(in), 1);
	__m256i prev1 = _mm256_alignr_epi8(in, before, 15);
	__m256i prev2 = _mm256_alignr_epi8(in, before, 14);
	__m256i prev3 = _mm256_alignr_epi8(in, before, 13);
	__m256i cls = _mm256_and_si256(
	        _mm256_and_si256(
	                _mm256_shuffle_epi8(t->hi1, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nib)),
	                _mm256_shuffle_epi8(t->lo1, _mm256_and_si256(prev1, nib))),
	        _mm256_shuffle_epi8(t->hi2, _mm256_and_si256(_mm256_srli_epi16(in, 4), nib)));
	__m256i due = _mm256_and_si256(
	        _mm256_or_si256(_mm256_subs_epu8(prev2, _mm256_set1_epi8(0xE0 - 0x80)),
	                        _mm256_subs_epu8(prev3, _mm256_set1_epi8(0xF0 - 0x80))),
	        _mm256_set1_epi8((char)0x80));
	return _mm256_xor_si256(cls, due);
}
#endif

/* How many of the bytes before `end` belong to a sequence that bytes after it must finish
 * (its lead byte is one of the last three), in text known well-formed so far; end - 3 and
 * on must be readable. */
ZS_INLINE size_t zs_utf8_cut(const unsigned char *end)
{
	if (end[-1] >= 0xC0) {
		return 1;
	}
	if (end[-2] >= 0xE0) {
		return 2;
	}
	return end[-3] >= 0xF0 ? 3 : 0;
}

/* True when the CPU runs SSSE3 code, which the vector UTF-8 checks need (x86 only). */
bool zs_cpu_ssse3(void);

/* True when all of s[0..len) is well-formed UTF-8 by the same rules. */
bool zs_utf8_valid(const unsigned char *s, size_t len);

/* Escapes the characters of s that start before offset `soft` (soft <= len; a character
 * may run past soft but never past len) into out, which has ZS_ESC_ROOM(soft) bytes.
 * Returns the bytes written and sets *consumed (>= soft unless an error stopped it), or
 * returns ZS_ESC_BAD_UTF8 for ill-formed input that `flags` neither ignore nor
 * substitute; out then holds garbage. */
size_t zs_json_escape(unsigned char *out, const unsigned char *s, size_t len, size_t soft,
                      uint32_t flags, size_t *consumed);

#endif /* ZS_UTF8_H */
