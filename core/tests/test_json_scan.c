// zser — SPDX-License-Identifier: MIT
//
// zs_json_scan: where each value ends, what an iterator hands out (keys, their flags, value
// spans), and that every prefix of a text (each copied to a block of its exact size, so that
// nothing past it is readable) gives an answer or an error without reading past its end.
#include "zs_json_scan.h"
#include "zs_test.h"

#include <stdlib.h>
#include <string.h>

// Length of the value at the start of s (after whitespace), or -1 when malformed.
static long skip_len(const char *s)
{
	size_t n = strlen(s);
	unsigned char *buf = malloc(n ? n : 1);
	const unsigned char *p, *e;
	long r;
	memcpy(buf, s, n);
	p = zs_json_scan_ws(buf, buf + n);
	e = zs_json_scan_skip(p, buf + n);
	r = e ? (long)(e - buf) : -1;
	free(buf);
	return r;
}

static void test_skip(void)
{
	static const struct {
		const char *text;
		long end;
	} cases[] = {
	        {"1", 1},
	        {"-12.5e+3,", 8},
	        {"true]", 4},
	        {"null", 4},
	        {"\"a\"x", 3},
	        {"\"a\\\"b\"", 6},
	        {"\"a\\\\\"b", 5},
	        {"\"\\\\\\\"\"", 6},
	        {"[]", 2},
	        {"[1,[2,{\"a\":\"]\"}],3] 4", 19},
	        {"{\"a\":{\"b\":[]}}", 14},
	        {"  [ 1 , 2 ]", 11},
	        {"\"\xc3\xa9\"", 4},
	        {"", -1},
	        {"[", -1},
	        {"[1,2", -1},
	        {"\"abc", -1},
	        {"\"ab\\", -1},
	        {"\"ab\\\"", -1},
	        {"]", -1},
	        {",", -1},
	        {"#", -1},
	        {"[#]", 3}, // inside a container only brackets and quotes are looked at
	};
	size_t i;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		long got = skip_len(cases[i].text);
		if (got != cases[i].end) {
			fprintf(stderr, "skip \"%s\": %ld, expected %ld\n", cases[i].text, got, cases[i].end);
		}
		ZS_CHECK(got == cases[i].end);
	}
}

static void test_members(void)
{
	static const char text[] = "{ \"a\" : 1 , \"b\\u0062\":[2, 3],\"\xc3\xa9\":{}, 123:\"n\" }";
	const unsigned char *p = (const unsigned char *)text, *end = p + strlen(text);
	zs_json_iter it;
	zs_json_item item;
	ZS_CHECK(zs_json_scan_open(&it, p, end));
	ZS_CHECK(it.object);

	ZS_CHECK(zs_json_scan_next(&it, &item, true) == ZS_JSON_ITEM);
	ZS_CHECK(item.key_len == 1 && memcmp(item.key, "a", 1) == 0);
	ZS_CHECK(!item.key_escaped && !item.key_high && !item.key_number);
	ZS_CHECK(item.value_end - item.value == 1 && *item.value == '1');

	ZS_CHECK(zs_json_scan_next(&it, &item, true) == ZS_JSON_ITEM);
	ZS_CHECK(item.key_len == 7 && item.key_escaped && !item.key_high);
	ZS_CHECK(item.value_end - item.value == 6 && memcmp(item.value, "[2, 3]", 6) == 0);

	ZS_CHECK(zs_json_scan_next(&it, &item, true) == ZS_JSON_ITEM);
	ZS_CHECK(item.key_len == 2 && item.key_high && !item.key_escaped);

	ZS_CHECK(zs_json_scan_next(&it, &item, true) == ZS_JSON_ITEM);
	ZS_CHECK(item.key_number && item.key_len == 3 && memcmp(item.key, "123", 3) == 0);
	ZS_CHECK(item.value_end - item.value == 3);

	ZS_CHECK(zs_json_scan_next(&it, &item, true) == ZS_JSON_END);
	ZS_CHECK(it.p == end);
}

static void test_elements(void)
{
	static const char text[] = "[1, \"two\" ,[3],{}]";
	const unsigned char *p = (const unsigned char *)text, *end = p + strlen(text);
	zs_json_iter it;
	zs_json_item item;
	int n = 0;
	ZS_CHECK(zs_json_scan_open(&it, p, end));
	ZS_CHECK(!it.object);
	while (zs_json_scan_next(&it, &item, true) == ZS_JSON_ITEM) {
		ZS_CHECK(item.key == NULL);
		n++;
	}
	ZS_CHECK(n == 4);
	// without skipping: the value's start, and no end
	ZS_CHECK(zs_json_scan_open(&it, p, end));
	ZS_CHECK(zs_json_scan_next(&it, &item, true) == ZS_JSON_ITEM);
	ZS_CHECK(zs_json_scan_next(&it, &item, false) == ZS_JSON_ITEM);
	ZS_CHECK(item.value == p + 4 && item.value_end == NULL && it.p == item.value);
	ZS_CHECK(!zs_json_scan_open(&it, p + 1, end)); // '1' opens nothing
	ZS_CHECK(zs_json_scan_open(&it, (const unsigned char *)"[]", (const unsigned char *)"[]" + 2));
	ZS_CHECK(zs_json_scan_next(&it, &item, true) == ZS_JSON_END);
}

// Iterates text as far as it goes; false when the end was not reached cleanly.
static bool iterate_all(const unsigned char *p, const unsigned char *end)
{
	zs_json_iter it;
	zs_json_item item;
	zs_json_step step;
	if (!zs_json_scan_open(&it, p, end)) {
		return false;
	}
	while ((step = zs_json_scan_next(&it, &item, true)) == ZS_JSON_ITEM) {
		if (item.value < p || item.value_end > end || item.value_end <= item.value) {
			return false;
		}
	}
	return step == ZS_JSON_END;
}

static void test_prefixes(void)
{
	static const char *const texts[] = {
	        "{\"a\":[1,2,{\"b\":\"x\\\"y\"}],\"c\":null,\"d\\\\\":\"\\\\\"}",
	        "[[[[]]],{\"\":\"\"},-1.5e-3,true,false]",
	        "{12345678901234567890:1,\"k\":{}}",
	};
	size_t t, len;
	for (t = 0; t < sizeof(texts) / sizeof(texts[0]); t++) {
		size_t n = strlen(texts[t]);
		ZS_CHECK(iterate_all((const unsigned char *)texts[t], (const unsigned char *)texts[t] + n));
		for (len = 0; len < n; len++) {
			unsigned char *buf = malloc(len ? len : 1);
			memcpy(buf, texts[t], len);
			// a cut text never iterates to its end, and skipping it fails
			ZS_CHECK(!iterate_all(buf, buf + len));
			ZS_CHECK(zs_json_scan_skip(buf, buf + len) == NULL);
			free(buf);
		}
	}
}

static void test_pointers(void)
{
	static const char *const valid[] = {"", "/", "/a", "/a/0", "/~0~1", "//", "/a~1b/~01"};
	static const char *const invalid[] = {"a", "~0", "/~", "/~2", "/a~", "/x~/y"};
	const char *p = "/a~1b/~01//0";
	char out[16];
	size_t i, pos = 1, n, index = 7;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		ZS_CHECK(zs_json_pointer_valid(valid[i], strlen(valid[i])));
	}
	for (i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		ZS_CHECK(!zs_json_pointer_valid(invalid[i], strlen(invalid[i])));
	}
	// tokens unescape ~1 to '/' and ~0 to '~', in that order ("~01" is "~1", not "/")
	n = zs_json_pointer_token(p, strlen(p), &pos, out);
	ZS_CHECK(n == 3 && memcmp(out, "a/b", 3) == 0 && pos == 5);
	pos++;
	n = zs_json_pointer_token(p, strlen(p), &pos, out);
	ZS_CHECK(n == 2 && memcmp(out, "~1", 2) == 0 && pos == 9);
	pos++;
	n = zs_json_pointer_token(p, strlen(p), &pos, out);
	ZS_CHECK(n == 0 && pos == 10);
	pos++;
	n = zs_json_pointer_token(p, strlen(p), &pos, out);
	ZS_CHECK(n == 1 && out[0] == '0' && pos == strlen(p));
	// indexes: digits without a leading zero, below SIZE_MAX
	ZS_CHECK(zs_json_pointer_index("0", 1, &index) && index == 0);
	ZS_CHECK(zs_json_pointer_index("120", 3, &index) && index == 120);
	ZS_CHECK(!zs_json_pointer_index("", 0, &index));
	ZS_CHECK(!zs_json_pointer_index("01", 2, &index));
	ZS_CHECK(!zs_json_pointer_index("-", 1, &index));
	ZS_CHECK(!zs_json_pointer_index("1a", 2, &index));
	{
		char big[32];
		int len = snprintf(big, sizeof(big), "%zu", (size_t)SIZE_MAX - 1);
		ZS_CHECK(zs_json_pointer_index(big, (size_t)len, &index) && index == SIZE_MAX - 1);
		len = snprintf(big, sizeof(big), "%zu", (size_t)SIZE_MAX);
		ZS_CHECK(!zs_json_pointer_index(big, (size_t)len, &index));
		len = snprintf(big, sizeof(big), "%zu0", (size_t)SIZE_MAX);
		ZS_CHECK(!zs_json_pointer_index(big, (size_t)len, &index));
	}
}

int main(void)
{
	test_skip();
	test_pointers();
	test_members();
	test_elements();
	test_prefixes();
	return zs_test_done("test_json_scan");
}
