// zser — SPDX-License-Identifier: MIT
//
// zs_utf8_decode / zs_utf8_len / zs_utf8_valid / zs_json_escape against a deliberately plain
// reference: a decoder that reads the sequence length from the lead byte and then applies
// PHP's rules one by one, and a byte-at-a-time escaper built on it. Random strings (mixes
// of ASCII, specials, valid and broken sequences), every flag combination, and random
// chunking (the `soft` limit) must give byte-identical output.
/* mmap()'s MAP_ANONYMOUS under -std=c99 */
#define _DEFAULT_SOURCE 1

#include "zs_utf8.h"
#include "zs_test.h"

#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define HAVE_GUARD_PAGE 1
#endif

static uint64_t rng = 0x243F6A8885A308D3u;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static int is_trail(unsigned c)
{
	return c >= 0x80 && c <= 0xBF;
}

static int is_lead(unsigned c)
{
	return c < 0x80 || (c >= 0xC2 && c <= 0xF4);
}

// Reference: returns the code point or -1, and the bytes spanned/skipped.
static long ref_decode(const unsigned char *s, size_t avail, size_t *adv)
{
	unsigned c = s[0];
	size_t need, k;
	long cp;
	if (c < 0x80) {
		*adv = 1;
		return c;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		need = 2;
	} else if (c >= 0xE0 && c <= 0xEF) {
		need = 3;
	} else if (c >= 0xF0 && c <= 0xF4) {
		need = 4;
	} else {
		*adv = 1;
		return -1;
	}
	// Any missing or non-trail byte: skip up to (not including) the first byte that is
	// missing or a possible lead; a non-lead, non-trail byte is swallowed.
	for (k = 1; k < need; k++) {
		if (k >= avail || !is_trail(s[k])) {
			size_t j;
			for (j = 1; j < need; j++) {
				if (j >= avail || is_lead(s[j])) {
					break;
				}
			}
			*adv = j;
			return -1;
		}
	}
	*adv = need;
	cp = c & (need == 2 ? 0x1F : need == 3 ? 0x0F : 0x07);
	for (k = 1; k < need; k++) {
		cp = (cp << 6) | (s[k] & 0x3F);
	}
	if ((need == 2 && cp < 0x80) || (need == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
	    (need == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
		return -1;
	}
	return cp;
}

static size_t put_u(unsigned char *o, unsigned long u)
{
	return (size_t)sprintf((char *)o, "\\u%04lx", u);
}

// Reference escaper: returns the length, or SIZE_MAX on a failing string.
static size_t ref_escape(unsigned char *out, const unsigned char *s, size_t len, uint32_t f)
{
	size_t pos = 0, o = 0, adv;
	while (pos < len) {
		unsigned c = s[pos];
		if (c >= 0x80) {
			long cp = ref_decode(s + pos, len - pos, &adv);
			if (cp < 0) {
				if (f & ZS_ESC_INVALID_UTF8_IGNORE) {
				} else if (f & ZS_ESC_INVALID_UTF8_SUBSTITUTE) {
					if (f & ZS_ESC_UNESCAPED_UNICODE) {
						memcpy(out + o, "\xEF\xBF\xBD", 3);
						o += 3;
					} else {
						o += put_u(out + o, 0xFFFD);
					}
				} else {
					return SIZE_MAX;
				}
			} else if ((f & ZS_ESC_UNESCAPED_UNICODE) && ((f & ZS_ESC_UNESCAPED_LINE_TERMINATORS) ||
			                                              (cp != 0x2028 && cp != 0x2029))) {
				memcpy(out + o, s + pos, adv);
				o += adv;
			} else if (cp >= 0x10000) {
				o += put_u(out + o, 0xD800 + ((unsigned long)(cp - 0x10000) >> 10));
				o += put_u(out + o, 0xDC00 + ((unsigned long)(cp - 0x10000) & 0x3FF));
			} else {
				o += put_u(out + o, (unsigned long)cp);
			}
			pos += adv;
			continue;
		}
		pos++;
		if (c == '"') {
			o += (f & ZS_ESC_HEX_QUOT) ? (size_t)sprintf((char *)out + o, "\\u0022")
			                           : (size_t)sprintf((char *)out + o, "\\\"");
		} else if (c == '\\') {
			o += (size_t)sprintf((char *)out + o, "\\\\");
		} else if (c == '/' && !(f & ZS_ESC_UNESCAPED_SLASHES)) {
			o += (size_t)sprintf((char *)out + o, "\\/");
		} else if (c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t') {
			out[o++] = '\\';
			out[o++] = c == '\b' ? 'b' : c == '\f' ? 'f' : c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
		} else if (c < 0x20) {
			o += put_u(out + o, c);
		} else if ((c == '<' || c == '>') && (f & ZS_ESC_HEX_TAG)) {
			o += (size_t)sprintf((char *)out + o, c == '<' ? "\\u003C" : "\\u003E");
		} else if (c == '&' && (f & ZS_ESC_HEX_AMP)) {
			o += (size_t)sprintf((char *)out + o, "\\u0026");
		} else if (c == '\'' && (f & ZS_ESC_HEX_APOS)) {
			o += (size_t)sprintf((char *)out + o, "\\u0027");
		} else {
			out[o++] = (unsigned char)c;
		}
	}
	return o;
}

static const char *const pieces[] = {"a",
                                     "plain ascii text ",
                                     "/",
                                     "\\",
                                     "\"",
                                     "'",
                                     "<",
                                     ">",
                                     "&",
                                     "\n",
                                     "\t",
                                     "\x01",
                                     "\x1f",
                                     "\x7f",
                                     "\xc3\xa9",
                                     "\xe2\x82\xac",
                                     "\xf0\x9f\x98\x80",
                                     "\xe2\x80\xa8",
                                     "\xe2\x80\xa9",
                                     "\xef\xbf\xbf",
                                     "\xf4\x8f\xbf\xbf",
                                     "\xff",
                                     "\xc0\x80",
                                     "\xe0\x80\x80",
                                     "\xed\xa0\x80",
                                     "\xc3",
                                     "\xe2\x82",
                                     "\xf0\x9f\x98",
                                     "\x80",
                                     "\xbf",
                                     "\xf5\x80\x80\x80",
                                     "\xf4\x90\x80\x80",
                                     "\xc2\xc0",
                                     "\xe0\x80\xc0",
                                     "\xf0\x80\x80\xc1",
                                     "0123456789abcdefghijklmnopqrstuvwxyz"};

static const uint32_t all_flags[] = {ZS_ESC_HEX_TAG,
                                     ZS_ESC_HEX_AMP,
                                     ZS_ESC_HEX_APOS,
                                     ZS_ESC_HEX_QUOT,
                                     ZS_ESC_UNESCAPED_SLASHES,
                                     ZS_ESC_UNESCAPED_UNICODE,
                                     ZS_ESC_UNESCAPED_LINE_TERMINATORS,
                                     ZS_ESC_INVALID_UTF8_IGNORE,
                                     ZS_ESC_INVALID_UTF8_SUBSTITUTE};

// zs_json_escape driven in random chunks, as the extension drives it. With `guard`, each call's
// ZS_ESC_ROOM(soft) bytes of room are followed by a guard: a byte written past them (the block
// copies write ahead of the output) is an overflow.
static size_t chunked_escape(unsigned char *out, const unsigned char *s, size_t len, uint32_t f,
                             bool guard)
{
	size_t pos = 0, o = 0;
	while (pos < len) {
		size_t rest = len - pos, consumed, k;
		size_t soft = 1 + rnd((uint32_t)(rest < 70 ? rest : 70));
		size_t n;
		if (guard) {
			memset(out + o + ZS_ESC_ROOM(soft), 0xA5, 32);
		}
		n = zs_json_escape(out + o, s + pos, rest, soft, f, &consumed);
		for (k = 0; guard && k < 32; k++) {
			if (out[o + ZS_ESC_ROOM(soft) + k] != 0xA5) {
				return SIZE_MAX - 2;
			}
		}
		if (n == ZS_ESC_BAD_UTF8) {
			return SIZE_MAX;
		}
		if (n > ZS_ESC_ROOM(soft) || consumed < soft || consumed > rest) {
			return SIZE_MAX - 1;
		}
		o += n;
		pos += consumed;
	}
	return o;
}

// A copy of s[0..len) (len <= 4096) that ends where an unreadable page starts, so that a
// read past the text faults; s itself where pages cannot be protected.
static const unsigned char *before_guard_page(const unsigned char *s, size_t len)
{
#ifdef HAVE_GUARD_PAGE
	static unsigned char *base;
	static size_t room;
	if (!base) {
		size_t page = (size_t)sysconf(_SC_PAGESIZE);
		void *m;
		room = (4096 + page - 1) / page * page;
		m = mmap(NULL, room + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (m == MAP_FAILED || mprotect((unsigned char *)m + room, page, PROT_NONE) != 0) {
			fprintf(stderr, "test_utf8: no guard page\n");
			exit(1);
		}
		base = m;
	}
	memcpy(base + room - len, s, len);
	return base + room - len;
#else
	(void)len;
	return s;
#endif
}

int main(void)
{
	static unsigned char s[4096], got[6 * 4096 + 128], want[6 * 4096 + 128];
	long i, bad_decode = 0, bad_len = 0, bad_escape = 0, bad_valid = 0;
	unsigned b0, b1, b2, b3;

	// Every 1-, 2- and 3-byte prefix (and a fixed 4th) decodes like the reference.
	for (b0 = 0x80; b0 < 0x100; b0++) {
		for (b1 = 0; b1 < 0x100; b1++) {
			for (b2 = 0; b2 < 0x100; b2 += 3) {
				unsigned char q[4] = {(unsigned char)b0, (unsigned char)b1, (unsigned char)b2,
				                      0x80};
				size_t avail, a1 = 0, a2 = 0;
				for (avail = 1; avail <= 4; avail++) {
					long r = ref_decode(q, avail, &a1);
					int32_t z = zs_utf8_decode(q, avail, &a2);
					bad_decode += r != z || a1 != a2;
				}
			}
		}
	}
	ZS_CHECK(bad_decode == 0);

	// zs_utf8_len, the scanners' test, calls a sequence well-formed exactly when the
	// reference decodes it (with its length): every lead byte, every second byte, the third
	// and fourth from a set with each class boundary, every readable length.
	{
		static const unsigned char tail[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F,
		                                     0xA0, 0xBF, 0xC0, 0xC2, 0xF4, 0xFF};
		for (b0 = 0x80; b0 < 0x100; b0++) {
			for (b1 = 0; b1 < 0x100; b1++) {
				for (b2 = 0; b2 < sizeof tail; b2++) {
					for (b3 = 0; b3 < sizeof tail; b3++) {
						unsigned char q[5] = {(unsigned char)b0, (unsigned char)b1, tail[b2],
						                      tail[b3], 0};
						size_t avail, adv = 0;
						for (avail = 1; avail <= 4; avail++) {
							long r = ref_decode(q, avail, &adv);
							size_t n = zs_utf8_len(q, avail);
							bad_len += r < 0 ? n != 0 : n != adv;
						}
						// a NUL-ended buffer: as if it ended at its NUL
						bad_len += zs_utf8_len(q, ZS_UTF8_NUL_ENDED) !=
						           zs_utf8_len(q, strlen((const char *)q));
					}
				}
			}
		}
	}
	ZS_CHECK(bad_len == 0);

	for (i = 0; i < 200000; i++) {
		size_t len = 0, n_want, n_got, k;
		uint32_t f = 0;
		int npieces = (int)rnd(i % 10 == 0 ? 120 : 12);
		while (npieces-- > 0) {
			const char *p = pieces[rnd(sizeof pieces / sizeof pieces[0])];
			size_t pl = strlen(p);
			if (len + pl > sizeof s) {
				break;
			}
			memcpy(s + len, p, pl);
			len += pl;
		}
		for (k = 0; k < sizeof all_flags / sizeof all_flags[0]; k++) {
			if (rnd(3) == 0) {
				f |= all_flags[k];
			}
		}
		n_want = ref_escape(want, s, len, f);
		n_got = chunked_escape(got, s, len, f, false);
		if (n_want != n_got || (n_want != SIZE_MAX && memcmp(want, got, n_want) != 0)) {
			if (bad_escape++ < 5) {
				fprintf(stderr, "escape mismatch: case %ld flags %#x len %zu\n", i, (unsigned)f,
				        len);
			}
		}
		{
			size_t pos = 0, adv;
			bool ok = true;
			while (pos < len) {
				if (ref_decode(s + pos, len - pos, &adv) < 0) {
					ok = false;
					break;
				}
				pos += adv;
			}
			bad_valid += ok != zs_utf8_valid(s, len);
		}
	}
	ZS_CHECK(bad_escape == 0);
	ZS_CHECK(bad_valid == 0);

	// URL-like text: several '/' a block among plain bytes (which the block copy escapes
	// without leaving the block), now and then another special after them, at every offset
	// against the chunks' `soft` limits and the end of the text. The text ends at an
	// unreadable page and each call's output room at a guard: neither may be passed.
	bad_escape = 0;
	for (i = 0; i < 100000; i++) {
		static const char *const url_pieces[] = {"/",  "/",          "/",  "a",
		                                         "bc", "github.com", "-x", "0123456789abcdefghij",
		                                         "\"", "\xc3\xa9",   "<",  "\n"};
		static const uint32_t url_flags[] = {0, ZS_ESC_UNESCAPED_SLASHES, ZS_ESC_HEX_TAG,
		                                     ZS_ESC_UNESCAPED_UNICODE,
		                                     ZS_ESC_HEX_TAG | ZS_ESC_UNESCAPED_UNICODE};
		size_t len = 0, n_want, n_got;
		uint32_t f = url_flags[rnd(5)];
		int npieces = (int)rnd(i % 10 == 0 ? 400 : 40);
		while (npieces-- > 0) {
			/* mostly slashes and plain text: another special in one piece of 20 */
			const char *p = url_pieces[rnd(20) == 0 ? 8 + rnd(4) : rnd(8)];
			size_t pl = strlen(p);
			if (len + pl > sizeof s) {
				break;
			}
			memcpy(s + len, p, pl);
			len += pl;
		}
		n_want = ref_escape(want, s, len, f);
		n_got = chunked_escape(got, before_guard_page(s, len), len, f, true);
		if (n_want != n_got || (n_want != SIZE_MAX && memcmp(want, got, n_want) != 0)) {
			if (bad_escape++ < 5) {
				fprintf(stderr, "URL-like escape mismatch: case %ld flags %#x len %zu%s\n", i,
				        (unsigned)f, len, n_got == SIZE_MAX - 2 ? " (written past the room)" : "");
			}
		}
	}
	ZS_CHECK(bad_escape == 0);
	return zs_test_done("test_utf8");
}
