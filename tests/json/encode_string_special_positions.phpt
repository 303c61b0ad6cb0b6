--TEST--
jsond_encode: a byte to escape at every position of strings of 1 to 40 bytes, as values and keys, under the flags that change escaping
--EXTENSIONS--
zser
--FILE--
<?php
/* Short strings are checked for bytes to escape a word or a vector at a time, with loads that
 * overlap at the end: a special byte must be found wherever it sits. */
$specials = ["\0", "\x1f", "\x7f", "\x80", "\xc3\xa9", "\"", "\\", "/", "a", "\xe2\x80\xa8", "<"];
$flags = [0, JSON_UNESCAPED_SLASHES, JSON_UNESCAPED_UNICODE,
	JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE, JSON_INVALID_UTF8_SUBSTITUTE,
	JSON_HEX_QUOT | JSON_HEX_TAG, JSON_PARTIAL_OUTPUT_ON_ERROR];
$cases = 0;
$differ = 0;
for ($len = 1; $len <= 40; $len++) {
	for ($pos = 0; $pos < $len; $pos++) {
		foreach ($specials as $sp) {
			$s = str_repeat('b', $pos) . $sp . str_repeat('c', max(0, $len - $pos - 1));
			foreach ($flags as $f) {
				foreach ([$s, [$s => 1], ['k' => $s]] as $v) {
					$cases++;
					$a = json_encode($v, $f);
					$ea = json_last_error();
					$b = jsond_encode($v, $f);
					if ($a !== $b || $ea !== jsond_last_error()) {
						if (++$differ <= 5) {
							printf("differs: len %d, byte %s at %d, flags %d\n", $len, bin2hex($sp), $pos, $f);
						}
					}
				}
			}
		}
	}
}
echo "$cases cases, $differ differ\n";
?>
--EXPECT--
189420 cases, 0 differ
