#!/usr/bin/env bash
# The close package at scale (docs/ledger.md, "The close package"), on PostgreSQL, in one
# run of one server:
#
#   1. loads N sample contracts (`revrec demo`, default 1,000,000) into a fresh database and
#      closes January to March 2026;
#   2. the baseline: March's journal as one CSV export (a read of every contract, a page at a
#      time, each replayed);
#   3. March's close package, streamed to a file: its time, its size, and the ratio to the
#      baseline; the server's resident memory before, and its peak (VmHWM) after each read;
#   4. with REPLAY=1, `revrec replay` of the package (it holds the whole file in memory).
#
#   scripts/close_package_bench.sh [contracts]
#
# Needs the local PostgreSQL at 127.0.0.1:5432 (a fresh database is created and dropped).
set -euo pipefail
cd "$(dirname "$0")/.."
CONTRACTS="${1:-1000000}"

cargo build --release --quiet -p revrec-app
BIN="$PWD/target/release/revrec"
work="$(mktemp -d)"
db="revrec_package_$(date +%s)"
psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $db"
export REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
URL="http://127.0.0.1:$port"
export REVREC_LISTEN="127.0.0.1:$port" REVREC_LOG=warn
export REVREC_RATE_LIMITS="sandbox=10000000,growth=10000000,scale=10000000"
server=""
cleanup() {
    [ -n "$server" ] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
    psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"
    rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
since() { python3 -c "print(round($(now) - $1, 2))"; }
rss() { awk -v key="$1:" '$1 == key {printf "%d", $2 / 1024}' "/proc/$server/status"; }

echo "== loading $CONTRACTS sample contracts"
started=$(now)
$BIN demo --contracts "$CONTRACTS" --tenant sandbox 2>&1 | tail -n 1
echo "loaded in $(since "$started") s"
psql -h 127.0.0.1 -U postgres -d "$db" -qc "VACUUM ANALYZE"

$BIN serve >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -fsS "$URL/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS -o /dev/null -X POST "$URL/v1/periods/close" -H 'Authorization: Bearer rr_test_sandbox' \
    -H 'Content-Type: application/json' -d '{"through": "2026-03"}'
echo "closed through 2026-03; server resident $(rss VmRSS) MB"

echo "== baseline: March's journal as one CSV export"
started=$(now)
curl -fsS -o "$work/journal.csv" -H 'Authorization: Bearer rr_test_sandbox' \
    "$URL/api/v1/accounting/journal-entries?period=2026-03&format=csv"
csv_seconds=$(since "$started")
echo "journal CSV: ${csv_seconds} s, $(wc -l <"$work/journal.csv") lines, $(du -m "$work/journal.csv" | cut -f1) MB; server peak $(rss VmHWM) MB"

echo "== March's close package, streamed"
started=$(now)
curl -fsS -o "$work/package.json" -H 'Authorization: Bearer rr_test_sandbox' "$URL/v1/close-packages/2026-03"
package_seconds=$(since "$started")
echo "close package: ${package_seconds} s, $(du -m "$work/package.json" | cut -f1) MB, $(python3 -c "print(round($CONTRACTS / $package_seconds))") contracts/s; server peak $(rss VmHWM) MB, resident $(rss VmRSS) MB"
python3 -c "print('ratio to the journal CSV export: %.2f' % ($package_seconds / $csv_seconds))"
grep -o '"warnings":\[[^]]*\]' "$work/package.json" | cut -c1-300

[ "${REPLAY:-0}" = 1 ] || exit 0
echo "== revrec replay, in an empty folder"
mkdir "$work/replay" && mv "$work/package.json" "$work/replay/"
started=$(now)
(cd "$work/replay" && env -u REVREC_DATABASE_URL /usr/bin/time -f "replay peak %M KB" "$BIN" replay package.json | tail -n 3)
echo "replayed in $(since "$started") s"
