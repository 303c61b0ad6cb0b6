--TEST--
zser_unserialize: a typed property made a reference from inside its own value, then refused or cut short, fails like unserialize() and frees the object cleanly
--EXTENSIONS--
zser
--FILE--
<?php
// A value that refers back to the property holding it turns that property into a reference
// before the property's type is checked (when the value ends). When the value is refused, or
// the input ends inside it, the half-built object is freed with the reference still in the
// property; the engine's debug build asserts then that the property is among the reference's
// type sources.
require __DIR__ . '/../inc/bin_compare.inc';

class In
{
    public $x = 1;
}
class Typed
{
    public int $n = 0;
    public In $o;
}
class Loose
{
    public $n = 0;
    public $o;
}

// the same graphs for the untyped class, renamed to the typed one
function typed_pair(Loose $v): array
{
    return [str_replace('Loose', 'Typed', zser_serialize($v)), str_replace('O:5:"Loose"', 'O:5:"Typed"', serialize($v))];
}

// a list in an In property, holding a reference to that property; a reference to the int
// property before it
$self = new Loose;
$self->o = [1];
$self->o[] = &$self->o;
$scalar = new Loose;
$scalar->n = 5;
$scalar->o = &$scalar->n;
foreach (['list holding its own property' => $self, 'int shared with another property' => $scalar] as $what => $v) {
    [$blob, $ser] = typed_pair($v);
    $z = bin_run(fn () => zser_unserialize($blob));
    $p = bin_run(fn () => unserialize($ser));
    echo $what, ': ', bin_same_outcome($what, 'unserialize', $p, $z) && $z['value'] === $p['value'] ? 'as unserialize()' : 'DIFFERENT', ' (', $z['ex'], ")\n";
    // every cut: false and one warning (the format is prefix-free), or the refusal above when
    // the cut comes after the value the type refuses
    $odd = [];
    for ($n = 1; $n < strlen($blob); $n++) {
        $c = bin_run(fn () => zser_unserialize(substr($blob, 0, $n)));
        if (!(($c['value'] === false && count($c['diag']) === 1 && $c['ex'] === null) || $c['ex'] === $z['ex'])) {
            $odd[] = $n;
        }
    }
    echo '  ', strlen($blob) - 1, ' cuts: ', $odd ? 'unexpected at ' . implode(', ', $odd) : 'each fails cleanly', "\n";
}
?>
--EXPECT--
list holding its own property: as unserialize() (TypeError: Cannot assign array to property Typed::$o of type In)
  18 cuts: each fails cleanly
int shared with another property: as unserialize() (TypeError: Cannot assign int to property Typed::$o of type In)
  16 cuts: each fails cleanly
