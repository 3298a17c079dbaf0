/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * step-text.c — how a schedule step reads in a report (see step-text.h).
 */
#include "config.h"

#include "reports/step-text.h"
#include "common/source-label.h"

void
augur_report_step_text_append (GString *s, const AugurStep *step, AugurReportEscapeFunc escape,
                               const char *place_open, const char *place_close)
{
  escape (s, augur_op_to_string (step->op));
  if (step->object != NULL)
    {
      g_string_append_c (s, ' ');
      escape (s, step->object);
    }
  if (step->peer >= 0 && step->op != AUGUR_OP_START)
    g_string_append_printf (s, " T%d", step->peer);
  if (step->file != NULL)
    {
      g_autofree char *base = augur_source_label (step->file);
      g_string_append (s, place_open);
      escape (s, base);
      if (step->line != 0)
        g_string_append_printf (s, ":%u", step->line);
      g_string_append (s, place_close);
    }
}
