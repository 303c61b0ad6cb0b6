/* zser — SPDX-License-Identifier: MIT
 *
 * The Iterator rules that JsondLines and JsondStream share with a Generator: one pass,
 * forward only, started on first use (the first value is looked for by the first rewind(),
 * valid(), current(), key() or next()), and rewind() refused once next() has run. Each
 * object keeps a zser_json_pass and its current value, and gives the function that looks for
 * its next value (leaving the current one UNDEF at the end or after an error).
 */
#ifndef ZSER_JSON_PASS_H
#define ZSER_JSON_PASS_H

#include "php.h"
#include "zend_exceptions.h"

typedef struct zser_json_pass {
	bool started;  /* the first value was looked for */
	bool advanced; /* next() ran: rewind() can no longer go back */
} zser_json_pass;

typedef void (*zser_json_pass_fetch)(void *obj);

static zend_always_inline void zser_json_pass_start(zser_json_pass *ps, zser_json_pass_fetch fetch,
                                                    void *obj)
{
	if (!ps->started) {
		ps->started = true;
		fetch(obj);
	}
}

/* rewind(): false, with the exception thrown, once the iterator has advanced. */
static inline bool zser_json_pass_rewind(zser_json_pass *ps, zser_json_pass_fetch fetch, void *obj,
                                         const char *class_name)
{
	if (ps->advanced) {
		zend_throw_exception_ex(NULL, 0, "Cannot rewind %s after it advanced", class_name);
		return false;
	}
	zser_json_pass_start(ps, fetch, obj);
	return true;
}

/* valid(), current() and key(): the current value, or NULL when there is none. */
static zend_always_inline zval *zser_json_pass_current(zser_json_pass *ps, zval *current,
                                                       zser_json_pass_fetch fetch, void *obj)
{
	zser_json_pass_start(ps, fetch, obj);
	return Z_TYPE_P(current) != IS_UNDEF ? current : NULL;
}

/* next(): the first value is looked for first when nothing was (and an error there ends
 * the step), then the one after it. */
static inline void zser_json_pass_forward(zser_json_pass *ps, zser_json_pass_fetch fetch, void *obj)
{
	if (!ps->started) {
		zser_json_pass_start(ps, fetch, obj);
		if (EG(exception)) {
			return;
		}
	}
	ps->advanced = true;
	fetch(obj);
}

#endif /* ZSER_JSON_PASS_H */
