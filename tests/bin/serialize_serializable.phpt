--TEST--
zser round trip of Serializable objects (nested, shared, with __serialize too) like serialize()
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
class OldSer implements Serializable
{
    public $id;
    public $data;
    public function __construct($id = null, $data = null) { $this->id = $id; $this->data = $data; }
    public function serialize()
    {
        bin_log("Serializable::serialize $this->id");
        return serialize([$this->id, $this->data]);
    }
    public function unserialize($s)
    {
        bin_log('Serializable::unserialize ' . bin_desc($s));
        [$this->id, $this->data] = unserialize($s);
    }
}
class Both implements Serializable
{
    public $id = 'both';
    public function serialize() { bin_log('Serializable::serialize Both'); return 'x'; }
    public function unserialize($s) { bin_log('Serializable::unserialize Both'); }
    public function __serialize(): array { bin_log('__serialize Both'); return ['id' => $this->id]; }
    public function __unserialize(array $d): void { bin_log('__unserialize Both ' . bin_desc($d)); }
}
class NullSer implements Serializable
{
    public function serialize() { return null; }
    public function unserialize($s) { bin_log('NullSer::unserialize'); }
}
bin_magic_compare('one', fn () => new OldSer('one', [1, 'two']));
bin_magic_compare('nested data', fn () => new OldSer('outer', ['k' => new stdClass, 'n' => 1.5]));
bin_magic_compare('shared', function () {
    $s = new OldSer('shared', 'x');
    return [$s, $s, 'again' => $s];
});
bin_magic_compare('binary payload', fn () => new OldSer("bin\0\xff", str_repeat("\0", 300)));
bin_magic_compare('__serialize wins over Serializable', fn () => new Both);
bin_magic_compare('serialize() returning null', fn () => [new NullSer, 1]);
require_once __DIR__ . '/../inc/bin_compare.inc';
bin_same([new OldSer('a', 1), new OldSer('b', 2)], 'var_dump comparison');
?>
--EXPECT--
one: ok
nested data: ok
shared: ok
binary payload: ok
__serialize wins over Serializable: ok
serialize() returning null: ok
var_dump comparison: ok
