/* SPDX-License-Identifier: GPL-3.0-or-later
 * Half of the simd case (with simd_main.c): a checksum written with SSE2
 * intrinsics from <immintrin.h>, as CRC and hashing code is.  Frama-C 25
 * cannot parse that header (GCC 12's has _Float16 vectors, and Frama-C
 * takes no vector types): this file is left out and named, the other one
 * analysed.  The sums are of the caller's buffer only. */
#include <immintrin.h>
#include <stddef.h>

unsigned
simd_checksum (const unsigned char *buf, size_t len)
{
  __m128i acc = _mm_setzero_si128 ();
  size_t i = 0;
  for (; i + 16 <= len; i += 16)
    {
      __m128i bytes = _mm_loadu_si128 ((const __m128i *) (buf + i));
      acc = _mm_add_epi64 (acc, _mm_sad_epu8 (bytes, _mm_setzero_si128 ()));
    }
  unsigned sum = (unsigned) _mm_cvtsi128_si32 (acc)
                 + (unsigned) _mm_cvtsi128_si32 (_mm_srli_si128 (acc, 8));
  for (; i < len; i++)
    sum += buf[i];
  return sum;
}
