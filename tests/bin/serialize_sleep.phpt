--TEST--
zser honours __sleep like serialize(): only the listed properties, all visibilities, called once per object
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
class Partial
{
    public $keep = 'kept';
    public $drop = 'dropped';
    protected $prot = 'prot';
    private $priv = 'priv';

    public function __sleep()
    {
        bin_log('sleep Partial');
        return ['keep', 'prot', 'priv'];
    }
}
class ParentPriv
{
    private $hidden = 'parent private';
}
class ChildSleep extends ParentPriv
{
    public $mine = 'mine';

    public function __sleep()
    {
        // A parent's private property is named by its mangled form.
        return ["\0ParentPriv\0hidden", 'mine'];
    }
}
bin_same(new Partial, 'subset of properties');
bin_same(new ChildSleep, 'parent private by mangled name');
$p = new Partial;
bin_same([$p, $p, [$p]], 'shared object');
bin_magic_compare('sleep log, shared object', fn () => [$p, $p, [$p]]);
bin_magic_compare('MagicWakeup graph', function () {
    $a = new MagicWakeup('a', 1, [2], 'three');
    $b = new MagicWakeup('b', $a, null, $a);
    return [$a, $b, 'again' => $b];
});
?>
--EXPECT--
subset of properties: ok
parent private by mangled name: ok
shared object: ok
sleep log, shared object: ok
MagicWakeup graph: ok
