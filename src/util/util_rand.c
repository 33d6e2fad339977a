/*
 * util_rand.c: splitmix64, the one small random number generator and hash
 * mixer (Zobrist keys, the AI's noise and temperature, opening books,
 * puzzle sampling). Every seed, 0 included, gives a good stream. And
 * FNV-1a, the files' checksum.
 */

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

uint64_t
splitmix64_mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return x ^ (x >> 31);
}

uint64_t
splitmix64(uint64_t *state)
{
	uint64_t x = splitmix64_mix(*state);

	*state += 0x9E3779B97F4A7C15ULL;
	return x;
}

uint64_t
util_fnv64(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++) {
		h ^= c[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}
