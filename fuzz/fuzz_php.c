/* zser — SPDX-License-Identifier: MIT
 *
 * Embed-SAPI bootstrap for the PHP-level fuzz targets (see fuzz_php.h). PHP is started once
 * with zser registered through php_module_startup()'s additional-module argument, the way a
 * statically built extension is; inputs then run in requests shared by many of them, with a
 * cheap reset between two. Zend MM is off, so every allocation is a malloc ASan checks and
 * LeakSanitizer finds unreachable once it is forgotten.
 * Calls are made from C under a frameless placeholder execute_data so that an exception stays
 * in EG(exception) for inspection instead of becoming an "Uncaught" fatal error.
 */
#include "fuzz_php.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sapi/embed/php_embed.h"
#include "zend_exceptions.h"

#include <sanitizer/allocator_interface.h>
#include <sanitizer/lsan_interface.h>
#include <sys/stat.h>

extern zend_module_entry zser_module_entry;

/* No php.ini is read (php_ini_ignore): these are all the settings the targets run with.
 * memory_limit does not apply with Zend MM off; libFuzzer's -rss_limit_mb and
 * -malloc_limit_mb take its place. */
static const char fz_ini[] = "html_errors=0\n"
                             "display_errors=0\n"
                             "display_startup_errors=1\n"
                             "log_errors=0\n"
                             "error_reporting=-1\n"
                             "memory_limit=-1\n"
                             "max_execution_time=0\n"
                             "output_buffering=0\n"
                             "implicit_flush=1\n"
                             "register_argc_argv=0\n"
                             "precision=14\n"
                             "serialize_precision=-1\n";

/* LeakSanitizer's end-of-process check also sees what libphp allocates once at startup and
 * never frees (function tables of the built-in modules); those are not ours. A leak made
 * while an input runs is reported at the end of that input, with zser's frames. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:zend_register_functions\n";
}

/* ASan fills a fresh malloc block with 0xbe, by default only its first 4 KiB. A zval read
 * before it is written then has a type byte with the refcounted flag and the pointer
 * 0xbebebebebebebebe, so releasing or following it faults instead of passing unseen (ASan
 * does not report reads of uninitialised memory as such). Object property tables, hash
 * buckets and packed arrays beyond 4 KiB get the same treatment. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "max_malloc_fill_size=1048576";
}

/* The suppression list would be printed at each request's leak check. */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
	return "print_suppressions=0";
}

static const char *fz_target = "fuzz";
static const uint8_t *fz_input;
static size_t fz_input_size;
static zend_execute_data fz_frame;
static int fz_warnings, fz_notices;
static zend_string *fz_last_warning, *fz_nth_warning;
int fz_capture_at = -1;
static void (*fz_prev_error_cb)(int type, zend_string *file, const uint32_t line,
                                zend_string *message);

void fz_show(const char *label, const void *bytes, size_t len)
{
	const unsigned char *p = bytes;
	size_t i, shown = len < 2048 ? len : 2048;

	fprintf(stderr, "%s (%zu bytes): \"", label, len);
	for (i = 0; i < shown; i++) {
		unsigned char c = p[i];
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			fputc(c, stderr);
		} else {
			fprintf(stderr, "\\x%02x", c);
		}
	}
	fprintf(stderr, "\"%s\n", shown < len ? " (cut)" : "");
}

static void print_input(void)
{
	fz_show("input", fz_input, fz_input_size);
}

void fz_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "\n==== %s: FINDING: ", fz_target);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (fz_input) {
		print_input();
	}
	fflush(stderr);
	abort();
}

/* Counts warnings for the harnesses and turns every fatal error into a finding: a decoder
 * must never end a request with "Allowed memory size exhausted" or any other E_ERROR. */
static void fz_error_cb(int type, zend_string *file, const uint32_t line, zend_string *message)
{
	int kind = type & E_ALL;

	if (kind &
	    (E_ERROR | E_CORE_ERROR | E_COMPILE_ERROR | E_USER_ERROR | E_RECOVERABLE_ERROR | E_PARSE)) {
		fz_fail("fatal error (type %d): %s", kind, ZSTR_VAL(message));
	}
	if (kind & (E_WARNING | E_USER_WARNING | E_CORE_WARNING | E_COMPILE_WARNING)) {
		if (fz_warnings == fz_capture_at && !fz_nth_warning) {
			fz_nth_warning = zend_string_copy(message);
		}
		fz_warnings++;
		if (fz_last_warning) {
			zend_string_release(fz_last_warning);
		}
		fz_last_warning = zend_string_copy(message);
	} else {
		fz_notices++;
	}
	fz_prev_error_cb(type, file, line, message);
}

static int fz_sapi_startup(sapi_module_struct *sf)
{
#if PHP_VERSION_ID >= 80400
	/* PHP 8.4's php_embed_init() points this at a constant and frees nothing. */
	sf->ini_entries = fz_ini;
#else
	/* php_embed_init() has just put its own INI text here (malloc'd, freed by
	 * php_embed_shutdown with free()); ours replaces it. */
	free(sf->ini_entries);
	sf->ini_entries = strdup(fz_ini);
#endif
	return php_module_startup(sf, &zser_module_entry);
}

/* Inputs share a request, FZ_INPUTS_PER_REQUEST (env FUZZ_PHP_INPUTS_PER_REQUEST) of them:
 * a request startup and shutdown, with the prelude's classes compiled again, cost more than
 * most inputs. Sharing also lets state that outlives one call (caches, handle and string
 * reuse) meet the next input, as it does in a real request. 1 gives every input a fresh one. */
#define FZ_INPUTS_PER_REQUEST 2000
static unsigned long fz_per_request = FZ_INPUTS_PER_REQUEST;
static unsigned long fz_in_request;
static bool fz_open;
static const char *fz_prelude;

static void fz_open_request(void)
{
	if (php_request_startup() == FAILURE) {
		fz_fail("php_request_startup failed");
	}
	fz_open = true;
	fz_in_request = 0;
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;
	/* As if a script were running: messages then name the function ("f(): ...") instead
	 * of "PHP Request Startup". */
	PG(during_request_startup) = 0;
	memset(&fz_frame, 0, sizeof(fz_frame));
	if (fz_prelude) {
		zend_try
		{
			if (zend_eval_string((char *)fz_prelude, NULL, "fuzz prelude") == FAILURE) {
				fz_fail("the prelude does not compile");
			}
		}
		zend_catch
		{
			fz_fail("the prelude bailed out");
		}
		zend_end_try();
		if (EG(exception)) {
			fz_fail("the prelude threw");
		}
	}
	EG(current_execute_data) = &fz_frame;
}

/* The inputs of the open request, kept so that a leak found when it closes can be traced
 * back to them. */
static uint8_t **fz_kept;
static size_t *fz_kept_size;
static size_t fz_kept_bytes;
/* Bytes allocated after the last request closed, the kept inputs aside. */
static size_t fz_baseline;

static void fz_keep(const uint8_t *data, size_t size)
{
	if (!fz_kept) {
		fz_kept = calloc(fz_per_request, sizeof(*fz_kept));
		fz_kept_size = calloc(fz_per_request, sizeof(*fz_kept_size));
		if (!fz_kept || !fz_kept_size) {
			fz_fail("out of memory");
		}
	}
	if (fz_kept[fz_in_request]) {
		fz_kept_bytes -= fz_kept_size[fz_in_request] ? fz_kept_size[fz_in_request] : 1;
	}
	free(fz_kept[fz_in_request]);
	fz_kept[fz_in_request] = malloc(size ? size : 1);
	fz_kept_bytes += size ? size : 1;
	if (!fz_kept[fz_in_request]) {
		fz_fail("out of memory");
	}
	memcpy(fz_kept[fz_in_request], data, size);
	fz_kept_size[fz_in_request] = size;
}

/* Writes the request's inputs to $FUZZ_PHP_LEAK_DIR (default: the current directory) as
 * leak-<pid>/input-<n>, for a replay that finds the one that leaks. */
static void fz_save_request(void)
{
	const char *dir = getenv("FUZZ_PHP_LEAK_DIR");
	char path[4096];
	unsigned long i;

	snprintf(path, sizeof(path), "%s/leak-%ld", dir && *dir ? dir : ".", (long)getpid());
	mkdir(path, 0777);
	for (i = 0; i < fz_in_request; i++) {
		char file[4200];
		FILE *f;

		snprintf(file, sizeof(file), "%s/input-%04lu", path, i);
		f = fopen(file, "wb");
		if (f) {
			fwrite(fz_kept[i], 1, fz_kept_size[i], f);
			fclose(f);
		}
	}
	fprintf(stderr, "the request's %lu inputs are in %s/\n", fz_in_request, path);
}

static void fz_close_request(void)
{
	/* libFuzzer's own leak check (after an input that allocated more than it freed) cannot
	 * tell a request's caches from a leak, and scans the heap again and again for nothing:
	 * the scripts turn it off (-detect_leaks=0) and this check, once a request is over,
	 * takes its place. One input to a request names the input that leaked. */
	size_t now;

	EG(current_execute_data) = NULL;
	php_request_shutdown(NULL);
	fz_open = false;
	/* A scan of the whole heap costs as much as hundreds of inputs: it is made only when
	 * the request left more allocated than there was before it (libFuzzer's corpus also
	 * grows then, early in a run). At exit LeakSanitizer checks everything anyway. */
	now = __sanitizer_get_current_allocated_bytes() - fz_kept_bytes;
	if (now <= fz_baseline && fz_baseline) {
		fz_baseline = now;
		return;
	}
	fz_baseline = now;
	if (__lsan_do_recoverable_leak_check()) {
		if (fz_in_request == 1) {
			fz_input = fz_kept[0];
			fz_input_size = fz_kept_size[0];
			fz_fail("memory leaked (LeakSanitizer's report above)");
		}
		fz_save_request();
		fz_fail("memory leaked by one of the last %lu inputs (LeakSanitizer's report above); "
		        "replay them with FUZZ_PHP_INPUTS_PER_REQUEST=1 to find which",
		        fz_in_request);
	}
}

/* At exit the open request is closed first, so that what it still holds (a compiled prelude's
 * blocks that only offsets point to) is not taken for a leak by the final check. */
static void fz_at_exit(void)
{
	if (fz_open) {
		fz_close_request();
	}
}

void fz_set_prelude(const char *php_code)
{
	fz_prelude = php_code;
}

void fz_request_begin(const uint8_t *data, size_t size)
{
	if (fz_open && fz_in_request >= fz_per_request) {
		fz_close_request();
	}
	if (!fz_open) {
		fz_open_request();
	}
	fz_keep(data, size);
	fz_in_request++;
	fz_input = data;
	fz_input_size = size;
	EG(current_execute_data) = &fz_frame;
}

void fz_request_end(void)
{
	if (EG(exception)) {
		zend_clear_exception();
	}
	/* Garbage cycles (a decoded object that points to itself) are collected now, so that the
	 * next input starts from what this one found, and so that at request shutdown, which
	 * frees the contents of live objects but not the objects themselves (with Zend MM the
	 * whole heap goes at once), they do not look like leaks. A reference count zser really
	 * leaked keeps its value out of reach of the collector. */
	zend_gc_collect_cycles();
	/* a destructor the collection ran may have thrown (a TypeError assigning to a typed
	 * reference): left set, the exception object outlived the request as a leak */
	if (EG(exception)) {
		zend_clear_exception();
	}
	/* INI values an input set (serialize_precision) go back to their defaults, as at
	 * request end. */
	zend_ini_deactivate();
	fz_input = NULL;
	fz_input_size = 0;
	if (fz_per_request <= 1) {
		fz_close_request();
	}
}

static zend_string *read_string_prop(zend_class_entry *scope, zend_object *obj, const char *name)
{
	zval rv, *p = zend_read_property(scope, obj, name, strlen(name), 1, &rv);
	return zval_get_string(p);
}

void fz_call(fz_result *r, const char *name, uint32_t argc, zval *argv)
{
	zend_function *fn = zend_hash_str_find_ptr(CG(function_table), name, strlen(name));

	memset(r, 0, sizeof(*r));
	ZVAL_UNDEF(&r->ret);
	if (!fn) {
		fz_fail("no PHP function %s()", name);
	}
	if (EG(exception)) {
		zend_clear_exception();
	}
	fz_warnings = fz_notices = 0;
	fz_last_warning = fz_nth_warning = NULL;
	zend_call_known_function(fn, NULL, NULL, &r->ret, argc, argv, NULL);
	r->warnings = fz_warnings;
	r->notices = fz_notices;
	r->warning = fz_last_warning;
	r->nth_warning = fz_nth_warning;
	fz_last_warning = fz_nth_warning = NULL;
	fz_capture_at = -1;
	if (EG(exception)) {
		zend_object *ex = EG(exception);
		zend_class_entry *scope =
		        instanceof_function(ex->ce, zend_ce_exception) ? zend_ce_exception : zend_ce_error;
		zval rv, *code;

		zval_ptr_dtor(&r->ret);
		ZVAL_UNDEF(&r->ret);
		r->ex_class = zend_string_copy(ex->ce->name);
		r->ex_message = read_string_prop(scope, ex, "message");
		code = zend_read_property(scope, ex, "code", sizeof("code") - 1, 1, &rv);
		r->ex_code = zval_get_long(code);
		zend_clear_exception();
	}
}

void fz_result_free(fz_result *r)
{
	zval_ptr_dtor(&r->ret);
	ZVAL_UNDEF(&r->ret);
	if (r->ex_class) {
		zend_string_release(r->ex_class);
		zend_string_release(r->ex_message);
		r->ex_class = r->ex_message = NULL;
	}
	if (r->warning) {
		zend_string_release(r->warning);
		r->warning = NULL;
	}
	if (r->nth_warning) {
		zend_string_release(r->nth_warning);
		r->nth_warning = NULL;
	}
}

static zend_string *serialize_once(const char *fn, zval *v, bool *stack_error)
{
	fz_result r;
	zend_string *s = NULL;

	fz_call(&r, fn, 1, v);
	if (Z_TYPE(r.ret) == IS_STRING) {
		s = zend_string_copy(Z_STR(r.ret));
	}
	*stack_error = r.ex_class && zend_string_equals_literal(r.ex_class, "Error") &&
	               zend_string_starts_with_literal(r.ex_message, "Maximum call stack size");
	fz_result_free(&r);
	return s;
}

#ifdef ZEND_CHECK_STACK_LIMIT
/* From PHP 8.4 serialize() follows an array that holds itself through a reference until PHP's
 * stack limit (docs/INTERNALS.md, PHP 8.4). Here, with every allocation a malloc under ASan,
 * each of the thousands of page-sized growths of its output is a fresh block and a copy: one
 * such value took 30 s, a timeout for the target, spent in the judge and not in zser. So the
 * judge first runs with 1 MB of stack. Stopped there, the value is deep or endless; it is
 * endless when zser_serialize(), which walks from the heap, gives up at its fixed depth (the
 * two agreeing on which values are endless is what fuzz_bin_roundtrip checks on every value
 * serialize() writes within the bound), and is serialized again with PHP's limit otherwise. */
#define FZ_JUDGE_STACK (1024 * 1024)

static bool endless(zval *v)
{
	fz_result r;
	bool yes;

	fz_call(&r, "zser_serialize", 1, v);
	yes = r.ex_class && zend_string_starts_with_literal(r.ex_message, "Maximum nesting depth");
	fz_result_free(&r);
	return yes;
}
#endif

zend_string *fz_serialize_with(const char *fn, zval *v)
{
	zend_string *s;
	bool stack_error;
#ifdef ZEND_CHECK_STACK_LIMIT
	void *limit = EG(stack_limit);
	char *bound = (char *)zend_call_stack_position() - FZ_JUDGE_STACK;

	if ((uintptr_t)bound > (uintptr_t)limit) {
		EG(stack_limit) = bound;
		s = serialize_once(fn, v, &stack_error);
		EG(stack_limit) = limit;
		if (!stack_error || endless(v)) {
			return s;
		}
	}
#endif
	s = serialize_once(fn, v, &stack_error);
	return s;
}

zend_string *fz_serialize(zval *v)
{
	return fz_serialize_with("serialize", v);
}

void fz_ini_set(const char *name, const char *value)
{
	zend_string *k = zend_string_init(name, strlen(name), 0);
	zend_string *v = zend_string_init(value, strlen(value), 0);

	if (zend_alter_ini_entry(k, v, PHP_INI_USER, PHP_INI_STAGE_RUNTIME) == FAILURE) {
		fz_fail("cannot set %s=%s", name, value);
	}
	zend_string_release(k);
	zend_string_release(v);
}

const char *fz_describe(const fz_result *r)
{
	static char buf[512];
	size_t n;

	if (r->ex_class) {
		n = (size_t)snprintf(buf, sizeof(buf), "threw %s(%ld): %.200s", ZSTR_VAL(r->ex_class),
		                     (long)r->ex_code, ZSTR_VAL(r->ex_message));
	} else if (Z_TYPE(r->ret) == IS_STRING) {
		n = (size_t)snprintf(buf, sizeof(buf), "string(%zu) \"%.200s\"", Z_STRLEN(r->ret),
		                     Z_STRVAL(r->ret));
	} else {
		n = (size_t)snprintf(buf, sizeof(buf), "%s", zend_zval_type_name(&r->ret));
	}
	if (r->warnings && n < sizeof(buf)) {
		snprintf(buf + n, sizeof(buf) - n, " (+%d warnings, last: %.150s)", r->warnings,
		         ZSTR_VAL(r->warning));
	}
	return buf;
}

void fz_same_throw(const char *what, const fz_result *a, const fz_result *b)
{
	if (!a->ex_class != !b->ex_class ||
	    (a->ex_class &&
	     (!zend_string_equals(a->ex_class, b->ex_class) || a->ex_code != b->ex_code ||
	      !zend_string_equals(a->ex_message, b->ex_message)))) {
		char first[512];
		snprintf(first, sizeof(first), "%s", fz_describe(a));
		fz_fail("%s: exceptions differ: zser %s / reference %s", what, first, fz_describe(b));
	}
}

/* True when `name` exists and does something other than throw the skeleton's
 * "not implemented" Error (the probe passes an empty string, valid for every target). */
static bool implemented(const char *name)
{
	fz_result r;
	zval arg;
	bool ok;

	if (!zend_hash_str_find_ptr(CG(function_table), name, strlen(name))) {
		return false;
	}
	ZVAL_EMPTY_STRING(&arg);
	fz_call(&r, name, 1, &arg);
	ok = !(r.ex_class && zend_string_equals_literal(r.ex_message, "not implemented"));
	fz_result_free(&r);
	return ok;
}

void fz_php_start(const char *target, const char *const *needed)
{
	static char *argv[] = {"fuzz", NULL};
	const char *const *n;
	const char *env;

	fz_target = target;
	env = getenv("FUZZ_PHP_INPUTS_PER_REQUEST");
	if (env && *env) {
		fz_per_request = strtoul(env, NULL, 10);
	}
	if (fz_per_request < 1) {
		fz_per_request = 1;
	}
	/* Read by the Zend allocator when it starts: every emalloc becomes a malloc. */
	setenv("USE_ZEND_ALLOC", "0", 1);
	php_embed_module.php_ini_ignore = 1;
	php_embed_module.startup = fz_sapi_startup;
	if (php_embed_init(1, argv) == FAILURE) {
		fprintf(stderr, "%s: PHP embed startup failed\n", target);
		exit(1);
	}
	/* Inside Zend MM's own heap ASan sees neither overflows nor uses after free, and a
	 * block freed twice or written after its release corrupts the free lists without a
	 * report: a run that is not on malloc is no run at all. */
	if (is_zend_mm()) {
		fprintf(stderr, "%s: the Zend memory manager is on (USE_ZEND_ALLOC=0 did not apply)\n",
		        target);
		exit(1);
	}
	fz_prev_error_cb = zend_error_cb;
	zend_error_cb = fz_error_cb;
	/* php_embed_init left a request open; inputs get their own from here on. */
	php_request_shutdown(NULL);

	fz_request_begin((const uint8_t *)"", 0);
	for (n = needed; *n; n++) {
		if (!implemented(*n)) {
			fz_request_end();
			fprintf(stderr, "%s: SKIP: %s() is not implemented yet\n", target, *n);
			exit(FZ_EXIT_SKIP);
		}
	}
	fz_request_end();
	atexit(fz_at_exit);
	/* The probe's request is not one a target's input should start in. */
	if (fz_open) {
		fz_close_request();
	}
}
