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

/* ==== Runs of string text, 16 bytes at a time with SSSE3 ==== */

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_TEXT_SIMD 1

__attribute__((target("ssse3"))) static const unsigned char *
skip_text_ssse3(const unsigned char *p, const unsigned char *end)
{
	const zs_utf8_kl t = zs_utf8_kl_load();
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
	const __m128i below_space = _mm_set1_epi8(0x1F);
	__m128i prev = _mm_setzero_si128(); /* p starts a character: as if ASCII came before */
	const unsigned char *good = p;      /* all before it is known good text */

	while (end - p >= 16) {
		__m128i in = _mm_loadu_si128((const __m128i *)(const void *)p);
		/* '"', '\\' or a byte below 0x20 (unsigned: min(b, 0x1F) == b) ends the run */
		__m128i stop =
		        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(in, quote), _mm_cmpeq_epi8(in, bslash)),
		                     _mm_cmpeq_epi8(_mm_min_epu8(in, below_space), in));
		__m128i bad = _mm_or_si128(zs_utf8_errors16(&t, in, prev), stop);
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) != 0xFFFF) {
			break;
		}
		p += 16;
		good = p - zs_utf8_cut(p);
		prev = in;
	}
	return good;
}

const unsigned char *zs_json_skip_text(const unsigned char *p, const unsigned char *end)
{
	return zs_cpu_ssse3() ? skip_text_ssse3(p, end) : p;
}
#else
const unsigned char *zs_json_skip_text(const unsigned char *p, const unsigned char *end)
{
	(void)end;
	return p;
}
#endif
