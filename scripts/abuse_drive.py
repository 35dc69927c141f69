#!/usr/bin/env python3
"""The load of issue 22 ("hold under abuse") against one running revrec server on loopback.

    abuse_drive.py URL SERVER_PID EXPORT_KEY BYSTANDER_KEY

1. Loads the export tenant (EXPORT_KEY, plan scale) with about a million journal lines in
   2026-03: contracts of 500 subscription lines over 2026, in batches of at most the
   per-request obligation-month limit; checks the month's line count with one CSV export.
2. Gives the bystander tenant (BYSTANDER_KEY) a few ordinary contracts, and measures it and
   /healthz on the quiet server for a few seconds (the baseline).
3. Then for DURATION seconds, at once:
   - two callers with the sandbox token sending back to back the heaviest batch the limits
     allow (see `abuse_batch`);
   - four CSV exports of the export tenant's month, each restarted when done, read fully;
   - the bystander's ordinary reads, one at a time, paced within its plan;
   - a /healthz probe every 100 ms;
   - the server's RSS every 100 ms (/proc/PID/status).
4. Prints the summary and the targets' PASS/FAIL. Exits 0 whatever the figures (it is a
   measurement); non-zero only when the script itself breaks.

Each caller class runs in a process of its own, so one class's parsing never delays the
clock of another (the GIL); the clients share the machine's cores with the server.
Python 3 standard library only; loopback only; every loop is bounded in time.
"""
import http.client
import json
import math
import multiprocessing
import os
import sys
import time
import urllib.parse

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


def ingest(client, bodies_and_counts):
    created = 0
    for body, count in bodies_and_counts:
        status, data, _, fields = client.request("POST", "/v1/batch", body=body)
        for _ in range(3):
            # A keep-alive connection the server closed while we waited: a new one.
            if not isinstance(status, str):
                break
            status, data, _, fields = client.request("POST", "/v1/batch", body=body)
        while status == 429:
            # The scale plan's 6,000 units a minute: more than 6,000 contracts wait a window.
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
        created += count
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
    done += ingest(client, batches(done, wanted - done))
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
    url, pid, export_key, bystander_key = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    wall = time.time()

    log(f"== loading the export tenant ({TARGET_JOURNAL_LINES:,} journal lines in {EXPORT_PERIOD})")
    load_started = time.time()
    month_lines = load_export_tenant(url, export_key)
    load_seconds = time.time() - load_started
    load_hwm = status_of(pid)["VmHWM"]
    log(f"   journal lines in {EXPORT_PERIOD}: {month_lines:,}")
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
        f"{EXPORTERS} CSV exports of {EXPORT_PERIOD}; bystander at {BYSTANDER_RPS:g} reads/s; "
        f"/healthz and RSS every 100 ms"
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
    for title, key in (("sandbox callers (batches)", "abuser"), ("CSV exporters", "exporter"),
                       ("bystander", "bystander"), ("/healthz", "healthz")):
        records = results.get(key, [])
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
        f"total: {time.time() - wall:.0f} s (load {load_seconds:.0f} s, baseline "
        f"{BASELINE_SECONDS:g} s, abuse {abuse_seconds:.0f} s)"
    )


if __name__ == "__main__":
    multiprocessing.set_start_method("fork")
    main()
