--TEST--
jsond_encode: recursion detection in arrays (references), objects and jsonSerialize()
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
class Ser implements JsonSerializable
{
    public $v;
    public function jsonSerialize(): mixed { return $this->v; }
}
$arr = [1, 2];
$arr[] = &$arr;
$obj = new stdClass();
$obj->self = $obj;
$obj->n = 1;
$o2 = new stdClass();
$o2->list = [1, [2, $o2]];
$s = new Ser();
$s->v = ['me' => $s];
$shared = new stdClass();
$shared->x = 1;
$notRecursive = [$shared, $shared, [$shared]];   // the same object twice is fine
$ref = [1];
$twice = [&$ref, &$ref];
$values = [$arr, $obj, $o2, $s, $notRecursive, $twice, [$obj, NAN], [NAN, $obj]];
enc_check('recursion', $values, [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR, JSON_PRETTY_PRINT],
    [512, 3, 1]);
?>
--EXPECT--
recursion: ok (96 cases)
