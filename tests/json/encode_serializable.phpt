--TEST--
jsond_encode: JsonSerializable and JsondSerializable, "return $this", exceptions, nested calls
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';

class Ser implements JsonSerializable
{
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}
class SerThis implements JsonSerializable
{
    public $a = 1;
    protected $b = 2;
    private $c = 3;
    public $child;
    public function jsonSerialize(): mixed { return $this; }
}
class SerThrows implements JsonSerializable
{
    public function jsonSerialize(): mixed
    {
        throw new DomainException('inner', 7, new LogicException('prev'));
    }
}
class SerNested implements JsonSerializable
{
    public function __construct(public mixed $v, public int $flags, public int $depth) {}
    public function jsonSerialize(): mixed
    {
        // The encoder under test calls itself; the outer walk's state must survive.
        $inner = ($GLOBALS['encoder'])($this->v, $this->flags, $this->depth);
        return [$inner, $this->v, ($GLOBALS['encoder'] === 'json_encode' ? json_last_error() : jsond_last_error())];
    }
}
class SerCast implements JsonSerializable
{
    public $p = 'p';
    public function jsonSerialize(): mixed { return (array)$this; }
}
class SerArray implements JsonSerializable
{
    public function jsonSerialize(): mixed { return ['self' => [1, new Ser(2.5)], 'e' => []]; }
}
class SerTypeError implements JsonSerializable
{
    public function jsonSerialize(): int { return 'not an int'; }
}

$t = new SerThis();
$t->child = new SerThis();
$rec = new Ser(null);
$rec->v = [1, $rec];
$values = [new Ser(1), new Ser([1, 'two' => 2]), new Ser(new Ser(new Ser('deep'))), $t,
    new SerThrows(), [1, new SerThrows(), 3], new SerCast(), new SerArray(), $rec,
    new SerTypeError(), new Ser(NAN), new Ser("\xff"), new Ser(fopen('php://memory', 'r')),
    new SerNested([1, [2, [3]]], 0, 512), new SerNested([1, [2, [3]]], 0, 1),
    new SerNested("\xff", JSON_THROW_ON_ERROR, 512), [new SerNested(['x' => 1.5], JSON_PRETTY_PRINT, 512), [[[1]]]]];
foreach ($values as $k => $v) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR, JSON_PRETTY_PRINT] as $flags) {
        foreach ([512, 2] as $depth) {
            $GLOBALS['encoder'] = 'json_encode';
            $ref = enc_outcome('json_encode', $v, $flags, $depth);
            $GLOBALS['encoder'] = 'jsond_encode';
            $got = enc_outcome('jsond_encode', $v, $flags, $depth);
            if ($ref !== $got) {
                echo "MISMATCH #$k flags=$flags depth=$depth\n", var_export([$ref, $got], true), "\n";
            }
        }
    }
}
echo "serializable: done\n";

// JsondSerializable (PECL jsond's interface) is honoured by jsond_encode only: it must
// give what json_encode gives for the jsonSerialize() result.
class JsondOnly implements JsondSerializable
{
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return ['wrapped' => $this->v]; }
}
foreach ([1, 'x', [1, 2], new Ser(3), NAN] as $v) {
    $o = new JsondOnly($v);
    var_dump(jsond_encode($o) === json_encode($o->jsonSerialize()),
        jsond_last_error() === (json_encode($o->jsonSerialize()) === false ? json_last_error() : 0));
}
?>
--EXPECT--
serializable: done
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
