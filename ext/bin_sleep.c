/* zser — SPDX-License-Identifier: MIT
 *
 * Selection of the properties named by __sleep() for zser_serialize() (bin_sleep.h). It
 * builds a table; it neither calls __sleep() nor writes anything.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "bin_sleep.h"

/* Adds `name` from `props` to the __sleep() table; FAILURE when it is not there
 * (same rules and warnings as php_var_serialize_try_add_sleep_prop()). */
static zend_result sleep_add(HashTable *ht, HashTable *props, zend_string *name,
                             zend_string *error_name, zend_object *obj)
{
	zval *val = zend_hash_find(props, name);
	if (val == NULL) {
		return FAILURE;
	}
	if (Z_TYPE_P(val) == IS_INDIRECT) {
		val = Z_INDIRECT_P(val);
		if (Z_TYPE_P(val) == IS_UNDEF) {
			return zend_get_typed_property_info_for_slot(obj, val) ? SUCCESS : FAILURE;
		}
	}
	if (!zend_hash_add(ht, name, val)) {
		/* PHP 8.4 raised serialize()'s notice to a warning */
		php_error_docref(NULL, PHP_VERSION_ID >= 80400 ? E_WARNING : E_NOTICE,
		                 "\"%s\" is returned from __sleep() multiple times", ZSTR_VAL(error_name));
		return SUCCESS;
	}
	Z_TRY_ADDREF_P(val);
	return SUCCESS;
}

zend_result zser_sleep_props(HashTable *ht, zval *struc, HashTable *names)
{
	zend_object *obj = Z_OBJ_P(struc);
	zend_class_entry *ce = obj->ce;
	HashTable *props = zend_get_properties_for(struc, ZEND_PROP_PURPOSE_SERIALIZE);
	zend_result res = SUCCESS;
	zval *name_val;

	zend_hash_init(ht, zend_hash_num_elements(names), NULL, ZVAL_PTR_DTOR, 0);
	ZEND_HASH_FOREACH_VAL_IND(names, name_val)
	{
		zend_string *name, *tmp_name, *mangled;
		bool found;

		ZVAL_DEREF(name_val);
		if (Z_TYPE_P(name_val) != IS_STRING) {
			php_error_docref(NULL, E_WARNING,
			                 "%s::__sleep() should return an array only containing the names of "
			                 "instance-variables to serialize",
			                 ZSTR_VAL(ce->name));
		}
		name = zval_get_tmp_string(name_val, &tmp_name);
		found = sleep_add(ht, props, name, name, obj) == SUCCESS;
		if (!found && !EG(exception)) {
			mangled = zend_mangle_property_name(ZSTR_VAL(ce->name), ZSTR_LEN(ce->name),
			                                    ZSTR_VAL(name), ZSTR_LEN(name),
			                                    ce->type & ZEND_INTERNAL_CLASS);
			found = sleep_add(ht, props, mangled, name, obj) == SUCCESS;
			zend_string_release(mangled);
		}
		if (!found && !EG(exception)) {
			mangled = zend_mangle_property_name("*", 1, ZSTR_VAL(name), ZSTR_LEN(name),
			                                    ce->type & ZEND_INTERNAL_CLASS);
			found = sleep_add(ht, props, mangled, name, obj) == SUCCESS;
			zend_string_release(mangled);
		}
		if (EG(exception)) {
			zend_tmp_string_release(tmp_name);
			res = FAILURE;
			break;
		}
		if (!found) {
			php_error_docref(NULL, E_WARNING,
			                 "\"%s\" returned as member variable from __sleep() but does not exist",
			                 ZSTR_VAL(name));
		}
		zend_tmp_string_release(tmp_name);
	}
	ZEND_HASH_FOREACH_END();
	zend_release_properties(props);
	return res;
}
