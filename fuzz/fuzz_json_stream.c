/* zser — SPDX-License-Identifier: MIT
 *
 * Fuzz target: jsond_decode_stream() against json_decode() of the whole text. The first byte
 * of the input sets how many bytes a read hands out (1 to 16 through a user stream wrapper,
 * or php://memory); when the rest starts with '/', its first line is a pointer to read as well,
 * and the rest is the text. At every array and object pointer of the decoded text (up to 16)
 * and a few that miss, under several (associative, depth, flags) settings, the iteration must
 * be what json_decode() holds there (keys and values through serialize()), or not found (100)
 * or not a container (101), or for a text json_decode() refuses, JsonException with its code
 * and message and jsond_decode()'s place. A text with a member name given twice is held only
 * to an outcome of the right kind, since a path through such a name goes into its first
 * occurrence (docs/JSON-POINTER.md). The comparison is PHP code compiled as the prelude of
 * each request; it returns a description of the first difference, which fails the input.
 */
#include "fuzz_php.h"

static const char prelude[] =
        "final class FzChunks {\n"
        "    public static string $text = '';\n"
        "    public static int $chunk = 1;\n"
        "    public $context;\n"
        "    private int $pos = 0;\n"
        "    public function stream_open($path, $mode, $options, &$opened) { $this->pos = 0; "
        "return true; }\n"
        "    public function stream_read($n) {\n"
        "        $r = (string)substr(self::$text, $this->pos, min($n, self::$chunk));\n"
        "        $this->pos += strlen($r);\n"
        "        return $r;\n"
        "    }\n"
        "    public function stream_eof() { return $this->pos >= strlen(self::$text); }\n"
        "}\n"
        "if (!in_array('fzchunk', stream_get_wrappers())) stream_wrapper_register('fzchunk', "
        "FzChunks::class);\n"
        "function fz_open(string $text, int $chunk) {\n"
        "    if ($chunk > 0) { FzChunks::$text = $text; FzChunks::$chunk = $chunk; return "
        "fopen('fzchunk://x', 'r'); }\n"
        "    $f = fopen('php://memory', 'w+'); fwrite($f, $text); rewind($f); return $f;\n"
        "}\n"
        "function fz_pointers($v, string $at, array &$out): void {\n"
        "    if (count($out) >= 16 || !is_array($v)) return;\n"
        "    $out[] = $at;\n"
        "    foreach ($v as $k => $c)\n"
        "        fz_pointers($c, $at . '/' . str_replace(['~', '/'], ['~0', '~1'], (string)$k), "
        "$out);\n"
        "}\n"
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
        "function fz_members($v): int {\n"
        "    $n = 0;\n"
        "    if (is_object($v)) { $v = get_object_vars($v); $n = count($v); }\n"
        "    if (is_array($v)) foreach ($v as $c) $n += fz_members($c);\n"
        "    return $n;\n"
        "}\n"
        "function fz_colons(string $s): int {\n"
        "    $n = 0; $in = false;\n"
        "    for ($i = 0, $l = strlen($s); $i < $l; $i++) {\n"
        "        $c = $s[$i];\n"
        "        if ($in) { if ($c === '\\\\') $i++; elseif ($c === '\"') $in = false; }\n"
        "        elseif ($c === '\"') $in = true;\n"
        "        elseif ($c === ':') $n++;\n"
        "    }\n"
        "    return $n;\n"
        "}\n"
        "function fz_check(string $json, int $chunk, string $p, ?bool $assoc, int $depth, int "
        "$flags): string {\n"
        "    $full = json_decode($json, $assoc, $depth, $flags);\n"
        "    $err = json_last_error(); $msg = json_last_error_msg();\n"
        "    $twice = false;\n"
        "    if ($err) {\n"
        "        jsond_decode($json, $assoc, $depth, $flags);\n"
        "        $want = ['ex', $err, $msg, $err, jsond_last_error_location()];\n"
        "    } else {\n"
        "        $twice = fz_colons($json) !== fz_members(json_decode($json, false, $depth, "
        "$flags));\n"
        "        [$found, $v] = fz_index($full, $p);\n"
        "        if (!$found) $want = ['ex', 100, 'JSON Pointer not found', 100, null];\n"
        "        elseif (!is_array($v) && !is_object($v)) $want = ['ex', 101, 'JSON Pointer "
        "value is neither an array nor an object', 101, null];\n"
        "        else { $pairs = []; foreach ($v as $k => $x) $pairs[] = [$k, $x]; $want = "
        "['ok', serialize($pairs)]; }\n"
        "    }\n"
        "    $f = fz_open($json, $chunk);\n"
        "    $pairs = [];\n"
        "    try {\n"
        "        foreach (jsond_decode_stream($f, $p, $assoc, $depth, $flags) as $k => $x) "
        "$pairs[] = [$k, $x];\n"
        "        $got = ['ok', serialize($pairs)];\n"
        "    } catch (JsonException $e) {\n"
        "        $got = ['ex', $e->getCode(), $e->getMessage(), jsond_last_error(), "
        "jsond_last_error_location()];\n"
        "    }\n"
        "    fclose($f);\n"
        "    if ($got === $want) return '';\n"
        "    if ($twice && ($got[0] === 'ok' || $got[1] === 100 || $got[1] === 101)) return '';\n"
        "    return 'pointer ' . json_encode($p) . ', assoc=' . var_export($assoc, true) . \", "
        "depth=$depth, flags=$flags, read size $chunk: want \"\n"
        "        . json_encode($want, JSON_INVALID_UTF8_SUBSTITUTE) . ' got ' . json_encode($got, "
        "JSON_INVALID_UTF8_SUBSTITUTE);\n"
        "}\n"
        "function fz_stream_main(string $in): string {\n"
        "    if ($in === '') return '';\n"
        "    $chunk = ord($in[0]) % 17;\n"
        "    $in = substr($in, 1);\n"
        "    $ptrs = [];\n"
        "    if ($in !== '' && $in[0] === '/') {\n"
        "        $nl = strpos($in, \"\\n\");\n"
        "        $p = $nl === false ? $in : substr($in, 0, $nl);\n"
        "        if (!preg_match('/~(?![01])/', $p)) $ptrs[] = $p;\n"
        "        $in = $nl === false ? '' : substr($in, $nl + 1);\n"
        "    }\n"
        "    fz_pointers(json_decode($in, true, 512, JSON_INVALID_UTF8_SUBSTITUTE | "
        "JSON_BIGINT_AS_STRING), '', $ptrs);\n"
        "    $ptrs[] = '/0';\n"
        "    $ptrs[] = '/-';\n"
        "    $settings = [[null, 512, 0], [true, 512, JSON_BIGINT_AS_STRING], [false, 3, "
        "JSON_INVALID_UTF8_IGNORE],\n"
        "        [null, 512, JSON_OBJECT_AS_ARRAY | JSON_INVALID_UTF8_SUBSTITUTE]];\n"
        "    foreach ($settings as [$a, $d, $f]) foreach (array_unique($ptrs) as $p) {\n"
        "        $r = fz_check($in, $chunk, (string)$p, $a, $d, $f);\n"
        "        if ($r !== '') return $r;\n"
        "    }\n"
        "    return '';\n"
        "}\n";

static const char *const needed[] = {"jsond_decode_stream", NULL};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_set_prelude(prelude);
	fz_php_start("fuzz_json_stream", needed);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zval in;
	fz_result r;

	fz_request_begin(data, size);
	ZVAL_STRINGL(&in, (const char *)data, size);
	fz_call(&r, "fz_stream_main", 1, &in);
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
