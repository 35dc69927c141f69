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

source scripts/lib/test_server.sh
start_test_server

"$VENV/bin/python" scripts/mcp_e2e.py "http://127.0.0.1:$port/mcp" rr_test_sandbox \
    "$PWD/target/debug/revrec" "$database"
echo "MCP end to end: PASS"
