#!/usr/bin/env bash
# Soak (not run in CI): mixed reads, writes and reports at 64 connections on PostgreSQL,
# over a portfolio of 100,000 contracts, for 10 minutes by default. Verdict "PASS" when:
#   * no answer is a 5xx;
#   * the server's resident memory grows less than 10 % from the end of the warm-up (the
#     first 2 minutes) to the end;
# and it reports the throughput, p50/p99 latency and the memory samples.
#
#   scripts/soak.sh [minutes] [contracts]
#
# Needs wrk (Debian package `wrk`; installed when missing) and the local PostgreSQL server
# at 127.0.0.1:5432 (a fresh database is created and dropped).
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES="${1:-10}"
CONTRACTS="${2:-100000}"
WARMUP_SECONDS="${WARMUP_SECONDS:-120}"
command -v wrk >/dev/null || apt-get install -y wrk >/dev/null

cargo build --release --quiet -p revrec-app
BIN=target/release/revrec
work="$(mktemp -d)"
db="revrec_soak_$(date +%s)"
psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $db"
export REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
URL="http://127.0.0.1:$port"
export REVREC_LISTEN="127.0.0.1:$port" REVREC_LOG=warn
export REVREC_RATE_LIMITS="sandbox=10000000,growth=10000000,scale=10000000"

echo "== loading $CONTRACTS sample contracts"
$BIN demo --contracts "$CONTRACTS" --tenant sandbox 2>&1 | tail -n 1
psql -h 127.0.0.1 -U postgres -d "$db" -qc "VACUUM ANALYZE"
$BIN serve >"$work/server.log" 2>&1 &
server=$!
cleanup() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"
    rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 60); do curl -fsS "$URL/readyz" >/dev/null 2>&1 && break; sleep 0.5; done

# 5,000 contract ids to read, straight from the database.
psql -h 127.0.0.1 -U postgres -d "$db" -Atc \
    "SELECT id FROM contracts WHERE tenant_id = 'sandbox' ORDER BY id LIMIT 5000" >"$work/ids"
export REVREC_IDS="$work/ids" REVREC_TOKEN=rr_test_sandbox

rss() { echo $(( $(ps -o rss= -p "$server") / 1024 )); }
echo "== soak: 64 connections, $MINUTES minutes (RSS sampled every 10 s; warm-up ${WARMUP_SECONDS} s)"
(
    elapsed=0
    while kill -0 "$server" 2>/dev/null; do
        echo "$elapsed $(rss)" >>"$work/rss"
        sleep 10
        elapsed=$((elapsed + 10))
    done
) &
sampler=$!
result="$(wrk -t2 -c64 -d"${MINUTES}m" --timeout 10s --latency -s scripts/wrk/mixed.lua "$URL")"
kill "$sampler" 2>/dev/null || true
echo "$(rss) final" >>"$work/rss.final"
echo "$result" | grep -E 'Requests/sec|requests in|Socket errors|Non-2xx|^ +(50|90|99)%|5xx:'
errors="$(echo "$result" | awk '/^5xx:/ {print $2}')"
python3 - "$work/rss" "$WARMUP_SECONDS" "$(rss)" "$errors" <<'PY'
import sys
samples = [tuple(map(int, line.split())) for line in open(sys.argv[1])]
warmup, final, errors = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
after = [rss for at, rss in samples if at >= warmup]
base = after[0] if after else samples[-1][1]
growth = 100.0 * (final - base) / base
print("RSS MB (every 10 s):", " ".join(str(rss) for _, rss in samples))
print(f"RSS after warm-up {base} MB, at the end {final} MB: growth {growth:+.1f} %")
verdict = errors == 0 and growth < 10.0
print(f"5xx: {errors}; verdict: {'PASS' if verdict else 'FAIL'}")
sys.exit(0 if verdict else 1)
PY
