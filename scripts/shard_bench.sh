#!/usr/bin/env bash
# Tenants sharded over two databases against the same tenants on one (docs/scaling.md,
# "Past one database"), on this machine:
#
#   1. starts two PostgreSQL clusters of its own in a temporary folder, A and B;
#   2. "one database": two servers on one database of A, one tenant each;
#      "two databases": the first tenant's server on a database of A, the second's on a
#      database of B. Each server has one tenant, as a tenant-sharded deployment routes
#      each tenant to the instances of its shard; the same servers and tenants either way,
#      only the databases differ;
#   3. loads the same sample contracts into each tenant (`revrec demo`);
#   4. measures, in alternating rounds, both tenants at once: single-contract ingest at 32
#      connections each, then the portfolio waterfall at 32 connections each; prints each
#      tenant's rate and their sum.
#
#   scripts/shard_bench.sh [contracts per tenant]          (DURATION=5s by default)
#
# Needs what scripts/lib/pg_clusters.sh names and wrk (installed when missing). Both
# clusters and the folder are removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
CONTRACTS="${1:-5000}"
DURATION="${DURATION:-5s}"
# shellcheck source=lib/cluster_bench.sh
. scripts/lib/cluster_bench.sh
port_a="$(free_port)"
port_b="$(free_port)"
cleanup() {
    stop_servers
    stop_cluster a
    stop_cluster b
    rm -rf "$work"
}
trap cleanup EXIT

echo "== two clusters of their own: A on port $port_a, B on port $port_b"
start_cluster a "$port_a"
start_cluster b "$port_b"
export REVREC_LOG=warn REVREC_RATE_LIMITS="sandbox=10000000,growth=10000000,scale=10000000"

# prepare DATABASE_URL TENANT: the schema, the tenant's sample contracts, and a key of its
# own (printed).
prepare() {
    local url="$1" tenant="$2"
    REVREC_DATABASE_URL="$url" $BIN migrate --create >/dev/null 2>&1
    REVREC_DATABASE_URL="$url" $BIN demo --contracts "$CONTRACTS" --tenant "$tenant" >/dev/null 2>&1
    REVREC_DATABASE_URL="$url" $BIN keys create --tenant "$tenant" --name bench \
        --scopes 'write:contracts read:contracts' 2>/dev/null
}
url_of() { echo "postgres://postgres@127.0.0.1:$1/$2"; }
psql_on "$port_a" postgres "CREATE DATABASE revrec_one"
psql_on "$port_a" postgres "CREATE DATABASE revrec_shard_a"
psql_on "$port_b" postgres "CREATE DATABASE revrec_shard_b"
echo "== loading $CONTRACTS sample contracts into each tenant of each setup"
one_first="$(prepare "$(url_of "$port_a" revrec_one)" first)"
one_second="$(prepare "$(url_of "$port_a" revrec_one)" second)"
two_first="$(prepare "$(url_of "$port_a" revrec_shard_a)" first)"
two_second="$(prepare "$(url_of "$port_b" revrec_shard_b)" second)"
psql_on "$port_a" revrec_one "VACUUM ANALYZE"
psql_on "$port_a" revrec_shard_a "VACUUM ANALYZE"
psql_on "$port_b" revrec_shard_b "VACUUM ANALYZE"

rate() { grep -E '^Requests/sec' | awk '{print $2}'; }
# both SCRIPT PATH PORT1 TOKEN1 PORT2 TOKEN2: the two tenants at once, 32 connections
# each; prints "first + second = sum".
both() {
    local script="$1" path="$2"
    REVREC_TOKEN="$4" wrk -t1 -c32 -d"$DURATION" -s "$script" "http://127.0.0.1:$3$path" >"$work/first.txt" &
    local first=$!
    REVREC_TOKEN="$6" wrk -t1 -c32 -d"$DURATION" -s "$script" "http://127.0.0.1:$5$path" >"$work/second.txt"
    wait "$first"
    python3 - "$(rate <"$work/first.txt")" "$(rate <"$work/second.txt")" <<'PY'
import sys
first, second = float(sys.argv[1]), float(sys.argv[2])
print(f"{first:.0f} + {second:.0f} = {first + second:.0f}/s")
PY
}

echo "== both tenants at once, 32 connections each, 2 alternating rounds of $DURATION"
for round in 1 2; do
    for setup in one two; do
        if [ "$setup" = one ]; then
            first_url="$(url_of "$port_a" revrec_one)" second_url="$first_url"
            first_token="$one_first" second_token="$one_second"
        else
            first_url="$(url_of "$port_a" revrec_shard_a)" second_url="$(url_of "$port_b" revrec_shard_b)"
            first_token="$two_first" second_token="$two_second"
        fi
        first_port="$(free_port)"
        second_port="$(free_port)"
        start_server "$first_port" REVREC_DATABASE_URL="$first_url"
        start_server "$second_port" REVREC_DATABASE_URL="$second_url"
        ingest="$(both scripts/wrk/ingest.lua "" "$first_port" "$first_token" "$second_port" "$second_token")"
        reports="$(both scripts/wrk/get.lua /v1/waterfalls "$first_port" "$first_token" "$second_port" "$second_token")"
        echo "round $round, $setup database(s): ingest $ingest; portfolio waterfall $reports"
        stop_servers
    done
done
