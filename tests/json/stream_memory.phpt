--TEST--
jsond_decode_stream(): a 200 MB array, generated while it is read, iterates under memory_limit=64M in a few KB
--EXTENSIONS--
zser
--INI--
memory_limit=64M
--FILE--
<?php
// Writes {"meta": {...}, "items": [{record}, ...], "end": true} as it is read, so that the text
// exists nowhere whole; each record is about 1 KB.
final class RecordStream {
    public $context;
    public static int $records = 0;
    private int $next = 0;
    private string $pending = '{"meta": {"source": "generated"}, "items": [';
    private bool $closed = false;
    public static int $bytes = 0;
    public function stream_open($path, $mode, $options, &$opened) { return true; }
    public function stream_read($count) {
        while (strlen($this->pending) < $count && !$this->closed) {
            $id = $this->next++;
            $this->pending .= ($id ? ',' : '') . '{"id":' . $id . ',"name":"user ' . $id
                . '","tags":["a","b"],"score":' . ($id / 4) . ',"pad":"' . str_repeat('x', 900) . '"}';
            if ($this->next === self::$records) {
                $this->pending .= '], "end": true}';
                $this->closed = true;
            }
        }
        $r = substr($this->pending, 0, $count);
        $this->pending = substr($this->pending, strlen($r));
        self::$bytes += strlen($r);
        return $r;
    }
    public function stream_eof() { return $this->closed && $this->pending === ''; }
}
stream_wrapper_register('records', RecordStream::class);
RecordStream::$records = 225000;

$it = jsond_decode_stream(fopen('records://all', 'r'), '/items', true);
$base = memory_get_usage();
memory_reset_peak_usage();
$n = 0;
$ids = 0;
$keys_ok = true;
foreach ($it as $k => $rec) {
    $n++;
    $ids += $rec['id'];
    $keys_ok = $keys_ok && $k === $rec['id'] && $rec['score'] === $rec['id'] / 4;
}
$peak = memory_get_peak_usage() - $base;
var_dump($n, $ids === 225000 * 224999 / 2, $keys_ok);
var_dump(RecordStream::$bytes > 200 * 1024 * 1024);
// the buffer holds one record and one read, not the text
var_dump($peak < 256 * 1024);
if ($peak >= 256 * 1024) echo "peak: $peak bytes\n";
?>
--EXPECT--
int(225000)
bool(true)
bool(true)
bool(true)
bool(true)
