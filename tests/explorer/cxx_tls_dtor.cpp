// A thread_local object with a destructor: glibc runs it when its thread
// ends, which a fiber does without glibc, so the executions run as forked
// processes with real threads, and say why.  Both destructors run.
#include <cassert>
#include <pthread.h>
#include <string>

static int dtors;

struct Tracker
{
  std::string name = "x";
  ~Tracker () { __atomic_fetch_add (&dtors, 1, __ATOMIC_SEQ_CST); }
};

static thread_local Tracker tracker;

static void *
work (void *)
{
  tracker.name += "y";
  return nullptr;
}

int
main ()
{
  pthread_t a, b;
  pthread_create (&a, nullptr, work, nullptr);
  pthread_create (&b, nullptr, work, nullptr);
  pthread_join (a, nullptr);
  pthread_join (b, nullptr);
  assert (__atomic_load_n (&dtors, __ATOMIC_SEQ_CST) == 2);
  return 0;
}
