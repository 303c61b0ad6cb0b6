/* zser — SPDX-License-Identifier: MIT
 *
 * Float spelling for the dumps: the core's shortest round-trip formatter (zs_dtoa, what PHP
 * prints with serialize_precision = -1, laid out like var_dump(): 1.0E+25, 0.0001, -0), plus
 * the NAN and INF spellings that formatter leaves to its caller.
 */
#include "cli.h"
#include "zs_dtoa.h"

#include <math.h>

void cli_format_double(double d, char *buf, size_t n)
{
	char tmp[ZS_DTOA_SHORTEST_MAX + 1];
	size_t len;

	if (n == 0) {
		return;
	}
	if (isnan(d)) {
		snprintf(buf, n, "NAN");
		return;
	}
	if (isinf(d)) {
		snprintf(buf, n, d < 0 ? "-INF" : "INF");
		return;
	}
	len = zs_dtoa_shortest(d, 'E', tmp);
	tmp[len] = '\0';
	snprintf(buf, n, "%s", tmp);
}
