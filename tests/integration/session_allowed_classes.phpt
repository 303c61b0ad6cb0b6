--TEST--
zser.session_allowed_classes: a class left out of the list becomes __PHP_Incomplete_Class and none of its magic runs (__wakeup, __unserialize, __destruct, Serializable::unserialize, autoloader), in zser data and in php and php_serialize data; names are case-insensitive; "" allows none
--EXTENSIONS--
session
zser
--INI--
session.use_cookies=0
session.cache_limiter=
session.save_handler=files
session.use_strict_mode=0
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/session.inc';
session_test_dir();

$on = false;
function say(string $s): void
{
    if ($GLOBALS['on']) {
        echo "  $s\n";
    }
}
spl_autoload_register(fn ($c) => say("autoload($c)"));

class Ok
{
    public $v = 1;
    public function __wakeup() { say('Ok::__wakeup'); }
}
class Wake
{
    public $v = 2;
    public function __wakeup() { say('Wake::__wakeup'); }
    public function __destruct() { say('Wake::__destruct'); }
}
class Unser
{
    public $v = 3;
    public function __serialize(): array { return ['v' => $this->v]; }
    public function __unserialize(array $d): void { say('Unser::__unserialize'); }
    public function __destruct() { say('Unser::__destruct'); }
}
class Ser implements Serializable
{
    public function serialize() { return 'x'; }
    public function unserialize($s) { say('Ser::unserialize'); }
}

function classes(array $vars): string
{
    $out = [];
    foreach ($vars as $k => $v) {
        if (!is_object($v)) {
            $out[] = "$k=" . var_export($v, true);
        } elseif ($v instanceof __PHP_Incomplete_Class) {
            $out[] = "$k=incomplete(" . ((array)$v)['__PHP_Incomplete_Class_Name'] . ')';
        } else {
            $out[] = "$k=" . get_class($v);
        }
    }
    return implode(' ', $out);
}

foreach (['zser', 'php', 'php_serialize'] as $writer) {
    session_cycle($writer, "w-" . strtr($writer, "_", "-"), function () {
        $_SESSION = ['ok' => new Ok, 'wake' => new Wake, 'unser' => new Unser, 'ser' => new Ser,
            'ghost' => unserialize('O:5:"Ghost":1:{s:1:"v";i:4;}'), 'n' => 5];
        $_SESSION['again'] = $_SESSION['wake'];
    });
}

ini_set('session.serialize_handler', 'zser');
foreach (['*', ' OK ', '\Ok, Other', ''] as $allowed) {
    var_dump(ini_set('zser.session_allowed_classes', $allowed) !== false);
    foreach (['zser', 'php', 'php_serialize'] as $writer) {
        echo "allowed '$allowed', $writer data:\n";
        session_id("w-" . strtr($writer, "_", "-"));
        $on = true;
        $ok = session_start();
        echo '  ', var_export($ok, true), ' ', classes($_SESSION), "\n";
        echo '  same object: ', var_export($_SESSION['again'] === $_SESSION['wake'], true), "\n";
        session_abort();
        $_SESSION = [];
        gc_collect_cycles();
        $on = false;
    }
}
echo "done\n";
?>
--EXPECTF--
bool(true)
allowed '*', zser data:
  Ser::unserialize
  autoload(Ghost)
  Ok::__wakeup
  Wake::__wakeup
  Unser::__unserialize
  true ok=Ok wake=Wake unser=Unser ser=Ser ghost=incomplete(Ghost) n=5 again=Wake
  same object: true
  Unser::__destruct
  Wake::__destruct
allowed '*', php data:
  Ser::unserialize
  autoload(Ghost)
  Ok::__wakeup
  Wake::__wakeup
  Unser::__unserialize
  true ok=Ok wake=Wake unser=Unser ser=Ser ghost=incomplete(Ghost) n=5 again=Wake
  same object: true
  Unser::__destruct
  Wake::__destruct
allowed '*', php_serialize data:
  Ser::unserialize
  autoload(Ghost)
  Ok::__wakeup
  Wake::__wakeup
  Unser::__unserialize
  true ok=Ok wake=Wake unser=Unser ser=Ser ghost=incomplete(Ghost) n=5 again=Wake
  same object: true
  Unser::__destruct
  Wake::__destruct
bool(true)
allowed ' OK ', zser data:

Warning: Class __PHP_Incomplete_Class has no unserializer in %s on line %d
  Ok::__wakeup
  true ok=Ok wake=incomplete(Wake) unser=incomplete(Unser) ser=incomplete(Ser) ghost=incomplete(Ghost) n=5 again=incomplete(Wake)
  same object: true
allowed ' OK ', php data:

Warning: Class __PHP_Incomplete_Class has no unserializer in %s on line %d
  Ok::__wakeup
  true ok=Ok wake=incomplete(Wake) unser=incomplete(Unser) ser=incomplete(Ser) ghost=incomplete(Ghost) n=5 again=incomplete(Wake)
  same object: true
allowed ' OK ', php_serialize data:

Warning: Class __PHP_Incomplete_Class has no unserializer in %s on line %d
  Ok::__wakeup
  true ok=Ok wake=incomplete(Wake) unser=incomplete(Unser) ser=incomplete(Ser) ghost=incomplete(Ghost) n=5 again=incomplete(Wake)
  same object: true
bool(true)
allowed '\Ok, Other', zser data:

Warning: Class __PHP_Incomplete_Class has no unserializer in %s on line %d
  Ok::__wakeup
  true ok=Ok wake=incomplete(Wake) unser=incomplete(Unser) ser=incomplete(Ser) ghost=incomplete(Ghost) n=5 again=incomplete(Wake)
  same object: true
allowed '\Ok, Other', php data:

Warning: Class __PHP_Incomplete_Class has no unserializer in %s on line %d
  Ok::__wakeup
  true ok=Ok wake=incomplete(Wake) unser=incomplete(Unser) ser=incomplete(Ser) ghost=incomplete(Ghost) n=5 again=incomplete(Wake)
  same object: true
allowed '\Ok, Other', php_serialize data:

Warning: Class __PHP_Incomplete_Class has no unserializer in %s on line %d
  Ok::__wakeup
  true ok=Ok wake=incomplete(Wake) unser=incomplete(Unser) ser=incomplete(Ser) ghost=incomplete(Ghost) n=5 again=incomplete(Wake)
  same object: true
bool(true)
allowed '', zser data:

Warning: Class __PHP_Incomplete_Class has no unserializer in %s on line %d
  true ok=incomplete(Ok) wake=incomplete(Wake) unser=incomplete(Unser) ser=incomplete(Ser) ghost=incomplete(Ghost) n=5 again=incomplete(Wake)
  same object: true
allowed '', php data:

Warning: Class __PHP_Incomplete_Class has no unserializer in %s on line %d
  true ok=incomplete(Ok) wake=incomplete(Wake) unser=incomplete(Unser) ser=incomplete(Ser) ghost=incomplete(Ghost) n=5 again=incomplete(Wake)
  same object: true
allowed '', php_serialize data:

Warning: Class __PHP_Incomplete_Class has no unserializer in %s on line %d
  true ok=incomplete(Ok) wake=incomplete(Wake) unser=incomplete(Unser) ser=incomplete(Ser) ghost=incomplete(Ghost) n=5 again=incomplete(Wake)
  same object: true
done
