/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * event-text.c — one event as text or JSON (see event-text.h).
 *
 * Both forms come from one description: the event's kind, its main object
 * (if any) and a list of key=value details, so the text and the JSON can
 * never disagree.
 */
#include "config.h"

#include "common/event-text.h"

#include <errno.h>
#include <signal.h>
#include <string.h>

#include "common/json-util.h"
#include "common/source-label.h"

typedef struct {
  const char *key;
  char *value;
  gboolean number;     /* JSON: emit as an integer */
} Detail;

typedef struct {
  char *object;        /* main object's stable name, or NULL */
  guint64 address;     /* its raw address */
  GArray *details;     /* Detail */
} Description;

static void
detail (Description *d, const char *key, gboolean number, char *value)
{
  Detail x = { key, value, number };
  g_array_append_val (d->details, x);
}

static void
detail_u (Description *d, const char *key, guint64 v)
{
  detail (d, key, TRUE, g_strdup_printf ("%" G_GUINT64_FORMAT, v));
}

static void
detail_s (Description *d, const char *key, const char *v)
{
  detail (d, key, FALSE, g_strdup (v));
}

const char *
augur_memory_order_name (guint order)
{
  static const char *const names[] = { "relaxed", "consume", "acquire", "release", "acq_rel", "seq_cst" };
  return order < G_N_ELEMENTS (names) ? names[order] : "?";
}

const char *
augur_result_name (gint64 result, char buf[24])
{
  if (result > 0 && result < 4096)
    {
      const char *name = strerrorname_np ((int) result);
      if (name != NULL)
        return name;
    }
  g_snprintf (buf, 24, "%" G_GINT64_FORMAT, result);
  return buf;
}

static const char *
c11_result_name (guint64 result)
{
  static const char *const names[] = { "thrd_success", "thrd_busy", "thrd_error", "thrd_nomem",
                                       "thrd_timedout" };
  return result < G_N_ELEMENTS (names) ? names[result] : NULL;
}

/* Results of the C11 <threads.h> calls are thrd_* codes, the others
 * errno values. */
static void
detail_result (Description *d, const AugurRecord *r, guint64 result)
{
  char buf[24];
  const char *c11 = (r->flags & AUGUR_FLAG_C11) ? c11_result_name (result) : NULL;
  detail_s (d, "result", c11 != NULL ? c11 : augur_result_name ((gint64) (gint32) (guint32) result,
                                                                buf));
}

static const char *
try_name (guint aux)
{
  return aux == AUGUR_TRY_TRY ? "try" : aux == AUGUR_TRY_TIMED ? "timed" : NULL;
}

static const char *
mutex_type_name (guint64 t)
{
  switch (t)
    {
    case AUGUR_MUTEX_NORMAL: return "normal";
    case AUGUR_MUTEX_RECURSIVE: return "recursive";
    case AUGUR_MUTEX_ERRORCHECK: return "errorcheck";
    case AUGUR_MUTEX_DEFAULT: return "default";
    case AUGUR_MUTEX_STATIC: return "static";
    default: return "?";
    }
}

static const char *
rmw_name (guint op)
{
  static const char *const names[] = { "xchg", "add", "sub", "and", "or", "xor", "nand" };
  return op < G_N_ELEMENTS (names) ? names[op] : "?";
}

/* A loaded or stored 8-byte value: by name when it points to an object. */
static void
detail_value (Description *d, AugurObjects *objects, guint size, guint64 value)
{
  char *name = size == 8 ? augur_objects_name_pointer (objects, value) : NULL;
  if (name != NULL)
    detail (d, "value", FALSE, name);
  else
    detail_u (d, "value", value);
}

static void
set_object (Description *d, AugurObjects *objects, guint64 address)
{
  d->object = augur_objects_name (objects, address);
  d->address = address;
}

/* Memory accesses, atomics and fences; FALSE for another kind. */
static gboolean
describe_access (const AugurRecord *r, AugurObjects *objects, Description *d)
{
  guint size = r->flags & AUGUR_FLAG_SIZE_MASK;
  guint order = (r->flags & AUGUR_FLAG_ORDER_MASK) >> AUGUR_FLAG_ORDER_SHIFT;
  if (size == 0 && r->kind >= AUGUR_EV_ATOMIC_LOAD && r->kind <= AUGUR_EV_ATOMIC_CAS)
    size = 16;   /* the field's 4 bits cannot hold it */
  switch (r->kind)
    {
    case AUGUR_EV_READ:
      set_object (d, objects, r->addr);
      detail_u (d, "size", size);
      if (size <= 8)
        detail_value (d, objects, size, r->arg);
      break;
    case AUGUR_EV_WRITE:
      set_object (d, objects, r->addr);
      detail_u (d, "size", size);
      break;
    case AUGUR_EV_READ_RANGE:
    case AUGUR_EV_WRITE_RANGE:
      set_object (d, objects, r->addr);
      detail_u (d, "len", r->arg);
      break;
    case AUGUR_EV_ATOMIC_LOAD:
    case AUGUR_EV_ATOMIC_STORE:
    case AUGUR_EV_ATOMIC_RMW:
    case AUGUR_EV_ATOMIC_CAS:
      set_object (d, objects, r->addr);
      detail_u (d, "size", size);
      if (r->kind == AUGUR_EV_ATOMIC_RMW)
        detail_s (d, "op", rmw_name (r->aux & AUGUR_RMW_OP_MASK));
      if (r->kind == AUGUR_EV_ATOMIC_RMW && (r->aux & AUGUR_CHANNEL_PUT))
        detail_u (d, "put", r->aux >> AUGUR_CHANNEL_BYTES_SHIFT);
      if (r->kind == AUGUR_EV_ATOMIC_RMW && (r->aux & AUGUR_CHANNEL_TAKE))
        detail_u (d, "took", r->aux >> AUGUR_CHANNEL_BYTES_SHIFT);
      if (r->kind == AUGUR_EV_ATOMIC_CAS)
        detail_s (d, "cas", r->aux ? "succeeded" : "failed");
      detail_s (d, "order", augur_memory_order_name (order));
      detail_value (d, objects, size, r->arg);
      break;
    case AUGUR_EV_FENCE:
      detail_s (d, "order", augur_memory_order_name (order));
      break;
    default:
      return FALSE;
    }
  return TRUE;
}

/* Thread creation, start, exit, join and detach; FALSE for another kind. */
static gboolean
describe_thread (const AugurRecord *r, Description *d)
{
  switch (r->kind)
    {
    case AUGUR_EV_THREAD_CREATE:
      detail (d, "child", FALSE, g_strdup_printf ("T%" G_GUINT64_FORMAT, r->addr));
      break;
    case AUGUR_EV_THREAD_START:
      if (r->addr == 0xffffffffu || (r->tid == 0 && r->addr == 0))
        detail_s (d, "parent", "none");
      else
        detail (d, "parent", FALSE, g_strdup_printf ("T%" G_GUINT64_FORMAT, r->addr));
      break;
    case AUGUR_EV_THREAD_EXIT:
      if (r->arg == 1)
        detail_s (d, "by", "exit_call");
      break;
    case AUGUR_EV_THREAD_JOIN:
    case AUGUR_EV_THREAD_DETACH:
      detail (d, "thread", FALSE,
              r->addr == 0xffffffffu ? g_strdup ("unknown")
                                     : g_strdup_printf ("T%" G_GUINT64_FORMAT, r->addr));
      detail_result (d, r, r->arg);
      break;
    default:
      return FALSE;
    }
  return TRUE;
}

/* Mutexes, read-write locks, spin locks, semaphores, condition variables,
 * barriers and once; FALSE for another kind. */
static gboolean
describe_sync (const AugurRecord *r, AugurObjects *objects, Description *d)
{
  switch (r->kind)
    {
    case AUGUR_EV_MUTEX_INIT:
      set_object (d, objects, r->addr);
      detail_s (d, "type", mutex_type_name (r->arg));
      break;
    case AUGUR_EV_MUTEX_LOCK:
    case AUGUR_EV_MUTEX_TRYLOCK:
    case AUGUR_EV_MUTEX_TIMEDLOCK:
    case AUGUR_EV_MUTEX_UNLOCK:
    case AUGUR_EV_MUTEX_DESTROY:
    case AUGUR_EV_RWLOCK_INIT:
    case AUGUR_EV_RWLOCK_UNLOCK:
    case AUGUR_EV_RWLOCK_DESTROY:
    case AUGUR_EV_SPIN_INIT:
    case AUGUR_EV_SPIN_UNLOCK:
    case AUGUR_EV_SPIN_DESTROY:
    case AUGUR_EV_SEM_POST:
    case AUGUR_EV_SEM_DESTROY:
      set_object (d, objects, r->addr);
      detail_result (d, r, r->arg);
      break;
    case AUGUR_EV_MUTEX_LOCK_REQ:
      set_object (d, objects, r->addr);
      break;
    case AUGUR_EV_RWLOCK_RDLOCK:
    case AUGUR_EV_RWLOCK_WRLOCK:
    case AUGUR_EV_SPIN_LOCK:
    case AUGUR_EV_SEM_WAIT:
      set_object (d, objects, r->addr);
      if (try_name (r->aux) != NULL)
        detail_s (d, "mode", try_name (r->aux));
      detail_result (d, r, r->arg);
      break;
    case AUGUR_EV_COND_WAIT:
      set_object (d, objects, r->addr);
      detail (d, "mutex", FALSE, augur_objects_name (objects, r->arg));
      if (r->aux == 1)
        detail_s (d, "mode", "timed");
      break;
    case AUGUR_EV_COND_WAKE:
      set_object (d, objects, r->addr);
      detail (d, "mutex", FALSE, augur_objects_name (objects, r->arg));
      detail_result (d, r, r->aux);
      break;
    case AUGUR_EV_COND_INIT:
    case AUGUR_EV_COND_SIGNAL:
    case AUGUR_EV_COND_BROADCAST:
    case AUGUR_EV_COND_DESTROY:
    case AUGUR_EV_BARRIER_ENTER:
    case AUGUR_EV_BARRIER_DESTROY:
      set_object (d, objects, r->addr);
      break;
    case AUGUR_EV_BARRIER_INIT:
      set_object (d, objects, r->addr);
      detail_u (d, "count", r->arg);
      break;
    case AUGUR_EV_BARRIER_LEAVE:
      set_object (d, objects, r->addr);
      if (r->arg == 1)
        detail_s (d, "serial", "yes");
      break;
    case AUGUR_EV_SEM_INIT:
      set_object (d, objects, r->addr);
      detail_u (d, "value", r->arg);
      break;
    case AUGUR_EV_ONCE:
      set_object (d, objects, r->addr);
      detail_s (d, "ran", r->arg ? "yes" : "no");
      break;
    default:
      return FALSE;
    }
  return TRUE;
}

/* Allocations, frees and the end of the run; FALSE for another kind. */
static gboolean
describe_memory_end (const AugurRecord *r, AugurObjects *objects, Description *d)
{
  switch (r->kind)
    {
    case AUGUR_EV_ALLOC:
      d->object = g_strdup_printf ("T%u.alloc%u", r->tid, r->aux);
      d->address = r->addr;
      detail_u (d, "size", r->arg);
      break;
    case AUGUR_EV_FREE:
      set_object (d, objects, r->addr);
      break;
    case AUGUR_EV_END:
      detail_s (d, "how", augur_end_name (r->aux));
      if (r->aux == AUGUR_END_EXIT)
        detail_u (d, "status", (guint32) r->arg);
      else if (r->aux == AUGUR_END_SIGNAL || r->aux == AUGUR_END_ABORT)
        {
          const char *abbrev = sigabbrev_np ((int) r->arg);
          detail (d, "signal", FALSE,
                  abbrev != NULL ? g_strconcat ("SIG", abbrev, NULL)
                                 : g_strdup_printf ("%" G_GUINT64_FORMAT, r->arg));
        }
      else if (r->aux == AUGUR_END_TIMEOUT)
        detail_u (d, "seconds", r->arg);
      else if (r->aux == AUGUR_END_CUT)
        detail_u (d, "cap_bytes", r->arg);
      else if (r->aux == AUGUR_END_CUT_EVENTS)
        detail_u (d, "cap_events", r->arg);
      else if (r->aux == AUGUR_END_BLOCKED)
        detail_u (d, "blocked_ms", r->arg);
      break;
    default:
      return FALSE;
    }
  return TRUE;
}

static void
describe (const AugurRecord *r, AugurObjects *objects, Description *d)
{
  /* each kind is in exactly one of them */
  if (!describe_access (r, objects, d) && !describe_thread (r, d)
      && !describe_sync (r, objects, d))
    describe_memory_end (r, objects, d);
  if ((r->flags & AUGUR_FLAG_C11) && r->kind >= AUGUR_EV_THREAD_CREATE && r->kind != AUGUR_EV_END)
    detail_s (d, "api", "c11");
}

static void
description_clear (Description *d)
{
  g_free (d->object);
  for (guint i = 0; i < d->details->len; i++)
    g_free (g_array_index (d->details, Detail, i).value);
  g_array_unref (d->details);
}

static void
location (const AugurRecord *r, AugurSymbolizer *symbolizer, AugurSource *src)
{
  memset (src, 0, sizeof *src);
  if (symbolizer != NULL && r->pc != 0)
    augur_symbolizer_source (symbolizer, r->module, r->pc, src);
}

void
augur_event_append_text (GString *out, const AugurRecord *r, AugurObjects *objects,
                         AugurSymbolizer *symbolizer)
{
  Description d = { NULL, 0, g_array_new (FALSE, FALSE, sizeof (Detail)) };
  describe (r, objects, &d);
  g_string_append_printf (out, "T%u %s", r->tid, augur_event_kind_name (r->kind));
  if (d.object != NULL)
    g_string_append_printf (out, " %s", d.object);
  for (guint i = 0; i < d.details->len; i++)
    {
      Detail *x = &g_array_index (d.details, Detail, i);
      g_string_append_printf (out, " %s=%s", x->key, x->value);
    }
  if (r->pc != 0)
    {
      AugurSource src;
      location (r, symbolizer, &src);
      if (src.file != NULL)
        {
          g_autofree char *base = augur_source_label (src.file);
          g_string_append_printf (out, " %s:%u", base, src.line);
        }
      else
        g_string_append (out, " ??");
      if (src.function != NULL)
        g_string_append_printf (out, " %s", src.function);
    }
  description_clear (&d);
}

JsonNode *
augur_event_to_json (const AugurRecord *r, gsize index, AugurObjects *objects,
                     AugurSymbolizer *symbolizer)
{
  Description d = { NULL, 0, g_array_new (FALSE, FALSE, sizeof (Detail)) };
  describe (r, objects, &d);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  augur_json_add_int (b, "index", (gint64) index);
  augur_json_add_int (b, "thread", r->tid);
  augur_json_add_string (b, "kind", augur_event_kind_name (r->kind));
  if (d.object != NULL)
    {
      g_autofree char *hex = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", d.address);
      augur_json_add_string (b, "object", d.object);
      augur_json_add_string (b, "address", hex);
    }
  for (guint i = 0; i < d.details->len; i++)
    {
      Detail *x = &g_array_index (d.details, Detail, i);
      json_builder_set_member_name (b, x->key);
      if (x->number)
        json_builder_add_int_value (b, (gint64) g_ascii_strtoull (x->value, NULL, 10));
      else
        json_builder_add_string_value (b, x->value);
    }
  if (r->pc != 0)
    {
      AugurSource src;
      location (r, symbolizer, &src);
      augur_json_add_int (b, "module", r->module);
      json_builder_set_member_name (b, "pc");
      g_autofree char *pc = g_strdup_printf ("0x%x", r->pc);
      json_builder_add_string_value (b, pc);
      if (src.file != NULL)
        {
          augur_json_add_string (b, "file", src.file);
          augur_json_add_int (b, "line", src.line);
        }
      if (src.function != NULL)
        {
          augur_json_add_string (b, "function", src.function);
        }
    }
  json_builder_end_object (b);
  description_clear (&d);
  return json_builder_get_root (b);
}
