#!/usr/bin/env bash
# Builds the Go example the way another module uses the client (a temporary module with a
# `require` of github.com/revrec/revrec/clients/go and a `replace` pointing at clients/go) and
# runs it against a running revrec. Exit status 0 means every step held.
#
#   examples/go/run.sh BASE_URL TOKEN      # e.g. http://127.0.0.1:8080 rr_test_sandbox
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BASE_URL TOKEN" >&2; exit 2; }
here="$(cd "$(dirname "$0")" && pwd)"
client="$(cd "$here/../../clients/go" && pwd)"

if ! command -v go >/dev/null; then
    # Debian's Go (1.19 on bookworm); the client needs nothing beyond its standard library.
    apt-get install -y --no-install-recommends golang-go \
        || { apt-get update && apt-get install -y --no-install-recommends golang-go; }
fi

# The client's own tests first (a fake server: exact amounts, *Problem through errors.As).
(cd "$client" && GOPROXY=off go test ./...)

module="$(mktemp -d)"
trap 'rm -rf "$module"' EXIT
cat >"$module/go.mod" <<MOD
module example.com/revrec-example

go 1.19

require github.com/revrec/revrec/clients/go v0.0.0

replace github.com/revrec/revrec/clients/go => $client
MOD
cp "$here/main.go" "$module/"
# No module proxy: the client and the example use the standard library only, so a build that
# tried to download anything would be a regression.
(cd "$module" && GOPROXY=off GOFLAGS=-mod=mod go vet . && GOPROXY=off GOFLAGS=-mod=mod go build -o revrec-example .)
"$module/revrec-example" "$1" "$2"
