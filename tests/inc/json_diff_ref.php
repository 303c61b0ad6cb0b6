<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * Reference and subject calls for the JSON differential suites (tests/diff/json_*.php), so that
 * one suite runs twice:
 *   - as written: zser's jsond_* against ext/json's json_* in the same process;
 *   - through the json_* names with zser.json_override=1, where json_* ARE zser and ext/json
 *     can no longer be called: the reference results then come from a first pass of the same
 *     suite with the same seed, recorded to a file (stage diff-override runs both passes).
 *
 *   $want = jdiff_reference('encode', [$value, $flags, $depth]);   // ext/json
 *   $got  = jdiff_zser('encode', [$value, $flags, $depth]);        // zser
 *   if ($want !== $got) { ...print seed, flags, input... }
 *
 * $fn is 'encode', 'decode' or 'validate'; $args are the json_* arguments. Both return the
 * whole observable outcome: ['ret' => serialize(return value)] or ['exc' => "Class: message
 * #code"], plus 'err' => json_last_error() and 'msg' => json_last_error_msg() as seen right
 * after the call (jsond_last_error*() for the zser side outside the override).
 *
 * Mode, from the environment variable ZSER_JSON_DIFF_MODE:
 *   unset             in-process, as written;
 *   record:FILE       as unset, and every reference outcome is appended to FILE;
 *   replay:FILE       needs zser.json_override=1: references are read back from FILE in order,
 *                     zser is called through the json_* names, and each outcome also checks
 *                     that the call reached zser (jsond_last_error() follows json_last_error()).
 * A suite that uses these helpers must draw the same cases in the same order for one seed.
 */

function jdiff_outcome(callable $call, callable $lastError, callable $lastMsg): array
{
    try {
        $out = ['ret' => serialize($call())];
    } catch (Throwable $e) {
        $out = ['exc' => get_class($e) . ': ' . $e->getMessage() . ' #' . $e->getCode()];
    }
    $out['err'] = $lastError();
    $out['msg'] = $lastMsg();
    return $out;
}

/* [mode, file handle] for this process, opened on first use. */
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
    if ($mode === 'record') {
        $fh = fopen($file, 'wb');
    } elseif ($mode === 'replay') {
        if (ini_get('zser.json_override') !== '1') {
            fwrite(STDERR, "ZSER_JSON_DIFF_MODE=replay needs -d zser.json_override=1\n");
            exit(2);
        }
        $fh = fopen($file, 'rb');
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

/* ext/json's outcome for json_$fn(...$args). */
function jdiff_reference(string $fn, array $args): array
{
    [$mode, $fh] = jdiff_state();
    // The key ties each recorded outcome to its case, so a pass that drew other cases fails
    // loudly instead of comparing unrelated results.
    $key = md5($fn . serialize($args));
    if ($mode === 'replay') {
        $line = fgets($fh);
        $rec = $line === false ? null : unserialize(base64_decode($line));
        if (!is_array($rec) || $rec['key'] !== $key) {
            fwrite(STDERR, "replay out of step at json_$fn: the recorded pass drew other cases\n");
            exit(2);
        }
        return $rec['out'];
    }
    $out = jdiff_outcome(fn() => ('json_' . $fn)(...$args), 'json_last_error', 'json_last_error_msg');
    if ($mode === 'record') {
        fwrite($fh, base64_encode(serialize(['key' => $key, 'out' => $out])) . "\n");
    }
    return $out;
}

/* zser's outcome for the same call: jsond_$fn, or json_$fn under the override. */
function jdiff_zser(string $fn, array $args): array
{
    [$mode] = jdiff_state();
    if ($mode !== 'replay') {
        return jdiff_outcome(fn() => ('jsond_' . $fn)(...$args), 'jsond_last_error', 'jsond_last_error_msg');
    }
    $out = jdiff_outcome(fn() => ('json_' . $fn)(...$args), 'json_last_error', 'json_last_error_msg');
    if (jsond_last_error() !== $out['err'] || jsond_last_error_msg() !== $out['msg']) {
        $out['not_zser'] = 'json_' . $fn . ' did not reach zser: jsond_last_error() = ' . jsond_last_error();
    }
    return $out;
}
