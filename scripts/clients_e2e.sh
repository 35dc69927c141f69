#!/usr/bin/env bash
# Generates the Python and TypeScript clients from docs/openapi.json into a temporary folder
# (nothing generated is committed), type-checks them with the examples (`mypy --strict`,
# `tsc --strict`), then runs both examples against a running `revrec serve`. A generator
# warning fails the run: the document must generate cleanly. Exit status 0 is "pass".
#
#   scripts/clients_e2e.sh            # from the repository root
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
VENV="${VENV:-.venv-clients}"

if ! "$VENV/bin/python" -c 'import openapi_python_client, mypy, httpx, attrs, dateutil' 2>/dev/null; then
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check \
        "openapi-python-client==0.29.1" "mypy==2.4.1" \
        "httpx==0.28.1" "attrs==26.1.0" "python-dateutil==4.0.0"
fi

source scripts/lib/test_server.sh
start_test_server
base_url="http://127.0.0.1:$port"

echo "==> Python: openapi-python-client"
python_dir="$work/python"
templates="$work/python-templates"
mkdir -p "$python_dir"
cp -r clients/python/templates "$templates"
# The custom templates wrap the generator's own (clients/python/templates/*.jinja).
ln -s "$("$VENV/bin/python" -c 'import openapi_python_client, os; print(os.path.dirname(openapi_python_client.__file__))')/templates" \
    "$templates/upstream"
"$VENV/bin/openapi-python-client" generate --path docs/openapi.json --meta none \
    --config clients/python/config.yaml --custom-template-path "$templates" \
    --output-path "$python_dir/revrec_client" 2>&1 | tee "$work/python-generate.txt"
if grep -qi 'warning\|error' "$work/python-generate.txt"; then
    echo "openapi-python-client complained about docs/openapi.json" >&2
    exit 1
fi
(cd "$python_dir" && "$repo/$VENV/bin/mypy" --strict --no-incremental revrec_client "$repo/examples/python/revrec_example.py")
PYTHONPATH="$python_dir" "$VENV/bin/python" examples/python/revrec_example.py "$base_url" rr_test_sandbox

echo "==> TypeScript: openapi-typescript and openapi-fetch"
ts_dir="$work/typescript"
mkdir -p "$ts_dir/src"
cp clients/typescript/package.json clients/typescript/package-lock.json clients/typescript/tsconfig.json \
    clients/typescript/generate.mjs "$ts_dir/"
cp clients/typescript/exact-decimals.ts examples/typescript/revrec_example.ts "$ts_dir/src/"
(cd "$ts_dir" && npm ci --no-audit --no-fund --loglevel=error)
(cd "$ts_dir" && node generate.mjs "$repo/docs/openapi.json" src/schema.ts 2>&1 | tee "$work/ts-generate.txt")
if grep -qi 'warn\|error' "$work/ts-generate.txt"; then
    echo "openapi-typescript complained about docs/openapi.json" >&2
    exit 1
fi
(cd "$ts_dir" && npx --no-install tsc -p .)
node "$ts_dir/dist/revrec_example.js" "$base_url" rr_test_sandbox

echo "generated clients end to end: PASS"
