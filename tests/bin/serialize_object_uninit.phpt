--TEST--
zser keeps uninitialized and unset typed properties uninitialized, and unset untyped ones absent
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class U
{
    public int $never;
    public ?string $maybe;
    public int $set = 1;
    public $untyped = 'u';
    protected int $protNever;
    private array $privNever;
}
$u = new U;
$unset = new U;
unset($unset->set, $unset->untyped);
bin_same_all(['never initialized' => $u, 'unset' => $unset]);
// Reading, testing and then setting the properties behaves the same on both paths.
$probe = function ($z) {
    $out = [];
    foreach (['never', 'maybe', 'set', 'untyped'] as $p) {
        $out[] = bin_run(fn () => [$z->$p, isset($z->$p), property_exists($z, $p)]);
    }
    $out[] = bin_run(function () use ($z) { $z->never = 5; return $z->never; });
    return $out;
};
foreach (['never initialized' => $u, 'unset' => $unset] as $label => $v) {
    echo $label, ': ', var_export($probe(unserialize(serialize($v))) === $probe(zser_unserialize(zser_serialize($v))), true), "\n";
}
?>
--EXPECT--
never initialized: ok
unset: ok
never initialized: true
unset: true
