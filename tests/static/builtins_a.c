/* builtins, with builtins_b.c: GCC's __atomic and __sync builtins used on
 * different types in two files (Frama-C declares a builtin with its first
 * use's types, and the two files did not link), the same for
 * __builtin_memmove on void and on byte pointers (zstd), and __int128,
 * which Frama-C cannot parse.  The facts must be complete, the atomics
 * atomic, and the plain race on `plain` a candidate. */
extern int flag;
extern long total;
extern int plain;

void
add (long v)
{
  __atomic_fetch_add (&total, v, __ATOMIC_SEQ_CST);
  __sync_fetch_and_add (&total, 1);
}

int
get (void)
{
  return __atomic_load_n (&flag, __ATOMIC_ACQUIRE) + plain;
}

void
set_total (long v)
{
  __atomic_store_n (&total, v, __ATOMIC_RELEASE);
}

void
move (void *d, const void *s, unsigned long n)
{
  __builtin_memmove (d, s, n);
}
