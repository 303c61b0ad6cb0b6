--TEST--
zser_unserialize() of an enum case or enum that no longer exists fails like unserialize(): false and one warning
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
enum Color { case Red; case Blue; }
enum Colos { case Red; }
class Colox {}
// Rename inside the blob (same length): case gone, enum gone, class that is not an enum.
foreach (['case gone' => ['Color', 'Colos'], 'enum gone' => ['Color', 'Nopex'], 'not an enum' => ['Color', 'Colox']] as $label => [$from, $to]) {
    $blob = str_replace($from, $to, zser_serialize([Color::Blue]));
    $r = bin_run(fn () => zser_unserialize($blob));
    $warnings = array_filter($r['diag'], fn ($d) => str_starts_with($d, E_WARNING . ':'));
    echo "$label: ", var_export($r['value'], true), ', ', count($r['diag']), ' diagnostic(s), ', count($warnings), ' warning(s), ',
        'offset named: ', var_export((bool)preg_match('/offset \d+/', implode(' ', $warnings)), true), "\n";
}
?>
--EXPECT--
case gone: false, 1 diagnostic(s), 1 warning(s), offset named: true
enum gone: false, 1 diagnostic(s), 1 warning(s), offset named: true
not an enum: false, 1 diagnostic(s), 1 warning(s), offset named: true
