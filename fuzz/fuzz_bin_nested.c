/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: zser_serialize() and zser_unserialize() called again from inside the
 * methods of the values they handle. FzNest (Serializable) calls them in serialize() and
 * unserialize() on data that may reach back to the object itself or to objects also met
 * outside it, as PHP's nested serialize()/unserialize() allow (they share the outer call's
 * state); FzNestMagic calls them in __serialize()/__unserialize(), where PHP starts a fresh
 * state. Three checks per input: the bytes build such a graph in PHP (fz_nested_graph() in
 * the prelude), and its round trip through zser must serialize() as PHP's own round trip
 * does, FzNest then calling serialize()/unserialize() instead; the bytes drive
 * fuzz_gen.h's blob maker with these classes added (payloads that are zser blobs of their own)
 * under zser_unserialize()'s contract (fuzz_decode_check.h); and both blobs are read once
 * more while FzNest::unserialize() changes what its nested calls gave it, now and later
 * (fz_touch()), which must not crash, leak or touch freed memory.
 * It waits for nested calls to share their outer call's state: before that a graph whose
 * FzNest reaches back to itself recurses until the C stack overflows. FUZZ_GEN_DUMP=1 prints
 * each blob in hex.
 */
// fuzz-max-len: 1024
// The input is a generation program: every byte of it may matter from the start, so libFuzzer
// does not grow inputs slowly from short ones.
// fuzz-options: -len_control=0
#include "fuzz_php.h"
#include "fuzz_decode_check.h"
#include "fuzz_gen.h"

#include <stdio.h>
#include <stdlib.h>

static const char prelude[] =
        "class FzPlain { public $a = 1; protected $b = 'b'; private $c = [1]; public $d; }\n"
        "class FzChild extends FzPlain { private $c = 'own'; protected $e; public int $g = 3; }\n"
        "class FzOld implements Serializable { public $v;\n"
        "  public function serialize() { return is_scalar($this->v) ? (string)$this->v : ''; }\n"
        "  public function unserialize($d) { $this->v = $d; } }\n"
        "final class FzMode { public static bool $php = false; public static bool $touch = false;\n"
        "  public static $stash = null; }\n"
        "class FzNest implements Serializable { public $o;\n"
        "  public function serialize() {\n"
        "    return FzMode::$php ? serialize($this->o) : zser_serialize($this->o); }\n"
        "  public function unserialize($d) {\n"
        "    $this->o = FzMode::$php ? unserialize($d) : zser_unserialize($d);\n"
        "    if (FzMode::$touch) { fz_touch(FzMode::$stash); fz_touch($this->o);\n"
        "      FzMode::$stash = $this->o; } } }\n"
        "class FzNestMagic { public $o;\n"
        "  public function __serialize(): array {\n"
        "    return ['b' => FzMode::$php ? serialize($this->o) : zser_serialize($this->o)]; }\n"
        "  public function __unserialize(array $d): void { $b = $d['b'] ?? '';\n"
        "    $this->o = !is_string($b) ? null\n"
        "      : (FzMode::$php ? unserialize($b) : zser_unserialize($b)); } }\n"
        /* FzNestMagic's data is fresh (no way back to itself): PHP's own fresh state would
         * recurse without end on a way back. */
        "function fz_nested_graph(string $p) {\n"
        "  $i = 0; $n = strlen($p);\n"
        "  $at = function () use ($p, &$i, $n) { return $i < $n ? ord($p[$i++]) : 0; };\n"
        "  $m = new FzNestMagic; $m->o = new stdClass; $m->o->v = $at();\n"
        "  $o = [new FzNest, new FzNest, new stdClass, new FzChild, $m];\n"
        "  $root = [$o[$at() % 5]];\n"
        "  for ($k = 0; $k < 8 && $i < $n; $k++) {\n"
        "    $t = $o[$at() % 5]; $u = $o[$at() % 5]; $w = $o[$at() % 5];\n"
        "    switch ($at() % 7) {\n"
        "    case 0: if ($t instanceof FzNest) { $t->o = $u; } break;\n"
        "    case 1: if ($t instanceof FzNest) { $t->o = [$u, $w, $u]; } break;\n"
        "    case 2: if ($t instanceof FzNest) { $t->o = [$u, 2]; $t->o[1] = &$t->o[0]; } break;\n"
        "    case 3: $root[] = $u; break;\n"
        "    case 4: if ($t instanceof stdClass || $t instanceof FzPlain) { $t->a = $u; }\n"
        "      if ($t instanceof FzPlain) { @$t->{\"n$k\"} = $w; } break;\n"
        "    case 5: $root[] = [$u]; $root[] = &$root[count($root) - 1]; break;\n"
        "    default: if ($t instanceof FzNest) { $t->o = ['k' => $u, 'self' => $t]; } break;\n"
        "    }\n"
        "  }\n"
        "  return $root;\n"
        "}\n"
        /* PHP's round trip of a value and its serialize() text, the nested calls made by
         * PHP's functions too: the judge when zser's round trip is not a fixed point
         * (fuzz_decode_check.h). */
        "function fz_php_round_trip($v) {\n"
        "  FzMode::$php = true;\n"
        "  try { return unserialize(serialize($v)); } finally { FzMode::$php = false; }\n"
        "}\n"
        "function fz_php_serialize($v) {\n"
        "  FzMode::$php = true;\n"
        "  try { return serialize($v); } finally { FzMode::$php = false; }\n"
        "}\n"
        /* What the code of an unserialize() may do with the values a nested call gave it,
         * also those an earlier one gave (kept in FzMode::$stash) while the outer blobs are
         * still being read: append to each array, through its `&` references too, and add
         * properties to each object, to one with declared properties too (touch_check()). */
        "function fz_touch(&$v, int $depth = 0) {\n"
        "  if ($depth > 3) { return; }\n"
        "  if (is_array($v)) {\n"
        "    foreach ($v as &$e) { fz_touch($e, $depth + 1); } unset($e);\n"
        "    for ($i = 0; $i < 9; $i++) { $v[] = $i; }\n"
        "  } elseif ($v instanceof stdClass || $v instanceof FzPlain) {\n"
        "    foreach ($v as &$e) { fz_touch($e, $depth + 1); } unset($e);\n"
        "    for ($i = 0; $i < 9; $i++) { @$v->{\"t$depth$i\"} = $i; }\n"
        "  }\n"
        "}\n"
        "function fz_touch_decode(string $b) {\n"
        "  FzMode::$touch = true;\n"
        "  try { return zser_unserialize($b); } catch (Throwable $e) { return null; }\n"
        "  finally { FzMode::$touch = false; FzMode::$stash = null; }\n"
        "}\n"
        "function fz_nested_compare(string $p): array {\n"
        "  $v = fz_nested_graph($p);\n"
        "  FzMode::$php = true; $want = serialize(unserialize(serialize($v)));\n"
        "  FzMode::$php = false; $copy = zser_unserialize(zser_serialize($v), ['throw_on_error' => "
        "true]);\n"
        "  FzMode::$php = true; $got = serialize($copy); FzMode::$php = false;\n"
        "  fz_touch_decode(zser_serialize($v));\n"
        "  return [$want, $got];\n"
        "}\n";

static const fg_prop plain_props[] = {
        {"a", FG_PUB, NULL, FG_T_ANY},
        {"b", FG_PROT, NULL, FG_T_ANY},
        {"c", FG_PRIV, "FzPlain", FG_T_ANY},
        {"d", FG_PUB, NULL, FG_T_ANY},
};
static const fg_prop child_props[] = {
        {"e", FG_PROT, NULL, FG_T_ANY},       {"g", FG_PUB, NULL, FG_T_INT},
        {"c", FG_PRIV, "FzChild", FG_T_NSTR}, {"a", FG_PUB, NULL, FG_T_ANY},
        {"c", FG_PRIV, "FzPlain", FG_T_ARR},
};

static const fg_class classes[] = {
        {"FzPlain", FG_C_PROPS, plain_props, 4, NULL, false},
        {"FzChild", FG_C_PROPS, child_props, 5, NULL, false},
        {"stdClass", FG_C_PROPS, plain_props, 1, NULL, false},
        {"FzNestMagic", FG_C_DATA, NULL, 0, NULL, true},
        {"FzNest", FG_C_BLOB, NULL, 0, NULL, true},
        {"FzOld", FG_C_BLOB, NULL, 0, NULL, false},
};

static const option_set option_sets[] = {
        {-1, 0},
        {1, 4},
};

static const char *const needed[] = {"zser_serialize", "zser_unserialize", NULL};
static fg_state gen;
static uint8_t out[FG_OUT];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_set_prelude(prelude);
	fz_php_start("fuzz_bin_nested", needed);
	return 0;
}

static void graph_check(const uint8_t *data, size_t size)
{
	fz_result r;
	zval arg, *want, *got;

	ZVAL_STRINGL(&arg, (const char *)data, size);
	fz_call(&r, "fz_nested_compare", 1, &arg);
	zval_ptr_dtor(&arg);
	if (r.ex_class || Z_TYPE(r.ret) != IS_ARRAY) {
		fz_fail("a nested graph's round trip %s", fz_describe(&r));
	}
	want = zend_hash_index_find(Z_ARRVAL(r.ret), 0);
	got = zend_hash_index_find(Z_ARRVAL(r.ret), 1);
	if (!want || !got || Z_TYPE_P(want) != IS_STRING || Z_TYPE_P(got) != IS_STRING ||
	    !zend_string_equals(Z_STR_P(want), Z_STR_P(got))) {
		if (want && Z_TYPE_P(want) == IS_STRING) {
			fz_show("PHP's", Z_STRVAL_P(want), Z_STRLEN_P(want));
		}
		if (got && Z_TYPE_P(got) == IS_STRING) {
			fz_show("zser's", Z_STRVAL_P(got), Z_STRLEN_P(got));
		}
		fz_fail("a nested graph's round trip differs from PHP's");
	}
	fz_result_free(&r);
}

/* The blob once more, its unserialize() methods changing what their nested calls gave them:
 * only that nothing crashes, leaks or reads freed memory (the value is the program's
 * business then). */
static void touch_check(zval *blob)
{
	fz_result r;

	fz_call(&r, "fz_touch_decode", 1, blob);
	fz_result_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval blob;
	size_t i, len;

	fg_init(&gen, data, size, classes, (int)(sizeof(classes) / sizeof(classes[0])));
	len = fg_run(&gen, out, sizeof(out));
	fg_dump(out, len);
	fz_request_begin(data, size);
	graph_check(data, size);
	ZVAL_STRINGL(&blob, (const char *)out, len);
	for (i = 0; i < sizeof(option_sets) / sizeof(option_sets[0]); i++) {
		decode_check(&blob, &option_sets[i], i == 0);
	}
	touch_check(&blob);
	zval_ptr_dtor(&blob);
	fz_request_end();
	return 0;
}
