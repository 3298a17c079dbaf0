/* Heap locks and condition variables set up without an init call, by
 * copying a static initialiser there, as real code does: a struct copy
 * of a static const mutex, a compound literal of a recursive mutex's
 * initialiser, a memcpy of a local condition variable, a memset of the
 * whole struct to zero (glibc's default initialisers are zero bytes).
 * None is an uninitialised use, nor is the recursive one's second lock. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n, m;
  pthread_mutex_t lock;
  pthread_mutex_t rlock;
  pthread_cond_t more;
} Box;

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t done;
  int flag;
} Zeroed;

static const pthread_mutex_t lock_init = PTHREAD_MUTEX_INITIALIZER;
static Box *box;
static Zeroed *z;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&box->lock);
  box->n++;
  pthread_cond_signal (&box->more);
  pthread_mutex_unlock (&box->lock);
  pthread_mutex_lock (&box->rlock);
  pthread_mutex_lock (&box->rlock);
  box->m++;
  pthread_mutex_unlock (&box->rlock);
  pthread_mutex_unlock (&box->rlock);
  pthread_mutex_lock (&z->lock);
  z->flag = 1;
  pthread_cond_broadcast (&z->done);
  pthread_mutex_unlock (&z->lock);
  return arg;
}

int
main (void)
{
  box = malloc (sizeof *box);
  box->n = 0;
  box->lock = lock_init;
  box->rlock = (pthread_mutex_t) PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
  pthread_cond_t c = PTHREAD_COND_INITIALIZER;
  memcpy (&box->more, &c, sizeof c);
  z = malloc (sizeof *z);
  memset (z, 0, sizeof *z);

  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&box->lock);
  while (box->n == 0)
    pthread_cond_wait (&box->more, &box->lock);
  pthread_mutex_unlock (&box->lock);
  pthread_mutex_lock (&z->lock);
  while (!z->flag)
    pthread_cond_wait (&z->done, &z->lock);
  pthread_mutex_unlock (&z->lock);
  pthread_join (t, NULL);
  free (z);
  free (box);
  return 0;
}
