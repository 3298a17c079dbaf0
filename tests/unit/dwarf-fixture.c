/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-fixture.c — a program whose debug info test-dwarf-names.c reads:
 * heap objects allocated into a local and into a member, accessed through
 * parameters, an array of structs, globals of struct and array type, a
 * line that goes through two pointers to a member at one offset, a line
 * that writes the same member of two objects, members of an anonymous
 * union, a struct element copied whole, a block allocated into a void pointer stored into a member.  The
 * test finds its lines by the markers in the comments.
 */
#include <stdlib.h>

#include "dwarf-fixture.h"

struct stats stats;
int table[10];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

queue_t *
queue_new (size_t cap)
{
  queue_t *q = calloc (1, sizeof *q);            /* ALLOC-Q */
  q->items = calloc (cap, sizeof *q->items);     /* ALLOC-ITEMS */
  pthread_mutex_init (&q->lock, NULL);
  return q;
}

void
queue_push (queue_t *q, void *item)
{
  pthread_mutex_lock (&q->lock);                 /* LOCK */
  q->items[q->head + q->count] = item;           /* ITEM */
  q->count++;
  pthread_mutex_unlock (&q->lock);
  q->pushed++;                                   /* PUSHED */
}

static struct node *
nodes_new (int n)
{
  return malloc (n * sizeof (struct node));
}

static void
nodes_copy (struct node *nodes)
{
  nodes[1] = nodes[0];                           /* COPY */
}

static void
chain_copy_first (struct chain *c)
{
  c->first[1] = c->first[0];                     /* FIRST-COPY */
}

static void
chain_append (struct chain *c, struct node *n)
{
  c->last->next = n;                             /* APPEND */
  c->last = n;
  c->length++;
}

static int
sum (struct node *nodes, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += nodes[i].key;                           /* KEY */
  return s;
}

static void
slots_link (struct slot *a, struct slot *b)
{
  a->flag = b->flag = 1;                         /* BOTH */
  if (b->flag)                                   /* B-FLAG */
    a->next = b;                                 /* A-NEXT */
}

static void
region_open (struct region *r)
{
  void *m = malloc (sizeof (struct header));        /* ALLOC-VOID */
  if (m == NULL)
    return;
  r->fd = 3;
  r->hdr = m;
}

int
main (void)
{
  queue_t *q = queue_new (4);
  queue_push (q, q);
  struct node *ns = nodes_new (3);
  for (int i = 0; i < 3; i++)
    ns[i].key = i;
  nodes_copy (ns);
  struct chain ch = { ns, ns, 1 };
  chain_append (&ch, ns + 1);
  chain_copy_first (&ch);
  struct slot *s1 = calloc (1, sizeof *s1), *s2 = calloc (1, sizeof *s2);
  slots_link (s1, s2);
  struct region rg;
  region_open (&rg);
  stats.count++;
  table[4]++;
  pthread_mutex_lock (&m);
  pthread_mutex_unlock (&m);
  return sum (ns, 3) + (int) q->pushed + stats.table[2] + (s1->payload != NULL);
}
