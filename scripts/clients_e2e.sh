#!/usr/bin/env bash
# The committed client libraries (clients/<language>/) against docs/openapi.json and a live
# server. Exit status 0 is "pass".
#
# 1. Drift: runs every clients/<language>/generate.sh (each regenerates its committed files in
#    place with pinned generators and fails on a generator warning), then fails if git sees
#    any change under clients/: the committed code is not what the document generates.
# 2. Runs every examples/<language>/run.sh BASE_URL TOKEN against a fresh `revrec serve`
#    (each installs its client the ordinary way into a fresh place, type-checks its example
#    and runs it). The Python one also gets the URL of a second server that prices the
#    sandbox plan's calls, for its HTTP 402 example.
#
#   scripts/clients_e2e.sh            # REVREC_BIN names a built binary (else cargo builds one)
#   CLIENT_LANGUAGES="python typescript" scripts/clients_e2e.sh    # only these (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."

selected() { [ -z "${CLIENT_LANGUAGES:-}" ] || [[ " $CLIENT_LANGUAGES " == *" $1 "* ]]; }

checked=()
for generate in clients/*/generate.sh; do
    language="$(basename "$(dirname "$generate")")"
    selected "$language" || continue
    echo "==> regenerate: $generate"
    "$generate"
    checked+=("clients/$language")
done
[ "${#checked[@]}" -gt 0 ] || { echo "no clients/<language>/generate.sh selected" >&2; exit 1; }
drift="$(git status --porcelain -- "${checked[@]}")"
if [ -n "$drift" ]; then
    echo "FAIL: the committed clients differ from what docs/openapi.json generates:" >&2
    echo "$drift" >&2
    echo "Run clients/<language>/generate.sh and commit the result (or commit your edits)." >&2
    exit 1
fi
echo "==> no drift: the committed clients are what docs/openapi.json generates"

source scripts/lib/test_server.sh
start_test_server
base_url="http://127.0.0.1:$port"
free_server="$server" free_work="$work"
# A second server whose sandbox plan pays 0.05 USD a call (docs/payments.md): its
# trap replaces the first one's, so this one stops both.
REVREC_CALL_PRICES="sandbox=0.05" start_test_server
priced_base_url="http://127.0.0.1:$port"
priced_server="$server" priced_work="$work"
trap 'kill "$free_server" "$priced_server" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$free_work" "$priced_work"' EXIT

failed=()
for run in examples/*/run.sh; do
    language="$(basename "$(dirname "$run")")"
    selected "$language" || continue
    echo "==> example: $language"
    arguments=("$base_url" rr_test_sandbox)
    [ "$language" = python ] && arguments+=("$priced_base_url")
    if ! "$run" "${arguments[@]}"; then
        failed+=("$language")
    fi
done
if [ "${#failed[@]}" -gt 0 ]; then
    echo "FAIL: the examples of ${failed[*]} failed" >&2
    exit 1
fi
echo "client libraries end to end: PASS"
