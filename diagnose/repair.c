/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * repair.c — kill-sets and binate covers (repair.h).
 */
#include "config.h"

#include "diagnose/repair.h"

#include "diagnose/solver.h"

void
augur_diag_class_free (AugurDiagClass *c)
{
  if (c == NULL)
    return;
  augur_diag_trace_free (c->trace);
  augur_diag_run_free (c->run);
  augur_diag_core_clear (&c->core);
  g_clear_pointer (&c->kill, g_array_unref);
  g_free (c);
}

/* The core's events, in execution order. */
static GArray *
core_nodes (const AugurDiagClass *c)
{
  GArray *nodes = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint k = 0; k < c->core.core->len; k++)
    {
      const AugurDiagPair *p = &g_array_index (c->core.core, AugurDiagPair, k);
      guint ends[2] = { p->a, p->b };
      for (guint j = 0; j < 2; j++)
        if (g_hash_table_add (seen, GUINT_TO_POINTER (ends[j] + 1)))
          g_array_append_val (nodes, ends[j]);
    }
  return nodes;
}

static gint
cmp_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

void
augur_diag_kill_set (AugurDiagClass *c)
{
  const AugurDiagTrace *t = c->trace;
  g_autoptr (GArray) nodes = core_nodes (c);
  g_array_sort (nodes, cmp_uint);
  guint m = nodes->len;
  g_autofree gboolean *reach = g_new0 (gboolean, (gsize) m * m);
  for (guint i = 0; i < m; i++)
    for (guint j = 0; j < m; j++)
      if (i != j && augur_diag_trace_hb (t, g_array_index (nodes, guint, i), g_array_index (nodes, guint, j)))
        reach[i * m + j] = TRUE;
  for (guint k = 0; k < c->core.core->len; k++)
    {
      const AugurDiagPair *p = &g_array_index (c->core.core, AugurDiagPair, k);
      guint i = 0, j = 0;
      for (guint x = 0; x < m; x++)
        {
          if (g_array_index (nodes, guint, x) == p->a)
            i = x;
          if (g_array_index (nodes, guint, x) == p->b)
            j = x;
        }
      reach[i * m + j] = TRUE;
    }
  for (guint k = 0; k < m; k++)
    for (guint i = 0; i < m; i++)
      if (reach[i * m + k])
        for (guint j = 0; j < m; j++)
          if (reach[k * m + j])
            reach[i * m + j] = TRUE;
  c->kill = g_array_new (FALSE, FALSE, sizeof (AugurDiagPair));
  for (guint x = 0; x < m; x++)
    for (guint y = 0; y < m; y++)
      {
        guint ex = g_array_index (nodes, guint, x), ey = g_array_index (nodes, guint, y);
        if (augur_diag_trace_event (t, ex)->tid == augur_diag_trace_event (t, ey)->tid)
          continue;
        /* x →s y closes a cycle: y reaches x; the program itself must not order y before x */
        if (reach[y * m + x] && !augur_diag_trace_hb (t, ey, ex))
          {
            AugurDiagPair p = { ex, ey };
            g_array_append_val (c->kill, p);
          }
      }
}

typedef struct {
  GHashTable *clock_of;   /* key (guint64 *, owned) -> Z3_ast */
  Z3_context ctx;
} Clocks;

static Z3_ast
clock_of (Clocks *cl, guint64 key)
{
  Z3_ast c = g_hash_table_lookup (cl->clock_of, &key);
  if (c == NULL)
    {
      char name[32];
      g_snprintf (name, sizeof name, "c%" G_GINT64_MODIFIER "x", key);
      c = Z3_mk_const (cl->ctx, Z3_mk_string_symbol (cl->ctx, name), Z3_mk_int_sort (cl->ctx));
      g_hash_table_insert (cl->clock_of, g_memdup2 (&key, sizeof key), c);
    }
  return c;
}

/* ω: the hard order (happens-before of the failing execution) between
 * the events of class @c's kill-set. */
static void
assert_kill_set_order (Z3_context ctx, Z3_optimize opt, Clocks *cl, const AugurDiagClass *c)
{
  const AugurDiagTrace *t = c->trace;
  g_autoptr (GHashTable) ev = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint k = 0; k < c->kill->len; k++)
    {
      AugurDiagPair *p = &g_array_index (c->kill, AugurDiagPair, k);
      g_hash_table_add (ev, GUINT_TO_POINTER (p->a + 1));
      g_hash_table_add (ev, GUINT_TO_POINTER (p->b + 1));
    }
  g_autofree gpointer *evs = g_hash_table_get_keys_as_array (ev, NULL);
  guint ne = g_hash_table_size (ev);
  for (guint i = 0; i < ne; i++)
    for (guint j = 0; j < ne; j++)
      {
        guint a = GPOINTER_TO_UINT (evs[i]) - 1, b = GPOINTER_TO_UINT (evs[j]) - 1;
        if (a != b && augur_diag_trace_hb (t, a, b))
          Z3_optimize_assert (ctx, opt, Z3_mk_lt (ctx, clock_of (cl, augur_diag_trace_event (t, a)->key),
                                                  clock_of (cl, augur_diag_trace_event (t, b)->key)));
      }
}

GPtrArray *
augur_diag_binate_covers (GPtrArray *classes, guint max, double timeout, GError **error)
{
  Z3_context ctx = augur_diag_solver_context_new ();
  Z3_optimize opt = augur_diag_solver_optimize_new (ctx, timeout);
  Clocks cl = { .clock_of = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL),
                .ctx = ctx };
  /* the variables: one per distinct edge (by keys) */
  g_autoptr (GHashTable) var_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GArray) choices = g_array_new (FALSE, FALSE, sizeof (AugurDiagChoice));
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  Z3_sort bs = Z3_mk_bool_sort (ctx);
  for (guint ci = 0; ci < classes->len; ci++)
    {
      AugurDiagClass *c = g_ptr_array_index (classes, ci);
      const AugurDiagTrace *t = c->trace;
      assert_kill_set_order (ctx, opt, &cl, c);
      g_autoptr (GPtrArray) cover = g_ptr_array_new ();
      for (guint k = 0; k < c->kill->len; k++)
        {
          AugurDiagPair *p = &g_array_index (c->kill, AugurDiagPair, k);
          guint64 ka = augur_diag_trace_event (t, p->a)->key, kb = augur_diag_trace_event (t, p->b)->key;
          g_autofree char *name = g_strdup_printf ("x%" G_GINT64_MODIFIER "x_%" G_GINT64_MODIFIER "x", ka, kb);
          gpointer v = g_hash_table_lookup (var_of, name);
          if (v == NULL)
            {
              Z3_ast x = Z3_mk_const (ctx, Z3_mk_string_symbol (ctx, name), bs);
              g_ptr_array_add (vars, x);
              AugurDiagChoice ch = { ci, *p };
              g_array_append_val (choices, ch);
              v = GUINT_TO_POINTER (vars->len);
              g_hash_table_insert (var_of, g_strdup (name), v);
              Z3_optimize_assert (ctx, opt, Z3_mk_implies (ctx, x, Z3_mk_lt (ctx, clock_of (&cl, ka), clock_of (&cl, kb))));
            }
          g_ptr_array_add (cover, g_ptr_array_index (vars, GPOINTER_TO_UINT (v) - 1));
        }
      if (cover->len == 0)
        Z3_optimize_assert (ctx, opt, Z3_mk_false (ctx));
      else
        Z3_optimize_assert (ctx, opt, Z3_mk_or (ctx, cover->len, (Z3_ast *) cover->pdata));
    }
  Z3_sort is = Z3_mk_int_sort (ctx);
  g_autoptr (GPtrArray) terms = g_ptr_array_new ();
  for (guint i = 0; i < vars->len; i++)
    g_ptr_array_add (terms, Z3_mk_ite (ctx, g_ptr_array_index (vars, i), Z3_mk_int (ctx, 1, is),
                                       Z3_mk_int (ctx, 0, is)));
  if (terms->len > 0)
    Z3_optimize_minimize (ctx, opt, Z3_mk_add (ctx, terms->len, (Z3_ast *) terms->pdata));
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  gboolean failed = FALSE;
  while (out->len < max && vars->len > 0)
    {
      Z3_lbool r = Z3_optimize_check (ctx, opt, 0, NULL);
      if (r != Z3_L_TRUE)
        {
          failed = r == Z3_L_UNDEF || Z3_get_error_code (ctx) != Z3_OK;
          break;
        }
      Z3_model m = Z3_optimize_get_model (ctx, opt);
      Z3_model_inc_ref (ctx, m);
      GArray *sol = g_array_new (FALSE, FALSE, sizeof (AugurDiagChoice));
      g_autoptr (GPtrArray) block = g_ptr_array_new ();
      for (guint i = 0; i < vars->len; i++)
        {
          Z3_ast val = NULL;
          if (Z3_model_eval (ctx, m, g_ptr_array_index (vars, i), TRUE, &val)
              && Z3_get_bool_value (ctx, val) == Z3_L_TRUE)
            {
              g_array_append_val (sol, g_array_index (choices, AugurDiagChoice, i));
              g_ptr_array_add (block, Z3_mk_not (ctx, g_ptr_array_index (vars, i)));
            }
        }
      Z3_model_dec_ref (ctx, m);
      if (block->len == 0)
        {
          g_array_unref (sol);
          break;
        }
      g_ptr_array_add (out, sol);
      Z3_optimize_assert (ctx, opt, Z3_mk_or (ctx, block->len, (Z3_ast *) block->pdata));
    }
  g_hash_table_unref (cl.clock_of);
  Z3_optimize_dec_ref (ctx, opt);
  Z3_del_context (ctx);
  if (failed && out->len == 0)
    {
      g_set_error (error, AUGUR_DIAG_ERROR, AUGUR_DIAG_ERROR_SOLVER,
                   "Z3 found no binate cover in time");
      g_ptr_array_unref (out);
      return NULL;
    }
  return out;
}
