# SPDX-License-Identifier: GPL-3.0-or-later
#
# sarif-multitool.sh — sourced by the SARIF tests: Microsoft's SARIF
# multitool (npm package @microsoft/sarif-multitool, `validate` verb: the
# SARIF 2.1.0 JSON schema plus the SARIF rules; it runs offline).
#
# The tool is looked for in $AUGUR_SARIF_MULTITOOL, then in the npm cache
# directory ${AUGUR_NPM_PREFIX:-$HOME/.cache/augur-sarif}, where it is
# installed with npm when npm is available.  sarif_tool_ready says whether
# it (and node) can run; valid SARIF and invalid SARIF then validate SARIF
# and succeed when it has no error-level result, or some.  The launcher
# runs through a shell: paths given to it must stay free of shell syntax
# (and of blanks).
prefix=${AUGUR_NPM_PREFIX:-${HOME:-/nonexistent}/.cache/augur-sarif}
tool=${AUGUR_SARIF_MULTITOOL:-$prefix/node_modules/.bin/sarif-multitool}

if [ ! -x "$tool" ] && command -v npm >/dev/null 2>&1; then
  mkdir -p "$prefix" 2>/dev/null &&
    timeout 600 npm install --prefix "$prefix" --no-audit --no-fund @microsoft/sarif-multitool >/dev/null 2>&1
fi
sarif_tool_why="npm, node or the multitool is unavailable (npm install --prefix \$HOME/.cache/augur-sarif @microsoft/sarif-multitool)"
sarif_tool_ready () { [ -x "$tool" ] && command -v node >/dev/null 2>&1; }

# errors LOG: the number of error-level results in the multitool's output log
errors ()
{
  node -e '
    const log = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    let n = 0;
    for (const run of log.runs || []) {
      const rules = (run.tool && run.tool.driver && run.tool.driver.rules) || [];
      for (const r of run.results || []) {
        const rule = rules[r.ruleIndex] || {};
        const level = r.level || (rule.defaultConfiguration || {}).level || "warning";
        if (level === "error") { n++; console.error(r.ruleId + ": " + JSON.stringify(r.message)); }
      }
      for (const inv of run.invocations || [])
        for (const note of inv.toolExecutionNotifications || [])
          if ((note.level || "error") === "error") { n++; console.error(JSON.stringify(note.message)); }
    }
    console.log(n);' "$1"
}

# validate SARIF: runs the multitool; its log is SARIF.log.sarif
validate ()
{
  rm -f "$1.log.sarif"
  timeout 300 "$tool" validate "$1" -o "$1.log.sarif" && test -s "$1.log.sarif"
}
valid () { validate "$1" && n=$(errors "$1.log.sarif") && { echo "error-level results: $n"; test "$n" -eq 0; }; }
invalid () { validate "$1" && n=$(errors "$1.log.sarif") && { echo "error-level results: $n"; test "$n" -gt 0; }; }

