--TEST--
zser_serialize/zser_unserialize: PHP 8.4 hooked, virtual, asymmetric-visibility and readonly-class properties round-trip as through serialize(); stored data naming a virtual property fails as in unserialize()
--EXTENSIONS--
zser
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip property hooks need PHP 8.4'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';

class Hooked
{
    public $plain = 'p';
    public int $backed = 3 {
        get => $this->backed * 10;
        set => $value + 1;
    }
    public int $virt {
        get => 42;
    }
    public int $setonly = 5 {
        set => $value;
    }
    private int $priv = 2 {
        get => $this->priv;
    }
}
class Asym
{
    public private(set) int $a = 1;
    public protected(set) array $list = [1, 2];
    public function __construct(public private(set) ?Asym $next = null) {}
}
readonly class Frozen
{
    public function __construct(public int $id, public array $tags, public ?Frozen $parent = null) {}
}
// Same-length class names, so that a blob of one can be made a blob of the other.
class VPa
{
    public $v = 5;
    public $w = 6;
}
class VPb
{
    public int $v {
        get => 1;
    }
    public $w = 6;
}
class VPc
{
    private int $v {
        get => 1;
    }
    public $w = 6;
}

$h = new Hooked;
$h->backed = 9;
$frozen = new Frozen(1, ['a'], new Frozen(2, []));
bin_same_all([
    'hooked' => new Hooked,
    'hooked, backing value set through the hook' => $h,
    'hooked objects in an array, one twice' => [$h, $h, new Hooked],
    'asymmetric visibility' => new Asym(new Asym),
    'readonly class' => $frozen,
    'readonly class, shared' => [$frozen, $frozen->parent],
]);

// Stored data naming a virtual property: serialize() and zser_serialize() of a VPa, read as
// a VPb (public virtual $v) or a VPc (private virtual $v).
foreach (['VPb', 'VPc'] as $as) {
    $ser = str_replace('VPa', $as, serialize(new VPa));
    $blob = str_replace('VPa', $as, zser_serialize(new VPa));
    $r = bin_run(fn () => unserialize($ser));
    $z = bin_run(fn () => zser_unserialize($blob));
    echo "$as: unserialize() ", var_export($r['value'], true), ', zser_unserialize() ', var_export($z['value'], true), "\n";
    echo '  ', implode("\n  ", $r['diag']), "\n";
    echo '  ', implode("\n  ", $z['diag']), "\n";
}
// Under another mangling (protected) the name still names the virtual property.
$ser = "O:3:\"VPb\":1:{s:4:\"\0*\0v\";i:5;}";
var_dump(bin_run(fn () => unserialize($ser))['value']);
?>
--EXPECTF--
hooked: ok
hooked, backing value set through the hook: ok
hooked objects in an array, one twice: ok
asymmetric visibility: ok
readonly class: ok
readonly class, shared: ok
VPb: unserialize() false, zser_unserialize() false
  2: unserialize(): Cannot unserialize value for virtual property VPb::$v
  2: unserialize(): Error at offset %d of %d bytes
  2: unserialize(): Cannot unserialize value for virtual property VPb::$v at offset %d of %d bytes
VPc: unserialize() false, zser_unserialize() false
  2: unserialize(): Cannot unserialize value for virtual property VPc::$v
  2: unserialize(): Error at offset %d of %d bytes
  2: unserialize(): Cannot unserialize value for virtual property VPc::$v at offset %d of %d bytes
bool(false)
