#!/usr/bin/env bash
# The MCP tools end to end with the official MCP Python SDK as the client (scripts/mcp_e2e.py):
# over Streamable HTTP against a running `revrec serve` (legacy handshake, then 2026-07-28
# discovery), and over stdio through `revrec mcp`. Exit status 0 is the verdict "pass".
#
#   scripts/mcp_e2e.sh            # from the repository root
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv-mcp}"

if ! "$VENV/bin/python" -c 'import mcp' 2>/dev/null; then
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "mcp==2.3.0"
fi

cargo build --quiet -p revrec-app
work="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
database="sqlite://$work/revrec.db"
REVREC_DATABASE_URL="$database" REVREC_LISTEN="127.0.0.1:$port" REVREC_LOG=warn \
    REVREC_RATE_LIMITS="sandbox=10000000" \
    target/debug/revrec serve >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    sleep 0.5
done

"$VENV/bin/python" scripts/mcp_e2e.py "http://127.0.0.1:$port/mcp" rr_test_sandbox \
    "$PWD/target/debug/revrec" "$database"
echo "MCP end to end: PASS"
