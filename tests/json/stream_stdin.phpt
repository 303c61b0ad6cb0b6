--TEST--
jsond_decode_stream(): php://stdin and a php://temp stream read with a small chunk size
--EXTENSIONS--
zser
--STDIN--
{"rows": [[1, "a"], [2, "b"]], "total": 2}
--FILE--
<?php
foreach (jsond_decode_stream(fopen('php://stdin', 'r'), '/rows') as $k => $row) {
    echo $k, ': ', json_encode($row), "\n";
}
$t = fopen('php://temp/maxmemory:64', 'w+');
$text = json_encode(['list' => range(1, 300), 'tail' => str_repeat('z', 200)]);
fwrite($t, $text);
rewind($t);
stream_set_chunk_size($t, 7);
stream_set_read_buffer($t, 0);
$got = iterator_to_array(jsond_decode_stream($t, '/list'));
var_dump($got === json_decode($text, true)['list']);
?>
--EXPECT--
0: [1,"a"]
1: [2,"b"]
bool(true)
