dnl zser: phpize build. The module is the ext/ sources below plus the part of the PHP-free core
dnl (../core) that the extension calls; of the core's readers of other formats only the
dnl igbinary one is linked, with the value tree it builds, for zser_unserialize()'s
dnl read_legacy option; the others serve the CLI only (docs/INTERNALS.md §1).
dnl A new source file is added to one of these lists.

PHP_ARG_ENABLE([zser],
  [whether to enable zser],
  [AS_HELP_STRING([--enable-zser], [Enable zser (jsond_* and zser_* functions)])],
  [yes])

if test "$PHP_ZSER" != "no"; then
  zser_ext_sources="apcu.c bin.c bin_decode.c bin_decode_cache.c bin_decode_objects.c bin_legacy.c \
    bin_encode.c bin_encode_objects.c bin_key_memo.c bin_sleep.c json.c json_decode.c \
    json_encode.c json_lines.c json_members.c json_override.c json_pointer.c json_stream.c \
    session.c zser.c zser_alloc.c"
  zser_core_sources="zs_alloc.c zs_buf.c zs_dtoa.c zs_grow.c zs_igbin_read.c zs_json_lex.c \
    zs_json_scan.c zs_json_stream.c zs_json_valid.c zs_prefault.c zs_shape_memo.c zs_sort.c zs_strtod.c \
    zs_tree.c zs_utf8.c zs_wire.c zs_wire_read.c"

  AC_MSG_CHECKING([for APCu serializer API])
  if test -f "$phpincludedir/ext/apcu/apc_serializer.h"; then
    AC_DEFINE([HAVE_APCU_SUPPORT], [1], [Register zser as an APCu serializer])
    AC_MSG_RESULT([yes])
  else
    AC_MSG_RESULT([no])
  fi

  zser_cflags="-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -fvisibility=hidden"
  dnl Calls into PHP (emalloc, the hash functions) go through the GOT instead of a PLT stub:
  dnl one jump less per call, which small values feel (docs/INTERNALS.md §2 has the figure).
  dnl The symbols are then bound when the module loads; all of them are PHP's or a required
  dnl module's.
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
