--TEST--
zser gives the same warnings as serialize() when __sleep returns unknown names, non-strings or no array
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Unknown
{
    public $a = 1;
    public function __sleep() { return ['a', 'nope']; }
}
class NotString
{
    public $a = 1;
    public function __sleep() { return ['a', 5, null]; }
}
class NotArray
{
    public $a = 1;
    public function __sleep() { return 'a'; }
}
class ReturnsNull
{
    public $a = 1;
    public function __sleep() { return null; }
}
class UninitTyped
{
    public int $a;
    public $b = 2;
    public function __sleep() { return ['a', 'b']; }
}
class ParentOnlyPrivate
{
    private $p = 'p';
}
class ChildAsksParentPrivate extends ParentOnlyPrivate
{
    public function __sleep() { return ['p']; }
}
foreach (['Unknown', 'NotString', 'NotArray', 'ReturnsNull', 'UninitTyped', 'ChildAsksParentPrivate'] as $c) {
    bin_same(new $c, $c);
    bin_same(['x' => new $c, 'y' => 1], "$c inside an array");
}
// The warning text itself, as the reference prints it, names zser_serialize().
$r = bin_run(fn () => zser_serialize(new Unknown));
echo $r['diag'][0] ?? 'no warning', "\n";
set_error_handler(function ($no, $str) { echo "[$no] $str\n"; return true; });
zser_serialize(new Unknown);
serialize(new Unknown);
?>
--EXPECTF--
Unknown: ok (1 diagnostics)
Unknown inside an array: ok (1 diagnostics)
NotString: ok (%d diagnostics)
NotString inside an array: ok (%d diagnostics)
NotArray: ok (1 diagnostics)
NotArray inside an array: ok (1 diagnostics)
ReturnsNull: ok (1 diagnostics)
ReturnsNull inside an array: ok (1 diagnostics)
UninitTyped: ok%A
UninitTyped inside an array: ok%A
ChildAsksParentPrivate: ok (1 diagnostics)
ChildAsksParentPrivate inside an array: ok (1 diagnostics)
2: serialize(): "nope" returned as member variable from __sleep() but does not exist
[2] zser_serialize(): "nope" returned as member variable from __sleep() but does not exist
[2] serialize(): "nope" returned as member variable from __sleep() but does not exist
