--TEST--
zser_serialize() propagates exceptions from __sleep and __serialize like serialize(), with the same calls made before
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
function with_throw(object $o, string $where): object
{
    $o->throwIn = $where;
    return $o;
}
bin_magic_compare('__sleep throws', fn () => with_throw(new MagicWakeup('w'), 'sleep'));
bin_magic_compare('__serialize throws', fn () => with_throw(new MagicSerialize('s'), 'serialize'));
bin_magic_compare('throws after other objects', fn () => [new MagicWakeup('first'), new MagicSerialize('second'),
    ['deep' => with_throw(new MagicSerialize('third'), 'serialize')], new MagicWakeup('never reached')]);
bin_magic_compare('throws inside __serialize data', fn () => new MagicSerialize('outer', with_throw(new MagicWakeup('inner'), 'sleep')));
class SerializableThrows implements Serializable
{
    public function serialize() { throw new LengthException('from Serializable::serialize'); }
    public function unserialize($s) {}
}
$r = bin_run(fn () => serialize(new SerializableThrows));
$z = bin_run(fn () => zser_serialize(new SerializableThrows));
echo 'Serializable: ', $z['ex'], ', same: ', var_export($r['ex'] === $z['ex'], true), "\n";
// Nothing is left half-done: the next call works.
var_dump(zser_unserialize(zser_serialize([1, 'two'])) === [1, 'two']);
?>
--EXPECT--
__sleep throws: ok
__serialize throws: ok
throws after other objects: ok
throws inside __serialize data: ok
Serializable: LengthException: from Serializable::serialize, same: true
bool(true)
