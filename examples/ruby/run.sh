#!/usr/bin/env bash
# Installs the Ruby client the ordinary way (`gem build`, then `gem install --local` into a
# temporary gem home) and runs the example against a running revrec with that gem home.
# Exit status 0 means every step held.
#
#   examples/ruby/run.sh BASE_URL TOKEN    # e.g. http://127.0.0.1:8080 rr_test_sandbox
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BASE_URL TOKEN" >&2; exit 2; }
here="$(cd "$(dirname "$0")" && pwd)"
client="$(cd "$here/../../clients/ruby" && pwd)"

# Debian's Ruby and the client's one dependency, typhoeus (ruby-typhoeus brings ethon, ffi).
if ! command -v gem >/dev/null || ! ruby -e 'require "typhoeus"' 2>/dev/null; then
    apt-get install -y --no-install-recommends ruby ruby-typhoeus \
        || { apt-get update && apt-get install -y --no-install-recommends ruby ruby-typhoeus; }
fi

gems="$(mktemp -d)"
trap 'rm -rf "$gems"' EXIT
(cd "$client" && gem build revrec_client.gemspec --output "$gems/revrec_client.gem")
# --local: nothing from rubygems.org; typhoeus and bigdecimal are the system's (Debian's) gems.
# GEM_HOME is the install directory (`--install-dir` would look for the dependencies in that
# directory alone and refuse Debian's typhoeus); GEM_PATH ends with ':' so the system's gem
# directories stay on the path after the temporary one.
GEM_HOME="$gems/home" GEM_PATH="$gems/home:" gem install --local --no-document "$gems/revrec_client.gem"
# The client's own tests first (Typhoeus stubs: exact amounts, ProblemError), on the installed gem.
GEM_HOME="$gems/home" GEM_PATH="$gems/home:" ruby "$client/test/client_test.rb"
GEM_HOME="$gems/home" GEM_PATH="$gems/home:" ruby "$here/revrec_example.rb" "$1" "$2"
