--TEST--
zser prefers __serialize over __sleep and __unserialize over __wakeup, as PHP does
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
bin_magic_compare('both pairs', fn () => new MagicBoth('both', ['payload']));
bin_magic_compare('both pairs, nested and shared', function () {
    $inner = new MagicBoth('inner');
    return [new MagicBoth('outer', $inner), $inner];
});
// A class inheriting __sleep/__wakeup and adding __serialize/__unserialize.
class OldStyle
{
    public $id = 'old';
    public function __sleep() { bin_log('sleep OldStyle'); return ['id']; }
    public function __wakeup() { bin_log('wakeup OldStyle'); }
}
class NewStyle extends OldStyle
{
    public function __serialize(): array { bin_log('serialize NewStyle'); return ['id' => 'new']; }
    public function __unserialize(array $d): void { bin_log('unserialize NewStyle ' . bin_desc($d)); $this->id = $d['id']; }
}
bin_magic_compare('inherited old pair, own new pair', fn () => [new NewStyle, new OldStyle]);
// __unserialize without __serialize: written as properties, read back through __unserialize.
class OnlyUnserialize
{
    public $a = 1;
    protected $b = 2;
    public function __unserialize(array $d): void { bin_log('unserialize OnlyUnserialize ' . bin_desc($d)); }
}
bin_magic_compare('__unserialize only', fn () => new OnlyUnserialize);
?>
--EXPECT--
both pairs: ok
both pairs, nested and shared: ok
inherited old pair, own new pair: ok
__unserialize only: ok
