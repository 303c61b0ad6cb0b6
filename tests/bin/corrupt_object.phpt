--TEST--
zser_unserialize() on truncated and byte-mutated blobs of objects (visibility, typed, readonly, shapes, incomplete)
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
class Vis { public $a = 1; protected $b = [2]; private $c = 'three'; }
class TypedC { public int $i = 5; public ?string $s = 'str'; public float $f = 1.5; public array $arr = []; public int $un; }
class Ro { public function __construct(public readonly int $x = 1, public readonly string $y = 'y') {} }
$std = new stdClass;
$std->p = 'q';
bin_corrupt_value('visibility', [new Vis, new Vis, $std]);
bin_corrupt_value('typed', [new TypedC, new TypedC]);
bin_corrupt_value('readonly', new Ro(7, 'seven'));
bin_corrupt_value('incomplete', unserialize(serialize([new Vis]), ['allowed_classes' => false]));
?>
--EXPECT--
visibility truncate: ok
visibility bytes: ok
typed truncate: ok
typed bytes: ok
readonly truncate: ok
readonly bytes: ok
incomplete truncate: ok
incomplete bytes: ok
