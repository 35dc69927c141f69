#!/usr/bin/env bash
# Installs the TypeScript client the ordinary way (`npm install <path>/clients/typescript`
# into a fresh npm project), type-checks the example with tsc --strict and runs it against a
# running revrec. Exit 0 is "pass".
#
#   examples/typescript/run.sh BASE_URL TOKEN
set -euo pipefail
base_url="${1:?usage: run.sh BASE_URL TOKEN}"
token="${2:?usage: run.sh BASE_URL TOKEN}"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

cd "$scratch"
# npm 11 warns about (and says it blocks) a dependency's install scripts unless the project
# allows them; revrec-client's prepare script builds it.
cat >package.json <<'JSON'
{ "name": "revrec-example", "private": true, "type": "module", "allowScripts": { "revrec-client": true } }
JSON
npm install --no-audit --no-fund --loglevel=error "$repo/clients/typescript" typescript@5.9.3 @types/node@20.19.43
[ -f node_modules/revrec-client/dist/index.d.ts ] || { echo "revrec-client was installed unbuilt" >&2; exit 1; }
cp "$repo/examples/typescript/revrec_example.ts" .
cat >tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",
    "lib": ["ES2022"], "types": ["node"], "strict": true, "noUncheckedIndexedAccess": true,
    "exactOptionalPropertyTypes": true, "skipLibCheck": false, "outDir": "dist"
  },
  "files": ["revrec_example.ts"]
}
JSON
npx --no-install tsc -p .
node dist/revrec_example.js "$base_url" "$token"
