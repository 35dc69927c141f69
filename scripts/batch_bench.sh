#!/usr/bin/env bash
# Batch ingest, recalculation job and CSV export figures on the local PostgreSQL, one run:
#
#   1. the storage anchor: the rows of CONTRACTS three-line contracts (exactly the rows the
#      server writes) as plain multi-row INSERTs with bound parameters, 100 contracts a
#      transaction, WRITERS connections, into a fresh database;
#   2. the same contracts through POST /v1/batch (100 per batch, WRITERS batches in flight)
#      into another fresh database, on one release server;
#   3. the anchor again into a third database, so the HTTP run is bracketed by two anchor
#      runs; the ratio is taken against their mean. Every phase starts after a CHECKPOINT,
#      so none pays for the previous one's dirty pages;
#   4. a recalculation job over all of them (a restatement to monthly_equal, then a re-run
#      with nothing to change): time, how long progress ever stood still, server memory;
#   5. the CSV export of one month (June 2026: every contract has an entry), twice.
#
#   scripts/batch_bench.sh [contracts] [writers]
set -euo pipefail
cd "$(dirname "$0")/.."
CONTRACTS="${1:-100000}"
WRITERS="${2:-4}"

cargo build --release --quiet -p revrec-app --bin revrec --example bench_client
BIN=target/release/revrec
CLIENT=target/release/examples/bench_client
work="$(mktemp -d)"
stamp="$(date +%s)"
raw_db="revrec_bench_raw_$stamp"
raw_again_db="revrec_bench_raw2_$stamp"
api_db="revrec_bench_api_$stamp"
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

# Every database gets the schema the same way, from the binary's embedded migrations.
for db in "$raw_db" "$raw_again_db" "$api_db"; do
    REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" $BIN migrate --create 2>/dev/null
done
settle() { admin "CHECKPOINT"; sleep 2; }
echo "== $CONTRACTS three-line contracts, $WRITERS writers, PostgreSQL on this machine ($(nproc) cores)"
settle
raw="$($CLIENT raw "postgres://postgres@127.0.0.1:5432/$raw_db" "$CONTRACTS" "$WRITERS")"
echo "$raw"

# Throughput is measured here, not the plans' limits: a batch is charged one unit per
# operation (docs/limits.md), which the sandbox plan's minute would run out of.
REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$api_db" REVREC_LISTEN="127.0.0.1:$port" \
    REVREC_RATE_LIMITS="sandbox=10000000,growth=10000000,scale=10000000" \
    REVREC_LOG=warn $BIN serve >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -fsS "$URL/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
settle
api="$($CLIENT ingest "$URL" "$CONTRACTS" "$WRITERS")"
echo "$api"
settle
raw_again="$($CLIENT raw "postgres://postgres@127.0.0.1:5432/$raw_again_db" "$CONTRACTS" "$WRITERS")"
echo "$raw_again"
python3 - "$raw" "$api" "$raw_again" <<'PY'
import re, sys
rate = lambda text: float(re.search(r"= (\d+) contracts/s", text).group(1))
before, api, after = rate(sys.argv[1]), rate(sys.argv[2]), rate(sys.argv[3])
anchor = (before + after) / 2
print(f"batch ingest / raw INSERT (mean of the runs before and after): {100 * api / anchor:.1f} % "
      f"(target >= 80 %); batch ingest {api:.0f} contracts/s (target >= 2000/s)")
PY

$CLIENT job "$URL" "$server"
# Twice: right after the job (the first read of the rows it wrote sets their hint bits, and
# the server folds the job's rollup deltas meanwhile), then on the settled database.
echo -n "right after the job: "; $CLIENT csv "$URL" "$server" 2026-06
echo -n "again: "; $CLIENT csv "$URL" "$server" 2026-06
if grep -q '"level":"ERROR"' "$work/server.log"; then
    echo "the server logged errors:" >&2; grep '"level":"ERROR"' "$work/server.log" | head -5 >&2; exit 1
fi
