--TEST--
jsond_encode: long strings full of '/' and other bytes to escape, across the block scan and the chunks of long strings, under the flags that change escaping
--EXTENSIONS--
zser
--FILE--
<?php
/* A '/' met by the 16-byte block scan is escaped there; runs of them, their neighbours and
 * the chunk boundaries of strings of several KB must give json_encode()'s bytes. */
mt_srand(3);
$others = ['/', 'a', 'é', '"', "\\", "\n", '<', '&', "'", "\x01", "\xff", '日'];
$flags = [0, JSON_UNESCAPED_SLASHES, JSON_UNESCAPED_UNICODE, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS,
	JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE, JSON_PARTIAL_OUTPUT_ON_ERROR];
$cases = 0;
$differ = 0;
foreach ($flags as $f) {
	for ($i = 0; $i < 300; $i++) {
		$len = mt_rand(1, 9000);
		$dense = mt_rand(0, 3);
		$s = '';
		while (strlen($s) < $len) {
			$r = mt_rand(0, 20);
			if ($r < 3 + $dense * 3) {
				$s .= '/';
			} elseif ($r < 18) {
				$s .= str_repeat(chr(mt_rand(97, 122)), mt_rand(1, 20));
			} else {
				$s .= $others[mt_rand(0, count($others) - 1)];
			}
		}
		foreach ([$s, [$s => $s]] as $v) {
			$cases++;
			$a = json_encode($v, $f);
			$ea = json_last_error();
			if ($a !== jsond_encode($v, $f) || $ea !== jsond_last_error()) {
				if (++$differ <= 5) {
					printf("differs: flags %d, %d bytes\n", $f, strlen($s));
				}
			}
		}
	}
}
echo "$cases cases, $differ differ\n";
?>
--EXPECT--
4200 cases, 0 differ
