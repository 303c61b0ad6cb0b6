/* zser — SPDX-License-Identifier: MIT
 *
 * The out-of-line parts of the JSON lexer (zs_json_lex.h): whitespace runs and the slow half
 * of string decoding, entered at the first escape or malformed byte.
 */
#include "zs_json_lex.h"

#include "zs_grow.h"

const unsigned char zs_json_plain_byte[256] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

const double zs_json_pow10_exact[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

const uint64_t zs_json_pow10_u64[8] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000};

const unsigned char *zs_json_skip_ws_run(const unsigned char *p, const unsigned char *end)
{
	for (;;) {
		while (*p == '\n' || *p == '\r' || *p == '\t') {
			p++;
		}
		if (*p != ' ') {
			return p;
		}
#if defined(__SSE2__)
		while (end - p >= 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
			unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
			if (mask != 0xFFFF) {
				p += zs_json_ctz(~mask);
				break;
			}
			p += 16;
		}
#else
		(void)end;
#endif
		while (*p == ' ') {
			p++;
		}
	}
}

static int hex_val(unsigned char c)
{
	if (c >= '0' && c <= '9') {
		return c - '0';
	}
	c |= 0x20;
	if (c >= 'a' && c <= 'f') {
		return c - 'a' + 10;
	}
	return -1;
}

/* The four hex digits at p as a code unit, or -1. Stops at the first non-hex byte, so that
 * it never reads past the text's final NUL. */
static int hex4(const unsigned char *p)
{
	int a, b, c, d;
	if ((a = hex_val(p[0])) < 0 || (b = hex_val(p[1])) < 0 || (c = hex_val(p[2])) < 0 ||
	    (d = hex_val(p[3])) < 0) {
		return -1;
	}
	return (a << 12) | (b << 8) | (c << 4) | d;
}

/* Room for `need` bytes in the scratch buffer (doubling from 256). */
static bool scratch_room(zs_json_scratch *sc, size_t need)
{
	void *p = sc->buf;
	if (need <= sc->cap) {
		return true;
	}
	if (!zs_grow(sc->alloc, &p, &sc->cap, need, 1, 256)) {
		return false;
	}
	sc->buf = p;
	return true;
}

static int fail(const unsigned char **endp, const unsigned char *at, int err)
{
	*endp = at;
	return err;
}

int zs_json_lex_string_rest(zs_json_scratch *sc, unsigned flags, const unsigned char *start,
                            const unsigned char *p, const unsigned char *end,
                            const unsigned char **endp, zs_json_strview *out)
{
	const bool build = out != NULL;
	size_t o = 0;

	/* Room for n more bytes (build only). */
#define NEED(n)                                                 \
	do {                                                        \
		if (build && ZS_UNLIKELY(!scratch_room(sc, o + (n)))) { \
			return fail(endp, p, ZS_JSON_LEX_NOMEM);            \
		}                                                       \
	} while (0)
#define PUT(c)                        \
	do {                              \
		if (build) {                  \
			sc->buf[o++] = (char)(c); \
		}                             \
	} while (0)

	if (build) {
		NEED((size_t)(p - start) + 16);
		memcpy(sc->buf, start, (size_t)(p - start));
		o = (size_t)(p - start);
	}
	for (;;) {
		const unsigned char *q = zs_json_skip_plain(p, end);
		unsigned char c;
		if (build && q > p) {
			NEED((size_t)(q - p) + 16);
			memcpy(sc->buf + o, p, (size_t)(q - p));
			o += (size_t)(q - p);
		}
		p = q;
		c = *p;
		if (c == '"') {
			break;
		}
		if (c >= 0x80) {
			size_t n = zs_utf8_len(p, ZS_UTF8_NUL_ENDED);
			if (n) {
				const unsigned char *run = p + n;
				if (*run >= 0x80 && end - run >= 32) {
					/* non-Latin text: whole blocks at a time */
					run = zs_json_skip_text(run, end);
				}
				NEED((size_t)(run - p) + 4);
				if (build) {
					memcpy(sc->buf + o, p, (size_t)(run - p));
					o += (size_t)(run - p);
				}
				p = run;
				continue;
			}
			if (!(flags & (ZS_JSON_LEX_UTF8_IGNORE | ZS_JSON_LEX_UTF8_SUBST))) {
				return fail(endp, p, ZS_JSON_LEX_UTF8);
			}
			if (flags & ZS_JSON_LEX_UTF8_SUBST) {
				NEED(3);
				PUT(0xEF);
				PUT(0xBF);
				PUT(0xBD);
			}
			p++;
			continue;
		}
		if (c != '\\') {
			return fail(endp, p, ZS_JSON_LEX_CTRL_CHAR);
		}
		NEED(4);
		switch (p[1]) {
		case '"':
		case '\\':
		case '/':
			PUT(p[1]);
			break;
		case 'b':
			PUT('\b');
			break;
		case 'f':
			PUT('\f');
			break;
		case 'n':
			PUT('\n');
			break;
		case 'r':
			PUT('\r');
			break;
		case 't':
			PUT('\t');
			break;
		case 'u': {
			int cu = hex4(p + 2);
			if (cu < 0) {
				return fail(endp, p, ZS_JSON_LEX_SYNTAX);
			}
			if ((cu & 0xF800) == 0xD800) {
				/* Only a high surrogate directly followed by an escaped low one pairs up. */
				int lo = cu < 0xDC00 && p[6] == '\\' && p[7] == 'u' ? hex4(p + 8) : -1;
				unsigned cp;
				if (lo < 0xDC00 || lo > 0xDFFF) {
					return fail(endp, p, ZS_JSON_LEX_UTF16);
				}
				cp = 0x10000 + (((unsigned)cu & 0x3FF) << 10) + ((unsigned)lo & 0x3FF);
				PUT(0xF0 | (cp >> 18));
				PUT(0x80 | ((cp >> 12) & 0x3F));
				PUT(0x80 | ((cp >> 6) & 0x3F));
				PUT(0x80 | (cp & 0x3F));
				p += 12;
				continue;
			}
			if (cu < 0x80) {
				PUT(cu);
			} else if (cu < 0x800) {
				PUT(0xC0 | (cu >> 6));
				PUT(0x80 | (cu & 0x3F));
			} else {
				PUT(0xE0 | (cu >> 12));
				PUT(0x80 | ((cu >> 6) & 0x3F));
				PUT(0x80 | (cu & 0x3F));
			}
			p += 6;
			continue;
		}
		default:
			return fail(endp, p, ZS_JSON_LEX_SYNTAX);
		}
		p += 2;
	}
#undef NEED
#undef PUT
	*endp = p + 1;
	if (build) {
		out->s = sc->buf;
		out->len = o;
		out->plain = false;
	}
	return ZS_JSON_LEX_OK;
}

/* ==== Runs of string text, 32 bytes at a time with AVX2, 16 with SSSE3 ==== */

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))

/* Where the scan ends in the block at p that holds a byte ending the run (stop: bit i for a
 * '"', '\\' or control byte at p + i) or ill-formed UTF-8 (err: bit i where the pair check
 * flags p + i): at the first stop byte when nothing is flagged up to it, as a string's closing
 * quote usually is, else at good. A character that the stop byte cuts is flagged at the stop
 * byte itself (the pair of its lead byte and the stop byte, or the missing third or fourth
 * byte), so the bytes before an unflagged stop byte are whole characters. */
ZS_INLINE const unsigned char *stopped_at(const unsigned char *p, uint32_t stop, uint32_t err,
                                          const unsigned char *good)
{
	if (stop != 0) {
		uint32_t first = stop & (0u - stop);
		if ((err & (first | (first - 1))) == 0) {
			return p + zs_json_ctz(first);
		}
	}
	return good;
}

/* 16 bytes at a time from p, where prev holds the 16 bytes before p (zeros at a character
 * start); *good: all before it is known good text. */
static inline __attribute__((always_inline, target("ssse3"))) const unsigned char *
skip_text16(const unsigned char *p, const unsigned char *end, __m128i prev,
            const unsigned char *good)
{
	const zs_utf8_kl t = zs_utf8_kl_load();
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
	const __m128i below_space = _mm_set1_epi8(0x1F);

	while (end - p >= 16) {
		__m128i in = _mm_loadu_si128((const __m128i *)(const void *)p);
		/* '"', '\\' or a byte below 0x20 (unsigned: min(b, 0x1F) == b) ends the run */
		__m128i stop =
		        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(in, quote), _mm_cmpeq_epi8(in, bslash)),
		                     _mm_cmpeq_epi8(_mm_min_epu8(in, below_space), in));
		__m128i err = zs_utf8_errors16(&t, in, prev);
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_or_si128(err, stop), _mm_setzero_si128())) !=
		    0xFFFF) {
			return stopped_at(
			        p, (uint32_t)_mm_movemask_epi8(stop),
			        ~(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(err, _mm_setzero_si128())), good);
		}
		p += 16;
		good = p - zs_utf8_cut(p);
		prev = in;
	}
	return good;
}

__attribute__((target("ssse3"))) static const unsigned char *
skip_text_ssse3(const unsigned char *p, const unsigned char *end)
{
	/* p starts a character: as if ASCII came before */
	return skip_text16(p, end, _mm_setzero_si128(), p);
}

/* Whole 32-byte blocks, then one of 16 when it fits before the block that stopped: the text
 * the byte-wise scan is left is as short as with 16-byte blocks alone. */
__attribute__((target("avx2"))) static const unsigned char *skip_text_avx2(const unsigned char *p,
                                                                           const unsigned char *end)
{
	const zs_utf8_kl32 t = zs_utf8_kl32_load();
	const __m256i quote = _mm256_set1_epi8('"'), bslash = _mm256_set1_epi8('\\');
	const __m256i below_space = _mm256_set1_epi8(0x1F);
	__m256i prev = _mm256_setzero_si256();
	const unsigned char *good = p;

	while (end - p >= 32) {
		__m256i in = _mm256_loadu_si256((const __m256i *)(const void *)p);
		__m256i stop = _mm256_or_si256(
		        _mm256_or_si256(_mm256_cmpeq_epi8(in, quote), _mm256_cmpeq_epi8(in, bslash)),
		        _mm256_cmpeq_epi8(_mm256_min_epu8(in, below_space), in));
		__m256i err = zs_utf8_errors32(&t, in, prev);
		__m256i bad = _mm256_or_si256(err, stop);
		if (!_mm256_testz_si256(bad, bad)) {
			const unsigned char *q = stopped_at(
			        p, (uint32_t)_mm256_movemask_epi8(stop),
			        ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(err, _mm256_setzero_si256())),
			        p);
			if (q != p) {
				return q; /* the rest of a short string, its closing quote usually */
			}
			break;
		}
		p += 32;
		good = p - zs_utf8_cut(p);
		prev = in;
	}
	return skip_text16(p, end, _mm256_extracti128_si256(prev, 1), good);
}

static int have_avx2 = -1;

static bool cpu_avx2(void)
{
	if (ZS_UNLIKELY(have_avx2 < 0)) {
		have_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
	}
	return have_avx2 != 0;
}

const unsigned char *zs_json_skip_text_isa(const unsigned char *p, const unsigned char *end,
                                           zs_json_text_isa isa)
{
	switch (isa) {
	case ZS_JSON_TEXT_BEST:
		return cpu_avx2() ? skip_text_avx2(p, end) : zs_cpu_ssse3() ? skip_text_ssse3(p, end) : p;
	case ZS_JSON_TEXT_AVX2:
		return cpu_avx2() ? skip_text_avx2(p, end) : p;
	case ZS_JSON_TEXT_SSSE3:
		return zs_cpu_ssse3() ? skip_text_ssse3(p, end) : p;
	default:
		return p;
	}
}

bool zs_json_skip_text_runs(zs_json_text_isa isa)
{
	switch (isa) {
	case ZS_JSON_TEXT_BEST:
	case ZS_JSON_TEXT_SSSE3:
		return zs_cpu_ssse3();
	case ZS_JSON_TEXT_AVX2:
		return cpu_avx2();
	default:
		return false;
	}
}
#else
const unsigned char *zs_json_skip_text_isa(const unsigned char *p, const unsigned char *end,
                                           zs_json_text_isa isa)
{
	(void)end;
	(void)isa;
	return p;
}

bool zs_json_skip_text_runs(zs_json_text_isa isa)
{
	(void)isa;
	return false;
}
#endif

const unsigned char *zs_json_skip_text(const unsigned char *p, const unsigned char *end)
{
	return zs_json_skip_text_isa(p, end, ZS_JSON_TEXT_BEST);
}
