--TEST--
zser round trip of SplDoublyLinkedList, SplQueue, SplStack (iterator modes) and SplFixedArray
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$dll = new SplDoublyLinkedList;
$dll->push(1);
$dll->push('two');
$dll->push([3]);
$dll->setIteratorMode(SplDoublyLinkedList::IT_MODE_LIFO | SplDoublyLinkedList::IT_MODE_DELETE);
$q = new SplQueue;
$q->enqueue('a');
$q->enqueue(new stdClass);
$st = new SplStack;
$st->push(1.5);
$st->push(null);
$fa = new SplFixedArray(4);
$fa[0] = 'x';
$fa[2] = [1, 2];
$o = new stdClass;
$shared = new SplFixedArray(2);
$shared[0] = $o;
$shared[1] = $o;
bin_same_all([
    'doubly linked list' => $dll,
    'queue' => $q,
    'stack' => $st,
    'empty list' => new SplDoublyLinkedList,
    'fixed array' => $fa,
    'empty fixed array' => new SplFixedArray(0),
    'fixed array with a shared object' => [$shared, $o],
]);
$z = zser_unserialize(zser_serialize([$shared, $o, $q]));
var_dump($z[0][0] === $z[1], $z[0][1] === $z[1], $z[0]->getSize(), $z[2]->dequeue());
?>
--EXPECT--
doubly linked list: ok
queue: ok
stack: ok
empty list: ok
fixed array: ok
empty fixed array: ok
fixed array with a shared object: ok
bool(true)
bool(true)
int(2)
string(1) "a"
