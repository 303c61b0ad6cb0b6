--TEST--
zser uses __serialize/__unserialize like serialize()/unserialize(): same data array, order and identity
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
bin_magic_compare('one object', fn () => new MagicSerialize('one', ['x' => 1]));
bin_magic_compare('nested', fn () => new MagicSerialize('outer', new MagicSerialize('inner', [new MagicSerialize('deep')])));
bin_magic_compare('shared', function () {
    $s = new MagicSerialize('shared');
    return [$s, new MagicSerialize('holder', $s), $s];
});
bin_magic_compare('self cycle', function () {
    $s = new MagicSerialize('self');
    $s->data = $s;
    return $s;
});
class Arbitrary
{
    public $state;
    public function __serialize(): array
    {
        // Any array: int and string keys, nesting, references, objects.
        $x = [1, 2];
        $d = ['list' => $x, 9 => 'nine', -1 => null, 'obj' => new stdClass];
        $d['alias'] = &$d['list'];
        return $d;
    }
    public function __unserialize(array $d): void
    {
        $this->state = $d;
    }
}
require_once __DIR__ . '/../inc/bin_compare.inc';
bin_same(new Arbitrary, 'arbitrary data array');
bin_same([new Arbitrary, new Arbitrary], 'two of them');
class EmptySer
{
    public $untouched = 'default';
    public function __serialize(): array { return []; }
    public function __unserialize(array $d): void { $this->untouched = count($d); }
}
bin_same(new EmptySer, 'empty data array');
class BadSer
{
    public function __serialize() { return 'not an array'; }
}
bin_same(new BadSer, '__serialize returning a string');
?>
--EXPECT--
one object: ok
nested: ok
shared: ok
self cycle: ok
arbitrary data array: ok
two of them: ok
empty data array: ok
__serialize returning a string: ok (both threw)
