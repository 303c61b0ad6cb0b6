--TEST--
zser.session_allowed_classes on php and php_serialize session data: with every class of the data listed, session_decode() gives what PHP's own handler gives (variables, return value, warnings, exceptions from magic methods, merged or replaced $_SESSION); with a class left out, php_serialize data gives what unserialize() with allowed_classes gives
--EXTENSIONS--
session
zser
--INI--
session.use_cookies=0
session.cache_limiter=
session.save_handler=files
session.use_strict_mode=0
--FILE--
<?php
require __DIR__ . '/../inc/session.inc';
session_test_dir();

$log = [];
class Boom
{
    public $v = 1;
    public function __wakeup() { $GLOBALS['log'][] = 'Boom::__wakeup'; throw new Exception('boom'); }
}
class Un
{
    public $v;
    public function __unserialize(array $d): void { $GLOBALS['log'][] = 'Un::__unserialize'; $this->v = $d; }
    public function __destruct() { $GLOBALS['log'][] = 'Un::__destruct'; }
}
class Pt
{
    public $x = 0;
    protected $y = 0;
    private $z = 0;
}
spl_autoload_register(function ($c) { $GLOBALS['log'][] = "autoload($c)"; });

$pt = 'O:2:"Pt":3:{s:1:"x";i:1;s:4:"' . "\0*\0" . 'y";i:2;s:5:"' . "\0Pt\0" . 'z";i:3;}';
$php = [
    'a|i:1;b|s:2:"hi";',
    'a|' . $pt . 'b|r:2;c|R:2;',
    'u|O:2:"Un":1:{i:0;i:7;}n|i:1;',
    'a|O:4:"Boom":1:{s:1:"v";i:1;}b|i:2;',
    'g|O:5:"Ghost":0:{}h|i:1;',
    'a|i:1;junk',
    'a|i:1;b',
    'GLOBALS|i:1;_SESSION|i:2;|i:3;5|i:4;',
    'a|i:1;b|x:1;',
    'a|a:1:{i:0;O:2:"Pt":0:{}}b|R:3;',
];
$serialized = [
    'a:2:{s:1:"a";' . $pt . 's:1:"b";r:2;}',
    'a:2:{s:1:"u";O:2:"Un":1:{i:0;i:7;}i:5;i:1;}',
    'a:2:{s:1:"a";O:4:"Boom":1:{s:1:"v";i:1;}s:1:"b";i:2;}',
    'a:1:{s:1:"g";O:5:"Ghost":0:{}}',
    'a:2:{s:1:"a";i:1;s:1:"b";R:2;}junk',
    'a:1:{s:1:"a";i:1;',
    'a:0:{}',
];

/* What session_decode($data) does under $handler: its result, the warnings, the exception,
 * $_SESSION (serialized) and the magic methods run, with $_SESSION holding one variable before. */
function decode_with(string $handler, string $data): string
{
    global $log;
    ini_set('session.serialize_handler', $handler);
    session_id('d');
    session_start();
    $_SESSION = ['before' => 1];
    $log = [];
    $warnings = [];
    set_error_handler(function ($no, $msg) use (&$warnings) {
        $warnings[] = $msg;
        return true;
    });
    try {
        $r = var_export(session_decode($data), true);
    } catch (Throwable $e) {
        $r = get_class($e) . '(' . $e->getMessage() . ')';
    }
    restore_error_handler();
    $vars = serialize($_SESSION ?? null);
    $_SESSION = [];
    if (session_status() === PHP_SESSION_ACTIVE) {
        session_abort();
    }
    gc_collect_cycles();
    return "$r | " . implode('; ', $warnings) . " | $vars | " . implode(', ', $log);
}

$all = 'Boom, un, PT, ghost, Other';
foreach (['php' => $php, 'php_serialize' => $serialized] as $handler => $cases) {
    $same = 0;
    foreach ($cases as $data) {
        $expected = decode_with($handler, $data);
        ini_set('zser.session_allowed_classes', $all);
        $got = decode_with('zser', $data);
        ini_set('zser.session_allowed_classes', '*');
        if ($got === $expected) {
            $same++;
        } else {
            echo "$handler ", json_encode($data), "\n  expected $expected\n  got      $got\n";
        }
    }
    echo "$handler: $same of ", count($cases), " as PHP's handler\n";
}

// A class left out: php_serialize data reads as unserialize() with allowed_classes reads it.
$same = 0;
foreach ($serialized as $data) {
    foreach ([[], ['pt'], ['Un', 'Boom']] as $list) {
        ini_set('zser.session_allowed_classes', implode(',', $list));
        $got = decode_with('zser', $data);
        $log = [];
        try {
            $v = @unserialize($data, ['allowed_classes' => $list]);
            $expected = $v === false ? null : serialize($v);
            $v = null;
            $ok = $expected === null ? str_starts_with($got, 'false |')
                : str_starts_with($got, 'true |') && str_contains($got, " | $expected | ");
        } catch (Exception $e) {
            $expected = 'Exception(' . $e->getMessage() . ')';
            $ok = str_starts_with($got, "$expected |");
        }
        $same += $ok;
        if (!$ok) {
            echo json_encode($data), ' [', implode(',', $list), "]\n  unserialize: $expected\n  session:     $got\n";
        }
    }
}
echo "php_serialize with classes left out: $same of ", 3 * count($serialized), " as unserialize()\n";
?>
--EXPECT--
php: 10 of 10 as PHP's handler
php_serialize: 7 of 7 as PHP's handler
php_serialize with classes left out: 21 of 21 as unserialize()
