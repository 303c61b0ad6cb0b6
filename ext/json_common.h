/* zser — SPDX-License-Identifier: MIT
 *
 * What json.c, json_encode.c and json_decode.c share: the error texts, JsonException,
 * and the entry points of the encoder and the decoder.
 */
#ifndef ZSER_JSON_COMMON_H
#define ZSER_JSON_COMMON_H

#include "php.h"

extern zend_class_entry *zser_json_exception_ce;

/* The text json_last_error_msg() gives for `code` on this PHP. */
const char *zser_json_error_msg(int code);
/* Throws JsonException(msg, code), as ext/json does under JSON_THROW_ON_ERROR. */
void zser_json_throw(int code);
void zser_json_minit(void);

#endif
