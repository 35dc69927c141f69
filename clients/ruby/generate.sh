#!/usr/bin/env bash
# Regenerates the Ruby client in this folder, in place, from docs/openapi.json with the pinned
# OpenAPI Generator (the PyPI package openapi-generator-cli, which carries the generator's jar:
# nothing is fetched from Maven). The generator's ruby templates are taken from that jar and
# templates/revrec.patch is applied to them (exact BigDecimal amounts, ProblemError, a
# gemspec without shell calls); files listed in .openapi-generator-ignore are hand-written and
# kept. Deterministic: running it twice leaves `git status` clean. Fails on a generator error,
# on a warning not known below, or if the patch no longer applies.
#
#   clients/ruby/generate.sh        # from anywhere; no arguments
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
command -v git >/dev/null || apt_install git
command -v python3 >/dev/null || apt_install python3 python3-venv
if [ "$("$VENV/bin/openapi-generator-cli" version 2>/dev/null)" != "$GENERATOR_VERSION" ]; then
    [ -x "$VENV/bin/pip" ] || python3 -m venv "$VENV" || { apt_install python3-venv && python3 -m venv "$VENV"; }
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "openapi-generator-cli==$GENERATOR_VERSION"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# swagger-parser refuses the document's `license` for lacking an SPDX `identifier`, which
# OpenAPI 3.1 leaves optional; give it the one its name states instead of skipping validation.
# Then take the upstream templates that templates/revrec.patch changes out of the jar.
"$VENV/bin/python" - "$repo/docs/openapi.json" "$tmp/openapi.json" "$tmp/templates" "$here/templates/revrec.patch" <<'PY'
import json, os, re, sys, zipfile
import openapi_generator_cli
source, target, templates, patch = sys.argv[1:]
document = json.load(open(source))
license = document.get("info", {}).get("license")
if license and "identifier" not in license and "url" not in license:
    license["identifier"] = license["name"]
json.dump(document, open(target, "w"), indent=1)
jar = zipfile.ZipFile(os.path.join(os.path.dirname(openapi_generator_cli.__file__), "openapi-generator.jar"))
os.makedirs(templates)
for name in sorted(set(re.findall(r"^--- upstream/(\S+)$", open(patch).read(), re.M))):
    with open(os.path.join(templates, name), "wb") as out:
        out.write(jar.read("ruby-client/" + name))
PY
(cd "$tmp/templates" && git apply -p1 "$here/templates/revrec.patch") \
    || { echo "templates/revrec.patch does not apply to openapi-generator $GENERATOR_VERSION's templates" >&2; exit 1; }

# Generate into a fresh folder (with this folder's ignore file) and move the result in
# only when the generator is done and content: a failed run leaves the committed files as
# they were.
mkdir "$tmp/out"
cp "$here/.openapi-generator-ignore" "$tmp/out/"
# Amounts (number, format decimal) are BigDecimal.
"$VENV/bin/openapi-generator-cli" generate -g ruby -i "$tmp/openapi.json" -o "$tmp/out" \
    -c "$here/openapi-generator.yaml" -t "$tmp/templates" \
    --type-mappings=number+decimal=BigDecimal \
    >"$tmp/generate.log" 2>&1 || { cat "$tmp/generate.log" >&2; echo "openapi-generator failed" >&2; exit 1; }
# Known, harmless warnings: the generator calls its 3.1 support beta, looks up a name for the
# document's inline `null` branches, and writes no example for a oneOf in the docs.
if grep -E '\b(WARN|ERROR)\b' "$tmp/generate.log" \
    | grep -vE 'OpenAPI 3.1 support is still in beta|Failed to get the schema name: null|oneOf example value not supported' >&2; then
    echo "openapi-generator complained about docs/openapi.json (above)" >&2
    exit 1
fi
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
echo "clients/ruby regenerated with openapi-generator $GENERATOR_VERSION"
