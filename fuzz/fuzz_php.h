/* zser — SPDX-License-Identifier: MIT
 *
 * Embed-SAPI bootstrap shared by the PHP-level fuzz targets. It starts PHP once (with the
 * zser module registered as an additional module, no php.ini, Zend MM off so ASan sees every
 * allocation), runs inputs inside requests it shares between many of them, calls PHP functions by
 * name from C and records what they did: return value, exception (class, code, message) and the
 * warnings they raised. A fatal error, or any check a harness makes, aborts with the input printed,
 * which libFuzzer records as a crash. It does not know about any particular zser function.
 */
#ifndef FUZZ_PHP_H
#define FUZZ_PHP_H

#include <stddef.h>
#include <stdint.h>

#include "php.h"

/* Outcome of one call made through fz_call(). */
typedef struct fz_result {
	zval ret;              /* IS_UNDEF when the call threw */
	zend_string *ex_class; /* NULL when nothing was thrown */
	zend_long ex_code;
	zend_string *ex_message;
	int warnings;             /* E_WARNING / E_USER_WARNING raised during the call */
	int notices;              /* E_NOTICE / E_DEPRECATED and the like */
	zend_string *warning;     /* text of the last warning, NULL if none */
	zend_string *nth_warning; /* text of the warning numbered fz_capture_at (0-based), or NULL */
} fz_result;

/* Which warning of the next fz_call() to keep in nth_warning (-1: none). */
extern int fz_capture_at;

/* Starts PHP (once). `needed` is a NULL-terminated list of function names the target calls:
 * if one of them is missing or still throws "not implemented", the process prints why and
 * exits with FZ_EXIT_SKIP, which the scripts count as "skipped" (77 is libFuzzer's own
 * status for a finding). */
#define FZ_EXIT_SKIP 86
void fz_php_start(const char *target, const char *const *needed);

/* PHP code compiled at the start of every request, before any input runs in it (classes a
 * target's inputs name). Set before fz_php_start(). */
void fz_set_prelude(const char *php_code);

/* Brackets one input. Inputs share a request, 2000 to a request unless the environment says
 * otherwise (FUZZ_PHP_INPUTS_PER_REQUEST=1: one each); between two inputs the exception is
 * cleared, garbage cycles are collected and INI values are restored. */
void fz_request_begin(const uint8_t *data, size_t size);
void fz_request_end(void);

/* Calls the PHP function `name`; the caller frees the result with fz_result_free(). */
void fz_call(fz_result *r, const char *name, uint32_t argc, zval *argv);
void fz_result_free(fz_result *r);

/* serialize($v), or NULL when serialize() threw; the caller releases the string. */
zend_string *fz_serialize(zval *v);
/* The same through the PHP function `fn`, which calls serialize() (a prelude's judge). */
zend_string *fz_serialize_with(const char *fn, zval *v);

/* Sets an INI value for the rest of the current request. */
void fz_ini_set(const char *name, const char *value);

/* Reports a broken invariant: prints the message and the current input, then aborts. */
ZEND_COLD ZEND_NORETURN void fz_fail(const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);

/* Prints bytes escaped (serialize() output holds NULs that %s would cut), at most 2 KiB. */
void fz_show(const char *label, const void *bytes, size_t len);

/* fz_fail() unless both results agree on exception class, code and message. */
void fz_same_throw(const char *what, const fz_result *a, const fz_result *b);

/* Short printable description of a result, for failure messages (static buffer). */
const char *fz_describe(const fz_result *r);

#endif /* FUZZ_PHP_H */
