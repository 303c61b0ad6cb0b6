--TEST--
phpinfo() of zser names the PHP the module was built for (the running one) and the builds CI tests
--EXTENSIONS--
zser
--FILE--
<?php
ob_start();
(new ReflectionExtension('zser'))->info();
$info = ob_get_clean();
preg_match('/^Built for => (.*)$/m', $info, $m);
$running = 'PHP ' . PHP_VERSION . ', ' . (ZEND_THREAD_SAFE ? 'ZTS' : 'NTS') . (ZEND_DEBUG_BUILD ? ', debug' : '');
echo $m[1] === $running ? "built for the running PHP\n" : "built for $m[1], running $running\n";
preg_match('/^Tested by CI on => (.*)$/m', $info, $m);
echo $m[1], "\n";
?>
--EXPECT--
built for the running PHP
PHP 8.2 (release NTS, debug ZTS) and 8.4; written for 8.3 and 8.5 but not tested on them
