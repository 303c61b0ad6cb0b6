--TEST--
session.serialize_handler=zser reads what igbinary's session handler wrote (format versions 2 and 1) exactly as that handler reads it, magic methods included, and the next write stores zser
--EXTENSIONS--
session
zser
igbinary
--INI--
session.use_cookies=0
session.cache_limiter=
session.save_handler=files
session.use_strict_mode=0
--FILE--
<?php
require __DIR__ . '/../inc/session.inc';
session_test_dir();

class Wake
{
    public $n = 1;
    public function __wakeup() { echo "Wake::__wakeup\n"; }
}
enum Suit: string { case Hearts = 'H'; }

/* What $handler makes of the stored session $id: $_SESSION as var_dump() shows it, with the
 * output of the magic methods that ran, or the warnings when it refuses. */
function read_with(string $handler, string $id): string
{
    ob_start();
    ini_set('session.serialize_handler', $handler);
    session_id($id);
    $ok = session_start();
    var_dump($ok, $_SESSION);
    if ($ok) {
        session_abort();
    }
    $_SESSION = [];
    return preg_replace('/#\d+/', '#', ob_get_clean());
}

$shared = new Wake;
session_cycle('igbinary', 'ig2', function () use ($shared) {
    $_SESSION = ['user' => 'ann', 'n' => 42, 'f' => 1.5, 'bin' => "\0\xff|s:1:", 'w' => $shared,
        'w2' => $shared, 'suit' => Suit::Hearts, 'list' => [1, [2, 3]], 7 => 'int key'];
    // (igbinary's handler writes the int key and skips it when reading; so does zser's)
    $_SESSION['alias'] = &$_SESSION['n'];
});
$v2 = file_get_contents(session_file('ig2'));
echo "v2 header: ", bin2hex(substr($v2, 0, 4)), "\n";
// Version 1 differs only in the header for these values; igbinary still reads it.
file_put_contents(session_file('ig1'), "\0\0\0\1" . substr($v2, 4));
session_cycle('igbinary', 'empty', fn() => $_SESSION = []);
echo "empty session: ", bin2hex(file_get_contents(session_file('empty'))), "\n";

foreach (['ig2', 'ig1', 'empty'] as $id) {
    $theirs = read_with('igbinary', $id);
    $ours = read_with('zser', $id);
    echo "$id: read as igbinary reads it: ", var_export($ours === $theirs, true), "\n";
}
echo read_with('zser', 'ig2');

// A read-write visit on a zser host stores the session as zser, which reads back the same.
$before = read_with('zser', 'ig2');
session_cycle('zser', 'ig2', fn() => $_SESSION['user'] = 'ann');
echo "stored as zser: ", var_export(file_get_contents(session_file('ig2'))[0] === 'Z', true), "\n";
echo "same session: ", var_export(read_with('zser', 'ig2') === $before, true), "\n";
?>
--EXPECTF--
v2 header: 00000002
empty session: 000000021400
ig2: read as igbinary reads it: true
ig1: read as igbinary reads it: true
empty: read as igbinary reads it: true
Wake::__wakeup
bool(true)
array(9) {
  ["user"]=>
  string(3) "ann"
  ["n"]=>
  &int(42)
  ["f"]=>
  float(1.5)
  ["bin"]=>
  string(7) "%0%s|s:1:"
  ["w"]=>
  object(Wake)# (1) {
    ["n"]=>
    int(1)
  }
  ["w2"]=>
  object(Wake)# (1) {
    ["n"]=>
    int(1)
  }
  ["suit"]=>
  enum(Suit::Hearts)
  ["list"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    array(2) {
      [0]=>
      int(2)
      [1]=>
      int(3)
    }
  }
  ["alias"]=>
  &int(42)
}
Wake::__wakeup
Wake::__wakeup
stored as zser: true
same session: true
