/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * explore-pool.c — execution servers running ahead of the search; see
 * explore-pool.h.
 *
 * The first server is the search's own: an execution the search asks for
 * that no other server has started is run there, by the search's thread,
 * as in the serial loop (handing it to another thread would put two more
 * wake-ups on the path the search waits on).  The other servers have a
 * thread each, which takes the first queued guess, the deepest, runs it
 * and keeps the page it wrote in short (the parts in use, a few KiB, not
 * the page's 40 MiB) until the search takes it.  One mutex guards the
 * jobs.  A remote server's thread sends the input and waits for the
 * page in short (AugurExplorePoolRemoteRun): the rest is the same.  The
 * guesses are bounded (8 per server): a guess deeper than the shallowest
 * one kept replaces it, since the search takes the deepest branches first.
 */
#include "config.h"

#include "explorer/explore-pool.h"

#include "explorer/killed-run.h"

#include <gio/gio.h>
#include <sched.h>
#include <stddef.h>
#include <string.h>

#define GUESSES_PER_SERVER 8u

typedef enum { JOB_QUEUED, JOB_RUNNING, JOB_DONE } JobState;

typedef struct {
  GBytes *key;             /* guint32 n_prefix, the prefix's steps, the sleep set's */
  guint depth;             /* of the branch's node */
  gint state;              /* JobState (atomic: the search polls it, see SPIN_US) */
  gint wanted;             /* the search waits for it (atomic: a remote server's thread reads it) */
  gboolean ahead;          /* run (or started) by another server before it was asked for */
  /* the result */
  guint8 *page;            /* the page in short (page_save) */
  gsize page_len;
  gboolean killed, out_of_time;
  guint reruns;
  GError *error;
} Job;

typedef struct _Server Server;

struct _AugurExplorePool {
  GMutex lock;
  GCond work;              /* a job was queued, or stop */
  GCond done;              /* a job is done */
  GHashTable *jobs;        /* GBytes key -> Job (owned) */
  GQueue queue;            /* Job, JOB_QUEUED: the asked-for first, then deepest first */
  guint capacity;
  guint busy;
  gboolean stop;
  gboolean hang_seen;      /* a run was killed twice: no more re-runs (as explore.c) */
  gint64 deadline;
  double exec_timeout;
  AugurExplorePoolPrepare prepare;
  gpointer prepare_data;
  AugurExplorePoolRemoteRun remote_run;
  guint64 used, wasted;
  GPtrArray *servers;      /* Server: [0] the search's own (no thread), then one per thread */
  gint queued;             /* the queue's length (atomic: idle threads poll it) */
  gboolean spin;           /* waits poll first (SPIN_US): each local server has a CPU */
};

/* How long the search polls for a result a server is about to send, and
 * an idle server's thread for a job, before they sleep on the condition:
 * each sits on the CPU of its own server, idle meanwhile, and a wake-up
 * from another CPU costs as much as an execution (executor.h).  Only
 * where every local server has a CPU of its own. */
#define SPIN_US 200

/* Polls *@word until it differs from @value (@differs) or equals it (not
 * @differs), or *@stop is set, at most SPIN_US; TRUE if it got there.
 * Yields between looks, so that another thread on the CPU runs. */
static gboolean
spin_on (const gint *word, gint value, gboolean differs, const gboolean *stop)
{
  gint64 end = g_get_monotonic_time () + SPIN_US;
  for (;;)
    {
      gint v = g_atomic_int_get (word);
      if (differs ? v != value : v == value)
        return TRUE;
      if (stop != NULL && g_atomic_int_get (stop))
        return TRUE;
      if (g_get_monotonic_time () > end)
        return FALSE;
      sched_yield ();
    }
}

/* After each change of the queue, under the lock. */
static void
queue_changed (AugurExplorePool *pool)
{
  g_atomic_int_set (&pool->queued, (gint) pool->queue.length);
}

struct _Server {
  AugurExplorePool *pool;
  AugurExecutor *ex;       /* NULL: remote */
  gpointer remote;
  GThread *thread;
  Job *job;                /* running (under the lock) */
};

/* ---- the page in short ---- */

typedef struct {
  gsize off, len;
} Part;

/* The parts of a page an execution wrote and the explorer reads: its
 * header (the counts, the failures) and the used entries of its arrays. */
static guint
page_parts (const AugurSchedShm *shm, Part *p)
{
  guint n = 0;
#define PART(field, count) \
  p[n++] = (Part) { offsetof (AugurSchedShm, field), (gsize) (count) * sizeof shm->field[0] }
  p[n++] = (Part) { 0, offsetof (AugurSchedShm, n_pruned) };
  PART (threads, MIN (shm->n_threads, AUGUR_SCHED_MAX_THREADS));
  PART (misuse, MIN (shm->n_misuse, AUGUR_SCHED_MAX_MISUSE));
  PART (objects, MIN (shm->n_objects, AUGUR_SCHED_MAX_OBJECTS));
  PART (sleep, MIN (shm->n_sleep, AUGUR_SCHED_MAX_SLEEP));
  PART (enabled, MIN (shm->n_enabled, AUGUR_SCHED_MAX_ENABLED));
  PART (prefix, MIN (shm->prefix_len, AUGUR_SCHED_MAX_STEPS));
  PART (expect, MIN (shm->prefix_len, AUGUR_SCHED_MAX_STEPS));
  PART (steps, MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS));
  PART (callers, MIN (shm->n_steps, AUGUR_SCHED_MAX_STEPS));
#undef PART
  return n;
}

#define MAX_PARTS 10u

guint8 *
augur_explore_pool_page_save (const AugurSchedShm *shm, gsize *len)
{
  Part p[MAX_PARTS];
  guint n = page_parts (shm, p);
  gsize total = 0;
  for (guint k = 0; k < n; k++)
    total += p[k].len;
  guint8 *out = g_malloc (total), *at = out;
  for (guint k = 0; k < n; k++)
    {
      memcpy (at, (const guint8 *) shm + p[k].off, p[k].len);
      at += p[k].len;
    }
  *len = total;
  return out;
}

gboolean
augur_explore_pool_page_restore (AugurSchedShm *shm, const guint8 *page, gsize len)
{
  /* the header first: it holds the counts that size the rest */
  gsize head = offsetof (AugurSchedShm, n_pruned);
  if (len < head)
    return FALSE;
  memcpy (shm, page, head);
  Part p[MAX_PARTS];
  guint n = page_parts (shm, p);
  gsize total = head;
  for (guint k = 1; k < n; k++)
    total += p[k].len;
  if (total != len)
    return FALSE;
  const guint8 *at = page + head;
  for (guint k = 1; k < n; k++)
    {
      memcpy ((guint8 *) shm + p[k].off, at, p[k].len);
      at += p[k].len;
    }
  return TRUE;
}

gboolean
augur_explore_pool_input_split (const guint8 *input, gsize len, const AugurSchedStep **prefix,
                                guint *n_prefix, const AugurSchedStep **sleep, guint *n_sleep)
{
  guint32 np;
  if (len < sizeof np || (len - sizeof np) % sizeof (AugurSchedStep) != 0)
    return FALSE;
  memcpy (&np, input, sizeof np);
  gsize steps = (len - sizeof np) / sizeof (AugurSchedStep);
  if (np > steps)
    return FALSE;
  *prefix = (const AugurSchedStep *) (input + sizeof np);
  *n_prefix = np;
  *sleep = *prefix + np;
  *n_sleep = (guint) (steps - np);
  return TRUE;
}

/* ---- jobs ---- */

static guint
key_hash (gconstpointer k)
{
  gsize n;
  const guint8 *b = g_bytes_get_data ((GBytes *) k, &n);
  guint64 h = n * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  gsize i = 0;
  for (; i + 8 <= n; i += 8)
    {
      guint64 w;
      memcpy (&w, b + i, 8);
      h = (h ^ w) * G_GUINT64_CONSTANT (0x100000001b3);
      h ^= h >> 29;
    }
  for (; i < n; i++)
    h = (h ^ b[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  return (guint) (h ^ (h >> 32));
}

static GBytes *
key_new (const GArray *prefix, const GArray *sleep)
{
  gsize np = prefix->len * sizeof (AugurSchedStep), ns = sleep->len * sizeof (AugurSchedStep);
  guint8 *b = g_malloc (sizeof (guint32) + np + ns);
  guint32 n = prefix->len;
  memcpy (b, &n, sizeof n);
  memcpy (b + sizeof n, prefix->data, np);
  memcpy (b + sizeof n + np, sleep->data, ns);
  return g_bytes_new_take (b, sizeof n + np + ns);
}

static void
job_free (gpointer p)
{
  Job *j = p;
  g_bytes_unref (j->key);
  g_free (j->page);
  g_clear_error (&j->error);
  g_free (j);
}

/* Queues @j by depth, deepest first (in the order given among equals). */
static void
queue_insert (AugurExplorePool *pool, Job *j)
{
  for (GList *l = pool->queue.head; l != NULL; l = l->next)
    if (((Job *) l->data)->depth < j->depth)
      {
        g_queue_insert_before (&pool->queue, l, j);
        queue_changed (pool);
        return;
      }
  g_queue_push_tail (&pool->queue, j);
  queue_changed (pool);
}

/* Makes room for a guess at @depth: drops the shallowest guess not asked
 * for (queued or run) if it is shallower.  FALSE if there is none. */
static gboolean
make_room (AugurExplorePool *pool, guint depth)
{
  Job *victim = NULL;
  GHashTableIter it;
  gpointer v;
  g_hash_table_iter_init (&it, pool->jobs);
  while (g_hash_table_iter_next (&it, NULL, &v))
    {
      Job *j = v;
      if (g_atomic_int_get (&j->wanted) || j->state == JOB_RUNNING || j->depth >= depth)
        continue;
      if (victim == NULL || j->depth < victim->depth)
        victim = j;
    }
  if (victim == NULL)
    return FALSE;
  if (victim->state == JOB_QUEUED)
    {
      g_queue_remove (&pool->queue, victim);
      queue_changed (pool);
    }
  else
    pool->wasted++;
  g_hash_table_remove (pool->jobs, victim->key);
  return TRUE;
}

/* ---- the servers ---- */

/* One run of @j's input on @s, killed when it takes no step for @timeout s
 * or at @hard (monotonic µs, 0: none; then *cut): its page in short in
 * j->page.  FALSE with j->error if the server is gone. */
static gboolean
server_attempt (Server *s, Job *j, double timeout, gint64 hard, gboolean *cut,
                gboolean *killed)
{
  AugurExplorePool *pool = s->pool;
  gsize len;
  const guint8 *key = g_bytes_get_data (j->key, &len);
  g_clear_pointer (&j->page, g_free);
  if (s->ex == NULL)
    {
      /* a remote run's watchdog is a plain timeout, cut at the deadline */
      double until = hard != 0 ? (hard - g_get_monotonic_time ()) / 1e6 : timeout;
      *cut = until < timeout;
      return pool->remote_run (s->remote, key, len, MAX (MIN (timeout, until), 0.01), &j->wanted,
                               killed, &j->page, &j->page_len, &j->error);
    }
  const AugurSchedStep *prefix, *sleep;
  guint np, ns;
  augur_explore_pool_input_split (key, len, &prefix, &np, &sleep, &ns);
  AugurSchedShm *shm = augur_executor_shm (s->ex);
  pool->prepare (shm, prefix, np, sleep, ns, pool->prepare_data);
  if (!augur_executor_run_watched (s->ex, timeout, augur_executor_run_deadline (timeout, hard),
                                   killed, &j->error))
    return FALSE;
  *cut = *killed && hard != 0 && g_get_monotonic_time () >= hard;
  /* what its threads were left waiting to do (killed-run.h) */
  if (*killed && !*cut && !augur_killed_run_threads (s->ex, timeout, hard, &j->error))
    return FALSE;
  j->page = augur_explore_pool_page_save (shm, &j->page_len);
  return TRUE;
}

/* Runs @j on @s (without the lock), as explore.c's search_run does: a run
 * killed by the watchdog is run again once before it is a hang. */
static void
server_run (Server *s, Job *j)
{
  AugurExplorePool *pool = s->pool;
  for (guint attempt = 0;; attempt++)
    {
      g_mutex_lock (&pool->lock);
      gint64 deadline = pool->deadline;
      g_mutex_unlock (&pool->lock);
      gboolean cut = FALSE;
      gboolean killed = FALSE;
      if (!server_attempt (s, j, pool->exec_timeout, deadline, &cut, &killed))
        return;
      j->killed = killed;
      if (killed && cut)
        {
          /* not a result */
          j->out_of_time = TRUE;
          g_clear_pointer (&j->page, g_free);
          return;
        }
      if (!killed || g_atomic_int_get (&pool->hang_seen) || g_atomic_int_get (&pool->stop))
        break;
      if (attempt == 1)
        {
          g_atomic_int_set (&pool->hang_seen, TRUE);
          break;
        }
      j->reruns++;
    }
}

static gpointer
server_main (gpointer data)
{
  Server *s = data;
  AugurExplorePool *pool = s->pool;
  /* with its server, on its CPU (a remote server's thread only waits) */
  AugurExecutorPin pin = { 0 };
  if (s->ex != NULL)
    augur_executor_pin_caller (s->ex, &pin);
  gboolean spun = FALSE;    /* polled since the last job or wake-up */
  g_mutex_lock (&pool->lock);
  while (!pool->stop)
    {
      Job *j = g_queue_pop_head (&pool->queue);
      if (j == NULL)
        {
          if (pool->spin && s->ex != NULL && !spun)
            {
              g_mutex_unlock (&pool->lock);
              spin_on (&pool->queued, 0, TRUE, &pool->stop);
              g_mutex_lock (&pool->lock);
              spun = TRUE;
              continue;   /* stop and the queue, looked at again under the lock */
            }
          /* only with the queue seen empty and no stop under the lock:
           * a job queued or a stop asked since then signals this wait */
          g_cond_wait (&pool->work, &pool->lock);
          spun = FALSE;
          continue;
        }
      spun = FALSE;
      queue_changed (pool);
      g_atomic_int_set (&j->state, JOB_RUNNING);
      s->job = j;
      pool->busy++;
      g_mutex_unlock (&pool->lock);
      server_run (s, j);
      g_mutex_lock (&pool->lock);
      pool->busy--;
      s->job = NULL;
      g_atomic_int_set (&j->state, JOB_DONE);
      g_cond_broadcast (&pool->done);
    }
  g_mutex_unlock (&pool->lock);
  augur_executor_unpin_caller (&pin);
  return NULL;
}

AugurExplorePool *
augur_explore_pool_new (AugurExecutor *const *executors, guint n, AugurExplorePoolPrepare prepare,
                        gpointer data, double exec_timeout)
{
  return augur_explore_pool_new_full (executors, n, NULL, NULL, 0, prepare, data, exec_timeout);
}

AugurExplorePool *
augur_explore_pool_new_full (AugurExecutor *const *executors, guint n,
                             AugurExplorePoolRemoteRun remote_run, gpointer const *remotes,
                             guint n_remotes, AugurExplorePoolPrepare prepare, gpointer data,
                             double exec_timeout)
{
  g_return_val_if_fail (n >= 1, NULL);
  AugurExplorePool *pool = g_new0 (AugurExplorePool, 1);
  g_mutex_init (&pool->lock);
  g_cond_init (&pool->work);
  g_cond_init (&pool->done);
  pool->jobs = g_hash_table_new_full (key_hash, g_bytes_equal, NULL, job_free);
  g_queue_init (&pool->queue);
  pool->capacity = GUESSES_PER_SERVER * (n + n_remotes);
  pool->remote_run = remote_run;
  pool->prepare = prepare;
  pool->prepare_data = data;
  pool->exec_timeout = exec_timeout;
  pool->servers = g_ptr_array_new_with_free_func (g_free);
  cpu_set_t cpus;
  pool->spin = sched_getaffinity (0, sizeof cpus, &cpus) == 0 && (guint) CPU_COUNT (&cpus) >= n;
  for (guint k = 0; k < n; k++)
    {
      Server *s = g_new0 (Server, 1);
      s->pool = pool;
      s->ex = executors[k];
      g_ptr_array_add (pool->servers, s);
    }
  for (guint k = 0; k < n_remotes; k++)
    {
      Server *s = g_new0 (Server, 1);
      s->pool = pool;
      s->remote = remotes[k];
      g_ptr_array_add (pool->servers, s);
    }
  for (guint k = 1; k < pool->servers->len; k++)
    {
      Server *s = g_ptr_array_index (pool->servers, k);
      g_autofree char *name = g_strdup_printf ("augur-server-%u", k);
      s->thread = g_thread_new (name, server_main, s);
    }
  return pool;
}

void
augur_explore_pool_free (AugurExplorePool *pool)
{
  if (pool == NULL)
    return;
  g_mutex_lock (&pool->lock);
  /* a guess still running is of no use, but it is let end (its
   * watchdog bounds it): a server must stay usable after the pool */
  g_atomic_int_set (&pool->stop, TRUE);
  g_cond_broadcast (&pool->work);
  g_mutex_unlock (&pool->lock);
  for (guint k = 1; k < pool->servers->len; k++)
    g_thread_join (((Server *) g_ptr_array_index (pool->servers, k))->thread);
  g_ptr_array_unref (pool->servers);
  g_queue_clear (&pool->queue);
  g_hash_table_unref (pool->jobs);
  g_mutex_clear (&pool->lock);
  g_cond_clear (&pool->work);
  g_cond_clear (&pool->done);
  g_free (pool);
}

void
augur_explore_pool_set_deadline (AugurExplorePool *pool, gint64 deadline)
{
  g_mutex_lock (&pool->lock);
  pool->deadline = deadline;
  g_mutex_unlock (&pool->lock);
}

AugurExplorePoolAhead
augur_explore_pool_ahead (AugurExplorePool *pool, guint depth, const GArray *prefix,
                          const GArray *sleep)
{
  g_autoptr (GBytes) key = key_new (prefix, sleep);
  AugurExplorePoolAhead r = AUGUR_EXPLORE_POOL_KNOWN;
  g_mutex_lock (&pool->lock);
  if (pool->servers->len < 2)
    r = AUGUR_EXPLORE_POOL_FULL;   /* no server runs guesses */
  else if (!g_hash_table_contains (pool->jobs, key))
    {
      if (g_hash_table_size (pool->jobs) >= pool->capacity && !make_room (pool, depth))
        r = AUGUR_EXPLORE_POOL_FULL;
      else
        {
          Job *j = g_new0 (Job, 1);
          j->key = g_bytes_ref (key);
          j->depth = depth;
          j->ahead = TRUE;
          g_hash_table_insert (pool->jobs, j->key, j);
          queue_insert (pool, j);
          g_cond_signal (&pool->work);
          r = AUGUR_EXPLORE_POOL_ADDED;
        }
    }
  g_mutex_unlock (&pool->lock);
  return r;
}

gboolean
augur_explore_pool_take (AugurExplorePool *pool, const GArray *prefix, const GArray *sleep,
                         AugurSchedShm *into, AugurExplorePoolRun *run, GError **error)
{
  g_autoptr (GBytes) key = key_new (prefix, sleep);
  g_mutex_lock (&pool->lock);
  Job *j = g_hash_table_lookup (pool->jobs, key);
  if (j == NULL || j->state == JOB_QUEUED)
    {
      /* not started: run here, on the search's own server */
      if (j == NULL)
        {
          j = g_new0 (Job, 1);
          j->key = g_bytes_ref (key);
        }
      else
        {
          g_queue_remove (&pool->queue, j);
          queue_changed (pool);
          g_hash_table_steal (pool->jobs, key);
        }
      j->state = JOB_RUNNING;
      pool->busy++;
      g_mutex_unlock (&pool->lock);
      server_run (g_ptr_array_index (pool->servers, 0), j);
      g_mutex_lock (&pool->lock);
      pool->busy--;
      j->ahead = FALSE;
    }
  else
    {
      g_atomic_int_set (&j->wanted, TRUE);
      if (pool->spin && j->state != JOB_DONE)
        {
          g_mutex_unlock (&pool->lock);
          spin_on (&j->state, JOB_DONE, FALSE, NULL);
          g_mutex_lock (&pool->lock);
        }
      while (j->state != JOB_DONE)
        g_cond_wait (&pool->done, &pool->lock);
      g_hash_table_steal (pool->jobs, key);
      pool->used++;
    }
  g_mutex_unlock (&pool->lock);
  gboolean ok = j->error == NULL;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&j->error));
  else if (j->page != NULL && !augur_explore_pool_page_restore (into, j->page, j->page_len))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "an execution server sent back a page of %" G_GSIZE_FORMAT " bytes that does "
                   "not hold what its counts say (a server of another build of augur?)",
                   j->page_len);
      ok = FALSE;
    }
  memset (run, 0, sizeof *run);
  run->killed = j->killed;
  run->out_of_time = j->out_of_time;
  run->reruns = j->reruns;
  run->ahead = j->ahead;
  job_free (j);
  return ok;
}

guint
augur_explore_pool_busy (AugurExplorePool *pool)
{
  g_mutex_lock (&pool->lock);
  guint n = pool->busy;
  g_mutex_unlock (&pool->lock);
  return n;
}

void
augur_explore_pool_counts (AugurExplorePool *pool, guint64 *used, guint64 *wasted)
{
  g_mutex_lock (&pool->lock);
  *used = pool->used;
  *wasted = pool->wasted;
  GHashTableIter it;
  gpointer v;
  g_hash_table_iter_init (&it, pool->jobs);
  while (g_hash_table_iter_next (&it, NULL, &v))
    if (((Job *) v)->state == JOB_DONE)
      (*wasted)++;
  g_mutex_unlock (&pool->lock);
}
