/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dwarf-type.c — walking DWARF types; see dwarf-type.h.
 */
#include "config.h"

#include "common/dwarf-type.h"

#include <dwarf.h>
#include <string.h>

gboolean
augur_dwarf_type_of (Dwarf_Die *die, Dwarf_Die *out)
{
  Dwarf_Attribute a;
  return dwarf_attr_integrate (die, DW_AT_type, &a) != NULL && dwarf_formref_die (&a, out) != NULL;
}

/* Declared in a system header: pthread_mutex_t, struct timespec ... */
gboolean
augur_dwarf_type_is_system (Dwarf_Die *die)
{
  const char *file = dwarf_decl_file (die);
  return file != NULL && (g_str_has_prefix (file, "/usr/") || strstr (file, "/include/bits/") != NULL);
}

/* Through typedefs and qualifiers; *system when a system type was met
 * (naming stops there). */
gboolean
augur_dwarf_type_peel (Dwarf_Die *t, gboolean *system)
{
  for (int i = 0; i < 32; i++)
    {
      int tag = dwarf_tag (t);
      if (system != NULL && (tag == DW_TAG_typedef || tag == DW_TAG_structure_type
                             || tag == DW_TAG_union_type) && augur_dwarf_type_is_system (t))
        *system = TRUE;
      if (tag != DW_TAG_typedef && tag != DW_TAG_const_type && tag != DW_TAG_volatile_type
          && tag != DW_TAG_restrict_type && tag != DW_TAG_atomic_type)
        return TRUE;
      if (!augur_dwarf_type_of (t, t))
        return FALSE;   /* void */
    }
  return FALSE;
}

guint64
augur_dwarf_type_size (Dwarf_Die *t)
{
  Dwarf_Word size = 0;
  Dwarf_Die p = *t;
  if (!augur_dwarf_type_peel (&p, NULL))
    return 0;
  if (dwarf_aggregate_size (&p, &size) != 0)
    {
      Dwarf_Attribute a;
      if (dwarf_attr (&p, DW_AT_byte_size, &a) == NULL || dwarf_formudata (&a, &size) != 0)
        return 0;
    }
  return size;
}

guint64
augur_dwarf_member_offset (Dwarf_Die *m)
{
  Dwarf_Attribute a;
  Dwarf_Word off = 0;
  if (dwarf_attr (m, DW_AT_data_member_location, &a) != NULL)
    dwarf_formudata (&a, &off);
  return off;
}

/* An unnamed member: an anonymous struct or union, whose members C names
 * as the enclosing struct's own; its type in *@t. */
gboolean
augur_dwarf_member_is_anonymous (Dwarf_Die *m, Dwarf_Die *t)
{
  if (dwarf_tag (m) != DW_TAG_member || dwarf_diename (m) != NULL || !augur_dwarf_type_of (m, t)
      || !augur_dwarf_type_peel (t, NULL))
    return FALSE;
  int tag = dwarf_tag (t);
  return tag == DW_TAG_structure_type || tag == DW_TAG_union_type;
}

/* The member of struct or union @s (peeled) named @name, members of its
 * anonymous structs and unions included. */
gboolean
augur_dwarf_member_named (Dwarf_Die *s, const char *name, Dwarf_Die *out)
{
  Dwarf_Die m, inner;
  if (dwarf_child (s, &m) != 0)
    return FALSE;
  do
    {
      if (dwarf_tag (&m) == DW_TAG_member && g_strcmp0 (dwarf_diename (&m), name) == 0)
        {
          *out = m;
          return TRUE;
        }
      if (augur_dwarf_member_is_anonymous (&m, &inner) && augur_dwarf_member_named (&inner, name, out))
        return TRUE;
    }
  while (dwarf_siblingof (&m, &m) == 0);
  return FALSE;
}

/* An array of no size: a flexible array member (`void *ring[];`). */
gboolean
augur_dwarf_type_is_flexible (Dwarf_Die *t)
{
  Dwarf_Die p = *t;
  return augur_dwarf_type_peel (&p, NULL) && dwarf_tag (&p) == DW_TAG_array_type && augur_dwarf_type_size (&p) == 0;
}

/* The member of struct @s that holds @off; past the struct's end, its
 * flexible array member, which holds what the allocation has past it. */
gboolean
augur_dwarf_member_at (Dwarf_Die *s, guint64 off, Dwarf_Die *out, guint64 *start)
{
  Dwarf_Die m, flex;
  gboolean have_flex = FALSE;
  guint64 flex_start = 0;
  if (dwarf_child (s, &m) != 0)
    return FALSE;
  do
    {
      Dwarf_Die t;
      guint64 inner_start;
      if (augur_dwarf_member_is_anonymous (&m, &t))
        {
          /* its members at their place in @s (the first of a union's) */
          guint64 mo = augur_dwarf_member_offset (&m);
          if (off >= mo && off < mo + MAX (augur_dwarf_type_size (&t), 1) && augur_dwarf_member_at (&t, off - mo, out, &inner_start))
            {
              *start = mo + inner_start;
              return TRUE;
            }
          continue;
        }
      if (dwarf_tag (&m) != DW_TAG_member || dwarf_diename (&m) == NULL)
        continue;
      gboolean typed = augur_dwarf_type_of (&m, &t);
      guint64 mo = augur_dwarf_member_offset (&m), ms = typed ? augur_dwarf_type_size (&t) : 0;
      if (off >= mo && off < mo + MAX (ms, 1))
        {
          *out = m;
          *start = mo;
          return TRUE;
        }
      if (typed && ms == 0 && off >= mo && augur_dwarf_type_is_flexible (&t))
        {
          flex = m;
          flex_start = mo;
          have_flex = TRUE;
        }
    }
  while (dwarf_siblingof (&m, &m) == 0);
  if (have_flex)
    {
      *out = flex;
      *start = flex_start;
      return TRUE;
    }
  return FALSE;
}

/* Appends the members and elements of @type at @off: "->pushed",
 * ".bucket_lock[3]"; the first separator "->" when @arrow; "+N" for
 * what is left. */
void
augur_dwarf_type_append_path (GString *s, Dwarf_Die *type, guint64 off, gboolean arrow)
{
  Dwarf_Die t = *type;
  gboolean first = TRUE;
  for (int depth = 0; depth < 16; depth++)
    {
      gboolean system = FALSE;
      if (!augur_dwarf_type_peel (&t, &system) || system)
        break;
      int tag = dwarf_tag (&t);
      if (tag == DW_TAG_structure_type || tag == DW_TAG_union_type)
        {
          Dwarf_Die m;
          guint64 start;
          if (!augur_dwarf_member_at (&t, off, &m, &start))
            break;
          g_string_append_printf (s, "%s%s", first && arrow ? "->" : ".", dwarf_diename (&m));
          off -= start;
          first = FALSE;
          if (!augur_dwarf_type_of (&m, &t))
            break;
          continue;
        }
      if (tag == DW_TAG_array_type)
        {
          Dwarf_Die e;
          if (!augur_dwarf_type_of (&t, &e))
            break;
          guint64 es = augur_dwarf_type_size (&e);
          if (es == 0)
            break;
          g_string_append_printf (s, "[%" G_GUINT64_FORMAT "]", off / es);
          off %= es;
          t = e;
          first = FALSE;
          continue;
        }
      break;
    }
  if (off != 0)
    g_string_append_printf (s, "+%" G_GUINT64_FORMAT, off);
}

/* The pointee of pointer type @t (peeled), into @out. */
gboolean
augur_dwarf_type_pointee (Dwarf_Die *t, Dwarf_Die *out)
{
  Dwarf_Die p = *t;
  if (!augur_dwarf_type_peel (&p, NULL) || dwarf_tag (&p) != DW_TAG_pointer_type)
    return FALSE;
  return augur_dwarf_type_of (&p, out);
}

gboolean
augur_dwarf_type_pointer_at (Dwarf_Die *type, guint64 off, Dwarf_Die *pointee)
{
  Dwarf_Die t = *type;
  for (int depth = 0; depth < 16; depth++)
    {
      if (off == 0 && augur_dwarf_type_pointee (&t, pointee))
        return TRUE;
      if (!augur_dwarf_type_peel (&t, NULL))
        return FALSE;
      int tag = dwarf_tag (&t);
      Dwarf_Die m;
      guint64 start;
      if (tag == DW_TAG_structure_type && augur_dwarf_member_at (&t, off, &m, &start)
          && augur_dwarf_type_of (&m, &t))
        off -= start;
      else if (tag == DW_TAG_array_type && augur_dwarf_type_of (&t, &m) && augur_dwarf_type_size (&m) > 0)
        {
          off %= augur_dwarf_type_size (&m);
          t = m;
        }
      else
        return FALSE;
    }
  return FALSE;
}

gboolean
augur_dwarf_type_is_struct (Dwarf_Die *t)
{
  Dwarf_Die p = *t;
  return augur_dwarf_type_peel (&p, NULL) && dwarf_tag (&p) == DW_TAG_structure_type;
}

/* Does struct or union @t hold a member named @name at @off (one of a
 * union's members, or of an anonymous struct's or union's)? */
gboolean
augur_dwarf_member_at_is (Dwarf_Die *t, guint64 off, const char *name)
{
  Dwarf_Die p = *t, m;
  if (name == NULL || !augur_dwarf_type_peel (&p, NULL)
      || (dwarf_tag (&p) != DW_TAG_structure_type && dwarf_tag (&p) != DW_TAG_union_type)
      || dwarf_child (&p, &m) != 0)
    return FALSE;
  do
    {
      if (dwarf_tag (&m) != DW_TAG_member)
        continue;
      Dwarf_Die mt;
      guint64 mo = augur_dwarf_member_offset (&m);
      gboolean typed = augur_dwarf_type_of (&m, &mt);
      guint64 ms = typed ? augur_dwarf_type_size (&mt) : 0;
      /* a flexible array member holds what the allocation has past it */
      if (off < mo || (off >= mo + MAX (ms, 1) && !(ms == 0 && typed && augur_dwarf_type_is_flexible (&mt))))
        continue;
      if (g_strcmp0 (dwarf_diename (&m), name) == 0)
        return TRUE;
      if (dwarf_diename (&m) == NULL && typed && augur_dwarf_member_at_is (&mt, off - mo, name))
        return TRUE;
    }
  while (dwarf_siblingof (&m, &m) == 0);
  return FALSE;
}

/* Can a struct of type @t be the heap object of @size bytes (0: unknown)?
 * Strictly, the object is one of them or an array of them; loosely (an
 * allocation with room for a flexible array member), it is not smaller. */
gboolean
augur_dwarf_type_fits (Dwarf_Die *t, guint64 size, gboolean strict)
{
  guint64 ts = augur_dwarf_type_size (t);
  if (size == 0 || ts == 0)
    return TRUE;
  return strict ? size % ts == 0 : ts <= size;
}
