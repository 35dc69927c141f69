#!/usr/bin/env bash
# The load script of issues 22 ("hold under abuse") and 33 (period lists, concurrent as_of
# reads): one release server on loopback, a fresh database, the service's real limits (no
# REVREC_RATE_LIMITS override), and in one go for DURATION seconds:
#   - two callers sending back to back the heaviest batch the limits allow, with the
#     sandbox token;
#   - four CSV exports of a tenant holding a million journal lines in the month, each
#     restarted when done;
#   - two callers listing the periods (GET /v1/periods) of a tenant with a 100-year
#     five-line contract in each of 160 currencies and every month through 2026-10 closed
#     (1,200 closed months), back to back, and one more reopening 2026-10 and closing it
#     again every 20 s (first at 10 s);
#   - 24 callers reading back to back the USD portfolio waterfall as_of an instant T of a
#     tenant with 120 contracts of 60,000 obligation-months (50 lines over 2026-2125), 12 of
#     them invoiced after T, so that every read rewinds them;
#   - a further tenant's ordinary reads (the bystander), one at a time;
#   - /healthz every 100 ms, the server's RSS every 100 ms.
# Loading prints a progress line every 10 s and each tenant's load time. Prints the
# bystander's and /healthz's p50/p99/max, the period lists' and as_of reads' times, each
# caller class's status codes, the exports, the peak RSS, and PASS/FAIL for the targets
# (bystander p99 < 100 ms, /healthz p99 < 50 ms, peak RSS < 256 MB, no 5xx, no 408). A
# measurement, not a test: exits 0 whatever the figures, non-zero only when the script
# itself breaks or loading outlasts LOAD_TIMEOUT.
#
#   scripts/abuse.sh [sqlite|postgres]
#
# The sandbox callers' batch: 30 contracts x 500 lines x 16 months = 240,000 obligation-months
# (the per-request limit is 250,000), each contract 8,000 obligation-months (one rate-limit
# unit), so 30 units: the two callers share the token's 60 a minute, and two batches of 31
# or more admitted together would each find the other's admission unit taken and both be
# refused, every window (abuse_batch in scripts/abuse_drive.py; ABUSE_CONTRACTS changes it).
# For finding a cause: ABUSERS=0, EXPORTERS=0, PERIOD_LISTERS=0 or AS_OF_READERS=0 takes a
# class out (and leaves its tenant unloaded), EXPORT_LINES=50 loads the same million lines in
# 10,000 smaller contracts, ABUSER_HONOUR_RETRY_AFTER=1 makes the batch callers wait out
# their 429s (their back-to-back 1 MB posts take CPU from the server here). Only issue 33's
# classes, quickly: ABUSERS=0 EXPORTERS=0 DURATION=30 scripts/abuse.sh sqlite.
#
# Settings (environment), defaults in brackets:
#   DURATION (s, 60); LOAD_TIMEOUT (s allowed for loading every tenant, 1200); GRACE (s a
#   request in flight at the end may take, 30); BYSTANDER_RPS (40); BASELINE_SECONDS (5);
#   batches: ABUSERS (2), ABUSE_CONTRACTS (30), ABUSER_HONOUR_RETRY_AFTER (0);
#   exports: EXPORTERS (4), TARGET_JOURNAL_LINES (1000000), EXPORT_LINES (500);
#   period lists: PERIOD_LISTERS (2), PERIOD_CURRENCIES (160, the first of the domain's
#   ISO 4217 table, crates/revrec-domain/src/currency.rs), PERIOD_LINES (5), PERIOD_YEARS
#   (100), PERIOD_CLOSE_THROUGH (2026-10), PERIOD_REOPEN_SECONDS (20; 0: never);
#   as_of reads: AS_OF_READERS (24), AS_OF_CONTRACTS (120), AS_OF_LINES (50), AS_OF_YEARS
#   (100, from 2026-01-01; lines x 12 x years may not pass 60,000), AS_OF_MODIFIED (12);
#   NEW_HONOUR_RETRY_AFTER (1: the period listers and as_of readers wait out a 429's
#   Retry-After; 0: they send again at once).
# PostgreSQL: the local server at 127.0.0.1:5432; a fresh database is created and dropped.
set -euo pipefail
cd "$(dirname "$0")/.."
BACKEND="${1:-sqlite}"
export DURATION="${DURATION:-60}"
export LOAD_TIMEOUT="${LOAD_TIMEOUT:-1200}"
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
# Issue 33's tenants: the period lists' (closes and reopens too) and the as_of reads'.
periods_key="$("$BIN" keys create --tenant abuse-periods --name periods --plan scale \
    --scopes 'read:contracts write:contracts read:waterfalls close:periods' --json | secret)"
as_of_key="$("$BIN" keys create --tenant abuse-as-of --name as-of --plan scale \
    --scopes 'read:contracts write:contracts read:waterfalls' --json | secret)"

echo "== $BACKEND, server pid $server on $URL ($(nproc) cores), release build $BIN"
# Other work on the machine shares its cores with the server and the clients.
echo "   load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
# The quiet-server probes after each load (a close, a period list, an as_of read) and the
# baseline come on top of LOAD_TIMEOUT: 300 s more.
timeout --signal=KILL "$((LOAD_TIMEOUT + DURATION + GRACE + 300))" \
    python3 scripts/abuse_drive.py "$URL" "$server" "$export_key" "$bystander_key" \
    "$periods_key" "$as_of_key" || status=$?
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
