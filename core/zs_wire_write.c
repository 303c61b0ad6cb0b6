/* zser — SPDX-License-Identifier: MIT
 *
 * The out-of-line part of the writer primitives: the binary32 test of FORMAT.md §4.2,
 * kept here so that no caller needs <float.h> rules about out-of-range conversions.
 */
#include "zs_wire_write.h"

#include <float.h>

bool zs_wire_float_is_f32(double d, uint32_t *bits32)
{
	float f;
	double back;
	uint64_t a, b;

	/* Converting a finite double beyond FLT_MAX to float is undefined behaviour in C. */
	if (d == d && (d > FLT_MAX || d < -FLT_MAX) && d - d == d - d) {
		return false;
	}
	f = (float)d;
	back = (double)f;
	memcpy(&a, &d, 8);
	memcpy(&b, &back, 8);
	if (a != b) {
		return false;
	}
	memcpy(bits32, &f, 4);
	return true;
}
