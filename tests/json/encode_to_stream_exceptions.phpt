--TEST--
jsond_encode_to_stream(): an exception from jsonSerialize() after a bad key, with and without JSON_THROW_ON_ERROR, as json_encode() reports it
--EXTENSIONS--
zser
--FILE--
<?php
class Boom implements JsonSerializable { function jsonSerialize(): mixed { throw new RuntimeException('boom'); } }
// a bad key does not stop the walk (ext/json writes on), so jsonSerialize() still runs
$v = [array_fill(0, 20000, 'row'), ["\xFF" => 1, 'b' => new Boom]];
foreach ([0, JSON_THROW_ON_ERROR, JSON_PARTIAL_OUTPUT_ON_ERROR] as $flags) {
    foreach (['json_encode', 'stream'] as $how) {
        $f = fopen('php://memory', 'w+');
        try {
            $r = $how === 'json_encode' ? json_encode($v, $flags) : jsond_encode_to_stream($v, $f, $flags);
            echo "$how $flags: returned\n";
        } catch (Throwable $e) {
            $prev = $e->getPrevious();
            echo "$how $flags: ", get_class($e), '(', $e->getMessage(), ')',
                $prev ? ' after ' . get_class($prev) . '(' . $prev->getMessage() . ')' : '', "\n";
        }
        rewind($f);
        $text = stream_get_contents($f);
        if ($how === 'stream') {
            var_dump(strlen($text) > 0 && str_starts_with(json_encode(array_fill(0, 20000, 'row')), substr($text, 1)));
        }
    }
}
?>
--EXPECT--
json_encode 0: RuntimeException(boom)
stream 0: RuntimeException(boom)
bool(true)
json_encode 4194304: JsonException(Malformed UTF-8 characters, possibly incorrectly encoded) after RuntimeException(boom)
stream 4194304: JsonException(Malformed UTF-8 characters, possibly incorrectly encoded) after RuntimeException(boom)
bool(true)
json_encode 512: RuntimeException(boom)
stream 512: RuntimeException(boom)
bool(true)
