--TEST--
zser_serialize: an object whose property table was built (foreach, an (array) cast, var_dump(), another serializer) gives the bytes of the same object without one, and serialize()'s value, whatever happened to the table since
--EXTENSIONS--
zser
--FILE--
<?php
class Base
{
    private int $secret = 7;
    protected string $kind = 'base';
}

#[AllowDynamicProperties]
class Row extends Base
{
    public int $id = 0;
    public string $name = '';
    public ?string $nick = null;
    public float $score = 0.0;
    public bool $on = true;
    public int $late;
    public array $tags = [];

    public function __construct(int $i)
    {
        $this->id = $i;
        $this->name = "row $i";
        $this->score = $i / 4;
        $this->late = $i * 3;
        $this->tags = $i % 2 ? ['a', 'b'] : [];
    }
}

function rows(int $n): array
{
    $out = [];
    for ($i = 0; $i < $n; $i++) {
        $out[] = new Row($i);
    }
    return $out;
}

function build_table(object $o): void
{
    foreach ($o as $v) {
    }
}

$checks = 0;
$failed = 0;
function check(string $what, bool $ok): void
{
    global $checks, $failed;
    $checks++;
    if (!$ok) {
        $failed++;
        echo "FAILED: $what\n";
    }
}

// unserialize() as the judge: a declared property that was unset comes back with its default
function same_value(string $what, mixed $v): void
{
    check("$what: value", serialize(zser_unserialize(zser_serialize($v))) === serialize(unserialize(serialize($v))));
}

// every declared property set: the table is the slots, the bytes those of no table
$plain = zser_serialize(rows(50));
foreach (['foreach' => 'build_table', '(array)' => fn($o) => (array)$o,
          'get_object_vars' => fn($o) => get_object_vars($o),
          'var_export' => fn($o) => var_export($o, true)] as $how => $build) {
    $v = rows(50);
    array_map($build, $v);
    check("$how: same bytes as without a table", zser_serialize($v) === $plain);
    same_value($how, $v);
}

// tables that are not the slots: a property unset, one left uninitialised and set later, a
// dynamic property, one added and removed; objects with and without tables taking turns
$v = rows(40);
foreach ($v as $i => $o) {
    switch ($i % 5) {
        case 0:
            build_table($o);
            unset($o->nick);
            break;
        case 1:
            $o = $v[$i] = (new ReflectionClass(Row::class))->newInstanceWithoutConstructor();
            build_table($o);
            $o->late = $i;
            break;
        case 2:
            build_table($o);
            $o->extra = $i;
            break;
        case 3:
            build_table($o);
            $o->extra = $i;
            unset($o->extra);
            break;
        default:
            if ($i % 10 == 4) {
                build_table($o);
            }
    }
}
same_value('mixed tables', $v);

// a table shared with a reference to the same object from an array and a copy of its table
$o = new Row(1);
$copy = (array)$o;
$w = [$o, $o, $copy];
same_value('shared table', $w);

// past the encoder's recursion depth objects are written from frames: a chain of 300, built
// tables and not, one in ten with a property unset
function chain(int $n, bool $tables, bool $unset): Row
{
    $head = $o = new Row(0);
    for ($i = 1; $i < $n; $i++) {
        $o->tags = [new Row($i)];
        if ($tables) {
            build_table($o);
        }
        if ($unset && $i % 10 == 0) {
            unset($o->nick);
        }
        $o = $o->tags[0];
    }
    return $head;
}
check('deep: same bytes as without tables', zser_serialize(chain(300, true, false)) === zser_serialize(chain(300, false, false)));
same_value('deep, tables', chain(300, true, false));
same_value('deep, tables, some unset', chain(300, true, true));

// the property table handed to a magic method may differ from the slots
class Slept extends Row
{
    public function __sleep(): array
    {
        return ['id', 'tags'];
    }
}
$s = [new Slept(3), new Row(4), new Slept(5)];
build_table($s[0]);
build_table($s[1]);
same_value('__sleep next to a table', $s);

echo "$checks checks, $failed failed\n";
?>
--EXPECT--
14 checks, 0 failed
