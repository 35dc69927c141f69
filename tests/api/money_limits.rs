//! Money past the 64-bit range (docs/limits.md, "Money"), on both backends: payments of
//! 999,999,999,999.9999 CLF (a four-decimal currency, the largest amount one figure may
//! carry) on one contract are accepted while the books of CLF stay within their limit; the
//! next is refused whole with 422 `AMOUNT_OUT_OF_RANGE` naming the limit, and the trial
//! balance and the journal print the exact sums of what was accepted, never a wrapped one.

use serde_json::json;

use crate::helpers::{TestApp, number_texts, spawn_each};

const PAYMENT: &str = "999999999999.9999";
const PAYMENT_MINOR: i128 = 9_999_999_999_999_999;

/// `minor` ten-thousandths as CLF text (four decimals).
fn clf(minor: i128) -> String {
    format!("{}.{:04}", minor / 10_000, minor % 10_000)
}

/// The date of the `index`th payment: one a month through 2026, then the next day.
fn payment_date(index: u32) -> String {
    format!("2026-{:02}-{:02}", index % 12 + 1, index / 12 % 28 + 1)
}

/// The trial balance's debit of account `code` at the end of 2026, as written.
async fn debit_of(app: &TestApp, code: &str) -> (String, String) {
    let reply = app
        .get("/api/v1/accounting/trial-balance?period=2026-12&currency=CLF")
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let body = reply.json();
    let accounts = body["balances"][0]["accounts"].as_array().unwrap();
    let at = accounts
        .iter()
        .position(|account| account["account_code"] == code)
        .unwrap();
    (number_texts(&reply.text, "debit")[at].clone(), reply.text)
}

#[tokio::test]
async fn payments_past_the_books_limit_are_refused_and_every_figure_before_is_exact() {
    for app in spawn_each().await {
        let contract = app
            .create(&json!({
                "customer_name": "Fondo",
                "currency": "CLF",
                "total_value": "1000.0000",
                "start_date": "2026-01-01",
                "end_date": "2026-12-31",
            }))
            .await;
        let id = contract["id"].as_str().unwrap().to_owned();
        let path = format!("/v1/contracts/{id}/payments");
        let mut accepted = 0_u32;
        let refusal = loop {
            assert!(accepted < 400, "no payment was refused");
            let reply = app
                .post(
                    &path,
                    &json!({
                        "date": payment_date(accepted),
                        "amount": PAYMENT,
                        "reference": format!("WIRE-{accepted}"),
                    }),
                )
                .await;
            if reply.status != 201 {
                break reply;
            }
            accepted += 1;
        };
        // The books hold the sizes of cash and the credit it makes: about two payments'
        // worth each, so about 230 of them fit under 461,168,601,842,738.7903.
        assert_eq!(accepted, 230, "{:?}", app.backend);
        let problem = refusal.problem(422, "AMOUNT_OUT_OF_RANGE");
        assert_eq!(problem["currency"], "CLF");
        assert_eq!(problem["limit"], "461168601842738.7903");
        let detail = problem["detail"].as_str().unwrap();
        assert!(detail.contains("461168601842738.7903"), "{detail}");

        // What was accepted, exactly: cash clearing is every payment, to the last unit.
        let (cash, before) = debit_of(&app, "1010").await;
        assert_eq!(cash, clf(i128::from(accepted) * PAYMENT_MINOR));
        assert_eq!(cash, "229999999999999.9770");
        // The journal of January: a line for each of its 20 payments (the 1st, 13th, … of
        // 230), and the entry's total debit, exact.
        let reply = app
            .get("/api/v1/accounting/journal-entries?period=2026-01&currency=CLF")
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        let january = accepted.div_ceil(12);
        let debits = number_texts(&reply.text, "debit");
        let paid = debits.iter().filter(|debit| *debit == PAYMENT).count();
        assert_eq!(paid, usize::try_from(january).unwrap(), "{debits:?}");
        assert_eq!(
            debits.last().map(String::as_str),
            Some("20000000001084.9295"),
            "20 payments, the 1000.0000 billed and January's 84.9315 of revenue: {debits:?}"
        );

        // Nothing of the refused payment was stored, and it stays refused.
        let again = app
            .post(
                &path,
                &json!({"date": "2026-12-31", "amount": PAYMENT, "reference": "WIRE-X"}),
            )
            .await;
        again.problem(422, "AMOUNT_OUT_OF_RANGE");
        let (_, after) = debit_of(&app, "1010").await;
        assert_eq!(before, after);
        // A small payment still fits (the limit is on the books, not on the contract's use).
        let small = app
            .post(
                &path,
                &json!({"date": "2026-12-31", "amount": "1.0000", "reference": "WIRE-S"}),
            )
            .await;
        assert_eq!(small.status, 201, "{}", small.text);
    }
}
