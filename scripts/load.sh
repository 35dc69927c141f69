#!/usr/bin/env bash
# HTTP load figures for revrec, on this machine, in one run of one server:
#
#   1. loads 100,000 sample contracts (`revrec demo`, through the use cases);
#   2. HTTP ingest rate: wrk POSTs a different contract per request (tenant "loadtest") at
#      64 connections, on PostgreSQL beside pgbench's small write transactions (-N) at the
#      same concurrency, in two alternating rounds (the floor: one durable write each);
#      then one round with an Idempotency-Key on every request, beside the last of those;
#   3. portfolio waterfall and Note 6 latency over the 100,000 contracts (median, 1 connection);
#   4. single-contract waterfall throughput at 64 connections, against two anchors measured
#      in the same run, in three alternating rounds: GET /healthz of the same server (the
#      framework's floor) and, on PostgreSQL, pgbench's select-only rate at the same
#      concurrency on the same server (the limit of one database round trip per request:
#      a read that is never stale across instances asks the database once);
#   5. the server's resident memory.
#
#   scripts/load.sh [postgres|sqlite] [contracts]
#
# Needs wrk (Debian package `wrk`; installed here when missing) and, for PostgreSQL, the
# local server at 127.0.0.1:5432 (a fresh database is created and dropped).
set -euo pipefail
cd "$(dirname "$0")/.."
BACKEND="${1:-postgres}"
CONTRACTS="${2:-100000}"
DURATION="${DURATION:-10s}"
command -v wrk >/dev/null || apt-get install -y wrk >/dev/null

cargo build --release --quiet -p revrec-app
BIN=target/release/revrec
work="$(mktemp -d)"
case "$BACKEND" in
    postgres)
        db="revrec_load_$(date +%s)"
        psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $db"
        export REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db"
        cleanup_db() { psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"; }
        ;;
    sqlite)
        export REVREC_DATABASE_URL="sqlite://$work/revrec.db"
        cleanup_db() { :; }
        ;;
    *) echo "usage: $0 [postgres|sqlite] [contracts]" >&2; exit 2 ;;
esac
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
URL="http://127.0.0.1:$port"
export REVREC_LISTEN="127.0.0.1:$port" REVREC_LOG=warn
# Throughput is measured here, not the plans' limits (tests/api/rate_limits.rs covers them).
export REVREC_RATE_LIMITS="sandbox=10000000,growth=10000000,scale=10000000"

echo "== loading $CONTRACTS sample contracts into $BACKEND"
$BIN demo --contracts "$CONTRACTS" --tenant sandbox 2>&1 | tail -n 1
if [ "$BACKEND" = postgres ]; then
    # Measure the steady state: a bulk load leaves the rollup rows' old versions behind
    # until autovacuum's next round (a minute or so later); reads of them cost about
    # 1 ms more until then.
    psql -h 127.0.0.1 -U postgres -d "$db" -qc "VACUUM ANALYZE"
fi

$BIN serve >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; cleanup_db; rm -rf "$work"' EXIT
for _ in $(seq 1 60); do curl -fsS "$URL/readyz" >/dev/null 2>&1 && break; sleep 0.5; done

median() { grep -E '^ +50%' | awk '{print $2}'; }
# `part` as a percentage of `whole`, one decimal.
percent() { python3 -c "print('%.1f' % (100 * $1 / $2))"; }
# The median of the ratios given after the label, printed after it.
median_ratio() { python3 -c "import statistics, sys; print('median ratio: %.1f %% of %s' % (statistics.median(map(float, sys.argv[2:])), sys.argv[1]))" "$@"; }
# pgbench's rate in one mode (-S select-only, -N small writes) at wrk's concurrency.
pgbench_tps() { pgbench -h 127.0.0.1 -U postgres -n "$1" -M prepared -c 64 -j 2 -T "$seconds" "$pgbench_db" 2>/dev/null | awk '/^tps = / {print $3; exit}'; }
rate() { grep -E '^Requests/sec' | awk '{print $2}'; }
non2xx() { grep -E 'Non-2xx' | awk '{print $NF}' || true; }

echo "== portfolio reports over $CONTRACTS contracts (1 connection, $DURATION)"
waterfall="$(REVREC_TOKEN=rr_test_sandbox wrk -t1 -c1 -d"$DURATION" --latency -s scripts/wrk/get.lua "$URL/v1/waterfalls")"
note6="$(REVREC_TOKEN=rr_test_sandbox wrk -t1 -c1 -d"$DURATION" --latency -s scripts/wrk/get.lua "$URL/v1/disclosures/note6?period=2026-Q2")"
echo "waterfall: median $(echo "$waterfall" | median), $(echo "$waterfall" | rate) req/s, non-2xx $(echo "$waterfall" | non2xx)"
echo "note6:     median $(echo "$note6" | median), $(echo "$note6" | rate) req/s, non-2xx $(echo "$note6" | non2xx)"

echo "== single-contract waterfall vs /healthz (64 connections, 3 alternating rounds of $DURATION)"
id="$(curl -fsS -H 'Authorization: Bearer rr_test_sandbox' "$URL/v1/contracts?limit=1&query=SO-000042" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')"
# Alternating rounds, so a slow patch of the machine weighs on both sides alike; the
# ratio of each round is taken against the floor measured right before it.
if [ "$BACKEND" = postgres ]; then
    pgbench_db="${db}_pgbench"
    psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $pgbench_db"
    pgbench -h 127.0.0.1 -U postgres -i -q -s 10 "$pgbench_db" >/dev/null 2>&1
    cleanup_db() {
        psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"
        psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $pgbench_db WITH (FORCE)"
    }
fi
seconds="${DURATION%s}"
ratios=()
round_trip_ratios=()
for round in 1 2 3; do
    healthz="$(wrk -t2 -c64 -d"$DURATION" --latency "$URL/healthz")"
    single="$(REVREC_TOKEN=rr_test_sandbox wrk -t2 -c64 -d"$DURATION" --latency -s scripts/wrk/get.lua "$URL/v1/waterfalls?contract_id=$id")"
    floor="$(echo "$healthz" | rate)"
    contract="$(echo "$single" | rate)"
    ratio="$(percent "$contract" "$floor")"
    ratios+=("$ratio")
    line="round $round: healthz $floor req/s; single-contract waterfall $contract req/s (median $(echo "$single" | median), non-2xx $(echo "$single" | non2xx)); $ratio % of healthz"
    if [ "$BACKEND" = postgres ]; then
        # One prepared primary-key SELECT per transaction, 64 clients, as many threads as wrk.
        select_only="$(pgbench_tps -S)"
        round_trip="$(percent "$contract" "$select_only")"
        round_trip_ratios+=("$round_trip")
        line="$line; pgbench select-only $select_only tps, $round_trip % of it"
    fi
    echo "$line"
done
median_ratio /healthz "${ratios[@]}"
if [ "$BACKEND" = postgres ]; then
    median_ratio "one database round trip per request (pgbench -S)" "${round_trip_ratios[@]}"
fi

echo "== HTTP ingest (64 connections, 2 alternating rounds of $DURATION, tenant loadtest)"
# One durable write transaction per request is the floor of a single-contract ingest: on
# PostgreSQL each round is set beside pgbench's small write transactions (-N: one insert
# and one update a transaction, no hot rows) at the same concurrency on the same server.
token="$($BIN keys create --tenant loadtest --name load --scopes 'write:contracts read:contracts' 2>/dev/null)"
write_ratios=()
for round in 1 2; do
    ingest="$(REVREC_TOKEN="$token" wrk -t2 -c64 -d"$DURATION" --latency -s scripts/wrk/ingest.lua "$URL")"
    contracts="$(echo "$ingest" | rate)"
    line="round $round: ingest $contracts contracts/s, median $(echo "$ingest" | median), non-2xx $(echo "$ingest" | non2xx)"
    if [ "$BACKEND" = postgres ]; then
        small_writes="$(pgbench_tps -N)"
        write_ratio="$(percent "$contracts" "$small_writes")"
        write_ratios+=("$write_ratio")
        line="$line; pgbench -N $small_writes tps, $write_ratio % of it"
    fi
    echo "$line"
done
if [ "$BACKEND" = postgres ]; then
    median_ratio "one small write transaction per request (pgbench -N)" "${write_ratios[@]}"
fi

echo "== HTTP ingest with an Idempotency-Key on every request (64 connections, $DURATION)"
# What an agent that retries sends: each request also claims its key and records its answer.
keyed="$(REVREC_TOKEN="$token" RUN="$(date +%s)" wrk -t2 -c64 -d"$DURATION" --latency -s scripts/wrk/ingest_keyed.lua "$URL")"
keyed_rate="$(echo "$keyed" | rate)"
echo "ingest with keys $keyed_rate contracts/s, median $(echo "$keyed" | median), non-2xx $(echo "$keyed" | non2xx); $(percent "$keyed_rate" "$contracts") % of the last round without keys"

echo "== server memory"
echo "RSS: $(( $(ps -o rss= -p "$server") / 1024 )) MB"
