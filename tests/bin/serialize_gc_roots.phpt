--TEST--
zser_serialize: the arrays it holds while writing are released without becoming possible roots of the cycle collector, unless userland code ran; a cycle left by userland code is still collected
--EXTENSIONS--
zser
--FILE--
<?php
// arrays held more than once (written once, then as back-references) and an object
$cfg = ['host' => 'db', 'flags' => ['ssl', 'retry'], 'limits' => ['rows' => 10]];
$rows = [];
for ($i = 0; $i < 100; $i++) {
    $rows[] = ['id' => $i, 'cfg' => $cfg, 'tags' => [$i % 3, 'x']];
}
$o = new stdClass;
$o->cfg = $cfg;
$value = ['rows' => $rows, 'o' => $o, 'again' => $rows];
gc_collect_cycles();
$before = gc_status()['roots'];
for ($i = 0; $i < 10; $i++) {
    $s = zser_serialize($value);
}
var_dump(gc_status()['roots'] - $before);
var_dump(zser_unserialize(zser_serialize($value)) == $value);

// userland code runs (__serialize): what the call held goes back as zval_ptr_dtor() gives it
class Drops
{
    public function __serialize(): array
    {
        // the array is left in a cycle, held from outside only by the call writing it; a
        // collection now finds it alive and takes it out of the buffer of possible roots
        $GLOBALS['holder']->list = null;
        gc_collect_cycles();
        return ['dropped' => true];
    }
}
class Noisy
{
    public function __destruct()
    {
        echo "collected\n";
    }
}
function build(): array
{
    $holder = new stdClass;
    $inner = new stdClass;
    $list = ['inner' => $inner, 'noisy' => new Noisy, 'n' => 1];
    $inner->list = $list; // a cycle: the array holds $inner, which holds a copy of it
    $holder->list = $list;
    $GLOBALS['holder'] = $holder;
    return [$holder, new Drops];
}
$v = build();
$s = zser_serialize($v);
unset($v, $GLOBALS['holder']);
echo "before collection\n";
gc_collect_cycles();
echo "done\n";
?>
--EXPECT--
int(0)
bool(true)
before collection
collected
done
