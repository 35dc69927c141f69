#!/usr/bin/env python3
"""The load of issues 22 ("hold under abuse") and 33 against one running revrec server on
loopback.

    abuse_drive.py URL SERVER_PID EXPORT_KEY BYSTANDER_KEY [PERIODS_KEY AS_OF_KEY]

1. Loads the tenants of the classes switched on, within LOAD_TIMEOUT seconds in all, with a
   progress line every 10 s and each one's load time:
   - the export tenant (EXPORT_KEY, plan scale; EXPORTERS > 0) with about a million journal
     lines in 2026-03: contracts of 500 subscription lines over 2026, in batches of at most
     the per-request obligation-month limit; checks the month's line count with one CSV
     export;
   - the period tenant (PERIODS_KEY; PERIOD_LISTERS > 0): a 100-year five-line contract in
     each of 160 currencies, ending 2026-10, and every month closed through 2026-10 (1,200
     closed months); one GET /v1/periods timed on the quiet server;
   - the as_of tenant (AS_OF_KEY; AS_OF_READERS > 0): 120 USD contracts of 50 lines over
     2026-01-01 to 2125-12-31 (60,000 obligation-months each, four a batch), an instant T,
     then 12 of them invoiced after T; one read as_of T timed on the quiet server.
2. Gives the bystander tenant (BYSTANDER_KEY) a few ordinary contracts, and measures it and
   /healthz on the quiet server for a few seconds (the baseline).
3. Then for DURATION seconds, at once:
   - two callers with the sandbox token sending back to back the heaviest batch the limits
     allow (see `abuse_batch`);
   - four CSV exports of the export tenant's month, each restarted when done, read fully;
   - two callers listing the period tenant's periods (GET /v1/periods) back to back, and
     one more reopening 2026-10 and closing it again every 20 s (first at 10 s);
   - 24 callers reading the as_of tenant's USD portfolio waterfall as_of T back to back
     (their 429s, and 422 WORK_LIMIT_EXCEEDED once the server bounds such reads, are
     counted, not errors of the script);
   - the bystander's ordinary reads, one at a time, paced within its plan;
   - a /healthz probe every 100 ms;
   - the server's RSS every 100 ms (/proc/PID/status).
4. Prints the summary and the targets' PASS/FAIL. Exits 0 whatever the figures (it is a
   measurement); non-zero only when the script itself breaks or loading outlasts
   LOAD_TIMEOUT.

The figures above are the defaults; the settings (environment) that change them are read
below and listed in scripts/abuse.sh. A class set to 0 is left out, its tenant not loaded.
Each caller class runs in a process of its own, so one class's parsing never delays the
clock of another (the GIL); the clients share the machine's cores with the server.
Python 3 standard library only; loopback only; every loop is bounded in time.
"""
import http.client
import json
import math
import multiprocessing
import os
import re
import sys
import time
import urllib.parse
import uuid

SANDBOX_TOKEN = "rr_test_sandbox"
# docs/limits.md: the limits the callers stay within.
REQUEST_OBLIGATION_MONTHS = 250_000
CONTRACT_OBLIGATION_MONTHS = 60_000
OBLIGATION_MONTHS_PER_UNIT = 12_000
SANDBOX_REQUESTS_PER_MINUTE = 60
MAX_LINES = 500
MAX_OPERATIONS = 100

DURATION = float(os.environ.get("DURATION", "60"))
# Export tenant: contracts of EXPORT_LINES lines over 2026 (12 months each).
EXPORT_LINES = int(os.environ.get("EXPORT_LINES", "500"))
TARGET_JOURNAL_LINES = int(os.environ.get("TARGET_JOURNAL_LINES", "1000000"))
EXPORT_PERIOD = "2026-03"
EXPORTERS = int(os.environ.get("EXPORTERS", "4"))
# Sandbox callers (0 or 1 to take the batches out of the mix when looking for a cause).
ABUSERS = int(os.environ.get("ABUSERS", "2"))
# Abusers: contracts per batch (each one rate-limit unit, see abuse_batch).
ABUSE_CONTRACTS = int(os.environ.get("ABUSE_CONTRACTS", "30"))
# 1: a sandbox caller waits as its 429's Retry-After says before it sends again (the brief's
# callers send back to back, 0; 1 shows how much of the figures is the clients' own CPU on
# this machine, which a remote abuser would not take from the server).
HONOUR_RETRY_AFTER = os.environ.get("ABUSER_HONOUR_RETRY_AFTER", "0") == "1"
# The bystander's reads per second (its plan, scale, allows 100).
BYSTANDER_RPS = float(os.environ.get("BYSTANDER_RPS", "40"))
BASELINE_SECONDS = float(os.environ.get("BASELINE_SECONDS", "5"))
# Seconds allowed for loading every tenant (scripts/abuse.sh's LOAD_TIMEOUT): past it the
# script stops and says so, with the settings that make the tenants smaller.
LOAD_TIMEOUT = float(os.environ.get("LOAD_TIMEOUT", "1200"))
# Issue 33, period lists: a tenant with a PERIOD_YEARS-year contract of PERIOD_LINES lines
# in each of PERIOD_CURRENCIES currencies, ending with PERIOD_CLOSE_THROUGH, whose months
# are all closed; PERIOD_LISTERS callers list the periods back to back, and beside them one
# caller reopens PERIOD_CLOSE_THROUGH and closes it again every PERIOD_REOPEN_SECONDS (0: never).
PERIOD_LISTERS = int(os.environ.get("PERIOD_LISTERS", "2"))
PERIOD_CURRENCIES = int(os.environ.get("PERIOD_CURRENCIES", "160"))
PERIOD_LINES = int(os.environ.get("PERIOD_LINES", "5"))
PERIOD_YEARS = int(os.environ.get("PERIOD_YEARS", "100"))
PERIOD_CLOSE_THROUGH = os.environ.get("PERIOD_CLOSE_THROUGH", "2026-10")
PERIOD_REOPEN_SECONDS = float(os.environ.get("PERIOD_REOPEN_SECONDS", "20"))
# Issue 33, concurrent as_of reads: a tenant with AS_OF_CONTRACTS USD contracts of
# AS_OF_LINES lines over AS_OF_YEARS years from 2026-01-01 (50 x 1,200 months = 60,000
# obligation-months, the per-contract limit), AS_OF_MODIFIED of them invoiced after an
# instant T; AS_OF_READERS callers read the portfolio waterfall as_of T back to back.
AS_OF_READERS = int(os.environ.get("AS_OF_READERS", "24"))
AS_OF_CONTRACTS = int(os.environ.get("AS_OF_CONTRACTS", "120"))
AS_OF_LINES = int(os.environ.get("AS_OF_LINES", "50"))
AS_OF_YEARS = int(os.environ.get("AS_OF_YEARS", "100"))
AS_OF_MODIFIED = int(os.environ.get("AS_OF_MODIFIED", "12"))
# 1 (default): an as_of reader or period lister refused 429 waits as Retry-After says
# before it reads again (once the server charges these reads by their work, 24 callers
# answered 429 in a tight loop would mostly measure their own CPU on this machine).
NEW_HONOUR_RETRY_AFTER = os.environ.get("NEW_HONOUR_RETRY_AFTER", "1") == "1"
# How long requests still in flight at the end may take before they are cut off.
GRACE = float(os.environ.get("GRACE", "30"))
TARGETS = {"bystander_p99_ms": 100.0, "healthz_p99_ms": 50.0, "peak_rss_mb": 256.0}


def log(message):
    print(message, flush=True)


class Client:
    """One keep-alive connection to the server, reopened after any failure."""

    def __init__(self, url, token=None, timeout=60):
        parts = urllib.parse.urlsplit(url)
        assert parts.hostname in ("127.0.0.1", "localhost", "::1"), "loopback only"
        self.host, self.port, self.timeout = parts.hostname, parts.port, timeout
        self.token = token
        self.connection = None

    def open(self):
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        return self.connection

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def request(self, method, path, body=None, headers=None):
        """(status, body bytes, seconds, headers); status is an error name on failure."""
        fields = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        if body is not None:
            fields["Content-Type"] = "application/json"
        fields.update(headers or {})
        started = time.perf_counter()
        try:
            connection = self.open()
            connection.request(method, path, body=body, headers=fields)
            response = connection.getresponse()
            data = response.read()
            if response.will_close:
                self.close()
            return response.status, data, time.perf_counter() - started, dict(response.getheaders())
        except (OSError, http.client.HTTPException) as error:
            self.close()
            return type(error).__name__, b"", time.perf_counter() - started, {}

    def stream(self, path, deadline):
        """GETs path and reads the body to its end in 64 KiB reads, counting bytes and lines.
        (status, bytes, lines, seconds, complete)."""
        fields = {"Authorization": f"Bearer {self.token}"}
        started = time.perf_counter()
        size = lines = 0
        try:
            connection = self.open()
            connection.request("GET", path, headers=fields)
            response = connection.getresponse()
            while True:
                if time.time() > deadline:
                    self.close()
                    return response.status, size, lines, time.perf_counter() - started, False
                chunk = response.read(65536)
                if not chunk:
                    break
                size += len(chunk)
                lines += chunk.count(b"\n")
            if response.will_close:
                self.close()
            return response.status, size, lines, time.perf_counter() - started, True
        except (OSError, http.client.HTTPException) as error:
            self.close()
            return type(error).__name__, size, lines, time.perf_counter() - started, False


def problem_code(status, data):
    """What a refusal said: the problem's `code`, or that it had no problem body (the
    HTTP layer's own answer, such as actix's 408 for a request head not read in time)."""
    if isinstance(status, str) or status < 400 or status == 429:
        return None
    try:
        return f"{status} {json.loads(data).get('code')}"
    except (ValueError, AttributeError):
        return f"{status} (no problem body)"


def status_class(status):
    if isinstance(status, str):
        return f"error:{status}"
    if 200 <= status < 300:
        return "2xx"
    if status == 429:
        return "429"
    if status == 408:
        return "408"
    if 400 <= status < 500:
        return "4xx other"
    if 500 <= status < 600:
        return "5xx"
    return str(status)


def contract(name, lines, start, end, price="100.00"):
    return {
        "customer_name": name,
        "total_value": f"{int(float(price)) * lines}.00",
        "start_date": start,
        "end_date": end,
        "line_items": [
            {"name": f"Seat {i}", "pob_type": "subscription", "stated_price": price}
            for i in range(1, lines + 1)
        ],
    }


def batch_body(contracts):
    return json.dumps(
        {"operations": [{"method": "POST", "path": "/contracts", "body": c} for c in contracts]},
        separators=(",", ":"),
    ).encode()


def months_between(start_year, start_month, months):
    """The last day of the months-th month from start (inclusive)."""
    index = start_year * 12 + start_month - 1 + months  # first month after the term
    year, month = divmod(index, 12)
    first_after = f"{year:04d}-{month + 1:02d}-01"
    import datetime

    return (datetime.date.fromisoformat(first_after) - datetime.timedelta(days=1)).isoformat()


def abuse_batch(contracts_per_batch):
    """The heaviest batch the limits allow a sandbox caller: as close to the per-request
    limit of 250,000 obligation-months as whole contracts get, in `contracts_per_batch`
    contracts of 500 lines, each at most 12,000 obligation-months so that it costs one
    rate-limit unit. The batch then costs `contracts_per_batch` units of the sandbox's 60 a
    minute. The default, 30, is the most two callers sharing the one sandbox token can both
    be admitted with in one window (2 × 30 = 60): at 31 or more, two batches admitted at the
    same time each see the other's admission unit taken and are both refused 429, every
    window (the charge needs what is left after admission)."""
    per_contract = min(
        REQUEST_OBLIGATION_MONTHS // contracts_per_batch,
        OBLIGATION_MONTHS_PER_UNIT,
        CONTRACT_OBLIGATION_MONTHS,
    )
    lines = min(MAX_LINES, per_contract)
    months = max(1, per_contract // lines)
    end = months_between(2026, 1, months)
    contracts = [contract(f"Abuser {i}", lines, "2026-01-01", end) for i in range(contracts_per_batch)]
    obligation_months = contracts_per_batch * lines * months
    units = contracts_per_batch * max(1, math.ceil(lines * months / OBLIGATION_MONTHS_PER_UNIT))
    return batch_body(contracts), {
        "contracts": contracts_per_batch,
        "lines": lines,
        "months": months,
        "obligation_months": obligation_months,
        "units": units,
    }


def percentile(values, fraction):
    """Nearest-rank percentile of the values (milliseconds)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def latency_line(name, values):
    if not values:
        return f"{name}: no samples"
    return (
        f"{name}: count {len(values)}, p50 {percentile(values, 0.5):.1f} ms, "
        f"p99 {percentile(values, 0.99):.1f} ms, max {max(values):.1f} ms"
    )


# ---------------------------------------------------------------- load phase


def csv_count(url, token, period):
    client = Client(url, token, timeout=600)
    status, size, lines, seconds, complete = client.stream(
        f"/api/v1/accounting/journal-entries?period={period}&format=csv", time.time() + 600
    )
    client.close()
    if status != 200 or not complete:
        raise SystemExit(f"the CSV export answered {status} (complete: {complete})")
    return lines - 1, size, seconds  # less the header line


# Set by main: when loading must be over (LOAD_TIMEOUT from the start of the load).
load_deadline = None
# Seconds between two progress lines of a long load.
PROGRESS_SECONDS = 10.0


def check_load_deadline(what):
    if load_deadline is not None and time.time() > load_deadline:
        raise SystemExit(
            f"loading {what}: past LOAD_TIMEOUT ({LOAD_TIMEOUT:g} s for every tenant). Smaller "
            f"tenants: TARGET_JOURNAL_LINES (or EXPORTERS=0), PERIOD_CURRENCIES / PERIOD_YEARS "
            f"(or PERIOD_LISTERS=0), AS_OF_CONTRACTS / AS_OF_YEARS (or AS_OF_READERS=0); or a "
            f"larger LOAD_TIMEOUT"
        )


def ingest(client, bodies_and_counts, label="contracts", total=None, already=0, ids=None):
    """Posts the batches one after another; the number of contracts created. Prints a
    progress line every PROGRESS_SECONDS; stops the script past the load's deadline. The
    created contracts' ids are appended to `ids` when given."""
    created = 0
    started = last_progress = time.time()
    for body, count in bodies_and_counts:
        check_load_deadline(f"{label} ({already + created:,} contracts in)")
        status, data, _, fields = client.request("POST", "/v1/batch", body=body)
        for _ in range(3):
            # A keep-alive connection the server closed while we waited: a new one.
            if not isinstance(status, str):
                break
            status, data, _, fields = client.request("POST", "/v1/batch", body=body)
        while status == 429:
            # The scale plan's 6,000 units a minute: more than 6,000 contracts wait a window.
            check_load_deadline(f"{label} (waiting out a 429)")
            wait = {k.lower(): v for k, v in fields.items()}.get("retry-after", "1")
            time.sleep(float(wait))
            client.close()
            status, data, _, fields = client.request("POST", "/v1/batch", body=body)
        if status != 200:
            raise SystemExit(f"loading batch answered {status}: {data[:500]!r}")
        results = json.loads(data)["results"]
        failed = [r for r in results if r["status"] != 201]
        if failed:
            raise SystemExit(f"a loading contract failed: {json.dumps(failed[0])[:500]}")
        if ids is not None:
            ids.extend(r["body"]["id"] for r in results)
        created += count
        now = time.time()
        if now - last_progress >= PROGRESS_SECONDS:
            last_progress = now
            log(
                f"   ... {label}: {already + created:,}"
                + (f" of {total:,}" if total else "")
                + f" contracts, {now - started:.0f} s"
            )
    return created


def load_export_tenant(url, token):
    months = 12
    per_contract = EXPORT_LINES * months
    per_batch = min(MAX_OPERATIONS, REQUEST_OBLIGATION_MONTHS // per_contract)
    client = Client(url, token, timeout=600)

    def batches(first, count):
        index = first
        while index < first + count:
            n = min(per_batch, first + count - index)
            contracts = [
                contract(f"Export customer {index + i}", EXPORT_LINES, "2026-01-01", "2026-12-31")
                for i in range(n)
            ]
            yield batch_body(contracts), n
            index += n

    started = time.time()
    # A first batch says how many journal lines a contract makes in the month.
    done = ingest(client, batches(0, per_batch))
    pilot_lines, _, _ = csv_count(url, token, EXPORT_PERIOD)
    per_contract_lines = pilot_lines / done
    wanted = math.ceil(TARGET_JOURNAL_LINES / per_contract_lines)
    log(
        f"   pilot: {done} contracts x {EXPORT_LINES} lines x {months} months "
        f"({per_contract} obligation-months each, {per_batch} a batch = "
        f"{per_batch * per_contract} obligation-months) make {pilot_lines} journal lines in "
        f"{EXPORT_PERIOD} ({per_contract_lines:g} a contract): loading {wanted} contracts"
    )
    done += ingest(client, batches(done, wanted - done), "export tenant", wanted, done)
    client.close()
    load_seconds = time.time() - started
    lines, size, seconds = csv_count(url, token, EXPORT_PERIOD)
    log(
        f"   loaded {done} contracts in {load_seconds:.1f} s "
        f"({done * per_contract / load_seconds:,.0f} obligation-months/s)"
    )
    log(
        f"   one CSV export of {EXPORT_PERIOD} on the quiet server: {lines:,} journal lines, "
        f"{size / 1e6:.1f} MB in {seconds:.1f} s"
    )
    return lines


def prepare_bystander(url, token):
    client = Client(url, token, timeout=60)
    ids = []
    for i in range(10):
        body = json.dumps(contract(f"Bystander customer {i}", 3, "2026-01-01", "2026-12-31")).encode()
        status, data, _, _ = client.request("POST", "/v1/contracts", body=body)
        if status != 201:
            raise SystemExit(f"bystander contract answered {status}: {data[:500]!r}")
        ids.append(json.loads(data)["id"])
    client.close()
    return ids


def currency_codes():
    """The ISO 4217 codes the server accepts, in the order of the domain's table
    (crates/revrec-domain/src/currency.rs)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crates",
                        "revrec-domain", "src", "currency.rs")
    with open(path) as source:
        text = source.read()
    table = text[text.index("const TABLE"):]
    return re.findall(r'\("([A-Z]{3})", \d\)', table[: table.index("];")])


def whole_contract(name, currency, lines, start, end):
    """A contract of `lines` subscription lines in whole amounts, which fit every currency's
    decimals (JPY 0, BHD 3, CLF 4)."""
    return {
        "customer_name": name,
        "currency": currency,
        "total_value": str(1000 * lines),
        "start_date": start,
        "end_date": end,
        "line_items": [
            {"name": f"Line {i}", "pob_type": "subscription", "stated_price": "1000"}
            for i in range(1, lines + 1)
        ],
    }


def batches_of(contracts, per_batch):
    for first in range(0, len(contracts), per_batch):
        chunk = contracts[first : first + per_batch]
        yield batch_body(chunk), len(chunk)


def post_json(client, path, body):
    """A POST with a fresh Idempotency-Key: (status, body bytes, seconds, headers)."""
    return client.request("POST", path, body=json.dumps(body).encode(),
                          headers={"Idempotency-Key": str(uuid.uuid4())})


def load_periods_tenant(url, token):
    """Issue 33's period tenant: one PERIOD_YEARS-year contract of PERIOD_LINES lines in each
    of PERIOD_CURRENCIES currencies, ending with PERIOD_CLOSE_THROUGH, then every month
    closed through it (all 1,200 of them at the defaults: the closed months start at the
    first with figures). Returns its load figures."""
    codes = currency_codes()
    if len(codes) < PERIOD_CURRENCIES:
        raise SystemExit(f"PERIOD_CURRENCIES={PERIOD_CURRENCIES}: the server knows {len(codes)}")
    codes = codes[:PERIOD_CURRENCIES]
    year, month = (int(part) for part in PERIOD_CLOSE_THROUGH.split("-"))
    months = 12 * PERIOD_YEARS
    first = year * 12 + month - 1 - months + 1
    start = f"{first // 12:04d}-{first % 12 + 1:02d}-01"
    end = months_between(first // 12, first % 12 + 1, months)
    per_contract = PERIOD_LINES * months
    per_batch = max(1, min(MAX_OPERATIONS, REQUEST_OBLIGATION_MONTHS // per_contract))
    log(
        f"== loading the period tenant: {len(codes)} contracts, one in each currency "
        f"({codes[0]} … {codes[-1]}), of {PERIOD_LINES} lines over {start} to {end} "
        f"({per_contract:,} obligation-months each), {per_batch} a batch"
    )
    contracts = [whole_contract(f"Period customer {code}", code, PERIOD_LINES, start, end) for code in codes]
    client = Client(url, token, timeout=600)
    started = time.time()
    done = ingest(client, batches_of(contracts, per_batch), "period tenant", len(contracts))
    loaded = time.time() - started
    log(f"   loaded {done} contracts in {loaded:.1f} s; closing through {PERIOD_CLOSE_THROUGH} …")
    check_load_deadline("the period tenant (before its close)")
    status, data, seconds, _ = post_json(client, "/v1/periods/close", {"through": PERIOD_CLOSE_THROUGH})
    if status != 200:
        raise SystemExit(f"closing through {PERIOD_CLOSE_THROUGH} answered {status}: {data[:500]!r}")
    closed = len(json.loads(data)["closed"])
    log(f"   closed through {PERIOD_CLOSE_THROUGH} in {seconds:.1f} s: {closed:,} months closed")
    close_seconds = seconds
    status, data, seconds, _ = client.request("GET", "/v1/periods")
    client.close()
    if status != 200:
        raise SystemExit(f"GET /v1/periods answered {status}: {data[:500]!r}")
    view = json.loads(data)
    log(
        f"   one GET /v1/periods on the quiet server: {len(view['closed']):,} closed months, "
        f"{len(view['history'])} events, {len(data) / 1e3:.0f} kB in {seconds:.1f} s"
    )
    return {"load": loaded, "close": close_seconds, "list": seconds}


def load_as_of_tenant(url, token):
    """Issue 33's as_of tenant: AS_OF_CONTRACTS USD contracts of AS_OF_LINES lines over
    AS_OF_YEARS years from 2026-01-01, an instant T after them, then AS_OF_MODIFIED of them
    invoiced after T, so that a read as_of T has that many contracts to rewind. Returns T
    (RFC 3339) and the load figures."""
    months = 12 * AS_OF_YEARS
    end = months_between(2026, 1, months)
    per_contract = AS_OF_LINES * months
    if per_contract > CONTRACT_OBLIGATION_MONTHS:
        raise SystemExit(
            f"AS_OF_LINES x AS_OF_YEARS: {per_contract:,} obligation-months a contract, "
            f"over the limit of {CONTRACT_OBLIGATION_MONTHS:,}"
        )
    per_batch = max(1, min(MAX_OPERATIONS, REQUEST_OBLIGATION_MONTHS // per_contract))
    log(
        f"== loading the as_of tenant: {AS_OF_CONTRACTS} contracts of {AS_OF_LINES} lines over "
        f"2026-01-01 to {end} ({per_contract:,} obligation-months each, "
        f"{AS_OF_CONTRACTS * per_contract:,} in all), {per_batch} a batch"
    )
    contracts = [contract(f"As-of customer {i}", AS_OF_LINES, "2026-01-01", end) for i in range(AS_OF_CONTRACTS)]
    client = Client(url, token, timeout=600)
    ids = []
    started = time.time()
    done = ingest(client, batches_of(contracts, per_batch), "as_of tenant", len(contracts), ids=ids)
    loaded = time.time() - started
    log(
        f"   loaded {done} contracts in {loaded:.1f} s "
        f"({done * per_contract / loaded:,.0f} obligation-months/s)"
    )
    # T: the next whole second; the invoices are recorded a second or more after it.
    instant = math.floor(time.time()) + 1
    as_of = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(instant))
    time.sleep(max(0.0, instant + 1.0 - time.time()))
    modified = ids[:: max(1, len(ids) // AS_OF_MODIFIED)][:AS_OF_MODIFIED] if AS_OF_MODIFIED > 0 else []
    started = time.time()
    for number, contract_id in enumerate(modified):
        check_load_deadline(f"the as_of tenant's invoices ({number} of {len(modified)} in)")
        status, data, _, _ = post_json(
            client, f"/v1/contracts/{contract_id}/invoices",
            {"date": "2026-03-31", "amount": "1000.00", "number": f"ABUSE-AS-OF-{number}"},
        )
        if status not in (200, 201):
            raise SystemExit(f"an invoice answered {status}: {data[:500]!r}")
    invoiced = time.time() - started
    log(f"   T = {as_of}; invoiced {len(modified)} of the contracts after T in {invoiced:.1f} s")
    path = f"/v1/waterfalls?currency=USD&as_of={urllib.parse.quote(as_of)}"
    status, data, seconds, _ = client.request("GET", path)
    log(
        f"   one GET {path} on the quiet server: {status}, {len(data) / 1e3:.0f} kB in "
        f"{seconds * 1000:.0f} ms"
    )
    status, data, now_seconds, _ = client.request("GET", "/v1/waterfalls?currency=USD")
    log(f"   the same without as_of: {status}, {len(data) / 1e3:.0f} kB in {now_seconds * 1000:.0f} ms")
    client.close()
    return as_of, {"load": loaded, "invoices": invoiced, "read": seconds}


# ---------------------------------------------------------------- abuse roles
# Each runs in its own process until `stop_at` and puts its records on the queue.


def role_abuser(url, body, stop_at, queue, index):
    client = Client(url, SANDBOX_TOKEN, timeout=GRACE + 60)
    records = []
    while time.time() < stop_at:
        sent = time.time()
        status, data, seconds, fields = client.request("POST", "/v1/batch", body=body)
        if status == 429 and HONOUR_RETRY_AFTER:
            wait = {k.lower(): v for k, v in fields.items()}.get("retry-after", "1")
            time.sleep(max(0.0, min(float(wait), stop_at - time.time())))
        inner = {}
        if status == 200:
            for result in json.loads(data)["results"]:
                inner[result["status"]] = inner.get(result["status"], 0) + 1
        records.append({"sent": sent, "status": status, "ms": seconds * 1000, "inner": inner,
                        "code": problem_code(status, data)})
    client.close()
    queue.put(("abuser", index, records, time.process_time()))


def role_exporter(url, token, stop_at, queue, index):
    client = Client(url, token, timeout=GRACE + 60)
    records = []
    path = f"/api/v1/accounting/journal-entries?period={EXPORT_PERIOD}&format=csv"
    while time.time() < stop_at:
        sent = time.time()
        status, size, lines, seconds, complete = client.stream(path, stop_at + GRACE)
        records.append(
            {"sent": sent, "status": status, "bytes": size, "lines": lines,
             "ms": seconds * 1000, "complete": complete}
        )
    client.close()
    queue.put(("exporter", index, records, time.process_time()))


def role_bystander(url, token, contract_id, stop_at, queue, index):
    client = Client(url, token, timeout=GRACE + 30)
    paths = [
        ("contracts", "/v1/contracts?limit=1"),
        ("waterfall", f"/v1/waterfalls?contract_id={contract_id}"),
        ("note6", "/v1/disclosures/note6?period=2026-Q1"),
    ]
    records = []
    interval = 1.0 / BYSTANDER_RPS
    next_at = time.time()
    turn = 0
    while True:
        now = time.time()
        if now >= stop_at:
            break
        if next_at > now:
            time.sleep(next_at - now)
        next_at += interval
        name, path = paths[turn % len(paths)]
        turn += 1
        sent = time.time()
        status, data, seconds, _ = client.request("GET", path)
        records.append({"sent": sent, "name": name, "status": status, "ms": seconds * 1000,
                        "code": problem_code(status, data)})
    client.close()
    queue.put(("bystander", index, records, time.process_time()))


def role_healthz(url, stop_at, queue, index):
    client = Client(url, None, timeout=GRACE)
    records = []
    next_at = time.time()
    while True:
        now = time.time()
        if now >= stop_at:
            break
        if next_at > now:
            time.sleep(next_at - now)
        next_at += 0.1
        sent = time.time()
        status, data, seconds, _ = client.request("GET", "/healthz")
        records.append({"sent": sent, "status": status, "ms": seconds * 1000,
                        "code": problem_code(status, data)})
    client.close()
    queue.put(("healthz", index, records, time.process_time()))


def wait_out_429(status, fields, stop_at):
    """An issue-33 caller refused 429 waits as Retry-After says (NEW_HONOUR_RETRY_AFTER)."""
    if status == 429 and NEW_HONOUR_RETRY_AFTER:
        wait = {k.lower(): v for k, v in fields.items()}.get("retry-after", "1")
        time.sleep(max(0.0, min(float(wait), stop_at - time.time())))


def role_period_lister(url, token, stop_at, queue, index):
    """GET /v1/periods back to back."""
    client = Client(url, token, timeout=GRACE + 60)
    records = []
    while time.time() < stop_at:
        sent = time.time()
        status, data, seconds, fields = client.request("GET", "/v1/periods")
        records.append({"sent": sent, "kind": "list", "status": status, "ms": seconds * 1000,
                        "code": problem_code(status, data)})
        wait_out_429(status, fields, stop_at)
    client.close()
    queue.put(("periods", index, records, time.process_time()))


def role_period_writer(url, token, stop_at, queue, index):
    """Beside the listers, on a connection of its own (a list can take longer than the
    interval): reopens PERIOD_CLOSE_THROUGH and closes it again, the first time half
    PERIOD_REOPEN_SECONDS in, then PERIOD_REOPEN_SECONDS after each close (a fresh
    Idempotency-Key each)."""
    client = Client(url, token, timeout=GRACE + 60)
    records = []
    writes_at = time.time() + PERIOD_REOPEN_SECONDS / 2
    while True:
        time.sleep(max(0.0, min(writes_at, stop_at) - time.time()))
        if time.time() >= stop_at:
            break
        for kind, path, body in (
            ("reopen", "/v1/periods/reopen", {"from": PERIOD_CLOSE_THROUGH, "reason": "abuse test"}),
            ("close", "/v1/periods/close", {"through": PERIOD_CLOSE_THROUGH}),
        ):
            if time.time() >= stop_at:
                break
            sent = time.time()
            status, data, seconds, fields = post_json(client, path, body)
            records.append({"sent": sent, "kind": kind, "status": status, "ms": seconds * 1000,
                            "code": problem_code(status, data)})
            wait_out_429(status, fields, stop_at)
        writes_at = time.time() + PERIOD_REOPEN_SECONDS
    client.close()
    queue.put(("periods", index, records, time.process_time()))


def role_as_of_reader(url, token, as_of, stop_at, queue, index):
    """The portfolio waterfall in USD as_of T, back to back."""
    client = Client(url, token, timeout=GRACE + 60)
    path = f"/v1/waterfalls?currency=USD&as_of={urllib.parse.quote(as_of)}"
    records = []
    while time.time() < stop_at:
        sent = time.time()
        status, data, seconds, fields = client.request("GET", path)
        records.append({"sent": sent, "status": status, "ms": seconds * 1000,
                        "code": problem_code(status, data)})
        wait_out_429(status, fields, stop_at)
    client.close()
    queue.put(("as_of", index, records, time.process_time()))


def status_of(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM", "Threads"):
                fields[name] = int(value.split()[0])
    return fields


def thread_cpu(pid):
    """CPU seconds (user + system) of each of the process's threads, by thread name with
    its digits dropped (the HTTP workers, the compute pool, the database threads …)."""
    ticks = os.sysconf("SC_CLK_TCK")
    groups = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        name = text[text.index("(") + 1 : text.rindex(")")]
        fields = text[text.rindex(")") + 2 :].split()
        seconds = (int(fields[11]) + int(fields[12])) / ticks
        key = "".join(c for c in name if not c.isdigit()).rstrip("-_:# ") or name
        groups[(key, task)] = seconds
    return groups


def machine_busy():
    """Seconds of CPU the whole machine has spent busy (all cores), from /proc/stat."""
    with open("/proc/stat") as stat:
        fields = [int(v) for v in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def cpu_by_group(before, after):
    groups = {}
    for (key, task), seconds in after.items():
        spent = seconds - before.get((key, task), 0.0)
        total, count = groups.get(key, (0.0, 0))
        groups[key] = (total + spent, count + 1)
    return sorted(groups.items(), key=lambda item: -item[1][0])


def role_memory(pid, stop_at, queue, index):
    records = []
    next_at = time.time()
    while time.time() < stop_at:
        now = time.time()
        if next_at > now:
            time.sleep(next_at - now)
        next_at += 0.1
        try:
            fields = status_of(pid)
        except OSError:
            break
        records.append({"at": time.time(), **fields})
    queue.put(("memory", index, records, time.process_time()))


def run_roles(roles, stop_at):
    queue = multiprocessing.Queue()
    processes = [
        multiprocessing.Process(target=target, args=(*args, stop_at, queue, index), daemon=True)
        for index, (target, args) in enumerate(roles)
    ]
    for process in processes:
        process.start()
    results = {"client_cpu": {}}
    # Every role ends by stop_at plus the grace it gives a request in flight.
    for _ in processes:
        name, index, records, cpu = queue.get(timeout=max(1, stop_at - time.time()) + GRACE + 90)
        results.setdefault(name, []).extend(records)
        results["client_cpu"][name] = results["client_cpu"].get(name, 0.0) + cpu
    for process in processes:
        process.join(timeout=10)
    return results


def histogram(records):
    counts = {}
    for record in records:
        key = status_class(record["status"])
        counts[key] = counts.get(key, 0) + 1
    order = ["2xx", "429", "4xx other", "408", "5xx"]
    line = ", ".join(f"{key} {counts.get(key, 0)}" for key in order)
    others = {k: v for k, v in counts.items() if k not in order}
    if others:
        line += ", " + ", ".join(f"{k} {v}" for k, v in sorted(others.items()))
    return line, counts


def main():
    global load_deadline
    url, pid, export_key, bystander_key = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    periods_key, as_of_key = (sys.argv[5:7] + [None, None])[:2]
    wall = time.time()

    load_started = time.time()
    load_deadline = load_started + LOAD_TIMEOUT
    loads = {}
    month_lines = 0
    if EXPORTERS > 0:
        log(f"== loading the export tenant ({TARGET_JOURNAL_LINES:,} journal lines in {EXPORT_PERIOD})")
        month_lines = load_export_tenant(url, export_key)
        loads["export tenant"] = time.time() - load_started
        log(f"   journal lines in {EXPORT_PERIOD}: {month_lines:,}")
    else:
        log("== the export tenant is not loaded (EXPORTERS=0)")
    period_figures = as_of_figures = None
    as_of = None
    if PERIOD_LISTERS > 0:
        if not periods_key:
            raise SystemExit("PERIOD_LISTERS needs the period tenant's key (the fifth argument)")
        started = time.time()
        period_figures = load_periods_tenant(url, periods_key)
        loads["period tenant"] = time.time() - started
    if AS_OF_READERS > 0:
        if not as_of_key:
            raise SystemExit("AS_OF_READERS needs the as_of tenant's key (the sixth argument)")
        started = time.time()
        as_of, as_of_figures = load_as_of_tenant(url, as_of_key)
        loads["as_of tenant"] = time.time() - started
    load_deadline = None
    load_seconds = time.time() - load_started
    load_hwm = status_of(pid)["VmHWM"]
    log(f"   server VmHWM after loading: {load_hwm / 1024:.0f} MB")

    ids = prepare_bystander(url, bystander_key)
    log(f"== quiet baseline ({BASELINE_SECONDS:g} s): bystander and /healthz alone")
    baseline = run_roles(
        [(role_bystander, (url, bystander_key, ids[0])), (role_healthz, (url,))],
        time.time() + BASELINE_SECONDS,
    )
    log("   " + latency_line("bystander", [r["ms"] for r in baseline["bystander"] if r["status"] == 200]))
    log("   " + latency_line("/healthz ", [r["ms"] for r in baseline["healthz"] if r["status"] == 200]))

    body, shape = abuse_batch(ABUSE_CONTRACTS)
    log(
        f"== abuse for {DURATION:g} s: {ABUSERS} sandbox callers, batches of {shape['contracts']} contracts x "
        f"{shape['lines']} lines x {shape['months']} months = {shape['obligation_months']:,} "
        f"obligation-months, {shape['units']} rate-limit units, {len(body) / 1e6:.2f} MB"
        f"{', waiting out Retry-After' if HONOUR_RETRY_AFTER else ', back to back'}; "
        f"{EXPORTERS} CSV exports of {EXPORT_PERIOD}; "
        f"{PERIOD_LISTERS} period listers"
        + (f" and a caller reopening and closing {PERIOD_CLOSE_THROUGH} every {PERIOD_REOPEN_SECONDS:g} s"
           if PERIOD_LISTERS and PERIOD_REOPEN_SECONDS > 0 else "")
        + f"; {AS_OF_READERS} as_of readers"
        + (f" (USD portfolio waterfall as_of {as_of})" if as_of else "")
        + f"; bystander at {BYSTANDER_RPS:g} reads/s; /healthz and RSS every 100 ms"
    )
    # The high-water mark from here on (the load above is not the abuse): writing 5 to
    # clear_refs resets VmHWM to the current RSS (Linux 4.0+, needs the process's owner).
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as clear:
            clear.write("5")
        hwm_reset = True
    except OSError:
        hwm_reset = False
    rss_before = status_of(pid)["VmRSS"]
    cpu_before = thread_cpu(pid)
    busy_before = machine_busy()
    roles = [(role_abuser, (url, body)) for _ in range(ABUSERS)]
    roles += [(role_exporter, (url, export_key)) for _ in range(EXPORTERS)]
    roles += [(role_period_lister, (url, periods_key)) for _ in range(PERIOD_LISTERS)]
    if PERIOD_LISTERS > 0 and PERIOD_REOPEN_SECONDS > 0:
        roles.append((role_period_writer, (url, periods_key)))
    roles += [(role_as_of_reader, (url, as_of_key, as_of)) for _ in range(AS_OF_READERS)]
    roles += [(role_bystander, (url, bystander_key, ids[0])), (role_healthz, (url,)), (role_memory, (pid,))]
    abuse_started = time.time()
    stop_at = abuse_started + DURATION
    results = run_roles(roles, stop_at)
    abuse_seconds = time.time() - abuse_started
    final = status_of(pid)
    cpu_after = thread_cpu(pid)
    busy = machine_busy() - busy_before

    # ------------------------------------------------------------ summary
    log(f"== summary ({abuse_seconds:.1f} s of abuse, requests in flight at {DURATION:g} s allowed {GRACE:g} s more)")
    bystander = results.get("bystander", [])
    healthz = results.get("healthz", [])
    # Every request counts, whatever its answer: a 408 or a reset after seconds is a slow
    # read to the caller (its time runs until the answer or the failure).
    by_ok = [r["ms"] for r in bystander]
    hz_ok = [r["ms"] for r in healthz]
    log(latency_line("bystander (all its reads, any answer)", by_ok))
    for name in ("contracts", "waterfall", "note6"):
        log("  " + latency_line(name, [r["ms"] for r in bystander if r["name"] == name]))
    log(latency_line("/healthz (any answer)", hz_ok))
    periods = results.get("periods", [])
    as_of_reads = results.get("as_of", [])
    for kind in ("list", "reopen", "close"):
        records = [r["ms"] for r in periods if r["kind"] == kind]
        if records:
            log(latency_line(f"period {kind}s (any answer)", records))
    if as_of_reads:
        log(latency_line("as_of waterfall reads (any answer)", [r["ms"] for r in as_of_reads]))
    for title, records in (("bystander", bystander), ("/healthz", healthz)):
        slowest = sorted(records, key=lambda r: -r["ms"])[:5]
        log(
            f"  slowest {title}: "
            + ", ".join(
                f"{r['ms']:.0f} ms {r.get('name', '')} at +{r['sent'] - abuse_started:.1f} s".replace("  ", " ")
                for r in slowest
            )
        )

    all_counts = {}
    for title, key, records in (
        ("sandbox callers (batches)", "abuser", results.get("abuser", [])),
        ("CSV exporters", "exporter", results.get("exporter", [])),
        ("period listers (GET /v1/periods)", "period_list", [r for r in periods if r["kind"] == "list"]),
        ("period reopens and closes", "period_write", [r for r in periods if r["kind"] != "list"]),
        ("as_of readers (GET /v1/waterfalls?as_of)", "as_of", as_of_reads),
        ("bystander", "bystander", bystander),
        ("/healthz", "healthz", healthz),
    ):
        line, counts = histogram(records)
        all_counts[key] = counts
        codes = {}
        for record in records:
            if record.get("code"):
                codes[record["code"]] = codes.get(record["code"], 0) + 1
        log(f"{title}: {len(records)} requests: {line}"
            + (f" (refusals: {', '.join(f'{k} x{v}' for k, v in sorted(codes.items()))})" if codes else ""))
    abusers = results.get("abuser", [])
    inner = {}
    for record in abusers:
        for status, count in record["inner"].items():
            inner[status] = inner.get(status, 0) + count
    admitted = [r for r in abusers if r["status"] == 200]
    log(
        f"  batches admitted {len(admitted)} ({len(admitted) * shape['obligation_months']:,} obligation-months); "
        f"their operations' statuses {dict(sorted(inner.items()))}; admitted batch time "
        + (", ".join(f"{r['ms'] / 1000:.1f} s from +{r['sent'] - abuse_started:.1f} s" for r in admitted) or "-")
    )
    refused = [r["ms"] for r in abusers if r["status"] == 429]
    if refused:
        log("  " + latency_line("429 answers to a batch", refused))
    exports = results.get("exporter", [])
    complete = [r for r in exports if r["complete"] and r["status"] == 200]
    line_counts = sorted({r["lines"] - 1 for r in complete})
    log(
        f"  CSV exports completed {len(complete)} of {len(exports)} started; journal lines each "
        f"{', '.join(f'{n:,}' for n in line_counts) or '-'} (expected {month_lines:,}); "
        f"time each "
        + (", ".join(f"{r['ms'] / 1000:.1f} s" for r in complete) or "-")
    )
    cut = [r for r in exports if not r["complete"]]
    if cut:
        log(
            f"  CSV exports cut off at the end (still reading after {DURATION:g} + {GRACE:g} s) or failed: "
            + ", ".join(f"{r['status']} after {r['bytes'] / 1e6:.1f} MB" for r in cut)
        )
    memory = results.get("memory", [])
    peak_sampled = max((r["VmRSS"] for r in memory), default=0)
    peak_at = next((r["at"] - abuse_started for r in memory if r["VmRSS"] == peak_sampled), 0.0)
    peak = max(peak_sampled, final["VmHWM"]) if hwm_reset else peak_sampled
    log(
        f"server RSS: {rss_before / 1024:.0f} MB before the abuse, peak {peak / 1024:.0f} MB "
        f"(sampled VmRSS peak {peak_sampled / 1024:.0f} MB at +{peak_at:.1f} s; VmHWM at the end "
        f"{final['VmHWM'] / 1024:.0f} MB{'' if hwm_reset else ', not reset: includes the load'}); "
        f"{final['VmRSS'] / 1024:.0f} MB at the end; threads {final.get('Threads')}"
    )

    groups = cpu_by_group(cpu_before, cpu_after)
    total_cpu = sum(seconds for _, (seconds, _) in groups)
    log(
        f"server CPU during the abuse: {total_cpu:.1f} s in {abuse_seconds:.0f} s "
        f"({total_cpu / abuse_seconds:.2f} of {os.cpu_count()} cores); by thread: "
        + ", ".join(f"{key} x{count} {seconds:.1f} s" for key, (seconds, count) in groups if seconds >= 0.05)
    )
    log(
        f"machine CPU busy during the abuse: {busy:.1f} s ({busy / abuse_seconds:.2f} cores): the server "
        f"{total_cpu:.1f} s, the clients {sum(results['client_cpu'].values()):.1f} s ("
        + ", ".join(f"{k} {v:.1f} s" for k, v in sorted(results["client_cpu"].items(), key=lambda kv: -kv[1]))
        + f"), the kernel's share of their sockets and anything else running "
        f"{busy - total_cpu - sum(results['client_cpu'].values()):.1f} s"
    )

    verdicts = [
        ("bystander p99 < 100 ms", percentile(by_ok, 0.99) < TARGETS["bystander_p99_ms"] if by_ok else False,
         f"{percentile(by_ok, 0.99):.1f} ms"),
        ("/healthz p99 < 50 ms", percentile(hz_ok, 0.99) < TARGETS["healthz_p99_ms"] if hz_ok else False,
         f"{percentile(hz_ok, 0.99):.1f} ms"),
        ("peak RSS < 256 MB", peak / 1024 < TARGETS["peak_rss_mb"], f"{peak / 1024:.0f} MB"),
    ]
    five = sum(c.get("5xx", 0) for c in all_counts.values())
    timeouts = sum(c.get("408", 0) for c in all_counts.values())
    errors = sum(v for c in all_counts.values() for k, v in c.items() if k.startswith("error:"))
    verdicts.append(("no 5xx", five == 0, str(five)))
    verdicts.append(("no 408", timeouts == 0, str(timeouts)))
    for name, passed, value in verdicts:
        log(f"{'PASS' if passed else 'FAIL'}  {name}: {value}")
    if errors:
        log(f"note: {errors} requests ended in a connection error (see the histograms)")
    log(
        f"total: {time.time() - wall:.0f} s (load {load_seconds:.0f} s"
        + (" [" + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in loads.items()) + "]" if loads else "")
        + f", baseline {BASELINE_SECONDS:g} s, abuse {abuse_seconds:.0f} s)"
    )
    if period_figures:
        log(
            f"period tenant: contracts loaded in {period_figures['load']:.1f} s, the close in "
            f"{period_figures['close']:.1f} s, one list on the quiet server {period_figures['list']:.1f} s"
        )
    if as_of_figures:
        log(
            f"as_of tenant: contracts loaded in {as_of_figures['load']:.1f} s, the invoices after T in "
            f"{as_of_figures['invoices']:.1f} s, one as_of read on the quiet server "
            f"{as_of_figures['read'] * 1000:.0f} ms"
        )


if __name__ == "__main__":
    multiprocessing.set_start_method("fork")
    main()
