--TEST--
zser_unserialize() propagates exceptions from __wakeup and __unserialize like unserialize(): same calls, same destructors
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
function with_throw(object $o, string $where): object
{
    $o->throwIn = $where;
    return $o;
}
bin_magic_compare('__wakeup throws', fn () => with_throw(new MagicWakeup('w'), 'wakeup'));
bin_magic_compare('__unserialize throws', fn () => with_throw(new MagicSerialize('s'), 'unserialize'));
bin_magic_compare('first of several throws', fn () => [with_throw(new MagicWakeup('a'), 'wakeup'),
    new MagicWakeup('b'), new MagicSerialize('c'), new MagicPlain('d')]);
bin_magic_compare('last of several throws', fn () => [new MagicWakeup('a'), new MagicSerialize('b'),
    new MagicPlain('c'), with_throw(new MagicSerialize('d'), 'unserialize')]);
bin_magic_compare('nested thrower', fn () => new MagicSerialize('outer', [new MagicWakeup('x'),
    with_throw(new MagicWakeup('inner'), 'wakeup'), new MagicSerialize('y')]));
bin_magic_compare('thrower in a cycle', function () {
    $a = new MagicWakeup('a');
    $b = with_throw(new MagicSerialize('b', $a), 'unserialize');
    $a->pub = $b;
    return [$a, $b];
});
// The exception object itself: class, message, and no previous.
$blob = zser_serialize(with_throw(new MagicSerialize('e'), 'unserialize'));
try {
    zser_unserialize($blob);
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), ', previous: ', var_export($e->getPrevious(), true), "\n";
}
gc_collect_cycles();
bin_log_take();
var_dump(zser_unserialize(zser_serialize(['still', 'works'])) === ['still', 'works']);
?>
--EXPECT--
__wakeup throws: ok
__unserialize throws: ok
first of several throws: ok
last of several throws: ok
nested thrower: ok
thrower in a cycle: ok
RuntimeException: from __unserialize of 'e', previous: NULL
bool(true)
