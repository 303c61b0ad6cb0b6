--TEST--
jsond_encode_lines(): a stream closed by jsonSerialize() or by the iterator handing out the values is not written to again (TypeError, as fwrite() on a closed stream)
--EXTENSIONS--
zser
--FILE--
<?php
class Closer implements JsonSerializable {
    public static $f;
    function jsonSerialize(): mixed { fclose(self::$f); return 1; }
}
function closing_generator() {
    yield 1;
    fclose(Closer::$f);
    yield 2;
}
$path = tempnam(sys_get_temp_dir(), 'zser-lines');
foreach (['jsonSerialize() of the second value' => fn() => [1, new Closer, 3],
          'jsonSerialize() of the first value' => fn() => [new Closer],
          'the generator between two values' => fn() => closing_generator()] as $name => $make) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR] as $flags) {
        Closer::$f = fopen($path, 'w');
        try {
            var_dump(jsond_encode_lines($make(), Closer::$f, $flags));
        } catch (TypeError $e) {
            echo "$name, flags $flags: ", get_class($e), ': ', $e->getMessage(), "\n";
        }
        echo '  written: ', json_encode(file_get_contents($path)), ', error: ', jsond_last_error(), "\n";
    }
}
unlink($path);
?>
--EXPECT--
jsonSerialize() of the second value, flags 0: TypeError: jsond_encode_lines(): supplied resource is not a valid stream resource
  written: "1\n", error: 0
jsonSerialize() of the second value, flags 512: TypeError: jsond_encode_lines(): supplied resource is not a valid stream resource
  written: "1\n", error: 0
jsonSerialize() of the first value, flags 0: TypeError: jsond_encode_lines(): supplied resource is not a valid stream resource
  written: "", error: 0
jsonSerialize() of the first value, flags 512: TypeError: jsond_encode_lines(): supplied resource is not a valid stream resource
  written: "", error: 0
the generator between two values, flags 0: TypeError: jsond_encode_lines(): supplied resource is not a valid stream resource
  written: "1\n", error: 0
the generator between two values, flags 512: TypeError: jsond_encode_lines(): supplied resource is not a valid stream resource
  written: "1\n", error: 0
