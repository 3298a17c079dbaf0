// Two threads add to a counter without a lock, in C++: a one-step
// `augur-cc prog.cpp -o prog` left the C++ source uninstrumented (only .c
// sources were compiled with the instrumentation on a link line), and the
// search said "complete" after one execution, no bug.
#include <cassert>
#include <pthread.h>

static int counter;

static void *
add (void *)
{
  counter++;
  return nullptr;
}

int
main ()
{
  pthread_t a, b;
  pthread_create (&a, nullptr, add, nullptr);
  pthread_create (&b, nullptr, add, nullptr);
  pthread_join (a, nullptr);
  pthread_join (b, nullptr);
  assert (counter == 2);
  return 0;
}
