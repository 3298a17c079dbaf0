/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dt-gen.c — random programs, their text, shrinking edits; see dt-gen.h.
 *
 * A thread is planned as a list of blocks (each a short well-formed run of
 * operations, GArray of DtOp) and flattened at the end, with the creates
 * and joins of its children placed between blocks.
 */
#include "config.h"

#include "tests/difftest/dt-gen.h"

#include <string.h>

#define MAX_INTERLEAVINGS 200000.0

typedef struct {
  GRand *rand;
  DtProfile profile;
  guint n_threads, n_vars, n_mutexes, n_conds;
  GPtrArray *plan[DT_MAX_THREADS];   /* of GArray of DtOp: the blocks */
  guint est[DT_MAX_THREADS];         /* estimated steps of each thread's blocks */
  gboolean loaded[DT_MAX_THREADS][DT_MAX_REGS];
  guint next_assert;
} Gen;

/* Index drawn with the given weights (w[0..n)). */
static guint
pick (Gen *g, const guint *w, guint n)
{
  guint total = 0;
  for (guint k = 0; k < n; k++)
    total += w[k];
  guint r = (guint) g_rand_int_range (g->rand, 0, (gint32) total);
  for (guint k = 0; k < n; k++)
    {
      if (r < w[k])
        return k;
      r -= w[k];
    }
  return n - 1;
}

static guint
range (Gen *g, guint lo, guint hi)   /* lo..hi inclusive */
{
  return (guint) g_rand_int_range (g->rand, (gint32) lo, (gint32) hi + 1);
}

static gboolean
chance (Gen *g, guint percent)
{
  return range (g, 0, 99) < percent;
}

static DtOp
op_new (DtOpKind kind)
{
  DtOp op = { 0 };
  op.kind = (guint8) kind;
  return op;
}

static void
block_add (GArray *b, DtOp op)
{
  g_array_append_val (b, op);
}

/* One access of a random variable; returns its estimated steps. */
static guint
gen_access (Gen *g, guint t, GArray *b)
{
  DtOp op;
  guint var = range (g, 0, g->n_vars - 1);
  gboolean any_loaded = g->loaded[t][0] || g->loaded[t][1];
  static const guint w[] = { 25, 30, 15, 30, 10 };
  switch (pick (g, w, G_N_ELEMENTS (w)))
    {
    case 4:
      op = op_new (DT_OP_ATOMIC_ADD);
      op.v = (guint8) range (g, 1, 2);
      break;
    case 0:
      op = op_new (DT_OP_LOAD);
      op.reg = (guint8) range (g, 0, DT_MAX_REGS - 1);
      g->loaded[t][op.reg] = TRUE;
      break;
    case 1:
      op = op_new (DT_OP_STORE);
      op.v = (guint8) range (g, 1, 3);
      break;
    case 2:
      if (any_loaded)
        {
          op = op_new (DT_OP_STORE_REG);
          op.reg = g->loaded[t][0] ? 0 : 1;
          op.v = (guint8) range (g, 0, 1);
          break;
        }
      /* fall through */
    default:
      op = op_new (DT_OP_INC);
      op.var = (guint8) var;
      block_add (b, op);
      return 2;
    }
  op.var = (guint8) var;
  block_add (b, op);
  return 1;
}

static guint
gen_cond (Gen *g, guint t, DtOp *op)
{
  gboolean any_loaded = g->loaded[t][0] || g->loaded[t][1];
  op->ne = chance (g, 50);
  op->v = (guint8) range (g, 0, 3);
  if (any_loaded && chance (g, 30))
    {
      op->on_reg = 1;
      op->reg = g->loaded[t][0] ? 0 : 1;
      return 0;
    }
  op->var = (guint8) range (g, 0, g->n_vars - 1);
  return 1;
}

static GArray *
new_block (Gen *g, guint t, guint pos_from_end)
{
  GArray *b = g_array_new (FALSE, FALSE, sizeof (DtOp));
  GPtrArray *plan = g->plan[t];
  g_ptr_array_insert (plan, (gint) (plan->len - MIN (pos_from_end, plan->len)), b);
  return b;
}

/* A signalling block for a waiter of (cv, mutex, var = v), in thread u at
 * a random place. */
static void
gen_signaller (Gen *g, guint u, guint cv, guint m, guint var, guint v)
{
  GArray *b = new_block (g, u, range (g, 0, g->plan[u]->len));
  static const guint w[] = { 60, 20, 20 };
  guint kind = pick (g, w, G_N_ELEMENTS (w));
  DtOp op;
  if (kind != 1)
    {
      op = op_new (DT_OP_LOCK);
      op.n = (guint8) m;
      block_add (b, op);
    }
  op = op_new (DT_OP_STORE);
  op.var = (guint8) var;
  op.v = (guint8) v;
  block_add (b, op);
  op = op_new (kind == 2 ? DT_OP_BROADCAST : DT_OP_SIGNAL);
  op.cv = (guint8) cv;
  block_add (b, op);
  if (kind != 1)
    {
      op = op_new (DT_OP_UNLOCK);
      op.n = (guint8) m;
      block_add (b, op);
    }
  g->est[u] += kind != 1 ? 4 : 2;
}

/* One random block appended to thread t. */
static void
gen_block (Gen *g, guint t)
{
  /* joined: nothing may end the process while a thread still runs */
  gboolean full = g->profile == DT_PROFILE_FULL;
  guint w[] = {
    40,                                                 /* access */
    g->n_mutexes > 0 ? 25 : 0,                          /* critical section */
    g->n_conds > 0 && g->n_threads > 1 ? 12 : 0,        /* wait block */
    g->next_assert < DT_MAX_ASSERTS && full ? 10 : 0,   /* assertion */
    full ? 2 : 0,                                       /* crash */
    g->n_conds > 0 ? 3 : 0,                             /* bare signal */
    g->n_mutexes > 0 ? 5 : 0,                           /* trylock */
    8,                                                  /* rwlock section */
    g->n_threads > 1 ? 5 : 0,                           /* semaphore wait */
  };
  GArray *b = new_block (g, t, 0);
  DtOp op;
  switch (pick (g, w, G_N_ELEMENTS (w)))
    {
    case 0:
      g->est[t] += gen_access (g, t, b);
      break;
    case 1:
      {
        guint m1 = range (g, 0, g->n_mutexes - 1), m2 = m1;
        gboolean nested = g->n_mutexes == 2 && chance (g, 30);
        if (nested)
          m2 = 1 - m1;
        op = op_new (DT_OP_LOCK);
        op.n = (guint8) m1;
        block_add (b, op);
        if (nested)
          {
            op.n = (guint8) m2;
            block_add (b, op);
          }
        guint n_acc = range (g, 1, 2);
        g->est[t] += 2 + 2 * nested;
        for (guint k = 0; k < n_acc; k++)
          g->est[t] += gen_access (g, t, b);
        op = op_new (DT_OP_UNLOCK);
        op.n = (guint8) m2;
        block_add (b, op);
        if (nested)
          {
            op.n = (guint8) m1;
            block_add (b, op);
          }
        break;
      }
    case 2:
      {
        static const guint w_wait[] = { 65, 20, 15 };
        static const DtOpKind wait_kind[] = { DT_OP_WAIT_WHILE, DT_OP_WAIT_IF, DT_OP_TIMED_WAIT };
        op = op_new (wait_kind[pick (g, w_wait, 3)]);
        op.cv = (guint8) range (g, 0, g->n_conds - 1);
        op.n = (guint8) range (g, 0, g->n_mutexes - 1);
        op.var = (guint8) range (g, 0, g->n_vars - 1);
        op.v = (guint8) range (g, 1, 2);
        block_add (b, op);
        g->est[t] += 4;
        guint u = (t + range (g, 1, g->n_threads - 1)) % g->n_threads;
        gen_signaller (g, u, op.cv, op.n, op.var, op.v);
        break;
      }
    case 3:
      op = op_new (DT_OP_ASSERT);
      op.n = (guint8) g->next_assert++;
      g->est[t] += gen_cond (g, t, &op);
      block_add (b, op);
      break;
    case 4:
      op = op_new (DT_OP_CRASH);
      g->est[t] += gen_cond (g, t, &op);
      block_add (b, op);
      break;
    case 5:
      op = op_new (DT_OP_SIGNAL);
      op.cv = (guint8) range (g, 0, g->n_conds - 1);
      block_add (b, op);
      g->est[t] += 1;
      break;
    case 6:
      op = op_new (DT_OP_TRYLOCK);
      op.n = (guint8) range (g, 0, g->n_mutexes - 1);
      op.reg = (guint8) range (g, 0, DT_MAX_REGS - 1);
      g->loaded[t][op.reg] = TRUE;
      block_add (b, op);
      g->est[t] += 2;
      break;
    case 7:
      {
        /* readers mostly read */
        gboolean writer = chance (g, 40);
        block_add (b, op_new (writer ? DT_OP_WRLOCK : DT_OP_RDLOCK));
        guint n_acc = range (g, 1, 2);
        g->est[t] += 2;
        for (guint k = 0; k < n_acc; k++)
          {
            if (!writer && chance (g, 70))
              {
                op = op_new (DT_OP_LOAD);
                op.reg = (guint8) range (g, 0, DT_MAX_REGS - 1);
                op.var = (guint8) range (g, 0, g->n_vars - 1);
                g->loaded[t][op.reg] = TRUE;
                block_add (b, op);
                g->est[t] += 1;
              }
            else
              g->est[t] += gen_access (g, t, b);
          }
        block_add (b, op_new (DT_OP_RWUNLOCK));
        break;
      }
    default:
      {
        /* a sem_wait, and its sem_post in another thread (sometimes none) */
        block_add (b, op_new (DT_OP_SEM_WAIT));
        g->est[t] += 1;
        if (chance (g, 90))
          {
            guint u = (t + range (g, 1, g->n_threads - 1)) % g->n_threads;
            GArray *pb = new_block (g, u, range (g, 0, g->plan[u]->len));
            block_add (pb, op_new (DT_OP_SEM_POST));
            g->est[u] += 1;
          }
        break;
      }
    }
}

/* Estimated steps of a block (as gen_block counted them). */
static guint
block_estimate (GArray *b)
{
  guint n = 0;
  for (guint k = 0; k < b->len; k++)
    {
      const DtOp *op = &g_array_index (b, DtOp, k);
      switch (op->kind)
        {
        case DT_OP_INC: n += 2; break;
        case DT_OP_WAIT_WHILE: case DT_OP_WAIT_IF: case DT_OP_TIMED_WAIT: n += 4; break;
        case DT_OP_TRYLOCK: n += 2; break;
        case DT_OP_ASSERT: case DT_OP_CRASH: n += !op->on_reg; break;
        default: n += 1; break;
        }
    }
  return n;
}

/* Interleavings of the threads' estimated steps (plus each one's create,
 * join and end): the multinomial coefficient, an estimate of the naive
 * explorer's tree. */
static double
interleavings (Gen *g)
{
  double r = 1;
  guint total = 0;
  for (guint t = 0; t < g->n_threads; t++)
    {
      guint n = g->est[t] + (t == 0 ? 2 * (g->n_threads - 1) : 1);
      for (guint k = 1; k <= n; k++)
        r = r * (total + k) / k;
      total += n;
    }
  return r;
}

DtProfile
dt_gen_profile_of_seed (guint32 seed)
{
  return seed % 2 ? DT_PROFILE_FULL : DT_PROFILE_JOINED;
}

const char *
dt_gen_profile_name (DtProfile profile)
{
  return profile == DT_PROFILE_FULL ? "full" : "joined";
}

void
dt_gen_program (guint32 seed, DtProfile profile, DtProgram *p)
{
  Gen g = { 0 };
  gboolean full = profile == DT_PROFILE_FULL;
  g.profile = profile;
  g.rand = g_rand_new_with_seed (seed);
  static const guint w_workers[] = { 30, 45, 25 };
  guint n_workers = 1 + pick (&g, w_workers, 3);
  g.n_threads = n_workers + 1;
  static const guint w_vars[] = { 35, 40, 25 };
  g.n_vars = 1 + pick (&g, w_vars, 3);
  static const guint w_mutexes[] = { 25, 45, 30 };
  g.n_mutexes = pick (&g, w_mutexes, 3);
  static const guint w_conds[] = { 45, 40, 15 };
  g.n_conds = g.n_mutexes > 0 ? pick (&g, w_conds, 3) : 0;
  for (guint t = 0; t < g.n_threads; t++)
    g.plan[t] = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  /* who creates whom */
  guint creator[DT_MAX_THREADS] = { 0 };
  for (guint w = 2; w < g.n_threads; w++)
    creator[w] = chance (&g, 25) ? range (&g, 1, w - 1) : 0;

  /* bodies: fewer steps per worker when there are more workers */
  static const guint hi[] = { 0, 7, 5, 4 };
  for (guint t = 0; t < g.n_threads; t++)
    {
      /* one worker: main must do something while it runs */
      guint budget = t == 0 ? range (&g, n_workers == 1, 2) : range (&g, 1, hi[n_workers]);
      while (g.est[t] < budget)
        gen_block (&g, t);
    }
  /* the interleavings of that many steps: the largest thread loses its
   * last block until they are few (a waiter may lose its signaller) */
  while (interleavings (&g) > MAX_INTERLEAVINGS)
    {
      guint big = 0;
      for (guint t = 1; t < g.n_threads; t++)
        if (g.plan[t]->len > 0 && (g.plan[big]->len == 0 || g.est[t] > g.est[big]))
          big = t;
      GArray *last = g_ptr_array_index (g.plan[big], g.plan[big]->len - 1);
      g.est[big] -= MIN (g.est[big], block_estimate (last));
      g_ptr_array_remove_index (g.plan[big], g.plan[big]->len - 1);
    }

  /* flatten, with the creates and joins between blocks */
  memset (p, 0, sizeof *p);
  p->n_threads = (guint8) g.n_threads;
  for (guint t = 0; t < g.n_threads; t++)
    {
      GPtrArray *plan = g.plan[t];
      guint L = plan->len;
      gint create_at[DT_MAX_THREADS], join_at[DT_MAX_THREADS];
      for (guint w = 0; w < DT_MAX_THREADS; w++)
        create_at[w] = join_at[w] = -1;
      for (guint w = t + 1; w < g.n_threads; w++)
        if (creator[w] == t)
          {
            /* early creates and late joins mostly: a worker created and
             * joined next to each other runs alone */
            create_at[w] = chance (&g, 60) ? 0 : (gint) range (&g, 0, L);
            if (!full || chance (&g, t == 0 ? 85 : 80))
              join_at[w] = chance (&g, 60) ? (gint) L : (gint) range (&g, (guint) create_at[w], L);
          }
      GArray *ops = g_array_new (FALSE, FALSE, sizeof (DtOp));
      for (guint pos = 0; pos <= L; pos++)
        {
          for (guint w = 0; w < DT_MAX_THREADS; w++)
            if (create_at[w] == (gint) pos)
              {
                DtOp op = op_new (DT_OP_CREATE);
                op.n = (guint8) w;
                g_array_append_val (ops, op);
              }
          for (guint w = 0; w < DT_MAX_THREADS; w++)
            if (join_at[w] == (gint) pos)
              {
                DtOp op = op_new (DT_OP_JOIN);
                op.n = (guint8) w;
                g_array_append_val (ops, op);
              }
          if (pos < L)
            g_array_append_vals (ops, ((GArray *) g_ptr_array_index (plan, pos))->data,
                                 ((GArray *) g_ptr_array_index (plan, pos))->len);
        }
      /* main often checks the final state; any thread rarely exits */
      if (t == 0 && g.next_assert < DT_MAX_ASSERTS && chance (&g, full ? 40 : 15))
        {
          DtOp op = op_new (DT_OP_ASSERT);
          op.n = (guint8) g.next_assert++;
          gen_cond (&g, 0, &op);
          g_array_append_val (ops, op);
        }
      if (t > 0 && g.n_mutexes > 0 && chance (&g, 5))
        {
          /* a worker that ends holding a lock: whoever needs it waits for ever */
          DtOp op = op_new (DT_OP_LOCK);
          op.n = (guint8) range (&g, 0, g.n_mutexes - 1);
          g_array_append_val (ops, op);
        }
      if (full && chance (&g, 5))
        {
          DtOp op = op_new (DT_OP_EXIT);
          g_array_append_val (ops, op);
        }
      p->n_ops[t] = (guint8) MIN (ops->len, DT_MAX_OPS);
      if (p->n_ops[t] > 0) /* an empty GArray's data is NULL */
        memcpy (p->ops[t], ops->data, p->n_ops[t] * sizeof (DtOp));
      if (ops->len > DT_MAX_OPS && p->ops[t][DT_MAX_OPS - 1].kind != DT_OP_EXIT)
        {
          /* too long: cut whole, well-formed, by dropping the tail blocks
           * is not possible after flattening; regenerate from the next seed */
          g_array_unref (ops);
          for (guint u = 0; u < g.n_threads; u++)
            g_ptr_array_unref (g.plan[u]);
          g_rand_free (g.rand);
          dt_gen_program (seed * 2654435761u + 1u, profile, p);
          return;
        }
      g_array_unref (ops);
    }
  for (guint t = 0; t < g.n_threads; t++)
    g_ptr_array_unref (g.plan[t]);
  g_rand_free (g.rand);
  if (dt_program_check (p) != 0)
    g_error ("dt_gen_program (%u): %s", seed, dt_program_check_message (dt_program_check (p)));
}

gboolean
dt_gen_fits_profile (const DtProgram *p, DtProfile profile)
{
  if (profile == DT_PROFILE_FULL)
    return TRUE;
  for (guint t = 0; t < p->n_threads; t++)
    {
      guint unjoined = 0;
      for (guint k = 0; k < p->n_ops[t]; k++)
        switch (p->ops[t][k].kind)
          {
          case DT_OP_CREATE: unjoined++; break;
          case DT_OP_JOIN: unjoined--; break;
          case DT_OP_EXIT: case DT_OP_CRASH: return FALSE;
          case DT_OP_ASSERT:
            if (t != 0 || unjoined > 0)
              return FALSE;
            break;
          default: break;
          }
      if (unjoined > 0)
        return FALSE;
    }
  return TRUE;
}

/* ---- text ---- */

static void
append_cond (GString *s, const DtOp *op)
{
  if (op->on_reg)
    g_string_append_printf (s, "r%u", op->reg);
  else
    g_string_append_printf (s, "x%u", op->var);
  g_string_append_printf (s, "%c%u", op->ne ? '!' : '=', op->v);
}

char *
dt_program_to_string (const DtProgram *p)
{
  GString *s = g_string_new (NULL);
  for (guint t = 0; t < p->n_threads; t++)
    {
      if (t > 0)
        g_string_append (s, " | ");
      if (p->n_ops[t] == 0)
        g_string_append_c (s, '-');
      for (guint k = 0; k < p->n_ops[t]; k++)
        {
          const DtOp *op = &p->ops[t][k];
          if (k > 0)
            g_string_append_c (s, ' ');
          switch (op->kind)
            {
            case DT_OP_CREATE: g_string_append_printf (s, "c%u", op->n); break;
            case DT_OP_JOIN: g_string_append_printf (s, "j%u", op->n); break;
            case DT_OP_LOCK: g_string_append_printf (s, "l%u", op->n); break;
            case DT_OP_UNLOCK: g_string_append_printf (s, "u%u", op->n); break;
            case DT_OP_LOAD: g_string_append_printf (s, "r%u=x%u", op->reg, op->var); break;
            case DT_OP_STORE: g_string_append_printf (s, "x%u=%u", op->var, op->v); break;
            case DT_OP_STORE_REG:
              g_string_append_printf (s, "x%u=r%u", op->var, op->reg);
              if (op->v)
                g_string_append_printf (s, "+%u", op->v);
              break;
            case DT_OP_INC: g_string_append_printf (s, "x%u++", op->var); break;
            case DT_OP_ATOMIC_ADD: g_string_append_printf (s, "x%u+=%u", op->var, op->v); break;
            case DT_OP_TRYLOCK: g_string_append_printf (s, "r%u=t%u", op->reg, op->n); break;
            case DT_OP_RDLOCK: g_string_append (s, "rd"); break;
            case DT_OP_WRLOCK: g_string_append (s, "wr"); break;
            case DT_OP_RWUNLOCK: g_string_append (s, "ru"); break;
            case DT_OP_SEM_WAIT: g_string_append_c (s, 'P'); break;
            case DT_OP_SEM_POST: g_string_append_c (s, 'V'); break;
            case DT_OP_WAIT_WHILE:
            case DT_OP_WAIT_IF:
            case DT_OP_TIMED_WAIT:
              g_string_append_printf (s, "%c%u.%u:x%u=%u",
                                      op->kind == DT_OP_WAIT_WHILE ? 'w'
                                      : op->kind == DT_OP_WAIT_IF ? 'i' : 'o',
                                      op->cv, op->n, op->var, op->v);
              break;
            case DT_OP_SIGNAL: g_string_append_printf (s, "s%u", op->cv); break;
            case DT_OP_BROADCAST: g_string_append_printf (s, "b%u", op->cv); break;
            case DT_OP_ASSERT:
              g_string_append_printf (s, "a%u:", op->n);
              append_cond (s, op);
              break;
            case DT_OP_CRASH:
              g_string_append (s, "k:");
              append_cond (s, op);
              break;
            case DT_OP_EXIT: g_string_append_c (s, 'e'); break;
            default: g_string_append_c (s, '?'); break;
            }
        }
    }
  return g_string_free (s, FALSE);
}

gboolean
dt_program_from_string (const char *text, DtProgram *p, GError **error)
{
  int r = dt_program_parse (text, p);
  if (r != 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "%s: %s (see tests/difftest/dt-program.h)", text,
                   r == -1 ? "syntax error" : "too many threads or operations");
      return FALSE;
    }
  r = dt_program_check (p);
  if (r != 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s: not well-formed: %s",
                   text, dt_program_check_message (r));
      return FALSE;
    }
  return TRUE;
}

int
dt_program_compare (const DtProgram *a, const DtProgram *b)
{
  if (a->n_threads != b->n_threads)
    return a->n_threads < b->n_threads ? -1 : 1;
  for (guint t = 0; t < a->n_threads; t++)
    {
      if (a->n_ops[t] != b->n_ops[t])
        return a->n_ops[t] < b->n_ops[t] ? -1 : 1;
      int r = memcmp (a->ops[t], b->ops[t], a->n_ops[t] * sizeof (DtOp));
      if (r != 0)
        return r;
    }
  return 0;
}

/* ---- shrinking edits ---- */

gboolean
dt_program_drop_thread (const DtProgram *p, guint w, DtProgram *out)
{
  if (w == 0 || w >= p->n_threads)
    return FALSE;
  for (guint k = 0; k < p->n_ops[w]; k++)
    if (p->ops[w][k].kind == DT_OP_CREATE)
      return FALSE;
  memset (out, 0, sizeof *out);
  out->n_threads = p->n_threads - 1;
  for (guint t = 0, u = 0; t < p->n_threads; t++)
    {
      if (t == w)
        continue;
      for (guint k = 0; k < p->n_ops[t]; k++)
        {
          DtOp op = p->ops[t][k];
          if (op.kind == DT_OP_CREATE || op.kind == DT_OP_JOIN)
            {
              if (op.n == w)
                continue;
              if (op.n > w)
                op.n--;
            }
          out->ops[u][out->n_ops[u]++] = op;
        }
      u++;
    }
  return dt_program_check (out) == 0;
}

gboolean
dt_program_drop_op (const DtProgram *p, guint t, guint k, DtProgram *out)
{
  if (t >= p->n_threads || k >= p->n_ops[t] || p->ops[t][k].kind == DT_OP_CREATE)
    return FALSE;
  *out = *p;
  const DtOp *op = &p->ops[t][k];
  gint pair = -1;
  if (op->kind == DT_OP_LOCK)
    for (guint j = k + 1; j < p->n_ops[t] && pair < 0; j++)
      if (p->ops[t][j].kind == DT_OP_UNLOCK && p->ops[t][j].n == op->n)
        pair = (gint) j;
  if (op->kind == DT_OP_RDLOCK || op->kind == DT_OP_WRLOCK)
    for (guint j = k + 1; j < p->n_ops[t] && pair < 0; j++)
      if (p->ops[t][j].kind == DT_OP_RWUNLOCK)
        pair = (gint) j;
  out->n_ops[t] = 0;
  for (guint j = 0; j < p->n_ops[t]; j++)
    if (j != k && (gint) j != pair)
      out->ops[t][out->n_ops[t]++] = p->ops[t][j];
  return dt_program_check (out) == 0;
}

gboolean
dt_program_simplify_op (const DtProgram *p, guint t, guint k, guint to, DtProgram *out)
{
  if (t >= p->n_threads || k >= p->n_ops[t])
    return FALSE;
  *out = *p;
  DtOp *op = &out->ops[t][k];
  switch (op->kind)
    {
    case DT_OP_WAIT_IF:
      op->kind = DT_OP_WAIT_WHILE;
      break;
    case DT_OP_TIMED_WAIT:
      op->kind = DT_OP_WAIT_IF;
      break;
    case DT_OP_WRLOCK:
      op->kind = DT_OP_RDLOCK;
      break;
    case DT_OP_ATOMIC_ADD:
    case DT_OP_STORE:
    case DT_OP_STORE_REG:
    case DT_OP_ASSERT:
    case DT_OP_CRASH:
    case DT_OP_WAIT_WHILE:
      if (op->v <= to)
        return FALSE;
      op->v = (guint8) to;
      break;
    default:
      return FALSE;
    }
  return dt_program_check (out) == 0;
}
