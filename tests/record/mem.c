/* SPDX-License-Identifier: GPL-3.0-or-later
 * mem.c — mem* and str* calls as read and write ranges of the bytes they
 * really touch, and a struct copy. */
#include "record-util.h"
#include <string.h>

struct big { long a[8]; };
static struct big x, y;
static char buf[64], other[64];
volatile int result;

int
main (void)
{
  memset (buf, 'a', 10);
  memcpy (other, buf, 10);
  memmove (buf + 2, buf, 6);
  result = memcmp (buf, other, 10);
  strcpy (buf, "hello");
  strncpy (other, "hello world", 20);
  strcat (buf, ", you");
  strncat (buf, "!!!", 2);
  result = (int) strlen (buf);
  result = (int) strnlen (other, 4);
  result = strcmp (buf, other);
  result = strncmp (buf, other, 3);
  result = strchr (buf, 'y') != NULL;
  result = strrchr (buf, 'l') != NULL;
  result = strstr (other, "world") != NULL;
  result = memchr (other, 'w', 20) != NULL;
  char *end = stpcpy (other, "ab");
  result = end - other;
  x.a[3] = 4;
  y = x;
  return y.a[3] == 4 ? 0 : 10;
}
