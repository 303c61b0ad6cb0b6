/* zser — SPDX-License-Identifier: MIT
 *
 * Declarations shared between the extension's own files (one file per phase, as in
 * ext/json). Nothing here is exported to other extensions: see php_zser.h for that.
 */
#ifndef ZSER_INTERNAL_H
#define ZSER_INTERNAL_H

#include "php_zser.h"

extern zend_class_entry *zser_ce_JsondSerializable;
extern zend_class_entry *zser_ce_ZserException;

#endif /* ZSER_INTERNAL_H */
