/* Two workers race on an element of an array that their creator
 * alloca'd (as klib's kt_for does): no DWARF variable covers that
 * memory.  The race on slots[1].done must be named by the pointer the
 * workers load to reach it, jobs.slots[1].done, not by a stack offset;
 * the race on the alloca'd flag, which the workers reach through a
 * pointer stored in the alloca'd array itself, by the frame that holds
 * it: "alloca in run (cfa-0x...)". */
#include <alloca.h>
#include <pthread.h>

struct jobs;

struct slot
{
  struct jobs *jobs;
  long done;
  int *flag;
};

struct jobs
{
  int n;
  struct slot *slots;
};

static void *
worker (void *arg)
{
  struct slot *me = arg;
  struct jobs *j = me->jobs;
  j->slots[1].done++;   /* [data-race] */
  *me->flag = 1;        /* [data-race] */
  return NULL;
}

static __attribute__ ((noinline)) void
run (int n)
{
  struct jobs jobs;
  jobs.n = n;
  jobs.slots = alloca (n * sizeof *jobs.slots);
  int *flag = alloca (sizeof *flag);
  *flag = 0;
  pthread_t *tid = alloca (n * sizeof *tid);
  for (int i = 0; i < n; i++)
    jobs.slots[i].jobs = &jobs, jobs.slots[i].done = 0, jobs.slots[i].flag = flag;
  for (int i = 0; i < n; i++)
    pthread_create (&tid[i], NULL, worker, &jobs.slots[i]);
  for (int i = 0; i < n; i++)
    pthread_join (tid[i], NULL);
}

int
main (void)
{
  run (2);
  return 0;
}
