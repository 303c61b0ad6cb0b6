--TEST--
zser_serialize() throws exactly what serialize() throws for values that cannot be serialized
--EXTENSIONS--
zser
--SKIPIF--
<?php if (PHP_VERSION_ID < 80200) die('skip SensitiveParameterValue needs PHP 8.2'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
function gen() { yield 1; }
class HasClosure { public $f; public function __construct() { $this->f = fn () => 1; } }
class MyDom extends DOMDocument {}
$make = [
    'Closure' => fn () => function () {},
    'arrow fn' => fn () => fn () => 1,
    'first-class callable' => fn () => strlen(...),
    'anonymous class' => fn () => new class {},
    'anonymous class extending stdClass' => fn () => new class extends stdClass {},
    'Generator' => fn () => gen(),
    'ReflectionClass' => fn () => new ReflectionClass('stdClass'),
    'ReflectionMethod' => fn () => new ReflectionMethod('ArrayObject', 'count'),
    'ReflectionProperty' => fn () => new ReflectionProperty('HasClosure', 'f'),
    'SplFileInfo' => fn () => new SplFileInfo(__FILE__),
    'SplFileObject' => fn () => new SplFileObject(__FILE__),
    'SplTempFileObject' => fn () => new SplTempFileObject(),
    'DirectoryIterator' => fn () => new DirectoryIterator(__DIR__),
    'SimpleXMLElement' => fn () => new SimpleXMLElement('<a/>'),
    'DOMDocument subclass' => fn () => new MyDom(),
    'WeakReference' => fn () => WeakReference::create(new stdClass),
    'WeakMap' => fn () => new WeakMap,
    'Fiber' => fn () => new Fiber(fn () => 1),
    'finfo' => fn () => new finfo(),
    'SensitiveParameterValue' => fn () => new SensitiveParameterValue('secret'),
    'Closure in a property' => fn () => new HasClosure,
    'Closure deep in an array' => fn () => ['a' => [1, [2, function () {}]]],
];
foreach ($make as $label => $f) {
    bin_same($f(), $label);
}
// The exception is the same object kind and message, and the objects met before it were put to
// sleep in the same order (bin_magic_compare compares the __sleep/__serialize log).
bin_magic_compare('magic objects before the Closure', fn () => [new MagicWakeup('w'), new MagicSerialize('s'), function () {}]);
$r = bin_run(fn () => zser_serialize([1, function () {}]));
echo $r['ex'], "\n";
?>
--EXPECT--
Closure: ok (both threw)
arrow fn: ok (both threw)
first-class callable: ok (both threw)
anonymous class: ok (both threw)
anonymous class extending stdClass: ok (both threw)
Generator: ok (both threw)
ReflectionClass: ok (both threw)
ReflectionMethod: ok (both threw)
ReflectionProperty: ok (both threw)
SplFileInfo: ok (both threw)
SplFileObject: ok (both threw)
SplTempFileObject: ok (both threw)
DirectoryIterator: ok (both threw)
SimpleXMLElement: ok (both threw)
DOMDocument subclass: ok (both threw)
WeakReference: ok (both threw)
WeakMap: ok (both threw)
Fiber: ok (both threw)
finfo: ok (both threw)
SensitiveParameterValue: ok (both threw)
Closure in a property: ok (both threw)
Closure deep in an array: ok (both threw)
magic objects before the Closure: ok
Exception: Serialization of 'Closure' is not allowed
