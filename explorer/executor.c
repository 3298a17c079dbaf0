/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * executor.c — the fork server's client; see executor.h.
 *
 * The program is started with GSubprocess: the launcher places the three
 * descriptors of the protocol at their fixed numbers 3, 4, 5, and a child
 * setup puts the server in a process group of its own without address
 * randomisation.  GLib reaps the server (a child watch on its worker
 * thread): it is waited for through the GSubprocess only, never with
 * waitpid, which would race with that watch.  The server says "R" on the
 * status pipe once it is up; a program that exits without saying it was
 * not built with augur-cc.  Each execution is one byte on the command pipe
 * and one byte back; the watchdog kills the execution's process (its pid is
 * in the page), never the server.
 */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include "explorer/executor.h"

#include "common/child-wait.h"
#include "common/program-check.h"

#include <gio/gio.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <unistd.h>


struct _AugurExecutor {
  AugurSchedShm *shm;
  int cmd_w;
  int status_r;
  GSubprocess *server;   /* NULL: not started */
  int stdin_fd;       /* the explored runs' standard input (see below) */
  gboolean rewind;    /* a file (--stdin), put back at its start before each run */
};

/* ---- standard input of the explored runs ----
 * Every execution reads the same input: /dev/null, or the file given with
 * --stdin.  The server and its executions share one open file description
 * with ex->stdin_fd, so rewinding it before each execution gives each one
 * the file from its start (/dev/null has none: no system call per run). */
static char *stdin_path;   /* NULL: /dev/null */

void
augur_executor_set_stdin (const char *path)
{
  g_free (stdin_path);
  stdin_path = g_strdup (path);
}

static int
open_stdin (GError **error)
{
  const char *path = stdin_path != NULL ? stdin_path : "/dev/null";
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd >= 0 && stdin_path != NULL && (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)))
    {
      close (fd);
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_SPAWN,
                   "--stdin %s: not a regular file (every run reads it from its start)", path);
      return -1;
    }
  if (fd < 0)
    g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_SPAWN, "cannot read %s: %s",
                 path, g_strerror (errno));
  return fd;
}

int
augur_executor_make_page (AugurSchedShm **out, GError **error)
{
  int fd = memfd_create ("augur-sched", 0);
  if (fd < 0 || ftruncate (fd, sizeof (AugurSchedShm)) != 0)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED,
                   "cannot create the shared scheduling page: %s", g_strerror (errno));
      if (fd >= 0)
        close (fd);
      return -1;
    }
  void *p = mmap (NULL, sizeof (AugurSchedShm), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED,
                   "cannot map the shared scheduling page: %s", g_strerror (errno));
      close (fd);
      return -1;
    }
  AugurSchedShm *shm = p;
  shm->magic = AUGUR_SCHED_MAGIC;
  shm->version = AUGUR_SCHED_VERSION;
  shm->max_steps = AUGUR_SCHED_MAX_STEPS;
  shm->server_cpu = -1;
  *out = shm;
  return fd;
}

const char *
augur_executor_server_pid (AugurExecutor *ex)
{
  return ex->server != NULL ? g_subprocess_get_identifier (ex->server) : NULL;
}

AugurSchedShm *
augur_executor_shm (AugurExecutor *ex)
{
  return ex->shm;
}

/* How long a server has to end by itself once its command pipe is
 * closed, before it is killed. */
#define SERVER_END_MS 200

void
augur_executor_free (AugurExecutor *ex)
{
  if (ex == NULL)
    return;
  if (ex->cmd_w >= 0)
    close (ex->cmd_w);
  if (ex->status_r >= 0)
    close (ex->status_r);
  if (ex->server != NULL)
    {
      /* closing the command pipe ends the server; do not wait for ever:
       * killed (SIGKILL) past its time, and reaped either way */
      AugurChildWatch watch = { .timeout_ms = SERVER_END_MS };
      augur_child_wait (ex->server, &watch);
      g_object_unref (ex->server);
    }
  if (ex->shm != NULL)
    munmap (ex->shm, sizeof (AugurSchedShm));
  if (ex->stdin_fd >= 0)
    close (ex->stdin_fd);
  g_free (ex);
}

/* ---- the CPU of each server ----
 * A fork server pins itself to one CPU (runtime/rt-sched-server.c), and the
 * thread that drives it pins itself there too (augur_executor_pin_caller).
 * Each execution is a round trip between the two, and on a virtual machine
 * waking a process that sleeps on another CPU costs tens of microseconds,
 * as much as an execution (`make bench-wake`: a pipe round trip of 3.0 us
 * on one CPU, 76.7 us across two; doc/design.md, "Execution server").  The
 * first server a process starts stays where it starts, as concurrent augur
 * processes then spread over the CPUs; each later one (--jobs) is given the
 * next CPU of augur's own set after the last one's, so that two servers of
 * one search do not share a CPU while another is idle.  An MPI rank's
 * first server takes the CPU of its rank on the node. */
static gint last_cpu = -1;  /* the CPU of the last server started; -1: none yet (atomic) */

/* The CPU for the next server, or -1: where it starts. */
static int
next_server_cpu (void)
{
  cpu_set_t set;
  if (sched_getaffinity (0, sizeof set, &set) != 0 || CPU_COUNT (&set) <= 1)
    return -1;
  int from = g_atomic_int_get (&last_cpu);
  if (from < 0)
    {
      const char *lr = g_getenv ("OMPI_COMM_WORLD_LOCAL_RANK");
      if (lr == NULL)
        return -1;
      int nth = (int) (g_ascii_strtoull (lr, NULL, 10) % (guint64) CPU_COUNT (&set));
      for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET (cpu, &set) && nth-- == 0)
          return cpu;
      return -1;
    }
  for (int k = 1; k <= CPU_SETSIZE; k++)
    if (CPU_ISSET ((from + k) % CPU_SETSIZE, &set))
      return (from + k) % CPU_SETSIZE;
  return -1;
}

gboolean
augur_executor_pin_caller (AugurExecutor *ex, AugurExecutorPin *pin)
{
  pin->pinned = FALSE;
  int cpu = ex->shm->server_cpu;
  if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getaffinity (0, sizeof pin->saved, &pin->saved) != 0
      || !CPU_ISSET (cpu, &pin->saved))
    return FALSE;
  cpu_set_t one;
  CPU_ZERO (&one);
  CPU_SET (cpu, &one);
  pin->pinned = sched_setaffinity (0, sizeof one, &one) == 0;
  return pin->pinned;
}

void
augur_executor_unpin_caller (AugurExecutorPin *pin)
{
  if (pin->pinned)
    sched_setaffinity (0, sizeof pin->saved, &pin->saved);
  pin->pinned = FALSE;
}

/* Waits for one byte; returns 1 read, 0 EOF, -1 timeout/error. */
static int
read_byte (int fd, double timeout, char *c)
{
  gint64 deadline = timeout > 0 ? g_get_monotonic_time () + (gint64) (timeout * 1e6) : 0;
  for (;;)
    {
      int ms = -1;
      if (deadline)
        {
          gint64 left = deadline - g_get_monotonic_time ();
          if (left <= 0)
            return -1;
          ms = (int) ((left + 999) / 1000);
        }
      struct pollfd pfd = { .fd = fd, .events = POLLIN };
      int r = poll (&pfd, 1, ms);
      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        return -1;
      ssize_t n = read (fd, c, 1);
      if (n < 0 && errno == EINTR)
        continue;
      return n == 1 ? 1 : 0;
    }
}

/* Runs in the server's process between fork and exec: async-signal-safe
 * calls only. */
static void
server_setup (gpointer data)
{
  (void) data;
  /* its own process group: a Ctrl-C at the terminal is augur's to
   * handle (common/interrupt.h), not a crash of the execution */
  setpgid (0, 0);
  /* the same layout in every server (augur_executor_same_layout) */
  int persona = personality (0xffffffff);
  if (persona != -1)
    personality ((unsigned long) persona | ADDR_NO_RANDOMIZE);
}

/* The errno behind a failed exec, as GLib reports it (0: not one). */
static int
spawn_errno (const GError *error)
{
  static const struct { int code, err; } table[] = {
    { G_SPAWN_ERROR_ACCES, EACCES },   { G_SPAWN_ERROR_PERM, EPERM },
    { G_SPAWN_ERROR_TOO_BIG, E2BIG },  { G_SPAWN_ERROR_NOEXEC, ENOEXEC },
    { G_SPAWN_ERROR_NAMETOOLONG, ENAMETOOLONG }, { G_SPAWN_ERROR_NOENT, ENOENT },
    { G_SPAWN_ERROR_NOMEM, ENOMEM },   { G_SPAWN_ERROR_NOTDIR, ENOTDIR },
    { G_SPAWN_ERROR_LOOP, ELOOP },     { G_SPAWN_ERROR_TXTBUSY, ETXTBSY },
    { G_SPAWN_ERROR_IO, EIO },         { G_SPAWN_ERROR_NFILE, ENFILE },
    { G_SPAWN_ERROR_MFILE, EMFILE },   { G_SPAWN_ERROR_INVAL, EINVAL },
    { G_SPAWN_ERROR_ISDIR, EISDIR },   { G_SPAWN_ERROR_LIBBAD, ELIBBAD },
  };
  if (error->domain != G_SPAWN_ERROR)
    return 0;
  for (gsize k = 0; k < G_N_ELEMENTS (table); k++)
    if (table[k].code == error->code)
      return table[k].err;
  return 0;
}

/* Starts the server with fds 3, 4, 5 = memfd, command (read end), status
 * (write end), all three taken (closed here, whatever happens). */
static GSubprocess *
spawn_server (const char *const *argv, gboolean show_output, int stdin_fd, int memfd, int cmd_r,
              int status_w, GError **error)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (
    show_output ? G_SUBPROCESS_FLAGS_NONE
                : G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_take_fd (launcher, memfd, 3);
  g_subprocess_launcher_take_fd (launcher, cmd_r, 4);
  g_subprocess_launcher_take_fd (launcher, status_w, 5);
  /* the server and augur share the input's open file description
   * (rewound before each execution) */
  int in = fcntl (stdin_fd, F_DUPFD_CLOEXEC, 0);
  if (in < 0)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED, "dup: %s",
                   g_strerror (errno));
      return NULL;
    }
  g_subprocess_launcher_take_stdin_fd (launcher, in);
  g_subprocess_launcher_set_child_setup (launcher, server_setup, NULL, NULL);
  g_subprocess_launcher_setenv (launcher, AUGUR_ENV_SCHED, "3,4,5", TRUE);
  /* resolve every symbol once in the server, not in each execution */
  g_subprocess_launcher_setenv (launcher, "LD_BIND_NOW", "1", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "AUGUR_TRACE");
  int cpu = next_server_cpu ();
  if (cpu >= 0)
    {
      char buf[16];
      g_snprintf (buf, sizeof buf, "%d", cpu);
      g_subprocess_launcher_setenv (launcher, AUGUR_ENV_SERVER_CPU, buf, TRUE);
    }
  else
    g_subprocess_launcher_unsetenv (launcher, AUGUR_ENV_SERVER_CPU);
  /* what augur printed comes before what the program prints */
  fflush (NULL);
  g_autoptr (GError) spawn_error = NULL;
  GSubprocess *server = g_subprocess_launcher_spawnv (launcher, argv, &spawn_error);
  if (server == NULL)
    {
      int e = spawn_errno (spawn_error);
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_SPAWN, "cannot run %s: %s",
                   argv[0], e != 0 ? g_strerror (e) : spawn_error->message);
    }
  return server;
}

/* Why the server did not say "R" (r: read_byte's answer): not built with
 * augur-cc, or built with it and gone before main (a constructor that
 * exits or crashes), or stuck. */
static void
explain_no_start (AugurExecutor *ex, const char *const *argv, int r, GError **error)
{
  g_autoptr (GError) check = NULL;
  g_autofree char *path = augur_program_check (argv[0], &check);
  if (path == NULL)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NOT_INSTRUMENTED, "%s",
                   check->message);
      return;
    }
  /* the channel closes as the process exits: its status follows at once,
   * unless it closed the channel and lives on (then it is killed) */
  AugurChildWatch watch = { .timeout_ms = SERVER_END_MS };
  gboolean ended = r == 0 && augur_child_wait (ex->server, &watch) == AUGUR_CHILD_ENDED;
  g_autofree char *how = NULL;
  if (ex->shm->magic == AUGUR_SCHED_MAGIC_OTHER)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NOT_INSTRUMENTED,
                   "%s was built with another version of augur: its runtime speaks the "
                   "scheduler's format %u, this augur format %u; rebuild it with this augur's "
                   "augur-cc (or run the augur it was built with)", argv[0], ex->shm->version,
                   AUGUR_SCHED_VERSION);
      return;
    }
  if (r < 0)
    how = g_strdup ("it did not answer within 30 s (a constructor that blocks?)");
  else if (ended && g_subprocess_get_if_exited (ex->server))
    how = g_strdup_printf ("it exited with status %d before main ran",
                           g_subprocess_get_exit_status (ex->server));
  else if (ended && g_subprocess_get_if_signaled (ex->server))
    how = g_strdup_printf ("it was killed by %s before main ran",
                           g_strsignal (g_subprocess_get_term_sig (ex->server)));
  else
    how = g_strdup ("it closed the channel to augur before main ran");
  g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NOT_INSTRUMENTED,
               "%s links augur's runtime, but its scheduler did not start: %s; run it alone "
               "to see what it prints (built with another augur's augur-cc? rebuild it with "
               "this one's)", argv[0], how);
}

AugurExecutor *
augur_executor_new (const char *const *argv, gboolean show_output, GError **error)
{
  /* a program whose code augur-cc did not compile would run one
   * schedule, "complete": refused before it starts */
  g_autoptr (GError) check = NULL;
  g_autofree char *checked = augur_program_check (argv[0], &check);
  if (checked == NULL && g_error_matches (check, AUGUR_PROGRAM_ERROR, AUGUR_PROGRAM_ERROR_NOT_AUGUR))
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NOT_INSTRUMENTED, "%s",
                   check->message);
      return NULL;
    }
  g_autoptr (AugurExecutor) ex = g_new0 (AugurExecutor, 1);
  ex->cmd_w = ex->status_r = -1;
  ex->stdin_fd = open_stdin (error);
  if (ex->stdin_fd < 0)
    return NULL;
  ex->rewind = stdin_path != NULL;
  int memfd = augur_executor_make_page (&ex->shm, error);
  if (memfd < 0)
    return NULL;
  int cmd[2], status[2];
  if (pipe2 (cmd, O_CLOEXEC) != 0)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED, "pipe: %s",
                   g_strerror (errno));
      close (memfd);
      return NULL;
    }
  if (pipe2 (status, O_CLOEXEC) != 0)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED, "pipe: %s",
                   g_strerror (errno));
      close (memfd);
      close (cmd[0]);
      close (cmd[1]);
      return NULL;
    }
  ex->cmd_w = cmd[1];
  ex->status_r = status[0];
  ex->server = spawn_server (argv, show_output, ex->stdin_fd, memfd, cmd[0], status[1], error);
  if (ex->server == NULL)
    return NULL;
  char c;
  int r = read_byte (ex->status_r, 30.0, &c);
  if (r == 1 && c == 'R' && ex->shm->server_cpu >= 0)
    g_atomic_int_set (&last_cpu, ex->shm->server_cpu);
  if (r != 1 || c != 'R')
    {
      explain_no_start (ex, argv, r, error);
      return NULL;
    }
  return g_steal_pointer (&ex);
}

gboolean
augur_executor_same_layout (void)
{
  int persona = personality (0xffffffff);
  if (persona == -1)
    return FALSE;
  if (persona & ADDR_NO_RANDOMIZE)
    return TRUE;
  /* try it here, and put it back: only the servers run without it */
  if (personality ((unsigned long) persona | ADDR_NO_RANDOMIZE) == -1)
    return FALSE;
  gboolean ok = (personality (0xffffffff) & ADDR_NO_RANDOMIZE) != 0;
  personality ((unsigned long) persona);
  return ok;
}

/* Waits for the execution's status byte while it takes steps: FALSE
 * (the watchdog fires) once it has taken none for @idle seconds, or at
 * @deadline (monotonic µs, 0: none).  The step counter is read four
 * times a period, not at every step: a stall is noticed within a
 * quarter of @idle after @idle. */
static int
wait_stepping (AugurExecutor *ex, double idle, gint64 deadline, char *c)
{
  guint32 seen = 0;   /* the run starts from none (augur_executor_run_watched) */
  gint64 last = g_get_monotonic_time ();   /* when the counter last moved */
  for (;;)
    {
      gint64 now = g_get_monotonic_time ();
      double wait = MAX (MIN (idle / 4, idle - (now - last) / 1e6), 0.001);
      if (deadline != 0)
        {
          double until = (deadline - now) / 1e6;
          if (until <= 0)
            return -1;
          wait = MIN (wait, until);
        }
      int r = read_byte (ex->status_r, wait, c);
      if (r >= 0)
        return r;
      guint32 cur = __atomic_load_n (&ex->shm->n_steps, __ATOMIC_RELAXED);
      now = g_get_monotonic_time ();
      if (cur != seen)
        {
          seen = cur;
          last = now;
        }
      else if ((now - last) / 1e6 >= idle)
        return -1;   /* a whole period without a step */
    }
}

gint64
augur_executor_run_deadline (double idle, gint64 hard)
{
  gint64 now = g_get_monotonic_time ();
  gint64 cap = now + (gint64) (AUGUR_EXECUTOR_RUN_CAP * idle * 1e6);
  if (hard != 0 && hard < cap)
    cap = hard;
  return MAX (cap, now + 10000);   /* 10 ms at least, as a cut run had */
}

gboolean
augur_executor_run (AugurExecutor *ex, double timeout, gboolean *timed_out, GError **error)
{
  return augur_executor_run_watched (ex, timeout, augur_executor_run_deadline (timeout, 0),
                                     timed_out, error);
}

gboolean
augur_executor_run_watched (AugurExecutor *ex, double idle, gint64 deadline, gboolean *timed_out,
                            GError **error)
{
  *timed_out = FALSE;
  ex->shm->child_pid = 0;
  /* the server's reset of the page does the same, but perhaps after the
   * watchdog's first look: the last run's count must not be taken for
   * this one's */
  __atomic_store_n (&ex->shm->n_steps, 0, __ATOMIC_RELAXED);
  if (ex->rewind)
    lseek (ex->stdin_fd, 0, SEEK_SET);
  ssize_t n;
  do
    n = write (ex->cmd_w, "x", 1);
  while (n < 0 && errno == EINTR);
  if (n != 1)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED,
                   "the program's fork server is gone");
      return FALSE;
    }
  char c;
  int r = wait_stepping (ex, MAX (idle, 0.001), deadline, &c);
  if (r < 0)
    {
      /* watchdog: kill the execution, the server reports it.  A short
       * timeout (the time left before a deadline) can pass before the
       * server has forked and published the child: it is waited for, a
       * few milliseconds at a time, not left to run to its end (on a
       * loaded machine that took 10 s past --timeout) */
      *timed_out = TRUE;
      r = -1;
      for (int k = 0; k < 2000 && r < 0; k++)
        {
          pid_t child = __atomic_load_n (&ex->shm->child_pid, __ATOMIC_ACQUIRE);
          if (child > 0)
            {
              kill (child, SIGKILL);
              break;
            }
          r = read_byte (ex->status_r, 0.005, &c);
        }
      if (r < 0)
        r = read_byte (ex->status_r, 10.0, &c);
    }
  if (r != 1)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED,
                   "the program's fork server stopped answering");
      return FALSE;
    }
  return TRUE;
}
