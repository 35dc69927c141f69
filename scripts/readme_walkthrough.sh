#!/usr/bin/env bash
# Runs the README's commands as written, from "Run it" to the console, the way a new user
# with the README in hand would: in a fresh copy of the checkout, with no settings, against
# the servers the README itself starts (scripts/readme_walkthrough.py says what is run and
# how). Fails when a command fails, when a server the README starts stops (a port already
# held, say), or when any server answered a 5xx. Exit status 0 is "pass".
#
#   scripts/readme_walkthrough.sh            # from the repository root; port 8080 and 8081 free
#
# The copy goes into a new temporary folder, or into WALKTHROUGH_COPY when it names one.
# `--prepare` only makes that copy and builds it (CI runs it beside its other steps, since the
# release build is most of the walkthrough's time); a later run with the same
# WALKTHROUGH_COPY walks through the copy so prepared, and removes it.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
for port in 8080 8081; do
    if curl -s -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null; then
        echo "port $port is taken; the README's servers need it" >&2
        exit 1
    fi
done

prepare_only=false
[ "${1:-}" = "--prepare" ] && prepare_only=true
work="${WALKTHROUGH_COPY:-$(mktemp -d)}"
cleanup() {
    $prepare_only && return
    pkill -f "$work/.*revrec" 2>/dev/null || true
    # The README's servers are children of the walkthrough's shell; stop whatever still runs.
    for pid in $(cat "$work/pids" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# A copy of the tree as it is (committed or not), sharing this checkout's build folder.
if [ ! -e "$work/.prepared" ]; then
    mkdir -p "$work"
    git ls-files -z --cached --others --exclude-standard | (cd "$repo" && xargs -0 tar -cf -) | tar -xf - -C "$work"
fi
export CARGO_TARGET_DIR="$repo/target"
# `cargo run --release` builds on first use; build the copy first, so the README's first
# server starts within the wait. Cargo tells builds apart by the workspace's folder: the
# copy's build is of no use to another copy, nor to the checkout.
(cd "$work" && cargo build --release --quiet -p revrec-app)
if $prepare_only; then
    touch "$work/.prepared"
    echo "README walkthrough: copy prepared and built in $work"
    exit 0
fi

python3 scripts/readme_walkthrough.py README.md >"$work/walkthrough.sh"
echo 'printf "%s\n" "${servers[@]}" > pids' >>"$work/walkthrough.sh"
echo "==> running the README's blocks in $work"
(cd "$work" && env -u REVREC_DATABASE_URL -u REVREC_LISTEN -u REVREC_MODE bash walkthrough.sh) \
    >"$work/walkthrough.log" 2>&1 || {
    echo "the README walkthrough failed; its output:" >&2
    tail -n 60 "$work/walkthrough.log" >&2
    exit 1
}
for pid in $(cat "$work/pids"); do kill "$pid" 2>/dev/null || true; done
grep -h '^==> \|started a server\|README walkthrough' "$work/walkthrough.log"
# The servers log every request as JSON lines with its status.
echo "answers of the README's servers, by status:"
grep -ho '"status":[0-9]*' "$work"/serve-*.log | sort | uniq -c
if grep -h '"status":5[0-9][0-9]' "$work"/serve-*.log; then
    echo "a server answered 5xx during the walkthrough" >&2
    exit 1
fi
echo "README walkthrough: PASS"
