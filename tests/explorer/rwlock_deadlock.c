/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * rwlock_deadlock — two lock-order deadlocks through a rwlock: a writer
 * waits for a reader (threads 1 and 2, on a and m), and a reader waits
 * for a writer (threads 3 and 4, on b and n).  Each deadlock must name
 * the rwlock, the mode asked for, and who holds it in which mode since
 * where, as a mutex's deadlock names its holder (test-lock-misuse.sh).
 */
#include <pthread.h>

static pthread_rwlock_t a = PTHREAD_RWLOCK_INITIALIZER;
static pthread_rwlock_t b = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t n = PTHREAD_MUTEX_INITIALIZER;

static void *
reader_then_m (void *arg)
{
  pthread_rwlock_rdlock (&a);
  pthread_mutex_lock (&m);     /* [deadlock] */
  pthread_mutex_unlock (&m);
  pthread_rwlock_unlock (&a);
  return arg;
}

static void *
m_then_writer (void *arg)
{
  pthread_mutex_lock (&m);
  pthread_rwlock_wrlock (&a);  /* [deadlock] */
  pthread_rwlock_unlock (&a);
  pthread_mutex_unlock (&m);
  return arg;
}

static void *
writer_then_n (void *arg)
{
  pthread_rwlock_wrlock (&b);
  pthread_mutex_lock (&n);     /* [deadlock] */
  pthread_mutex_unlock (&n);
  pthread_rwlock_unlock (&b);
  return arg;
}

static void *
n_then_reader (void *arg)
{
  pthread_mutex_lock (&n);
  pthread_rwlock_rdlock (&b);  /* [deadlock] */
  pthread_rwlock_unlock (&b);
  pthread_mutex_unlock (&n);
  return arg;
}

int
main (void)
{
  pthread_t t[4];
  pthread_create (&t[0], NULL, reader_then_m, NULL);
  pthread_create (&t[1], NULL, m_then_writer, NULL);
  pthread_create (&t[2], NULL, writer_then_n, NULL);
  pthread_create (&t[3], NULL, n_then_reader, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
