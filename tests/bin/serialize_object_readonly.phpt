--TEST--
zser round trip of readonly properties and readonly classes; they stay readonly afterwards
--EXTENSIONS--
zser
--SKIPIF--
<?php if (PHP_VERSION_ID < 80200) die('skip readonly classes need PHP 8.2'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Point
{
    public function __construct(
        public readonly int $x,
        public readonly int $y,
        protected readonly array $tags = [],
    ) {}
}
readonly class Money
{
    public function __construct(public int $amount, public string $currency) {}
}
$p = new Point(1, 2, ['a']);
$m = new Money(100, 'EUR');
bin_same_all(['readonly properties' => $p, 'readonly class' => $m, 'shared' => [$m, $m, $p]]);
foreach (['reference' => unserialize(serialize($p)), 'zser' => zser_unserialize(zser_serialize($p))] as $path => $z) {
    try {
        $z->x = 5;
        echo "$path: modified\n";
    } catch (Error $e) {
        echo "$path: ", $e->getMessage(), "\n";
    }
}
// Uninitialized readonly property stays uninitialized and can then be set once.
class Lazy
{
    public readonly int $v;
    public function init() { $this->v = 7; }
}
$l = new Lazy;
bin_same($l, 'uninitialized readonly');
$z = zser_unserialize(zser_serialize($l));
$z->init();
var_dump($z->v);
?>
--EXPECT--
readonly properties: ok
readonly class: ok
shared: ok
reference: Cannot modify readonly property Point::$x
zser: Cannot modify readonly property Point::$x
uninitialized readonly: ok
int(7)
