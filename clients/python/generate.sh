#!/usr/bin/env bash
# Regenerates the committed Python client in place from docs/openapi.json:
# clients/python/revrec_client/ (all but the hand-written modules below) and
# clients/python/pyproject.toml. The generator is pinned, installed into a virtual
# environment when missing, and fails the run on any warning: the document must generate
# cleanly. Running it twice changes nothing; scripts/clients_e2e.sh fails if it does.
#
#   clients/python/generate.sh        # from anywhere; VENV names the venv (default .venv-clients)
set -euo pipefail
cd "$(dirname "$0")/../.."
GENERATOR_VERSION=0.29.1
VENV="${VENV:-.venv-clients}"
client=clients/python
# Written by hand, kept across regeneration: the generator never writes these names.
hand_written=(problems.py payments.py)

if [ "$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("openapi-python-client"))' 2>/dev/null)" != "$GENERATOR_VERSION" ]; then
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "openapi-python-client==$GENERATOR_VERSION"
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# The custom templates wrap the generator's own, reached through the link `upstream`.
cp -r "$client/generator/templates" "$scratch/templates"
ln -s "$("$VENV/bin/python" -c 'import openapi_python_client, os; print(os.path.dirname(openapi_python_client.__file__))')/templates" \
    "$scratch/templates/upstream"
"$VENV/bin/openapi-python-client" generate --path docs/openapi.json --meta pdm \
    --config "$client/generator/config.yaml" --custom-template-path "$scratch/templates" \
    --output-path "$scratch/out" >"$scratch/log.txt" 2>&1 || { cat "$scratch/log.txt" >&2; exit 1; }
if grep -qi 'warning\|error' "$scratch/log.txt"; then
    cat "$scratch/log.txt" >&2
    echo "openapi-python-client complained about docs/openapi.json" >&2
    exit 1
fi

excludes=(--exclude=__pycache__)
for name in "${hand_written[@]}"; do excludes+=("--exclude=$name"); done
# --delete removes modules of operations the document no longer has; excluded names stay.
rsync -a --delete "${excludes[@]}" "$scratch/out/revrec_client/" "$client/revrec_client/"
cp "$scratch/out/pyproject.toml" "$client/pyproject.toml"
echo "regenerated $client/revrec_client and $client/pyproject.toml from docs/openapi.json"
