# Unit tests that include core/tests/zs_tree_test.h rebuild when it changes.
build/unit/test_igbin_read build/unit/test_phpser_read: core/tests/zs_tree_test.h
