/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * sarif-log.c — the frame of a SARIF 2.1.0 log (see sarif-log.h).
 */
#include "config.h"

#include "common/sarif-log.h"

#include "common/json-util.h"

void
augur_sarif_begin_log (JsonBuilder *b)
{
  json_builder_begin_object (b);
  augur_json_add_string (b, "$schema", AUGUR_SARIF_SCHEMA_URI);
  augur_json_add_string (b, "version", "2.1.0");
  augur_json_begin_array_member (b, "runs");
  json_builder_begin_object (b);
  augur_json_begin_object_member (b, "tool");
  augur_json_begin_object_member (b, "driver");
  augur_json_add_string (b, "name", "augur");
  augur_json_add_string (b, "version", PACKAGE_VERSION);
  augur_json_add_string (b, "semanticVersion", PACKAGE_VERSION);
}

void
augur_sarif_end_tool (JsonBuilder *b)
{
  json_builder_end_object (b);
  json_builder_end_object (b);
}

void
augur_sarif_end_log (JsonBuilder *b)
{
  json_builder_end_object (b);
  json_builder_end_array (b);
  json_builder_end_object (b);
}

void
augur_sarif_add_message (JsonBuilder *b, const char *name, const char *text)
{
  augur_json_begin_object_member (b, name);
  augur_json_add_string (b, "text", text);
  json_builder_end_object (b);
}

void
augur_sarif_add_deleted_region (JsonBuilder *b, guint line, guint n_deleted)
{
  augur_json_begin_object_member (b, "deletedRegion");
  augur_json_add_int (b, "startLine", line);
  augur_json_add_int (b, "startColumn", 1);
  augur_json_add_int (b, "endLine", line + n_deleted);
  augur_json_add_int (b, "endColumn", 1);
  json_builder_end_object (b);
}
