/* zser — SPDX-License-Identifier: MIT
 *
 * Hooks that plug zser into other parts of PHP: the session serializer (session.c), the APCu
 * serializer (apcu.c) and the opt-in json_* override (json_override.c). zser.c calls the
 * minit and mshutdown functions and asks each part for its state in phpinfo(). Nothing here is
 * exported to other extensions.
 */
#ifndef ZSER_INTEGRATIONS_H
#define ZSER_INTEGRATIONS_H

#include "php.h"
#include "php_ini.h"
#include "php_zser.h"

/* Whether the ini setting NAME currently holds exactly VALUE (false when NAME is unknown). */
static inline bool zser_ini_is(const char *name, const char *value)
{
	bool exists = false;
	const char *cur = zend_ini_string_ex(name, strlen(name), 0, &exists);

	return exists && cur != NULL && strcmp(cur, value) == 0;
}

/* Registers session.serialize_handler=zser when ext/session is compiled into PHP. */
void zser_session_minit(void);
/* phpinfo() text: whether the session serializer is registered (and why not), and whether
 * session.serialize_handler selects it. */
const char *zser_session_status(void);

/* zser.session_allowed_classes and zser.session_read_legacy (PHP_INI_ALL): validate a new
 * value; session.c reads them when it decodes a session. */
ZEND_INI_MH(zser_ini_update_session_allowed_classes);
ZEND_INI_MH(zser_ini_update_session_read_legacy);
/* zser.session_write_format (PHP_INI_ALL): the format the session handler writes. */
ZEND_INI_MH(zser_ini_update_session_write_format);

/* Registers apc.serializer=zser when APCu is loaded. */
void zser_apcu_minit(void);
const char *zser_apcu_status(void);

/* zser.json_override: read once at startup (PHP_INI_SYSTEM). */
ZEND_INI_MH(zser_ini_update_json_override);
/* Points json_encode & co. at zser's implementation when zser.json_override=1. */
void zser_json_override_minit(void);
/* Gives ext/json its own handlers back. */
void zser_json_override_mshutdown(void);
const char *zser_json_override_status(void);

#endif /* ZSER_INTEGRATIONS_H */
