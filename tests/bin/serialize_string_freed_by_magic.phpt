--TEST--
zser_serialize: a string freed by userland code mid-call (its address then reused) is not mistaken for a new one
--EXTENSIONS--
zser
--FILE--
<?php
// The encoder's string table borrows the strings of the value until userland code can run;
// from then on it must hold them. Here __sleep() / __serialize() free a string already
// written and allocate another of the same size, which PHP's allocator puts at the freed
// address; the two have the same PHP hash ("Ez" and "FY" collide), so only holding the first
// string keeps the second from being taken for it.
class Evil
{
    public $x = 1;
    public function __sleep()
    {
        $GLOBALS['r'] = null;
        $GLOBALS['n'] = str_repeat('FY', 10);
        return ['x'];
    }
}
class EvilData
{
    public function __serialize(): array
    {
        $GLOBALS['r'] = null;
        $GLOBALS['n'] = str_repeat('FY', 10);
        return [];
    }
    public function __unserialize(array $a): void
    {
    }
}
foreach (['Evil', 'EvilData'] as $class) {
    foreach (['zser', 'php'] as $which) {
        $GLOBALS['r'] = str_repeat('Ez', 10);
        $GLOBALS['n'] = 'init';
        $v = [&$GLOBALS['r'], new $class(), &$GLOBALS['n'], ['k' => str_repeat('FY', 10)]];
        $out = $which === 'zser' ? zser_unserialize(zser_serialize($v)) : unserialize(serialize($v));
        echo $class, ' ', $which, ': ', $out[0], ' ', $out[2], ' ', $out[3]['k'], "\n";
        unset($v, $out);
    }
}
?>
--EXPECT--
Evil zser: EzEzEzEzEzEzEzEzEzEz FYFYFYFYFYFYFYFYFYFY FYFYFYFYFYFYFYFYFYFY
Evil php: EzEzEzEzEzEzEzEzEzEz FYFYFYFYFYFYFYFYFYFY FYFYFYFYFYFYFYFYFYFY
EvilData zser: EzEzEzEzEzEzEzEzEzEz FYFYFYFYFYFYFYFYFYFY FYFYFYFYFYFYFYFYFYFY
EvilData php: EzEzEzEzEzEzEzEzEzEz FYFYFYFYFYFYFYFYFYFY FYFYFYFYFYFYFYFYFYFY
