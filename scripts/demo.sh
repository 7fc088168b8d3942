#!/usr/bin/env bash
# Decodes every payload of the bundled corpus (or the files/directories given) with the reference
# decoder and prints one line per payload: encoding, outcome, and the warning or error codes.
# Usage: scripts/demo.sh [FILE|DIR ...]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
swift build --product sdui >/dev/null
sdui="$(swift build --show-bin-path)/sdui"
[ $# -gt 0 ] || set -- Corpus/seeds
files=()
for arg in "$@"; do
  if [ -d "$arg" ]; then while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -type f | sort)
  else files+=("$arg"); fi
done
printf '%-48s %-12s %-9s %s\n' PAYLOAD ENCODING RESULT DETAILS
ok=0 warned=0 rejected=0
for f in "${files[@]}"; do
  set +e; json="$("$sdui" decode --json "$f")"; status=$?; set -e
  [ $status -le 2 ] || { echo "sdui failed on $f (exit $status)" >&2; exit $status; }
  line="$(printf '%s' "$json" | python3 -c '
import json, sys
r = json.load(sys.stdin)
if r["status"] == "rejected":
    e = r["error"]; where = e.get("path") or "byte %s" % e.get("byte_offset")
    print("-\t%s\t%s at %s" % (r["status"], e["code"], where))
else:
    codes = sorted({w["code"] for w in r["warnings"]})
    print("%s\t%s\t%d components%s" % (r["encoding"], r["status"], r["components"], (", " + ", ".join(codes)) if codes else ""))
')"
  IFS=$'\t' read -r enc res details <<<"$line"
  printf '%-48s %-12s %-9s %s\n' "$(basename "$f")" "$enc" "$res" "$details"
  case $status in 0) ok=$((ok+1));; 1) warned=$((warned+1));; 2) rejected=$((rejected+1));; esac
done
echo
echo "${#files[@]} payloads: $ok decoded cleanly, $warned with warnings, $rejected rejected."
