--TEST--
jsond_encode: PHP 8.4 property hooks read as json_encode reads them (get hooks, virtual properties, set-only hooks, a property table already built, hooks that throw or recurse)
--EXTENSIONS--
zser
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip property hooks need PHP 8.4'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';

#[AllowDynamicProperties]
class Hooked
{
    public $plain = 'p';
    public int $backed = 3 {
        get => $this->backed * 10;
    }
    public int $virt {
        get => 42;
    }
    public int $setonly = 5 {
        set => $value;
    }
    public int $vset {
        set { }
    }
    protected int $prot {
        get => 1;
    }
    private int $priv = 2 {
        get => $this->priv;
    }
    public ?int $unset {
        get => $this->unset ?? null;
    }
}
class Child extends Hooked
{
    public $extra = 'e';
    public int $virt {
        get => 43;
    }
}
class Returns
{
    public function __construct(private mixed $v) {}
    public mixed $value {
        get => $this->v;
    }
}
class Throws
{
    public $before = 1;
    public int $bad {
        get => throw new DomainException('from the hook', 3);
    }
    public $after = 2;
}
class Self_
{
    public $a = 1;
    public object $me {
        get => $this;
    }
}
class Ser implements JsonSerializable
{
    public int $v {
        get => 7;
    }
    public function jsonSerialize(): mixed { return ['v' => $this->v]; }
}
final class ReadonlyHooked
{
    public function __construct(public readonly int $id, public private(set) string $name) {}
    public string $label {
        get => $this->name . '#' . $this->id;
    }
}

$withTable = new Hooked;
$withTable->dyn = 'd';           // the object's property table now exists
$counted = new Hooked;
$x = get_object_vars($counted);  // reads hooks, builds nothing lasting
$nested = new Hooked;
$nested->plain = [new Hooked, ['deep' => new Child]];

$values = [
    'fresh' => new Hooked,
    'with property table' => $withTable,
    'after get_object_vars' => $counted,
    'subclass overriding a hook' => new Child,
    'nested' => $nested,
    'hook returning an array' => new Returns([1, 'two', [3]]),
    'hook returning an object' => new Returns(new Hooked),
    'hook returning a string to escape' => new Returns("a/b\"c\u{2028}<>&'"),
    'hook returning INF' => new Returns(INF),
    'hook returning bad UTF-8' => new Returns("\xff"),
    'hook returning a resource' => new Returns(STDIN),
    'hook returning null' => new Returns(null),
    'hook that throws' => new Throws,
    'hook that throws, in an array' => [1, new Throws, 2],
    'hook returning $this' => new Self_,
    'JsonSerializable with a hook' => new Ser,
    'readonly and asymmetric visibility' => new ReadonlyHooked(7, 'n'),
    'list of hooked objects' => [new Hooked, new Child, new Returns([])],
];
$flags = enc_flag_subsets([JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_FORCE_OBJECT]);
foreach ($values as $label => $v) {
    enc_check($label, [$v], $flags, [512, 1, 2]);
}
echo json_encode(new Hooked), "\n";
echo jsond_encode(new Hooked), "\n";
?>
--EXPECT--
fresh: ok (24 cases)
with property table: ok (24 cases)
after get_object_vars: ok (24 cases)
subclass overriding a hook: ok (24 cases)
nested: ok (24 cases)
hook returning an array: ok (24 cases)
hook returning an object: ok (24 cases)
hook returning a string to escape: ok (24 cases)
hook returning INF: ok (24 cases)
hook returning bad UTF-8: ok (24 cases)
hook returning a resource: ok (24 cases)
hook returning null: ok (24 cases)
hook that throws: ok (24 cases)
hook that throws, in an array: ok (24 cases)
hook returning $this: ok (24 cases)
JsonSerializable with a hook: ok (24 cases)
readonly and asymmetric visibility: ok (24 cases)
list of hooked objects: ok (24 cases)
{"plain":"p","backed":30,"virt":42,"setonly":5,"unset":null}
{"plain":"p","backed":30,"virt":42,"setonly":5,"unset":null}
