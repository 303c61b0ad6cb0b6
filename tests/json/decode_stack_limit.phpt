--TEST--
jsond_decode()/jsond_validate(): ext/json's parser-stack rule (json_stack_compat.h) against json_decode() at each boundary, depth error against syntax error
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/decode_compare.inc';

// The rule of ext/json_stack_compat.h, stated on its own: one entry per pushed token or
// state, the push that would make 10,000 entries fails (syntax error), a container's depth
// is checked between its bracket's push and its check state's push. Inputs are valid JSON
// made of brackets, ',', ':', "k" keys and digits, so only the stack or the depth can stop
// them.
final class StackFull extends Exception {}
final class DepthHit extends Exception {}

function rule_outcome(string $s, int $maxDepth): string
{
    preg_match_all('/"[^"]*"|[0-9]+|[\[\]{},:]/', $s, $m);
    $t = $m[0];
    $i = 0;
    $n = 1;       // entries: the start state
    $level = 1;   // ext/json's parser->depth starts at 1
    $push = function () use (&$n) {
        if (++$n >= 10000) {
            throw new StackFull();
        }
    };
    $value = function () use (&$value, &$t, &$i, &$n, &$level, $push, $maxDepth) {
        $tok = $t[$i++];
        if ($tok !== '[' && $tok !== '{') {
            $push();                                  // a scalar
            return;
        }
        $push();                                      // the bracket
        if ($level >= $maxDepth) {
            throw new DepthHit();
        }
        $level++;
        $push();                                      // the depth check's state
        $close = $tok === '[' ? ']' : '}';
        if ($t[$i] === $close) {
            $i++;
            $push();                                  // empty elements/members
            $push();                                  // the bracket
        } else {
            $first = true;
            do {
                if (!$first) {
                    $i++;
                    $push();                          // ','
                }
                if ($tok === '{') {
                    $i++;
                    $push();                          // the key
                    $i++;
                    $push();                          // ':'
                }
                $value();
                // element / member reduced to one entry
                $n -= $first ? ($tok === '{' ? 2 : 0) : ($tok === '{' ? 4 : 2);
                $first = false;
            } while ($t[$i] === ',');
            $i++;
            $push();                                  // the bracket
        }
        $n -= 3;                                      // the container reduced to one value
        $level--;
    };
    try {
        $value();
    } catch (StackFull) {
        return 'Syntax error';
    } catch (DepthHit) {
        return 'Maximum stack depth exceeded';
    }
    return 'No error';
}

$shapes = [
    'arrays around 1' => fn($n) => [str_repeat('[', $n) . '1' . str_repeat(']', $n), $n],
    'empty arrays' => fn($n) => [str_repeat('[', $n) . str_repeat(']', $n), $n],
    'arrays, later element' => fn($n) => [str_repeat('[0,', $n) . '1' . str_repeat(']', $n), $n],
    'arrays, comma inside' => fn($n) => [str_repeat('[', $n) . '1,2' . str_repeat(']', $n), $n],
    'objects around 1' => fn($n) => [str_repeat('{"a":', $n) . '1' . str_repeat('}', $n), $n],
    'objects around {}' => fn($n) => [str_repeat('{"a":', $n) . '{}' . str_repeat('}', $n), $n + 1],
    'objects, later member' => fn($n) => [str_repeat('{"a":0,"b":', $n) . '1' . str_repeat('}', $n), $n],
    'array of object' => fn($n) => [str_repeat('[{"k":', $n) . '[]' . str_repeat('}]', $n), 2 * $n + 1],
];

foreach ($shapes as $name => $make) {
    // the least nesting that the stack stops, whatever the depth (binary search on the rule)
    [$lo, $hi] = [1, 6000];
    while ($lo < $hi) {
        $mid = intdiv($lo + $hi, 2);
        if (rule_outcome($make($mid)[0], PHP_INT_MAX) === 'Syntax error') {
            $hi = $mid;
        } else {
            $lo = $mid + 1;
        }
    }
    echo "$name: the stack stops $lo levels\n";
    foreach ([$lo - 1, $lo] as $n) {
        [$s, $levels] = $make($n);
        foreach ([$levels - 1, $levels, $levels + 1, 2147483647] as $depth) {
            json_decode('[', true);
            json_decode($s, true, $depth);
            $json = json_last_error_msg();
            $rule = rule_outcome($s, $depth);
            $same = same_decode($s, null, $depth) . ', ' . same_decode($s, true, $depth);
            $valid = jsond_validate($s, $depth);
            $validSame = $valid === ($json === 'No error') && jsond_last_error_msg() === $json;
            printf("  %d, depth %d: %s%s; decode %s; validate %s\n", $n, $depth, $json,
                $rule === $json ? '' : " (the rule says $rule)", $same, $validSame ? 'same' : 'DIFFERS');
        }
    }
}
?>
--EXPECT--
arrays around 1: the stack stops 4999 levels
  4998, depth 4997: Maximum stack depth exceeded; decode ok, ok; validate same
  4998, depth 4998: Maximum stack depth exceeded; decode ok, ok; validate same
  4998, depth 4999: No error; decode ok, ok; validate same
  4998, depth 2147483647: No error; decode ok, ok; validate same
  4999, depth 4998: Maximum stack depth exceeded; decode ok, ok; validate same
  4999, depth 4999: Maximum stack depth exceeded; decode ok, ok; validate same
  4999, depth 5000: Syntax error; decode ok, ok; validate same
  4999, depth 2147483647: Syntax error; decode ok, ok; validate same
empty arrays: the stack stops 4999 levels
  4998, depth 4997: Maximum stack depth exceeded; decode ok, ok; validate same
  4998, depth 4998: Maximum stack depth exceeded; decode ok, ok; validate same
  4998, depth 4999: No error; decode ok, ok; validate same
  4998, depth 2147483647: No error; decode ok, ok; validate same
  4999, depth 4998: Maximum stack depth exceeded; decode ok, ok; validate same
  4999, depth 4999: Maximum stack depth exceeded; decode ok, ok; validate same
  4999, depth 5000: Syntax error; decode ok, ok; validate same
  4999, depth 2147483647: Syntax error; decode ok, ok; validate same
arrays, later element: the stack stops 2500 levels
  2499, depth 2498: Maximum stack depth exceeded; decode ok, ok; validate same
  2499, depth 2499: Maximum stack depth exceeded; decode ok, ok; validate same
  2499, depth 2500: No error; decode ok, ok; validate same
  2499, depth 2147483647: No error; decode ok, ok; validate same
  2500, depth 2499: Maximum stack depth exceeded; decode ok, ok; validate same
  2500, depth 2500: Maximum stack depth exceeded; decode ok, ok; validate same
  2500, depth 2501: Syntax error; decode ok, ok; validate same
  2500, depth 2147483647: Syntax error; decode ok, ok; validate same
arrays, comma inside: the stack stops 4998 levels
  4997, depth 4996: Maximum stack depth exceeded; decode ok, ok; validate same
  4997, depth 4997: Maximum stack depth exceeded; decode ok, ok; validate same
  4997, depth 4998: No error; decode ok, ok; validate same
  4997, depth 2147483647: No error; decode ok, ok; validate same
  4998, depth 4997: Maximum stack depth exceeded; decode ok, ok; validate same
  4998, depth 4998: Maximum stack depth exceeded; decode ok, ok; validate same
  4998, depth 4999: Syntax error; decode ok, ok; validate same
  4998, depth 2147483647: Syntax error; decode ok, ok; validate same
objects around 1: the stack stops 2500 levels
  2499, depth 2498: Maximum stack depth exceeded; decode ok, ok; validate same
  2499, depth 2499: Maximum stack depth exceeded; decode ok, ok; validate same
  2499, depth 2500: No error; decode ok, ok; validate same
  2499, depth 2147483647: No error; decode ok, ok; validate same
  2500, depth 2499: Maximum stack depth exceeded; decode ok, ok; validate same
  2500, depth 2500: Maximum stack depth exceeded; decode ok, ok; validate same
  2500, depth 2501: Syntax error; decode ok, ok; validate same
  2500, depth 2147483647: Syntax error; decode ok, ok; validate same
objects around {}: the stack stops 2499 levels
  2498, depth 2498: Maximum stack depth exceeded; decode ok, ok; validate same
  2498, depth 2499: Maximum stack depth exceeded; decode ok, ok; validate same
  2498, depth 2500: No error; decode ok, ok; validate same
  2498, depth 2147483647: No error; decode ok, ok; validate same
  2499, depth 2499: Maximum stack depth exceeded; decode ok, ok; validate same
  2499, depth 2500: Maximum stack depth exceeded; decode ok, ok; validate same
  2499, depth 2501: Syntax error; decode ok, ok; validate same
  2499, depth 2147483647: Syntax error; decode ok, ok; validate same
objects, later member: the stack stops 1667 levels
  1666, depth 1665: Maximum stack depth exceeded; decode ok, ok; validate same
  1666, depth 1666: Maximum stack depth exceeded; decode ok, ok; validate same
  1666, depth 1667: No error; decode ok, ok; validate same
  1666, depth 2147483647: No error; decode ok, ok; validate same
  1667, depth 1666: Maximum stack depth exceeded; decode ok, ok; validate same
  1667, depth 1667: Maximum stack depth exceeded; decode ok, ok; validate same
  1667, depth 1668: Syntax error; decode ok, ok; validate same
  1667, depth 2147483647: Syntax error; decode ok, ok; validate same
array of object: the stack stops 1666 levels
  1665, depth 3330: Maximum stack depth exceeded; decode ok, ok; validate same
  1665, depth 3331: Maximum stack depth exceeded; decode ok, ok; validate same
  1665, depth 3332: No error; decode ok, ok; validate same
  1665, depth 2147483647: No error; decode ok, ok; validate same
  1666, depth 3332: Maximum stack depth exceeded; decode ok, ok; validate same
  1666, depth 3333: Maximum stack depth exceeded; decode ok, ok; validate same
  1666, depth 3334: Syntax error; decode ok, ok; validate same
  1666, depth 2147483647: Syntax error; decode ok, ok; validate same
