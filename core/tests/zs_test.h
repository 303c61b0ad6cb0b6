// zser — SPDX-License-Identifier: MIT
//
// The smallest test harness: ZS_CHECK records a failure with its line and goes on, and
// zs_test_done() prints the per-file summary line that the test runner adds up.
#ifndef ZS_TEST_H
#define ZS_TEST_H

#include <stdio.h>

static int zs_test_checks;
static int zs_test_failures;

#define ZS_CHECK(expr)                                                               \
	do {                                                                             \
		zs_test_checks++;                                                            \
		if (!(expr)) {                                                               \
			zs_test_failures++;                                                      \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #expr); \
		}                                                                            \
	} while (0)

static inline int zs_test_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, zs_test_checks, zs_test_failures);
	return zs_test_failures == 0 && zs_test_checks > 0 ? 0 : 1;
}

#endif
