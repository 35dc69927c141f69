#!/usr/bin/env bash
# Regenerates the committed generated sources of the TypeScript client in place from
# docs/openapi.json: clients/typescript/src/schema.ts and src/decoding-document.ts. The
# generator (openapi-typescript 7.13.0, pinned with its lockfile in generator/) is installed
# with `npm ci` into generator/node_modules when missing. Any generator warning fails the
# run. Running it twice changes nothing; scripts/clients_e2e.sh fails if it does.
#
#   clients/typescript/generate.sh     # from anywhere
set -euo pipefail
cd "$(dirname "$0")"
client="$PWD"
repo="$(cd ../.. && pwd)"

if [ ! -x generator/node_modules/.bin/openapi-typescript ] \
    || ! cmp -s generator/package-lock.json generator/node_modules/.package-lock.json.source 2>/dev/null; then
    (cd generator && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.package-lock.json.source)
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
(cd generator && node generate.mjs "$repo/docs/openapi.json" "$client/src") >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
cat "$log"
if grep -qi 'warn\|error' "$log"; then
    echo "openapi-typescript complained about docs/openapi.json" >&2
    exit 1
fi
