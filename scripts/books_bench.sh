#!/usr/bin/env bash
# Books that close, at scale (docs/ledger.md, Month end), on PostgreSQL, in one run of one
# server:
#
#   1. loads N sample contracts (`revrec demo`, default 1,000,000) into a fresh database;
#   2. portfolio waterfall and Note 6 medians with no month closed: the baseline;
#   3. closes twelve months one at a time (2025-11 … 2026-10), timing each close, while
#      HTTP ingest into the same tenant runs at 16 connections (what a close holds up);
#   4. the same medians with twelve months closed, and their ratio to the baseline, and the
#      server's resident memory;
#   5. with VERIFY=1, `revrec verify` over the closed books (every closed month's digest;
#      it replays every contract, minutes at a million).
#
#   scripts/books_bench.sh [contracts]
#
# Needs wrk (Debian package `wrk`; installed here when missing) and the local PostgreSQL
# at 127.0.0.1:5432 (a fresh database is created and dropped).
set -euo pipefail
cd "$(dirname "$0")/.."
CONTRACTS="${1:-1000000}"
DURATION="${DURATION:-10s}"
command -v wrk >/dev/null || apt-get install -y wrk >/dev/null

cargo build --release --quiet -p revrec-app
BIN=target/release/revrec
work="$(mktemp -d)"
db="revrec_books_$(date +%s)"
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

echo "== loading $CONTRACTS sample contracts"
started=$(date +%s.%N)
$BIN demo --contracts "$CONTRACTS" --tenant sandbox 2>&1 | tail -n 1
echo "loaded in $(python3 -c "print(round($(date +%s.%N) - $started, 1))") s"
psql -h 127.0.0.1 -U postgres -d "$db" -qc "VACUUM ANALYZE"

$BIN serve >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -fsS "$URL/readyz" >/dev/null 2>&1 && break; sleep 0.5; done

median_ms() { grep -E '^ +50%' | awk '{print $2}' | python3 -c '
import sys
text = sys.stdin.read().strip()
unit = {"us": 0.001, "ms": 1.0, "s": 1000.0}
for suffix in ("us", "ms", "s"):
    if text.endswith(suffix):
        print(round(float(text[: -len(suffix)]) * unit[suffix], 3))
        break'; }
reports() {
    local waterfall note6
    waterfall="$(REVREC_TOKEN=rr_test_sandbox wrk -t1 -c1 -d"$DURATION" --latency -s scripts/wrk/get.lua "$URL/v1/waterfalls")"
    note6="$(REVREC_TOKEN=rr_test_sandbox wrk -t1 -c1 -d"$DURATION" --latency -s scripts/wrk/get.lua "$URL/v1/disclosures/note6?period=2026-Q2")"
    echo "$(echo "$waterfall" | median_ms) $(echo "$note6" | median_ms)"
}

echo "== portfolio reports over $CONTRACTS contracts, nothing closed (1 connection, $DURATION)"
read -r open_waterfall open_note6 < <(reports)
echo "waterfall median ${open_waterfall} ms, note6 median ${open_note6} ms"

echo "== closing 2025-11 … 2026-10 one month at a time, HTTP ingest into the same tenant meanwhile"
REVREC_TOKEN=rr_test_sandbox wrk -t2 -c16 -d60s --latency -s scripts/wrk/ingest.lua "$URL" >"$work/ingest" 2>&1 &
ingest=$!
sleep 2
for month in 2025-11 2025-12 2026-01 2026-02 2026-03 2026-04 2026-05 2026-06 2026-07 2026-08 2026-09 2026-10; do
    seconds="$(curl -fsS -o "$work/close" -w '%{time_total}' -X POST "$URL/v1/periods/close" \
        -H 'Authorization: Bearer rr_test_sandbox' -H 'Content-Type: application/json' \
        -d "{\"through\": \"$month\"}")"
    echo "close through $month: $(python3 -c "print(round($seconds * 1000, 1))") ms"
done
kill -INT "$ingest" 2>/dev/null || true
wait "$ingest" 2>/dev/null || true
echo "ingest meanwhile: $(grep -E '^Requests/sec' "$work/ingest" | awk '{print $2}') contracts/s, median $(grep -E '^ +50%' "$work/ingest" | awk '{print $2}'), 99th percentile $(grep -E '^ +99%' "$work/ingest" | awk '{print $2}'), max $(grep -E '^ +Latency' "$work/ingest" | awk '{print $4}'), non-2xx $(grep -E 'Non-2xx' "$work/ingest" | awk '{print $NF}' || echo 0)"
psql -h 127.0.0.1 -U postgres -d "$db" -qc "VACUUM ANALYZE"

echo "== portfolio reports with twelve months closed (1 connection, $DURATION)"
read -r closed_waterfall closed_note6 < <(reports)
echo "waterfall median ${closed_waterfall} ms, note6 median ${closed_note6} ms"
python3 -c "print('ratio to nothing closed: waterfall %.2f, note6 %.2f' % ($closed_waterfall / $open_waterfall, $closed_note6 / $open_note6))"
echo "server RSS: $(( $(ps -o rss= -p "$server") / 1024 )) MB"

[ "${VERIFY:-0}" = 1 ] || exit 0
echo "== revrec verify"
started=$(date +%s.%N)
$BIN verify --tenant sandbox 2>&1 | tail -n 3
echo "verified in $(python3 -c "print(round($(date +%s.%N) - $started, 1))") s"
