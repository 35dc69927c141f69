//! The ledger: a month's journal entries (JSON pages and the CSV export), the trial balance
//! and the chart of accounts.

use std::collections::BTreeMap;

use reqwest::Method;
use revrec_ports::Scope;
use serde_json::{Value, json};

use crate::helpers::{SANDBOX, TestApp, simple_contract, spawn_each};

/// Two active contracts, a draft and a contract terminated from October.
async fn portfolio(app: &TestApp) -> (String, String) {
    let acme = app
        .create(&simple_contract(
            "Acme",
            "12000.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await;
    let bundle = app
        .post(
            "/api/v1/contracts/ingest",
            &json!({
                "customer_name": "Globex",
                "total_amount": "80.00",
                "start_date": "2026-01-01",
                "end_date": "2026-12-31",
                "line_items": [
                    {"name": "Phone", "pob_type": "hardware", "stated_price": 20},
                    {"name": "Minutes", "pob_type": "subscription", "stated_price": 30},
                    {"name": "Setup, \"premium\"", "pob_type": "services", "stated_price": 40, "delivery_date": "2026-02-15"}
                ]
            }),
        )
        .await
        .json();
    let mut draft = simple_contract("Initech", "600.00", "2026-01-01", "2026-06-30");
    draft["status"] = json!("draft");
    app.create(&draft).await;
    let ended = app
        .create(&simple_contract(
            "Umbrella",
            "3650.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await;
    let ended_id = ended["id"].as_str().unwrap();
    let reply = app
        .post(
            &format!("/v1/contracts/{ended_id}/terminate"),
            &json!({"effective_date": "2026-10-01"}),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    (
        acme["id"].as_str().unwrap().to_owned(),
        bundle["id"].as_str().unwrap().to_owned(),
    )
}

/// A two-decimal amount as written on the wire (the test reads JSON through `Value`,
/// which keeps the number but not its trailing zeros).
fn usd(value: &Value) -> String {
    format!("{:.2}", value.as_f64().unwrap())
}

fn line_text(line: &Value) -> String {
    format!(
        "{} Dr {} Cr {} {}",
        line["account_code"].as_str().unwrap(),
        usd(&line["debit"]),
        usd(&line["credit"]),
        line["memo"].as_str().unwrap()
    )
}

fn entry_of<'a>(page: &'a Value, contract_id: &str) -> &'a Value {
    page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["contract_id"] == contract_id)
        .unwrap_or_else(|| panic!("no entry for {contract_id}: {page}"))
}

#[tokio::test]
async fn a_months_entries_balance_with_the_default_chart_and_stable_ids() {
    for app in spawn_each().await {
        let (acme, bundle) = portfolio(&app).await;
        let reply = app
            .get("/api/v1/accounting/journal-entries?period=2026-01")
            .await;
        assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
        let page = reply.json();
        assert_eq!(page["status"], "approved");
        assert_eq!(
            page["entries"].as_array().unwrap().len(),
            3,
            "the draft is not approved"
        );
        let entry = entry_of(&page, &acme);
        // On the wire, amounts carry the currency's two decimals.
        assert!(
            reply.text.contains("\"debit\":12000.00,\"credit\":0.00,"),
            "{}",
            reply.text
        );
        assert_eq!(entry["date"], "2026-01-31");
        assert_eq!(entry["version"], 1);
        assert!(entry["id"].as_str().unwrap().starts_with("je_"));
        let lines: Vec<String> = entry["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(line_text)
            .collect();
        // Billed at start, then January's 31 of 365 days: 12,000.00 × 31 / 365 = 1,019.18.
        assert_eq!(
            lines,
            [
                "1200 Dr 12000.00 Cr 0.00 Billed at contract price",
                "2400 Dr 0.00 Cr 12000.00 Billed: subscription",
                "2400 Dr 1019.18 Cr 0.00 Earned 2026-01: subscription",
                "4000 Dr 0.00 Cr 1019.18 Earned 2026-01: subscription",
            ]
        );
        assert_eq!(entry["total_debit"], entry["total_credit"]);
        // Every entry balances, and the page's totals are their sums.
        let cents = |value: &Value| (value.as_f64().unwrap() * 100.0).round() as i64;
        let mut debit = 0;
        for entry in page["entries"].as_array().unwrap() {
            let lines = entry["lines"].as_array().unwrap();
            let d: i64 = lines.iter().map(|l| cents(&l["debit"])).sum();
            let c: i64 = lines.iter().map(|l| cents(&l["credit"])).sum();
            assert_eq!(d, c, "{entry}");
            debit += d;
        }
        assert_eq!(page["totals"][0]["currency"], "USD");
        assert_eq!(cents(&page["totals"][0]["debit"]), debit);
        assert_eq!(page["totals"][0]["debit"], page["totals"][0]["credit"]);

        // February: the setup fee is delivered, revenue of the services type.
        let february = app
            .get("/api/v1/accounting/journal-entries?period=2026-02")
            .await
            .json();
        let lines: Vec<String> = entry_of(&february, &bundle)["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(line_text)
            .collect();
        assert!(
            lines.contains(&"4100 Dr 0.00 Cr 35.55 Earned 2026-02: Setup, \"premium\"".to_owned()),
            "{lines:?}"
        );

        // The same request gives the same bytes; a modification gives new ids only from
        // its effective month.
        let again = app
            .get("/api/v1/accounting/journal-entries?period=2026-01")
            .await;
        assert_eq!(again.text, reply.text);
        let june_before = entry_of(
            &app.get("/api/v1/accounting/journal-entries?period=2026-06")
                .await
                .json(),
            &acme,
        )["id"]
            .clone();
        let july_before = entry_of(
            &app.get("/api/v1/accounting/journal-entries?period=2026-07")
                .await
                .json(),
            &acme,
        )["id"]
            .clone();
        let modified = app
            .put(
                &format!("/v1/contracts/{acme}"),
                &json!({"customer_name": "Acme", "total_value": "15000.00", "start_date": "2026-01-01",
                        "end_date": "2026-12-31", "effective_date": "2026-07-01"}),
            )
            .await;
        assert_eq!(modified.status.as_u16(), 200, "{}", modified.text);
        let june_after = entry_of(
            &app.get("/api/v1/accounting/journal-entries?period=2026-06")
                .await
                .json(),
            &acme,
        )
        .clone();
        let july_after = entry_of(
            &app.get("/api/v1/accounting/journal-entries?period=2026-07")
                .await
                .json(),
            &acme,
        )
        .clone();
        assert_eq!(june_after["id"], june_before);
        assert_eq!(june_after["version"], 1);
        assert_ne!(july_after["id"], july_before);
        assert_eq!(july_after["version"], 2);

        // Draft previews on request; the termination month reverses the rest.
        let drafts = app
            .get("/api/v1/accounting/journal-entries?period=2026-01&status=draft")
            .await
            .json();
        assert_eq!(drafts["status"], "draft");
        assert_eq!(drafts["entries"].as_array().unwrap().len(), 1);
        assert_eq!(drafts["entries"][0]["status"], "draft");
        let october = app
            .get("/api/v1/accounting/journal-entries?period=2026-10")
            .await
            .json();
        let reversal = october["entries"].as_array().unwrap().iter().find(|entry| {
            entry["lines"][0]["account_code"] == "1200" && entry["lines"][0]["credit"] != 0.0
        });
        // Umbrella: 3,650.00 over 365 days, terminated from 1 October after 273 days:
        // 2,730.00 recognized, so 920.00 is no longer billed.
        let reversal = reversal.unwrap_or_else(|| panic!("{october}"));
        assert_eq!(reversal["lines"][0]["credit"], 920.00);
    }
}

#[tokio::test]
async fn pages_follow_the_cursor_and_filters_apply() {
    for app in spawn_each().await {
        portfolio(&app).await;
        let mut euros = simple_contract("Euro GmbH", "1200.00", "2026-01-01", "2026-12-31");
        euros["currency"] = json!("EUR");
        app.create(&euros).await;
        let whole = app
            .get("/api/v1/accounting/journal-entries?period=2026-03")
            .await
            .json();
        let all: Vec<Value> = whole["entries"].as_array().unwrap().clone();
        assert_eq!(all.len(), 4);
        assert_eq!(
            whole["totals"].as_array().unwrap().len(),
            2,
            "one total per currency"
        );
        let mut paged = Vec::new();
        let mut path = "/api/v1/accounting/journal-entries?period=2026-03&limit=1".to_owned();
        loop {
            let page = app.get(&path).await.json();
            assert!(page["entries"].as_array().unwrap().len() <= 1);
            paged.extend(page["entries"].as_array().unwrap().iter().cloned());
            match page["next_cursor"].as_str() {
                Some(cursor) => {
                    path = format!(
                        "/api/v1/accounting/journal-entries?period=2026-03&limit=1&cursor={cursor}"
                    );
                }
                None => break,
            }
        }
        assert_eq!(paged, all);
        let ids: Vec<&str> = all
            .iter()
            .map(|e| e["contract_id"].as_str().unwrap())
            .collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        assert_eq!(ids, sorted, "contract id order");
        let euro = app
            .get("/api/v1/accounting/journal-entries?period=2026-03&currency=EUR")
            .await
            .json();
        assert_eq!(euro["entries"].as_array().unwrap().len(), 1);
        assert_eq!(euro["entries"][0]["currency"], "EUR");
        let none = app
            .get("/api/v1/accounting/journal-entries?period=2031-01")
            .await
            .json();
        assert_eq!(none["entries"], json!([]));
        assert_eq!(none["next_cursor"], Value::Null);
    }
}

#[tokio::test]
async fn bad_parameters_and_missing_scopes_are_refused() {
    for app in spawn_each().await {
        let base = "/api/v1/accounting/journal-entries";
        app.get(base).await.problem(400, "MISSING_PARAMETER");
        app.get(&format!("{base}?period=2026-13"))
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        for (query, name) in [
            ("period=2026-01&status=posted", "status"),
            ("period=2026-01&limit=0", "limit"),
            ("period=2026-01&limit=1001", "limit"),
            ("period=2026-01&cursor=bm9wZQ", "cursor"),
            ("period=2026-01&format=xml", "format"),
            ("period=2026-01&format=csv&limit=5", "limit"),
            ("period=2026-01&currency=usd", "currency"),
        ] {
            let problem = app
                .get(&format!("{base}?{query}"))
                .await
                .problem(400, "INVALID_PARAMETER");
            assert!(
                problem["detail"]
                    .as_str()
                    .unwrap()
                    .contains(&format!("`{name}`")),
                "{problem}"
            );
        }
        app.get("/api/v1/accounting/trial-balance")
            .await
            .problem(400, "MISSING_PARAMETER");
        app.get("/api/v1/accounting/trial-balance?period=2026")
            .await
            .problem(400, "INVALID_PERIOD_FORMAT");
        let (_, reader) = app
            .key("acme", &[Scope::ReadContracts, Scope::ReadWaterfalls])
            .await;
        for path in [
            "/api/v1/accounting/journal-entries?period=2026-01",
            "/api/v1/accounting/trial-balance?period=2026-01",
            "/api/v1/accounting/chart-of-accounts",
        ] {
            let reply = app.request(Method::GET, path, Some(&reader), None).await;
            reply.problem(403, "INSUFFICIENT_SCOPE");
            assert!(
                reply
                    .header("www-authenticate")
                    .unwrap()
                    .contains("scope=\"read:ledger\"")
            );
        }
    }
}

#[tokio::test]
async fn the_csv_export_holds_the_same_lines_and_the_same_bytes_every_time() {
    for app in spawn_each().await {
        portfolio(&app).await;
        let json_page = app
            .get("/api/v1/accounting/journal-entries?period=2026-02")
            .await
            .json();
        let csv = app
            .get("/api/v1/accounting/journal-entries?period=2026-02&format=csv")
            .await;
        assert_eq!(csv.status.as_u16(), 200, "{}", csv.text);
        assert_eq!(
            csv.header("content-type").as_deref(),
            Some("text/csv; charset=utf-8; header=present")
        );
        assert!(
            csv.header("content-disposition")
                .unwrap()
                .contains("journal-entries-2026-02-approved.csv")
        );
        let by_accept = app
            .raw(
                Method::GET,
                "/api/v1/accounting/journal-entries?period=2026-02",
                &[
                    ("Authorization", &format!("Bearer {SANDBOX}")),
                    ("Accept", "text/csv"),
                ],
                Vec::new(),
            )
            .await;
        assert_eq!(by_accept.text, csv.text);
        assert_eq!(
            app.get("/api/v1/accounting/journal-entries?period=2026-02&format=csv")
                .await
                .text,
            csv.text
        );

        assert!(csv.text.ends_with("\r\n") && !csv.text.replace("\r\n", "").contains('\n'));
        let mut rows = csv.text.split("\r\n").filter(|row| !row.is_empty());
        assert_eq!(
            rows.next(),
            Some(
                "date,entry_id,account_code,account_name,debit,credit,currency,memo,contract_id,obligation_id,corrects_period"
            )
        );
        let rows: Vec<&str> = rows.collect();
        let json_lines: Vec<(String, &Value)> = json_page["entries"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|entry| {
                entry["lines"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(move |line| (entry["id"].as_str().unwrap().to_owned(), line))
            })
            .collect();
        assert_eq!(rows.len(), json_lines.len());
        for (row, (entry_id, line)) in rows.iter().zip(&json_lines) {
            let memo = line["memo"].as_str().unwrap();
            let quoted = if memo.contains([',', '"']) {
                format!("\"{}\"", memo.replace('"', "\"\""))
            } else {
                memo.to_owned()
            };
            let expected = format!(
                "2026-02-28,{entry_id},{},{},{},{},USD,{quoted},{},{},{}",
                line["account_code"].as_str().unwrap(),
                line["account_name"].as_str().unwrap(),
                usd(&line["debit"]),
                usd(&line["credit"]),
                line["contract_id"].as_str().unwrap(),
                line["pob_id"].as_str().unwrap_or(""),
                line["corrects_period"].as_str().unwrap_or(""),
            );
            assert_eq!(*row, expected);
        }
        assert!(
            csv.text
                .contains("\"Earned 2026-02: Setup, \"\"premium\"\"\""),
            "{}",
            csv.text
        );
    }
}

#[tokio::test]
async fn the_trial_balance_balances_and_ties_to_the_waterfall() {
    for app in spawn_each().await {
        portfolio(&app).await;
        let reply = app
            .get("/api/v1/accounting/trial-balance?period=2026-03")
            .await;
        assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
        let body = reply.json();
        assert_eq!(body["as_of"], "2026-03-31");
        let usd = &body["balances"][0];
        assert_eq!(usd["currency"], "USD");
        assert_eq!(usd["total_debit"], usd["total_credit"]);
        let accounts: BTreeMap<String, (f64, f64)> = usd["accounts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["account_code"].as_str().unwrap().to_owned(),
                    (a["debit"].as_f64().unwrap(), a["credit"].as_f64().unwrap()),
                )
            })
            .collect();
        let codes: Vec<&str> = accounts.keys().map(String::as_str).collect();
        assert_eq!(
            codes,
            ["1200", "2400", "4000", "4100", "4200", "4300", "4400"]
        );
        // Receivable: every approved contract billed at start (12,000 + 80 + 3,650).
        assert_eq!(accounts["1200"], (15730.00, 0.0));
        let waterfall = app
            .get("/v1/waterfalls?start_period=2026-03&end_period=2026-03")
            .await
            .json();
        assert_eq!(
            json!(accounts["2400"].1),
            waterfall["periods"][0]["deferred_balance"]
        );
        // Revenue life to date equals the waterfall's revenue through March.
        let through_march = app
            .get("/v1/waterfalls?start_period=2026-01&end_period=2026-03")
            .await
            .json();
        let revenue: f64 = ["4000", "4100", "4200", "4300", "4400"]
            .iter()
            .map(|code| accounts[*code].1)
            .sum();
        assert_eq!(
            format!("{revenue:.2}"),
            through_march["total_recognized"].to_string()
        );
        assert_eq!(accounts["4400"], (0.0, 17.78));

        // Several currencies: one balance each, or the one asked for.
        let mut euros = simple_contract("Euro GmbH", "1200.00", "2026-01-01", "2026-12-31");
        euros["currency"] = json!("EUR");
        app.create(&euros).await;
        let both = app
            .get("/api/v1/accounting/trial-balance?period=2026-03")
            .await
            .json();
        let currencies: Vec<&str> = both["balances"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["currency"].as_str().unwrap())
            .collect();
        assert_eq!(currencies, ["EUR", "USD"]);
        let euro = app
            .get("/api/v1/accounting/trial-balance?period=2026-03&currency=EUR")
            .await
            .json();
        assert_eq!(euro["balances"].as_array().unwrap().len(), 1);
        assert_eq!(
            euro["balances"][0]["accounts"][0],
            json!({"account_code": "1200", "account_name": "Accounts Receivable", "debit": 1200.00, "credit": 0.00})
        );
    }
}

#[tokio::test]
async fn a_tenants_own_chart_names_the_accounts_it_posts_to() {
    for app in spawn_each().await {
        let default = app.get("/api/v1/accounting/chart-of-accounts").await.json();
        assert_eq!(
            default["revenue"]["subscription"],
            json!({"code": "4000", "name": "Subscription Revenue"})
        );
        let mut chart = default.clone();
        chart["revenue"]["subscription"] = json!({"code": "4010", "name": "SaaS Revenue"});
        chart["receivable"] = json!({"code": "1100", "name": "Trade Debtors"});
        let saved = app
            .put("/api/v1/accounting/chart-of-accounts", &chart)
            .await;
        assert_eq!(saved.status.as_u16(), 200, "{}", saved.text);
        assert_eq!(saved.json(), chart);
        assert_eq!(
            app.get("/api/v1/accounting/chart-of-accounts").await.json(),
            chart
        );

        let acme = app
            .create(&simple_contract(
                "Acme",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let page = app
            .get("/api/v1/accounting/journal-entries?period=2026-01")
            .await
            .json();
        let lines: Vec<String> = entry_of(&page, acme["id"].as_str().unwrap())["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                format!(
                    "{} {}",
                    l["account_code"].as_str().unwrap(),
                    l["account_name"].as_str().unwrap()
                )
            })
            .collect();
        assert_eq!(
            lines,
            [
                "1100 Trade Debtors",
                "2400 Deferred Revenue",
                "2400 Deferred Revenue",
                "4010 SaaS Revenue"
            ]
        );
        let balance = app
            .get("/api/v1/accounting/trial-balance?period=2026-01")
            .await
            .json();
        assert_eq!(
            balance["balances"][0]["accounts"][0]["account_code"],
            "1100"
        );

        // Another tenant keeps the defaults.
        let (_, other) = app.key("acme", &Scope::ALL).await;
        let theirs = app
            .request(
                Method::GET,
                "/api/v1/accounting/chart-of-accounts",
                Some(&other),
                None,
            )
            .await
            .json();
        assert_eq!(theirs, default);

        // A chart a ledger cannot import is refused, naming each problem.
        let mut bad = chart.clone();
        bad["deferred_revenue"]["code"] = json!("1100");
        bad["revenue"]["support"]["name"] = json!("=HYPERLINK(\"x\")");
        let problem = app
            .put("/api/v1/accounting/chart-of-accounts", &bad)
            .await
            .problem(422, "VALIDATION_FAILED");
        let fields: Vec<&str> = problem["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["field"].as_str().unwrap())
            .collect();
        assert_eq!(
            fields,
            [
                "revenue.support.name",
                "receivable.code",
                "deferred_revenue.code"
            ]
        );
        let mut missing = chart.clone();
        missing.as_object_mut().unwrap().remove("receivable");
        app.put("/api/v1/accounting/chart-of-accounts", &missing)
            .await
            .problem(422, "VALIDATION_FAILED");
        assert_eq!(
            app.get("/api/v1/accounting/chart-of-accounts").await.json(),
            chart
        );
        let (_, reader) = app.key("sandbox", &[Scope::ReadLedger]).await;
        app.request(
            Method::PUT,
            "/api/v1/accounting/chart-of-accounts",
            Some(&reader),
            Some(&chart),
        )
        .await
        .problem(403, "INSUFFICIENT_SCOPE");
    }
}

/// Every entry of `period`'s journal (JSON, `entries` the part), remembered in `seen` by id
/// with the lines it named; an id seen before with other lines fails the test.
async fn entries_named(
    app: &TestApp,
    period: &str,
    entries: &str,
    seen: &mut BTreeMap<String, String>,
) -> Vec<String> {
    let path = format!("/api/v1/accounting/journal-entries?period={period}&entries={entries}");
    let page = app.get(&path).await.json();
    let mut ids = Vec::new();
    for entry in page["entries"].as_array().unwrap() {
        let id = entry["id"].as_str().unwrap().to_owned();
        let lines = entry["lines"].to_string();
        let named = seen.entry(id.clone()).or_insert_with(|| lines.clone());
        assert_eq!(*named, lines, "{id} named other lines before");
        ids.push(id);
    }
    ids
}

#[tokio::test]
async fn an_entry_id_always_names_the_same_lines_whatever_is_recorded_later() {
    for app in spawn_each().await {
        let mut seen = BTreeMap::new();
        let id = app
            .create(&simple_contract(
                "Acme",
                "12000.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let may = entries_named(&app, "2026-05", "all", &mut seen).await;
        let earned = entries_named(&app, "2026-05", "recognition", &mut seen).await;
        // Cash received in May adds lines to May: a new id for the entry and its billing
        // part, the recognition part (lines unchanged) keeps its id.
        let paid = app
            .post(
                &format!("/v1/contracts/{id}/payments"),
                &json!({"date": "2026-05-10", "amount": "1000.00", "reference": "WIRE-1"}),
            )
            .await;
        assert_eq!(paid.status.as_u16(), 201, "{}", paid.text);
        let after_cash = entries_named(&app, "2026-05", "all", &mut seen).await;
        assert_ne!(after_cash, may);
        assert_eq!(
            entries_named(&app, "2026-05", "recognition", &mut seen).await,
            earned
        );
        // Closed through April, then a change back-dated to February: May, the first open
        // month, books the corrections, under a new id.
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-04"}))
            .await;
        assert_eq!(closed.status.as_u16(), 200, "{}", closed.text);
        let april = entries_named(&app, "2026-04", "all", &mut seen).await;
        crate::periods::back_date_the_increase(&app, &id).await;
        let corrected = entries_named(&app, "2026-05", "all", &mut seen).await;
        assert_ne!(corrected, after_cash);
        assert_eq!(
            entries_named(&app, "2026-04", "all", &mut seen).await,
            april
        );
        // An invoice (the contract is billed by invoices from then on) moves May again.
        let invoiced = app
            .post(
                &format!("/v1/contracts/{id}/invoices"),
                &json!({"date": "2026-05-20", "amount": "2000.00", "number": "INV-5"}),
            )
            .await;
        assert_eq!(invoiced.status.as_u16(), 201, "{}", invoiced.text);
        let billed = entries_named(&app, "2026-05", "all", &mut seen).await;
        assert_ne!(billed, corrected);
        assert_eq!(
            entries_named(&app, "2026-04", "all", &mut seen).await,
            april
        );
        for month in ["2026-01", "2026-06", "2026-12"] {
            entries_named(&app, month, "all", &mut seen).await;
            entries_named(&app, month, "billing", &mut seen).await;
        }
    }
}

/// An export longer than a chunk of the CSV (2,000 lines): every line of the JSON pages, once
/// and in their order, though drafts and contracts of other months lie between.
#[tokio::test]
async fn a_csv_export_of_many_chunks_holds_every_line_of_the_pages_once_in_order() {
    for app in spawn_each().await {
        let operations: Vec<Value> = (0..300)
            .map(|index| {
                let mut body = json!({
                    "customer_name": format!("Customer {index}"),
                    "total_value": "300.00",
                    "start_date": "2026-02-01",
                    "end_date": "2027-01-31",
                    "line_items": [
                        {"name": "Platform", "pob_type": "subscription", "stated_price": "150.00"},
                        {"name": "Support", "pob_type": "support", "stated_price": "100.00"},
                        {"name": "Setup", "pob_type": "services", "stated_price": "50.00"}
                    ]
                });
                match index % 7 {
                    3 => body["status"] = json!("draft"),
                    5 => {
                        body["start_date"] = json!("2025-01-01");
                        body["end_date"] = json!("2025-12-31");
                    }
                    _ => {}
                }
                json!({"method": "POST", "path": "/v1/contracts", "body": body})
            })
            .collect();
        for batch in operations.chunks(100) {
            let reply = app.post("/v1/batch", &json!({ "operations": batch })).await;
            assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
            let results = reply.json()["results"].clone();
            assert!(
                results
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|result| result["status"] == 201),
                "{results}"
            );
        }
        let mut page_lines = Vec::new();
        let mut path = "/api/v1/accounting/journal-entries?period=2026-02&limit=100".to_owned();
        loop {
            let page = app.get(&path).await.json();
            for entry in page["entries"].as_array().unwrap() {
                for line in entry["lines"].as_array().unwrap() {
                    page_lines.push(format!(
                        "{},{},{}",
                        entry["id"].as_str().unwrap(),
                        line["account_code"].as_str().unwrap(),
                        line["contract_id"].as_str().unwrap()
                    ));
                }
            }
            match page["next_cursor"].as_str() {
                Some(cursor) => {
                    path = format!(
                        "/api/v1/accounting/journal-entries?period=2026-02&limit=100&cursor={cursor}"
                    )
                }
                None => break,
            }
        }
        let csv = csv_of(&app, "2026-02", None).await;
        let csv_lines: Vec<String> = csv
            .lines()
            .skip(1)
            .map(|row| {
                let fields: Vec<&str> = row.split(',').collect();
                format!("{},{},{}", fields[1], fields[2], fields[fields.len() - 3])
            })
            .collect();
        // 214 contracts with February entries of ten lines: more than one chunk.
        assert_eq!(page_lines.len(), 2_140);
        assert_eq!(csv_lines, page_lines);
    }
}

/// `period`'s journal as CSV, `as_of` an instant or none.
async fn csv_of(app: &TestApp, period: &str, as_of: Option<&str>) -> String {
    let mut path = format!("/api/v1/accounting/journal-entries?period={period}&format=csv");
    if let Some(instant) = as_of {
        path.push_str(&format!("&as_of={instant}"));
    }
    let reply = app.get(&path).await;
    assert_eq!(reply.status.as_u16(), 200, "{path}: {}", reply.text);
    reply.text
}

fn codes(csv: &str) -> Vec<String> {
    csv.lines()
        .skip(1)
        .map(|line| line.split(',').nth(2).unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_chart_change_takes_effect_from_the_first_open_month_and_never_rewrites_a_closed_one() {
    for app in spawn_each().await {
        app.create(&simple_contract(
            "Acme",
            "12000.00",
            "2026-01-01",
            "2026-12-31",
        ))
        .await;
        let closed = app
            .post("/v1/periods/close", &json!({"through": "2026-01"}))
            .await
            .json();
        let instant = closed["history"][0]["recorded_at"]
            .as_str()
            .unwrap()
            .to_owned();
        let january = csv_of(&app, "2026-01", None).await;
        let february_then = csv_of(&app, "2026-02", Some(&instant)).await;
        let january_balance = app
            .get("/api/v1/accounting/trial-balance?period=2026-01")
            .await
            .text;
        assert_eq!(codes(&january), ["1200", "2400", "2400", "4000"]);

        let mut chart = app.get("/api/v1/accounting/chart-of-accounts").await.json();
        chart["revenue"]["subscription"] = json!({"code": "4010", "name": "SaaS Revenue"});
        chart["receivable"] = json!({"code": "1100", "name": "Trade Debtors"});
        let saved = app
            .put("/api/v1/accounting/chart-of-accounts", &chart)
            .await;
        assert_eq!(saved.status.as_u16(), 200, "{}", saved.text);
        assert_eq!(
            app.get("/api/v1/accounting/chart-of-accounts").await.json(),
            chart
        );
        // The closed month and a read as of before the change keep their bytes.
        assert_eq!(csv_of(&app, "2026-01", None).await, january);
        assert_eq!(csv_of(&app, "2026-02", Some(&instant)).await, february_then);
        assert_eq!(
            app.get("/api/v1/accounting/trial-balance?period=2026-01")
                .await
                .text,
            january_balance
        );
        // The first open month and every later one post to the new chart.
        assert_eq!(
            codes(&csv_of(&app, "2026-02", None).await),
            ["2400", "4010"]
        );
        let february_balance = app
            .get("/api/v1/accounting/trial-balance?period=2026-02")
            .await
            .json();
        let accounts: Vec<&str> = february_balance["balances"][0]["accounts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|account| account["account_code"].as_str().unwrap())
            .collect();
        assert!(
            accounts.contains(&"1100") && accounts.contains(&"4010"),
            "{accounts:?}"
        );
        assert!(!accounts.contains(&"1200"), "{accounts:?}");
        // Reopened, January keeps the chart it was closed with: the change was made for
        // February on; a change recorded while January is open takes it too.
        let reopened = app
            .post(
                "/v1/periods/reopen",
                &json!({"from": "2026-01", "reason": "a late invoice"}),
            )
            .await;
        assert_eq!(reopened.status.as_u16(), 200, "{}", reopened.text);
        assert_eq!(codes(&csv_of(&app, "2026-01", None).await), codes(&january));
        app.put("/api/v1/accounting/chart-of-accounts", &chart)
            .await;
        assert_eq!(
            codes(&csv_of(&app, "2026-01", None).await),
            ["1100", "2400", "2400", "4010"]
        );
    }
}
