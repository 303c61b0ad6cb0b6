/* zser — SPDX-License-Identifier: MIT
 *
 * zser.json_override=1 (PHP_INI_SYSTEM, off by default): json_encode, json_decode,
 * json_validate (PHP 8.3+), json_last_error and json_last_error_msg run the jsond_*
 * implementation, so existing code gets it without changes. Only the handler pointers of
 * ext/json's entries in the function table change; their names, arginfo and reflection stay
 * ext/json's. The error state json_last_error() reports is then zser's. Other extensions that
 * call ext/json's C API (php_json_encode) are not affected.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "zser_internal.h"
#include "zser_integrations.h"

typedef struct {
	const char *json_name;
	const char *jsond_name;
	/* ext/json's own handler while ours is installed, NULL otherwise. */
	zif_handler saved;
} jsond_override_slot;

static jsond_override_slot slots[] = {
        {"json_encode", "jsond_encode", NULL},
        {"json_decode", "jsond_decode", NULL},
        {"json_validate", "jsond_validate", NULL},
        {"json_last_error", "jsond_last_error", NULL},
        {"json_last_error_msg", "jsond_last_error_msg", NULL},
};

/* Module-wide, not a module global: a PHP_INI_SYSTEM value is the same in every thread. */
static bool override_requested;
static bool override_active;

ZEND_INI_MH(zser_ini_update_json_override)
{
	(void)entry;
	(void)mh_arg1;
	(void)mh_arg2;
	(void)mh_arg3;
	(void)stage;
	override_requested = zend_ini_parse_bool(new_value);
	return SUCCESS;
}

static zend_internal_function *find_internal(const char *name)
{
	zend_function *fn = zend_hash_str_find_ptr(CG(function_table), name, strlen(name));

	return fn != NULL && fn->type == ZEND_INTERNAL_FUNCTION ? &fn->internal_function : NULL;
}

void zser_json_override_minit(void)
{
	size_t i;

	if (!override_requested) {
		return;
	}
	for (i = 0; i < sizeof(slots) / sizeof(slots[0]); i++) {
		zend_internal_function *json = find_internal(slots[i].json_name);
		zend_internal_function *ours = find_internal(slots[i].jsond_name);

		/* json_validate() exists from PHP 8.3 on: leave the name absent where PHP lacks it. */
		if (json == NULL || ours == NULL) {
			continue;
		}
		slots[i].saved = json->handler;
		json->handler = ours->handler;
	}
	override_active = true;
}

void zser_json_override_mshutdown(void)
{
	size_t i;

	for (i = 0; i < sizeof(slots) / sizeof(slots[0]); i++) {
		zend_internal_function *json;

		if (slots[i].saved == NULL) {
			continue;
		}
		json = find_internal(slots[i].json_name);
		if (json != NULL) {
			json->handler = slots[i].saved;
		}
		slots[i].saved = NULL;
	}
	override_active = false;
}

const char *zser_json_override_status(void)
{
	return override_active ? "on (json_* run zser)" : "off";
}
