--TEST--
zser_serialize: the strings written before a lazy object's initializer runs stay held, so one that code releases is not compared after its block went to another string (PHP 8.4)
--EXTENSIONS--
zser
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip lazy objects need PHP 8.4'); ?>
--FILE--
<?php
class Holder { public $s; }
class Ghost { public $a = 0; }

$h = new Holder();
$h->s = str_repeat('k', 24);
$kept = [];
$ghost = (new ReflectionClass(Ghost::class))->newLazyGhost(function (Ghost $g) use ($h, &$kept) {
    // the string's only other holder lets it go, and a new string of its size may take its
    // block: a string table that only borrowed it would then compare the third element
    // with 'zzz...' and write it again
    $h->s = null;
    $kept[] = str_repeat('z', 24);
    $g->a = 1;
});
$blob = zser_serialize([$h, $ghost, str_repeat('k', 24)]);
echo "copies of the string written in full: ", substr_count($blob, str_repeat('k', 24)), "\n";
$back = zser_unserialize($blob);
var_dump($back[0]->s, $back[1]->a, $back[2] === str_repeat('k', 24));
?>
--EXPECT--
copies of the string written in full: 1
string(24) "kkkkkkkkkkkkkkkkkkkkkkkk"
int(1)
bool(true)
