--TEST--
jsond_encode_to_stream(): under JSON_PARTIAL_OUTPUT_ON_ERROR nothing made after an exception from jsonSerialize() reaches the stream (every later jsonSerialize() stands as null)
--EXTENSIONS--
zser
--FILE--
<?php
// With partial output ext/json walks on past the exception, but no jsonSerialize() runs while
// it is pending: each gives null, a text no call returns. 70 000 bytes come first, so the
// buffer is handed to the stream once before the exception, and 20 000 rows after it would be.
class Thrower implements JsonSerializable {
    public static bool $on = true;
    function jsonSerialize(): mixed {
        if (self::$on) throw new RuntimeException('thrown');
        return null;
    }
}
class Ser implements JsonSerializable {
    public static int $calls = 0;
    function __construct(private $v) {}
    function jsonSerialize(): mixed { self::$calls++; return $this->v; }
}
$head = str_repeat('a', 70000);
$rows = array_fill(0, 20000, new Ser([1]));
$cases = [
    'at the top' => [$head, new Thrower, $rows],
    'nested' => [$head, [new Ser(['k' => new Thrower])], $rows],
];
foreach ($cases as $name => $v) {
    foreach ([JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT] as $flags) {
        $results = [];
        foreach (['json_encode', 'stream'] as $how) {
            Ser::$calls = 0;
            $f = fopen('php://memory', 'w+');
            try {
                $how === 'json_encode' ? json_encode($v, $flags) : jsond_encode_to_stream($v, $f, $flags);
                $results[$how] = 'returned';
            } catch (RuntimeException $e) {
                $results[$how] = get_class($e) . '(' . $e->getMessage() . '), ' . Ser::$calls . ' jsonSerialize() calls';
            }
            rewind($f);
            $text = stream_get_contents($f);
        }
        // the text made when the thrower gives null instead
        Thrower::$on = false;
        $partial = json_encode($v, $flags);
        Thrower::$on = true;
        $before = ($flags & JSON_PRETTY_PRINT) ? "[\n    \"$head\"" : "[\"$head\"";
        printf("%s, flags %d: %s; %s; %s, %s\n", $name, $flags, $results['stream'],
            $results['stream'] === $results['json_encode'] ? 'as json_encode()' : 'json_encode(): ' . $results['json_encode'],
            strlen($text) < strlen($partial) && str_starts_with($partial, $text) ? 'prefix of the partial text' : 'NOT A PREFIX',
            $text === $before ? 'the text before the exception' : 'written: ' . strlen($text));
    }
}
?>
--EXPECT--
at the top, flags 512: RuntimeException(thrown), 0 jsonSerialize() calls; as json_encode(); prefix of the partial text, the text before the exception
at the top, flags 640: RuntimeException(thrown), 0 jsonSerialize() calls; as json_encode(); prefix of the partial text, the text before the exception
nested, flags 512: RuntimeException(thrown), 1 jsonSerialize() calls; as json_encode(); prefix of the partial text, the text before the exception
nested, flags 640: RuntimeException(thrown), 1 jsonSerialize() calls; as json_encode(); prefix of the partial text, the text before the exception
