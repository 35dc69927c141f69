#!/usr/bin/env bash
# Reports on a real streaming replica (docs/scaling.md, "Read replicas"), on this machine:
#
#   1. starts two PostgreSQL clusters of its own in a temporary folder: a primary, and a
#      hot standby made from it with `pg_basebackup` that streams its WAL;
#   2. loads sample contracts into the primary (`revrec demo`) and waits until the standby
#      has replayed them;
#   3. runs two servers on the primary: one reading everything there (one database), one
#      with REVREC_DATABASE_READ_URL at the standby (two databases);
#   4. checks that `as_of` reports (waterfall, Note 6, the journal) answer the same bytes
#      from both, and exits non-zero when they do not;
#   5. measures portfolio-report throughput at 64 connections, each server in turn, in
#      alternating rounds, while a third client ingests contracts on the primary.
#
#   scripts/replica_bench.sh [contracts]          (DURATION=5s by default)
#
# Needs PostgreSQL's server binaries (Debian `postgresql`), wrk (installed when missing) and
# the `postgres` system user to run the clusters as. The machine's own PostgreSQL is not
# touched; both clusters and the folder are removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
CONTRACTS="${1:-20000}"
DURATION="${DURATION:-5s}"
# shellcheck source=lib/cluster_bench.sh
. scripts/lib/cluster_bench.sh
primary_port="$(free_port)"
standby_port="$(free_port)"
cleanup() {
    stop_servers
    stop_cluster standby
    stop_cluster primary
    rm -rf "$work"
}
trap cleanup EXIT

echo "== a primary on port $primary_port and a streaming standby on port $standby_port"
start_cluster primary "$primary_port"
install -d -o postgres -g postgres -m 700 "$work/standby"
# -R: the copy starts as a standby that streams from the primary.
as_postgres "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres \
    -D "$work/standby" -R -X stream >/dev/null
start_cluster standby "$standby_port"
echo "standby in recovery: $(psql_on "$standby_port" postgres 'SELECT pg_is_in_recovery()')"

psql_on "$primary_port" postgres "CREATE DATABASE revrec"
export REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:$primary_port/revrec"
READ_URL="postgres://postgres@127.0.0.1:$standby_port/revrec"
export REVREC_LOG=warn REVREC_RATE_LIMITS="sandbox=10000000,growth=10000000,scale=10000000"

echo "== loading $CONTRACTS sample contracts into the primary"
$BIN demo --contracts "$CONTRACTS" --tenant sandbox 2>&1 | tail -n 1
psql_on "$primary_port" revrec "VACUUM ANALYZE"
caught_up() {
    local target
    target="$(psql_on "$primary_port" postgres 'SELECT pg_current_wal_lsn()')"
    for _ in $(seq 1 600); do
        if [ "$(psql_on "$standby_port" postgres "SELECT pg_last_wal_replay_lsn() >= '$target'::pg_lsn")" = t ]; then
            return 0
        fi
        sleep 0.1
    done
    echo "the standby did not replay up to $target" >&2
    return 1
}
caught_up

one_port="$(free_port)"
two_port="$(free_port)"
# REVREC_DATABASE_READ_URL empty: unset for the one-database server.
start_server "$one_port" REVREC_DATABASE_READ_URL=
start_server "$two_port" REVREC_DATABASE_READ_URL="$READ_URL"
ONE="http://127.0.0.1:$one_port"
TWO="http://127.0.0.1:$two_port"

echo "== as_of reports answer the same bytes from the primary and from the standby"
as_of="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
sleep 1
caught_up
same=0
for report in "/v1/waterfalls?as_of=$as_of" "/v1/disclosures/note6?period=2026-Q2&as_of=$as_of" \
    "/api/v1/accounting/journal-entries?period=2026-03&limit=100&as_of=$as_of" "/v1/waterfalls"; do
    curl -fsS -H 'Authorization: Bearer rr_test_sandbox' "$ONE$report" >"$work/one.json"
    curl -fsS -H 'Authorization: Bearer rr_test_sandbox' "$TWO$report" >"$work/two.json"
    if cmp -s "$work/one.json" "$work/two.json"; then
        echo "same bytes ($(wc -c <"$work/one.json") bytes): $report"
    else
        echo "DIFFERENT: $report" >&2
        same=1
    fi
done
[ "$same" = 0 ] || exit 1

echo "== portfolio waterfall at 64 connections, while 16 connections ingest on the primary"
echo "   (2 alternating rounds of $DURATION; one database: every read on the primary;"
echo "   two: reports on the standby)"
token="$($BIN keys create --tenant loadtest --name load --scopes 'write:contracts read:contracts' 2>/dev/null)"
rate() { grep -E '^Requests/sec' | awk '{print $2}'; }
median() { grep -E '^ +50%' | awk '{print $2}'; }
for round in 1 2; do
    for setup in one two; do
        url="$ONE"; [ "$setup" = two ] && url="$TWO"
        REVREC_TOKEN="$token" wrk -t1 -c16 -d"$DURATION" -s scripts/wrk/ingest.lua "$ONE" >"$work/ingest.txt" &
        ingest=$!
        reports="$(REVREC_TOKEN=rr_test_sandbox wrk -t1 -c64 -d"$DURATION" --latency -s scripts/wrk/get.lua "$url/v1/waterfalls")"
        wait "$ingest"
        echo "round $round, $setup database(s): waterfall $(echo "$reports" | rate) req/s (median $(echo "$reports" | median)); ingest beside it $(rate <"$work/ingest.txt") contracts/s"
    done
done
echo "standby lag after the runs: $(psql_on "$standby_port" postgres 'SELECT COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0)::numeric(10,3)') s"
