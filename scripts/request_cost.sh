#!/usr/bin/env bash
# CPU instructions one request costs the server, this tree against a baseline commit, both
# measured in this run: a figure that does not move with the machine's other load, unlike
# requests per second on two shared cores (where alternating load.sh rounds vary by ±10 %).
#
#   scripts/request_cost.sh BASE_COMMIT [requests]
#
# Each server (release build, SQLite, one HTTP worker, 200 sample contracts) runs under
# valgrind's callgrind, which counts every instruction of every thread. It is sent the
# reads of scripts/load.sh's single-contract round (GET /v1/waterfalls?contract_id=…)
# over one kept-alive connection: once with none after three warm-ups, once with
# `requests` (default 600). The difference over `requests` is the cost of one read; the
# baseline commit is built in a worktree of its own with its own target directory.
# Needs valgrind (Debian package `valgrind`; installed here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
BASE="${1:?usage: scripts/request_cost.sh BASE_COMMIT [requests]}"
REQUESTS="${2:-600}"
command -v valgrind >/dev/null || apt-get install -y valgrind >/dev/null
command -v callgrind_annotate >/dev/null || apt-get install -y valgrind >/dev/null

# shellcheck source=lib/base_worktree.sh
. scripts/lib/base_worktree.sh
open_base_worktree "$BASE"

cargo build --release --quiet -p revrec-app
head_bin="$PWD/target/release/revrec"
base_target="$PWD/target/request-cost-base"
(cd "$base_tree" && CARGO_TARGET_DIR="$base_target" cargo build --release --quiet -p revrec-app)
base_bin="$base_target/release/revrec"

# Total instructions of one server run that answers `$2` reads after the warm-ups.
instructions() {
    local bin="$1" reads="$2" run
    run="$(mktemp -d "$work/run.XXXX")"
    export REVREC_DATABASE_URL="sqlite://$run/revrec.db" REVREC_LOG=warn REVREC_WORKERS=1
    export REVREC_RATE_LIMITS="sandbox=10000000,growth=10000000,scale=10000000"
    "$bin" demo --contracts 200 --tenant sandbox >/dev/null 2>&1
    local port
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    REVREC_LISTEN="127.0.0.1:$port" valgrind --tool=callgrind --callgrind-out-file="$run/out" \
        "$bin" serve >"$run/log" 2>&1 &
    local server=$!
    for _ in $(seq 1 240); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
    python3 - "$port" "$reads" <<'PY'
import http.client, json, sys
port, reads = int(sys.argv[1]), int(sys.argv[2])
connection = http.client.HTTPConnection("127.0.0.1", port)
headers = {"Authorization": "Bearer rr_test_sandbox"}
connection.request("GET", "/v1/contracts?limit=1&query=SO-000042", headers=headers)
contract = json.loads(connection.getresponse().read())["data"][0]["id"]
for _ in range(3 + reads):
    connection.request("GET", "/v1/waterfalls?contract_id=" + contract, headers=headers)
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
PY
    kill -INT "$server"
    wait "$server" || true
    callgrind_annotate "$run/out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}'
}

per_read() {
    local bin="$1" idle busy
    idle="$(instructions "$bin" 0)"
    busy="$(instructions "$bin" "$REQUESTS")"
    echo $(( (busy - idle) / REQUESTS ))
}

base_cost="$(per_read "$base_bin")"
head_cost="$(per_read "$head_bin")"
echo "single-contract waterfall, instructions per read (callgrind, $REQUESTS reads):"
echo "  base $(git rev-parse --short "$BASE"): $base_cost"
echo "  this tree ($(git rev-parse --short HEAD)$(git diff --quiet || echo ', with changes')): $head_cost"
python3 -c "print('  this tree / base: %.3f' % ($head_cost / $base_cost))"
