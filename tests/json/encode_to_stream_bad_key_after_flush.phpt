--TEST--
jsond_encode_to_stream(): after an error without partial output (a bad key, INF) nothing more reaches the stream, which holds a strict prefix of json_encode()'s partial text
--EXTENSIONS--
zser
--INI--
memory_limit=256M
--FILE--
<?php
// Without JSON_PARTIAL_OUTPUT_ON_ERROR, ext/json goes on past a key that is bad UTF-8 (it
// writes no key at all, where the partial text has "") and past INF/NAN; the text it makes
// from there is thrown away. 70 000 bytes come first, so the buffer is handed to the stream
// once before the error, and 70 000 more after it would be handed over again.
eval('class BadName { public $a = 1; public $k' . "\xFF" . ' = 2; public $z = 3; }');

$head = str_repeat('a', 70000);
$tail = str_repeat('b', 70000);
$cases = [
    'array key' => [$head, ["k\xFF" => [-0.0], 'b' => 2], $tail],
    'object key' => [$head, (object)["k\xFF" => 1], $tail],
    'declared property' => [$head, new BadName, $tail],
    'INF' => [$head, INF, $tail],
    'key, then INF' => [$head, ["k\xFF" => 1], $tail, INF, $tail],
];

function streamed($value, int $flags): array {
    $f = fopen('php://memory', 'w+');
    jsond_encode(1); // JSON_THROW_ON_ERROR leaves the last error as it was
    try {
        $n = jsond_encode_to_stream($value, $f, $flags);
    } catch (JsonException $e) {
        $n = 'JsonException(' . $e->getCode() . ')';
    }
    $err = jsond_last_error();
    rewind($f);
    return [$n, stream_get_contents($f), $err];
}

foreach ($cases as $name => $v) {
    foreach ([0, JSON_PRETTY_PRINT, JSON_THROW_ON_ERROR] as $flags) {
        [$n, $text, $err] = streamed($v, $flags);
        json_encode(1);
        try {
            $ref = json_encode($v, $flags);
        } catch (JsonException $e) {
            $ref = 'JsonException(' . $e->getCode() . ')';
        }
        $refErr = json_last_error();
        $partial = json_encode($v, $flags | JSON_PARTIAL_OUTPUT_ON_ERROR);
        // what was written before the error: the first element, up to the first flush point
        $before = ($flags & JSON_PRETTY_PRINT) ? "[\n    \"$head\"" : "[\"$head\"";
        printf("%s, flags %d: %s, error %s, %s, %s\n", $name, $flags,
            $n === $ref ? 'same result' : 'DIFFERENT RESULT ' . var_export([$n, $ref], true),
            $err === $refErr ? 'same' : "DIFFERENT ($err, $refErr)",
            strlen($text) < strlen($partial) && str_starts_with($partial, $text) ? 'prefix of the partial text' : 'NOT A PREFIX',
            $text === $before ? 'the text before the error' : 'written: ' . strlen($text));
    }
    // with partial output the stream holds exactly the partial text
    [$n, $text, $err] = streamed($v, JSON_PARTIAL_OUTPUT_ON_ERROR);
    $partial = json_encode($v, JSON_PARTIAL_OUTPUT_ON_ERROR);
    printf("%s, partial: %s\n", $name,
        $n === strlen($partial) && $text === $partial && $err === json_last_error() ? 'the partial text' : 'DIFFERENT');
}
echo substr(json_encode($cases['array key'], JSON_PARTIAL_OUTPUT_ON_ERROR), 70003, 24), "\n";

// The walk goes on to the end after the error (20 MB of text after a bad key), and what it
// writes is dropped as it goes rather than held: a file, so the stream holds no memory.
$rows = array_fill(0, 200000, str_repeat('r', 100));
$v = [$head, ["k\xFF" => 1], $rows];
$path = tempnam(sys_get_temp_dir(), 'zser-stream');
$f = fopen($path, 'w');
$before = memory_get_usage();
memory_reset_peak_usage();
var_dump(jsond_encode_to_stream($v, $f), jsond_last_error() === JSON_ERROR_UTF8);
$peak = memory_get_peak_usage() - $before;
fclose($f);
var_dump(filesize($path), $peak < 1_000_000);
if ($peak >= 1_000_000) echo "peak: $peak\n";
unlink($path);
?>
--EXPECT--
array key, flags 0: same result, error same, prefix of the partial text, the text before the error
array key, flags 128: same result, error same, prefix of the partial text, the text before the error
array key, flags 4194304: same result, error same, prefix of the partial text, the text before the error
array key, partial: the partial text
object key, flags 0: same result, error same, prefix of the partial text, the text before the error
object key, flags 128: same result, error same, prefix of the partial text, the text before the error
object key, flags 4194304: same result, error same, prefix of the partial text, the text before the error
object key, partial: the partial text
declared property, flags 0: same result, error same, prefix of the partial text, the text before the error
declared property, flags 128: same result, error same, prefix of the partial text, the text before the error
declared property, flags 4194304: same result, error same, prefix of the partial text, the text before the error
declared property, partial: the partial text
INF, flags 0: same result, error same, prefix of the partial text, the text before the error
INF, flags 128: same result, error same, prefix of the partial text, the text before the error
INF, flags 4194304: same result, error same, prefix of the partial text, the text before the error
INF, partial: the partial text
key, then INF, flags 0: same result, error same, prefix of the partial text, the text before the error
key, then INF, flags 128: same result, error same, prefix of the partial text, the text before the error
key, then INF, flags 4194304: same result, error same, prefix of the partial text, the text before the error
key, then INF, partial: the partial text
,{"":[-0],"b":2},"bbbbbb
bool(false)
bool(true)
int(70003)
bool(true)
