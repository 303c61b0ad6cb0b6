<?php
// zser — SPDX-License-Identifier: MIT
//
// Every file of JSONTestSuite (test_parsing: y_/n_/i_ cases, test_transform) decoded by
// json_decode() and jsond_decode() with several assoc/depth/flag sets, and checked with
// jsond_validate() against json_decode()'s verdict. Compared exactly: serialize() of the
// values, error codes and messages, exceptions, last-error state afterwards.
// The suite is read from <repo>/../shared/test-data (or <repo>/../../shared/test-data when
// the repository is a worktree one level deeper), or from $ZSER_SHARED_DIR.

$repo = dirname(__DIR__, 2);
$candidates = array_filter([getenv('ZSER_SHARED_DIR') ?: null, "$repo/../shared", "$repo/../../shared"]);
$base = null;
foreach ($candidates as $c) {
    if (is_dir("$c/test-data/JSONTestSuite/test_parsing")) { $base = "$c/test-data/JSONTestSuite"; break; }
}
if ($base === null) {
    fwrite(STDERR, "JSONTestSuite not found beside the repository (looked in: " . implode(', ', $candidates) . ")\n");
    exit(1);
}
$files = array_merge(glob("$base/test_parsing/*.json"), glob("$base/test_transform/*.json"));
if (count($files) < 300) {
    fwrite(STDERR, "JSONTestSuite looks incomplete: " . count($files) . " files\n");
    exit(1);
}

// ZSER_JSON_DIFF_MODE: rerun through json_* with zser.json_override=1 (stage diff-override).
require __DIR__ . '/../inc/json_diff_ref.php';

function run(callable $f): array {
    try {
        return ['ok', serialize($f())];
    } catch (Throwable $t) {
        return ['ex', get_class($t), $t->getCode(), str_replace('jsond_', 'json_', $t->getMessage())];
    }
}

$flagSets = [0, JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR,
    JSON_OBJECT_AS_ARRAY | JSON_BIGINT_AS_STRING | JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_IGNORE | JSON_BIGINT_AS_STRING];
$cases = 0;
$failed = 0;
$accepted = ['y' => 0, 'n' => 0, 'i' => 0, 't' => 0];
foreach ($files as $file) {
    $s = file_get_contents($file);
    $kind = basename(dirname($file)) === 'test_transform' ? 't' : basename($file)[0];
    foreach ([null, true, false] as $assoc) {
        foreach ($flagSets as $flags) {
            foreach ([512, 2, 2147483647] as $depth) {
                $key = basename($file) . ' ' . var_export($assoc, true) . " $flags $depth";
                $a = jdiff_reference($key, function () use ($s, $assoc, $depth, $flags) {
                    json_decode('[', true);
                    $a = run(fn() => json_decode($s, $assoc, $depth, $flags));
                    array_push($a, json_last_error(), json_last_error_msg());
                    return $a;
                });
                jsond_decode('[', true);
                $b = run(fn() => jdiff_zser('jsond_decode')($s, $assoc, $depth, $flags));
                array_push($b, jsond_last_error(), jsond_last_error_msg());
                $cases++;
                if ($a !== $b) {
                    $failed++;
                    fwrite(STDERR, "MISMATCH " . basename($file) . " assoc=" . var_export($assoc, true) . " depth=$depth flags=$flags\n"
                        . "json_*:  " . var_export($a, true) . "\njsond_*: " . var_export($b, true) . "\n");
                }
            }
        }
    }
    foreach ([0, JSON_INVALID_UTF8_IGNORE] as $flags) {
        $a = jdiff_reference(basename($file) . " validate $flags", function () use ($s, $flags) {
            json_decode('1');
            json_decode($s, true, 512, $flags);
            return [$s !== '' && json_last_error() === 0, json_last_error(), json_last_error_msg()];
        });
        jsond_decode('1');
        $b = [jdiff_zser('jsond_validate')($s, 512, $flags), jsond_last_error(), jsond_last_error_msg()];
        $cases++;
        if ($a !== $b) {
            $failed++;
            fwrite(STDERR, "VALIDATE MISMATCH " . basename($file) . " flags=$flags: " . var_export([$a, $b], true) . "\n");
        }
    }
    if (json_decode($s, true) !== null || json_last_error() === 0) $accepted[$kind]++;
}
printf("JSONTestSuite diff: %d files, %d cases, %d failed (ext/json accepts y:%d n:%d i:%d t:%d)\n",
    count($files), $cases, $failed, $accepted['y'], $accepted['n'], $accepted['i'], $accepted['t']);
exit($failed ? 1 : 0);
