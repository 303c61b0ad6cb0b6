--TEST--
jsond_encode_to_stream(): the location of an earlier decode error goes with the error it replaces, as after jsond_encode()
--EXTENSIONS--
zser
--FILE--
<?php
function state(): string {
    return jsond_last_error() . ' ' . jsond_last_error_msg() . ' ' . json_encode(jsond_last_error_location());
}
$f = fopen('php://memory', 'w+');
foreach (['an error' => [NAN], 'success' => [1], 'two errors' => [NAN, "\xFF"]] as $name => $v) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR] as $flags) {
        $states = [];
        foreach (['jsond_encode', 'stream'] as $how) {
            jsond_decode("[1,\n 2", false, 512, JSOND_ERROR_LOCATION);
            $located = state();
            try {
                $how === 'stream' ? jsond_encode_to_stream($v, $f, $flags) : jsond_encode($v, $flags);
            } catch (JsonException $e) {
            }
            $states[$how] = state();
        }
        echo "$name, flags $flags: ", $states['stream'] === $states['jsond_encode'] ? 'as jsond_encode()' : 'DIFFERENT',
            ': ', $states['stream'] === $located ? 'left as it was' : $states['stream'], "\n";
    }
}
?>
--EXPECT--
an error, flags 0: as jsond_encode(): 7 Inf and NaN cannot be JSON encoded null
an error, flags 512: as jsond_encode(): 7 Inf and NaN cannot be JSON encoded null
an error, flags 4194304: as jsond_encode(): left as it was
success, flags 0: as jsond_encode(): 0 No error null
success, flags 512: as jsond_encode(): 0 No error null
success, flags 4194304: as jsond_encode(): left as it was
two errors, flags 0: as jsond_encode(): 5 Malformed UTF-8 characters, possibly incorrectly encoded null
two errors, flags 512: as jsond_encode(): 5 Malformed UTF-8 characters, possibly incorrectly encoded null
two errors, flags 4194304: as jsond_encode(): left as it was
