/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sarif-log.h — the frame of a SARIF 2.1.0 log and the small objects every
 * SARIF writer of augur repeats.
 *
 * Two commands write SARIF: `augur report --sarif` (reports/sarif.c, the
 * findings, with the fixes of reports/sarif-fixes.c) and `augur diagnose
 * --sarif` (diagnose/diagnose-sarif.c, the root causes and verified
 * repairs).  Both write one log with one run whose tool is augur; the
 * schema, the version and the driver are written here once so that the two
 * logs cannot disagree on them, with the message objects ({"text": ...}),
 * the regions a replacement deletes and the files' artifactLocations.
 *
 * A file is named in one way by both logs: a file under the source
 * directory (or a relative name) by its path relative to the base id
 * SRCROOT, which "originalUriBaseIds" maps to the source directory as a
 * file URI; any other file by its absolute file URI.  Every byte of a path
 * but RFC 3986's unreserved characters and '/' is percent-escaped (UTF-8
 * names byte by byte), so that a space or a non-ASCII letter gives a valid
 * URI and the same URI in every log.
 */
#ifndef AUGUR_SARIF_LOG_H
#define AUGUR_SARIF_LOG_H

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define AUGUR_SARIF_SCHEMA_URI "https://json.schemastore.org/sarif-2.1.0.json"

/* Opens the log, its one run, the run's "tool" and the tool's "driver"
 * (name "augur", version and semanticVersion the package's): the caller
 * may add the driver's rules, then calls augur_sarif_end_tool. */
void augur_sarif_begin_log (JsonBuilder *b);
/* Closes the driver and the tool: the run's other members follow. */
void augur_sarif_end_tool (JsonBuilder *b);
/* Closes the run and the log. */
void augur_sarif_end_log (JsonBuilder *b);

/* "name": { "text": text } — a message, description or help. */
void augur_sarif_add_message (JsonBuilder *b, const char *name, const char *text);
/* "deletedRegion": lines [line, line + n_deleted) from column 1 to column 1;
 * empty (an insertion before @line) when n_deleted is 0. */
void augur_sarif_add_deleted_region (JsonBuilder *b, guint line, guint n_deleted);

/* "artifactLocation" for the source file @file: relative to SRCROOT when
 * @file is relative (to @source_dir) or lies under @source_dir, else its
 * absolute file URI.  @source_dir may be NULL (relative names then stay as
 * they are, against an SRCROOT the consumer supplies). */
void augur_sarif_add_artifact_location (JsonBuilder *b, const char *file, const char *source_dir);
/* "originalUriBaseIds": SRCROOT, @source_dir as a file URI ending in '/';
 * nothing when @source_dir is NULL. */
void augur_sarif_add_uri_base_ids (JsonBuilder *b, const char *source_dir);

G_END_DECLS

#endif /* AUGUR_SARIF_LOG_H */
