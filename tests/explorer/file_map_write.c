/* A writer puts a value into a file with pwrite while a reader reads it
 * twice through a shared mapping of the file, unlocked: the pwrite can
 * land between the two reads and the assertion fails.  No instrumented
 * store changes the mapped memory; the pwrite does (runtime/rt-filemap.c). */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static int fd;
static volatile int *map;

static void *
writer (void *arg)
{
  (void) arg;
  int one = 1;
  if (pwrite (fd, &one, sizeof one, 64) != sizeof one)
    abort ();
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  int v1 = map[16];
  int v2 = map[16];
  assert (v1 == v2);
  return NULL;
}

int
main (void)
{
  char path[] = "/tmp/augur-file-map-XXXXXX";
  fd = mkstemp (path);
  if (fd < 0 || ftruncate (fd, 4096) != 0)
    return 2;
  unlink (path);
  map = mmap (NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED)
    return 2;
  pthread_t w, r;
  pthread_create (&r, NULL, reader, NULL);
  pthread_create (&w, NULL, writer, NULL);
  pthread_join (r, NULL);
  pthread_join (w, NULL);
  munmap ((void *) map, 4096);
  close (fd);
  return 0;
}
