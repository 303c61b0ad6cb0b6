--TEST--
jsond_encode: objects (public/protected/private, typed and uninitialized, dynamic, unset, casts, internal classes)
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';

#[AllowDynamicProperties]
class Props
{
    public $pub = 'pub';
    protected $prot = 'prot';
    private $priv = 'priv';
    public int $typed;
    public ?string $nullable = null;
    public readonly int $ro;
    public array $list = [1, 2];
    public function __construct() { $this->ro = 7; }
}
class Child extends Props
{
    public $extra = 'extra';
    private $priv = 'child-priv';
}

$a = new Props();
$b = new Props();
$b->typed = 5;
$b->dyn = ['dynamic'];
$b->{'0'} = 'zero';
$b->{''} = 'empty name';
$c = new Child();
unset($c->pub);
$d = new Props();
$d->list[] = $d->list;     // properties table materialised by a write
$cast = (object)['a' => 1, "\0*\0prot" => 2, "\0X\0priv" => 3, '5' => 'five', '' => 'e'];
$ao = new ArrayObject(['x' => 1, 'y' => [2]]);
$ao2 = new ArrayObject(new Props());
$dt = new DateTime('2001-02-03 04:05:06.789', new DateTimeZone('UTC'));
$di = new DateInterval('P1Y2M3DT4H5M6S');
$fixed = SplFixedArray::fromArray([1, 'two', [3]]);
$closure = function () {};
$gen = (function () { yield 1; })();
$values = [$a, $b, $c, $d, $cast, $ao, $ao2, $dt, $di, $fixed, $closure, $gen,
    new stdClass(), [new stdClass(), (object)[]], new ArrayIterator([1, 2]),
    new SplObjectStorage(), new Exception('msg'), [$a, $b, $c]];
enc_check('objects', $values, [0, JSON_FORCE_OBJECT, JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR,
    JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION]);
?>
--EXPECT--
objects: ok (90 cases)
