--TEST--
zser_unserialize() of a blob naming a class that forbids unserialization throws like unserialize(), running the same destructors
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
// Blobs of a stand-in class, renamed in place to the forbidden name (same length).
class Closurx { public $a = 1; }
class Generatox { }
class SplFileInfx { }
class MagicPlaix { public $id = 'x'; }
foreach (['Closurx' => 'Closure', 'Generatox' => 'Generator', 'SplFileInfx' => 'SplFileInfo'] as $stand => $real) {
    $v = [new MagicPlain('before'), new $stand, new MagicPlain('after')];
    $ser = str_replace("\"$stand\"", "\"$real\"", serialize($v));
    $blob = str_replace($stand, $real, zser_serialize($v));
    bin_log_take();
    $rr = bin_run(fn () => unserialize($ser));
    gc_collect_cycles();
    $refLog = bin_log_take();
    $zr = bin_run(fn () => zser_unserialize($blob));
    gc_collect_cycles();
    // unserialize() runs the destructors of the objects it completed before the refusal, and
    // so does zser (tests/bin/unserialize_failure_destructors.phpt)
    $log = bin_log_take();
    echo "$real: ", $zr['ex'], "\n  same as unserialize(): ", var_export($zr['ex'] === $rr['ex'] && $zr['diag'] === $rr['diag'], true),
        ', same destructors: ', var_export($log === $refLog, true), ' (', implode(', ', $log), ")\n";
}
?>
--EXPECT--
Closure: Exception: Unserialization of 'Closure' is not allowed
  same as unserialize(): true, same destructors: true (destruct MagicPlain('before'))
Generator: Exception: Unserialization of 'Generator' is not allowed
  same as unserialize(): true, same destructors: true (destruct MagicPlain('before'))
SplFileInfo: Exception: Unserialization of 'SplFileInfo' is not allowed
  same as unserialize(): true, same destructors: true (destruct MagicPlain('before'))
