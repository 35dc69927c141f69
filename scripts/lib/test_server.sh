# Sourced by the end-to-end scripts: builds revrec, starts `revrec serve` on a free port with
# a fresh SQLite database in a temporary folder, and stops it (and removes the folder) when
# the script exits. REVREC_BIN names a binary already built (nothing is built then). Sets `work` (the folder), `port`, `database` and `server` (the pid).
# A script that defines `prepare_database` has it called with the database URL (and
# REVREC_DATABASE_URL set to it) before the server starts.
#
# The sandbox plan's 60 requests a minute would answer most calls 429 (documented, but it would
# test nothing else); the rate-limit tests cover the limit itself.
start_test_server() {
    local binary="${REVREC_BIN:-target/debug/revrec}"
    [ -n "${REVREC_BIN:-}" ] || cargo build --quiet -p revrec-app
    work="$(mktemp -d)"
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    database="sqlite://$work/revrec.db"
    if declare -F prepare_database >/dev/null; then
        REVREC_DATABASE_URL="$database" prepare_database "$database"
    fi
    REVREC_DATABASE_URL="$database" REVREC_LISTEN="127.0.0.1:$port" REVREC_LOG=warn \
        REVREC_RATE_LIMITS="sandbox=10000000" \
        "$binary" serve >"$work/server.log" 2>&1 &
    server=$!
    trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
    for _ in $(seq 1 60); do
        curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0
        sleep 0.5
    done
    echo "revrec did not become ready:" >&2
    cat "$work/server.log" >&2
    return 1
}
