--TEST--
zser_serialize() of values nested around and far past the depth where the encoder leaves recursion for its frame stack: failures, warnings, references and recursion as serialize(), nothing left held
--EXTENSIONS--
zser
--FILE--
<?php
// The encoder recurses through the first levels and keeps deeper ones in frames on the heap
// (docs/INTERNALS.md §6): each kind of trouble is met at the bottom of a chain just above, at
// and below that change, and far below it, where the frames the walk holds must be released.
require __DIR__ . '/../inc/bin_deep.inc';
require __DIR__ . '/../inc/bin_compare.inc';

class ThrowSer
{
    public function __serialize(): array { throw new RuntimeException('no'); }
}
class ThrowSleep
{
    public $p = 1;
    public function __sleep(): array { throw new LogicException('not now'); }
}
class BadSer
{
    public function __serialize() { return 5; }
}
class MissingSleep
{
    public $p = 1;
    public function __sleep(): array { return ['p', 'gone']; }
}

/** $bottom under $n levels, the kinds of tests/inc/bin_deep.inc taken in turn. */
function chain(mixed $bottom, int $n): mixed
{
    $v = $bottom;
    for ($i = 0; $i < $n; $i++) {
        $k = BIN_DEEP_KINDS[$i % 6];
        if ($k === 'array') {
            $v = [$v, 'i' => $i];
        } elseif ($k === 'ref') {
            // a reference also held outside the value, so that it stays one, met once here
            $x = $v;
            $v = ['r' => &$x];
            $GLOBALS['held'][] = &$x;
            unset($x);
        } else {
            $o = match ($k) {
                'props' => new DeepProps, 'declared' => new DeepDeclared,
                'data' => new DeepData, 'sleep' => new DeepSleep,
            };
            $o->c = $v;
            $v = $o;
        }
    }
    return $v;
}

$bottoms = [
    'closure' => fn () => fn () => 1,
    '__serialize() throws' => fn () => new ThrowSer,
    '__sleep() throws' => fn () => new ThrowSleep,
    '__serialize() returns an int' => fn () => new BadSer,
    '__sleep() names a missing property' => fn () => new MissingSleep,
    'array holding a reference to itself' => function () {
        $a = ['x'];
        $a[] = &$a;
        return $a;
    },
];
foreach ($bottoms as $label => $make) {
    foreach ([1, 127, 128, 129, 130, 200] as $n) {
        bin_same(chain($make(), $n), "$label under $n levels");
    }
}
// One object at the top and at the bottom: the bottom is a back-reference across every frame.
foreach ([129, 200] as $n) {
    $o = new DeepDeclared;
    bin_same([$o, chain($o, $n), $o], "one object at the top and under $n levels");
}

// Far past the change: the same exceptions as serialize(), and no memory kept by a failure.
gc_disable();
zser_serialize([1]);
foreach (['closure', '__serialize() throws', '__sleep() throws', '__serialize() returns an int'] as $label) {
    $v = chain($bottoms[$label](), 5000);
    $want = bin_run(fn () => serialize($v))['ex'];
    // measured between two failures, so that the message kept of the first is freed by the second
    $got = bin_run(fn () => zser_serialize($v))['ex'];
    $before = memory_get_usage();
    $got = bin_run(fn () => zser_serialize($v))['ex'];
    $after = memory_get_usage();
    echo "$label under 5000 levels: ", $got === $want ? 'same exception' : "$got, serialize(): $want",
        $after === $before ? ', nothing held' : ', ' . ($after - $before) . ' bytes held', "\n";
    bin_deep_release($v);
}
// A failure far down leaves no recursion guard set on the arrays it passed: the same arrays
// then write as serialize() writes them.
$a = ['x'];
$a[] = &$a;
$v = chain([$a, new ThrowSer], 5000);
bin_run(fn () => zser_serialize($v));
bin_deep_release($v);
bin_same(chain($a, 40), 'the recursive array after the failure');
?>
--EXPECT--
closure under 1 levels: ok (both threw)
closure under 127 levels: ok (both threw)
closure under 128 levels: ok (both threw)
closure under 129 levels: ok (both threw)
closure under 130 levels: ok (both threw)
closure under 200 levels: ok (both threw)
__serialize() throws under 1 levels: ok (both threw)
__serialize() throws under 127 levels: ok (both threw)
__serialize() throws under 128 levels: ok (both threw)
__serialize() throws under 129 levels: ok (both threw)
__serialize() throws under 130 levels: ok (both threw)
__serialize() throws under 200 levels: ok (both threw)
__sleep() throws under 1 levels: ok (both threw)
__sleep() throws under 127 levels: ok (both threw)
__sleep() throws under 128 levels: ok (both threw)
__sleep() throws under 129 levels: ok (both threw)
__sleep() throws under 130 levels: ok (both threw)
__sleep() throws under 200 levels: ok (both threw)
__serialize() returns an int under 1 levels: ok (both threw)
__serialize() returns an int under 127 levels: ok (both threw)
__serialize() returns an int under 128 levels: ok (both threw)
__serialize() returns an int under 129 levels: ok (both threw)
__serialize() returns an int under 130 levels: ok (both threw)
__serialize() returns an int under 200 levels: ok (both threw)
__sleep() names a missing property under 1 levels: ok (1 diagnostics)
__sleep() names a missing property under 127 levels: ok (1 diagnostics)
__sleep() names a missing property under 128 levels: ok (1 diagnostics)
__sleep() names a missing property under 129 levels: ok (1 diagnostics)
__sleep() names a missing property under 130 levels: ok (1 diagnostics)
__sleep() names a missing property under 200 levels: ok (1 diagnostics)
array holding a reference to itself under 1 levels: ok
array holding a reference to itself under 127 levels: ok
array holding a reference to itself under 128 levels: ok
array holding a reference to itself under 129 levels: ok
array holding a reference to itself under 130 levels: ok
array holding a reference to itself under 200 levels: ok
one object at the top and under 129 levels: ok
one object at the top and under 200 levels: ok
closure under 5000 levels: same exception, nothing held
__serialize() throws under 5000 levels: same exception, nothing held
__sleep() throws under 5000 levels: same exception, nothing held
__serialize() returns an int under 5000 levels: same exception, nothing held
the recursive array after the failure: ok
