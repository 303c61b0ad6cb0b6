/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: c9f16eb4245571c0fc1755e9ca2446a7f17c7648 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_jsond_encode, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_jsond_decode, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, json, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, associative, _IS_BOOL, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_jsond_validate, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, json, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_jsond_last_error, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_jsond_last_error_msg, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_jsond_last_error_location, 0, 0, IS_ARRAY, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_jsond_pointer_get, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, json, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, pointer, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, associative, _IS_BOOL, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_jsond_pointer_exists, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, json, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, pointer, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_jsond_pointer_count, 0, 2, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, json, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, pointer, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_jsond_decode_lines, 0, 1, JsondLines, 0)
	ZEND_ARG_INFO(0, stream)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, associative, _IS_BOOL, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_jsond_encode_to_stream, 0, 2, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
	ZEND_ARG_INFO(0, stream)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_jsond_decode_stream, 0, 1, JsondStream, 0)
	ZEND_ARG_INFO(0, stream)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, pointer, IS_STRING, 0, "\"\"")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, associative, _IS_BOOL, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_jsond_encode_lines, 0, 2, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_OBJ_TYPE_MASK(0, values, Traversable, MAY_BE_ARRAY, NULL)
	ZEND_ARG_INFO(0, stream)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_zser_serialize, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_zser_unserialize, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_TENTATIVE_RETURN_TYPE_INFO_EX(arginfo_class_JsondSerializable_jsonSerialize, 0, 0, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_JsondLines___construct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_JsondLines_current, 0, 0, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_JsondLines_key arginfo_class_JsondLines_current

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_JsondLines_next, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_JsondLines_valid, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_JsondLines_rewind arginfo_class_JsondLines_next

#define arginfo_class_JsondStream___construct arginfo_class_JsondLines___construct

#define arginfo_class_JsondStream_current arginfo_class_JsondLines_current

#define arginfo_class_JsondStream_key arginfo_class_JsondLines_current

#define arginfo_class_JsondStream_next arginfo_class_JsondLines_next

#define arginfo_class_JsondStream_valid arginfo_class_JsondLines_valid

#define arginfo_class_JsondStream_rewind arginfo_class_JsondLines_next


ZEND_FUNCTION(jsond_encode);
ZEND_FUNCTION(jsond_decode);
ZEND_FUNCTION(jsond_validate);
ZEND_FUNCTION(jsond_last_error);
ZEND_FUNCTION(jsond_last_error_msg);
ZEND_FUNCTION(jsond_last_error_location);
ZEND_FUNCTION(jsond_pointer_get);
ZEND_FUNCTION(jsond_pointer_exists);
ZEND_FUNCTION(jsond_pointer_count);
ZEND_FUNCTION(jsond_decode_lines);
ZEND_FUNCTION(jsond_encode_to_stream);
ZEND_FUNCTION(jsond_decode_stream);
ZEND_FUNCTION(jsond_encode_lines);
ZEND_FUNCTION(zser_serialize);
ZEND_FUNCTION(zser_unserialize);
ZEND_METHOD(JsondLines, __construct);
ZEND_METHOD(JsondLines, current);
ZEND_METHOD(JsondLines, key);
ZEND_METHOD(JsondLines, next);
ZEND_METHOD(JsondLines, valid);
ZEND_METHOD(JsondLines, rewind);
ZEND_METHOD(JsondStream, __construct);
ZEND_METHOD(JsondStream, current);
ZEND_METHOD(JsondStream, key);
ZEND_METHOD(JsondStream, next);
ZEND_METHOD(JsondStream, valid);
ZEND_METHOD(JsondStream, rewind);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(jsond_encode, arginfo_jsond_encode)
	ZEND_FE(jsond_decode, arginfo_jsond_decode)
	ZEND_FE(jsond_validate, arginfo_jsond_validate)
	ZEND_FE(jsond_last_error, arginfo_jsond_last_error)
	ZEND_FE(jsond_last_error_msg, arginfo_jsond_last_error_msg)
	ZEND_FE(jsond_last_error_location, arginfo_jsond_last_error_location)
	ZEND_FE(jsond_pointer_get, arginfo_jsond_pointer_get)
	ZEND_FE(jsond_pointer_exists, arginfo_jsond_pointer_exists)
	ZEND_FE(jsond_pointer_count, arginfo_jsond_pointer_count)
	ZEND_FE(jsond_decode_lines, arginfo_jsond_decode_lines)
	ZEND_FE(jsond_encode_to_stream, arginfo_jsond_encode_to_stream)
	ZEND_FE(jsond_decode_stream, arginfo_jsond_decode_stream)
	ZEND_FE(jsond_encode_lines, arginfo_jsond_encode_lines)
	ZEND_FE(zser_serialize, arginfo_zser_serialize)
	ZEND_FE(zser_unserialize, arginfo_zser_unserialize)
	ZEND_FE_END
};


static const zend_function_entry class_JsondSerializable_methods[] = {
	ZEND_ABSTRACT_ME_WITH_FLAGS(JsondSerializable, jsonSerialize, arginfo_class_JsondSerializable_jsonSerialize, ZEND_ACC_PUBLIC|ZEND_ACC_ABSTRACT)
	ZEND_FE_END
};


static const zend_function_entry class_JsondLines_methods[] = {
	ZEND_ME(JsondLines, __construct, arginfo_class_JsondLines___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(JsondLines, current, arginfo_class_JsondLines_current, ZEND_ACC_PUBLIC)
	ZEND_ME(JsondLines, key, arginfo_class_JsondLines_key, ZEND_ACC_PUBLIC)
	ZEND_ME(JsondLines, next, arginfo_class_JsondLines_next, ZEND_ACC_PUBLIC)
	ZEND_ME(JsondLines, valid, arginfo_class_JsondLines_valid, ZEND_ACC_PUBLIC)
	ZEND_ME(JsondLines, rewind, arginfo_class_JsondLines_rewind, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_JsondStream_methods[] = {
	ZEND_ME(JsondStream, __construct, arginfo_class_JsondStream___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(JsondStream, current, arginfo_class_JsondStream_current, ZEND_ACC_PUBLIC)
	ZEND_ME(JsondStream, key, arginfo_class_JsondStream_key, ZEND_ACC_PUBLIC)
	ZEND_ME(JsondStream, next, arginfo_class_JsondStream_next, ZEND_ACC_PUBLIC)
	ZEND_ME(JsondStream, valid, arginfo_class_JsondStream_valid, ZEND_ACC_PUBLIC)
	ZEND_ME(JsondStream, rewind, arginfo_class_JsondStream_rewind, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_ZserException_methods[] = {
	ZEND_FE_END
};

static void register_zser_symbols(int module_number)
{
	REGISTER_LONG_CONSTANT("JSOND_HEX_TAG", PHP_JSON_HEX_TAG, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_HEX_AMP", PHP_JSON_HEX_AMP, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_HEX_APOS", PHP_JSON_HEX_APOS, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_HEX_QUOT", PHP_JSON_HEX_QUOT, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_FORCE_OBJECT", PHP_JSON_FORCE_OBJECT, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_NUMERIC_CHECK", PHP_JSON_NUMERIC_CHECK, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_UNESCAPED_SLASHES", PHP_JSON_UNESCAPED_SLASHES, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_PRETTY_PRINT", PHP_JSON_PRETTY_PRINT, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_UNESCAPED_UNICODE", PHP_JSON_UNESCAPED_UNICODE, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_PARTIAL_OUTPUT_ON_ERROR", PHP_JSON_PARTIAL_OUTPUT_ON_ERROR, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_PRESERVE_ZERO_FRACTION", PHP_JSON_PRESERVE_ZERO_FRACTION, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_UNESCAPED_LINE_TERMINATORS", PHP_JSON_UNESCAPED_LINE_TERMINATORS, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_OBJECT_AS_ARRAY", PHP_JSON_OBJECT_AS_ARRAY, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_BIGINT_AS_STRING", PHP_JSON_BIGINT_AS_STRING, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_INVALID_UTF8_IGNORE", PHP_JSON_INVALID_UTF8_IGNORE, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_INVALID_UTF8_SUBSTITUTE", PHP_JSON_INVALID_UTF8_SUBSTITUTE, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_THROW_ON_ERROR", PHP_JSON_THROW_ON_ERROR, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_NONE", PHP_JSON_ERROR_NONE, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_DEPTH", PHP_JSON_ERROR_DEPTH, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_STATE_MISMATCH", PHP_JSON_ERROR_STATE_MISMATCH, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_CTRL_CHAR", PHP_JSON_ERROR_CTRL_CHAR, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_SYNTAX", PHP_JSON_ERROR_SYNTAX, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_UTF8", PHP_JSON_ERROR_UTF8, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_RECURSION", PHP_JSON_ERROR_RECURSION, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_INF_OR_NAN", PHP_JSON_ERROR_INF_OR_NAN, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_UNSUPPORTED_TYPE", PHP_JSON_ERROR_UNSUPPORTED_TYPE, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_INVALID_PROPERTY_NAME", PHP_JSON_ERROR_INVALID_PROPERTY_NAME, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_UTF16", PHP_JSON_ERROR_UTF16, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_NON_BACKED_ENUM", PHP_JSON_ERROR_NON_BACKED_ENUM, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_POINTER_NOT_FOUND", ZSER_JSON_ERROR_POINTER_NOT_FOUND, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_POINTER_NOT_CONTAINER", ZSER_JSON_ERROR_POINTER_NOT_CONTAINER, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_LINES_SKIP_INVALID", ZSER_JSON_LINES_SKIP_INVALID, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ERROR_LOCATION", ZSER_JSON_ERROR_LOCATION, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ALLOW_COMMENTS", ZSER_JSON_ALLOW_COMMENTS, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("JSOND_ALLOW_TRAILING_COMMAS", ZSER_JSON_ALLOW_TRAILING_COMMAS, CONST_PERSISTENT);
}

static zend_class_entry *register_class_JsondSerializable(void)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "JsondSerializable", class_JsondSerializable_methods);
	class_entry = zend_register_internal_interface(&ce);

	return class_entry;
}

static zend_class_entry *register_class_JsondLines(zend_class_entry *class_entry_Iterator)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "JsondLines", class_JsondLines_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_Iterator);

	return class_entry;
}

static zend_class_entry *register_class_JsondStream(zend_class_entry *class_entry_Iterator)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "JsondStream", class_JsondStream_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_Iterator);

	return class_entry;
}

static zend_class_entry *register_class_ZserException(zend_class_entry *class_entry_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_CLASS_ENTRY(ce, "ZserException", class_ZserException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Exception);

	zval const_NOT_ZSER_value;
	ZVAL_LONG(&const_NOT_ZSER_value, ZS_WE_MAGIC);
	zend_string *const_NOT_ZSER_name = zend_string_init_interned("NOT_ZSER", sizeof("NOT_ZSER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NOT_ZSER_name, &const_NOT_ZSER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NOT_ZSER_name);

	zval const_UNSUPPORTED_VERSION_value;
	ZVAL_LONG(&const_UNSUPPORTED_VERSION_value, ZS_WE_VERSION);
	zend_string *const_UNSUPPORTED_VERSION_name = zend_string_init_interned("UNSUPPORTED_VERSION", sizeof("UNSUPPORTED_VERSION") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_UNSUPPORTED_VERSION_name, &const_UNSUPPORTED_VERSION_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_UNSUPPORTED_VERSION_name);

	zval const_TRUNCATED_value;
	ZVAL_LONG(&const_TRUNCATED_value, ZS_WE_TRUNCATED);
	zend_string *const_TRUNCATED_name = zend_string_init_interned("TRUNCATED", sizeof("TRUNCATED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TRUNCATED_name, &const_TRUNCATED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TRUNCATED_name);

	zval const_UNKNOWN_TAG_value;
	ZVAL_LONG(&const_UNKNOWN_TAG_value, ZS_WE_TAG);
	zend_string *const_UNKNOWN_TAG_name = zend_string_init_interned("UNKNOWN_TAG", sizeof("UNKNOWN_TAG") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_UNKNOWN_TAG_name, &const_UNKNOWN_TAG_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_UNKNOWN_TAG_name);

	zval const_OVERLONG_VARINT_value;
	ZVAL_LONG(&const_OVERLONG_VARINT_value, ZS_WE_VARINT);
	zend_string *const_OVERLONG_VARINT_name = zend_string_init_interned("OVERLONG_VARINT", sizeof("OVERLONG_VARINT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OVERLONG_VARINT_name, &const_OVERLONG_VARINT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OVERLONG_VARINT_name);

	zval const_NON_CANONICAL_INT_value;
	ZVAL_LONG(&const_NON_CANONICAL_INT_value, ZS_WE_INT_CANON);
	zend_string *const_NON_CANONICAL_INT_name = zend_string_init_interned("NON_CANONICAL_INT", sizeof("NON_CANONICAL_INT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NON_CANONICAL_INT_name, &const_NON_CANONICAL_INT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NON_CANONICAL_INT_name);

	zval const_NON_CANONICAL_FLOAT_value;
	ZVAL_LONG(&const_NON_CANONICAL_FLOAT_value, ZS_WE_FLOAT_CANON);
	zend_string *const_NON_CANONICAL_FLOAT_name = zend_string_init_interned("NON_CANONICAL_FLOAT", sizeof("NON_CANONICAL_FLOAT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NON_CANONICAL_FLOAT_name, &const_NON_CANONICAL_FLOAT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NON_CANONICAL_FLOAT_name);

	zval const_INT_RANGE_value;
	ZVAL_LONG(&const_INT_RANGE_value, ZS_WE_INT_RANGE);
	zend_string *const_INT_RANGE_name = zend_string_init_interned("INT_RANGE", sizeof("INT_RANGE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_INT_RANGE_name, &const_INT_RANGE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_INT_RANGE_name);

	zval const_COUNT_EXCEEDS_INPUT_value;
	ZVAL_LONG(&const_COUNT_EXCEEDS_INPUT_value, ZS_WE_COUNT);
	zend_string *const_COUNT_EXCEEDS_INPUT_name = zend_string_init_interned("COUNT_EXCEEDS_INPUT", sizeof("COUNT_EXCEEDS_INPUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_COUNT_EXCEEDS_INPUT_name, &const_COUNT_EXCEEDS_INPUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_COUNT_EXCEEDS_INPUT_name);

	zval const_STRING_INDEX_value;
	ZVAL_LONG(&const_STRING_INDEX_value, ZS_WE_STR_INDEX);
	zend_string *const_STRING_INDEX_name = zend_string_init_interned("STRING_INDEX", sizeof("STRING_INDEX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_STRING_INDEX_name, &const_STRING_INDEX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_STRING_INDEX_name);

	zval const_SHAPE_INDEX_value;
	ZVAL_LONG(&const_SHAPE_INDEX_value, ZS_WE_SHAPE_INDEX);
	zend_string *const_SHAPE_INDEX_name = zend_string_init_interned("SHAPE_INDEX", sizeof("SHAPE_INDEX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SHAPE_INDEX_name, &const_SHAPE_INDEX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SHAPE_INDEX_name);

	zval const_BACKREF_RANGE_value;
	ZVAL_LONG(&const_BACKREF_RANGE_value, ZS_WE_BACKREF);
	zend_string *const_BACKREF_RANGE_name = zend_string_init_interned("BACKREF_RANGE", sizeof("BACKREF_RANGE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_BACKREF_RANGE_name, &const_BACKREF_RANGE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_BACKREF_RANGE_name);

	zval const_BACKREF_TYPE_value;
	ZVAL_LONG(&const_BACKREF_TYPE_value, ZS_WE_BACKREF_TYPE);
	zend_string *const_BACKREF_TYPE_name = zend_string_init_interned("BACKREF_TYPE", sizeof("BACKREF_TYPE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_BACKREF_TYPE_name, &const_BACKREF_TYPE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_BACKREF_TYPE_name);

	zval const_INVALID_KEY_value;
	ZVAL_LONG(&const_INVALID_KEY_value, ZS_WE_KEY);
	zend_string *const_INVALID_KEY_name = zend_string_init_interned("INVALID_KEY", sizeof("INVALID_KEY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_INVALID_KEY_name, &const_INVALID_KEY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_INVALID_KEY_name);

	zval const_NUMERIC_KEY_value;
	ZVAL_LONG(&const_NUMERIC_KEY_value, ZS_WE_NUMERIC_KEY);
	zend_string *const_NUMERIC_KEY_name = zend_string_init_interned("NUMERIC_KEY", sizeof("NUMERIC_KEY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NUMERIC_KEY_name, &const_NUMERIC_KEY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NUMERIC_KEY_name);

	zval const_DUPLICATE_KEY_value;
	ZVAL_LONG(&const_DUPLICATE_KEY_value, ZS_WE_DUP_KEY);
	zend_string *const_DUPLICATE_KEY_name = zend_string_init_interned("DUPLICATE_KEY", sizeof("DUPLICATE_KEY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_DUPLICATE_KEY_name, &const_DUPLICATE_KEY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_DUPLICATE_KEY_name);

	zval const_NON_CANONICAL_MAP_value;
	ZVAL_LONG(&const_NON_CANONICAL_MAP_value, ZS_WE_MAP_CANON);
	zend_string *const_NON_CANONICAL_MAP_name = zend_string_init_interned("NON_CANONICAL_MAP", sizeof("NON_CANONICAL_MAP") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NON_CANONICAL_MAP_name, &const_NON_CANONICAL_MAP_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NON_CANONICAL_MAP_name);

	zval const_INVALID_CLASS_NAME_value;
	ZVAL_LONG(&const_INVALID_CLASS_NAME_value, ZS_WE_CLASS);
	zend_string *const_INVALID_CLASS_NAME_name = zend_string_init_interned("INVALID_CLASS_NAME", sizeof("INVALID_CLASS_NAME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_INVALID_CLASS_NAME_name, &const_INVALID_CLASS_NAME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_INVALID_CLASS_NAME_name);

	zval const_INVALID_OBJECT_DATA_value;
	ZVAL_LONG(&const_INVALID_OBJECT_DATA_value, ZS_WE_OBJECT_DATA);
	zend_string *const_INVALID_OBJECT_DATA_name = zend_string_init_interned("INVALID_OBJECT_DATA", sizeof("INVALID_OBJECT_DATA") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_INVALID_OBJECT_DATA_name, &const_INVALID_OBJECT_DATA_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_INVALID_OBJECT_DATA_name);

	zval const_DEPTH_value;
	ZVAL_LONG(&const_DEPTH_value, ZS_WE_DEPTH);
	zend_string *const_DEPTH_name = zend_string_init_interned("DEPTH", sizeof("DEPTH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_DEPTH_name, &const_DEPTH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_DEPTH_name);

	zval const_TRAILING_BYTES_value;
	ZVAL_LONG(&const_TRAILING_BYTES_value, ZS_WE_TRAILING);
	zend_string *const_TRAILING_BYTES_name = zend_string_init_interned("TRAILING_BYTES", sizeof("TRAILING_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TRAILING_BYTES_name, &const_TRAILING_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TRAILING_BYTES_name);

	zval const_OUT_OF_MEMORY_value;
	ZVAL_LONG(&const_OUT_OF_MEMORY_value, ZS_WE_NOMEM);
	zend_string *const_OUT_OF_MEMORY_name = zend_string_init_interned("OUT_OF_MEMORY", sizeof("OUT_OF_MEMORY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OUT_OF_MEMORY_name, &const_OUT_OF_MEMORY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OUT_OF_MEMORY_name);

	zval const_TABLE_LIMIT_value;
	ZVAL_LONG(&const_TABLE_LIMIT_value, ZS_WE_LIMIT);
	zend_string *const_TABLE_LIMIT_name = zend_string_init_interned("TABLE_LIMIT", sizeof("TABLE_LIMIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TABLE_LIMIT_name, &const_TABLE_LIMIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TABLE_LIMIT_name);

	zval const_REF_FLAG_MISMATCH_value;
	ZVAL_LONG(&const_REF_FLAG_MISMATCH_value, ZS_WE_REF_FLAG);
	zend_string *const_REF_FLAG_MISMATCH_name = zend_string_init_interned("REF_FLAG_MISMATCH", sizeof("REF_FLAG_MISMATCH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_REF_FLAG_MISMATCH_name, &const_REF_FLAG_MISMATCH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_REF_FLAG_MISMATCH_name);

	zval const_NESTED_OUTSIDE_value;
	ZVAL_LONG(&const_NESTED_OUTSIDE_value, ZS_WE_NESTED);
	zend_string *const_NESTED_OUTSIDE_name = zend_string_init_interned("NESTED_OUTSIDE", sizeof("NESTED_OUTSIDE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NESTED_OUTSIDE_name, &const_NESTED_OUTSIDE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NESTED_OUTSIDE_name);

	zval const_NESTED_OUT_OF_PLACE_value;
	ZVAL_LONG(&const_NESTED_OUT_OF_PLACE_value, ZS_WE_NESTED_BASE);
	zend_string *const_NESTED_OUT_OF_PLACE_name = zend_string_init_interned("NESTED_OUT_OF_PLACE", sizeof("NESTED_OUT_OF_PLACE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NESTED_OUT_OF_PLACE_name, &const_NESTED_OUT_OF_PLACE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NESTED_OUT_OF_PLACE_name);

	zval const_UNFILLED_SLOT_value;
	ZVAL_LONG(&const_UNFILLED_SLOT_value, ZS_WE_UNFILLED);
	zend_string *const_UNFILLED_SLOT_name = zend_string_init_interned("UNFILLED_SLOT", sizeof("UNFILLED_SLOT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_UNFILLED_SLOT_name, &const_UNFILLED_SLOT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_UNFILLED_SLOT_name);

	zval const_BACKREF_NON_ARRAY_value;
	ZVAL_LONG(&const_BACKREF_NON_ARRAY_value, ZS_WE_BACKREF_ARR_TYPE);
	zend_string *const_BACKREF_NON_ARRAY_name = zend_string_init_interned("BACKREF_NON_ARRAY", sizeof("BACKREF_NON_ARRAY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_BACKREF_NON_ARRAY_name, &const_BACKREF_NON_ARRAY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_BACKREF_NON_ARRAY_name);

	zval const_BACKREF_INCOMPLETE_ARRAY_value;
	ZVAL_LONG(&const_BACKREF_INCOMPLETE_ARRAY_value, ZS_WE_BACKREF_ARR_OPEN);
	zend_string *const_BACKREF_INCOMPLETE_ARRAY_name = zend_string_init_interned("BACKREF_INCOMPLETE_ARRAY", sizeof("BACKREF_INCOMPLETE_ARRAY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_BACKREF_INCOMPLETE_ARRAY_name, &const_BACKREF_INCOMPLETE_ARRAY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_BACKREF_INCOMPLETE_ARRAY_name);

	zval const_SHARED_NOT_PLAIN_value;
	ZVAL_LONG(&const_SHARED_NOT_PLAIN_value, ZS_WE_SHARED_NOT_PLAIN);
	zend_string *const_SHARED_NOT_PLAIN_name = zend_string_init_interned("SHARED_NOT_PLAIN", sizeof("SHARED_NOT_PLAIN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SHARED_NOT_PLAIN_name, &const_SHARED_NOT_PLAIN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SHARED_NOT_PLAIN_name);

	zval const_REF_INTO_SHARED_value;
	ZVAL_LONG(&const_REF_INTO_SHARED_value, ZS_WE_REF_INTO_SHARED);
	zend_string *const_REF_INTO_SHARED_name = zend_string_init_interned("REF_INTO_SHARED", sizeof("REF_INTO_SHARED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_REF_INTO_SHARED_name, &const_REF_INTO_SHARED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_REF_INTO_SHARED_name);

	zval const_UNSERIALIZE_FAILED_value;
	ZVAL_LONG(&const_UNSERIALIZE_FAILED_value, ZSER_E_UNSERIALIZE_FAILED);
	zend_string *const_UNSERIALIZE_FAILED_name = zend_string_init_interned("UNSERIALIZE_FAILED", sizeof("UNSERIALIZE_FAILED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_UNSERIALIZE_FAILED_name, &const_UNSERIALIZE_FAILED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_UNSERIALIZE_FAILED_name);

	zval const_ENUM_CLASS_NOT_FOUND_value;
	ZVAL_LONG(&const_ENUM_CLASS_NOT_FOUND_value, ZSER_E_ENUM_CLASS);
	zend_string *const_ENUM_CLASS_NOT_FOUND_name = zend_string_init_interned("ENUM_CLASS_NOT_FOUND", sizeof("ENUM_CLASS_NOT_FOUND") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_ENUM_CLASS_NOT_FOUND_name, &const_ENUM_CLASS_NOT_FOUND_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_ENUM_CLASS_NOT_FOUND_name);

	zval const_NOT_AN_ENUM_value;
	ZVAL_LONG(&const_NOT_AN_ENUM_value, ZSER_E_NOT_ENUM);
	zend_string *const_NOT_AN_ENUM_name = zend_string_init_interned("NOT_AN_ENUM", sizeof("NOT_AN_ENUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NOT_AN_ENUM_name, &const_NOT_AN_ENUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NOT_AN_ENUM_name);

	zval const_ENUM_CASE_NOT_FOUND_value;
	ZVAL_LONG(&const_ENUM_CASE_NOT_FOUND_value, ZSER_E_ENUM_CASE);
	zend_string *const_ENUM_CASE_NOT_FOUND_name = zend_string_init_interned("ENUM_CASE_NOT_FOUND", sizeof("ENUM_CASE_NOT_FOUND") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_ENUM_CASE_NOT_FOUND_name, &const_ENUM_CASE_NOT_FOUND_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_ENUM_CASE_NOT_FOUND_name);

	zval const_INVALID_PROPERTY_NAME_value;
	ZVAL_LONG(&const_INVALID_PROPERTY_NAME_value, ZSER_E_PROPERTY_NAME);
	zend_string *const_INVALID_PROPERTY_NAME_name = zend_string_init_interned("INVALID_PROPERTY_NAME", sizeof("INVALID_PROPERTY_NAME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_INVALID_PROPERTY_NAME_name, &const_INVALID_PROPERTY_NAME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_INVALID_PROPERTY_NAME_name);

	zval const_INVALID_LEGACY_DATA_value;
	ZVAL_LONG(&const_INVALID_LEGACY_DATA_value, ZSER_E_LEGACY_DATA);
	zend_string *const_INVALID_LEGACY_DATA_name = zend_string_init_interned("INVALID_LEGACY_DATA", sizeof("INVALID_LEGACY_DATA") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_INVALID_LEGACY_DATA_name, &const_INVALID_LEGACY_DATA_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_INVALID_LEGACY_DATA_name);

	zval const_LEGACY_REFUSED_value;
	ZVAL_LONG(&const_LEGACY_REFUSED_value, ZSER_E_LEGACY_REFUSED);
	zend_string *const_LEGACY_REFUSED_name = zend_string_init_interned("LEGACY_REFUSED", sizeof("LEGACY_REFUSED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_LEGACY_REFUSED_name, &const_LEGACY_REFUSED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_LEGACY_REFUSED_name);

	return class_entry;
}
