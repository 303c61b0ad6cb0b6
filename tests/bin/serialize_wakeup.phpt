--TEST--
zser calls __wakeup like unserialize(): once per object, after the whole graph is built, in the same order
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
bin_magic_compare('one object', fn () => new MagicWakeup('solo', 'p', 'q', 'r'));
bin_magic_compare('nested objects', function () {
    $c = new MagicWakeup('c');
    $b = new MagicWakeup('b', $c);
    return new MagicWakeup('a', $b, [$c], new MagicWakeup('d'));
});
bin_magic_compare('cycle', function () {
    $a = new MagicWakeup('a');
    $b = new MagicWakeup('b', $a);
    $a->pub = $b;
    return [$a, $b];
});
bin_magic_compare('mixed with __unserialize objects', function () {
    $s = new MagicSerialize('s', new MagicWakeup('w-in-s'));
    return [new MagicWakeup('w', $s), $s, new MagicPlain('plain', $s)];
});
// In __wakeup, properties already hold their restored values (checked through the log text).
bin_magic_compare('values visible in __wakeup', fn () => new MagicWakeup('v', [1, 2], new MagicPlain('inner'), -0.0));
?>
--EXPECT--
one object: ok
nested objects: ok
cycle: ok
mixed with __unserialize objects: ok
values visible in __wakeup: ok
