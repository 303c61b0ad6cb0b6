--TEST--
zser_unserialize(): hostile BACKREF_ARR and BACKREF_REF bytes around shared arrays (FORMAT.md §9.1), each refused with its code and offset; nothing is shared that the decoder could still change
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// Serializable whose payload is a nested blob, decoded with the outer blob's slots (§8.3)
class C { public $a; }
class N implements Serializable
{
    public $v;
    public function serialize() { return ''; }
    public function unserialize($d) { $this->v = zser_unserialize($d, ['throw_on_error' => true]); }
}
function show(string $label, string $blob, array $opts = []): void
{
    try {
        $v = zser_unserialize($blob, $opts + ['throw_on_error' => true]);
        echo "$label: accepted ", json_encode($v), "\n";
    } catch (ZserException $e) {
        echo "$label: ", $e->getCode(), ' ', $e->getMessage(), "\n";
    }
}
$cases = [
    // a list [[1], copy of slot 2]: the well-formed one
    'valid' => "Z\x81\x92\x91\x01\xD9\x01",
    'without the reference flag' => "Z\x01\x92\x91\x01\xD9\x01",
    'its own slot' => "Z\x81\x92\x91\x01\xD9\x03",
    'a slot not taken yet' => "Z\x81\x92\x91\x01\xD9\x09",
    'an int' => "Z\x81\x92\x01\xD9\x01",
    'a string' => "Z\x81\x92\x41a\xD9\x01",
    'an object' => "Z\x81\x92\xD1\x48stdClass\x00\xD9\x01",
    'an OBJECT_DATA object' => "Z\x81\x92\xD3\x48stdClass\x90\xD9\x01",
    'the list still open around it' => "Z\x81\x91\xD9\x00",
    'a list open two levels up' => "Z\x81\x91\x91\xD9\x00",
    'a list holding an object' => "Z\x81\x92\x91\xD1\x48stdClass\x00\xD9\x01",
    'a list holding an object two levels down' => "Z\x81\x92\x91\x91\xD1\x48stdClass\x00\xD9\x01",
    'a list holding a BACKREF_REF' => "Z\x81\x93\x01\x91\xD7\x01\xD9\x02",
    'a list one of whose slots a BACKREF_REF named' => "Z\x81\x93\x91\x01\xD7\x02\xD9\x01",
    'a list a BACKREF_REF named itself' => "Z\x81\x93\x91\x01\xD7\x01\xD9\x01",
    'a BACKREF_REF into a shared list' => "Z\x81\x93\x91\x01\xD9\x01\xD7\x02",
    'a BACKREF_REF into a list inside a shared list' => "Z\x81\x93\x91\x91\x01\xD9\x01\xD7\x03",
    'a BACKREF_REF to the BACKREF_ARR itself' => "Z\x81\x93\x91\x01\xD9\x01\xD7\x03",
    'a copy of a copy' => "Z\x81\x93\x91\x01\xD9\x01\xD9\x03",
    'a copy of an empty list' => "Z\x81\x92\x90\xD9\x01",
    'a copy of a map, by key' => "Z\x81\xD0\x01\x41a\x41b\x91\x01\xD9\x01",
    // [[[1]], [copy of [[1]]]]: the copy (2 levels) opens inside level 2, as unserialize()
    // would enter it again: 4 levels
    'a copy deeper than max_depth 3' => ["Z\x81\x92\x91\x91\x01\x91\xD9\x01", ['max_depth' => 3]],
    'a copy at max_depth 4' => ["Z\x81\x92\x91\x91\x01\x91\xD9\x01", ['max_depth' => 4]],
    // nested blob: its value [BACKREF_REF 3] names slot 3 of the outer blob, inside the list
    // the outer blob shared before (5A C1 04: nested, base 5)
    'a nested blob\'s BACKREF_REF into an outer shared list' =>
        "Z\x81\x93\x91\x01\xD9\x01\xD8\x41N\x00\x06Z\xC1\x04\x91\xD7\x02",
    'a nested blob\'s BACKREF_ARR to an outer list' =>
        "Z\x81\x92\x91\x01\xD8\x41N\x00\x06Z\xC1\x03\x91\xD9\x01",
    // a property named twice (public and protected manglings of C::$a): the slot of its first
    // value, [1], now holds the second, the list still open around the BACKREF_ARR, and an int
    'a property named twice, its second value still open' =>
        "Z\x81\xD1\x41C\x02\x41a\x44\x00*\x00a\x91\x01\x91\xD9\x01",
    'a property named twice, its second value open two levels up' =>
        "Z\x81\xD1\x41C\x02\x41a\x44\x00*\x00a\x91\x01\x91\x91\xD9\x01",
    'a property named three times, its third value still open' =>
        "Z\x81\xD1\x41C\x03\x41a\x44\x00*\x00a\x44\x00C\x00a\x91\x01\x91\x02\x91\xD9\x01",
    'a property named twice, its second value an int' =>
        "Z\x81\x92\xD1\x41C\x02\x41a\x44\x00*\x00a\x91\x01\x05\xD9\x02",
    'a property named twice, its second value a complete list' =>
        "Z\x81\x92\xD1\x41C\x02\x41a\x44\x00*\x00a\x91\x01\x91\x02\xD9\x02",
    // the outer blob names the list of a nested blob: a reserved slot
    'an outer BACKREF_ARR to a reserved slot' =>
        "Z\x81\x92\xD8\x41N\x02\x06Z\x41\x01\x91\x91\x01\xD9\x03",
];
foreach ($cases as $label => $c) {
    [$blob, $opts] = is_array($c) ? $c : [$c, []];
    show($label, $blob, $opts);
}
// the warning without throw_on_error names the offset too
var_dump(zser_unserialize("Z\x81\x93\x91\x01\xD9\x01\xD7\x02"));
// the value a shared list reads as is the list itself, separate on write
$v = zser_unserialize("Z\x81\x93\x91\x01\xD9\x01\xD9\x03");
$v[1][] = 2;
echo json_encode($v), "\n";
?>
--EXPECTF--
valid: accepted [[1],[1]]
without the reference flag: 24 reference flag mismatch at offset 5 of 7 bytes
its own slot: 12 back-reference out of range at offset 5 of 7 bytes
a slot not taken yet: 12 back-reference out of range at offset 5 of 7 bytes
an int: 28 back-reference to a non-array at offset 4 of 6 bytes
a string: 28 back-reference to a non-array at offset 5 of 7 bytes
an object: 28 back-reference to a non-array at offset 14 of 16 bytes
an OBJECT_DATA object: 28 back-reference to a non-array at offset 14 of 16 bytes
the list still open around it: 29 back-reference to an incomplete array at offset 3 of 5 bytes
a list open two levels up: 29 back-reference to an incomplete array at offset 4 of 6 bytes
a list holding an object: 30 shared array not plain at offset 15 of 17 bytes
a list holding an object two levels down: 30 shared array not plain at offset 16 of 18 bytes
a list holding a BACKREF_REF: 30 shared array not plain at offset 7 of 9 bytes
a list one of whose slots a BACKREF_REF named: 30 shared array not plain at offset 7 of 9 bytes
a list a BACKREF_REF named itself: accepted [[1],[1],[1]]
a BACKREF_REF into a shared list: 31 reference into a shared array at offset 7 of 9 bytes
a BACKREF_REF into a list inside a shared list: 31 reference into a shared array at offset 8 of 10 bytes
a BACKREF_REF to the BACKREF_ARR itself: accepted [[1],[1],[1]]
a copy of a copy: accepted [[1],[1],[1]]
a copy of an empty list: accepted [[],[]]
a copy of a map, by key: accepted {"a":[1],"b":[1]}
a copy deeper than max_depth 3: 20 maximum depth of 3 exceeded at offset 7 of 9 bytes; raise the limit with zser_unserialize()'s max_depth option or the unserialize_max_depth ini setting (0: none)
a copy at max_depth 4: accepted [[[1]],[[[1]]]]
a nested blob's BACKREF_REF into an outer shared list: 31 reference into a shared array at offset 4 of 6 bytes
a nested blob's BACKREF_ARR to an outer list: 12 back-reference out of range at offset 4 of 6 bytes
a property named twice, its second value still open: 29 back-reference to an incomplete array at offset 16 of 18 bytes
a property named twice, its second value open two levels up: 29 back-reference to an incomplete array at offset 17 of 19 bytes
a property named three times, its third value still open: 29 back-reference to an incomplete array at offset 23 of 25 bytes
a property named twice, its second value an int: 28 back-reference to a non-array at offset 17 of 19 bytes
a property named twice, its second value a complete list: accepted [{"a":[2]},[2]]
an outer BACKREF_ARR to a reserved slot: 28 back-reference to a non-array at offset 14 of 16 bytes

Warning: zser_unserialize(): reference into a shared array at offset 7 of 9 bytes in %s on line %d
bool(false)
[[1],[1,2],[1]]
