dnl zser_capi_demo: a minimal third-party extension that uses zser's C API from the
dnl installed ext/zser/php_zser.h, the way a Redis or Memcached client would.
PHP_ARG_ENABLE([zser_capi_demo], [whether to enable zser_capi_demo], [AS_HELP_STRING([--enable-zser-capi-demo], [Enable the zser C API demo])], [yes])
if test "$PHP_ZSER_CAPI_DEMO" != "no"; then
  PHP_NEW_EXTENSION(zser_capi_demo, zser_capi_demo.c, $ext_shared)
  PHP_ADD_EXTENSION_DEP(zser_capi_demo, zser)
fi
