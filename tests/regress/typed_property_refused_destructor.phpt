--TEST--
A value a typed property refuses is released after the decoder has let go of the graph: its destructor, writing through a reference that holds the only copy of the object, frees nothing the decoder still uses
--EXTENSIONS--
zser
--FILE--
<?php
// The 32-byte blob (found by fuzz_bin_struct): the root is a reference holding an object of
// FzTyped, whose typed array "l" gets an object of FzDtor, whose "v" is that same reference.
// The type check refuses the FzDtor, and its destructor assigns to "v": the reference lets
// go of the FzTyped, its only holder. unserialize() of the same graph
// (O:7:"FzTyped":1:{s:1:"l";O:6:"FzDtor":1:{s:1:"v";R:1;}}) writes into the freed object
// afterwards; zser_unserialize() fails cleanly (CI runs the phpt suite under valgrind with
// USE_ZEND_ALLOC=0, and the blob is a fuzz regression input under ASan).
class FzTyped { public array $l = []; public $a; }
class FzDtor { public $v; public $a;
    public function __destruct() { echo "FzDtor::__destruct\n"; $this->v = 'gone'; } }
$blob = hex2bin('5a81d147467a547970656402416c4161d146467a44746f7202417662d7000000');
set_error_handler(function ($no, $msg) { echo "warning: $msg\n"; return true; });
// as unserialize(): a TypeError, after the destructor has run
foreach ([[], [], [], ['throw_on_error' => true]] as $options) {
    try {
        var_dump(zser_unserialize($blob, $options));
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// the same shape with a value the type accepts decodes
$t = new FzTyped;
$t->l = [1];
var_dump(zser_unserialize(zser_serialize($t)) == $t);
?>
--EXPECT--
FzDtor::__destruct
TypeError: Cannot assign FzDtor to property FzTyped::$l of type array
FzDtor::__destruct
TypeError: Cannot assign FzDtor to property FzTyped::$l of type array
FzDtor::__destruct
TypeError: Cannot assign FzDtor to property FzTyped::$l of type array
FzDtor::__destruct
TypeError: Cannot assign FzDtor to property FzTyped::$l of type array
bool(true)
