#!/usr/bin/env bash
# The contract gate out of the box: starts `sdui serve` on the sample contracts (Contracts/) on a
# free loopback port, runs `sdui contract check` against it, stops the server, and exits with the
# gate's status (0 pass, 1 breaking, 2 untrusted run).
# Usage: scripts/contract-gate.sh [CONTRACTS_DIR] [extra `sdui contract check` options...]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
dir="${1:-Contracts}"; shift || true
swift build --product sdui >/dev/null 2>&1 || swift build --product sdui
sdui="$(swift build --show-bin-path)/sdui"
log="$(mktemp)"
"$sdui" serve "$dir" --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 100); do
  url="$(sed -n 's/^sdui serve: .* on \(http[^ ]*\)$/\1/p' "$log")"
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 2; }
  sleep 0.1
done
[ -n "${url:-}" ] || { echo "sdui serve did not start" >&2; cat "$log" >&2; exit 2; }
echo "$(cat "$log")"
# The sample's profile contract sends `Authorization: Bearer ${API_TOKEN}`; a demo value here.
export API_TOKEN="${API_TOKEN:-demo-token}"
set +e
"$sdui" contract check --contracts "$dir" --base-url "$url" "$@"
status=$?
set -e
exit $status
