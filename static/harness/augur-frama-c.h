/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-frama-c.h — forced into each of the program's files (never the
 * harness's) when augur static runs Frama-C on them: what Frama-C 25
 * cannot take as GCC does.
 *
 *   - GCC's __atomic and __sync builtins.  Frama-C declares a builtin the
 *     first time a file uses it, with that use's types, and two files
 *     that use it on different types do not link ("Incompatible
 *     declaration for __atomic_store_n: different integer types long and
 *     int").  Here each is plain C on the object with a call of one
 *     marker, __atomic_augur, which augur's plug-in takes for an atomic
 *     operation on the object it points to (augur_static.ml,
 *     is_atomic_function) and the plain accesses on its line for part of
 *     it, as Frama-C's own stdatomic.h does.  The memory orders do not
 *     matter to what is shared.
 *   - The marker Frama-C's own <stdatomic.h> calls in atomic_init and never
 *     declares, typed by its first call the same way: that marker too.
 *   - GCC's library builtins __builtin_memcpy, __builtin_memmove,
 *     __builtin_memset and __builtin_memcmp, declared the same way from
 *     their first use (zstd's ZSTD_memmove on bytes in one file, void
 *     pointers in another, and nothing was analysed): the libc functions,
 *     which Frama-C's libc gives contracts.
 *   - __int128, which Frama-C cannot parse: a 64-bit integer (its values
 *     do not matter to what is shared either).
 *   - C23's _FloatN types, which glibc's <stdlib.h> and <math.h> declare
 *     functions with under _GNU_SOURCE and Frama-C cannot parse: the
 *     standard type of the same format (when the system's headers are
 *     used; Frama-C's libc never names them).
 */
#ifndef AUGUR_FRAMA_C_H
#define AUGUR_FRAMA_C_H

/*@ assigns \nothing; */
void __atomic_augur (const volatile void *object);

#define AUGUR_AT_(p) __atomic_augur ((const volatile void *) (p))
/* a OP v as GCC computes it for an atomic object of a's type: as integers,
 * so that a pointer object (ck_pr_add_ptr's `void *` plus a `void *`)
 * gets bytes added, and no pointer arithmetic C rejects is written */
#define AUGUR_ARITH_(a, v, OP)                                               \
  ((__typeof__ (a)) ((unsigned long long) (a) OP (unsigned long long) (v)))
/* the old value, after @p is set to old OP v (fetch_OP) */
#define AUGUR_FETCH_(p, v, OP)                                               \
  __extension__ ({ __typeof__ (*(p)) augur_old_ = *(p); AUGUR_AT_ (p);       \
                   *(p) = AUGUR_ARITH_ (augur_old_, v, OP); augur_old_; })
/* the new value (OP_fetch) */
#define AUGUR_OP_(p, v, OP)                                                  \
  __extension__ ({ AUGUR_AT_ (p); *(p) = AUGUR_ARITH_ (*(p), v, OP); })
#define AUGUR_XCHG_(p, v)                                                    \
  __extension__ ({ __typeof__ (*(p)) augur_old_ = *(p); AUGUR_AT_ (p);       \
                   *(p) = (v); augur_old_; })

#define __atomic_load_n(p, mo) (AUGUR_AT_ (p), *(p))
#define __atomic_load(p, r, mo) ((void) (AUGUR_AT_ (p), *(r) = *(p)))
#define __atomic_store_n(p, v, mo) ((void) (AUGUR_AT_ (p), *(p) = (v)))
#define __atomic_store(p, v, mo) ((void) (AUGUR_AT_ (p), *(p) = *(v)))
#define __atomic_exchange_n(p, v, mo) AUGUR_XCHG_ (p, v)
#define __atomic_exchange(p, v, r, mo) ((void) (AUGUR_AT_ (p), *(r) = *(p), *(p) = *(v)))
#define __atomic_compare_exchange_n(p, e, d, weak, ok, fail)                 \
  (AUGUR_AT_ (p), *(p) == *(e) ? (*(p) = (d), 1) : (*(e) = *(p), 0))
#define __atomic_compare_exchange(p, e, d, weak, ok, fail)                   \
  (AUGUR_AT_ (p), *(p) == *(e) ? (*(p) = *(d), 1) : (*(e) = *(p), 0))
#define __atomic_fetch_add(p, v, mo) AUGUR_FETCH_ (p, v, +)
#define __atomic_fetch_sub(p, v, mo) AUGUR_FETCH_ (p, v, -)
#define __atomic_fetch_and(p, v, mo) AUGUR_FETCH_ (p, v, &)
#define __atomic_fetch_or(p, v, mo) AUGUR_FETCH_ (p, v, |)
#define __atomic_fetch_xor(p, v, mo) AUGUR_FETCH_ (p, v, ^)
#define __atomic_fetch_nand(p, v, mo)                                        \
  __extension__ ({ __typeof__ (*(p)) augur_old_ = *(p); AUGUR_AT_ (p);       \
                   *(p) = ~(augur_old_ & (v)); augur_old_; })
#define __atomic_add_fetch(p, v, mo) AUGUR_OP_ (p, v, +)
#define __atomic_sub_fetch(p, v, mo) AUGUR_OP_ (p, v, -)
#define __atomic_and_fetch(p, v, mo) AUGUR_OP_ (p, v, &)
#define __atomic_or_fetch(p, v, mo) AUGUR_OP_ (p, v, |)
#define __atomic_xor_fetch(p, v, mo) AUGUR_OP_ (p, v, ^)
#define __atomic_nand_fetch(p, v, mo) __extension__ ({ AUGUR_AT_ (p); *(p) = ~(*(p) & (v)); })
#define __atomic_test_and_set(p, mo)                                         \
  __extension__ ({ AUGUR_AT_ (p); int augur_old_ = *(volatile char *) (p) != 0; \
                   *(volatile char *) (p) = 1; augur_old_; })
#define __atomic_clear(p, mo) ((void) (AUGUR_AT_ (p), *(volatile char *) (p) = 0))
#define __atomic_thread_fence(mo) ((void) 0)
#define __atomic_signal_fence(mo) ((void) 0)
#define __atomic_always_lock_free(size, p) 1
#define __atomic_is_lock_free(size, p) 1

/* Frama-C's <stdatomic.h> makes atomic_init a call of
 * __fc_atomic_init_marker, which it never declares: the first call gives
 * it its type, and two files that initialise atomics of two types do not
 * link ("Incompatible declaration for __fc_atomic_init_marker: Types
 * atomic_int and atomic_uint are not isomorphic"; zlog).  Its other
 * markers are declared.  As a macro here, it is the marker of the GCC
 * builtins above on the object, which the plug-in takes for an atomic
 * operation, and the store atomic_init writes after it is part of it. */
#define __fc_atomic_init_marker(obj, value) AUGUR_AT_ (obj)

#define __sync_fetch_and_add(p, v, ...) AUGUR_FETCH_ (p, v, +)
#define __sync_fetch_and_sub(p, v, ...) AUGUR_FETCH_ (p, v, -)
#define __sync_fetch_and_and(p, v, ...) AUGUR_FETCH_ (p, v, &)
#define __sync_fetch_and_or(p, v, ...) AUGUR_FETCH_ (p, v, |)
#define __sync_fetch_and_xor(p, v, ...) AUGUR_FETCH_ (p, v, ^)
#define __sync_add_and_fetch(p, v, ...) AUGUR_OP_ (p, v, +)
#define __sync_sub_and_fetch(p, v, ...) AUGUR_OP_ (p, v, -)
#define __sync_and_and_fetch(p, v, ...) AUGUR_OP_ (p, v, &)
#define __sync_or_and_fetch(p, v, ...) AUGUR_OP_ (p, v, |)
#define __sync_xor_and_fetch(p, v, ...) AUGUR_OP_ (p, v, ^)
#define __sync_bool_compare_and_swap(p, o, n, ...)                           \
  (AUGUR_AT_ (p), *(p) == (o) ? (*(p) = (n), 1) : 0)
#define __sync_val_compare_and_swap(p, o, n, ...)                            \
  __extension__ ({ __typeof__ (*(p)) augur_old_ = *(p); AUGUR_AT_ (p);       \
                   if (augur_old_ == (o)) *(p) = (n); augur_old_; })
#define __sync_lock_test_and_set(p, v, ...) AUGUR_XCHG_ (p, v)
#define __sync_lock_release(p, ...) ((void) (AUGUR_AT_ (p), *(p) = 0))

void *memcpy (void *, const void *, __SIZE_TYPE__);
void *memmove (void *, const void *, __SIZE_TYPE__);
void *memset (void *, int, __SIZE_TYPE__);
int memcmp (const void *, const void *, __SIZE_TYPE__);
#define __builtin_memcpy memcpy
#define __builtin_memmove memmove
#define __builtin_memset memset
#define __builtin_memcmp memcmp

#define _Float32 float
#define _Float64 double
#define _Float32x double
#define _Float64x long double
#define _Float128 long double

#define __int128 long long
#define __int128_t long long
#define __uint128_t unsigned long long

#endif /* AUGUR_FRAMA_C_H */
