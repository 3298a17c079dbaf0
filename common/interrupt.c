/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * interrupt.c — the handler, the watcher thread and the process walk (see
 * interrupt.h).
 */
#include "config.h"

#include "common/interrupt.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const int owned[] = { SIGINT, SIGTERM, SIGHUP };

static int pipe_fds[2] = { -1, -1 };
static volatile sig_atomic_t first_signal;

static GMutex lock;             /* guards what follows */
static pid_t forward_pid;
static GPtrArray *temps;        /* char* */

/* The only thing done in signal context: the signal and whether a
 * process sent it (si_code <= 0: kill, sigqueue) or the kernel (a
 * terminal's Ctrl-C, which reached the whole foreground group). */
static void
on_signal (int sig, siginfo_t *info, void *context)
{
  (void) context;
  int saved = errno;
  if (first_signal == 0)
    first_signal = sig;
  unsigned char msg[2] = { (unsigned char) sig, info != NULL && info->si_code <= 0 };
  ssize_t n = write (pipe_fds[1], msg, sizeof msg);
  (void) n;
  errno = saved;
}

/* SIGPIPE: a write to a process augur killed (a fork server) must fail
 * with EPIPE, not kill augur.  A handler that does nothing rather than
 * SIG_IGN, which the programs augur runs would inherit through exec. */
static void
on_sigpipe (int sig)
{
  (void) sig;
}

/* Makes @handler sig's handler with BSD semantics (SA_RESTART, as glibc's
 * signal()); the old action into *old unless NULL.  As sigaction. */
static int
set_handler (int sig, sighandler_t handler, struct sigaction *old)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sa.sa_flags = SA_RESTART;
  sigemptyset (&sa.sa_mask);
  return sigaction (sig, &sa, old);
}

static void
take_signals (gboolean only_if_lost)
{
  for (gsize i = 0; i < G_N_ELEMENTS (owned); i++)
    {
      struct sigaction now;
      if (only_if_lost && sigaction (owned[i], NULL, &now) == 0
          && (now.sa_flags & SA_SIGINFO) && now.sa_sigaction == on_signal)
        continue;
      struct sigaction sa;
      memset (&sa, 0, sizeof sa);
      sa.sa_sigaction = on_signal;
      sa.sa_flags = SA_SIGINFO | SA_RESTART;
      sigemptyset (&sa.sa_mask);
      sigaction (owned[i], &sa, NULL);
    }
}

/* libz3 (4.8) calls signal (SIGINT, its handler) around every query and
 * puts back what it found after; from several threads at once it puts
 * back its own handler, which then dereferences a freed object (a
 * segfault at Ctrl-C after `augur check`'s predict stage), and while a
 * query runs it takes Ctrl-C for itself (augur never hears of it).  So the
 * augur program defines signal(): a library linked into it calls this
 * one, and once augur owns a signal, a request to change its handler is
 * answered with augur's handler and not carried out.  (The watcher also
 * takes the signals back from anything that used sigaction instead.)
 * Before augur_interrupt_install, and for other signals, it is the usual
 * signal() with BSD semantics, as glibc's. */
static gboolean
is_owned (int sig)
{
  for (gsize i = 0; i < G_N_ELEMENTS (owned); i++)
    if (owned[i] == sig)
      return TRUE;
  return FALSE;
}

sighandler_t
signal (int sig, sighandler_t handler)
{
  struct sigaction old;
  if (pipe_fds[0] >= 0 && is_owned (sig))
    {
      if (sigaction (sig, NULL, &old) != 0)
        return SIG_ERR;
      return old.sa_handler;
    }
  if (set_handler (sig, handler, &old) != 0)
    return SIG_ERR;
  return old.sa_handler;
}

/* ---- the processes augur started ---- */

/* Appends pid's children, then theirs, parents before children; skips
 * the subtree of `except`. */
static void
collect_children (pid_t pid, pid_t except, GArray *out, guint depth)
{
  if (depth > 64)
    return;
  char dir_path[64];
  g_snprintf (dir_path, sizeof dir_path, "/proc/%d/task", (int) pid);
  DIR *dir = opendir (dir_path);
  if (dir == NULL)
    return;
  struct dirent *de;
  while ((de = readdir (dir)) != NULL)
    {
      if (de->d_name[0] == '.')
        continue;
      char path[128];
      g_snprintf (path, sizeof path, "%s/%s/children", dir_path, de->d_name);
      FILE *f = fopen (path, "re");
      if (f == NULL)
        continue;
      int child;
      while (fscanf (f, "%d", &child) == 1)
        {
          if (child <= 0 || child == except)
            continue;
          pid_t c = child;
          g_array_append_val (out, c);
          collect_children (c, except, out, depth + 1);
        }
      fclose (f);
    }
  closedir (dir);
}

static gboolean
contains (GArray *a, pid_t pid)
{
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, pid_t, i) == pid)
      return TRUE;
  return FALSE;
}

/* Freezes every descendant but `except` and its own, until no new one
 * appears (a stopped process starts no other), then kills them, parents
 * first: a fork server dies before its execution can be reported dead. */
static void
kill_descendants (pid_t except)
{
  g_autoptr (GArray) stopped = g_array_new (FALSE, FALSE, sizeof (pid_t));
  for (guint round = 0; round < 8; round++)
    {
      g_autoptr (GArray) now = g_array_new (FALSE, FALSE, sizeof (pid_t));
      collect_children (getpid (), except, now, 0);
      guint fresh = 0;
      for (guint i = 0; i < now->len; i++)
        {
          pid_t p = g_array_index (now, pid_t, i);
          if (contains (stopped, p))
            continue;
          kill (p, SIGSTOP);
          g_array_append_val (stopped, p);
          fresh++;
        }
      if (fresh == 0)
        break;
    }
  for (guint i = 0; i < stopped->len; i++)
    kill (g_array_index (stopped, pid_t, i), SIGKILL);
}

/* ---- the watcher ---- */

static void
remove_temps (void)
{
  g_mutex_lock (&lock);
  for (guint i = 0; temps != NULL && i < temps->len; i++)
    unlink (g_ptr_array_index (temps, i));
  g_mutex_unlock (&lock);
}

static pid_t
current_forward (void)
{
  g_mutex_lock (&lock);
  pid_t p = forward_pid;
  g_mutex_unlock (&lock);
  return p;
}

static void
say (const char *what)
{
  const char *name = sigabbrev_np (first_signal);
  fprintf (stderr, "augur: SIG%s: %s\n", name != NULL ? name : "?", what);
  fflush (stderr);
}

static gpointer
watch (gpointer data)
{
  (void) data;
  guint n_signals = 0;
  gboolean all_killed = FALSE;
  gint64 kill_all_at = 0;    /* monotonic us; 0: not due */
  gint64 exit_at = 0;
  for (;;)
    {
      struct pollfd pfd = { .fd = pipe_fds[0], .events = POLLIN };
      int r = poll (&pfd, 1, 100);
      /* a library may have put its own handler in place: take it back */
      take_signals (TRUE);
      gint64 now = g_get_monotonic_time ();
      if (r > 0)
        {
          unsigned char msg[2];
          if (read (pipe_fds[0], msg, sizeof msg) != (ssize_t) sizeof msg)
            continue;
          n_signals++;
          if (n_signals == 1)
            {
              say ("stopping; what was found so far is kept (again to quit at once)");
              pid_t fwd = current_forward ();
              /* a terminal's signal reached the recorded program already */
              if (fwd > 0 && msg[1])
                kill (fwd, msg[0]);
              kill_all_at = now + AUGUR_INTERRUPT_GRACE * G_USEC_PER_SEC;
            }
          else if (n_signals == 2)
            kill_all_at = now;
          else
            exit_at = now;
        }
      if (n_signals == 0)
        continue;
      if (kill_all_at != 0 && now >= kill_all_at)
        {
          kill_descendants (0);
          all_killed = TRUE;
          kill_all_at = 0;
          if (exit_at == 0)
            exit_at = now + 2 * G_USEC_PER_SEC;
        }
      else
        /* the others at once, and any started since */
        kill_descendants (all_killed ? 0 : current_forward ());
      if (exit_at != 0 && now >= exit_at)
        {
          say ("augur did not stop in time: quitting now");
          remove_temps ();
          _exit (128 + first_signal);
        }
    }
  return NULL;
}

void
augur_interrupt_install (void)
{
  if (pipe_fds[0] >= 0)
    return;
  if (pipe2 (pipe_fds, O_CLOEXEC | O_NONBLOCK) != 0)
    g_error ("cannot create a pipe: %s", g_strerror (errno));
  /* the watcher blocks in poll, never in read */
  fcntl (pipe_fds[0], F_SETFL, fcntl (pipe_fds[0], F_GETFL) & ~O_NONBLOCK);
  take_signals (FALSE);
  set_handler (SIGPIPE, on_sigpipe, NULL);
  g_thread_unref (g_thread_new ("augur-interrupt", watch, NULL));
}

int
augur_interrupt_signal (void)
{
  return first_signal;
}

void
augur_interrupt_set_forward (pid_t pid)
{
  g_mutex_lock (&lock);
  forward_pid = pid;
  g_mutex_unlock (&lock);
  /* started after augur was asked to stop */
  if (pid > 0 && first_signal != 0)
    kill (pid, SIGKILL);
}

void
augur_interrupt_add_temp (const char *path)
{
  g_mutex_lock (&lock);
  if (temps == NULL)
    temps = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (temps, g_strdup (path));
  g_mutex_unlock (&lock);
}

void
augur_interrupt_remove_temp (const char *path)
{
  g_mutex_lock (&lock);
  for (guint i = 0; temps != NULL && i < temps->len; i++)
    if (strcmp (g_ptr_array_index (temps, i), path) == 0)
      {
        g_ptr_array_remove_index_fast (temps, i);
        break;
      }
  g_mutex_unlock (&lock);
}
