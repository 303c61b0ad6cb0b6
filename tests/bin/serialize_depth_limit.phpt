--TEST--
zser_serialize() writes values past 4,096 levels; zser_unserialize()'s default limit (unserialize_max_depth) refuses what unserialize() refuses, naming the limit; max_depth 0 or the ini at 0 reads them
--EXTENSIONS--
zser
--FILE--
<?php
// Built and released without recursion (tests/inc/bin_deep.inc); PHP's own serialize() and
// unserialize() recurse, which the default 8 MB stack allows at these depths.
require __DIR__ . '/../inc/bin_deep.inc';
gc_disable();
require __DIR__ . '/../inc/bin_compare.inc';

function verdict(array $r): string
{
    return $r['ok'] ?? false ? 'value' : 'refused';
}
function read(string $label, callable $fn): array
{
    $warning = null;
    set_error_handler(function (int $no, string $s) use (&$warning) {
        $warning = $s;
        return true;
    });
    try {
        $v = $fn();
        $r = $v === false ? ['ok' => false, 'msg' => $warning] : ['ok' => true, 'ser' => serialize($v)];
        bin_deep_release($v);
    } catch (Throwable $e) {
        $r = ['ok' => false, 'msg' => get_class($e) . ' ' . $e->getCode() . ': ' . $e->getMessage()];
    } finally {
        restore_error_handler();
    }
    return $r;
}

foreach (['array', 'mixed'] as $kind) {
    foreach ([4095, 4096, 4097, 5000] as $n) {
        // levels counted as unserialize() counts them: $n containers
        $v = bin_deep_build($kind, $n);
        $ser = serialize($v);
        $z = zser_serialize($v);
        bin_deep_release($v);
        $cases = [
            'default' => [[], null],
            'max_depth 0' => [['max_depth' => 0], null],
            "max_depth $n" => [['max_depth' => $n], null],
            'max_depth ' . ($n - 1) => [['max_depth' => $n - 1], null],
            'ini 0' => [[], '0'],
            "ini $n" => [[], (string)$n],
        ];
        $out = [];
        foreach ($cases as $label => [$opts, $ini]) {
            if ($ini !== null) {
                ini_set('unserialize_max_depth', $ini);
            }
            $ref = read($label, fn () => unserialize($ser, $opts));
            $got = read($label, fn () => zser_unserialize($z, $opts));
            ini_restore('unserialize_max_depth');
            $same = $ref['ok'] === $got['ok'] && (!$ref['ok'] || $ref['ser'] === $got['ser']);
            $out[] = "$label " . verdict($got) . ($same ? '' : ' (unserialize(): ' . verdict($ref) . ')');
        }
        echo "$kind $n: ", implode(', ', $out), "\n";
        if ($n === 4097) {
            // the refusal names the limit and how to raise it, as a warning or as the exception
            echo '  ', read('', fn () => zser_unserialize($z))['msg'], "\n";
            echo '  ', read('', fn () => zser_unserialize($z, ['throw_on_error' => true]))['msg'], "\n";
            ini_set('unserialize_max_depth', '100');
            echo '  ', read('', fn () => zser_unserialize($z))['msg'], "\n";
            ini_restore('unserialize_max_depth');
        }
    }
}
?>
--EXPECTF--
array 4095: default value, max_depth 0 value, max_depth 4095 value, max_depth 4094 refused, ini 0 value, ini 4095 value
array 4096: default value, max_depth 0 value, max_depth 4096 value, max_depth 4095 refused, ini 0 value, ini 4096 value
array 4097: default refused, max_depth 0 value, max_depth 4097 value, max_depth 4096 refused, ini 0 value, ini 4097 value
  zser_unserialize(): maximum depth of 4096 exceeded at offset %d of %d bytes; raise the limit with zser_unserialize()'s max_depth option or the unserialize_max_depth ini setting (0: none)
  ZserException 20: maximum depth of 4096 exceeded at offset %d of %d bytes; raise the limit with zser_unserialize()'s max_depth option or the unserialize_max_depth ini setting (0: none)
  zser_unserialize(): maximum depth of 100 exceeded at offset %d of %d bytes; raise the limit with zser_unserialize()'s max_depth option or the unserialize_max_depth ini setting (0: none)
array 5000: default refused, max_depth 0 value, max_depth 5000 value, max_depth 4999 refused, ini 0 value, ini 5000 value
mixed 4095: default value, max_depth 0 value, max_depth 4095 value, max_depth 4094 refused, ini 0 value, ini 4095 value
mixed 4096: default value, max_depth 0 value, max_depth 4096 value, max_depth 4095 refused, ini 0 value, ini 4096 value
mixed 4097: default refused, max_depth 0 value, max_depth 4097 value, max_depth 4096 refused, ini 0 value, ini 4097 value
  zser_unserialize(): maximum depth of 4096 exceeded at offset %d of %d bytes; raise the limit with zser_unserialize()'s max_depth option or the unserialize_max_depth ini setting (0: none)
  ZserException 20: maximum depth of 4096 exceeded at offset %d of %d bytes; raise the limit with zser_unserialize()'s max_depth option or the unserialize_max_depth ini setting (0: none)
  zser_unserialize(): maximum depth of 100 exceeded at offset %d of %d bytes; raise the limit with zser_unserialize()'s max_depth option or the unserialize_max_depth ini setting (0: none)
mixed 5000: default refused, max_depth 0 value, max_depth 5000 value, max_depth 4999 refused, ini 0 value, ini 5000 value
