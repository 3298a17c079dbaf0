/* The shared library of asm_atomic_dso.c: a counter incremented by an
 * atomic written in inline assembly, read with a builtin. */
int lib_counter;

int
lib_fetch_add (int v)
{
  __asm__ volatile ("lock; xaddl %0, %1" : "+r"(v), "+m"(lib_counter) : : "memory");
  return v;
}

int
lib_load (void)
{
  return __atomic_load_n (&lib_counter, __ATOMIC_SEQ_CST);
}
