/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * model.c — building the partial-order thread model (model.h) in one pass
 * over the trace.
 */
#include "config.h"

#include <errno.h>

#include <string.h>

#include "predictor/model.h"

typedef struct {
  guint32 from;     /* first tidx the snapshot is valid for */
  guint32 offset;   /* into vc_pool: n_threads entries */
} Epoch;

typedef struct {
  guint32 *vc;      /* owned */
  guint32 g;        /* global index of the signal */
} Signal;

typedef struct {
  guint32 init;     /* initial value */
  guint32 waits;    /* completed waits so far */
  GPtrArray *posts; /* guint32* vc snapshots, owned */
} Sem;

/* A pipe's bytes, as a semaphore's count: a read that took bytes follows
 * the writes that put them there in the recorded run (FIFO).  A socket
 * pair's word carries both ways, and all eventfds share one, whose reads
 * take a counter and not bytes: a read that took something there follows
 * every write recorded before it on the word (more order than the data
 * needs, never less: no reordering is predicted that the bytes forbid). */
typedef struct {
  gboolean unordered; /* a socket pair's or the eventfds' word: all_vc, not bytes */
  guint32 *all_vc;  /* unordered: the join of the writers' clocks so far */
  guint64 put;      /* bytes written so far */
  guint64 taken;    /* bytes read so far */
  gboolean lost;    /* a write of unknown size, or more read than written: no more order */
  GArray *ends;     /* guint64 per write: the number of bytes put once it was done */
  GPtrArray *vcs;   /* guint32* per write: the writer's clock, freed once all read */
  guint first;      /* the first write with bytes not all read */
} Pipe;

typedef struct {
  GPtrArray *rounds;   /* guint32* joined vcs, owned */
  gboolean   closed;   /* the last round has seen a departure */
  GArray    *round_of; /* guint32 per thread: round of its last arrival */
} Barrier;

typedef struct {
  AugurPredModel *m;
  guint n;
  guint32 **cur;         /* per thread vector clock */
  guint32 **child_vc;    /* per thread: the creator's clock at create */
  guint32 *wait_g;       /* per thread: global index of its last condition wait */
  GHashTable *signals;   /* cond addr -> Signal* */
  GHashTable *sems;      /* sem addr -> Sem* */
  GHashTable *barriers;  /* barrier addr -> Barrier* */
  GHashTable *onces;     /* once control addr -> guint32* vc of the call that ran the routine */
  GHashTable *pipes;     /* channel word addr of a pipe -> Pipe* */
  GHashTable *sync_ids;  /* addr -> id+1 */
  GHashTable *var_ids;   /* addr -> id+1 (live) */
  GHashTable *allocs;    /* addr -> size (live heap objects) */
  GHashTable *last_write;/* var id -> g+1 */
  GHashTable *snapshots; /* GBytes of a held-locks set -> its index in locksets + 1 */
  GArray **held;         /* per thread: AugurPredHeld */
  guint32 *snap;         /* per thread: current lockset snapshot */
  guint32 *sync_epoch;   /* per thread */
  AugurObjects *objects;
} Builder;

static guint32 *
vc_dup (const guint32 *vc, guint n)
{
  return g_memdup2 (vc, n * sizeof (guint32));
}

static gboolean
vc_join (guint32 *into, const guint32 *from, guint n)
{
  gboolean changed = FALSE;
  for (guint i = 0; i < n; i++)
    if (from[i] > into[i])
      {
        into[i] = from[i];
        changed = TRUE;
      }
  return changed;
}

static void
push_epoch (Builder *b, guint t, guint32 tidx)
{
  AugurPredModel *m = b->m;
  if ((guint64) m->vc_pool->len + b->n > m->max_vc)
    {
      m->too_large = TRUE;
      return;
    }
  Epoch e = { .from = tidx, .offset = m->vc_pool->len };
  g_array_append_vals (m->vc_pool, b->cur[t], b->n);
  g_array_append_val (m->threads[t].epochs, e);
}

static guint32
sync_id (Builder *b, guint64 addr)
{
  gpointer v = g_hash_table_lookup (b->sync_ids, GSIZE_TO_POINTER ((gsize) addr));
  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  guint32 id = b->m->sync_names->len;
  g_ptr_array_add (b->m->sync_names, augur_objects_name (b->objects, addr));
  g_hash_table_insert (b->sync_ids, GSIZE_TO_POINTER ((gsize) addr), GUINT_TO_POINTER (id + 1));
  return id;
}

static guint32
var_id (Builder *b, guint64 addr)
{
  gpointer v = g_hash_table_lookup (b->var_ids, GSIZE_TO_POINTER ((gsize) addr));
  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  AugurPredVar *var = g_new0 (AugurPredVar, 1);
  var->name = augur_objects_name (b->objects, addr);
  var->addr = addr;
  var->acc = g_new0 (GArray *, b->n);
  guint32 id = b->m->vars->len;
  g_ptr_array_add (b->m->vars, var);
  g_hash_table_insert (b->var_ids, GSIZE_TO_POINTER ((gsize) addr), GUINT_TO_POINTER (id + 1));
  return id;
}

/* Memory freed: its addresses name new variables from now on. */
static void
forget_range (Builder *b, guint64 addr)
{
  gpointer sz = g_hash_table_lookup (b->allocs, GSIZE_TO_POINTER ((gsize) addr));
  if (sz == NULL)
    return;
  gsize size = GPOINTER_TO_SIZE (sz);
  g_hash_table_remove (b->allocs, GSIZE_TO_POINTER ((gsize) addr));
  if (size <= 4096)
    {
      for (gsize i = 0; i < size; i++)
        g_hash_table_remove (b->var_ids, GSIZE_TO_POINTER ((gsize) (addr + i)));
      return;
    }
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, b->var_ids);
  while (g_hash_table_iter_next (&it, &key, NULL))
    if (GPOINTER_TO_SIZE (key) >= addr && GPOINTER_TO_SIZE (key) < addr + size)
      g_hash_table_iter_remove (&it);
}

/* The snapshot of thread t's held locks, after a change.  Equal sets
 * (the same locks in the same modes, in the same order) share one: a
 * run's millions of acquisitions hold a few thousand distinct sets. */
static void
new_snapshot (Builder *b, guint t)
{
  GArray *held = b->held[t];
  guint32 *key = g_new (guint32, held->len + 1);
  key[0] = held->len;
  for (guint i = 0; i < held->len; i++)
    {
      AugurPredHeld *h = &g_array_index (held, AugurPredHeld, i);
      key[i + 1] = h->lock * 4 + h->mode;
    }
  GBytes *bytes = g_bytes_new_take (key, (held->len + 1) * sizeof (guint32));
  gpointer known = g_hash_table_lookup (b->snapshots, bytes);
  if (known != NULL)
    {
      b->snap[t] = GPOINTER_TO_UINT (known) - 1;
      g_bytes_unref (bytes);
      return;
    }
  GArray *s = g_array_sized_new (FALSE, FALSE, sizeof (AugurPredHeld), held->len);
  for (guint i = 0; i < held->len; i++)
    {
      AugurPredHeld h = g_array_index (held, AugurPredHeld, i);
      h.acq = 0;   /* shared by many acquisitions */
      g_array_append_val (s, h);
    }
  b->snap[t] = b->m->locksets->len;
  g_ptr_array_add (b->m->locksets, s);
  g_hash_table_insert (b->snapshots, bytes, GUINT_TO_POINTER (b->snap[t] + 1));
}

static void
acquire (Builder *b, guint t, guint32 g, guint64 addr, guint8 mode)
{
  AugurPredModel *m = b->m;
  guint32 lock = sync_id (b, addr);
  for (guint i = 0; i < b->held[t]->len; i++)
    {
      AugurPredHeld *h = &g_array_index (b->held[t], AugurPredHeld, i);
      if (h->lock != lock)
        {
          AugurPredNest n = { .lock1 = h->lock, .lock2 = lock, .p = h->acq, .q = g };
          g_array_append_val (m->threads[t].nests, n);
        }
    }
  AugurPredHeld h = { .lock = lock, .acq = g, .mode = mode };
  g_array_append_val (b->held[t], h);
  AugurPredCS cs = { .lock = lock, .acq = g, .rel = AUGUR_PRED_NONE, .mode = mode };
  g_array_append_val (m->threads[t].cs, cs);
  new_snapshot (b, t);
}

static void
release (Builder *b, guint t, guint32 g, guint64 addr)
{
  AugurPredModel *m = b->m;
  guint32 lock = sync_id (b, addr);
  for (guint i = b->held[t]->len; i-- > 0;)
    {
      AugurPredHeld *h = &g_array_index (b->held[t], AugurPredHeld, i);
      if (h->lock != lock)
        continue;
      GArray *cs = m->threads[t].cs;
      for (guint j = cs->len; j-- > 0;)
        if (g_array_index (cs, AugurPredCS, j).acq == h->acq)
          {
            g_array_index (cs, AugurPredCS, j).rel = g;
            break;
          }
      g_array_remove_index (b->held[t], i);
      new_snapshot (b, t);
      return;
    }
}

static void
signal_free (gpointer p)
{
  Signal *s = p;
  g_free (s->vc);
  g_free (s);
}

static void
sem_free (gpointer p)
{
  Sem *s = p;
  g_ptr_array_unref (s->posts);
  g_free (s);
}

static void
barrier_free (gpointer p)
{
  Barrier *br = p;
  g_ptr_array_unref (br->rounds);
  g_array_unref (br->round_of);
  g_free (br);
}

static void
pipe_free (gpointer p)
{
  Pipe *c = p;
  g_free (c->all_vc);
  g_array_unref (c->ends);
  g_ptr_array_unref (c->vcs);
  g_free (c);
}

static Sem *
sem_get (Builder *b, guint64 addr)
{
  Sem *s = g_hash_table_lookup (b->sems, GSIZE_TO_POINTER ((gsize) addr));
  if (s == NULL)
    {
      s = g_new0 (Sem, 1);
      s->posts = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (b->sems, GSIZE_TO_POINTER ((gsize) addr), s);
    }
  return s;
}

static Barrier *
barrier_get (Builder *b, guint64 addr)
{
  Barrier *br = g_hash_table_lookup (b->barriers, GSIZE_TO_POINTER ((gsize) addr));
  if (br == NULL)
    {
      br = g_new0 (Barrier, 1);
      br->rounds = g_ptr_array_new_with_free_func (g_free);
      br->closed = TRUE;
      br->round_of = g_array_new (FALSE, TRUE, sizeof (guint32));
      g_array_set_size (br->round_of, b->n);
      g_hash_table_insert (b->barriers, GSIZE_TO_POINTER ((gsize) addr), br);
    }
  return br;
}

/* ---- the effect of each operation on the clocks and locks ----
 *
 * One function per operation of common/augur-ops.h, found by the event's
 * op (its row of the operation table): it returns whether the thread's
 * clock learnt something, and clears *sync when the call failed (a
 * trylock that found the lock taken is no synchronisation). */

typedef gboolean (*Effect) (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync);

static gboolean
on_create (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  if (r->addr < b->n)
    {
      g_free (b->child_vc[r->addr]);
      b->child_vc[r->addr] = vc_dup (b->cur[t], b->n);
    }
  return FALSE;
}

static gboolean
on_start (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  /* a thread's start, not its TLS set-up (the same op, no thread object) */
  if (augur_ops_event (r->kind)->object != AUGUR_OPS_OBJ_THREAD || b->child_vc[t] == NULL)
    return FALSE;
  return vc_join (b->cur[t], b->child_vc[t], b->n);
}

static gboolean
on_join (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  if (r->arg == 0 && r->addr < b->n)
    return vc_join (b->cur[t], b->cur[r->addr], b->n);
  return FALSE;
}

/* Mutexes, spinlocks, rwlocks: a read lock is shared. */
static gboolean
on_lock (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  /* EOWNERDEAD: a robust mutex taken after its owner died, whose release
   * the trace has at that thread's exit (runtime/rt-mutex.c) */
  if (r->arg != 0 && r->arg != EOWNERDEAD)
    {
      *sync = FALSE;   /* failed */
      return FALSE;
    }
  b->m->obj[g] = sync_id (b, r->addr);
  acquire (b, t, g, r->addr,
           augur_ops_event (r->kind)->op == AUGUR_OP_RDLOCK ? AUGUR_LOCK_SHARED
                                                            : AUGUR_LOCK_EXCLUSIVE);
  return FALSE;
}

static gboolean
on_unlock (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  b->m->obj[g] = sync_id (b, r->addr);
  release (b, t, g, r->addr);
  return FALSE;
}

/* A condition wait releases its mutex (arg). */
static gboolean
on_wait (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  b->m->obj[g] = sync_id (b, r->addr);
  release (b, t, g, r->arg);
  b->wait_g[t] = g;
  return FALSE;
}

/* Back from a wait: the last signal since the wait began happens before,
 * and the mutex (arg) is held again. */
static gboolean
on_wake (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  gboolean acquired = FALSE;
  b->m->obj[g] = sync_id (b, r->addr);
  Signal *s = g_hash_table_lookup (b->signals, GSIZE_TO_POINTER ((gsize) r->addr));
  if (s != NULL && (b->wait_g[t] == AUGUR_PRED_NONE || s->g > b->wait_g[t]))
    acquired = vc_join (b->cur[t], s->vc, b->n);
  acquire (b, t, g, r->arg, AUGUR_LOCK_EXCLUSIVE);
  return acquired;
}

static gboolean
on_signal (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  b->m->obj[g] = sync_id (b, r->addr);
  Signal *s = g_new0 (Signal, 1);
  s->vc = vc_dup (b->cur[t], b->n);
  s->g = g;
  g_hash_table_replace (b->signals, GSIZE_TO_POINTER ((gsize) r->addr), s);
  return FALSE;
}

static gboolean
on_barrier_enter (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  b->m->obj[g] = sync_id (b, r->addr);
  Barrier *br = barrier_get (b, r->addr);
  if (br->closed)
    {
      g_ptr_array_add (br->rounds, g_new0 (guint32, b->n));
      br->closed = FALSE;
    }
  vc_join (g_ptr_array_index (br->rounds, br->rounds->len - 1), b->cur[t], b->n);
  g_array_index (br->round_of, guint32, t) = br->rounds->len - 1;
  return FALSE;
}

static gboolean
on_barrier_leave (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  b->m->obj[g] = sync_id (b, r->addr);
  Barrier *br = barrier_get (b, r->addr);
  guint32 round = g_array_index (br->round_of, guint32, t);
  if (round >= br->rounds->len)
    return FALSE;
  if (round == br->rounds->len - 1)
    br->closed = TRUE;
  return vc_join (b->cur[t], g_ptr_array_index (br->rounds, round), b->n);
}

static gboolean
on_sem_post (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  b->m->obj[g] = sync_id (b, r->addr);
  g_ptr_array_add (sem_get (b, r->addr)->posts, vc_dup (b->cur[t], b->n));
  return FALSE;
}

/* The k-th completed wait follows post number k - initial value. */
static gboolean
on_sem_wait (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  if (r->arg != 0)
    {
      *sync = FALSE;   /* failed */
      return FALSE;
    }
  b->m->obj[g] = sync_id (b, r->addr);
  Sem *s = sem_get (b, r->addr);
  guint32 k = s->waits++;
  if (k >= s->init && k - s->init < s->posts->len)
    return vc_join (b->cur[t], g_ptr_array_index (s->posts, k - s->init), b->n);
  return FALSE;
}

/* The call that ran a once routine happens before every call that found
 * it done or waited for it (the runtime records it first). */
static gboolean
on_once (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  b->m->obj[g] = sync_id (b, r->addr);
  if (r->arg == 1)
    {
      g_hash_table_replace (b->onces, GSIZE_TO_POINTER ((gsize) r->addr), vc_dup (b->cur[t], b->n));
      return FALSE;
    }
  const guint32 *vc = g_hash_table_lookup (b->onces, GSIZE_TO_POINTER ((gsize) r->addr));
  return vc != NULL && vc_join (b->cur[t], vc, b->n);
}

/* Inits: a semaphore's initial value, and pthread_once (an init of its
 * control); the other objects' inits order nothing. */
static gboolean
on_init (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  AugurOpsObject object = augur_ops_event (r->kind)->object;
  if (object == AUGUR_OPS_OBJ_ONCE)
    return on_once (b, t, g, r, sync);
  if (object == AUGUR_OPS_OBJ_SEM)
    {
      sem_get (b, r->addr)->init = (guint32) r->arg;
      b->m->obj[g] = sync_id (b, r->addr);
    }
  return FALSE;
}

static gboolean
on_alloc (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  g_hash_table_replace (b->allocs, GSIZE_TO_POINTER ((gsize) r->addr),
                        GSIZE_TO_POINTER ((gsize) MAX (r->arg, 1)));
  return FALSE;
}

static gboolean
on_free (Builder *b, guint t, guint32 g, const AugurRecord *r, gboolean *sync)
{
  forget_range (b, r->addr);
  return FALSE;
}

static const Effect effects[AUGUR_OP_N_OPS] = {
  [AUGUR_OP_CREATE] = on_create,
  [AUGUR_OP_START] = on_start,
  [AUGUR_OP_JOIN] = on_join,
  [AUGUR_OP_INIT] = on_init,
  [AUGUR_OP_LOCK] = on_lock,
  [AUGUR_OP_RDLOCK] = on_lock,
  [AUGUR_OP_TRYLOCK] = on_lock,
  [AUGUR_OP_UNLOCK] = on_unlock,
  [AUGUR_OP_WAIT] = on_wait,
  [AUGUR_OP_WAKE] = on_wake,
  [AUGUR_OP_SIGNAL] = on_signal,
  [AUGUR_OP_BROADCAST] = on_signal,
  [AUGUR_OP_SEM_WAIT] = on_sem_wait,
  [AUGUR_OP_SEM_POST] = on_sem_post,
  [AUGUR_OP_BARRIER_ENTER] = on_barrier_enter,
  [AUGUR_OP_BARRIER_LEAVE] = on_barrier_leave,
  [AUGUR_OP_ALLOC] = on_alloc,
  [AUGUR_OP_FREE] = on_free,
};

/* A memory access: its variable, and the write it read. */
static void
observe_access (Builder *b, guint t, guint32 g, const AugurRecord *r, guint8 acc)
{
  AugurPredModel *m = b->m;
  guint32 v = var_id (b, r->addr);
  AugurPredVar *var = g_ptr_array_index (m->vars, v);
  m->acc[g] = acc;
  m->obj[g] = v;
  if (var->acc[t] == NULL)
    var->acc[t] = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (var->acc[t], g);
  gpointer lw = g_hash_table_lookup (b->last_write, GUINT_TO_POINTER (v + 1));
  if (acc & AUGUR_ACC_READ)
    m->writer[g] = lw != NULL ? GPOINTER_TO_UINT (lw) - 1 : AUGUR_PRED_NONE;
  if (acc & AUGUR_ACC_WRITE)
    g_hash_table_insert (b->last_write, GUINT_TO_POINTER (v + 1), GUINT_TO_POINTER (g + 1));
}

/* The program made a channel: a pipe's word orders its bytes; a socket
 * pair's and the eventfds' order a read after every write before it. */
static void
on_channel_made (Builder *b, const AugurRecord *r)
{
  g_hash_table_remove (b->pipes, GSIZE_TO_POINTER ((gsize) r->addr));
  if (r->arg != AUGUR_CHANNEL_PIPE && r->arg != AUGUR_CHANNEL_SOCKETPAIR
      && r->arg != AUGUR_CHANNEL_EVENTFD)
    return;
  Pipe *c = g_new0 (Pipe, 1);
  c->unordered = r->arg != AUGUR_CHANNEL_PIPE;
  if (c->unordered)
    c->all_vc = g_new0 (guint32, b->n);
  c->ends = g_array_new (FALSE, FALSE, sizeof (guint64));
  c->vcs = g_ptr_array_new_with_free_func (g_free);
  g_hash_table_insert (b->pipes, GSIZE_TO_POINTER ((gsize) r->addr), c);
}

/* A write (PUT) or a read that took bytes (TAKE) on a pipe's word
 * (runtime/rt-fdio.c's add, common/augur-trace-format.h): the read
 * follows the writes whose bytes it took (on a socket pair's or the
 * eventfds' word, every write before it).  Whether the clock learnt
 * something; *moved if the event is one of the channel's. */
static gboolean
on_pipe_add (Builder *b, guint t, const AugurRecord *r, gboolean *moved)
{
  Pipe *c = g_hash_table_lookup (b->pipes, GSIZE_TO_POINTER ((gsize) r->addr));
  guint32 how = r->aux & (AUGUR_CHANNEL_PUT | AUGUR_CHANNEL_TAKE);
  guint64 n = r->aux >> AUGUR_CHANNEL_BYTES_SHIFT;
  *moved = c != NULL && how != 0 && (r->aux & AUGUR_RMW_OP_MASK) == AUGUR_ATOMIC_OP_ADD;
  if (*moved && c->unordered && how == AUGUR_CHANNEL_PUT)
    {
      vc_join (c->all_vc, b->cur[t], b->n);
      return FALSE;
    }
  if (*moved && c->unordered)
    return vc_join (b->cur[t], c->all_vc, b->n);
  if (!*moved || c->lost)
    return FALSE;
  if (how == AUGUR_CHANNEL_PUT)
    {
      c->lost = n >= AUGUR_CHANNEL_BYTES_MAX;
      c->put += n;
      g_array_append_val (c->ends, c->put);
      g_ptr_array_add (c->vcs, vc_dup (b->cur[t], b->n));
      return FALSE;
    }
  if (n >= AUGUR_CHANNEL_BYTES_MAX || c->taken + n > c->put)
    {
      c->lost = TRUE;   /* bytes of writes not seen: the pipe's order is unknown */
      return FALSE;
    }
  gboolean acquired = FALSE;
  c->taken += n;
  for (guint i = c->first; i < c->ends->len; i++)
    {
      guint64 start = i == 0 ? 0 : g_array_index (c->ends, guint64, i - 1);
      if (start >= c->taken)
        break;
      acquired |= vc_join (b->cur[t], g_ptr_array_index (c->vcs, i), b->n);
      if (g_array_index (c->ends, guint64, i) <= c->taken)
        {
          g_clear_pointer (&g_ptr_array_index (c->vcs, i), g_free);
          c->first = i + 1;
        }
    }
  return acquired;
}

/* One event: its access, locks and clock effects. */
static void
observe (Builder *b, guint32 g, const AugurRecord *r)
{
  AugurPredModel *m = b->m;
  guint t = r->tid;
  AugurPredThread *th = &m->threads[t];
  guint32 tidx = th->events->len;
  g_array_append_val (th->events, g);
  m->tidx[g] = tidx;
  m->obj[g] = AUGUR_PRED_NONE;
  m->writer[g] = AUGUR_PRED_NONE;
  m->lockset[g] = b->snap[t];
  if (tidx == 0)
    push_epoch (b, t, 0);
  b->cur[t][t] = tidx + 1;

  gboolean acquired = FALSE;  /* the clock learnt something */
  const AugurOpsEvent *row = augur_ops_event (r->kind);
  gboolean sync = row->sync;  /* unless it failed */
  guint8 acc = augur_ops_event_access (r->kind, r->aux);
  if (r->kind == AUGUR_EV_CHANNEL)
    on_channel_made (b, r);
  if (acc != 0)
    observe_access (b, t, g, r, acc);
  gboolean moved = FALSE;   /* a pipe's bytes: a hand-off, as a semaphore's */
  if (r->kind == AUGUR_EV_ATOMIC_RMW)
    acquired = on_pipe_add (b, t, r, &moved);
  else if (acc == 0 && row->op < AUGUR_OP_N_OPS && effects[row->op] != NULL)
    acquired = effects[row->op] (b, t, g, r, &sync);
  if (sync || moved)
    {
      b->sync_epoch[t]++;
      if (moved
          || (row->op != AUGUR_OP_LOCK && row->op != AUGUR_OP_RDLOCK && row->op != AUGUR_OP_TRYLOCK
              && row->op != AUGUR_OP_UNLOCK && row->op != AUGUR_OP_LOCK_REQUEST))
        g_array_append_val (th->handoffs, tidx);
    }
  m->sync[g] = sync;
  m->epoch[g] = b->sync_epoch[t];
  if (acquired)
    {
      /* A new snapshot valid from this event on; if the thread's latest
       * snapshot starts here already, overwrite it. */
      Epoch *last = &g_array_index (th->epochs, Epoch, th->epochs->len - 1);
      if (last->from == tidx)
        memcpy (&g_array_index (m->vc_pool, guint32, last->offset), b->cur[t], b->n * sizeof (guint32));
      else
        push_epoch (b, t, tidx);
    }
}

/* The model's per-event arrays and per-thread lists, for `ne` events. */
static AugurPredModel *
model_alloc (const AugurTrace *trace, gsize ne)
{
  AugurPredModel *m = g_new0 (AugurPredModel, 1);
  m->trace = trace;
  m->n_events = (guint32) ne;
  m->n_threads = MAX (1u, augur_trace_n_threads (trace));
  m->max_vc = AUGUR_PRED_MAX_VC;
  const char *cap = g_getenv ("AUGUR_PREDICT_MAX_VC");   /* tests: a small cap */
  if (cap != NULL && g_ascii_strtoull (cap, NULL, 10) > 0)
    m->max_vc = MIN (g_ascii_strtoull (cap, NULL, 10), AUGUR_PRED_MAX_VC);
  /* each thread's clock and its creator's copy: n x n entries each */
  if ((guint64) m->n_threads * m->n_threads * 2 > m->max_vc)
    {
      m->too_large = TRUE;
      m->n_threads = 1;   /* an empty model: nothing below is sized by the real count */
      m->n_events = 0;
      ne = 0;
    }
  m->tidx = g_new (guint32, ne + 1);
  m->obj = g_new (guint32, ne + 1);
  m->acc = g_new0 (guint8, ne + 1);
  m->sync = g_new0 (guint8, ne + 1);
  m->writer = g_new (guint32, ne + 1);
  m->epoch = g_new (guint32, ne + 1);
  m->lockset = g_new (guint32, ne + 1);
  m->locksets = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_ptr_array_add (m->locksets, g_array_new (FALSE, FALSE, sizeof (AugurPredHeld)));
  m->threads = g_new0 (AugurPredThread, m->n_threads);
  for (guint t = 0; t < m->n_threads; t++)
    {
      m->threads[t].events = g_array_new (FALSE, FALSE, sizeof (guint32));
      m->threads[t].epochs = g_array_new (FALSE, FALSE, sizeof (Epoch));
      m->threads[t].cs = g_array_new (FALSE, FALSE, sizeof (AugurPredCS));
      m->threads[t].nests = g_array_new (FALSE, FALSE, sizeof (AugurPredNest));
      m->threads[t].handoffs = g_array_new (FALSE, FALSE, sizeof (guint32));
    }
  m->vars = g_ptr_array_new ();
  m->sync_names = g_ptr_array_new_with_free_func (g_free);
  m->block_names = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  m->vc_pool = g_array_new (FALSE, FALSE, sizeof (guint32));
  return m;
}

static void
builder_init (Builder *b, AugurPredModel *m, AugurSymbolizer *symbolizer)
{
  guint n = m->n_threads;
  *b = (Builder) { .m = m, .n = n };
  b->cur = g_new0 (guint32 *, n);
  b->child_vc = g_new0 (guint32 *, n);
  b->wait_g = g_new (guint32, n);
  b->held = g_new0 (GArray *, n);
  b->snap = g_new0 (guint32, n);
  b->sync_epoch = g_new0 (guint32, n);
  for (guint t = 0; t < n; t++)
    {
      b->cur[t] = g_new0 (guint32, n);
      b->wait_g[t] = AUGUR_PRED_NONE;
      b->held[t] = g_array_new (FALSE, FALSE, sizeof (AugurPredHeld));
    }
  b->signals = g_hash_table_new_full (NULL, NULL, NULL, signal_free);
  b->onces = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  b->pipes = g_hash_table_new_full (NULL, NULL, NULL, pipe_free);
  b->sems = g_hash_table_new_full (NULL, NULL, NULL, sem_free);
  b->barriers = g_hash_table_new_full (NULL, NULL, NULL, barrier_free);
  b->sync_ids = g_hash_table_new (NULL, NULL);
  b->var_ids = g_hash_table_new (NULL, NULL);
  b->allocs = g_hash_table_new (NULL, NULL);
  b->last_write = g_hash_table_new (NULL, NULL);
  b->snapshots = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                        (GDestroyNotify) g_bytes_unref, NULL);
  /* the empty set, locksets[0] (model_alloc) */
  g_hash_table_insert (b->snapshots, g_bytes_new_take (g_new0 (guint32, 1), sizeof (guint32)),
                       GUINT_TO_POINTER (1));
  b->objects = augur_objects_new (symbolizer);
}

static void
builder_clear (Builder *b)
{
  for (guint t = 0; t < b->n; t++)
    {
      g_free (b->cur[t]);
      g_free (b->child_vc[t]);
      g_array_unref (b->held[t]);
    }
  g_free (b->cur);
  g_free (b->child_vc);
  g_free (b->wait_g);
  g_free (b->held);
  g_free (b->snap);
  g_free (b->sync_epoch);
  g_hash_table_unref (b->signals);
  g_hash_table_unref (b->onces);
  g_hash_table_unref (b->pipes);
  g_hash_table_unref (b->sems);
  g_hash_table_unref (b->barriers);
  g_hash_table_unref (b->sync_ids);
  g_hash_table_unref (b->var_ids);
  g_hash_table_unref (b->allocs);
  g_hash_table_unref (b->last_write);
  g_hash_table_unref (b->snapshots);
  augur_objects_free (b->objects);
}

/* A variable is shared when two threads access it and one writes it. */
static void
mark_shared (AugurPredModel *m)
{
  for (guint i = 0; i < m->vars->len; i++)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, i);
      guint threads = 0;
      for (guint t = 0; t < m->n_threads; t++)
        {
          if (var->acc[t] == NULL)
            continue;
          threads++;
          for (guint j = 0; j < var->acc[t]->len; j++)
            if (m->acc[g_array_index (var->acc[t], guint32, j)] & AUGUR_ACC_WRITE)
              {
                var->n_writers++;
                break;
              }
        }
      var->shared = threads >= 2 && var->n_writers >= 1;
    }
}

/* The events of threads the trace's header does not count: left out. */
static void
skip_event (AugurPredModel *m, guint32 g)
{
  m->tidx[g] = 0;
  m->obj[g] = AUGUR_PRED_NONE;
  m->writer[g] = AUGUR_PRED_NONE;
  m->epoch[g] = 0;
  m->lockset[g] = 0;
}

AugurPredModel *
augur_pred_model_new (const AugurTrace *trace, AugurSymbolizer *symbolizer)
{
  return augur_pred_model_new_until (trace, symbolizer, 0);
}

AugurPredModel *
augur_pred_model_new_until (const AugurTrace *trace, AugurSymbolizer *symbolizer, gint64 deadline)
{
  gsize ne = augur_trace_n_events (trace);
  g_return_val_if_fail (ne < AUGUR_PRED_NONE, NULL);
  AugurPredModel *m = model_alloc (trace, ne);
  Builder b;
  builder_init (&b, m, symbolizer);
  for (guint32 g = 0; g < m->n_events && !m->too_large; g++)
    {
      if (deadline != 0 && (g & 0xffff) == 0xffff && g_get_monotonic_time () >= deadline)
        {
          m->n_events = g;   /* a prefix of a run is a run: its model */
          m->cut = TRUE;
          break;
        }
      const AugurRecord *r = augur_trace_event (trace, g);
      if (r->tid >= b.n)
        {
          skip_event (m, g);
          continue;
        }
      observe (&b, g, r);
      if (r->kind == AUGUR_EV_FREE)   /* named while the block still lives */
        g_hash_table_insert (m->block_names, GUINT_TO_POINTER (g),
                             augur_objects_name (b.objects, r->addr));
      augur_objects_observe (b.objects, r);
      if (r->kind == AUGUR_EV_ALLOC)
        g_hash_table_insert (m->block_names, GUINT_TO_POINTER (g),
                             augur_objects_name (b.objects, r->addr));
    }
  mark_shared (m);
  builder_clear (&b);
  return m;
}

void
augur_pred_model_free (AugurPredModel *m)
{
  if (m == NULL)
    return;
  for (guint t = 0; t < m->n_threads; t++)
    {
      g_array_unref (m->threads[t].events);
      g_array_unref (m->threads[t].epochs);
      g_array_unref (m->threads[t].cs);
      g_array_unref (m->threads[t].nests);
      g_array_unref (m->threads[t].handoffs);
    }
  for (guint i = 0; i < m->vars->len; i++)
    {
      AugurPredVar *var = g_ptr_array_index (m->vars, i);
      for (guint t = 0; t < m->n_threads; t++)
        if (var->acc[t] != NULL)
          g_array_unref (var->acc[t]);
      g_free (var->acc);
      g_free (var->name);
      g_free (var);
    }
  g_ptr_array_unref (m->vars);
  g_ptr_array_unref (m->sync_names);
  g_hash_table_unref (m->block_names);
  g_ptr_array_unref (m->locksets);
  g_array_unref (m->vc_pool);
  g_free (m->threads);
  g_free (m->tidx);
  g_free (m->obj);
  g_free (m->acc);
  g_free (m->sync);
  g_free (m->writer);
  g_free (m->epoch);
  g_free (m->lockset);
  g_free (m);
}

guint32
augur_pred_model_vc (const AugurPredModel *m, guint32 g, guint u)
{
  guint t = augur_pred_thread_of (m, g);
  guint32 tidx = m->tidx[g];
  if (u == t)
    return tidx + 1;
  GArray *ep = m->threads[t].epochs;
  guint lo = 0, hi = ep->len;   /* last epoch with from <= tidx */
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;
      if (g_array_index (ep, Epoch, mid).from <= tidx)
        lo = mid;
      else
        hi = mid;
    }
  return g_array_index (m->vc_pool, guint32, g_array_index (ep, Epoch, lo).offset + u);
}

gboolean
augur_pred_model_hb (const AugurPredModel *m, guint32 x, guint32 y)
{
  if (x == y)
    return FALSE;
  guint tx = augur_pred_thread_of (m, x);
  return augur_pred_model_vc (m, y, tx) > m->tidx[x];
}

gboolean
augur_pred_held_exclude (GArray *a, GArray *b)
{
  for (guint i = 0; i < a->len; i++)
    for (guint j = 0; j < b->len; j++)
      {
        const AugurPredHeld *ha = &g_array_index (a, AugurPredHeld, i);
        const AugurPredHeld *hb = &g_array_index (b, AugurPredHeld, j);
        if (ha->lock == hb->lock
            && (ha->mode == AUGUR_LOCK_EXCLUSIVE || hb->mode == AUGUR_LOCK_EXCLUSIVE))
          return TRUE;
      }
  return FALSE;
}

gboolean
augur_pred_model_common_lock (const AugurPredModel *m, guint32 x, guint32 y)
{
  return augur_pred_held_exclude (g_ptr_array_index (m->locksets, m->lockset[x]),
                                  g_ptr_array_index (m->locksets, m->lockset[y]));
}

gboolean
augur_pred_model_only_locks_between (const AugurPredModel *m, guint32 x, guint32 y)
{
  GArray *h = m->threads[augur_pred_thread_of (m, x)].handoffs;
  guint lo = augur_pred_upper_bound (h, m->tidx[x]);   /* the first hand-off after x */
  return lo == h->len || g_array_index (h, guint32, lo) >= m->tidx[y];
}

gboolean
augur_pred_model_lock_dropped (const AugurPredModel *m, guint32 x, guint32 y)
{
  GArray *lx = g_ptr_array_index (m->locksets, m->lockset[x]);
  GArray *ly = g_ptr_array_index (m->locksets, m->lockset[y]);
  for (guint i = 0; i < lx->len; i++)
    {
      gboolean kept = FALSE;
      for (guint j = 0; j < ly->len && !kept; j++)
        kept = g_array_index (lx, AugurPredHeld, i).lock == g_array_index (ly, AugurPredHeld, j).lock;
      if (!kept)
        return TRUE;
    }
  return FALSE;
}

char **
augur_pred_model_locks_held (const AugurPredModel *m, guint32 g)
{
  GArray *l = g_ptr_array_index (m->locksets, m->lockset[g]);
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < l->len; i++)
    g_ptr_array_add (out, g_strdup (g_ptr_array_index (
                            m->sync_names, g_array_index (l, AugurPredHeld, i).lock)));
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

gboolean
augur_pred_model_kept (const AugurPredModel *m, guint32 g)
{
  if (m->sync[g])
    return TRUE;
  if (m->acc[g] == 0)
    return FALSE;
  return ((AugurPredVar *) g_ptr_array_index (m->vars, m->obj[g]))->shared;
}

const char *
augur_pred_model_object_name (const AugurPredModel *m, guint32 g)
{
  if (m->obj[g] == AUGUR_PRED_NONE)
    return g_hash_table_lookup (m->block_names, GUINT_TO_POINTER (g));
  if (m->acc[g] != 0)
    return ((AugurPredVar *) g_ptr_array_index (m->vars, m->obj[g]))->name;
  return g_ptr_array_index (m->sync_names, m->obj[g]);
}

guint64
augur_pred_model_site (const AugurPredModel *m, guint32 g)
{
  const AugurRecord *r = augur_trace_event (m->trace, g);
  return ((guint64) r->module << 32) | r->pc;
}

void
augur_pred_model_source (const AugurPredModel *m, AugurSymbolizer *sym, guint32 g,
                         AugurSource *src)
{
  const AugurRecord *r = augur_trace_event (m->trace, g);
  memset (src, 0, sizeof *src);
  if (r->pc == 0 || !augur_symbolizer_source (sym, r->module, r->pc, src))
    {
      src->file = NULL;
      src->line = 0;
    }
}

char *
augur_pred_model_to_string (const AugurPredModel *m)
{
  guint shared = 0;
  for (guint i = 0; i < m->vars->len; i++)
    shared += ((AugurPredVar *) g_ptr_array_index (m->vars, i))->shared;
  return g_strdup_printf ("%u threads, %u events, %u shared variables of %u, %u sync objects",
                          m->n_threads, m->n_events, shared, m->vars->len, m->sync_names->len);
}

guint
augur_pred_lower_bound (GArray *sorted, guint32 value)
{
  guint a = 0, b = sorted->len;
  while (a < b)
    {
      guint mid = (a + b) / 2;
      if (g_array_index (sorted, guint32, mid) < value)
        a = mid + 1;
      else
        b = mid;
    }
  return a;
}

guint
augur_pred_upper_bound (GArray *sorted, guint32 value)
{
  guint a = 0, b = sorted->len;
  while (a < b)
    {
      guint mid = (a + b) / 2;
      if (g_array_index (sorted, guint32, mid) <= value)
        a = mid + 1;
      else
        b = mid;
    }
  return a;
}

guint32
augur_pred_model_first_at (const AugurPredModel *m, guint t, guint32 lo)
{
  return augur_pred_lower_bound (m->threads[t].events, lo);
}

guint
augur_pred_model_not_knowing (const AugurPredModel *m, GArray *events, guint t, guint32 g)
{
  guint lo = 0, hi = events->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (augur_pred_model_vc (m, g_array_index (events, guint32, mid), t) <= m->tidx[g])
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}
