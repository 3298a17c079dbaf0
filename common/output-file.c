/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * output-file.c — temporary file, fsync, rename (see output-file.h).
 */
#include "config.h"

#include "common/output-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "common/interrupt.h"

static gboolean
fail (GError **error, const char *path, const char *what, int e)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot %s %s: %s", what, path,
               g_strerror (e));
  return FALSE;
}

gboolean
augur_output_file_write (const char *path, const char *data, gsize length, GError **error)
{
  g_autofree char *tmp = g_strconcat (path, ".XXXXXX", NULL);
  int fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    return fail (error, path, "write", errno);
  augur_interrupt_add_temp (tmp);
  /* g_mkstemp_full's mode is 0666 less the umask, like a plain creat */
  gsize done = 0;
  int e = 0;
  while (done < length && e == 0)
    {
      ssize_t n = write (fd, data + done, length - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        e = errno;
      else
        done += (gsize) n;
    }
  if (e == 0 && fsync (fd) != 0)
    e = errno;
  if (close (fd) != 0 && e == 0)
    e = errno;
  if (e == 0 && g_rename (tmp, path) != 0)
    e = errno;
  if (e != 0)
    g_unlink (tmp);
  augur_interrupt_remove_temp (tmp);
  return e == 0 || fail (error, path, "write", e);
}
