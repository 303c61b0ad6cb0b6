--TEST--
zser_unserialize() of a flat blob inside Serializable::unserialize(): a list still counts on from the outer call's depth, as with unserialize()
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// The blob the inner call reads is made outside any serialize(), so it carries no nested flag
// and is flat (one list, or one scalar): the inner call still continues the outer one's depth.
class Inner implements Serializable
{
    public static string $blob = '';
    public static string $fn = '';
    public $v;
    public function serialize() { return 'x'; }
    public function unserialize($d) { $this->v = (self::$fn)(self::$blob); }
}

foreach (['list' => [1, 2], 'scalar' => 42, 'empty list' => []] as $label => $value) {
    foreach ([2, 3] as $depth) {
        $got = [];
        foreach (['unserialize', 'zser_unserialize'] as $fn) {
            Inner::$fn = $fn;
            Inner::$blob = $fn === 'unserialize' ? serialize($value) : zser_serialize($value);
            $outer = $fn === 'unserialize' ? serialize([[new Inner]]) : zser_serialize([[new Inner]]);
            $r = @$fn($outer, ['max_depth' => $depth]);
            $got[] = $r === false ? 'false' : json_encode($r[0][0]->v);
        }
        printf("%s, max_depth %d: unserialize %s, zser %s%s\n", $label, $depth, $got[0], $got[1],
            $got[0] === $got[1] ? '' : ' DIFFER');
    }
}
?>
--EXPECT--
list, max_depth 2: unserialize false, zser false
list, max_depth 3: unserialize [1,2], zser [1,2]
scalar, max_depth 2: unserialize 42, zser 42
scalar, max_depth 3: unserialize 42, zser 42
empty list, max_depth 2: unserialize [], zser []
empty list, max_depth 3: unserialize [], zser []
