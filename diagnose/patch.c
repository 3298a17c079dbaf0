/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * patch.c — repairs written as source patches (patch.h).
 */
#include "config.h"

#include "diagnose/patch.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "common/c-ident.h"
#include "common/interrupt.h"
#include "common/source-label.h"
#include "diagnose/lock-block.h"

void
augur_diag_repair_free (AugurDiagRepair *r)
{
  if (r == NULL)
    return;
  g_free (r->summary);
  g_free (r->source);
  g_free (r->rel);
  g_free (r->patch);
  g_free (r->verification);
  g_free (r->still_fails);
  g_clear_pointer (&r->insertions, g_ptr_array_unref);
  g_free (r);
}

char *
augur_diag_source_resolve (const char *path, const char *source_dir)
{
  if (path == NULL)
    return NULL;
  if (g_path_is_absolute (path))
    return g_file_test (path, G_FILE_TEST_IS_REGULAR) ? g_canonicalize_filename (path, NULL) : NULL;
  if (source_dir != NULL)
    {
      g_autofree char *p = g_build_filename (source_dir, path, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
        return g_canonicalize_filename (p, NULL);
    }
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return g_canonicalize_filename (path, NULL);
  return NULL;
}

static const char *
under (const char *path, const char *dir)
{
  if (dir == NULL)
    return NULL;
  g_autofree char *d = g_canonicalize_filename (dir, NULL);
  gsize n = strlen (d);
  if (strncmp (path, d, n) == 0 && path[n] == '/')
    return path + n + 1;
  return NULL;
}

char *
augur_diag_source_rel (const char *source, const char *source_dir)
{
  const char *r = under (source, source_dir);
  g_autofree char *cwd = g_get_current_dir ();
  if (r == NULL)
    r = under (source, cwd);
  return r != NULL ? g_strdup (r) : g_path_get_basename (source);
}

/* Lines inserted before or after a line of the source (1-based). */
typedef struct {
  guint line;
  gboolean after;
  char *text;   /* without the indentation and newline */
} Insert;

typedef struct {
  char *source;
  char **lines;   /* without their newlines */
  guint n;
  GArray *ins;    /* Insert */
} Edit;

static void
insert_clear (gpointer p)
{
  g_free (((Insert *) p)->text);
}

static Edit *
edit_new (const char *source, char **why)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (source, &text, NULL, NULL))
    {
      *why = g_strdup_printf ("cannot read %s", source);
      return NULL;
    }
  Edit *e = g_new0 (Edit, 1);
  e->source = g_strdup (source);
  e->lines = g_strsplit (text, "\n", -1);
  e->n = g_strv_length (e->lines);
  if (e->n > 0 && e->lines[e->n - 1][0] == '\0')
    e->n--;
  e->ins = g_array_new (FALSE, TRUE, sizeof (Insert));
  g_array_set_clear_func (e->ins, insert_clear);
  return e;
}

static void
edit_free (Edit *e)
{
  g_free (e->source);
  g_strfreev (e->lines);
  g_array_unref (e->ins);
  g_free (e);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Edit, edit_free)

static void
edit_add (Edit *e, guint line, gboolean after, char *text)
{
  Insert i = { line, after, text };
  g_array_append_val (e->ins, i);
}

/* The line after which file-scope declarations go: the last #include
 * before the first line of code (0: the top). */
static guint
decl_line (const Edit *e)
{
  guint at = 0;
  for (guint i = 0; i < e->n; i++)
    {
      const char *l = e->lines[i];
      while (*l == ' ' || *l == '\t')
        l++;
      if (g_str_has_prefix (l, "#include"))
        at = i + 1;
      else if (*l != '\0' && *l != '#' && *l != '/' && *l != '*' && at > 0)
        break;
    }
  return at;
}

/* "#include <pthread.h>\n" when the source does not include it before
 * the repairs' declarations (they need it: a source may include only a
 * header of its own, or pthread.h later, in a platform's #if), else "". */
static const char *
pthread_include (const Edit *e)
{
  guint upto = decl_line (e);
  for (guint i = 0; i < upto && i < e->n; i++)
    {
      const char *l = e->lines[i] + strspn (e->lines[i], " \t");
      if (g_str_has_prefix (l, "#include") && strstr (l, "<pthread.h>") != NULL)
        return "";
    }
  return "#include <pthread.h> /* augur diagnose: repair */\n";
}

/* Is line @l inside a function body (the braces before it leave it at a
 * depth of one or more)?  A statement can go before it only then: a
 * definition on one line (`static void f (void) { n++; }`) is at file
 * scope. */
static gboolean
in_body (const Edit *e, guint l)
{
  gint depth = 0;
  for (guint k = 1; k < l && k <= e->n; k++)
    for (const char *c = e->lines[k - 1]; *c; c++)
      {
        if (*c == '/' && c[1] == '/')
          break;
        depth += *c == '{' ? 1 : *c == '}' ? -1 : 0;
      }
  return depth > 0;
}

static char *
indent_of (const char *line)
{
  gsize n = strspn (line, " \t");
  return g_strndup (line, n);
}

/* What goes before each line (1-based; e->n + 1: at the end): the lines
 * inserted after the previous one, then those inserted before it. */
static GPtrArray *
edit_insertions (const Edit *e)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) augur_diag_insertion_free);
  for (guint l = 0; l <= e->n; l++)
    {
      GString *s = g_string_new (NULL);
      const char *ind_src = l >= 1 && l <= e->n ? e->lines[l - 1] : "";
      g_autofree char *ind = indent_of (ind_src);
      for (guint pass = 0; pass < 2; pass++)
        for (guint k = 0; k < e->ins->len; k++)
          {
            Insert *i = &g_array_index (e->ins, Insert, k);
            /* after line l ... before line l+1 */
            if (pass == 0 && i->after && i->line == l && l > 0)
              g_string_append_printf (s, "%s%s\n", ind, i->text);
            if (pass == 1 && !i->after && i->line == l + 1 && l < e->n)
              {
                g_autofree char *ind2 = indent_of (e->lines[l]);
                g_string_append_printf (s, "%s%s\n", ind2, i->text);
              }
            if (pass == 1 && i->after && i->line == 0 && l == 0)
              g_string_append_printf (s, "%s\n", i->text);
          }
      if (s->len == 0)
        {
          g_string_free (s, TRUE);
          continue;
        }
      AugurDiagInsertion *in = g_new0 (AugurDiagInsertion, 1);
      in->line = l + 1;
      in->text = g_string_free (s, FALSE);
      g_ptr_array_add (out, in);
    }
  return out;
}

void
augur_diag_insertion_free (AugurDiagInsertion *in)
{
  if (in == NULL)
    return;
  g_free (in->text);
  g_free (in);
}

static char *
edit_text (const Edit *e)
{
  g_autoptr (GPtrArray) ins = edit_insertions (e);
  GString *s = g_string_new (NULL);
  guint k = 0;
  for (guint l = 0; l <= e->n; l++)
    {
      if (k < ins->len && ((AugurDiagInsertion *) g_ptr_array_index (ins, k))->line == l + 1)
        g_string_append (s, ((AugurDiagInsertion *) g_ptr_array_index (ins, k++))->text);
      if (l < e->n)
        g_string_append_printf (s, "%s\n", e->lines[l]);
    }
  return g_string_free (s, FALSE);
}

/* `diff -u` of the source and its edited text, named a/REL and b/REL; a
 * name with a blank in it is ended by a tab, as git ends it, for `patch`
 * reads a name up to the first blank otherwise. */
static char *
edit_diff (const Edit *e, const char *rel, char **why)
{
  g_autofree char *text = edit_text (e);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("augur-diff-XXXXXX", &error);
  if (dir == NULL)
    {
      *why = g_strdup (error->message);
      return NULL;
    }
  g_autofree char *newp = g_build_filename (dir, "new", NULL);
  augur_interrupt_add_temp (newp);
  char *out = NULL;
  if (g_file_set_contents (newp, text, -1, &error))
    {
      const char *end = strpbrk (rel, " \t") != NULL ? "\t" : "";
      g_autofree char *la = g_strdup_printf ("a/%s%s", rel, end);
      g_autofree char *lb = g_strdup_printf ("b/%s%s", rel, end);
      const char *argv[] = { "diff", "-u", "--label", la, "--label", lb, e->source, newp, NULL };
      g_autofree char *err = NULL;
      g_autoptr (GSubprocess) p = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                     | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
      if (p == NULL || !g_subprocess_communicate_utf8 (p, NULL, NULL, &out, &err, &error))
        *why = g_strdup (error->message);
      /* diff: 1 when the files differ, which they do */
      else if (!g_subprocess_get_if_exited (p) || g_subprocess_get_exit_status (p) != 1)
        {
          *why = g_strdup_printf ("diff failed: %s", err != NULL ? err : "");
          g_clear_pointer (&out, g_free);
        }
    }
  else
    *why = g_strdup (error->message);
  g_unlink (newp);
  augur_interrupt_remove_temp (newp);
  g_rmdir (dir);
  return out;
}

/* A line without its trailing comment, stripped. */
static char *
code_of (const char *line)
{
  char *s = g_strdup (line);
  char *c = strstr (s, "//");
  if (c != NULL)
    *c = '\0';
  c = strstr (s, "/*");
  if (c != NULL && strstr (c, "*/") != NULL)
    *c = '\0';
  return g_strstrip (s);
}

/* Where the statement that starts on or covers line @l ends (a line
 * ending in ';', '{' or '}'), at most 4 lines on. */
static guint
statement_end (const Edit *e, guint l)
{
  for (guint k = l; k <= e->n && k < l + 5; k++)
    {
      g_autofree char *s = code_of (e->lines[k - 1]);
      gsize n = strlen (s);
      if (n > 0 && (s[n - 1] == ';' || s[n - 1] == '{' || s[n - 1] == '}'))
        return k;
    }
  return l;
}

/* Lines lo..hi are whole statements of one block: braces balance and the
 * depth never goes below where it started. */
static gboolean
balanced (const Edit *e, guint lo, guint hi)
{
  gint depth = 0;
  for (guint k = lo; k <= hi; k++)
    for (const char *c = e->lines[k - 1]; *c; c++)
      {
        if (*c == '/' && c[1] == '/')
          break;
        if (*c == '{')
          depth++;
        else if (*c == '}' && --depth < 0)
          return FALSE;
      }
  return depth == 0;
}

/* A one-line jump out of the code: break, continue, return, goto. */
static char *code_of (const char *line);

static gboolean
is_jump (const char *line)
{
  g_autofree char *s = code_of (line);
  static const char *const kw[] = { "break", "continue", "return", "goto" };
  if (!g_str_has_suffix (s, ";"))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (kw); i++)
    if (g_str_has_prefix (s, kw[i]) && !augur_c_ident_char (s[strlen (kw[i])]))
      return TRUE;
  return FALSE;
}

/* The head of an if/else/while/for whose body is the next line. */
static gboolean
is_condition_head (const char *line)
{
  g_autofree char *s = code_of (line);
  return g_str_has_suffix (s, ")") || strcmp (s, "else") == 0;
}

/* Line @l is the only statement of an if, else, for or while without
 * braces (the code line before it is the head). */
static gboolean
body_of_condition (const Edit *e, guint l)
{
  for (guint k = l - 1; k >= 1; k--)
    {
      g_autofree char *s = code_of (e->lines[k - 1]);
      if (*s == '\0')
        continue;
      g_autofree char *cur = code_of (e->lines[l - 1]);
      return is_condition_head (e->lines[k - 1]) && cur[0] != '{';
    }
  return FALSE;
}

/* The edges of the critical sections of the program's own locks that
 * event @i is in, in @function: with @after, the last line where its
 * thread releases a lock it holds at @i, else the first line where it took
 * one; the event's own line if it is in @function and holds none (0 if
 * none and it is elsewhere).  A handshake there waits outside the lock the
 * other side needs; a new mutex there nests outside the program's own. */
static guint
section_edge (const AugurDiagTrace *t, guint i, gboolean after, const char *function)
{
  const AugurDiagEvent *ev = augur_diag_trace_event (t, i);
  g_autoptr (GHashTable) open = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint k = 0; k < i; k++)
    {
      AugurDiagEvent *o = augur_diag_trace_event (t, k);
      if (o->tid != ev->tid)
        continue;
      if (o->op == AUGUR_SOP_LOCK || o->op == AUGUR_SOP_WRLOCK || o->op == AUGUR_SOP_RDLOCK)
        g_hash_table_insert (open, &o->obj, o);
      else if (o->op == AUGUR_SOP_UNLOCK || o->op == AUGUR_SOP_RWUNLOCK)
        g_hash_table_remove (open, &o->obj);
      else if (o->op == AUGUR_SOP_COND_WAIT)
        g_hash_table_remove (open, &o->arg);
    }
  gboolean here = g_strcmp0 (ev->function, function) == 0;
  guint line = here ? ev->line : 0;
  GHashTableIter it;
  gpointer v;
  g_hash_table_iter_init (&it, open);
  while (g_hash_table_iter_next (&it, NULL, &v))
    {
      const AugurDiagEvent *acq = v;
      if (!after)
        {
          if (g_strcmp0 (acq->function, function) == 0 && acq->line > 0
              && (line == 0 || acq->line < line))
            line = acq->line;
          continue;
        }
      for (guint k = i + 1; k < t->events->len; k++)
        {
          AugurDiagEvent *o = augur_diag_trace_event (t, k);
          if (o->tid == ev->tid && (o->op == AUGUR_SOP_UNLOCK || o->op == AUGUR_SOP_RWUNLOCK)
              && o->obj == acq->obj)
            {
              if (g_strcmp0 (o->function, function) == 0 && o->line > line)
                line = o->line;
              break;
            }
        }
    }
  return line;
}

typedef struct {
  char *source;
  char *function;
  guint lo, hi;
} Region;

static void
region_add (GArray *regions, const char *source, const char *function, guint line)
{
  if (line == 0)
    return;
  for (guint i = 0; i < regions->len; i++)
    {
      Region *r = &g_array_index (regions, Region, i);
      if (strcmp (r->source, source) == 0 && g_strcmp0 (r->function, function) == 0)
        {
          r->lo = MIN (r->lo, line);
          r->hi = MAX (r->hi, line);
          return;
        }
    }
  Region r = { g_strdup (source), g_strdup (function), line, line };
  g_array_append_val (regions, r);
}

static void
region_clear (gpointer p)
{
  Region *r = p;
  g_free (r->source);
  g_free (r->function);
}

/* A region of a function that another region calls is inside that one
 * when called from it: locking it again would deadlock on the new mutex.
 * It is dropped (the verification shows whether other callers needed it). */
static void
drop_nested (const Edit *e, GArray *regions)
{
  for (guint i = 0; i < regions->len;)
    {
      Region *inner = &g_array_index (regions, Region, i);
      gboolean called = FALSE;
      g_autofree char *call = g_strdup_printf ("%s (", inner->function != NULL ? inner->function : "");
      g_autofree char *call2 = g_strdup_printf ("%s(", inner->function != NULL ? inner->function : "");
      for (guint j = 0; j < regions->len && !called && inner->function != NULL; j++)
        {
          Region *outer = &g_array_index (regions, Region, j);
          if (j == i || strcmp (outer->source, inner->source) != 0)
            continue;
          for (guint l = outer->lo; l <= outer->hi && l <= e->n; l++)
            if (strstr (e->lines[l - 1], call) != NULL || strstr (e->lines[l - 1], call2) != NULL)
              called = TRUE;
        }
      if (called)
        g_array_remove_index (regions, i);
      else
        i++;
    }
}

/* The lines of the function definition around line @l: from after the
 * previous "}" in column 0 to the next one. */
static void
function_extent (const Edit *e, guint l, guint *lo, guint *hi)
{
  *lo = 1;
  *hi = e->n;
  for (guint k = l; k >= 1; k--)
    if (e->lines[k - 1][0] == '}')
      {
        *lo = k + 1;
        break;
      }
  for (guint k = l; k <= e->n; k++)
    if (e->lines[k - 1][0] == '}')
      {
        *hi = k;
        break;
      }
}

/* The line of the call of @fn nearest to line @near in the same function
 * definition, 0 if none: "fn (" or "fn(" not at the start of a line (a
 * definition). */
static guint
call_line (const Edit *e, const char *fn, guint near)
{
  g_autofree char *a = g_strdup_printf ("%s (", fn), *b = g_strdup_printf ("%s(", fn);
  guint best = 0, best_d = G_MAXUINT, lo, hi;
  if (near == 0 || near > e->n)
    return 0;
  function_extent (e, near, &lo, &hi);
  for (guint l = lo; l <= hi; l++)
    {
      const char *line = e->lines[l - 1];
      const char *hit = strstr (line, a);
      if (hit == NULL)
        hit = strstr (line, b);
      if (hit == NULL || hit == line || augur_c_ident_char (hit[-1]))
        continue;
      guint d = l > near ? l - near : near - l;
      if (d < best_d)
        best = l, best_d = d;
    }
  return best;
}

/* The regions of one class, a region per thread (diagnose.h, patch.h):
 * the thread's core events, those in a function it calls from the one
 * with the others replaced by the call, widened to the critical sections
 * of the program's own locks they are in (the new mutex nests outside
 * them: no new lock order). */
static void
thread_regions (const Edit *e, const AugurDiagClass *c, const char *source, GArray *regions)
{
  const AugurDiagTrace *t = c->trace;
  g_autoptr (GHashTable) threads = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint k = 0; k < c->core.core->len; k++)
    {
      const AugurDiagPair *p = &g_array_index (c->core.core, AugurDiagPair, k);
      g_hash_table_add (threads, GUINT_TO_POINTER (augur_diag_trace_event (t, p->a)->tid + 1));
      g_hash_table_add (threads, GUINT_TO_POINTER (augur_diag_trace_event (t, p->b)->tid + 1));
    }
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, threads);
  while (g_hash_table_iter_next (&it, &key, NULL))
    {
      guint tid = GPOINTER_TO_UINT (key) - 1;
      g_autoptr (GArray) idx = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint k = 0; k < c->core.core->len; k++)
        {
          const AugurDiagPair *p = &g_array_index (c->core.core, AugurDiagPair, k);
          if (augur_diag_trace_event (t, p->a)->tid == tid)
            g_array_append_val (idx, p->a);
          if (augur_diag_trace_event (t, p->b)->tid == tid)
            g_array_append_val (idx, p->b);
        }
      /* the outer function: one from which the others' calls are found */
      const char *outer = NULL;
      for (guint i = 0; i < idx->len && outer == NULL; i++)
        {
          const AugurDiagEvent *g = augur_diag_trace_event (t, g_array_index (idx, guint, i));
          gboolean all = TRUE;
          for (guint j = 0; j < idx->len && all; j++)
            {
              const AugurDiagEvent *f = augur_diag_trace_event (t, g_array_index (idx, guint, j));
              if (strcmp (f->function, g->function) != 0 && call_line (e, f->function, g->line) == 0)
                all = FALSE;
            }
          if (all)
            outer = g->function;
        }
      for (guint i = 0; i < idx->len; i++)
        {
          guint ei = g_array_index (idx, guint, i);
          const AugurDiagEvent *ev = augur_diag_trace_event (t, ei);
          if (outer == NULL || strcmp (ev->function, outer) == 0)
            {
              region_add (regions, source, ev->function, section_edge (t, ei, FALSE, ev->function));
              region_add (regions, source, ev->function, section_edge (t, ei, TRUE, ev->function));
              continue;
            }
          /* the call in the outer function stands for it */
          guint near = 0;
          for (guint j = 0; j < idx->len && near == 0; j++)
            {
              const AugurDiagEvent *o = augur_diag_trace_event (t, g_array_index (idx, guint, j));
              if (strcmp (o->function, outer) == 0)
                near = o->line;
            }
          region_add (regions, source, outer, call_line (e, ev->function, near));
          region_add (regions, source, outer, section_edge (t, ei, FALSE, outer));
          region_add (regions, source, outer, section_edge (t, ei, TRUE, outer));
        }
    }
}

/* Does the core order two threads both ways (a cycle between their regions)? */
static gboolean
core_interleaves (const AugurDiagClass *c)
{
  const GArray *core = c->core.core;
  for (guint i = 0; i < core->len; i++)
    for (guint j = 0; j < core->len; j++)
      {
        const AugurDiagPair *p = &g_array_index (core, AugurDiagPair, i);
        const AugurDiagPair *q = &g_array_index (core, AugurDiagPair, j);
        guint pa = augur_diag_trace_event (c->trace, p->a)->tid, pb = augur_diag_trace_event (c->trace, p->b)->tid;
        guint qa = augur_diag_trace_event (c->trace, q->a)->tid, qb = augur_diag_trace_event (c->trace, q->b)->tid;
        if (pa == qb && pb == qa)
          return TRUE;
      }
  return FALSE;
}

static gboolean
one_source (char **source, const char *s, char **why)
{
  if (*source == NULL)
    *source = g_strdup (s);
  else if (strcmp (*source, s) != 0)
    {
      *why = g_strdup_printf ("the repair would touch two files (%s, %s)", *source, s);
      return FALSE;
    }
  return TRUE;
}

static AugurDiagRepair *
finish (Edit *e, AugurDiagRepairKind kind, const char *source_dir, char *summary, guint edges,
        char **why)
{
  AugurDiagRepair *r = g_new0 (AugurDiagRepair, 1);
  r->kind = kind;
  r->source = g_strdup (e->source);
  r->rel = augur_diag_source_rel (e->source, source_dir);
  r->summary = summary;
  r->edges = edges;
  r->patch = edit_diff (e, r->rel, why);
  r->insertions = edit_insertions (e);
  if (r->patch == NULL)
    {
      augur_diag_repair_free (r);
      return NULL;
    }
  return r;
}

/* The regions that would hold the new mutex across a blocking wait
 * (lock-block.h), in words, or NULL when none does. */
static char *
blocking_regions (const Edit *e, GPtrArray *classes, const GArray *regions)
{
  GString *s = NULL;
  guint nb = 0;
  for (guint i = 0; i < regions->len; i++)
    {
      const Region *r = &g_array_index (regions, Region, i);
      guint hi = MIN (statement_end (e, r->hi), e->n);
      g_autofree char *w = augur_diag_region_blocking (classes, r->source, r->function, r->lo, hi,
                                                       e->lines, e->n);
      if (w == NULL)
        continue;
      g_autofree char *base = augur_source_label (r->source);
      if (s == NULL)
        s = g_string_new (NULL);
      g_string_append_printf (s, "%s%s:%u-%u (%s) contains %s", nb++ == 0 ? "" : "; ", base, r->lo, hi,
                              r->function != NULL ? r->function : "?", w);
    }
  if (s == NULL)
    return NULL;
  g_string_prepend (s, nb == 1 ? "its region would hold the new mutex across a blocking wait: "
                               : "its regions would hold the new mutex across blocking waits: ");
  g_string_append (s, " (a thread waiting there would keep the new mutex from the thread that "
                      "must wake it: a deadlock; not proposed)");
  return g_string_free (s, FALSE);
}

AugurDiagRepair *
augur_diag_repair_lock (GPtrArray *classes, const char *source_dir, char **why)
{
  g_autoptr (GArray) regions = g_array_new (FALSE, TRUE, sizeof (Region));
  g_array_set_clear_func (regions, region_clear);
  g_autofree char *source = NULL;
  guint one_way = 0;
  for (guint ci = 0; ci < classes->len; ci++)
    {
      AugurDiagClass *c = g_ptr_array_index (classes, ci);
      if (!core_interleaves (c))
        one_way++;
      if (c->core.core->len == 0)
        {
          *why = g_strdup_printf ("class %u has no ordering to remove", ci + 1);
          return NULL;
        }
      for (guint k = 0; k < c->core.core->len; k++)
        {
          const AugurDiagPair *p = &g_array_index (c->core.core, AugurDiagPair, k);
          guint ends[2] = { p->a, p->b };
          for (guint j = 0; j < 2; j++)
            {
              const AugurDiagEvent *ev = augur_diag_trace_event (c->trace, ends[j]);
              g_autofree char *s = augur_diag_source_resolve (ev->path, source_dir);
              if (s == NULL || ev->line == 0 || ev->function == NULL)
                {
                  *why = g_strdup_printf ("the source of %s is not at hand",
                                          ev->file != NULL ? ev->file : "an event");
                  return NULL;
                }
              if (!one_source (&source, s, why))
                return NULL;
            }
        }
    }
  if (source == NULL)
    {
      *why = g_strdup ("no core");
      return NULL;
    }
  g_autoptr (Edit) e = edit_new (source, why);
  if (e == NULL)
    return NULL;
  for (guint ci = 0; ci < classes->len; ci++)
    thread_regions (e, g_ptr_array_index (classes, ci), source, regions);
  drop_nested (e, regions);
  *why = blocking_regions (e, classes, regions);
  if (*why != NULL)
    return NULL;
  edit_add (e, decl_line (e), TRUE,
            g_strdup_printf ("%sstatic pthread_mutex_t augur_repair_lock = "
                             "PTHREAD_MUTEX_INITIALIZER; /* augur diagnose: repair */",
                             pthread_include (e)));
  GString *sum = g_string_new ("a new mutex makes ");
  for (guint i = 0; i < regions->len; i++)
    {
      Region *r = &g_array_index (regions, Region, i);
      guint hi = statement_end (e, r->hi);
      if (hi > e->n || !balanced (e, r->lo, hi))
        {
          *why = g_strdup_printf ("lines %u-%u of %s are not whole statements of one block",
                                  r->lo, hi, r->function != NULL ? r->function : "?");
          g_string_free (sum, TRUE);
          return NULL;
        }
      if (!in_body (e, r->lo))
        {
          *why = g_strdup_printf ("line %u holds all of %s, on one line: no statement of it to "
                                  "put a lock around", r->lo,
                                  r->function != NULL ? r->function : "a function");
          g_string_free (sum, TRUE);
          return NULL;
        }
      gboolean body = body_of_condition (e, r->lo);
      if (body && hi != statement_end (e, r->lo))
        {
          *why = g_strdup_printf ("lines %u-%u start in the body of an if or loop without braces "
                                  "and go past it", r->lo, hi);
          g_string_free (sum, TRUE);
          return NULL;
        }
      edit_add (e, r->lo, FALSE, g_strdup (body ? "{ pthread_mutex_lock (&augur_repair_lock);"
                                                 : "pthread_mutex_lock (&augur_repair_lock);"));
      /* a jump out of the region releases the lock first: the jump becomes
       * a block "{ unlock; jump; }" (also the body of an if without braces) */
      gboolean falls_through = TRUE;
      for (guint l = r->lo; l <= hi; l++)
        if (is_jump (e->lines[l - 1]))
          {
            edit_add (e, l, FALSE, g_strdup ("{ pthread_mutex_unlock (&augur_repair_lock);"));
            edit_add (e, l, TRUE, g_strdup ("}"));
            if (l == hi && (l == r->lo || !is_condition_head (e->lines[l - 2])))
              falls_through = FALSE;
          }
      if (falls_through || body)
        edit_add (e, hi, TRUE, g_strdup (!falls_through ? "}"
                                         : body ? "pthread_mutex_unlock (&augur_repair_lock); }"
                                                : "pthread_mutex_unlock (&augur_repair_lock);"));
      g_autofree char *base = augur_source_label (r->source);
      g_string_append_printf (sum, "%s%s:%u-%u (%s)", i == 0 ? "" : i + 1 == regions->len ? " and " : ", ",
                              base, r->lo, hi, r->function != NULL ? r->function : "?");
    }
  g_string_append (sum, regions->len > 1 ? " mutually exclusive" : " atomic");
  if (one_way > 0)
    g_string_append_printf (sum, " (%u of the %u cores order the threads one way only: "
                            "only the verification can tell whether mutual exclusion removes them)",
                            one_way, classes->len);
  else
    g_string_append (sum, " (every core interleaves the regions: the paper's either-or composite)");
  return finish (e, AUGUR_DIAG_REPAIR_LOCK, source_dir, g_string_free (sum, FALSE),
                 regions->len, why);
}

AugurDiagRepair *
augur_diag_repair_order (GPtrArray *classes, GArray *cover, const char *source_dir, char **why)
{
  g_autofree char *source = NULL;
  GString *sum = g_string_new ("enforce ");
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint k = 0; k < cover->len; k++)
    {
      AugurDiagChoice *ch = &g_array_index (cover, AugurDiagChoice, k);
      AugurDiagClass *c = g_ptr_array_index (classes, ch->cls);
      const AugurDiagEvent *x = augur_diag_trace_event (c->trace, ch->edge.a);
      const AugurDiagEvent *y = augur_diag_trace_event (c->trace, ch->edge.b);
      g_autofree char *sx = augur_diag_source_resolve (x->path, source_dir);
      g_autofree char *sy = augur_diag_source_resolve (y->path, source_dir);
      if (sx == NULL || sy == NULL || x->line == 0 || y->line == 0)
        {
          *why = g_strdup ("the source of an event is not at hand");
          g_string_free (sum, TRUE);
          return NULL;
        }
      if (!one_source (&source, sx, why) || !one_source (&source, sy, why))
        {
          g_string_free (sum, TRUE);
          return NULL;
        }
      /* a handshake inside a critical section would wait holding the lock
       * the other side needs: signal after the section, wait before it */
      guint lx = section_edge (c->trace, ch->edge.a, TRUE, x->function);
      guint ly = section_edge (c->trace, ch->edge.b, FALSE, y->function);
      g_array_append_val (lines, lx);
      g_array_append_val (lines, ly);
      g_autofree char *dx = augur_diag_event_describe (x), *dy = augur_diag_event_describe (y);
      g_string_append_printf (sum, "%s%s before %s", k == 0 ? "" : "; and ", dx, dy);
    }
  g_string_append (sum, " (a handshake: a flag set after the first, waited for before the second)");
  g_autoptr (Edit) e = edit_new (source, why);
  if (e == NULL)
    {
      g_string_free (sum, TRUE);
      return NULL;
    }
  edit_add (e, decl_line (e), TRUE, g_strdup_printf (
    "%s/* augur diagnose: repair — orderings enforced by handshakes */\n"
    "static pthread_mutex_t augur_repair_lock = PTHREAD_MUTEX_INITIALIZER;\n"
    "static pthread_cond_t augur_repair_cond = PTHREAD_COND_INITIALIZER;\n"
    "static int augur_repair_done[%u];\n"
    "static void\n"
    "augur_repair_signal (int i)\n"
    "{\n"
    "  pthread_mutex_lock (&augur_repair_lock);\n"
    "  augur_repair_done[i] = 1;\n"
    "  pthread_cond_broadcast (&augur_repair_cond);\n"
    "  pthread_mutex_unlock (&augur_repair_lock);\n"
    "}\n"
    "static void\n"
    "augur_repair_wait (int i)\n"
    "{\n"
    "  pthread_mutex_lock (&augur_repair_lock);\n"
    "  while (!augur_repair_done[i])\n"
    "    pthread_cond_wait (&augur_repair_cond, &augur_repair_lock);\n"
    "  pthread_mutex_unlock (&augur_repair_lock);\n"
    "}", pthread_include (e), cover->len));
  for (guint k = 0; k < cover->len; k++)
    {
      guint lx = statement_end (e, g_array_index (lines, guint, 2 * k));
      guint ly = g_array_index (lines, guint, 2 * k + 1);
      if (lx > e->n || ly > e->n)
        {
          *why = g_strdup ("a line is past the end of the source");
          g_string_free (sum, TRUE);
          return NULL;
        }
      guint x0 = g_array_index (lines, guint, 2 * k);
      if (!in_body (e, x0) || !in_body (e, ly))
        {
          *why = g_strdup_printf ("line %u holds a whole function, on one line: no statement of "
                                  "it to put a handshake beside", !in_body (e, x0) ? x0 : ly);
          g_string_free (sum, TRUE);
          return NULL;
        }
      if (body_of_condition (e, x0))
        {
          /* the only statement of an if/for/while: make it a block */
          edit_add (e, x0, FALSE, g_strdup ("{"));
          edit_add (e, lx, TRUE, g_strdup_printf ("augur_repair_signal (%u); }", k));
        }
      else if (is_jump (e->lines[lx - 1]))
        edit_add (e, lx, FALSE, g_strdup_printf ("augur_repair_signal (%u);", k));
      else
        edit_add (e, lx, TRUE, g_strdup_printf ("augur_repair_signal (%u);", k));
      if (body_of_condition (e, ly))
        {
          edit_add (e, ly, FALSE, g_strdup_printf ("{ augur_repair_wait (%u);", k));
          edit_add (e, statement_end (e, ly), TRUE, g_strdup ("}"));
        }
      else
        edit_add (e, ly, FALSE, g_strdup_printf ("augur_repair_wait (%u);", k));
    }
  return finish (e, AUGUR_DIAG_REPAIR_ORDER, source_dir, g_string_free (sum, FALSE), cover->len, why);
}
