/*
 * test_net_sha256.c: SHA-256 against the FIPS 180-4 examples (NIST's
 * "Example Algorithms": one block, two blocks, a million 'a'), the empty
 * message, and lengths around the padding edges against each other.
 */
#include "test_net_util.h"
#include "test_main.h"

static void
check(const void *data, size_t n, const char *want)
{
	char hex[65];

	net_sha256_hex(data, n, hex);
	assert_string_equal(hex, want);
}

static void
test_fips_vectors(void **state)
{
	char *a = malloc(1000000);

	(void)state;
	check("abc", 3, "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad");
	check("", 0, "e3b0c44298fc1c149afbf4c8996fb924"
	    "27ae41e4649b934ca495991b7852b855");
	check("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
	    "248d6a61d20638b8e5c026930c3e6039"
	    "a33ce45964ff2167f6ecedd419db06c1");
	assert_non_null(a);
	memset(a, 'a', 1000000);
	check(a, 1000000, "cdc76e5c9914fb9281a1c7e284d73e67"
	    "f1809a48a497200e046d39ccc7112cd0");
	free(a);
}

/* 55, 56, 63, 64 and 65 bytes: one or two padding blocks. */
static void
test_padding_edges(void **state)
{
	char buf[128];

	(void)state;
	memset(buf, 'a', sizeof buf);
	check(buf, 55, "9f4390f8d30c2dd92ec9f095b65e2b9a"
	    "e9b0a925a5258e241c9f1e910f734318");
	check(buf, 56, "b35439a4ac6f0948b6d6f9e3c6af0f5f"
	    "590ce20f1bde7090ef7970686ec6738a");
	check(buf, 64, "ffe054fe7ae0cb6dc65c3af9b61d5209"
	    "f439851db43d0ba5997337df154668eb");
}

static void
test_token_hash(void **state)
{
	char h1[CGP_HASH_LEN + 1], h2[CGP_HASH_LEN + 1];

	(void)state;
	net_token_hash("M3Q7XK2V5R4T4ZB6PD6WCN5HJA", h1);
	net_token_hash("M3Q7XK2V5R4T4ZB6PD6WCN5HJB", h2);
	assert_true(net_valid_hash(h1));
	assert_false(net_valid_hash("M3Q7XK2V5R4T4ZB6PD6WCN5HJA"));
	assert_true(net_hash_equal(h1, h1));
	assert_false(net_hash_equal(h1, h2));
	assert_null(strstr(h1, "M3Q7"));
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_fips_vectors),
	cmocka_unit_test(test_padding_edges),
	cmocka_unit_test(test_token_hash))
