--TEST--
zser_unserialize(): a failure whose unwind runs a destructor that drops the last reference to an open container's object releases everything without touching freed memory
--EXTENSIONS--
zser
--FILE--
<?php
class FzMagic { public $x; private $y;
  public function __serialize(): array { return ['x' => $this->x, 'y' => $this->y]; }
  public function __unserialize(array $d): void { $this->x = $d['x'] ?? null; $this->y = $d['y'] ?? count($d); } }
class FzStrict { public int $n = 0;
  public function __serialize(): array { return [$this->n]; }
  public function __unserialize(array $d): void {
    if (!is_int($d[0] ?? null)) { throw new UnexpectedValueException('not an int'); }
    $this->n = $d[0]; } }
class FzDtor { public $v; protected $w; public function __destruct() { $this->v = 'gone'; } }
class FzTyped { public int $i = 0; public ?string $s = null; public array $l = [];
  public ?FzTyped $next = null; protected float $f = 1.5; private bool $t = false;
  public readonly int $ro; protected readonly array $ra; }
class FzSleep { public $keep = 1; protected $p = 2; private $q = 3; public $drop;
  public function __sleep() { return ['keep', 'p', 'q']; } }
// a blob fuzz_bin_struct made (fuzz/regress/fuzz_bin_struct/destructor-frees-outer-frame-object)
$blob = hex2bin(
    '5a81d003c35e41614178c36bd347467a4d61676963d000434f6e65d36293c1c60200000001000000d348467a'
    . '53747269637492d146467a44746f7203417644002a007761d700d362d00044002a0062d147467a5479706564'
    . '0841694173416c446e65787444002a00664a00467a5479706564007442726f45002a007261c0567475767778'
    . '797a6162636465666768696a6b6c6d6e6f486162636465666768c0c0c0c0c093937351616263646566676869'
    . '6a6b6c6d6e6f707140d147467a536c656570016140a540d17500d00061a5a5a5a5a540d175014148d1750124'
    . 'd175014163d175012ed1750102a54002'
);
try {
    var_dump(zser_unserialize($blob));
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
echo "done\n";
--EXPECT--
TypeError: Cannot assign null to property FzTyped::$i of type int
done
