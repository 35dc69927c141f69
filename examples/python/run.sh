#!/usr/bin/env bash
# Installs the Python client the ordinary way (`pip install ./clients/python` into a fresh
# virtual environment), type-checks the examples with mypy --strict and runs them against a
# running revrec. The paid example runs only when PRICED_BASE_URL is given: a server where
# the token's plan has a call price (scripts/clients_e2e.sh starts one). Exit 0 is "pass".
#
#   examples/python/run.sh BASE_URL TOKEN [PRICED_BASE_URL]
set -euo pipefail
base_url="${1:?usage: run.sh BASE_URL TOKEN [PRICED_BASE_URL]}"
token="${2:?usage: run.sh BASE_URL TOKEN [PRICED_BASE_URL]}"
priced_base_url="${3:-}"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

python3 -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet --disable-pip-version-check "$repo/clients/python" "mypy==2.4.1"
cp "$repo"/examples/python/*.py "$scratch/"
# From the scratch folder, so only the installed package can be imported.
cd "$scratch"
"$scratch/venv/bin/mypy" --strict --no-incremental revrec_example.py revrec_paid_example.py
"$scratch/venv/bin/python" revrec_example.py "$base_url" "$token"
if [ -n "$priced_base_url" ]; then
    "$scratch/venv/bin/python" revrec_paid_example.py "$priced_base_url" "$token"
fi
