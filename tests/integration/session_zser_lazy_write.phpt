--TEST--
session.serialize_handler=zser: an unchanged session re-encodes to the same bytes, so lazy_write only refreshes it
--EXTENSIONS--
session
zser
--SKIPIF--
<?php require __DIR__ . '/../inc/skipif_binary.inc'; ?>
--INI--
session.use_cookies=0
session.cache_limiter=
session.use_strict_mode=0
session.lazy_write=1
session.serialize_handler=zser
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
    public function destroy($id): bool { return true; }
    public function gc($max): int|false { return 0; }
    public function validateId($id): bool { return true; }
    public function updateTimestamp($id, $data): bool
    {
        $this->calls[] = 'updateTimestamp';
        return true;
    }
}

$h = new MemoryHandler();
session_set_save_handler($h, false);
ob_start();

session_id('lazy');
session_start();
$shared = new stdClass();
$_SESSION['a'] = [$shared, $shared, 'k' => 1.5, 'bin' => "\0\xff"];
$_SESSION['b'] = &$_SESSION['a'];
session_write_close();

session_id('lazy');
session_start();
session_write_close();

session_id('lazy');
session_start();
$_SESSION['c'] = 1;
session_write_close();

echo implode(', ', $h->calls), "\n";
var_dump($h->store['lazy'] === zser_serialize($_SESSION));
?>
--EXPECT--
write, updateTimestamp, write
bool(true)
