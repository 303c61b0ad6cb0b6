/* zser — SPDX-License-Identifier: MIT
 *
 * Float spelling for the dumps: the shortest decimal that reads back to the same double (what
 * PHP prints with serialize_precision = -1), laid out like var_dump(): plain digits while the
 * decimal exponent is within [-4, 17), otherwise d.dddE+x with at least one fraction digit.
 */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void cli_format_double(double d, char *buf, size_t n)
{
	char tmp[40], digits[24];
	int prec, lo, hi, exp10, nd = 0, i;
	char *e, *p;
	size_t o = 0;

	if (isnan(d)) {
		snprintf(buf, n, "NAN");
		return;
	}
	if (isinf(d)) {
		snprintf(buf, n, d < 0 ? "-INF" : "INF");
		return;
	}
	/* Round-tripping is monotonic in the digit count, so search for the smallest count. */
	lo = 1;
	hi = 17;
	while (lo < hi) {
		prec = (lo + hi) / 2;
		snprintf(tmp, sizeof(tmp), "%.*e", prec - 1, d);
		if (strtod(tmp, NULL) == d) {
			hi = prec;
		} else {
			lo = prec + 1;
		}
	}
	snprintf(tmp, sizeof(tmp), "%.*e", lo - 1, d);
	/* tmp is [-]D[.DDD]e[+-]XX: collect the digits and the exponent. */
	p = tmp;
	if (*p == '-') {
		p++;
	}
	e = strchr(p, 'e');
	exp10 = e ? atoi(e + 1) : 0;
	for (; p < e && nd < (int)sizeof(digits) - 1; p++) {
		if (*p >= '0' && *p <= '9') {
			digits[nd++] = *p;
		}
	}
	while (nd > 1 && digits[nd - 1] == '0') {
		nd--;
	}
	digits[nd] = '\0';
	if (signbit(d) && o + 1 < n) {
		buf[o++] = '-';
	}
	if (d == 0) {
		snprintf(buf + o, n - o, "0");
		return;
	}
	if (exp10 < -4 || exp10 >= 17) {
		snprintf(buf + o, n - o, "%c.%sE%c%d", digits[0], nd > 1 ? digits + 1 : "0",
		         exp10 < 0 ? '-' : '+', abs(exp10));
		return;
	}
	if (exp10 < 0) {
		/* 0.000ddd */
		o += (size_t)snprintf(buf + o, n - o, "0.");
		for (i = -1; i > exp10 && o + 1 < n; i--) {
			buf[o++] = '0';
		}
		snprintf(buf + o, n - o, "%s", digits);
		return;
	}
	for (i = 0; i <= exp10 || i < nd; i++) {
		if (i == exp10 + 1 && o + 1 < n) {
			buf[o++] = '.';
		}
		if (o + 1 < n) {
			buf[o++] = i < nd ? digits[i] : '0';
		}
	}
	buf[o < n ? o : n - 1] = '\0';
}
