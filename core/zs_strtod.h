/* zser — SPDX-License-Identifier: MIT
 *
 * Decimal text -> double, correctly rounded (round to nearest, ties to even), for the JSON
 * decoder. Two exact fast paths decide almost every input: Clinger's (the mantissa and the
 * power of ten are both exact doubles) and Eisel-Lemire's (a 128-bit product with 5^q).
 * What they cannot decide (exact halfway ties, subnormal results, long mantissas whose
 * truncation straddles a rounding boundary) goes to a fallback the caller supplies, so the
 * result is always the one a correctly rounding strtod gives. No locale, no hex floats, no
 * "inf"/"nan" words: only the JSON number grammar.
 */
#ifndef ZS_STRTOD_H
#define ZS_STRTOD_H

#include "zs_common.h"

/* Returns the correctly rounded double of the text [s, s + len). Called only for the
 * inputs the fast paths leave undecided; s is the start of the number in the caller's
 * buffer, which continues after len (a NUL or a JSON delimiter follows). */
typedef double (*zs_strtod_fallback)(const char *s, size_t len, void *ctx);

/* The value w * 10^q with sign `neg`, where w holds the first (at most 19) significant
 * digits. `truncated` says that nonzero digits followed those in w. On success stores the
 * correctly rounded double in *out and returns true; returns false when only a full
 * bignum comparison can decide (the caller then uses its fallback). */
bool zs_strtod_decimal(uint64_t w, int64_t q, bool neg, bool truncated, double *out);

/* Parses the JSON number at s (RFC 8259 grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)
 * of exactly len bytes, already validated by the caller. Exponents of any size are
 * accepted (they saturate to 0 or infinity as strtod does). */
double zs_strtod_json(const char *s, size_t len, zs_strtod_fallback fallback, void *ctx);

#endif /* ZS_STRTOD_H */
