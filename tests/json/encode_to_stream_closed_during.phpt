--TEST--
jsond_encode_to_stream(): a stream closed by jsonSerialize() during the encoding is not written to again (TypeError, as fwrite() on a closed stream)
--EXTENSIONS--
zser
--FILE--
<?php
class Closer implements JsonSerializable {
    public static $f;
    // closes only while the stream is open: json_encode() below runs it on a closed one
    function jsonSerialize(): mixed { if (is_resource(self::$f)) fclose(self::$f); return 1; }
}
$head = str_repeat('a', 70000);
$tail = str_repeat('b', 70000);
$path = tempnam(sys_get_temp_dir(), 'zser-stream');
// the first 70 000 bytes are handed over before jsonSerialize() runs, the rest would be after
foreach (['after a flush, more to come' => [$head, new Closer, $tail],
          'after a flush, at the end' => [$head, new Closer],
          'before any flush' => [new Closer, 2]] as $name => $v) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT] as $flags) {
        Closer::$f = fopen($path, 'w');
        jsond_encode('x');
        try {
            var_dump(jsond_encode_to_stream($v, Closer::$f, $flags));
        } catch (TypeError $e) {
            echo "$name, flags $flags: ", get_class($e), ': ', $e->getMessage(), "\n";
        }
        $text = file_get_contents($path);
        $want = json_encode($v, $flags);
        echo '  written: ', strlen($text), ', a prefix: ', strlen($text) < strlen($want) && str_starts_with($want, $text) ? 'yes' : 'NO',
            ', error: ', jsond_last_error(), "\n";
    }
}
try {
    fwrite(Closer::$f, 'x');
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
unlink($path);
?>
--EXPECT--
after a flush, more to come, flags 0: TypeError: jsond_encode_to_stream(): supplied resource is not a valid stream resource
  written: 70003, a prefix: yes, error: 0
after a flush, more to come, flags 512: TypeError: jsond_encode_to_stream(): supplied resource is not a valid stream resource
  written: 70003, a prefix: yes, error: 0
after a flush, more to come, flags 128: TypeError: jsond_encode_to_stream(): supplied resource is not a valid stream resource
  written: 70008, a prefix: yes, error: 0
after a flush, at the end, flags 0: TypeError: jsond_encode_to_stream(): supplied resource is not a valid stream resource
  written: 70003, a prefix: yes, error: 0
after a flush, at the end, flags 512: TypeError: jsond_encode_to_stream(): supplied resource is not a valid stream resource
  written: 70003, a prefix: yes, error: 0
after a flush, at the end, flags 128: TypeError: jsond_encode_to_stream(): supplied resource is not a valid stream resource
  written: 70008, a prefix: yes, error: 0
before any flush, flags 0: TypeError: jsond_encode_to_stream(): supplied resource is not a valid stream resource
  written: 0, a prefix: yes, error: 0
before any flush, flags 512: TypeError: jsond_encode_to_stream(): supplied resource is not a valid stream resource
  written: 0, a prefix: yes, error: 0
before any flush, flags 128: TypeError: jsond_encode_to_stream(): supplied resource is not a valid stream resource
  written: 0, a prefix: yes, error: 0
TypeError: fwrite(): supplied resource is not a valid stream resource
