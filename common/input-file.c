/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * input-file.c — regular files only, opened without blocking (see
 * input-file.h).
 */
#include "config.h"

#include "common/input-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *
file_type_name (mode_t mode)
{
  if (S_ISDIR (mode))
    return "a directory";
  if (S_ISFIFO (mode))
    return "a FIFO";
  if (S_ISCHR (mode))
    return "a character device";
  if (S_ISBLK (mode))
    return "a block device";
  if (S_ISSOCK (mode))
    return "a socket";
  return "not a regular file";
}

int
augur_input_file_open (const char *path, gsize max_bytes, gsize *size, GError **error)
{
  /* O_NONBLOCK: opening a FIFO with no writer returns at once instead of
   * waiting for one; O_NOCTTY: a terminal never becomes ours. */
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot open %s: %s", path,
                   g_strerror (e));
      return -1;
    }
  struct stat st;
  if (fstat (fd, &st) != 0)
    {
      int e = errno;
      close (fd);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot stat %s: %s", path,
                   g_strerror (e));
      return -1;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s is %s, not a regular file: give augur a file", path,
                   file_type_name (st.st_mode));
      return -1;
    }
  if (st.st_size < 0 || (guint64) st.st_size > (guint64) max_bytes)
    {
      close (fd);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s is too large (%" G_GINT64_FORMAT " bytes, at most %" G_GSIZE_FORMAT
                   " are read)", path, (gint64) st.st_size, max_bytes);
      return -1;
    }
  /* a regular file never blocks, but mappings and plain reads expect a
   * descriptor in its usual mode */
  int flags = fcntl (fd, F_GETFL);
  if (flags >= 0)
    (void) fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);
  if (size != NULL)
    *size = (gsize) st.st_size;
  return fd;
}

gboolean
augur_input_file_read (const char *path, gsize max_bytes, char **contents, gsize *length,
                       GError **error)
{
  gsize size = 0;
  int fd = augur_input_file_open (path, max_bytes, &size, error);
  if (fd < 0)
    return FALSE;
  /* the size is the one fstat saw: a file that grows meanwhile is read
   * up to it, one that shrinks up to its end */
  char *buf = g_malloc (size + 1);
  gsize got = 0;
  while (got < size)
    {
      ssize_t n = read (fd, buf + got, size - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int e = errno;
          g_free (buf);
          close (fd);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot read %s: %s",
                       path, g_strerror (e));
          return FALSE;
        }
      if (n == 0)
        break;
      got += (gsize) n;
    }
  close (fd);
  buf[got] = '\0';
  *contents = buf;
  if (length != NULL)
    *length = got;
  return TRUE;
}
