"""The console in a real browser: Debian's Chromium, headless, driven by Playwright.

Run by scripts/console_browser.sh, which starts revrec with the demo portfolio in tenant
`acme`, makes two console users (acme and globex) and an API key of acme to read the API's
figures with. Every check raises on failure; screenshots of each page, at desktop and phone
widths, go to the artefacts folder.

    python console_browser.py BASE_URL ARTEFACTS ACME_USER.json GLOBEX_USER.json ACME_KEY [README_PNG]
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from decimal import Decimal
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, Request, Response, sync_playwright

PASSWORD = "a long enough password"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}


def api(base: str, path: str, token: str) -> tuple[int, object]:
    """GET an API route; the body parsed with amounts as Decimal (never a float)."""
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read(), parse_float=Decimal)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null", parse_float=Decimal)


class Console:
    def __init__(self, browser: Browser, base: str, artefacts: Path) -> None:
        self.base = base
        self.artefacts = artefacts
        self.context: BrowserContext = browser.new_context(viewport=DESKTOP)
        self.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        self.page: Page = self.context.new_page()
        self.csp_violations: list[str] = []
        # What a page loads besides itself (stylesheet, script, icon) that failed: a response
        # of 400 or more, a request that failed, or the console's "Failed to load resource"
        # (Chromium reports a missing /favicon.ico, which it asks for by itself, only there).
        self.failed_loads: list[str] = []
        self.icons: list[tuple[int, str]] = []
        self.page.on("console", self._console_message)
        self.page.on("response", self._response)
        self.page.on("requestfailed", self._request_failed)

    def _console_message(self, message: object) -> None:
        text = getattr(message, "text", "")
        if "Content Security Policy" in text or "Refused to" in text:
            self.csp_violations.append(text)
        # Chromium names the resource that failed; a refused page (the checks ask for some)
        # is reported the same way, under its own address.
        url = (getattr(message, "location", None) or {}).get("url", "")
        if "Failed to load resource" in text and ("favicon" in url or "/assets/" in url):
            self.failed_loads.append(f"{text}: {url}")

    def _response(self, response: Response) -> None:
        if "favicon" in response.url:
            self.icons.append((response.status, response.url))
        if response.status >= 400 and response.request.resource_type != "document":
            self.failed_loads.append(f"{response.status} {response.url}")

    def _request_failed(self, request: Request) -> None:
        if request.resource_type != "document":
            self.failed_loads.append(f"failed {request.url}: {request.failure}")

    def goto(self, path: str) -> None:
        response = self.page.goto(self.base + path)
        assert response is not None

    def shoot(self, name: str) -> None:
        """Screenshots of the current page at desktop and phone widths, and a check that the
        phone width needs no sideways scrolling of the page itself (tables scroll inside)."""
        self.page.screenshot(path=str(self.artefacts / f"{name}-desktop.png"), full_page=True)
        self.page.set_viewport_size(PHONE)
        overflow = self.page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        if overflow > 1:
            widest = self.page.evaluate(
                """() => [...document.querySelectorAll('body *')]
                    .filter(el => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                    .filter(el => !el.closest('.table-wrap') || el.classList.contains('table-wrap'))
                    .slice(0, 8).map(el => el.tagName + '.' + el.className + ' ' + Math.round(el.getBoundingClientRect().right))"""
            )
            raise AssertionError(f"{name}: the page is {overflow}px wider than a phone: {widest}")
        self.page.screenshot(path=str(self.artefacts / f"{name}-phone.png"), full_page=True)
        self.page.set_viewport_size(DESKTOP)

    def accessible(self, name: str) -> None:
        """One h1; every visible form control labelled; the skip link first in tab order.
        The page is loaded afresh (GET), so keyboard focus starts at its top."""
        self.page.goto(self.page.url)
        assert self.page.locator("h1").count() == 1, f"{name}: one h1"
        unlabelled = self.page.evaluate(
            """() => [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
                .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
                .map(el => el.name || el.id)"""
        )
        assert not unlabelled, f"{name}: controls without a label: {unlabelled}"
        if self.page.locator("a.skip").count():
            self.page.keyboard.press("Tab")
            focused = self.page.evaluate("document.activeElement.className")
            assert focused == "skip", f"{name}: Tab first reaches {focused!r}"

    def sign_in(self, email: str, password: str) -> None:
        self.goto("/console/sign-in")
        self.page.get_by_label("Email address").fill(email)
        self.page.get_by_label("Password").fill(password)
        self.page.get_by_role("button", name="Sign in").click()

    def first_sign_in(self, user: dict[str, str]) -> None:
        """Signs in with the one-time password, then chooses a password: the page asks for
        the new one twice, and not for the one-time password just typed."""
        self.sign_in(user["email"], user["one_time_password"])
        assert self.page.url.endswith("/console/password"), self.page.url
        assert self.page.locator("h1").inner_text() == "Choose your password"
        assert self.page.locator("input[type=password]").count() == 2, "new password twice only"
        assert self.page.get_by_label("One-time password").count() == 0
        assert self.page.get_by_label("Current password").count() == 0
        self.page.get_by_label("New password", exact=True).fill(PASSWORD)
        self.page.get_by_label("New password again").fill(PASSWORD)
        self.page.get_by_role("button", name="Save the password").click()
        assert self.page.url.endswith("/console/dashboard"), self.page.url


def check_sign_in_and_keys(console: Console, user: dict[str, str]) -> str:
    """Signs in, makes a key, uses it on the API, revokes it, sees it refused. Returns the
    id of the revoked key (for the cross-tenant check)."""
    console.goto("/console/sign-in")
    console.shoot("sign-in")
    console.accessible("sign-in")
    console.sign_in(user["email"], "not the password")
    assert "the password is wrong" in console.page.content()
    console.first_sign_in(user)
    check_password_page(console)
    check_favicon(console)

    console.goto("/console/keys")
    console.page.get_by_label("Name").fill("browser test")
    # Only two scopes: untick the others.
    for box in console.page.locator("input[name=scope]").all():
        if box.get_attribute("value") not in ("read:contracts", "read:waterfalls"):
            box.uncheck()
    console.page.get_by_role("button", name="Create the key").click()
    secret = console.page.locator("code[data-secret=Secret]").inner_text().strip()
    assert secret.startswith("rr_test_"), secret
    console.page.get_by_role("button", name="Copy").click()
    console.page.locator(".copied", has_text="Copied").wait_for()
    copied = console.page.evaluate("navigator.clipboard.readText()")
    assert copied == secret, "the copy button copies the secret"
    console.shoot("keys-created")
    console.accessible("keys")

    status, _ = api(console.base, "/v1/contracts?limit=1", secret)
    assert status == 200, status
    status, problem = api(console.base, "/v1/disclosures/note6?period=2026-Q1", secret)
    assert status == 403 and isinstance(problem, dict) and problem["code"] == "INSUFFICIENT_SCOPE"

    console.goto("/console/keys")
    row = console.page.locator("tr", has_text="browser test")
    key_id = row.get_attribute("data-id") or ""
    row.get_by_role("button", name="Revoke browser test").click()
    assert console.page.url.endswith("/console/keys")
    assert console.page.locator(f"tr[data-id='{key_id}']").get_attribute("data-status") == "revoked"
    status, problem = api(console.base, "/v1/contracts?limit=1", secret)
    assert status == 401 and isinstance(problem, dict) and problem["code"] == "INVALID_TOKEN", status
    console.shoot("keys-revoked")
    return key_id


def check_password_page(console: Console) -> None:
    """Once the one-time password is replaced, changing the password asks for the current
    one again; a wrong one is refused and changes nothing."""
    console.goto("/console/password")
    assert console.page.locator("h1").inner_text() == "Change your password"
    assert console.page.locator("input[type=password]").count() == 3
    console.page.get_by_label("Current password").fill("not the password")
    console.page.get_by_label("New password", exact=True).fill("another long password")
    console.page.get_by_label("New password again").fill("another long password")
    console.page.get_by_role("button", name="Save the password").click()
    assert console.page.locator("[role=alert]").inner_text() == "The current password is wrong."
    console.shoot("password")
    console.accessible("password")


def check_favicon(console: Console) -> None:
    """Every page links the icon and the browser loads it (no 404 in the console); the
    address browsers try by themselves, /favicon.ico, answers an icon too."""
    console.icons.clear()
    for path in ["/console/sign-in", "/console/dashboard", "/console/nope"]:
        with console.page.expect_response(lambda response: "favicon" in response.url):
            console.page.goto(console.base + path)
    assert console.icons and all(status == 200 for status, _ in console.icons), console.icons
    answer = console.page.request.get(console.base + "/favicon.ico")
    assert answer.status == 200 and answer.headers["content-type"] == "image/x-icon", answer.status
    assert "max-age" in answer.headers.get("cache-control", "")
    assert not console.failed_loads, console.failed_loads


def check_chart_at_phone_width(console: Console) -> None:
    """At 375×812 every axis label of the chart lies wholly inside the chart and the
    viewport, and no two month labels touch."""
    console.page.set_viewport_size(PHONE)
    console.goto("/console/dashboard?from=2026-01&to=2026-12&currency=USD")
    boxes = console.page.evaluate(
        """() => {
            const svg = document.querySelector('#revenue-chart');
            const box = element => { const r = element.getBoundingClientRect();
                return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                        width: r.width, height: r.height}; };
            return {chart: box(svg), width: document.documentElement.clientWidth,
                labels: [...svg.querySelectorAll('text.axis')]
                    .filter(el => getComputedStyle(el).display !== 'none')
                    .map(el => ({text: el.textContent, month: el.classList.contains('month-label'),
                                 fontPx: parseFloat(getComputedStyle(el).fontSize)
                                         * svg.getScreenCTM().a, ...box(el)}))};
        }"""
    )
    chart, labels = boxes["chart"], boxes["labels"]
    assert len(labels) >= 6, labels
    for label in labels:
        assert label["width"] > 0 and label["height"] > 0, label
        inside = (
            label["left"] >= chart["left"] - 0.5
            and label["right"] <= chart["right"] + 0.5
            and label["top"] >= chart["top"] - 0.5
            and label["bottom"] <= chart["bottom"] + 0.5
        )
        assert inside, f"axis label {label['text']!r} {label} outside the chart {chart}"
        assert 0 <= label["left"] and label["right"] <= boxes["width"], (label, boxes["width"])
        assert label["fontPx"] >= 8, f"axis label {label['text']!r} drawn at {label['fontPx']:.1f}px"
    months = sorted((label for label in labels if label["month"]), key=lambda label: label["left"])
    for before, after in zip(months, months[1:]):
        assert before["right"] < after["left"], f"month labels touch: {before} {after}"
    console.page.locator("#revenue-chart").screenshot(
        path=str(console.artefacts / "dashboard-chart-375.png")
    )
    console.page.set_viewport_size(DESKTOP)


def check_dashboard(console: Console, key: str, readme_png: Path | None) -> None:
    """The chart's months and the table equal the API's waterfall, to the cent."""
    console.goto("/console/dashboard?from=2026-01&to=2026-12&currency=USD")
    _, waterfall = api(
        console.base, "/v1/waterfalls?start_period=2026-01&end_period=2026-12&currency=USD", key
    )
    assert isinstance(waterfall, dict)
    months = console.page.locator("#revenue-chart g.month")
    assert months.count() == 12, months.count()
    for index, period in enumerate(waterfall["periods"]):
        group = months.nth(index)
        assert group.get_attribute("data-period") == period["period"]
        total = Decimal(group.get_attribute("data-total") or "")
        assert total == period["recognized_amount"], (period, total)
        parts = [Decimal(rect.get_attribute("data-amount") or "") for rect in group.locator("rect").all()]
        assert sum(parts, Decimal(0)) == total, (period["period"], parts, total)
        row = console.page.locator(f"#waterfall-table tr[data-period='{period['period']}']")
        deferred = row.locator("[data-column=deferred_balance] .amount").get_attribute("data-amount")
        assert Decimal(deferred or "") == period["deferred_balance"], period
    shown_total = console.page.locator("#total-recognized .amount").get_attribute("data-amount")
    assert Decimal(shown_total or "") == waterfall["total_recognized"]
    _, note6 = api(console.base, "/v1/disclosures/note6?period=2026-Q4&currency=USD", key)
    assert isinstance(note6, dict)
    next_12 = console.page.locator("#rpo-next-12 .amount").get_attribute("data-amount")
    assert Decimal(next_12 or "") == note6["rpo_next_12_months"]
    console.shoot("dashboard")
    console.accessible("dashboard")
    check_chart_at_phone_width(console)
    if readme_png is not None:
        console.page.locator("main").screenshot(path=str(readme_png))


def check_note6(console: Console, key: str) -> None:
    console.goto("/console/disclosures?quarter=2026-Q2&currency=USD")
    _, note6 = api(console.base, "/v1/disclosures/note6?period=2026-Q2&currency=USD", key)
    assert isinstance(note6, dict)
    for row, field in [
        ("rpo-total", "rpo_total"),
        ("rpo-next-12", "rpo_next_12_months"),
        ("rpo-thereafter", "rpo_thereafter"),
        ("total-revenue", "total_revenue"),
    ]:
        shown = console.page.locator(f"#{row} .amount").get_attribute("data-amount")
        assert Decimal(shown or "") == note6[field], (row, shown, note6[field])
    for kind, amount in note6["disaggregated_revenue"].items():
        shown = console.page.locator(f"tr[data-pob-type='{kind}'] .amount").get_attribute("data-amount")
        assert Decimal(shown or "") == amount, (kind, shown, amount)
    console.shoot("note6")
    console.accessible("note6")


def check_other_pages(console: Console) -> str:
    """Journal, contracts, a contract, usage, OAuth clients: each renders, is accessible and
    fits a phone. Returns the id of a contract of this tenant."""
    console.goto("/console/journal?period=2026-03")
    assert console.page.locator("table.journal").count() > 0
    with console.page.expect_download() as download:
        console.page.get_by_role("link", name="Download 2026-03 as CSV").click()
    assert download.value.suggested_filename == "journal-entries-2026-03-approved.csv"
    console.shoot("journal")
    console.accessible("journal")
    console.goto("/console/contracts")
    console.shoot("contracts")
    console.accessible("contracts")
    contract_id = console.page.locator("#contracts tbody tr").first.get_attribute("data-id") or ""
    console.goto(f"/console/contracts/{contract_id}")
    assert console.page.locator("#obligations tbody tr").count() >= 1
    assert console.page.locator("#schedule tbody tr").count() >= 1
    console.shoot("contract")
    console.accessible("contract")
    for name, path in [
        ("usage", "/console/usage"),
        ("oauth-clients", "/console/oauth-clients"),
        ("periods", "/console/periods"),
    ]:
        console.goto(path)
        console.shoot(name)
        console.accessible(name)
    return contract_id


def submit_form(page: Page, action: str, fields: dict[str, str]) -> int:
    """Adds a form to the page as a forger would and submits it; the answer's status. (The
    console's CSP allows no fetch at all: forms are the only way to post.)"""
    with page.expect_navigation() as answer:
        page.evaluate(
            """([action, fields]) => {
                const form = document.createElement('form');
                form.method = 'post';
                form.action = action;
                for (const [name, value] of Object.entries(fields)) {
                    const input = document.createElement('input');
                    input.type = 'hidden'; input.name = name; input.value = value;
                    form.appendChild(input);
                }
                document.body.appendChild(form);
                form.submit();
            }""",
            [action, fields],
        )
    response = answer.value
    assert response is not None
    # A redirect's own status, when the POST was answered with one.
    redirected = response.request.redirected_from
    return redirected.response().status if redirected and redirected.response() else response.status


def check_forgery_and_tenants(
    browser: Browser, console: Console, globex: dict[str, str], key_id: str, contract_id: str
) -> None:
    # A form with a token that is not the session's is refused, whatever its fields.
    console.goto("/console/keys")
    forged = {"name": "forged", "scope": "read:contracts", "csrf": "0123456789abcdef"}
    assert submit_form(console.page, "/console/keys", forged) == 403
    # A page of another site posting to the console: the SameSite=Strict cookie stays home,
    # so the request is not signed in at all (and has no token either).
    console.context.route(
        "http://attacker.test/**",
        lambda route: route.fulfill(status=200, content_type="text/html", body="<p>win a prize</p>"),
    )
    console.page.goto("http://attacker.test/")
    status = submit_form(console.page, console.base + "/console/keys", {**forged, "csrf": ""})
    assert status == 303, status
    console.page.wait_for_url("**/console/sign-in")
    console.goto("/console/keys")
    assert "forged" not in console.page.content()

    # Another tenant's user sees none of acme's data and cannot act on it.
    other = Console(browser, console.base, console.artefacts)
    other.first_sign_in(globex)
    other.goto(f"/console/contracts/{contract_id}")
    assert "Not found" in other.page.content(), "another tenant's contract"
    other.goto("/console/keys")
    assert key_id not in other.page.content()
    csrf = other.page.locator("input[name=csrf]").first.get_attribute("value") or ""
    status = submit_form(other.page, f"/console/keys/{key_id}/revoke", {"csrf": csrf})
    assert status == 404, status
    other.goto("/console/dashboard")
    assert other.page.locator("#revenue-chart g.month rect").count() == 0, "globex has no revenue"
    assert not other.csp_violations, other.csp_violations
    # Signing out ends the session: the console asks to sign in again.
    other.page.get_by_role("button", name="Sign out").click()
    other.goto("/console/keys")
    assert other.page.url.endswith("/console/sign-in"), other.page.url


def main() -> None:
    base, artefacts = sys.argv[1], Path(sys.argv[2])
    acme = json.loads(Path(sys.argv[3]).read_text())
    globex = json.loads(Path(sys.argv[4]).read_text())
    key = sys.argv[5]
    readme_png = Path(sys.argv[6]) if len(sys.argv) > 6 else None
    artefacts.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
        console = Console(browser, base, artefacts)
        key_id = check_sign_in_and_keys(console, acme)
        print("icon loaded on every page; password chosen without the one-time password again;")
        print("sign-in, key made, copied, used, revoked and refused: ok")
        check_dashboard(console, key, readme_png)
        print("dashboard chart and table equal the API's waterfall; axis labels inside at 375 px: ok")
        check_note6(console, key)
        print("Note 6 table equals the API's: ok")
        contract_id = check_other_pages(console)
        print("journal (CSV download), contracts, contract, usage, OAuth clients, periods: ok")
        check_forgery_and_tenants(browser, console, globex, key_id, contract_id)
        print("forged form and cross-tenant access refused; sign-out: ok")
        assert not console.csp_violations, console.csp_violations
        assert not console.failed_loads, console.failed_loads
        browser.close()
    shots = sorted(path.name for path in artefacts.glob("*.png"))
    print(f"{len(shots)} screenshots in {artefacts}")


if __name__ == "__main__":
    main()
