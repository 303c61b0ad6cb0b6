--TEST--
zser_unserialize(): an object of an outer blob, still being filled, whose table a later Serializable::unserialize() grows through a value an earlier nested call gave: later back-references to its properties read no freed memory, and its declared properties stay its own
--EXTENSIONS--
zser
--FILE--
<?php
// The object's table had only declared properties when the first nested call handed it out,
// so it was not held; the decoder then added the dynamic `y`, and Grow's 50 new properties
// moved the table, freeing the zval `z`'s back-reference named (valgrind: invalid reads and,
// with `&`, writes; unserialize() does the same in the `&` case, PHP 8.2). Now every property
// table is held then, and a table the program changed, which PHP copies with the declared
// values themselves, points at the object's declared properties again once the decode ends.
error_reporting(E_ALL & ~E_DEPRECATED);
#[AllowDynamicProperties]
class O2 { public $a = 1; public $x; }
class Stash implements Serializable { public $r; static $kept;
  function serialize() { return zser_serialize([&$this->r]); }
  function unserialize($d) { $v = zser_unserialize($d); self::$kept = $v[0][0]; $this->r = 'done'; } }
class Direct implements Serializable { public $o;
  function serialize() { return zser_serialize($this->o); }
  function unserialize($d) { $this->o = zser_unserialize($d); Stash::$kept = $this->o; } }
class Grow implements Serializable {
  function serialize() { return zser_serialize(1); }
  function unserialize($d) { $k = Stash::$kept;
    for ($i = 0; $i < 50; $i++) { $k->{"p$i"} = str_repeat('v', 30); } } }
function blob(string $mode): string {
  $o = new O2; $s = new Stash; $holder = [$o]; $s->r = &$holder; $o->x = $s;
  // the nested call hands out the object itself, whose table already has dynamic properties:
  // before, its copy kept the declared values, so iterating it after a write saw the old
  // one, and a cycle through a declared property was never collected
  if ($mode === 'direct') { $s = new Direct; $s->o = $o; $o->x = $s; }
  $arr = ['q', str_repeat('r', 3)];
  $o->y = $arr; $o->w = new Grow;
  if ($mode === 'ref') { $o->z = &$o->y; } elseif ($mode === 'copy') { $o->z = $arr; } else { $o->a = $o; }
  $b = zser_serialize([&$holder]);
  $o->x = $o->a = null; $s->r = $s->o = null; unset($holder);
  return $b;
}
foreach (['copy', 'ref', 'cycle', 'direct'] as $mode) {
  $v = zser_unserialize(blob($mode));
  Stash::$kept = null;
  $O = $v[0][0];
  $props = get_object_vars($O);
  // z, read after the program changed the object, went to the decoder's table, not the
  // program's copy (as for an array the program changed)
  printf("%s: %d properties, y %s, z %s, a is the object: %s\n", $mode, count($props), json_encode($O->y),
    array_key_exists('z', $props) ? json_encode($O->z) : 'absent', var_export($O->a === $O, true));
  $O->a = 7;
  $seen = null; foreach ($O as $k => $e) { if ($k === 'a') { $seen = $e; } }
  printf("  after writing a: read %d, iterated %d, cast %d\n", $O->a, $seen, ((array)$O)['a']);
  if ($mode === 'cycle' || $mode === 'direct') { $O->a = $O; }
  $w = WeakReference::create($O);
  unset($v, $O, $props, $e);
  gc_collect_cycles();
  printf("  collected: %s\n", var_export($w->get() === null, true));
}
?>
--EXPECT--
copy: 54 properties, y ["q","rrr"], z absent, a is the object: false
  after writing a: read 7, iterated 7, cast 7
  collected: true
ref: 54 properties, y ["q","rrr"], z absent, a is the object: false
  after writing a: read 7, iterated 7, cast 7
  collected: true
cycle: 54 properties, y ["q","rrr"], z absent, a is the object: true
  after writing a: read 7, iterated 7, cast 7
  collected: true
direct: 54 properties, y ["q","rrr"], z absent, a is the object: true
  after writing a: read 7, iterated 7, cast 7
  collected: true
