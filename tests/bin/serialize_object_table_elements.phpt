--TEST--
zser_serialize: the properties of an object whose table was built from its slots are read from the slots, and written as serialize() writes the elements of that table (shared, guarded against recursion), near the top and past the encoder's recursion depth
--EXTENSIONS--
zser
--FILE--
<?php
class Node { public $e; public $g = 3; }
class Link { public $next; }

function build_table(object $o): void
{
    foreach ($o as $_) {
    }
}

// A chain of $depth links ending at a node, and a reference to the whole list in the node.
// serialize() takes the values of a built table to sit in a shared array: an object nobody
// else holds is recorded there, and written as a back-reference when the list is met again
// through the reference; without a table it is written again in full.
function shared_case(int $depth, bool $tables): array
{
    $v = [null];
    $n = new Node;
    $head = $o = new Link;
    for ($i = 1; $i < $depth; $i++) {
        $o->next = new Link;
        if ($tables) {
            build_table($o);
        }
        $o = $o->next;
    }
    $o->next = $n;
    if ($tables) {
        build_table($o);
    }
    $v[0] = $head;
    $n->e = [&$v];
    if ($tables) {
        build_table($n);
    }
    return $v;
}

// An array held in a list and in a property of the node it holds. Before PHP 8.4, serialize()
// writes an array property met inside itself as null when it reads the object's table, and in
// full when it reads the slots.
function guard_case(int $depth, bool $tables): array
{
    $n = new Node;
    $b = [$n];
    $n->e = $b;
    $head = $o = new Link;
    for ($i = 1; $i < $depth; $i++) {
        $o->next = new Link;
        $o = $o->next;
    }
    $o->next = [$b];
    if ($tables) {
        build_table($n);
    }
    return [$head];
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

foreach (['shared' => 'shared_case', 'guard' => 'guard_case'] as $name => $make) {
    foreach ([5, 300] as $depth) {
        $len = [];
        foreach ([false, true] as $tables) {
            $what = "$name, depth $depth, " . ($tables ? 'tables' : 'no tables');
            $v = $make($depth, $tables);
            $text = serialize($v);
            $len[$tables ? 1 : 0] = strlen($text);
            $z = zser_unserialize(zser_serialize($v));
            check("$what: as serialize()'s round trip", serialize($z) === serialize(unserialize($text)));
        }
        // the case is one where the table changes what serialize() writes
        $differs = $name === 'shared' || PHP_VERSION_ID < 80400;
        check("$name, depth $depth: the table " . ($differs ? 'changes' : 'does not change') . " serialize()",
            ($len[0] !== $len[1]) === $differs);
    }
}
echo "$checks checks, $failed failed\n";
?>
--EXPECT--
12 checks, 0 failed
