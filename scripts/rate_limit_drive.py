#!/usr/bin/env python3
"""Drives one credential past its rate limit for one whole 60-second window (aligned to the
limiter's windows, which start on the minute), round-robin over the given server URLs, then
checks every answer:

- every response carries RateLimit-Limit, -Remaining and -Reset as whole numbers, with
  0 <= remaining <= limit and 1 <= reset <= 60;
- every refusal is a 429 RATE_LIMITED problem whose Retry-After equals RateLimit-Reset;
- no response is anything but 200 or 429 (no 5xx);
- the requests admitted in the window are at most the limit, and at least 90 % of it;
- the limit resets on time: the first requests after the window turns are admitted.

    rate_limit_drive.py TOKEN URL [URL …]

Prints one line of figures and exits non-zero on any failed check.
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse

THREADS = 8
PATH = "/v1/contracts?limit=1"


def worker(urls, token, stop_at, results, index):
    connections = []
    for url in urls:
        parts = urllib.parse.urlsplit(url)
        connections.append(http.client.HTTPConnection(parts.hostname, parts.port, timeout=10))
    turn = index
    headers = {"Authorization": f"Bearer {token}"}
    while True:
        now = time.time()
        if now >= stop_at:
            break
        connection = connections[turn % len(connections)]
        turn += 1
        connection.request("GET", PATH, headers=headers)
        response = connection.getresponse()
        body = response.read()
        # Field names are case-insensitive; actix writes them in lowercase.
        fields = {name.lower(): value for name, value in response.getheaders()}
        results.append((now, time.time(), response.status, fields, body))


def main():
    token, urls = sys.argv[1], sys.argv[2:]
    # Start just after a window turns, run through the whole window and 3 s into the next.
    now = time.time()
    start = (int(now) // 60 + 1) * 60 + 0.2
    time.sleep(start - now)
    boundary = start - 0.2 + 60
    stop_at = boundary + 3
    results = []
    threads = [
        threading.Thread(target=worker, args=(urls, token, stop_at, results, i)) for i in range(THREADS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    failures = []
    admitted_in_window = 0
    statuses = {}
    limit = None
    first_after = None
    for sent, received, status, headers, body in results:
        statuses[status] = statuses.get(status, 0) + 1
        fields = {}
        for name in ("ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"):
            value = headers.get(name)
            if value is None or not value.isdigit():
                failures.append(f"{status}: {name} is {value!r}")
                continue
            fields[name] = int(value)
        if len(fields) == 3:
            limit = fields["ratelimit-limit"]
            if not (0 <= fields["ratelimit-remaining"] <= limit and 1 <= fields["ratelimit-reset"] <= 60):
                failures.append(f"fields out of range: {fields}")
        if status == 429:
            problem = json.loads(body)
            if problem.get("code") != "RATE_LIMITED":
                failures.append(f"429 with code {problem.get('code')}")
            if headers.get("retry-after") != headers.get("ratelimit-reset"):
                failures.append("Retry-After differs from RateLimit-Reset")
        elif status != 200:
            failures.append(f"status {status}: {body[:200]!r}")
        # Requests wholly inside the window (answers within 50 ms of its edges are ambiguous).
        if status == 200 and start - 0.2 + 0.05 <= sent and received <= boundary - 0.05:
            admitted_in_window += 1
        if sent >= boundary + 0.05 and (first_after is None or sent < first_after[0]):
            first_after = (sent, status)
    after = [r for r in results if r[0] >= boundary + 0.05]
    admitted_after = sum(1 for r in after if r[2] == 200)
    if limit is None:
        failures.append("no response carried the fields")
        limit = 0
    else:
        if admitted_in_window > limit:
            failures.append(f"{admitted_in_window} admitted in one window, over the limit {limit}")
        if admitted_in_window < 0.9 * limit:
            failures.append(f"only {admitted_in_window} of {limit} admitted in the window")
        if first_after is None or first_after[1] != 200:
            failures.append(f"the first request after the reset was {first_after}")
    rate = len(results) / (stop_at - start)
    print(
        f"instances {len(urls)}: {len(results)} requests ({rate:.0f}/s), statuses {statuses}, "
        f"admitted in the window {admitted_in_window} of {limit} ({100 * admitted_in_window / max(limit, 1):.1f} %), "
        f"admitted in the 3 s after the reset {admitted_after}, first answer after it {first_after[1] if first_after else None}"
    )
    for failure in failures[:10]:
        print("FAIL:", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
