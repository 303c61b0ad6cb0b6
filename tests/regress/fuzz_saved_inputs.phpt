--TEST--
Saved fuzz findings behave at PHP level: zser blobs decode and re-encode to the same bytes, JSON agrees with ext/json
--EXTENSIONS--
zser
--FILE--
<?php
// The sanitizer builds replay these files too (fuzz/regress, `make fuzz-regress`); here the
// release build must give the canonical round trip, or for JSON the same verdict as ext/json.
$dir = __DIR__ . '/../../fuzz/regress';
foreach (['fuzz_unserialize', 'fuzz_wire_read'] as $target) {
    foreach (glob("$dir/$target/*") as $file) {
        $blob = file_get_contents($file);
        try {
            $value = zser_unserialize($blob, ['throw_on_error' => true]);
        } catch (Throwable $e) {
            // a refused blob (one that broke the cleanup of a failed decode)
            printf("%s/%s: refused: %s\n", $target, basename($file), $e->getMessage());
            continue;
        }
        printf("%s/%s: %s\n", $target, basename($file),
            zser_serialize($value) === $blob ? 'canonical round trip' : 'DIFFERENT BYTES');
    }
}
// Either path may throw (an internal class refusing what it serialized): then both must
// throw the same.
function round_trip(callable $f): string
{
    try {
        return serialize($f());
    } catch (Throwable $e) {
        $out = get_class($e) . ': ' . $e->getMessage();
        // From PHP 8.4 serialize() follows an array met again below itself until its stack
        // limit (an Error naming the stack size); zser_serialize() throws at a depth bound.
        return preg_match('/^(Error: Maximum call stack size of \d+ bytes .* reached|'
            . 'ZserException: Maximum nesting depth of \d+ exceeded)/', $out) ? 'endless recursion' : $out;
    }
}
// Where PHP's own unserialize() refuses what its serialize() wrote, there is no round trip to
// compare with (as in the harness); zser's must still give the value back.
foreach (glob("$dir/fuzz_bin_roundtrip/*") as $file) {
    $value = @unserialize(file_get_contents($file));
    $ours = round_trip(fn() => zser_unserialize(zser_serialize($value), ['throw_on_error' => true]));
    $php = round_trip(fn() => @unserialize(serialize($value)));
    $verdict = $ours === $php ? 'same as serialize()' : 'DIFFERENT';
    if ($php === 'b:0;' && serialize($value) !== 'b:0;') {
        $verdict = "serialize()'s bytes refused by unserialize(); zser's round trip "
            . (serialize(zser_unserialize(zser_serialize($value))) === serialize($value) ? 'keeps the value' : 'DIFFERENT');
    }
    printf("fuzz_bin_roundtrip/%s: %s\n", basename($file), $verdict);
}
foreach (glob("$dir/fuzz_json_decode/*") as $file) {
    $json = file_get_contents($file);
    $same = serialize(jsond_decode($json)) === serialize(json_decode($json))
        && jsond_last_error() === json_last_error();
    // jsond_validate() at the depths the fuzz settings use, as json_decode() to arrays
    foreach ([1, 2, 3, 32, 512] as $depth) {
        json_decode($json, true, $depth);
        $same = $same && jsond_validate($json, $depth) === (json_last_error() === 0)
            && jsond_last_error() === json_last_error();
    }
    printf("fuzz_json_decode/%s: %s\n", basename($file), $same ? 'same as ext/json' : 'DIFFERENT');
}
?>
--EXPECT--
fuzz_unserialize/backref_non_object_after_declared_rename: canonical round trip
fuzz_unserialize/backref_non_object_exception_message: refused: back-reference to a non-object at offset 46 of 48 bytes
fuzz_unserialize/backref_non_object_in_map: refused: back-reference to a non-object at offset 51 of 53 bytes
fuzz_unserialize/closure_in_list: refused: Unserialization of 'Closure' is not allowed
fuzz_unserialize/empty_object_shape: canonical round trip
fuzz_unserialize/grow_from_null: canonical round trip
fuzz_unserialize/internal_magic_warns_after_failure: refused: trailing bytes at offset 55 of 90 bytes
fuzz_wire_read/empty_object_shape: canonical round trip
fuzz_bin_roundtrip/datetime_offset_refused: same as serialize()
fuzz_bin_roundtrip/datetime_utc_abbreviation: same as serialize()
fuzz_bin_roundtrip/incomplete_class_one_property: same as serialize()
fuzz_bin_roundtrip/incomplete_class_two_properties: serialize()'s bytes refused by unserialize(); zser's round trip keeps the value
fuzz_bin_roundtrip/object_met_again_through_root_reference: same as serialize()
fuzz_bin_roundtrip/php_unserialize_leak: same as serialize()
fuzz_bin_roundtrip/reference_to_root: same as serialize()
fuzz_bin_roundtrip/reference_to_root_2: same as serialize()
fuzz_bin_roundtrip/shared-array-written-null-inside-itself: same as serialize()
fuzz_json_decode/validate_depth_one: same as ext/json
fuzz_json_decode/validate_property_name: same as ext/json
