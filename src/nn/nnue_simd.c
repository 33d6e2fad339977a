/*
 * nnue_simd.c: the inference's two hot loops, each written three times:
 * portable C, SSE4.1 and AVX2 (x86-64 intrinsics in functions built for
 * their instruction set by a target attribute, so the rest of the
 * program keeps the baseline's). The processor picks the best it has at
 * the first evaluation (__builtin_cpu_supports); CONGO_SIMD=portable,
 * sse4.1 or avx2 in the environment caps the choice, and a build
 * configured --disable-simd (or by a compiler without them: configure
 * checks) has the portable loops only.
 *
 * Every kernel is integer arithmetic in the same order of rounding (none:
 * int16 sums that wrap alike, int32 dot products that cannot overflow,
 * nnue_check), so all three give the same bits (tests/test_nn_simd.c).
 */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nn/nnue.h"
#include "nn/nnue_simd.h"
#include "util/util.h"

#if defined(CONGO_SIMD_X86) && \
    (defined(__x86_64__) || defined(__i386__))
#define SIMD_X86 1
#include <immintrin.h>
#endif

#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL _Pragma("GCC unroll 16")
#else
#define UNROLL
#endif

#define H NNUE_HIDDEN

static const char *const level_names[NNUE_SIMD_LEVELS] = {
	"portable", "sse4.1", "avx2"
};

/* ---- portable ---- */

static void
acc_portable(int16_t *dst, const int16_t *src, const int16_t (*w)[H],
    const int *add, int na, const int *sub, int ns)
{
	if (dst != src)
		memcpy(dst, src, H * sizeof *dst);
	for (int i = 0; i < na; i++) {
		const int16_t *r = w[add[i]];

		for (int j = 0; j < H; j++)
			dst[j] = (int16_t)(dst[j] + r[j]);
	}
	for (int i = 0; i < ns; i++) {
		const int16_t *r = w[sub[i]];

		for (int j = 0; j < H; j++)
			dst[j] = (int16_t)(dst[j] - r[j]);
	}
}

static void
l1_portable(const int16_t *us, const int16_t *them,
    const int16_t (*w)[2 * H], int32_t out[NNUE_L1])
{
	int16_t h[2 * H];

	for (int j = 0; j < H; j++) {
		int16_t u = us[j], t = them[j];

		h[j] = u < 0 ? 0 : u > NNUE_QA ? NNUE_QA : u;
		h[H + j] = t < 0 ? 0 : t > NNUE_QA ? NNUE_QA : t;
	}
	for (int o = 0; o < NNUE_L1; o++) {
		int32_t s = 0;

		for (int j = 0; j < 2 * H; j++)
			s += (int32_t)h[j] * w[o][j];
		out[o] = s;
	}
}

#ifdef SIMD_X86
/* ---- SSE4.1: 8 lanes of int16; the accumulator in two halves of 8
 * registers (x86-64 has 16) ---- */

__attribute__((target("sse4.1"))) static void
acc_sse41(int16_t *dst, const int16_t *src, const int16_t (*w)[H],
    const int *add, int na, const int *sub, int ns)
{
	for (int half = 0; half < H; half += H / 2) {
		__m128i r[H / 16];

		UNROLL
		for (int j = 0; j < H / 16; j++)
			r[j] = _mm_loadu_si128((const __m128i *)(src + half) + j);
		for (int i = 0; i < na; i++) {
			const __m128i *p = (const __m128i *)(w[add[i]] + half);

			UNROLL
			for (int j = 0; j < H / 16; j++)
				r[j] = _mm_add_epi16(r[j], _mm_loadu_si128(p + j));
		}
		for (int i = 0; i < ns; i++) {
			const __m128i *p = (const __m128i *)(w[sub[i]] + half);

			UNROLL
			for (int j = 0; j < H / 16; j++)
				r[j] = _mm_sub_epi16(r[j], _mm_loadu_si128(p + j));
		}
		UNROLL
		for (int j = 0; j < H / 16; j++)
			_mm_storeu_si128((__m128i *)(dst + half) + j, r[j]);
	}
}

/* The dense layer 8 outputs at a time, as l1_avx2. */
__attribute__((target("sse4.1"))) static void
l1_sse41(const int16_t *us, const int16_t *them,
    const int16_t (*w)[2 * H], int32_t out[NNUE_L1])
{
	const __m128i zero = _mm_setzero_si128(), qa = _mm_set1_epi16(NNUE_QA);
	__m128i h[2 * H / 8];

	UNROLL
	for (int j = 0; j < H / 8; j++) {
		h[j] = _mm_min_epi16(_mm_max_epi16(_mm_loadu_si128(
		    (const __m128i *)us + j), zero), qa);
		h[H / 8 + j] = _mm_min_epi16(_mm_max_epi16(_mm_loadu_si128(
		    (const __m128i *)them + j), zero), qa);
	}
	for (int o = 0; o < NNUE_L1; o += 8) {
		__m128i s[8];

		UNROLL
		for (int k = 0; k < 8; k++)
			s[k] = zero;
		for (int j = 0; j < 2 * H / 8; j++) {
			__m128i x = h[j];

			UNROLL
			for (int k = 0; k < 8; k++)
				s[k] = _mm_add_epi32(s[k], _mm_madd_epi16(x,
				    _mm_loadu_si128((const __m128i *)w[o + k] +
				    j)));
		}
		for (int k = 0; k < 8; k += 4) {
			/* four sums of four lanes: transpose, add */
			__m128i a = _mm_hadd_epi32(s[k], s[k + 1]);
			__m128i b = _mm_hadd_epi32(s[k + 2], s[k + 3]);

			_mm_storeu_si128((__m128i *)(out + o + k),
			    _mm_hadd_epi32(a, b));
		}
	}
}

/* ---- AVX2: 16 lanes of int16; the accumulator in 8 registers ---- */

__attribute__((target("avx2"))) static void
acc_avx2(int16_t *dst, const int16_t *src, const int16_t (*w)[H],
    const int *add, int na, const int *sub, int ns)
{
	__m256i r[H / 16];

	UNROLL
	for (int j = 0; j < H / 16; j++)
		r[j] = _mm256_loadu_si256((const __m256i *)src + j);
	for (int i = 0; i < na; i++) {
		const __m256i *p = (const __m256i *)w[add[i]];

		UNROLL
		for (int j = 0; j < H / 16; j++)
			r[j] = _mm256_add_epi16(r[j], _mm256_loadu_si256(p + j));
	}
	for (int i = 0; i < ns; i++) {
		const __m256i *p = (const __m256i *)w[sub[i]];

		UNROLL
		for (int j = 0; j < H / 16; j++)
			r[j] = _mm256_sub_epi16(r[j], _mm256_loadu_si256(p + j));
	}
	UNROLL
	for (int j = 0; j < H / 16; j++)
		_mm256_storeu_si256((__m256i *)dst + j, r[j]);
}

/* The sum of the 8 int32 lanes of four registers, one each, in a
 * register's low four lanes. */
__attribute__((target("avx2"))) static inline __m128i
hsum4_avx2(__m256i a, __m256i b, __m256i c, __m256i d)
{
	__m256i ab = _mm256_hadd_epi32(a, b), cd = _mm256_hadd_epi32(c, d);
	__m256i s = _mm256_hadd_epi32(ab, cd);

	return _mm_add_epi32(_mm256_castsi256_si128(s),
	    _mm256_extracti128_si256(s, 1));
}

/* The dense layer 8 outputs at a time: the chunk of the inputs in one
 * register, each output's sums in one (10 of the 16 registers). */
__attribute__((target("avx2"))) static void
l1_avx2(const int16_t *us, const int16_t *them,
    const int16_t (*w)[2 * H], int32_t out[NNUE_L1])
{
	const __m256i zero = _mm256_setzero_si256();
	const __m256i qa = _mm256_set1_epi16(NNUE_QA);
	__m256i h[2 * H / 16];

	UNROLL
	for (int j = 0; j < H / 16; j++) {
		h[j] = _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256(
		    (const __m256i *)us + j), zero), qa);
		h[H / 16 + j] = _mm256_min_epi16(_mm256_max_epi16(
		    _mm256_loadu_si256((const __m256i *)them + j), zero), qa);
	}
	for (int o = 0; o < NNUE_L1; o += 8) {
		__m256i s[8];

		UNROLL
		for (int k = 0; k < 8; k++)
			s[k] = zero;
		for (int j = 0; j < 2 * H / 16; j++) {
			__m256i x = h[j];

			UNROLL
			for (int k = 0; k < 8; k++)
				s[k] = _mm256_add_epi32(s[k], _mm256_madd_epi16(
				    x, _mm256_loadu_si256((const __m256i *)
				    w[o + k] + j)));
		}
		_mm_storeu_si128((__m128i *)(out + o),
		    hsum4_avx2(s[0], s[1], s[2], s[3]));
		_mm_storeu_si128((__m128i *)(out + o + 4),
		    hsum4_avx2(s[4], s[5], s[6], s[7]));
	}
}
#endif

#if NNUE_L1 % 8 != 0 || NNUE_HIDDEN % 64 != 0
#error "the vector kernels want NNUE_L1 a multiple of 8, NNUE_HIDDEN of 64"
#endif

static const struct nnue_kernels table[NNUE_SIMD_LEVELS] = {
	{ acc_portable, l1_portable },
#ifdef SIMD_X86
	{ acc_sse41, l1_sse41 },
	{ acc_avx2, l1_avx2 },
#else
	{ acc_portable, l1_portable },
	{ acc_portable, l1_portable },
#endif
};

const struct nnue_kernels *nnue_kern;
static int kern_level;
static pthread_once_t kern_once = PTHREAD_ONCE_INIT;

int
nnue_simd_best(void)
{
#ifdef SIMD_X86
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx2"))
		return NNUE_SIMD_AVX2;
	if (__builtin_cpu_supports("sse4.1"))
		return NNUE_SIMD_SSE41;
#endif
	return NNUE_SIMD_PORTABLE;
}

const char *
nnue_simd_name(int level)
{
	return level >= 0 && level < NNUE_SIMD_LEVELS ? level_names[level] :
	    "?";
}

int
nnue_simd_parse(const char *s)
{
	for (int k = 0; k < NNUE_SIMD_LEVELS; k++)
		if (strcmp(s, level_names[k]) == 0)
			return k;
	return -1;
}

int
nnue_simd_set(int level)
{
	int best = nnue_simd_best();

	if (level < 0)
		level = 0;
	if (level > best)
		level = best;
	__atomic_store_n(&kern_level, level, __ATOMIC_RELAXED);
	__atomic_store_n(&nnue_kern, &table[level], __ATOMIC_RELEASE);
	return level;
}

int
nnue_simd_level(void)
{
	nnue_kernels();
	return __atomic_load_n(&kern_level, __ATOMIC_RELAXED);
}

static void
kern_init(void)
{
	const char *env = getenv("CONGO_SIMD");
	int level = NNUE_SIMD_LEVELS - 1;

	if (env != NULL && *env != '\0' &&
	    (level = nnue_simd_parse(env)) < 0) {
		fprintf(stderr, "%s: CONGO_SIMD=%.40s is not portable, sse4.1 "
		    "or avx2: the best the processor has is used\n",
		    util_progname(), env);
		level = NNUE_SIMD_LEVELS - 1;
	}
	nnue_simd_set(level);
}

const struct nnue_kernels *
nnue_kernels_init(void)
{
	pthread_once(&kern_once, kern_init);
	return __atomic_load_n(&nnue_kern, __ATOMIC_ACQUIRE);
}
