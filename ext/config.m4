dnl zser: phpize build. Every .c file in ext/ and in ../core/ is part of the module,
dnl so adding a source file needs no change here (the core is PHP-free C99).

PHP_ARG_ENABLE([zser],
  [whether to enable zser],
  [AS_HELP_STRING([--enable-zser], [Enable zser (jsond_* and zser_* functions)])],
  [yes])

if test "$PHP_ZSER" != "no"; then
  zser_ext_sources=`cd "$abs_srcdir" && echo *.c`
  zser_core_sources=`cd "$abs_srcdir/../core" && echo *.c`

  AC_MSG_CHECKING([for APCu serializer API])
  if test -f "$phpincludedir/ext/apcu/apc_serializer.h"; then
    AC_DEFINE([HAVE_APCU_SUPPORT], [1], [Register zser as an APCu serializer])
    AC_MSG_RESULT([yes])
  else
    AC_MSG_RESULT([no])
  fi

  zser_cflags="-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -fvisibility=hidden"
  dnl Calls into PHP (emalloc, the hash functions) go through the GOT instead of a PLT stub:
  dnl one jump less per call, measured 7% of zser_serialize() of a small array. The symbols
  dnl are then bound when the module loads; all of them are PHP's or a required module's.
  AX_CHECK_COMPILE_FLAG([-fno-plt], [zser_cflags="$zser_cflags -fno-plt"])
  dnl PHP compiles itself with -D_REENTRANT when thread-safe, and php_basic_globals holds a
  dnl member only under that macro: without it BG(unserialize_max_depth) reads another field.
  dnl phpize neither records nor passes the macro, so the module defines it as PHP did.
  if test "$PHP_THREAD_SAFETY" = "yes"; then
    zser_cflags="$zser_cflags -D_REENTRANT"
  fi

  PHP_NEW_EXTENSION(zser, $zser_ext_sources, $ext_shared,, $zser_cflags)
  dnl The core sits beside ext/, so its objects are added with their own directory.
  PHP_ADD_SOURCES_X([../core], [$zser_core_sources], [$zser_cflags],
    [shared_objects_zser], [yes])
  PHP_ADD_BUILD_DIR([$ext_builddir/../core])
  PHP_ADD_INCLUDE([$ext_srcdir/../core])
  PHP_ADD_EXTENSION_DEP(zser, json)
  PHP_INSTALL_HEADERS([ext/zser], [php_zser.h])
fi
