<?php
// zser — SPDX-License-Identifier: MIT
//
// Shared by tests/json/encode_*.phpt: runs json_encode() and jsond_encode() on the same
// value, flags and depth, and compares the output (or false), the last-error code and
// message of each family, and any exception (class, message, code, previous class).

function enc_outcome(string $fn, mixed $v, int $flags, int $depth): array
{
    try {
        $out = $fn($v, $flags, $depth);
        $ex = null;
    } catch (Throwable $e) {
        $out = null;
        $ex = [get_class($e), $e->getMessage(), $e->getCode(),
            $e->getPrevious() ? get_class($e->getPrevious()) : null];
    }
    $last = $fn === 'json_encode' ? [json_last_error(), json_last_error_msg()]
        : [jsond_last_error(), jsond_last_error_msg()];
    return [$out, $last, $ex];
}

// Prints "<label>: ok (<n> cases)" when every case agrees, else the first differences.
function enc_check(string $label, array $values, array $flagSets = [0], array $depths = [512]): void
{
    $n = 0;
    $bad = 0;
    foreach ($values as $k => $v) {
        foreach ($flagSets as $flags) {
            foreach ($depths as $depth) {
                $n++;
                $ref = enc_outcome('json_encode', $v, $flags, $depth);
                $got = enc_outcome('jsond_encode', $v, $flags, $depth);
                if ($ref !== $got) {
                    if (++$bad <= 3) {
                        echo "MISMATCH $label value #$k flags=$flags depth=$depth\n";
                        echo "  json_encode:  ", var_export($ref, true), "\n";
                        echo "  jsond_encode: ", var_export($got, true), "\n";
                    }
                }
            }
        }
    }
    echo $label, ': ', $bad ? "$bad of $n differ" : "ok ($n cases)", "\n";
}

// Every subset of the given flags.
function enc_flag_subsets(array $flags): array
{
    $out = [];
    $count = count($flags);
    for ($m = 0; $m < (1 << $count); $m++) {
        $f = 0;
        for ($i = 0; $i < $count; $i++) {
            if ($m & (1 << $i)) {
                $f |= $flags[$i];
            }
        }
        $out[] = $f;
    }
    return $out;
}
