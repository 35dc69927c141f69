#!/usr/bin/env bash
# The load script of issue 22 ("hold under abuse"): one release server on loopback, a fresh
# database, the service's real limits (no REVREC_RATE_LIMITS override), and in one go for
# DURATION seconds:
#   - two callers sending back to back the heaviest batch the limits allow, with the
#     sandbox token;
#   - four CSV exports of a tenant holding a million journal lines in the month, each
#     restarted when done;
#   - a third tenant's ordinary reads, one at a time;
#   - /healthz every 100 ms, the server's RSS every 100 ms.
# Prints the bystander's and /healthz's p50/p99/max, each caller class's status codes, the
# exports, the peak RSS, and PASS/FAIL for the targets (bystander p99 < 100 ms, /healthz p99
# < 50 ms, peak RSS < 256 MB, no 5xx, no 408). A measurement, not a test: exits 0 whatever
# the figures, non-zero only when the script itself breaks.
#
#   scripts/abuse.sh [sqlite|postgres]
#
# The sandbox callers' batch: 30 contracts x 500 lines x 16 months = 240,000 obligation-months
# (the per-request limit is 250,000), each contract 8,000 obligation-months (one rate-limit
# unit), so 30 units: the two callers share the token's 60 a minute, and two batches of 31
# or more admitted together would each find the other's admission unit taken and both be
# refused, every window (abuse_batch in scripts/abuse_drive.py; ABUSE_CONTRACTS changes it).
# For finding a cause: ABUSERS=0 or EXPORTERS=0 takes a class out, EXPORT_LINES=50 loads
# the same million lines in 10,000 smaller contracts, ABUSER_HONOUR_RETRY_AFTER=1 makes the
# callers wait out their 429s (their back-to-back 1 MB posts take CPU from the server here).
#
# Settings (environment): DURATION (s, default 60), LOAD_TIMEOUT (s allowed for loading the
# export tenant, default 1200), and those read by scripts/abuse_drive.py (ABUSE_CONTRACTS,
# ABUSERS, ABUSER_HONOUR_RETRY_AFTER, EXPORTERS, BYSTANDER_RPS, TARGET_JOURNAL_LINES, EXPORT_LINES, GRACE, BASELINE_SECONDS).
# PostgreSQL: the local server at 127.0.0.1:5432; a fresh database is created and dropped.
set -euo pipefail
cd "$(dirname "$0")/.."
BACKEND="${1:-sqlite}"
export DURATION="${DURATION:-60}"
LOAD_TIMEOUT="${LOAD_TIMEOUT:-1200}"
GRACE="${GRACE:-30}"
export GRACE
started=$SECONDS

cargo build --release --quiet -p revrec-app
BIN="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/revrec"
work="$(mktemp -d)"
case "$BACKEND" in
    postgres)
        db="revrec_abuse_$(date +%s)"
        psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $db"
        export REVREC_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db"
        cleanup_db() { psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true; }
        ;;
    sqlite)
        export REVREC_DATABASE_URL="sqlite://$work/revrec.db"
        cleanup_db() { :; }
        ;;
    *) echo "usage: $0 [sqlite|postgres]" >&2; exit 2 ;;
esac
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
URL="http://127.0.0.1:$port"
export REVREC_LISTEN="127.0.0.1:$port" REVREC_LOG=warn
unset REVREC_RATE_LIMITS

"$BIN" serve >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; cleanup_db; rm -rf "$work"' EXIT
for _ in $(seq 1 60); do curl -fsS "$URL/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS "$URL/readyz" >/dev/null || { echo "revrec did not become ready:" >&2; cat "$work/server.log" >&2; exit 1; }

secret() { python3 -c 'import json,sys; print(json.load(sys.stdin)["secret"])'; }
# The export tenant loads a million journal lines: the scale plan (6,000 units a minute).
export_key="$("$BIN" keys create --tenant abuse-export --name export --plan scale \
    --scopes 'read:contracts write:contracts read:ledger' --json | secret)"
# The bystander: its own tenant and key; it paces its reads within its plan.
bystander_key="$("$BIN" keys create --tenant abuse-bystander --name bystander --plan scale \
    --scopes 'read:contracts write:contracts read:waterfalls read:disclosures' --json | secret)"

echo "== $BACKEND, server pid $server on $URL ($(nproc) cores), release build $BIN"
# Other work on the machine shares its cores with the server and the clients.
echo "   load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
timeout --signal=KILL "$((LOAD_TIMEOUT + DURATION + GRACE + 120))" \
    python3 scripts/abuse_drive.py "$URL" "$server" "$export_key" "$bystander_key" || status=$?
if ! kill -0 "$server" 2>/dev/null; then
    echo "the server died; its log:" >&2
    tail -n 50 "$work/server.log" >&2
    status=1
fi
errors="$(grep -c -E '"level":"(ERROR|WARN)"|ERROR|WARN' "$work/server.log" || true)"
echo "server log: $errors warning/error lines"
if [ "$errors" != 0 ]; then grep -E 'ERROR|WARN' "$work/server.log" | cut -c1-300 | sort | uniq -c | sort -rn | head -n 10; fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "script total: $((SECONDS - started)) s"
exit "$status"
