/* zser — SPDX-License-Identifier: MIT
 *
 * double -> text as PHP writes it for serialize_precision -1 (json_encode, var_export):
 * the shortest digit string that reads back to the same double, the closest one when
 * several are that short, laid out like zend_gcvt() with 17 as its precision. Other
 * precisions are not handled here: the extension hands those to PHP's own formatter.
 */
#ifndef ZS_DTOA_H
#define ZS_DTOA_H

#include "zs_common.h"

/* Longest output of zs_dtoa_shortest: "-1.2345678901234567e-308" and friends. */
#define ZS_DTOA_SHORTEST_MAX 32

/* Shortest round-trip digits of a finite, non-zero |d|: d == digits * 10^exp10 after
 * reading back, digits has no trailing zeros and at most 17 decimal digits. */
void zs_dtoa_digits(double d, uint64_t *digits, int *exp10);

/* Writes finite d into out (at least ZS_DTOA_SHORTEST_MAX bytes, no NUL added) using
 * exp_char before the exponent; returns the length. NaN and infinities are the caller's
 * business (PHP never formats them on this path). */
size_t zs_dtoa_shortest(double d, char exp_char, char *out);

#endif /* ZS_DTOA_H */
