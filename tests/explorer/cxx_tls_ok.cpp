// A C++ program: libstdc++ has thread-local variables (the exceptions in
// flight, std::call_once's callable), and so has the program.  Its
// threads run as fibers with thread pointers of their own (rt-fiber.c),
// not as forked processes (100 times slower, as every C++ program ran
// before): each thread throws and catches its own exception, call_once
// runs once, and each thread counts its own calls.  No bug.
#include <cassert>
#include <mutex>
#include <pthread.h>
#include <stdexcept>
#include <string>

static std::mutex mu;
static int total;
static std::once_flag once;
static int inits;
static thread_local int calls;

static void *
work (void *arg)
{
  long i = (long) arg;
  std::call_once (once, [] { inits++; });
  try
    {
      if (i == 1)
        throw std::runtime_error ("one");
    }
  catch (const std::exception &e)
    {
      assert (std::string (e.what ()) == "one");
    }
  calls++;
  assert (calls == 1);
  std::lock_guard<std::mutex> g (mu);
  total += (int) i + 1;
  return nullptr;
}

int
main ()
{
  pthread_t a, b;
  pthread_create (&a, nullptr, work, (void *) 0L);
  pthread_create (&b, nullptr, work, (void *) 1L);
  pthread_join (a, nullptr);
  pthread_join (b, nullptr);
  assert (inits == 1 && total == 3);
  return 0;
}
