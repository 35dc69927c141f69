#!/usr/bin/env bash
# Starts revrec on a free port with a fresh SQLite database and runs schemathesis over its
# /openapi.json, authenticated with the sandbox token. Fails on any 5xx, any response that
# breaks the document, or fewer than MIN_CASES generated requests.
#
#   scripts/schemathesis.sh            # from the repository root
set -euo pipefail
cd "$(dirname "$0")/.."
MIN_CASES="${MIN_CASES:-1000}"
VENV="${VENV:-.venv}"

if [ ! -x "$VENV/bin/st" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==4.32.5"
fi

cargo build --quiet -p revrec-app
work="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# The sandbox plan's 60 requests a minute would answer most cases 429 (documented, but
# it would test nothing else); the rate-limit tests cover the limit itself.
REVREC_DATABASE_URL="sqlite://$work/revrec.db" REVREC_LISTEN="127.0.0.1:$port" REVREC_LOG=warn \
    REVREC_RATE_LIMITS="sandbox=10000000" \
    target/debug/revrec serve >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    sleep 0.5
done

# Every check except positive_data_acceptance: our rules go beyond what a JSON Schema can
# say (end after start, SSPs that can carry the price), so schema-valid input may rightly
# get a 422; everything else (no 5xx, every status, header, content type and body as the
# document declares, schema-invalid input refused, 405 for undeclared methods) must hold.
set +e
"$VENV/bin/st" run "http://127.0.0.1:$port/openapi.json" \
    --header "Authorization: Bearer rr_test_sandbox" \
    --checks all --exclude-checks positive_data_acceptance \
    --max-examples 100 --seed 1 --no-color --workers 1 | tee "$work/schemathesis.txt"
status=${PIPESTATUS[0]}
set -e
cases="$(grep -Eo '[0-9]+ generated' "$work/schemathesis.txt" | tail -n 1 | grep -Eo '[0-9]+' || echo 0)"
echo "schemathesis: exit status $status, $cases test cases generated (minimum $MIN_CASES)"
# Our handlers log every 5xx as "request failed" (the HTTP parser's own complaints about
# malformed requests are not server errors).
if grep -q '"message":"request failed"' "$work/server.log"; then
    echo "the server answered with a 5xx:" >&2; grep '"message":"request failed"' "$work/server.log" | head -5 >&2
    exit 1
fi
[ "$status" -eq 0 ] && [ "$cases" -ge "$MIN_CASES" ]
