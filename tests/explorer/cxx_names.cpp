// Races on C++ globals, named as the source names them: a file-static
// variable (symbol _ZL5ready), a namespace's struct member
// (_ZN5stats6totalsE+4), a class's static member (_ZN7Counter4hitsE) and
// a variable of an anonymous namespace; the thread function is a static
// method (_ZN7Counter4workEPv).  The findings, schedules and explanations
// named them by their mangled symbols.
#include <pthread.h>

static int ready;

namespace stats
{
struct Totals
{
  int started;
  int finished;
};
Totals totals;
}

struct Counter
{
  static int hits;
  static void *work (void *);
};
int Counter::hits;

namespace
{
int seen;
}

void *
Counter::work (void *)
{
  ready = 1;
  stats::totals.finished = 1;
  hits = 1;
  seen = 1;
  return nullptr;
}

static volatile int sink;

int
main ()
{
  pthread_t t;
  pthread_create (&t, nullptr, Counter::work, nullptr);
  int r = ready;
  int f = stats::totals.finished;
  int h = Counter::hits;
  int s = seen;
  pthread_join (t, nullptr);
  sink = r + f + h + s;
  return 0;
}
