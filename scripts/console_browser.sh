#!/usr/bin/env bash
# The console in a real browser (scripts/console_browser.py): Debian's Chromium, headless,
# driven by Playwright for Python with the system browser (nothing downloaded at run time).
# Loads the demo portfolio into tenant `acme`, makes console users of `acme` and `globex`,
# starts revrec, and checks sign-in, keys, the dashboard's figures against the API, Note 6,
# CSRF and cross-tenant refusals. Screenshots of every page go to $ARTEFACTS.
#
#   scripts/console_browser.sh                       # from the repository root
#   UPDATE_SCREENSHOT=1 scripts/console_browser.sh   # also rewrites docs/images/console-dashboard.png
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv-browser}"
ARTEFACTS="${ARTEFACTS:-$PWD/target/console-screenshots}"

if [ ! -x /usr/bin/chromium ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if ! "$VENV/bin/python" -c 'import playwright' 2>/dev/null; then
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "playwright==1.64.1"
fi

prepare_database() {
    target/debug/revrec migrate --create >/dev/null
    target/debug/revrec demo --tenant acme --contracts 150 >/dev/null
    target/debug/revrec users create --tenant acme --email ana@acme.example --json >"$work/acme.json"
    target/debug/revrec users create --tenant globex --email eve@globex.example --json >"$work/globex.json"
    target/debug/revrec keys create --tenant acme --name reader --scopes "read:waterfalls read:disclosures" --json \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["secret"])' >"$work/key"
}

cargo build --quiet -p revrec-app
source scripts/lib/test_server.sh
start_test_server

rm -rf "$ARTEFACTS"
readme=()
[ "${UPDATE_SCREENSHOT:-0}" = 1 ] && readme=("$PWD/docs/images/console-dashboard.png")
"$VENV/bin/python" scripts/console_browser.py "http://127.0.0.1:$port" "$ARTEFACTS" \
    "$work/acme.json" "$work/globex.json" "$(cat "$work/key")" "${readme[@]}"
echo "console in the browser: PASS"
