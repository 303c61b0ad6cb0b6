<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * Lets a JSON differential suite (tests/diff/json_*.php) run a second time through the json_*
 * names with zser.json_override=1. With the override on, json_* ARE zser and ext/json cannot be
 * called in that process, so ext/json's outcomes come from a first pass of the same suite with
 * the same seed, recorded to a file. Stage diff-override runs both passes.
 *
 * In a suite, wrap each ext/json computation and name zser's functions through jdiff_zser():
 *
 *   require __DIR__ . '/../inc/json_diff_ref.php';
 *   $a = jdiff_reference("$case", fn() => run(fn() => json_decode($s, $assoc, $depth, $flags)));
 *   $b = run(fn() => jdiff_zser('jsond_decode')($s, $assoc, $depth, $flags));
 *
 * jdiff_reference($key, $compute) returns $compute()'s result (any serializable value), and
 * jdiff_zser('jsond_x') returns the name to call for zser's side. $key names the case; a replay
 * that reaches a different key stops with an error instead of comparing unrelated results.
 *
 * Mode, from the environment variable ZSER_JSON_DIFF_MODE:
 *   unset           as written: $compute() runs, jdiff_zser() returns the jsond_* name;
 *   record:FILE     as unset, and every reference result is appended to FILE;
 *   replay:FILE     needs zser.json_override=1: reference results are read back from FILE in
 *                   order, jdiff_zser() returns the json_* name (jsond_validate stays itself
 *                   where PHP has no json_validate), and the process first checks that the
 *                   json_* names really reach zser.
 * The suite must draw the same cases in the same order for one seed; $compute must not touch
 * the random generator.
 */

/* Null when json_encode/json_decode/json_validate/json_last_error(_msg) run zser, else why not.
 * zser's error state is primed with a syntax error through jsond_decode(); a json_* call that
 * runs ext/json leaves it there. */
function jdiff_override_problem(): ?string
{
    $calls = [['json_encode', [1]], ['json_decode', ['1']]];
    if (function_exists('json_validate')) {
        $calls[] = ['json_validate', ['1']];
    }
    foreach ($calls as [$fn, $args]) {
        jsond_decode('[');
        $fn(...$args);
        if (jsond_last_error() !== JSON_ERROR_NONE) {
            return "$fn() did not run zser";
        }
    }
    jsond_decode('[');
    if (json_last_error() !== JSON_ERROR_SYNTAX || json_last_error_msg() !== 'Syntax error') {
        return 'json_last_error()/json_last_error_msg() do not report zser\'s state';
    }
    jsond_decode('1');
    return null;
}

/* [mode, file handle] of this process, set up on first use. */
function jdiff_state(): array
{
    static $state = null;
    if ($state !== null) {
        return $state;
    }
    $spec = getenv('ZSER_JSON_DIFF_MODE') ?: '';
    if ($spec === '') {
        return $state = ['inline', null];
    }
    [$mode, $file] = explode(':', $spec, 2) + [1 => ''];
    if ($mode === 'replay') {
        if (ini_get('zser.json_override') !== '1') {
            fwrite(STDERR, "ZSER_JSON_DIFF_MODE=replay needs -d zser.json_override=1\n");
            exit(2);
        }
        if (($why = jdiff_override_problem()) !== null) {
            fwrite(STDERR, "zser.json_override=1 is not in effect: $why\n");
            exit(2);
        }
        $fh = fopen($file, 'rb');
    } elseif ($mode === 'record') {
        $fh = fopen($file, 'wb');
    } else {
        fwrite(STDERR, "ZSER_JSON_DIFF_MODE must be record:FILE or replay:FILE\n");
        exit(2);
    }
    if ($fh === false) {
        fwrite(STDERR, "cannot open $file\n");
        exit(2);
    }
    return $state = [$mode, $fh];
}

function jdiff_reference(string $key, callable $compute): mixed
{
    [$mode, $fh] = jdiff_state();
    if ($mode === 'replay') {
        $line = fgets($fh);
        $rec = $line === false ? null : unserialize(base64_decode($line), ['allowed_classes' => false]);
        if (!is_array($rec) || $rec[0] !== $key) {
            fwrite(STDERR, "replay out of step at case '$key': the recording drew other cases\n");
            exit(2);
        }
        return $rec[1];
    }
    $result = $compute();
    if ($mode === 'record') {
        fwrite($fh, base64_encode(serialize([$key, $result])) . "\n");
    }
    return $result;
}

function jdiff_zser(string $jsondName): string
{
    [$mode] = jdiff_state();
    if ($mode !== 'replay') {
        return $jsondName;
    }
    $json = 'json_' . substr($jsondName, strlen('jsond_'));
    return function_exists($json) ? $json : $jsondName;
}
