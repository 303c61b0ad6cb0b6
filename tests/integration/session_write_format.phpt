--TEST--
zser.session_write_format: the zser handler writes the bytes the named handler writes (zser, php_serialize, php, igbinary), every host reads them back, and with session.lazy_write a read-only visit rewrites a session only when its stored format differs from the one written
--EXTENSIONS--
session
zser
igbinary
--INI--
session.use_cookies=0
session.cache_limiter=
session.use_strict_mode=0
session.lazy_write=1
--FILE--
<?php
class MemoryHandler implements SessionHandlerInterface, SessionUpdateTimestampHandlerInterface
{
    public array $store = [];
    public array $calls = [];

    public function open($path, $name): bool { return true; }
    public function close(): bool { return true; }
    public function read($id): string|false { return $this->store[$id] ?? ''; }
    public function write($id, $data): bool
    {
        $this->calls[] = 'write';
        $this->store[$id] = $data;
        return true;
    }
    public function destroy($id): bool { unset($this->store[$id]); return true; }
    public function gc($max): int|false { return 0; }
    public function validateId($id): bool { return true; }
    public function updateTimestamp($id, $data): bool
    {
        $this->calls[] = 'updateTimestamp';
        return true;
    }
}
class Cart { public array $items = ['apple' => 2]; }

$h = new MemoryHandler();
session_set_save_handler($h, false);
ob_start();

/* One request on a host running $handler (and $format when it is zser): $change modifies
 * $_SESSION; returns $_SESSION as it was read, serialized. */
function visit(string $handler, string $format, string $id, ?callable $change = null): string
{
    ini_set('session.serialize_handler', $handler);
    ini_set('zser.session_write_format', $format);
    session_id($id);
    if (!session_start()) {
        throw new RuntimeException("session_start failed on $handler");
    }
    $read = serialize($_SESSION);
    if ($change) {
        $change();
    }
    session_write_close();
    $_SESSION = [];
    return $read;
}

$fill = function () {
    $cart = new Cart;
    $_SESSION = ['user' => 'ann', 'cart' => $cart, 'same' => $cart, 'bin' => "\0\xff", 'f' => 0.1];
    $_SESSION['alias'] = &$_SESSION['user'];
};
$fill();
$expected = serialize($_SESSION);
$_SESSION = [];
foreach (['zser', 'php_serialize', 'php', 'igbinary'] as $format) {
    // The same session written by the handler itself and by zser writing its format.
    visit($format, 'zser', "own-$format", $fill);
    visit('zser', $format, "zser-$format", $fill);
    $same = $h->store["own-$format"] === $h->store["zser-$format"];
    // Read back, unchanged, by the old handler and by a zser host writing that format.
    $h->calls = [];
    $byOld = visit($format, 'zser', "zser-$format");
    $byZser = visit('zser', $format, "zser-$format");
    echo str_pad($format, 14), "same bytes as the handler: ", var_export($same, true),
        ", read back alike: ", var_export($byOld === $expected && $byZser === $expected, true),
        ", lazy_write: ", implode(', ', $h->calls), "\n";
}

// Rollback: a zser session read on a host writing php_serialize is rewritten in that format
// even when nothing changed (the stored bytes differ from what the handler writes), and the
// old handler reads it.
visit('zser', 'zser', 'back', $fill);
$h->calls = [];
visit('zser', 'php_serialize', 'back');
echo "zser session, read-only visit writing php_serialize: ", implode(', ', $h->calls),
    ", stored: ", var_export(str_starts_with($h->store['back'], 'a:'), true),
    ", read by php_serialize: ", var_export(visit('php_serialize', 'zser', 'back') === $expected, true), "\n";

ini_set('zser.session_write_format', 'php');
ob_start();
(new ReflectionExtension('zser'))->info();
preg_match('/^zser\.session_write_format.*$/m', ob_get_clean(), $m);
echo $m[0], "\n";
?>
--EXPECT--
zser          same bytes as the handler: true, read back alike: true, lazy_write: updateTimestamp, updateTimestamp
php_serialize same bytes as the handler: true, read back alike: true, lazy_write: updateTimestamp, updateTimestamp
php           same bytes as the handler: true, read back alike: true, lazy_write: updateTimestamp, updateTimestamp
igbinary      same bytes as the handler: true, read back alike: true, lazy_write: updateTimestamp, updateTimestamp
zser session, read-only visit writing php_serialize: write, stored: true, read by php_serialize: true
zser.session_write_format => php => zser
