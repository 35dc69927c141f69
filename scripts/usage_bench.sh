#!/usr/bin/env bash
# Usage records at volume on the local PostgreSQL (docs/asc606.md §15), one run:
#
#   1. CONTRACTS contracts with a usage line, through POST /v1/batch (not timed as usage);
#   2. the anchor: RECORDS usage record rows as plain multi-row INSERTs of 1,000, WRITERS
#      connections, into a fresh database;
#   3. the same number of records through POST /v1/usage-records (NDJSON uploads of 10,000
#      lines, WRITERS in flight) on one release server: each line answered, the records
#      appended, the months set and the rollups moved, one transaction per contract and group;
#   4. the anchor again into a third database; the ratio is taken against the mean of the two;
#   5. SINGLE records one call each (POST …/usage, WRITERS calls in flight);
#   6. March closed, then the portfolio waterfall read 200 times: its median.
#
#   scripts/usage_bench.sh [contracts] [records] [single] [writers]
set -euo pipefail
cd "$(dirname "$0")/.."
CONTRACTS="${1:-2000}"
RECORDS="${2:-200000}"
SINGLE="${3:-5000}"
WRITERS="${4:-4}"

cargo build --release --quiet -p revrec-app --bin revrec --example usage_bench_client
BIN=target/release/revrec
CLIENT=target/release/examples/usage_bench_client
work="$(mktemp -d)"
stamp="$(date +%s)"
raw_db="revrec_usage_raw_$stamp"
raw_again_db="revrec_usage_raw2_$stamp"
api_db="revrec_usage_api_$stamp"
admin() { psql -h 127.0.0.1 -U postgres -d postgres -qc "$1"; }
for db in "$raw_db" "$raw_again_db" "$api_db"; do admin "CREATE DATABASE $db"; done
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
URL="http://127.0.0.1:$port"
server=""
cleanup() {
    [ -n "$server" ] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
    for db in "$raw_db" "$raw_again_db" "$api_db"; do admin "DROP DATABASE IF EXISTS $db WITH (FORCE)"; done
    rm -rf "$work"
}
trap cleanup EXIT

for db in "$raw_db" "$raw_again_db" "$api_db"; do
    REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" $BIN migrate --create 2>/dev/null
done
settle() { admin "CHECKPOINT"; sleep 2; }
echo "== $CONTRACTS contracts with a usage line, $RECORDS records, $WRITERS in flight, PostgreSQL on this machine ($(nproc) cores)"

# Throughput is measured here, not the plans' limits.
REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$api_db" REVREC_LISTEN="127.0.0.1:$port" \
    REVREC_RATE_LIMITS="sandbox=10000000,growth=10000000,scale=10000000" \
    REVREC_LOG=warn $BIN serve >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -fsS "$URL/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
$CLIENT setup "$URL" "$CONTRACTS" "$work/ids"

settle
raw="$($CLIENT raw "postgres://postgres@127.0.0.1:5432/$raw_db" "$RECORDS" "$WRITERS")"
echo "$raw"
settle
api="$($CLIENT upload "$URL" "$work/ids" "$RECORDS" "$WRITERS")"
echo "$api"
settle
raw_again="$($CLIENT raw "postgres://postgres@127.0.0.1:5432/$raw_again_db" "$RECORDS" "$WRITERS")"
echo "$raw_again"
python3 - "$raw" "$api" "$raw_again" <<'PY'
import re, sys
rate = lambda text: float(re.search(r"= (\d+) (?:rows|records)/s", text).group(1))
before, api, after = rate(sys.argv[1]), rate(sys.argv[2]), rate(sys.argv[3])
anchor = (before + after) / 2
print(f"usage upload / raw INSERT of the rows (mean of the runs before and after): {100 * api / anchor:.1f} %; "
      f"upload {api:.0f} records/s (target >= 20000/s)")
PY
settle
$CLIENT single "$URL" "$work/ids" "$SINGLE" "$WRITERS"

start=$(date +%s.%N)
curl -fsS -X POST "$URL/v1/periods/close" -H "Authorization: Bearer rr_test_sandbox" \
    -H "Content-Type: application/json" -d '{"through": "2026-03"}' >/dev/null
echo "close through 2026-03: $(python3 -c "print(f'{$(date +%s.%N) - $start:.2f}')") s"
python3 - "$URL" <<'PY'
import statistics, sys, time, urllib.request
url = sys.argv[1] + "/v1/waterfalls?start_period=2026-01&end_period=2026-12"
request = urllib.request.Request(url, headers={"Authorization": "Bearer rr_test_sandbox"})
times = []
for _ in range(200):
    start = time.perf_counter()
    with urllib.request.urlopen(request) as answer:
        body = answer.read()
    times.append(time.perf_counter() - start)
print(f"portfolio waterfall, 12 months, March closed: median {1000 * statistics.median(times):.2f} ms over 200 reads")
PY
if grep -q '"level":"ERROR"' "$work/server.log"; then
    echo "the server logged errors:" >&2; grep '"level":"ERROR"' "$work/server.log" | head -5 >&2; exit 1
fi
