/* zser — SPDX-License-Identifier: MIT
 *
 * The objects zser_serialize() writes by calling userland code (bin_encoder.h): __sleep(),
 * __serialize() and Serializable::serialize(), with serialize()'s warnings and exceptions.
 * bin_encode.c's encode_object() chooses the path, as php_var_serialize_intern() does, and
 * owns the output, the tables and the walk; this file calls the method and hands what it
 * returned over to the walk, which writes the elements and releases it. The properties __sleep()
 * names are selected in bin_sleep.c.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "ext/standard/basic_functions.h"
#include "zs_wire.h"
#include "bin_encoder.h"
#include "bin_sleep.h"

zend_result zser_enc_sleep(zser_encoder *e, zval *struc, zend_function *fn)
{
	zend_object *obj = Z_OBJ_P(struc);
	zval retval, tmp;
	HashTable *props;
	zend_result res;

	ZVAL_OBJ_COPY(&tmp, obj);
	BG(serialize_lock)++;
	zend_call_known_instance_method(fn, obj, &retval, 0, NULL);
	BG(serialize_lock)--;
	if (Z_ISUNDEF(retval) || EG(exception)) {
		zval_ptr_dtor(&retval);
		zval_ptr_dtor(&tmp);
		return FAILURE;
	}
	if (Z_TYPE(retval) != IS_ARRAY) {
		zval_ptr_dtor(&retval);
		php_error_docref(NULL, E_WARNING,
		                 "%s::__sleep() should return an array only containing the names of "
		                 "instance-variables to serialize",
		                 ZSTR_VAL(obj->ce->name));
		zser_enc_tag(e, ZS_T_NULL);
		zval_ptr_dtor(&tmp);
		return SUCCESS;
	}
	ALLOC_HASHTABLE(props);
	res = zser_sleep_props(props, &tmp, Z_ARRVAL(retval));
	if (res == SUCCESS) {
		/* the walk writes the values and then releases all three */
		zser_enc_sleep_props(e, obj, props, &retval);
		return SUCCESS;
	}
	zend_hash_destroy(props);
	FREE_HASHTABLE(props);
	zval_ptr_dtor(&retval);
	zval_ptr_dtor(&tmp);
	return res;
}

zend_result zser_enc_magic_serialize(zser_encoder *e, zval *struc)
{
	zend_object *obj = Z_OBJ_P(struc);
	zval retval, tmp;

	ZVAL_OBJ_COPY(&tmp, obj);
	BG(serialize_lock)++;
	zend_call_known_instance_method_with_0_params(obj->ce->__serialize, obj, &retval);
	BG(serialize_lock)--;
	if (EG(exception)) {
		zval_ptr_dtor(&retval);
		zval_ptr_dtor(&tmp);
		return FAILURE;
	}
	if (Z_TYPE(retval) != IS_ARRAY) {
		zval_ptr_dtor(&retval);
		zend_type_error("%s::__serialize() must return an array", ZSTR_VAL(obj->ce->name));
		zval_ptr_dtor(&tmp);
		return FAILURE;
	}
	zser_enc_tag(e, ZS_T_OBJECT_DATA);
	zser_enc_string(e, obj->ce->name);
	/* the walk writes the elements and then releases both */
	zser_enc_data(e, &retval, obj, Z_REFCOUNT(retval) > 1);
	return SUCCESS;
}

zend_result zser_enc_custom(zser_encoder *e, zval *struc)
{
	zend_class_entry *ce = Z_OBJCE_P(struc);
	unsigned char *data = NULL;
	size_t len;
	zser_enc_mark mark;
	uint32_t slots;
	bool ok;

	zser_enc_nest_begin(e, &mark);
	ok = ce->serialize(struc, &data, &len, NULL) == SUCCESS;
	slots = zser_enc_nest_end(e, &mark, ok);
	if (ok) {
		zser_enc_tag(e, slots ? ZS_T_OBJECT_BLOB_SLOTS : ZS_T_OBJECT_BLOB);
		zser_enc_string(e, ce->name);
		if (slots) {
			zser_enc_reserve(e, slots);
		}
		zser_enc_bytes(e, data, len);
	} else {
		/* as var.c: later references to this object become null too */
		zser_enc_slot_null(e, struc);
		zser_enc_tag(e, ZS_T_NULL);
	}
	if (data) {
		efree(data);
	}
	return EG(exception) ? FAILURE : SUCCESS;
}
