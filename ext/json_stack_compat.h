/* zser — SPDX-License-Identifier: MIT
 *
 * ext/json's parser-stack limit, the one rule of ext/json's parser that jsond_decode() and
 * jsond_validate() reproduce by counting rather than by following the grammar: what nesting
 * makes json_decode() report a syntax error where its depth check would not have stopped
 * it. Internal to json_decode.c and json_stream.c (which starts the decoder inside a text);
 * header-only.
 *
 * ext/json/json_parser.y is a bison LALR(1) parser; bison's stack holds one state per shifted
 * token, per reduced rule and per mid-rule action, and may not grow to YYMAXDEPTH (10,000,
 * bison's default, which the grammar keeps) entries: the push that would make it 10,000 fails
 * with "memory exhausted", which json_parser.y's yyerror() reports as JSON_ERROR_SYNTAX. The
 * depth check (JSON_ERROR_DEPTH, "Maximum stack depth exceeded") is the mid-rule action
 * right after a '[' or '{' is shifted. In JSON terms:
 *
 *   - the stack holds 1 entry before the top-level value;
 *   - inside an array, a value takes 2 entries more than the array's opening bracket had
 *     before it ('[' and the depth check) if it is the array's first element, 4 if it is a
 *     later one (the elements before it reduced to one entry, and the ',');
 *   - inside an object, a member's value takes 4 more (the '{', the depth check, the key
 *     and the ':') if it is the first member, 6 if it is a later one (members, ',' too);
 *   - a scalar token, a bracket, a key, a ':' or a ',' is one push; closing a container
 *     pushes its elements or members (reduced) and the closing bracket.
 *
 * So N arrays each the first element of the one around it reach 2N + 1 entries; N objects
 * (first members) 4N + 1. A container whose opening bracket would be the 10,000th entry
 * is a syntax error before its depth is checked; one whose bracket fits is checked for depth
 * (depth error when it is the $depth-th level) before the check's own entry is pushed. For
 * first elements or first members all the way down, json_decode() with a $depth above about
 * 5,000 (arrays) or 2,500 (objects) therefore reports a syntax error and never the depth
 * error; tests/json/decode_stack_limit.phpt checks the rule against json_decode() at each
 * boundary on every PHP version CI runs (8.2 here; 8.4 in the php84 stage). Checked in
 * php-src 8.2's json_parser.y and bison 3's yacc.c skeleton; 8.4's grammar and limit are the
 * same (same results there).
 */
#ifndef JSON_STACK_COMPAT_H
#define JSON_STACK_COMPAT_H

#include "php.h"

/* bison's YYMAXDEPTH: a push that would make the stack this many entries fails. */
#define JSON_STACK_MAX 10000

/* Entries a container has added once the named token (or state) is pushed, counted from the
 * stack size before its opening bracket. */
enum {
	JSON_STACK_OPEN = 1,      /* '[' or '{' */
	JSON_STACK_CHECKED = 2,   /* the depth check's state; an array's first value starts here */
	JSON_STACK_FIRST_KEY = 3, /* an object's first key */
	JSON_STACK_NEXT = 4,      /* elements/members and ',' (a later element starts here), or
	                           * elements/members and the closing bracket */
	JSON_STACK_NEXT_KEY = 5,  /* members, ',' and a later key */
};

/* True when a push that leaves `entries` states on ext/json's parser stack fails: the input
 * is then JSON_ERROR_SYNTAX, whatever comes after. */
static zend_always_inline bool json_stack_full(size_t entries)
{
	return UNEXPECTED(entries >= JSON_STACK_MAX);
}

#endif /* JSON_STACK_COMPAT_H */
