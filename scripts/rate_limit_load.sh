#!/usr/bin/env bash
# Rate limits under load, on PostgreSQL (the shared limiter):
#
#   1. correctness: one growth-plan key (1,200 requests a minute) driven past its limit for a
#      whole 60-second window, against one server process and then against two processes
#      on one database behind a round robin (scripts/rate_limit_drive.py checks every
#      answer: headers, only 429 refusals, no 5xx, the admitted total, the reset);
#   2. cost: single-contract waterfall throughput at 64 connections with the limiter on
#      (a limit high enough to admit everything) against the same server process code with
#      limits off, both on the same database, in alternating rounds; and the rate at which
#      a spent credential is refused.
#
#   scripts/rate_limit_load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${DURATION:-10s}"
command -v wrk >/dev/null || apt-get install -y wrk >/dev/null
cargo build --release --quiet -p revrec-app
BIN="$PWD/target/release/revrec"
work="$(mktemp -d)"
db="revrec_ratelimit_$(date +%s)"
psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $db"
export REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" REVREC_LOG=warn
servers=()
cleanup() {
    for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"
    rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# serve NAME [VAR=value …]: starts a server with the given settings and sets $url to its
# URL (not a subshell, so the cleanup knows every server).
serve() {
    local name="$1"; shift
    local port; port="$(free_port)"
    env REVREC_LISTEN="127.0.0.1:$port" "$@" "$BIN" serve >"$work/$name.log" 2>&1 &
    servers+=($!)
    url="http://127.0.0.1:$port"
    for _ in $(seq 1 120); do curl -fsS "$url/readyz" >/dev/null 2>&1 && return 0; sleep 0.5; done
    echo "server $name did not start:" >&2; cat "$work/$name.log" >&2; exit 1
}

$BIN migrate --create 2>/dev/null
$BIN demo --contracts 1000 --tenant sandbox 2>&1 | tail -n 1
key="$($BIN keys create --tenant loadtest --name limits --plan growth --scopes read:contracts 2>/dev/null)"

echo "== one credential past its limit for a whole window"
serve one; one="$url"
serve two; two="$url"
python3 scripts/rate_limit_drive.py "$key" "$one"
key2="$($BIN keys create --tenant loadtest --name limits2 --plan growth --scopes read:contracts 2>/dev/null)"
python3 scripts/rate_limit_drive.py "$key2" "$one" "$two"

echo "== cost of the shared limiter: single-contract waterfall, 64 connections, alternating rounds of $DURATION"
serve off REVREC_RATE_LIMITS=off; off="$url"
serve on REVREC_RATE_LIMITS=sandbox=10000000; on="$url"
serve spent REVREC_RATE_LIMITS=sandbox=1; spent="$url"
id="$(curl -fsS -H 'Authorization: Bearer rr_test_sandbox' "$off/v1/contracts?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')"
rate() { grep -E '^Requests/sec' | awk '{print $2}'; }
median() { grep -E '^ +50%' | awk '{print $2}'; }
non2xx() { grep -E 'Non-2xx' | awk '{print $NF}' || true; }
ratios=()
for round in 1 2 3; do
    without="$(wrk -t2 -c64 -d"$DURATION" --latency -s scripts/wrk/get.lua "$off/v1/waterfalls?contract_id=$id")"
    with="$(wrk -t2 -c64 -d"$DURATION" --latency -s scripts/wrk/get.lua "$on/v1/waterfalls?contract_id=$id")"
    a="$(echo "$without" | rate)"; b="$(echo "$with" | rate)"
    ratio="$(python3 -c "print('%.1f' % (100 * $b / $a))")"
    ratios+=("$ratio")
    echo "round $round: limits off $a req/s (median $(echo "$without" | median)); limits on $b req/s (median $(echo "$with" | median), non-2xx $(echo "$with" | non2xx)); on/off $ratio %"
done
python3 -c "import statistics, sys; print('median on/off: %.1f %%' % statistics.median(map(float, sys.argv[1:])))" "${ratios[@]}"
refused="$(wrk -t2 -c64 -d"$DURATION" --latency -s scripts/wrk/get.lua "$spent/v1/waterfalls?contract_id=$id")"
echo "a spent credential: $(echo "$refused" | rate) refusals/s (median $(echo "$refused" | median), non-2xx $(echo "$refused" | non2xx))"
