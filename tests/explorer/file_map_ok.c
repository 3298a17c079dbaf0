/* The same as file_map_write.c with the pwrite (a writev here, through a
 * second descriptor of the file) and the two reads under one mutex, and
 * a large block freed before the program maps memory where it lay: no
 * finding (a read of the new mapping is no use of the freed block). */
#include <assert.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int fd2;
static volatile int *map;

static void *
writer (void *arg)
{
  (void) arg;
  int one = 1;
  struct iovec iov = { &one, sizeof one };
  pthread_mutex_lock (&m);
  if (lseek (fd2, 64, SEEK_SET) != 64 || writev (fd2, &iov, 1) != sizeof one)
    abort ();
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  int v1 = map[16];
  int v2 = map[16];
  pthread_mutex_unlock (&m);
  assert (v1 == v2);
  return NULL;
}

int
main (void)
{
  char *big = malloc (1 << 20);   /* glibc maps it, and unmaps it on free */
  big[528] = 1;
  free (big);
  char path[] = "/tmp/augur-file-map-XXXXXX";
  int fd = mkstemp (path);
  if (fd < 0 || ftruncate (fd, 4096) != 0)
    return 2;
  fd2 = open (path, O_RDWR);
  unlink (path);
  char *anon = mmap (NULL, (1 << 20) + 4096, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  map = mmap (NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
  if (fd2 < 0 || anon == MAP_FAILED || map == MAP_FAILED)
    return 2;
  int seen = anon[528 + 16];
  pthread_t w, r;
  pthread_create (&r, NULL, reader, NULL);
  pthread_create (&w, NULL, writer, NULL);
  pthread_join (r, NULL);
  pthread_join (w, NULL);
  munmap ((void *) map, 4096);
  munmap (anon, (1 << 20) + 4096);
  close (fd);
  close (fd2);
  return seen;
}
