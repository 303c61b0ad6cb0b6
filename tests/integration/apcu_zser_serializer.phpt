--TEST--
apc.serializer=zser: objects, references and enums round trip through apcu_store/apcu_fetch
--EXTENSIONS--
apcu
zser
--SKIPIF--
<?php require __DIR__ . '/../inc/skipif_binary.inc'; ?>
--INI--
apc.enabled=1
apc.enable_cli=1
apc.serializer=zser
--FILE--
<?php
enum Suit: string
{
    case Hearts = 'H';
    case Spades = 'S';
}

enum Light
{
    case Red;
}

class Node
{
    public $next;
    protected int $id;
    private array $tags;

    public function __construct(int $id, array $tags = [])
    {
        $this->id = $id;
        $this->tags = $tags;
    }
}

class Wakes
{
    public $log = [];

    public function __serialize(): array
    {
        return ['log' => $this->log, 'at' => 'serialize'];
    }

    public function __unserialize(array $data): void
    {
        $this->log = $data['log'];
        $this->log[] = 'unserialized from ' . $data['at'];
    }
}

$shared = new Node(1, ['a', Suit::Hearts]);
$cycle = new Node(2);
$cycle->next = $cycle;
$list = [1, 2, 3];
$values = [
    'object' => new Node(3, [Light::Red]),
    'shared' => [$shared, $shared, 'x' => ['deep' => $shared]],
    'cycle' => $cycle,
    'refs' => (function () {
        $a = ['v' => 1];
        $a['alias'] = &$a['v'];
        return $a;
    })(),
    'enums' => [Suit::Hearts, Suit::Spades, Light::Red, 'Suit' => Suit::from('S')],
    'enum' => Suit::Hearts,
    'magic' => new Wakes(),
    'array' => ['bin' => "\0\xff", 'f' => -0.0, 'n' => null, 'nested' => [[[]]], 7 => PHP_INT_MIN],
    'stdclass' => (object)['p' => 1, 'q' => [$list, &$list]],
];

echo "serializer: ", ini_get('apc.serializer'), "\n";
foreach ($values as $key => $value) {
    apcu_store($key, $value);
    $got = apcu_fetch($key, $ok);
    // The reference is PHP's own round trip of the same value.
    $same = serialize($got) === serialize(unserialize(serialize($value)));
    printf("%-8s stored and fetched: %s, same as unserialize(serialize()): %s\n", $key,
        var_export($ok, true), var_export($same, true));
}

$got = apcu_fetch('shared');
echo "shared object stays one: ", var_export($got[0] === $got[1] && $got[1] === $got['x']['deep'], true), "\n";
$got = apcu_fetch('cycle');
echo "cycle closes: ", var_export($got->next === $got, true), "\n";
$got = apcu_fetch('refs');
$got['alias'] = 5;
echo "reference kept: ", var_export($got['v'] === 5, true), "\n";
echo "enum is the case: ", var_export(apcu_fetch('enum') === Suit::Hearts, true), "\n";
echo "__unserialize ran: ", json_encode(apcu_fetch('magic')->log), "\n";

// Values zser cannot store fail as serialize() fails, and APCu keeps nothing.
try {
    apcu_store('closure', [fn() => 1]);
} catch (Exception $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump(apcu_exists('closure'));
?>
--EXPECT--
serializer: zser
object   stored and fetched: true, same as unserialize(serialize()): true
shared   stored and fetched: true, same as unserialize(serialize()): true
cycle    stored and fetched: true, same as unserialize(serialize()): true
refs     stored and fetched: true, same as unserialize(serialize()): true
enums    stored and fetched: true, same as unserialize(serialize()): true
enum     stored and fetched: true, same as unserialize(serialize()): true
magic    stored and fetched: true, same as unserialize(serialize()): true
array    stored and fetched: true, same as unserialize(serialize()): true
stdclass stored and fetched: true, same as unserialize(serialize()): true
shared object stays one: true
cycle closes: true
reference kept: true
enum is the case: true
__unserialize ran: ["unserialized from serialize"]
Exception: Serialization of 'Closure' is not allowed
bool(false)
