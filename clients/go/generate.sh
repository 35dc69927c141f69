#!/usr/bin/env bash
# Regenerates the Go client in this folder, in place, from docs/openapi.json with the pinned
# OpenAPI Generator (the PyPI package openapi-generator-cli, which carries the generator's jar:
# nothing is fetched from Maven). Files listed in .openapi-generator-ignore are hand-written and
# kept. Deterministic: running it twice leaves `git status` clean. Fails on a generator error or
# on a warning not known below.
#
#   clients/go/generate.sh          # from anywhere; no arguments
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
GENERATOR_VERSION=7.26.0
VENV="${OPENAPI_GENERATOR_VENV:-$repo/.venv-openapi-generator}"

apt_install() {
    # A fresh CI machine has none of these; refresh the package lists only if needed.
    apt-get install -y --no-install-recommends "$@" || { apt-get update && apt-get install -y --no-install-recommends "$@"; }
}
command -v java >/dev/null || apt_install openjdk-17-jre-headless
command -v gofmt >/dev/null || apt_install golang-go
command -v python3 >/dev/null || apt_install python3 python3-venv
if [ "$("$VENV/bin/openapi-generator-cli" version 2>/dev/null)" != "$GENERATOR_VERSION" ]; then
    [ -x "$VENV/bin/pip" ] || python3 -m venv "$VENV" || { apt_install python3-venv && python3 -m venv "$VENV"; }
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "openapi-generator-cli==$GENERATOR_VERSION"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# swagger-parser refuses the document's `license` for lacking an SPDX `identifier`, which
# OpenAPI 3.1 leaves optional; give it the one its name states instead of skipping validation.
python3 - "$repo/docs/openapi.json" "$tmp/openapi.json" <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
license = document.get("info", {}).get("license")
if license and "identifier" not in license and "url" not in license:
    license["identifier"] = license["name"]
json.dump(document, open(sys.argv[2], "w"), indent=1)
PY

# Generate into a fresh folder (with this folder's ignore file) and move the result in
# only when the generator is done and content: a failed run leaves the committed files as
# they were.
mkdir "$tmp/out"
cp "$here/.openapi-generator-ignore" "$tmp/out/"
# Amounts (number, format decimal) are Decimal = json.Number and DecimalInput = json.Number,
# both declared in decimal.go: exact text, never float64. The generator keeps the name
# DecimalInput for a schema-mapped oneOf, which decimal.go defines.
"$VENV/bin/openapi-generator-cli" generate -g go -i "$tmp/openapi.json" -o "$tmp/out" \
    -c "$here/openapi-generator.yaml" \
    --git-host github.com --git-user-id revrec --git-repo-id revrec/clients/go \
    --type-mappings=number+decimal=Decimal --schema-mappings=DecimalInput=Decimal \
    >"$tmp/generate.log" 2>&1 || { cat "$tmp/generate.log" >&2; echo "openapi-generator failed" >&2; exit 1; }
# Known, harmless warnings: the generator calls its 3.1 support beta, and it looks up a name
# for the document's inline `null` branches.
if grep -E '\b(WARN|ERROR)\b' "$tmp/generate.log" \
    | grep -vE 'OpenAPI 3.1 support is still in beta|Failed to get the schema name: null' >&2; then
    echo "openapi-generator complained about docs/openapi.json (above)" >&2
    exit 1
fi
# Numbers that land in an interface{} (batch results' bodies, AdditionalProperties) would be
# float64 under json.Unmarshal: every decode of the generated code goes through
# unmarshalExact (decimal.go), which keeps them json.Number.
sed -i 's/\bjson\.Unmarshal(/unmarshalExact(/g' "$tmp"/out/*.go
gofmt -w "$tmp/out"
# Files the last run generated and this one did not (a schema dropped from the document)
# go; then the new files replace the old. Hand-written files are in neither list.
if [ -f "$here/.openapi-generator/FILES" ]; then
    while IFS= read -r file; do
        [ -n "$file" ] && [ "$file" != .openapi-generator-ignore ] || continue
        grep -qxF -- "$file" "$tmp/out/.openapi-generator/FILES" || rm -f "$here/$file"
    done <"$here/.openapi-generator/FILES"
fi
rm "$tmp/out/.openapi-generator-ignore"
cp -R "$tmp/out/." "$here/"
echo "clients/go regenerated with openapi-generator $GENERATOR_VERSION"
