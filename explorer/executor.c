/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * executor.c — the fork server's client; see executor.h.
 *
 * The program is started with fork/exec (not GSubprocess: it must inherit
 * three descriptors at fixed numbers 3, 4, 5).  The server says "R" on the
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

#include "common/program-check.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>


struct _AugurExecutor {
  AugurSchedShm *shm;
  int cmd_w;
  int status_r;
  pid_t server;
  int stdin_fd;       /* the explored runs' standard input (see below) */
};

/* ---- standard input of the explored runs ----
 * Every execution reads the same input: /dev/null, or the file given with
 * --stdin.  The server and its executions share one open file description
 * with ex->stdin_fd, so rewinding it before each execution gives each one
 * the file from its start. */
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
  *out = shm;
  return fd;
}

AugurSchedShm *
augur_executor_shm (AugurExecutor *ex)
{
  return ex->shm;
}

void
augur_executor_free (AugurExecutor *ex)
{
  if (ex == NULL)
    return;
  if (ex->cmd_w >= 0)
    close (ex->cmd_w);
  if (ex->status_r >= 0)
    close (ex->status_r);
  if (ex->server > 0)
    {
      int st;
      /* closing the command pipe ends the server; do not wait for ever */
      for (int k = 0; k < 100; k++)
        {
          if (waitpid (ex->server, &st, WNOHANG) != 0)
            {
              ex->server = 0;
              break;
            }
          g_usleep (2000);
        }
      if (ex->server > 0)
        {
          kill (ex->server, SIGKILL);
          waitpid (ex->server, &st, 0);
        }
    }
  if (ex->shm != NULL)
    munmap (ex->shm, sizeof (AugurSchedShm));
  if (ex->stdin_fd >= 0)
    close (ex->stdin_fd);
  g_free (ex);
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

AugurExecutor *
augur_executor_new (const char *const *argv, gboolean show_output, GError **error)
{
  g_autoptr (AugurExecutor) ex = g_new0 (AugurExecutor, 1);
  ex->cmd_w = ex->status_r = -1;
  ex->stdin_fd = open_stdin (error);
  if (ex->stdin_fd < 0)
    return NULL;
  int memfd = augur_executor_make_page (&ex->shm, error);
  if (memfd < 0)
    return NULL;
  int cmd[2], status[2], errp[2];
  if (pipe (cmd) != 0 || pipe (status) != 0 || pipe2 (errp, O_CLOEXEC) != 0)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED, "pipe: %s",
                   g_strerror (errno));
      close (memfd);
      return NULL;
    }
  fflush (NULL);
  pid_t pid = fork ();
  if (pid < 0)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_FAILED, "fork: %s",
                   g_strerror (errno));
      return NULL;
    }
  if (pid == 0)
    {
      /* its own process group: a Ctrl-C at the terminal is augur's to
       * handle (common/interrupt.h), not a crash of the execution */
      setpgid (0, 0);
      dup2 (ex->stdin_fd, 0);
      /* fds 3, 4, 5 = memfd, command (read end), status (write end) */
      int fds[3] = { dup (memfd), dup (cmd[0]), dup (status[1]) };
      for (int k = 0; k < 3; k++)
        dup2 (fds[k], 3 + k);
      int keep = fcntl (errp[1], F_DUPFD_CLOEXEC, 10);
      for (int fd = 6; fd < 1024; fd++)
        if (fd != keep)
          close (fd);
      if (!show_output)
        {
          int null = open ("/dev/null", O_RDWR);
          dup2 (null, 1);
          dup2 (null, 2);
          if (null > 5)
            close (null);
        }
      /* the same layout in every server (augur_executor_same_layout) */
      int persona = personality (0xffffffff);
      if (persona != -1)
        personality ((unsigned long) persona | ADDR_NO_RANDOMIZE);
      setenv (AUGUR_ENV_SCHED, "3,4,5", 1);
      /* resolve every symbol once in the server, not in each execution */
      setenv ("LD_BIND_NOW", "1", 1);
      unsetenv ("AUGUR_TRACE");
      execvp (argv[0], (char *const *) argv);
      int e = errno;
      if (write (keep, &e, sizeof e) < 0)
        _exit (127);
      _exit (127);
    }
  close (memfd);
  close (cmd[0]);
  close (status[1]);
  close (errp[1]);
  ex->server = pid;
  ex->cmd_w = cmd[1];
  ex->status_r = status[0];
  fcntl (ex->cmd_w, F_SETFD, FD_CLOEXEC);
  fcntl (ex->status_r, F_SETFD, FD_CLOEXEC);
  int e = 0;
  ssize_t got = read (errp[0], &e, sizeof e);
  close (errp[0]);
  if (got == (ssize_t) sizeof e)
    {
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_SPAWN, "cannot run %s: %s",
                   argv[0], g_strerror (e));
      return NULL;
    }
  char c;
  int r = read_byte (ex->status_r, 30.0, &c);
  if (r != 1 || c != 'R')
    {
      /* say why: not built with augur-cc, or built with it and gone
       * before main (a constructor that exits or crashes), or stuck */
      g_autoptr (GError) check = NULL;
      g_autofree char *path = augur_program_check (argv[0], &check);
      if (path == NULL)
        {
          g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NOT_INSTRUMENTED, "%s",
                       check->message);
          return NULL;
        }
      int st = 0;
      pid_t w = r < 0 ? 0 : waitpid (pid, &st, WNOHANG);
      g_autofree char *how = NULL;
      if (r < 0)
        how = g_strdup ("it did not answer within 30 s (a constructor that blocks?)");
      else if (w == pid && WIFEXITED (st))
        how = g_strdup_printf ("it exited with status %d before main ran", WEXITSTATUS (st));
      else if (w == pid && WIFSIGNALED (st))
        how = g_strdup_printf ("it was killed by %s before main ran", g_strsignal (WTERMSIG (st)));
      else
        how = g_strdup ("it closed the channel to augur before main ran");
      g_set_error (error, AUGUR_EXPLORE_ERROR, AUGUR_EXPLORE_ERROR_NOT_INSTRUMENTED,
                   "%s links augur's runtime, but its scheduler did not start: %s; run it alone "
                   "to see what it prints", argv[0], how);
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

gboolean
augur_executor_run (AugurExecutor *ex, double timeout, gboolean *timed_out, GError **error)
{
  *timed_out = FALSE;
  ex->shm->child_pid = 0;
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
  int r = read_byte (ex->status_r, timeout, &c);
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
