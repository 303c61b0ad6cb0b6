--TEST--
zser_unserialize() throw_on_error: ZserException with reason and offset instead of false and a warning
--EXTENSIONS--
zser
--FILE--
<?php
$good = zser_serialize(['a' => [1, 2], 'o' => new stdClass]);
$bad = substr($good, 0, -1);
var_dump(is_subclass_of('ZserException', 'Exception'));
// A valid blob: same value, no exception, with either setting.
var_dump(zser_unserialize($good, ['throw_on_error' => true]) == zser_unserialize($good));
var_dump(zser_unserialize($good, ['throw_on_error' => false]) == zser_unserialize($good));
// The warning and the exception name the same reason and offset.
$warning = null;
set_error_handler(function ($no, $str) use (&$warning) { $warning = [$no, $str]; return true; });
var_dump(zser_unserialize($bad));
restore_error_handler();
try {
    zser_unserialize($bad, ['throw_on_error' => true]);
    echo "no exception\n";
} catch (ZserException $e) {
    echo get_class($e), "\n";
    var_dump(is_int($e->getCode()));
    $wmsg = preg_replace('/^zser_unserialize\(\): /', '', $warning[1]);
    var_dump($warning[0] === E_WARNING, $e->getMessage() === $wmsg);
    var_dump((bool)preg_match('/offset (\d+)/', $e->getMessage(), $m), (int)$m[1] <= strlen($bad));
    var_dump($e->getPrevious());
}
// No warning is raised in throw mode.
set_error_handler(function ($no, $str) { echo "unexpected diagnostic: $str\n"; return true; });
foreach (['', 'x', "\x00", $bad, $good . "\x00"] as $input) {
    try {
        zser_unserialize($input, ['throw_on_error' => true]);
        echo "no exception\n";
    } catch (ZserException $e) {
        echo "ZserException\n";
    }
}
restore_error_handler();
// The option is a bool: other types are refused the way unserialize() refuses bad option types.
foreach ([1, 'yes', [1], null] as $notBool) {
    try {
        zser_unserialize($good, ['throw_on_error' => $notBool]);
        echo "accepted\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// Exceptions that are not format errors keep their own class in throw mode.
class Boom { public function __wakeup() { throw new DomainException('boom'); } }
try {
    zser_unserialize(zser_serialize(new Boom), ['throw_on_error' => true]);
} catch (Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
bool(true)
bool(true)
bool(true)
bool(false)
ZserException
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
ZserException
ZserException
ZserException
ZserException
ZserException
TypeError: zser_unserialize(): Option "throw_on_error" must be of type bool, int given
TypeError: zser_unserialize(): Option "throw_on_error" must be of type bool, string given
TypeError: zser_unserialize(): Option "throw_on_error" must be of type bool, array given
TypeError: zser_unserialize(): Option "throw_on_error" must be of type bool, null given
DomainException: boom
