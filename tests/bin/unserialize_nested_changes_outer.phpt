--TEST--
zser_unserialize(): a Serializable::unserialize() that changes what its nested call gave it from the blob around it, while that blob is still being read, changes a copy: nothing the decoder still fills or points into moves
--EXTENSIONS--
zser
--FILE--
<?php
// Before, appending to the outer list through the nested blob's `&` reference wrote past the
// end of the list the decoder was filling, and growing an array of an outer object moved the
// zvals the outer blob's later `&` back-references named (valgrind: invalid writes and reads).
// Now every array and property table of the blobs is held from the moment a nested blob hands
// out one of their values: a change separates a copy, as copy on write does for any shared value.
error_reporting(E_ALL & ~E_DEPRECATED);
final class Mode { public static bool $php = false; public static int $grow = 0; }
class Appender implements Serializable { public $o;
  public function serialize() { return Mode::$php ? serialize([&$this->o]) : zser_serialize([&$this->o]); }
  public function unserialize($d) {
    $x = Mode::$php ? unserialize($d) : zser_unserialize($d);
    for ($i = 0; $i < Mode::$grow; $i++) { $x[0][] = "e$i"; }
    $this->o = $x; } }
foreach ([1, 6, 100] as $grow) {
  Mode::$grow = $grow;
  // the outer list, being filled, reached through the nested blob's `&` reference
  $root = ['x']; $n = new Appender; $root[] = $n; $n->o = &$root; $root[] = 'tail1'; $root[] = 'tail2';
  $w = [&$root];
  $v = zser_unserialize(zser_serialize($w));
  Mode::$php = true;
  $p = unserialize(serialize($w));
  Mode::$php = false;
  // zser: the list the program changed is its copy, without the values read after the call;
  // unserialize() writes those over the program's by their keys
  printf("grow %d: zser %d values, %s; unserialize() %d values\n", $grow, count($v[0]),
    implode(',', array_map(fn ($e) => is_string($e) ? $e : get_class($e), array_slice($v[0], 0, 4))), count($p[0]));
}

// an array in a declared property of an outer object, grown in place, with `&` references of
// the outer blob into it after the nested call. unserialize() gives the same values here (52,
// "b b", the same object, the links lost to the copy) but is not run: under valgrind it reads
// and writes freed memory in this case (PHP 8.2), which would fail the memory-checked runs.
class P { public $arr; public $tail; }
class Grower implements Serializable { public $o;
  public function serialize() { return zser_serialize($this->o); }
  public function unserialize($d) { $x = zser_unserialize($d);
    for ($i = 0; $i < 50; $i++) { $x->arr[] = str_repeat('e', 40); }
    $this->o = $x; } }
$o = new P; $o->arr = ['a', 'b'];
$g = new Grower; $g->o = $o;
$v = zser_unserialize(zser_serialize([$o, $g, &$o->arr[0], &$o->arr[1]]));
$v[2] = 'A';
printf("zser: %d values, %s %s, same object: %s, linked: %s\n", count($v[0]->arr), $v[3],
  $v[0]->arr[1], var_export($v[1]->o === $v[0], true), var_export($v[0]->arr[0] === 'A', true));
?>
--EXPECT--
grow 1: zser 3 values, x,Appender,e0; unserialize() 4 values
grow 6: zser 8 values, x,Appender,e0,e1; unserialize() 8 values
grow 100: zser 102 values, x,Appender,e0,e1; unserialize() 102 values
zser: 52 values, b b, same object: true, linked: false
