#!/usr/bin/env python3
"""An independent re-derivation of the worked examples in docs/asc606.md.

Written from the rules in docs/asc606.md alone, with exact fractions (no floats), so an
auditor can check the engine's cents without reading Rust. Run it and compare its output
with the tables in docs/asc606.md (crates/revrec-domain/tests/worked_examples.rs asserts
the same tables against the engine):

    python3 docs/oracle/asc606_oracle.py
"""
from datetime import date, timedelta
from fractions import Fraction
import calendar


def round_half_away(x: Fraction) -> int:
    sign = 1 if x >= 0 else -1
    return sign * int((abs(x) + Fraction(1, 2)) // 1)


def allocate(amount: int, weights):
    """Largest remainder, ties to the earlier line."""
    total = sum(weights)
    quotas = [Fraction(amount * w, total) for w in weights]
    floors = [q.numerator // q.denominator for q in quotas]
    left = amount - sum(floors)
    order = sorted(range(len(weights)), key=lambda i: (-(quotas[i] - floors[i]), i))
    for i in order[:left]:
        floors[i] += 1
    return floors


def month_ends(first: date, last: date):
    y, m = first.year, first.month
    while (y, m) <= (last.year, last.month):
        yield date(y, m, calendar.monthrange(y, m)[1])
        m += 1
        if m == 13:
            y, m = y + 1, 1


def daily(amount: int, start: date, end: date, day: date) -> int:
    """R(d): cumulative through `day`, exact days inclusive."""
    total = (end - start).days + 1
    served = min(max((day - start).days + 1, 0), total)
    return round_half_away(Fraction(amount * served, total))


def months_touched(start: date, end: date) -> int:
    return (end.year - start.year) * 12 + end.month - start.month + 1


def monthly_equal(amount: int, start: date, end: date, month_end: date) -> int:
    if month_end < start:
        return 0
    k = min(months_touched(start, month_end), months_touched(start, end))
    return round_half_away(Fraction(amount * k, months_touched(start, end)))


def prorated(amount: int, start: date, end: date, month_end: date) -> int:
    def weight(upto: date) -> Fraction:
        w = Fraction(0)
        for me in month_ends(start, min(upto, end)):
            first_day = date(me.year, me.month, 1)
            served = (min(me, end, upto) - max(first_day, start)).days + 1
            w += Fraction(served, calendar.monthrange(me.year, me.month)[1])
        return w
    if month_end < start:
        return 0
    return round_half_away(amount * weight(month_end) / weight(end))


def show(title, rows):
    print(f"\n## {title}")
    for row in rows:
        print("  " + " | ".join(str(c) for c in row))


def monthly(curve, first: date, last: date):
    prev, out = 0, []
    for me in month_ends(first, last):
        r = curve(me)
        out.append((me.strftime("%Y-%m"), r - prev))
        prev = r
    return out


def cents(x: int) -> str:
    sign = "-" if x < 0 else ""
    return f"{sign}{abs(x) // 100}.{abs(x) % 100:02d}"


# Example 1: a 365-day subscription, 12,000.00 over 2026.
s, e = date(2026, 1, 1), date(2026, 12, 31)
rows = monthly(lambda d: daily(1_200_000, s, e, d), s, e)
show("1. 12,000.00 over 2026-01-01..2026-12-31 (daily)", [(p, cents(v)) for p, v in rows])

# Example 2: a leap-year term starting on the 31st: 10,000.00 over 2024-01-31..2025-01-30.
s, e = date(2024, 1, 31), date(2025, 1, 30)
rows = monthly(lambda d: daily(1_000_000, s, e, d), s, e)
show("2. 10,000.00 over 2024-01-31..2025-01-30 (366 days)", [(p, cents(v)) for p, v in rows])

# Example 3: a three-line bundle whose naive rounding is off by a cent.
alloc = allocate(8_000, [20, 30, 40])
naive = [round_half_away(Fraction(8_000 * w, 90)) for w in [20, 30, 40]]
show("3. 80.00 over SSP 20/30/40", [("largest remainder", [cents(a) for a in alloc], cents(sum(alloc))),
                                    ("naive rounding", [cents(a) for a in naive], cents(sum(naive)))])

# Example 4: prospective modification effective 2026-07-01 on a two-line bundle.
# v1: Platform (subscription, SSP 12,000, ratable 2026) + Onboarding (services, SSP 3,000,
# delivered 2026-02-15); price 14,000.00. v2 adds Support (SSP 2,400, ratable
# 2026-07-01..2026-12-31) and the price becomes 16,400.00.
s, e, eff = date(2026, 1, 1), date(2026, 12, 31), date(2026, 7, 1)
platform_v1, onboarding_v1 = allocate(1_400_000, [12_000, 3_000])
before = eff - timedelta(days=1)
rec_platform = daily(platform_v1, s, e, before)
rec_onboarding = onboarding_v1  # delivered 2026-02-15
pool = 1_640_000 - rec_platform - rec_onboarding
# Remaining SSP to 10^-12 of a unit: SSP(micro) × 10^6 × days left / days in window.
def remaining(ssp_units, start, end):
    total = (end - start).days + 1
    left = (end - max(start, eff)).days + 1
    return round_half_away(Fraction(ssp_units * 10**6 * 10**6 * left, total))
weights = [remaining(12_000, s, e), 0, remaining(2_400, eff, e)]
share_platform, share_onboarding, share_support = allocate(pool, weights)
def platform(d):
    if d < eff:
        return daily(platform_v1, s, e, d)
    return rec_platform + daily(share_platform, eff, e, d)
def support(d):
    return daily(share_support, eff, e, d) if d >= eff else 0
plat = monthly(platform, s, e)
supp = monthly(support, s, e)
show("4. prospective", [("v1 allocation", cents(platform_v1), cents(onboarding_v1)),
                        ("recognized through 2026-06-30", cents(rec_platform + rec_onboarding)),
                        ("pool", cents(pool)),
                        ("shares", cents(share_platform), cents(share_onboarding), cents(share_support))]
     + [(p, cents(a), cents(b)) for (p, a), (_, b) in zip(plat, supp)])

# Example 5: cumulative catch-up: 12,000.00 over 2026, price becomes 15,000.00 from 2026-07-01.
def catch_up(d):
    return daily(1_200_000, s, e, d) if d < eff else daily(1_500_000, s, e, d)
show("5. catch-up", [(p, cents(v)) for p, v in monthly(catch_up, s, e)])

# Example 6: termination of the 12,000.00 subscription effective 2026-10-01.
term = date(2026, 10, 1)
def terminated(d):
    return daily(1_200_000, s, e, min(d, term - timedelta(days=1)))
rows = monthly(terminated, s, date(2026, 10, 31))
show("6. termination", [(p, cents(v)) for p, v in rows] +
     [("price after termination", cents(terminated(e)))])

# Example 7: conventions, 1,000.00 over 2026-01-16..2026-04-15.
s, e = date(2026, 1, 16), date(2026, 4, 15)
for name, fn in [("daily", daily), ("monthly_equal", monthly_equal), ("prorated_first_last", prorated)]:
    show(f"7. {name}", [(p, cents(v)) for p, v in monthly(lambda d: fn(100_000, s, e, d), s, e)])

# Example 10: a setup fee awaiting delivery, fulfilled on 2026-03-15. Platform 12,000.00 and
# Setup 3,000.00 over 2026, monthly_equal.
s, e = date(2026, 1, 1), date(2026, 12, 31)
platform_10, setup_10 = allocate(1_500_000, [1_200_000, 300_000])
delivered = date(2026, 3, 15)
def platform10(d):
    return monthly_equal(platform_10, s, e, d)
def setup10(d, fulfilled=True):
    return setup_10 if fulfilled and d >= delivered else 0
q1_end = date(2026, 3, 31)
rows = [(p, cents(a), cents(b)) for (p, a), (_, b) in
        zip(monthly(platform10, s, date(2026, 4, 30)), monthly(setup10, s, date(2026, 4, 30)))]
show("10. setup fee delivered in month 3", [("allocated", cents(platform_10), cents(setup_10)),
     ("RPO at 2026-03-31 before the fulfillment", cents(platform_10 - platform10(q1_end) + setup_10)),
     ("Q1 revenue after it", cents(platform10(q1_end) + setup10(q1_end)), "services", cents(setup10(q1_end))),
     ("RPO at 2026-03-31 after it", cents(platform_10 - platform10(q1_end)))] + rows)

# Example 11: progress reports on 10,000.00: cumulative round(allocated × p / 100); the
# report's month carries the difference.
def by_progress(amount, reports):
    prev, out = 0, []
    for as_of, percent in reports:
        cumulative = round_half_away(amount * Fraction(percent) / 100)
        out.append((as_of, percent, cents(cumulative), cents(cumulative - prev)))
        prev = cumulative
    return out
show("11. progress 25, 60, 55, 100 (as_of, %, cumulative, month)",
     by_progress(1_000_000, [("2026-01-31", 25), ("2026-02-28", 60),
                             ("2026-03-31", 55), ("2026-04-30", 100)]))
show("11. 100.00 at 33.3333, 66.6666, 100",
     by_progress(10_000, [("m1", "33.3333"), ("m2", "66.6666"), ("m3", 100)]))

# Example 11b: at 60 % of 10,000.00, a change from 2026-04-01 makes the price 12,000.00.
recognized_11 = round_half_away(Fraction(1_000_000 * 60, 100))
share_11 = 1_200_000 - recognized_11          # the one obligation takes what remains
p0, p = 60, 80
prospective_11 = recognized_11 + round_half_away(Fraction(share_11 * (p - p0), 100 - p0))
catch_up_11 = round_half_away(Fraction(1_200_000 * 60, 100)) - recognized_11
show("11b. prospective and catch-up", [("remaining share", cents(share_11)),
     ("80 % at 2026-05-31 earns", cents(prospective_11 - recognized_11)),
     ("catch-up in April", cents(catch_up_11))])

# Example 12: example 1's subscription billed 3,000.00 on 31 March and 30 June.
s, e = date(2026, 1, 1), date(2026, 12, 31)
invoices = {"2026-03": 300_000, "2026-06": 300_000}
billed = recognized = 0
rows, balances = [], {}
for period, revenue in monthly(lambda d: daily(1_200_000, s, e, d), s, date(2026, 6, 30)):
    opening = billed - recognized
    invoice = invoices.get(period, 0)
    billed += invoice
    recognized += revenue
    balance = billed - recognized
    asset, liability = max(-balance, 0), max(balance, 0)
    balances[period] = (billed, asset, liability, recognized)
    rows.append((period, cents(revenue), cents(invoice), cents(asset), cents(liability)))
    if period == "2026-03":
        opening_asset = max(-opening, 0)
        to_asset = min(opening_asset, invoice)
        to_deferred = invoice - to_asset
        out_of_liability = min(to_deferred, revenue)
        march = [("March: Dr 1200", cents(invoice)), ("Cr 1300", cents(to_asset)),
                 ("Cr 2400", cents(to_deferred)), ("Cr 4000", cents(revenue)),
                 ("Dr 2400", cents(out_of_liability))]
q2_revenue = balances["2026-06"][3] - balances["2026-03"][3]
opening_liability = balances["2026-03"][2]
april = balances["2026-04"]
show("12. billed quarterly in arrears (month, recognized, billed, asset, liability)", rows + march + [
    ("Q2 receivables", cents(balances["2026-03"][0]), cents(balances["2026-06"][0])),
    ("Q2 contract assets", cents(balances["2026-03"][1]), cents(balances["2026-06"][1])),
    ("Q2 deferred revenue", cents(opening_liability), cents(balances["2026-06"][2])),
    ("Q2 revenue from the opening balance", cents(min(opening_liability, q2_revenue))),
    ("trial balance 2026-04-30: Dr 1200 + Dr 1300", cents(april[0] + april[1]), "Cr 4000", cents(april[3]))])
