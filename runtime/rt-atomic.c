/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rt-atomic.c — the __tsan_atomic* entry points: loads, stores, exchanges,
 * fetch-and-op, compare-and-exchange (strong, weak, val) for 8 to 128 bits,
 * and fences.
 *
 * For the trace, an atomic's slot order must be its real order: two atomics
 * on one address must appear in the order memory applied them, or the
 * reader would see a load return a value that had not been stored yet.  So
 * while recording, the real operation and the slot reservation happen
 * together under a spinlock chosen by address (striped: 512 cache-line
 * locks), and the record carries the value actually loaded or stored.
 * Atomics on different addresses do not contend, and when not recording no
 * lock is taken at all.
 *
 * The real operation is always done sequentially consistent: stronger than
 * any order the program asked for, so always correct; the asked-for order
 * is what the record keeps (flags bits 4-6).
 *
 * 128-bit atomics are done under the stripe lock in both modes, which makes
 * them atomic with respect to each other without libatomic.  Their record
 * keeps the low 64 bits of the value, and the size field (4 bits) cannot
 * say 16: it holds 0.
 */
#include "config.h"

#include "runtime/rt-internal.h"
#include "runtime/rt-packed.h"
#include "runtime/rt-sched.h"

#include <sched.h>

typedef unsigned __int128 rt_u128;

#define STRIPES 512u

typedef struct {
  int locked;
  char pad[64 - sizeof (int)];
} Stripe;

static Stripe stripes[STRIPES] __attribute__ ((aligned (64)));

RT_INLINE Stripe *
stripe_of (const volatile void *a)
{
  uintptr_t k = (uintptr_t) a >> 3;
  return &stripes[(k * 0x9e3779b97f4a7c15ul) >> (64 - 9)];
}

RT_INLINE void
stripe_lock (Stripe *s)
{
  unsigned spins = 0;
  for (;;)
    {
      if (!__atomic_exchange_n (&s->locked, 1, __ATOMIC_ACQUIRE))
        return;
      while (__atomic_load_n (&s->locked, __ATOMIC_RELAXED))
        {
          if (++spins < 128)
            __builtin_ia32_pause ();
          else
            rt_sys_sched_yield ();
        }
    }
}

RT_INLINE void
stripe_unlock (Stripe *s)
{
  __atomic_store_n (&s->locked, 0, __ATOMIC_RELEASE);
}

RT_INLINE bool
atomic_on (void)
{
  return rt_is_active () && rt_self.off_access == 0;
}

/* Memory orders as the format numbers them (0 relaxed .. 5 seq_cst).  gcc
 * may pass extra bits (HLE hints, __sync's flag) above the order. */
RT_INLINE uint8_t
order_bits (int mo)
{
  unsigned o = (unsigned) mo & 0x7u;
  if (o > 5)
    o = 5;
  return (uint8_t) (o << AUGUR_FLAG_ORDER_SHIFT);
}

/* The record of an atomic (the scheduling point is the caller's) */
RT_INLINE void
prepare_record (AugurRecord *r, uint8_t kind, unsigned size, int mo, uint32_t aux,
                const volatile void *a, uintptr_t ra)
{
  r->kind = kind;
  r->flags = (uint8_t) ((size & AUGUR_FLAG_SIZE_MASK) | order_bits (mo));
  r->check = 0;
  r->tid = rt_tid ();
  r->aux = aux;
  r->addr = (uint64_t) (uintptr_t) a;
  r->arg = 0;
  rt_pc (ra, r);
}

RT_INLINE void
prepare (AugurRecord *r, uint8_t kind, unsigned size, int mo, uint32_t aux,
         const volatile void *a, uintptr_t ra)
{
  if (rt_sched_is_on ())
    rt_sched_atomic (kind, a, size, mo, ra);
  prepare_record (r, kind, size, mo, aux, a, ra);
}

/* ------------------------------------------------------------------ */
/* 8 to 64 bits: the hardware does the operation. */

#define RMW_OP(bits, T, name, opcode, builtin)                                       \
  RT_EXPORT T __tsan_atomic##bits##_##name (volatile T *a, T v, int mo)             \
  {                                                                                 \
    if (RT_LIKELY (!atomic_on ()))                                                  \
      return builtin (a, v, __ATOMIC_SEQ_CST);                                      \
    AugurRecord r;                                                                  \
    prepare (&r, AUGUR_EV_ATOMIC_RMW, bits / 8, mo, opcode, a, RT_RA ());           \
    Stripe *s = stripe_of (a);                                                      \
    stripe_lock (s);                                                                \
    T old = builtin (a, v, __ATOMIC_SEQ_CST);                                       \
    r.arg = (uint64_t) (u##T) old;                                                  \
    rt_emit_packed (&r);                                                            \
    stripe_unlock (s);                                                              \
    return old;                                                                     \
  }

#define ATOMIC_FAMILY(bits, T)                                                         \
  typedef unsigned T u##T;                                                             \
  RT_EXPORT T __tsan_atomic##bits##_load (const volatile T *a, int mo)                 \
  {                                                                                    \
    if (RT_LIKELY (!atomic_on ()))                                                     \
      return __atomic_load_n (a, __ATOMIC_SEQ_CST);                                    \
    AugurRecord r;                                                                     \
    prepare (&r, AUGUR_EV_ATOMIC_LOAD, bits / 8, mo, 0, a, RT_RA ());                  \
    Stripe *s = stripe_of (a);                                                         \
    stripe_lock (s);                                                                   \
    T v = __atomic_load_n (a, __ATOMIC_SEQ_CST);                                       \
    r.arg = (uint64_t) (u##T) v;                                                       \
    rt_emit_packed (&r);                                                               \
    stripe_unlock (s);                                                                 \
    return v;                                                                          \
  }                                                                                    \
  RT_EXPORT void __tsan_atomic##bits##_store (volatile T *a, T v, int mo)              \
  {                                                                                    \
    if (RT_LIKELY (!atomic_on ()))                                                     \
      {                                                                                \
        __atomic_store_n (a, v, __ATOMIC_SEQ_CST);                                     \
        return;                                                                        \
      }                                                                                \
    AugurRecord r;                                                                     \
    prepare (&r, AUGUR_EV_ATOMIC_STORE, bits / 8, mo, 0, a, RT_RA ());                 \
    r.arg = (uint64_t) (u##T) v;                                                       \
    Stripe *s = stripe_of (a);                                                         \
    stripe_lock (s);                                                                   \
    __atomic_store_n (a, v, __ATOMIC_SEQ_CST);                                         \
    rt_emit_packed (&r);                                                               \
    stripe_unlock (s);                                                                 \
  }                                                                                    \
  RMW_OP (bits, T, exchange, AUGUR_ATOMIC_OP_XCHG, __atomic_exchange_n)                \
  RMW_OP (bits, T, fetch_add, AUGUR_ATOMIC_OP_ADD, __atomic_fetch_add)                 \
  RMW_OP (bits, T, fetch_sub, AUGUR_ATOMIC_OP_SUB, __atomic_fetch_sub)                 \
  RMW_OP (bits, T, fetch_and, AUGUR_ATOMIC_OP_AND, __atomic_fetch_and)                 \
  RMW_OP (bits, T, fetch_or, AUGUR_ATOMIC_OP_OR, __atomic_fetch_or)                    \
  RMW_OP (bits, T, fetch_xor, AUGUR_ATOMIC_OP_XOR, __atomic_fetch_xor)                 \
  RMW_OP (bits, T, fetch_nand, AUGUR_ATOMIC_OP_NAND, __atomic_fetch_nand)              \
  /* CAS: arg = the value found, aux = 1 if it was replaced */                          \
  static inline __attribute__ ((always_inline)) int                                    \
  cas##bits (volatile T *a, T *expected, T v, int mo, uintptr_t ra)                    \
  {                                                                                    \
    if (RT_LIKELY (!atomic_on ()))                                                     \
      return __atomic_compare_exchange_n (a, expected, v, false, __ATOMIC_SEQ_CST,     \
                                          __ATOMIC_SEQ_CST);                           \
    AugurRecord r;                                                                     \
    prepare (&r, AUGUR_EV_ATOMIC_CAS, bits / 8, mo, 0, a, ra);                         \
    Stripe *s = stripe_of (a);                                                         \
    stripe_lock (s);                                                                   \
    T want = *expected;                                                                \
    int ok = __atomic_compare_exchange_n (a, expected, v, false, __ATOMIC_SEQ_CST,     \
                                          __ATOMIC_SEQ_CST);                           \
    r.arg = (uint64_t) (u##T) (ok ? want : *expected);                                 \
    r.aux = (uint32_t) ok;                                                             \
    if (rt_sched_is_on ())                                                             \
      rt_sched_cas_result (ok);                                                        \
    rt_emit_packed (&r);                                                               \
    stripe_unlock (s);                                                                 \
    return ok;                                                                         \
  }                                                                                    \
  RT_EXPORT int __tsan_atomic##bits##_compare_exchange_strong (volatile T *a, T *c, T v, \
                                                               int mo, int fmo)        \
  {                                                                                    \
    (void) fmo;                                                                        \
    return cas##bits (a, c, v, mo, RT_RA ());                                          \
  }                                                                                    \
  RT_EXPORT int __tsan_atomic##bits##_compare_exchange_weak (volatile T *a, T *c, T v, \
                                                             int mo, int fmo)          \
  {                                                                                    \
    (void) fmo;                                                                        \
    return cas##bits (a, c, v, mo, RT_RA ());                                          \
  }                                                                                    \
  RT_EXPORT T __tsan_atomic##bits##_compare_exchange_val (volatile T *a, T c, T v,     \
                                                          int mo, int fmo)             \
  {                                                                                    \
    (void) fmo;                                                                        \
    cas##bits (a, &c, v, mo, RT_RA ());                                                \
    return c;                                                                          \
  }

ATOMIC_FAMILY (8, char)
ATOMIC_FAMILY (16, short)
ATOMIC_FAMILY (32, int)
ATOMIC_FAMILY (64, long)

uint32_t
rt_atomic_load32_span_at (const volatile uint32_t *a, uint32_t n, int mo, uintptr_t ra)
{
  if (RT_LIKELY (!atomic_on ()))
    return __atomic_load_n (a, __ATOMIC_SEQ_CST);
  if (rt_sched_is_on ())
    rt_sched_atomic (AUGUR_EV_ATOMIC_LOAD, a, n * 4u, mo, ra);
  AugurRecord r;
  prepare_record (&r, AUGUR_EV_ATOMIC_LOAD, 4, mo, 0, a, ra);
  Stripe *s = stripe_of (a);
  stripe_lock (s);
  uint32_t v = __atomic_load_n (a, __ATOMIC_SEQ_CST);
  r.arg = v;
  rt_emit_packed (&r);
  stripe_unlock (s);
  return v;
}

uint32_t
rt_atomic_load32_at (const volatile uint32_t *a, int mo, uintptr_t ra)
{
  return rt_atomic_load32_span_at (a, 1, mo, ra);
}

uint32_t
rt_atomic_add32_at (volatile uint32_t *a, uint32_t v, int mo, uintptr_t ra)
{
  return rt_atomic_add32_note_at (a, v, mo, 0, ra);
}

uint32_t
rt_atomic_add32_note_at (volatile uint32_t *a, uint32_t v, int mo, uint32_t note, uintptr_t ra)
{
  if (RT_LIKELY (!atomic_on ()))
    return __atomic_fetch_add (a, v, __ATOMIC_SEQ_CST);
  AugurRecord r;
  prepare (&r, AUGUR_EV_ATOMIC_RMW, 4, mo, AUGUR_ATOMIC_OP_ADD | note, a, ra);
  Stripe *s = stripe_of (a);
  stripe_lock (s);
  uint32_t old = __atomic_fetch_add (a, v, __ATOMIC_SEQ_CST);
  r.arg = old;
  rt_emit_packed (&r);
  stripe_unlock (s);
  return old;
}

int
rt_atomic_add32_if_at (volatile uint32_t *a, uint32_t v, int mo, int (*go) (const void *),
                       const void *arg, uintptr_t ra)
{
  if (RT_LIKELY (!atomic_on ()))
    {
      if (!go (arg))
        return 0;
      __atomic_fetch_add (a, v, __ATOMIC_SEQ_CST);
      return 1;
    }
  AugurRecord r;
  prepare (&r, AUGUR_EV_ATOMIC_RMW, 4, mo, AUGUR_ATOMIC_OP_ADD, a, ra);
  int ok = go (arg);
  Stripe *s = stripe_of (a);
  stripe_lock (s);
  if (ok)
    r.arg = __atomic_fetch_add (a, v, __ATOMIC_SEQ_CST);
  else
    {
      r.kind = AUGUR_EV_ATOMIC_LOAD;
      r.aux = 0;
      r.arg = __atomic_load_n (a, __ATOMIC_SEQ_CST);
      if (rt_sched_is_on ())
        rt_sched_cas_result (0);
    }
  rt_emit_packed (&r);
  stripe_unlock (s);
  return ok;
}

/* ------------------------------------------------------------------ */
/* 128 bits: under the stripe lock, always.  The scheduling point comes
 * first (prepare, as for the other sizes): a thread that reached it while
 * holding the stripe lock would keep every other 16-byte atomic of that
 * stripe spinning for ever when the scheduler hands the token over. */

typedef __int128 a128;

RT_INLINE void
lock128 (const volatile void *a, Stripe **s)
{
  *s = stripe_of (a);
  stripe_lock (*s);
}

RT_INLINE void
begin128 (AugurRecord *r, uint8_t kind, int mo, uint32_t aux, const volatile void *a, uintptr_t ra,
          bool on)
{
  if (on)
    prepare (r, kind, 16, mo, aux, a, ra);
}

RT_INLINE void
emit128 (AugurRecord *r, a128 value, bool on)
{
  if (!on)
    return;
  r->arg = (uint64_t) (rt_u128) value;
  rt_emit_packed (r);
}

RT_EXPORT a128
__tsan_atomic128_load (const volatile a128 *a, int mo)
{
  bool on = atomic_on ();
  AugurRecord r;
  begin128 (&r, AUGUR_EV_ATOMIC_LOAD, mo, 0, a, RT_RA (), on);
  Stripe *s;
  lock128 (a, &s);
  a128 v = *(const a128 *) a;
  emit128 (&r, v, on);
  stripe_unlock (s);
  return v;
}

RT_EXPORT void
__tsan_atomic128_store (volatile a128 *a, a128 v, int mo)
{
  bool on = atomic_on ();
  AugurRecord r;
  begin128 (&r, AUGUR_EV_ATOMIC_STORE, mo, 0, a, RT_RA (), on);
  Stripe *s;
  lock128 (a, &s);
  *(a128 *) a = v;
  emit128 (&r, v, on);
  stripe_unlock (s);
}

#define RMW128(name, opcode, expr)                                                   \
  RT_EXPORT a128 __tsan_atomic128_##name (volatile a128 *a, a128 v, int mo)          \
  {                                                                                  \
    bool on = atomic_on ();                                                          \
    AugurRecord r;                                                                   \
    begin128 (&r, AUGUR_EV_ATOMIC_RMW, mo, opcode, a, RT_RA (), on);                 \
    Stripe *s;                                                                       \
    lock128 (a, &s);                                                                 \
    a128 old = *(a128 *) a;                                                          \
    *(a128 *) a = (expr);                                                            \
    emit128 (&r, old, on);                                                           \
    stripe_unlock (s);                                                               \
    return old;                                                                      \
  }

RMW128 (exchange, AUGUR_ATOMIC_OP_XCHG, v)
RMW128 (fetch_add, AUGUR_ATOMIC_OP_ADD, (a128) ((rt_u128) old + (rt_u128) v))
RMW128 (fetch_sub, AUGUR_ATOMIC_OP_SUB, (a128) ((rt_u128) old - (rt_u128) v))
RMW128 (fetch_and, AUGUR_ATOMIC_OP_AND, old & v)
RMW128 (fetch_or, AUGUR_ATOMIC_OP_OR, old | v)
RMW128 (fetch_xor, AUGUR_ATOMIC_OP_XOR, old ^ v)
RMW128 (fetch_nand, AUGUR_ATOMIC_OP_NAND, ~(old & v))

static int
cas128 (volatile a128 *a, a128 *c, a128 v, int mo, uintptr_t ra)
{
  bool on = atomic_on ();
  AugurRecord r;
  begin128 (&r, AUGUR_EV_ATOMIC_CAS, mo, 0, a, ra, on);
  Stripe *s;
  lock128 (a, &s);
  a128 cur = *(a128 *) a;
  int ok = cur == *c;
  if (ok)
    *(a128 *) a = v;
  else
    *c = cur;
  if (on)
    {
      r.aux = (uint32_t) ok;
      if (rt_sched_is_on ())
        rt_sched_cas_result (ok);
    }
  emit128 (&r, cur, on);
  stripe_unlock (s);
  return ok;
}

RT_EXPORT int
__tsan_atomic128_compare_exchange_strong (volatile a128 *a, a128 *c, a128 v, int mo, int fmo)
{
  (void) fmo;
  return cas128 (a, c, v, mo, RT_RA ());
}

RT_EXPORT int
__tsan_atomic128_compare_exchange_weak (volatile a128 *a, a128 *c, a128 v, int mo, int fmo)
{
  (void) fmo;
  return cas128 (a, c, v, mo, RT_RA ());
}

RT_EXPORT a128
__tsan_atomic128_compare_exchange_val (volatile a128 *a, a128 c, a128 v, int mo, int fmo)
{
  (void) fmo;
  cas128 (a, &c, v, mo, RT_RA ());
  return c;
}

/* ------------------------------------------------------------------ */
/* Fences.  A thread fence is an event; a signal fence only constrains the
 * compiler within one thread and is not recorded. */

RT_EXPORT void
__tsan_atomic_thread_fence (int mo)
{
  __atomic_thread_fence (__ATOMIC_SEQ_CST);
  if (RT_LIKELY (!atomic_on ()))
    return;
  AugurRecord r;
  prepare (&r, AUGUR_EV_FENCE, 0, mo, 0, NULL, RT_RA ());
  rt_emit_packed (&r);
}

RT_EXPORT void
__tsan_atomic_signal_fence (int mo)
{
  (void) mo;
  __atomic_signal_fence (__ATOMIC_SEQ_CST);
}
