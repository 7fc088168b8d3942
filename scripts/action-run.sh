#!/usr/bin/env bash
# The GitHub Action's logic (action.yml at the repository root): runs one sdui command the way a CI
# job needs it and reports it the way GitHub shows it. It lives here, not inline in action.yml, so
# that it can be run and tested anywhere (scripts/check-action.sh runs it for real in CI) and reads
# the same on a laptop as on a runner.
#
# Usage: SDUI=path/to/sdui scripts/action-run.sh gate|regress|fuzz
#   gate     sdui contract check --format github ARGS (annotations on the goldens; sdui itself
#            appends the client matrix and the diffs to $GITHUB_STEP_SUMMARY)
#   regress  sdui fuzz regress --format sarif ARGS > SARIF_FILE, then the same replay again with
#            --format github --no-build (annotations and the job summary; nothing is built twice)
#   fuzz     sdui fuzz run --time SECONDS --output CAMPAIGN ARGS; the campaign's report.sarif is
#            copied to SARIF_FILE and its report.md appended to $GITHUB_STEP_SUMMARY
# Environment:
#   SDUI                 the sdui binary (required)
#   SDUI_ARGS            extra arguments, quoted as in a shell (`--base-url "https://…"`); never run
#                        by a shell: split by xargs, so `$(…)` or `;` in them stays text
#   SDUI_FUZZ_SECONDS    fuzz: seconds per target (default 60)
#   SDUI_SARIF_FILE      regress, fuzz: where the SARIF goes (default sdui.sarif)
#   SDUI_CAMPAIGN_DIR    fuzz: the campaign folder (default campaigns/action-<UTC time>, in the
#                        folder it runs in)
#   GITHUB_STEP_SUMMARY  optional: the job summary to append to
#   GITHUB_OUTPUT        optional: gets exit-code=, sarif-results= (the SARIF's result count), sarif= (an absolute path, or empty when no SARIF
#                        was written) and, for fuzz, campaign=
# Exit status: the sdui command's (gate: 0 pass, 1 breaking, 2 untrusted run; regress and fuzz:
# 0 no crash, 1 a crash, 2 could not run); 2 for a usage error here. The SARIF, the summary and
# the outputs are written before exiting, whatever the status. Portable bash (macOS's 3.2 too).
set -euo pipefail

say() { echo "action-run.sh: $*" >&2; }

command="${1:-}"
case "$command" in
  gate|regress|fuzz) ;;
  *)
    say "unknown command '${command}': the command is one of gate, regress, fuzz"
    exit 2
    ;;
esac
[ -n "${SDUI:-}" ] || { say "SDUI is not set: set it to the sdui binary"; exit 2; }
[ -x "$SDUI" ] || { say "SDUI=$SDUI is not an executable file"; exit 2; }

# SDUI_ARGS, split as a shell would split it (quotes, backslashes) but without a shell: xargs does
# the quoting and runs nothing but printf.
extra=()
if [ -n "$(printf '%s' "${SDUI_ARGS:-}" | tr -d ' \t\n')" ]; then
  split="$(mktemp)"
  trap 'rm -f "$split"' EXIT
  printf '%s\n' "$SDUI_ARGS" | xargs printf '%s\0' > "$split" \
    || { say "cannot split SDUI_ARGS (an unmatched quote?): $SDUI_ARGS"; exit 2; }
  while IFS= read -r -d '' arg; do extra+=("$arg"); done < "$split"
fi
has_arg() {
  local a
  for a in ${extra[@]+"${extra[@]}"}; do [ "$a" = "$1" ] && return 0; done
  return 1
}

absolute() { case "$1" in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
summary() { [ -z "${GITHUB_STEP_SUMMARY:-}" ] || printf '%s\n' "$@" >> "$GITHUB_STEP_SUMMARY"; }
output() { [ -z "${GITHUB_OUTPUT:-}" ] || printf '%s=%s\n' "$1" "$2" >> "$GITHUB_OUTPUT"; }

sarif_file="${SDUI_SARIF_FILE:-sdui.sarif}"
sarif_written=""
status=0

case "$command" in
  gate)
    "$SDUI" contract check --format github ${extra[@]+"${extra[@]}"} || status=$?
    ;;

  regress)
    mkdir -p "$(dirname "$sarif_file")"
    "$SDUI" fuzz regress --format sarif ${extra[@]+"${extra[@]}"} > "$sarif_file" || status=$?
    if [ "$status" -eq 2 ]; then
      # It could not run (a build failure, say; the log above says why): replaying again through
      # whatever binaries are left would report on something else.
      summary "## sdui fuzz regress: could not run (exit 2)" "" "See the step's log."
    else
      # The same replay again for the annotations and the summary, through the binaries just built.
      again=(--format github)
      has_arg --no-build || again+=(--no-build)
      second=0
      "$SDUI" fuzz regress "${again[@]}" ${extra[@]+"${extra[@]}"} || second=$?
      [ "$status" -ne 0 ] || status=$second
    fi
    # Exit 2 printed no report worth uploading (an empty or partial file is removed).
    if [ "$status" -ne 2 ] && [ -s "$sarif_file" ]; then sarif_written="$sarif_file"; else rm -f "$sarif_file"; fi
    ;;

  fuzz)
    seconds="${SDUI_FUZZ_SECONDS:-60}"
    case "$seconds" in
      ''|*[!0-9]*) say "SDUI_FUZZ_SECONDS must be a whole number of seconds, not '$seconds'"; exit 2 ;;
    esac
    # Absolute: sdui resolves a relative --output against the package root of a package target
    # (--package-path), not against the folder it runs in.
    campaign="$(absolute "${SDUI_CAMPAIGN_DIR:-campaigns/action-$(date -u +%Y%m%d-%H%M%S)}")"
    "$SDUI" fuzz run --time "$seconds" --output "$campaign" ${extra[@]+"${extra[@]}"} || status=$?
    if [ -s "$campaign/report.sarif" ]; then
      mkdir -p "$(dirname "$sarif_file")"
      cp "$campaign/report.sarif" "$sarif_file"
      sarif_written="$sarif_file"
    fi
    if [ -f "$campaign/report.md" ]; then
      # GitHub takes at most 1 MiB of summary per step: a huge report is cut, the file is whole.
      if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        head -c 1000000 "$campaign/report.md" >> "$GITHUB_STEP_SUMMARY"
        printf '\n' >> "$GITHUB_STEP_SUMMARY"
      fi
    else
      summary "## sdui fuzz run: no report (exit $status)" "" "See the step's log."
    fi
    if [ -d "$campaign" ]; then output campaign "$campaign"; fi
    ;;
esac

output exit-code "$status"
if [ -n "$sarif_written" ]; then output sarif "$(absolute "$sarif_written")"; else output sarif ""; fi
# How many results the SARIF holds (each has one "ruleId"; the rules themselves say "id"): a
# workflow uploads only when there is something to show (code scanning may be off on a private
# repository, and an empty upload would fail the job there).
results=0
if [ -n "$sarif_written" ]; then results="$( (grep -o '"ruleId"' "$sarif_written" || true) | wc -l | tr -d ' ')"; fi
output sarif-results "$results"
exit "$status"
