/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: jsond_pointer_get/exists/count against json_decode() of the whole text.
 * The input is the JSON text; when it starts with '/', its first line is a pointer to read as
 * well (any bytes, so that escapes, bad '~' sequences and odd names get tried) and the rest is
 * the text. Every pointer of the decoded value (up to 48 of them) and a few that miss are read
 * under several (associative, depth, flags) settings; each answer must be what indexing
 * json_decode()'s result gives: the value (through serialize()), the count, not found, or
 * json_decode()'s own error, with the same last-error code and message, and JsonException
 * under JSON_THROW_ON_ERROR. The comparison is PHP code compiled as the prelude of each
 * request; it returns a description of the first difference, which fails the input.
 */
#include "fuzz_php.h"

static const char prelude[] =
        "function fz_index($v, string $p): array {\n"
        "    if ($p === '') return [true, $v];\n"
        "    foreach (explode('/', substr($p, 1)) as $raw) {\n"
        "        $t = str_replace(['~1', '~0'], ['/', '~'], $raw);\n"
        "        if (is_object($v)) $v = (array)$v;\n"
        "        if (!is_array($v) || !array_key_exists($t, $v)) return [false, null];\n"
        "        $v = $v[$t];\n"
        "    }\n"
        "    return [true, $v];\n"
        "}\n"
        "function fz_outcome(callable $f): array {\n"
        "    jsond_decode('[');\n"
        "    try {\n"
        "        $r = $f();\n"
        "        return ['ok', serialize($r), jsond_last_error(), jsond_last_error_msg()];\n"
        "    } catch (Throwable $e) {\n"
        "        return ['ex', get_class($e), $e->getCode(), $e->getMessage()];\n"
        "    }\n"
        "}\n"
        "function fz_pointers($v, string $at, array &$out): void {\n"
        "    if (count($out) >= 48) return;\n"
        "    $out[] = $at;\n"
        "    if (is_array($v)) foreach ($v as $k => $c)\n"
        "        fz_pointers($c, $at . '/' . str_replace(['~', '/'], ['~0', '~1'], (string)$k), "
        "$out);\n"
        "}\n"
        "function fz_valid_pointer(string $p): bool {\n"
        "    return $p === '' || ($p[0] === '/' && !preg_match('/~(?![01])/', $p));\n"
        "}\n"
        "function fz_check(string $json, string $p, ?bool $assoc, int $depth, int $flags): string "
        "{\n"
        "    $full = json_decode($json, $assoc, $depth, $flags & ~JSON_THROW_ON_ERROR);\n"
        "    $err = json_last_error(); $msg = json_last_error_msg();\n"
        "    $throw = ($flags & JSON_THROW_ON_ERROR) !== 0;\n"
        "    $fail = fn($c, $m, $r) => $throw ? ['ex', 'JsonException', $c, $m] : ['ok', "
        "serialize($r), $c, $m];\n"
        "    $ok = fn($r) => ['ok', serialize($r), $throw ? 4 : 0, $throw ? 'Syntax error' : 'No "
        "error'];\n"
        "    $arr = $assoc ?? (($flags & JSON_OBJECT_AS_ARRAY) !== 0);\n"
        "    $cf = $arr ? $flags | JSON_OBJECT_AS_ARRAY : $flags & ~JSON_OBJECT_AS_ARRAY;\n"
        "    $nf = 'JSON Pointer not found'; $nc = 'JSON Pointer value is neither an array nor an "
        "object';\n"
        "    $names = ['get', 'exists', 'count'];\n"
        "    $got = [fz_outcome(fn() => jsond_pointer_get($json, $p, $assoc, $depth, $flags)),\n"
        "        fz_outcome(fn() => jsond_pointer_exists($json, $p, $depth, $cf)),\n"
        "        fz_outcome(fn() => jsond_pointer_count($json, $p, $depth, $cf))];\n"
        "    if (!fz_valid_pointer($p)) {\n"
        "        foreach ($got as $i => $g) if ($g[0] !== 'ex' || $g[1] !== 'ValueError')\n"
        "            return \"{$names[$i]}: no ValueError for an invalid pointer\";\n"
        "        return '';\n"
        "    }\n"
        "    if ($json === '') { $err = 4; $msg = 'Syntax error'; }\n"
        "    if ($err) {\n"
        "        $want = [$fail($err, $msg, null), $fail($err, $msg, false), $fail($err, $msg, "
        "-1)];\n"
        "    } else {\n"
        "        [$found, $v] = fz_index($full, $p);\n"
        "        $want = [$found ? $ok($v) : $fail(100, $nf, null), $ok($found),\n"
        "            !$found ? $fail(100, $nf, -1) : ((is_array($v) || is_object($v)) ? "
        "$ok(count((array)$v)) : $fail(101, $nc, -1))];\n"
        "    }\n"
        "    foreach ($got as $i => $g) if ($g !== $want[$i])\n"
        "        return \"{$names[$i]}(\" . json_encode($p) . \", assoc=\" . var_export($assoc, "
        "true) . \", depth=$depth, flags=$flags): \"\n"
        "            . 'want ' . json_encode($want[$i], JSON_INVALID_UTF8_SUBSTITUTE) . ' got ' . "
        "json_encode($g, JSON_INVALID_UTF8_SUBSTITUTE);\n"
        "    return '';\n"
        "}\n"
        "function fz_pointer_main(string $in): string {\n"
        "    $ptrs = [];\n"
        "    if ($in !== '' && $in[0] === '/') {\n"
        "        $nl = strpos($in, \"\\n\");\n"
        "        $ptrs[] = $nl === false ? $in : substr($in, 0, $nl);\n"
        "        $in = $nl === false ? '' : substr($in, $nl + 1);\n"
        "    }\n"
        "    fz_pointers(json_decode($in, true, 512, JSON_INVALID_UTF8_SUBSTITUTE | "
        "JSON_BIGINT_AS_STRING), '', $ptrs);\n"
        "    $last = end($ptrs);\n"
        "    array_push($ptrs, '/-', '/0', '/00', $last . '/0', $last . '/');\n"
        "    $settings = [[null, 512, 0], [true, 512, JSON_BIGINT_AS_STRING], [false, 3, "
        "JSON_INVALID_UTF8_IGNORE],\n"
        "        [null, 512, JSON_OBJECT_AS_ARRAY | JSON_INVALID_UTF8_SUBSTITUTE], [true, 2, "
        "JSON_THROW_ON_ERROR]];\n"
        "    foreach ($settings as [$a, $d, $f]) foreach (array_unique($ptrs) as $p) {\n"
        "        $r = fz_check($in, (string)$p, $a, $d, $f);\n"
        "        if ($r !== '') return $r;\n"
        "    }\n"
        "    return '';\n"
        "}\n";

static const char *const needed[] = {"jsond_pointer_get", "jsond_pointer_exists",
                                     "jsond_pointer_count", NULL};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_set_prelude(prelude);
	fz_php_start("fuzz_json_pointer", needed);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval in;
	fz_result r;

	fz_request_begin(data, size);
	ZVAL_STRINGL(&in, (const char *)data, size);
	fz_call(&r, "fz_pointer_main", 1, &in);
	if (r.ex_class || Z_TYPE(r.ret) != IS_STRING) {
		fz_fail("the check itself failed: %s", fz_describe(&r));
	}
	if (Z_STRLEN(r.ret) != 0) {
		fz_fail("%s", Z_STRVAL(r.ret));
	}
	fz_result_free(&r);
	zval_ptr_dtor(&in);
	fz_request_end();
	return 0;
}
