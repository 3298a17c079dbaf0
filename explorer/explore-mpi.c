/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-mpi.c — execution servers on MPI ranks; see explore-mpi.h.
 *
 * The messages, all MPI_BYTE on MPI_COMM_WORLD:
 *   JOB     0 -> k   double timeout, guint32 slot, then the input
 *                    (explore-pool.h)
 *   RESULT  k -> 0   tag RESULT + slot: guint32 ok, guint32 killed, then
 *                    the page in short (ok) or the server's error message
 *                    (not ok)
 *   STOP    0 -> k   nothing
 *   STOPPED k -> 0   guint64 executions run in process, guint32 forked
 * Rank 0's pool has SLOTS remote servers per rank, a thread each, sending
 * a job and waiting for its result: a rank runs its jobs in the order
 * they came (MPI keeps the order of one sender's messages) and answers
 * each on its slot's tag; the threads take turns at MPI (one mutex,
 * MPI_THREAD_SERIALIZED) and never block inside it: they test and probe,
 * and yield or sleep a little between tries (backoff ()), since a
 * blocking MPI call polls the CPU the executions need (with K ranks on
 * fewer cores, oversubscribed).  A remote rank that dies takes the job
 * down: Open MPI's default error handler (MPI_ERRORS_ARE_FATAL) and
 * mpirun end every rank, rank 0 included, with mpirun's message naming
 * the rank — no rank waits for it forever.  A rank that stays silent
 * (stopped, or starved) is given up on: rank 0 waits for a result at most
 * two executions' watchdog time and a minute (the job may queue behind the
 * rank's other slot), for the end of a rank a minute; then the run fails
 * with an error naming the rank (or, at the end, says so), and augur ends
 * the job with MPI_Abort once its report is written, since MPI_Finalize
 * would wait for the silent rank.
 */
#include "config.h"

#include "explorer/explore-mpi.h"

#include "common/augur-exit.h"

#include <gio/gio.h>
#include <mpi.h>
#include <sched.h>
#include <string.h>
#include <sys/prctl.h>

#include "explorer/explore-pool.h"
#include "explorer/explore-private.h"
#include "explorer/killed-run.h"

enum { TAG_JOB = 1, TAG_STOP, TAG_STOPPED, TAG_RESULT /* + the slot */ };

/* Jobs a remote rank may hold at once: the one it runs and the next, sent
 * while it runs the first, so that it does not wait for a round trip
 * between two executions. */
#define SLOTS 2

typedef struct {
  AugurExploreMpi *mpi;
  int rank;
  guint32 slot;             /* its results' tag: TAG_RESULT + slot */
} Remote;

struct _AugurExploreMpi {
  int rank, size;
  GMutex lock;              /* MPI calls, one thread at a time */
  Remote *remotes;          /* rank 0: [k - 1] for rank k */
  gpointer *remote_ptrs;
  gboolean stopped;
  gboolean abandoned;       /* a rank was given up on: MPI_Abort, not MPI_Finalize */
};

/* ---- waiting without blocking in MPI ---- */

/* Between two tries: the processor to another process for the first 64
 * (which costs nothing when none wants it), then sleeps of 5 us doubling
 * up to 100 us (timer slack 1 us, augur_explore_mpi_new); only the first
 * while *@hurry (the search waits, its thread asleep). */
static void
backoff (guint *tries, const gint *hurry)
{
  if (*tries < 64 || (hurry != NULL && g_atomic_int_get (hurry)))
    sched_yield ();
  else
    g_usleep (MIN (5ul << MIN (*tries - 64, 5u), 100ul));
  (*tries)++;
}

/* Waits for @req to complete; FALSE if it did not by @give_up_at (0: no
 * limit). */
static gboolean
wait_request (AugurExploreMpi *mpi, MPI_Request *req, gint64 give_up_at)
{
  guint tries = 0;
  for (;;)
    {
      if (give_up_at != 0 && (tries & 63) == 63 && g_get_monotonic_time () > give_up_at)
        return FALSE;
      int done = 0;
      g_mutex_lock (&mpi->lock);
      MPI_Test (req, &done, MPI_STATUS_IGNORE);
      g_mutex_unlock (&mpi->lock);
      if (done)
        return TRUE;
      backoff (&tries, NULL);
    }
}

/* FALSE if @to did not take it by @give_up_at (0: no limit). */
static gboolean
send_bytes (AugurExploreMpi *mpi, int to, int tag, const void *data, gsize len, gint64 give_up_at)
{
  MPI_Request req;
  g_mutex_lock (&mpi->lock);
  MPI_Isend ((void *) data, (int) len, MPI_BYTE, to, tag, MPI_COMM_WORLD, &req);
  g_mutex_unlock (&mpi->lock);
  return wait_request (mpi, &req, give_up_at);
}

/* The next message from @from (MPI_ANY_SOURCE) with @tag (MPI_ANY_TAG):
 * its bytes (g_free), length, tag and source; NULL if none came by
 * @give_up_at (g_get_monotonic_time; 0: wait as long as it takes). */
static guint8 *
recv_bytes (AugurExploreMpi *mpi, int from, int tag, const gint *hurry, gint64 give_up_at,
            gsize *len, int *got_tag, int *got_from)
{
  guint tries = 0;
  for (;;)
    {
      if (give_up_at != 0 && (tries & 63) == 63 && g_get_monotonic_time () > give_up_at)
        return NULL;
      int found = 0;
      MPI_Status status;
      g_mutex_lock (&mpi->lock);
      MPI_Iprobe (from, tag, MPI_COMM_WORLD, &found, &status);
      if (found)
        {
          int n = 0;
          MPI_Get_count (&status, MPI_BYTE, &n);
          guint8 *buf = g_malloc (MAX (n, 1));
          MPI_Recv (buf, n, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                    MPI_STATUS_IGNORE);
          g_mutex_unlock (&mpi->lock);
          *len = (gsize) n;
          if (got_tag != NULL)
            *got_tag = status.MPI_TAG;
          if (got_from != NULL)
            *got_from = status.MPI_SOURCE;
          return buf;
        }
      g_mutex_unlock (&mpi->lock);
      backoff (&tries, hurry);
    }
}

/* ---- setting up ---- */

AugurExploreMpi *
augur_explore_mpi_new (GError **error)
{
  int provided = 0;
  if (MPI_Init_thread (NULL, NULL, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   "--mpi: MPI could not start (run augur under mpirun)");
      return NULL;
    }
  AugurExploreMpi *mpi = g_new0 (AugurExploreMpi, 1);
  g_mutex_init (&mpi->lock);
  /* short sleeps stay short (the default slack is 50 us); the pool's
   * threads, started later, inherit it */
  prctl (PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
  MPI_Comm_rank (MPI_COMM_WORLD, &mpi->rank);
  MPI_Comm_size (MPI_COMM_WORLD, &mpi->size);
  if (provided < MPI_THREAD_SERIALIZED)
    {
      /* every rank sees the same: all stop here */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "--mpi: this MPI library does not let threads take turns at it "
                   "(MPI_THREAD_SERIALIZED), which augur's rank 0 needs");
      mpi->stopped = TRUE;
      augur_explore_mpi_free (mpi);
      return NULL;
    }
  return mpi;
}

guint
augur_explore_mpi_rank (AugurExploreMpi *mpi)
{
  return (guint) mpi->rank;
}

guint
augur_explore_mpi_size (AugurExploreMpi *mpi)
{
  return (guint) mpi->size;
}

/* ---- rank 0: the remote servers of the pool ---- */

static gboolean
remote_run (gpointer data, const guint8 *input, gsize input_len, double timeout,
            const gint *hurry, gboolean *killed, guint8 **page, gsize *page_len, GError **error)
{
  Remote *r = data;
  AugurExploreMpi *mpi = r->mpi;
  gsize head_len = sizeof timeout + sizeof r->slot, len = head_len + input_len;
  g_autofree guint8 *job = g_malloc (len);
  memcpy (job, &timeout, sizeof timeout);
  memcpy (job + sizeof timeout, &r->slot, sizeof r->slot);
  memcpy (job + head_len, input, input_len);
  /* the job may queue behind the rank's other one, and a run that keeps
   * taking steps may go on to AUGUR_EXECUTOR_RUN_CAP watchdog times */
  double wait = 2 * AUGUR_EXECUTOR_RUN_CAP * (timeout > 0 ? timeout : 10) + 60;
  gint64 give_up_at = g_get_monotonic_time () + (gint64) (wait * G_USEC_PER_SEC);
  gsize n = 0;
  g_autofree guint8 *res = NULL;
  if (send_bytes (mpi, r->rank, TAG_JOB, job, len, give_up_at))
    res = recv_bytes (mpi, r->rank, TAG_RESULT + (int) r->slot, hurry, give_up_at, &n, NULL, NULL);
  if (res == NULL)
    {
      mpi->abandoned = TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                   "--mpi: rank %d sent no result in %.0f s (stopped, or starved of a processor?)",
                   r->rank, wait);
      return FALSE;
    }
  guint32 head[2];
  if (n < sizeof head)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "--mpi: rank %d sent back a result of %" G_GSIZE_FORMAT " bytes", r->rank, n);
      return FALSE;
    }
  memcpy (head, res, sizeof head);
  if (!head[0])
    {
      g_autofree char *msg = g_strndup ((const char *) res + sizeof head, n - sizeof head);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "--mpi: rank %d: %s", r->rank, msg);
      return FALSE;
    }
  *killed = head[1] != 0;
  *page_len = n - sizeof head;
  *page = g_memdup2 (res + sizeof head, *page_len);
  return TRUE;
}

void
augur_explore_mpi_attach (AugurExploreMpi *mpi, AugurExploreOptions *o)
{
  g_return_if_fail (mpi->rank == 0);
  guint ranks = mpi->size > 1 ? (guint) mpi->size - 1 : 0, n = ranks * SLOTS;
  if (mpi->remotes == NULL && n > 0)
    {
      /* the first slot of every rank first: the pool's threads start in
       * this order */
      mpi->remotes = g_new0 (Remote, n);
      mpi->remote_ptrs = g_new0 (gpointer, n);
      for (guint k = 0; k < n; k++)
        {
          mpi->remotes[k] = (Remote) { mpi, (int) (k % ranks) + 1, k / ranks };
          mpi->remote_ptrs[k] = &mpi->remotes[k];
        }
    }
  o->remote_run = remote_run;
  o->remotes = mpi->remote_ptrs;
  o->n_remotes = n;
}

void
augur_explore_mpi_stop (AugurExploreMpi *mpi, AugurExploreStats *st)
{
  if (mpi->rank != 0 || mpi->stopped)
    return;
  mpi->stopped = TRUE;
  /* the pool is gone: no job is in flight, every result was received */
  for (int k = 1; k < mpi->size; k++)
    send_bytes (mpi, k, TAG_STOP, NULL, 0, 0);
  for (int k = 1; k < mpi->size; k++)
    {
      gsize n;
      g_autofree guint8 *b = recv_bytes (mpi, k, TAG_STOPPED, NULL,
                                         g_get_monotonic_time () + 60 * G_USEC_PER_SEC, &n, NULL,
                                         NULL);
      if (b == NULL)
        {
          g_printerr ("augur explore: --mpi: rank %d did not answer the end of the search in "
                      "60 s; its counts are left out, and the MPI job will be aborted\n", k);
          mpi->abandoned = TRUE;
          continue;
        }
      guint64 in_process;
      guint32 forked;
      if (n != sizeof in_process + sizeof forked || st == NULL)
        continue;
      memcpy (&in_process, b, sizeof in_process);
      memcpy (&forked, b + sizeof in_process, sizeof forked);
      st->in_process += in_process;
      augur_explore_stats_forked (st, forked);
    }
  /* the servers the note counts: ranks, not slots */
  guint slots = (guint) (mpi->size - 1) * SLOTS;
  if (st != NULL && st->jobs > slots)
    st->jobs -= slots - (guint) (mpi->size - 1);
}

/* ---- ranks > 0: a server ---- */

static void
send_result (AugurExploreMpi *mpi, guint32 slot, gboolean ok, gboolean killed, const void *body,
             gsize len)
{
  guint32 head[2] = { ok, killed };
  g_autofree guint8 *b = g_malloc (sizeof head + len);
  memcpy (b, head, sizeof head);
  if (len > 0)
    memcpy (b + sizeof head, body, len);
  send_bytes (mpi, 0, TAG_RESULT + (int) MIN (slot, SLOTS - 1), b, sizeof head + len, 0);
}

/* Starts the server as search_pool_start does one (explore.c). */
static AugurExecutor *
server_start (const char *const *argv, const AugurExploreOptions *o, GError **error)
{
  if (!augur_executor_same_layout ())
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "the system refuses to start programs without address randomisation "
                   "(personality), which servers on several ranks need");
      return NULL;
    }
  g_autofree char *exe = g_find_program_in_path (argv[0]);
  return explore_server_new (argv, exe != NULL ? exe : argv[0], o, error);
}

gboolean
augur_explore_mpi_serve (AugurExploreMpi *mpi, const char *const *argv,
                         const AugurExploreOptions *o, GError **error)
{
  g_return_val_if_fail (mpi->rank > 0, FALSE);
  g_autoptr (GError) start_error = NULL;
  g_autoptr (AugurExecutor) ex = server_start (argv, o, &start_error);
  AugurExecutorPin pin = { 0 };
  if (ex != NULL)
    augur_executor_pin_caller (ex, &pin);   /* with its server, on its CPU */
  gboolean gone = FALSE;
  for (;;)
    {
      gsize n;
      int tag;
      g_autofree guint8 *b = recv_bytes (mpi, 0, MPI_ANY_TAG, NULL, 0, &n, &tag, NULL);
      if (tag == TAG_STOP)
        break;
      if (tag != TAG_JOB)
        continue;
      const AugurSchedStep *prefix, *sleep;
      guint np, ns;
      double timeout;
      guint32 slot = 0;
      gsize head_len = sizeof timeout + sizeof slot;
      if (n >= head_len)
        memcpy (&slot, b + sizeof timeout, sizeof slot);
      if (ex == NULL || gone)
        {
          const char *msg = start_error != NULL ? start_error->message : "its server is gone";
          send_result (mpi, slot, FALSE, FALSE, msg, strlen (msg));
          continue;
        }
      if (n < head_len
          || !augur_explore_pool_input_split (b + head_len, n - head_len, &prefix, &np, &sleep, &ns))
        {
          const char *msg = "a job it could not read (another build of augur?)";
          send_result (mpi, slot, FALSE, FALSE, msg, strlen (msg));
          continue;
        }
      memcpy (&timeout, b, sizeof timeout);
      AugurSchedShm *shm = augur_executor_shm (ex);
      explore_pool_prepare (shm, prefix, np, sleep, ns, (gpointer) o);
      gboolean killed = FALSE;
      if (!augur_executor_run (ex, timeout, &killed, &start_error)
          || (killed && !augur_killed_run_threads (ex, timeout, 0, &start_error)))
        {
          gone = TRUE;
          send_result (mpi, slot, FALSE, FALSE, start_error->message, strlen (start_error->message));
          continue;
        }
      gsize len;
      g_autofree guint8 *page = augur_explore_pool_page_save (shm, &len);
      send_result (mpi, slot, TRUE, killed, page, len);
    }
  augur_executor_unpin_caller (&pin);
  AugurSchedShm *shm = ex != NULL ? augur_executor_shm (ex) : NULL;
  guint64 in_process = shm != NULL ? shm->fiber_executions : 0;
  guint32 forked = shm != NULL ? shm->no_fibers : 0;
  guint8 reply[sizeof in_process + sizeof forked];
  memcpy (reply, &in_process, sizeof in_process);
  memcpy (reply + sizeof in_process, &forked, sizeof forked);
  send_bytes (mpi, 0, TAG_STOPPED, reply, sizeof reply, 0);
  mpi->stopped = TRUE;
  if (start_error != NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&start_error), "rank %d: ", mpi->rank);
      return FALSE;
    }
  return TRUE;
}

void
augur_explore_mpi_free (AugurExploreMpi *mpi)
{
  if (mpi == NULL)
    return;
  augur_explore_mpi_stop (mpi, NULL);
  if (mpi->abandoned)
    MPI_Abort (MPI_COMM_WORLD, AUGUR_EXIT_TOOL);
  MPI_Finalize ();
  g_free (mpi->remotes);
  g_free (mpi->remote_ptrs);
  g_mutex_clear (&mpi->lock);
  g_free (mpi);
}
