//! The `tempo` and `lightning` rails on the running server, against local doubles of a
//! Tempo node's JSON-RPC and of LND's REST API (no test talks to a real node), on both
//! backends: paid, invalid proof, expired, replayed, wrong amount, provider down.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use revrec_app::settings::{LightningTerms, MacaroonSource, Mode, Secret, StripeTerms, TempoTerms};
use revrec_http::payments::mpp::{Challenge, Credential, canonical_json, challenge_id};
use revrec_ports::Scope;
use revrec_test_support::lnd_double::{LndDouble, MACAROON_HEX};
use revrec_test_support::stripe_double::{SECRET_KEY, StripeDouble};
use revrec_test_support::tempo_double::{CHAIN_ID, MERCHANT, TOKEN, TempoDouble, Transfer};
use revrec_test_support::{Backend, TestDatabase};
use revrec_usecases::PerPlan;
use serde_json::json;

use crate::helpers::{TestApp, spawn_configured};
use crate::payments::{SECRET, WATERFALL, by_method, call, challenges_of, receipt_of, request_of};

/// 1 USD = 1 234 sats: the growth plan's 5 cents are 61.7 sats, charged as 62.
const SATS_PER_USD: u64 = 1_234;

struct Doubles {
    stripe: StripeDouble,
    lnd: LndDouble,
    tempo: TempoDouble,
}

impl Doubles {
    fn start() -> Doubles {
        Doubles {
            stripe: StripeDouble::start(),
            lnd: LndDouble::start(),
            tempo: TempoDouble::start(),
        }
    }
}

fn tempo_terms(doubles: &Doubles) -> TempoTerms {
    TempoTerms {
        rpc_url: Secret(doubles.tempo.rpc_url.clone()),
        chain_id: CHAIN_ID,
        token: TOKEN.into(),
        recipient: MERCHANT.into(),
    }
}

fn lightning_terms(doubles: &Doubles) -> LightningTerms {
    LightningTerms {
        lnd_url: doubles.lnd.base_url.clone(),
        macaroon: MacaroonSource::Hex(Secret(MACAROON_HEX.into())),
        tls_certificate_path: None,
        sats_per_usd: SATS_PER_USD,
        network: "regtest".into(),
    }
}

/// Growth calls cost 5 cents, scale calls 9; every rail configured.
async fn spawn_with_every_rail(database: TestDatabase, doubles: &Doubles) -> TestApp {
    let (tempo, lightning) = (tempo_terms(doubles), lightning_terms(doubles));
    let stripe_base = doubles.stripe.base_url.clone();
    spawn_configured(database, move |settings| {
        settings.policy.call_price_cents = PerPlan {
            sandbox: 0,
            growth: 5,
            scale: 9,
        };
        settings.payments.secret = Some(Secret(SECRET.into()));
        settings.payments.stripe = Some(StripeTerms {
            secret_key: Secret(SECRET_KEY.into()),
            network_id: "profile_test".into(),
            api_base: stripe_base,
        });
        settings.payments.tempo = Some(tempo);
        settings.payments.lightning = Some(lightning);
    })
    .await
}

async fn apps_with_every_rail() -> (Vec<TestApp>, Doubles) {
    let doubles = Doubles::start();
    let mut apps = Vec::new();
    for database in TestDatabase::all() {
        apps.push(spawn_with_every_rail(database, &doubles).await);
    }
    (apps, doubles)
}

async fn challenged(app: &TestApp, key: &str) -> Vec<Challenge> {
    challenges_of(&call(app, WATERFALL, key, &[]).await, "PAYMENT_REQUIRED")
}

/// The same challenge re-signed with other parameters (what only the server could do).
fn resigned(challenge: &Challenge, edit: impl FnOnce(&mut Challenge)) -> Challenge {
    let mut changed = challenge.clone();
    edit(&mut changed);
    changed.id = challenge_id(
        SECRET.as_bytes(),
        &changed.realm,
        &changed.method,
        "charge",
        &changed.request,
        &changed.expires,
        Some("Payment-Authorization"),
        changed.opaque.as_deref(),
    );
    changed
}

fn with_amount(challenge: &Challenge, amount: &str) -> Challenge {
    resigned(challenge, |changed| {
        let mut request = request_of(changed);
        request["amount"] = amount.into();
        changed.request = URL_SAFE_NO_PAD.encode(canonical_json(&request));
    })
}

fn expired(challenge: &Challenge) -> Challenge {
    resigned(challenge, |changed| {
        changed.expires = "2026-01-15T12:05:00Z".into();
    })
}

#[tokio::test]
async fn with_every_rail_a_402_carries_one_complete_challenge_per_rail_and_the_intent_lists_them() {
    let (apps, doubles) = apps_with_every_rail().await;
    for app in apps {
        let (_, key) = app.key("acme", &[Scope::ReadWaterfalls]).await;
        let challenges = challenged(&app, &key).await;
        let methods: Vec<&str> = challenges.iter().map(|c| c.method.as_str()).collect();
        assert_eq!(methods, ["stripe", "tempo", "lightning", "sandbox"]);

        let lightning = request_of(by_method(&challenges, "lightning"));
        assert_eq!(
            (&lightning["amount"], &lightning["currency"]),
            (&json!("62"), &json!("sat"))
        );
        assert_eq!(lightning["description"], "GET /v1/waterfalls");
        let details = &lightning["methodDetails"];
        assert_eq!(details["network"], "regtest");
        let invoice = doubles.lnd.invoices().last().cloned().unwrap();
        assert_eq!(details["invoice"], invoice.payment_request.as_str());
        assert_eq!(details["paymentHash"], invoice.payment_hash.as_str());
        assert_eq!(invoice.value_sat, 62);

        let tempo = request_of(by_method(&challenges, "tempo"));
        assert_eq!(tempo["amount"], "50000", "5 cents of a 6-decimal token");
        assert_eq!(tempo["currency"], TOKEN);
        assert_eq!(tempo["recipient"], MERCHANT);
        assert_eq!(tempo["methodDetails"]["chainId"], CHAIN_ID);
        assert_eq!(tempo["methodDetails"]["supportedModes"], json!(["push"]));
        let memo = tempo["methodDetails"]["memo"].as_str().unwrap();
        assert!(memo.starts_with("0x") && memo.len() == 66, "{memo}");
        // Every 402 has a fresh invoice and a fresh memo.
        let again = challenged(&app, &key).await;
        assert_ne!(
            request_of(by_method(&again, "lightning"))["methodDetails"]["paymentHash"],
            details["paymentHash"]
        );
        assert_ne!(
            request_of(by_method(&again, "tempo"))["methodDetails"]["memo"],
            memo
        );

        // The unauthenticated terms route never makes the node create an invoice: its
        // challenges pay for nothing, so Lightning's is left out there.
        let invoices = doubles.lnd.invoices().len();
        let terms = app
            .request(reqwest::Method::GET, "/v1/payments/challenge", None, None)
            .await;
        let terms = challenges_of(&terms, "PAYMENT_REQUIRED");
        let methods: Vec<&str> = terms.iter().map(|c| c.method.as_str()).collect();
        assert_eq!(methods, ["stripe", "tempo", "sandbox"]);
        assert_eq!(doubles.lnd.invoices().len(), invoices);

        let reply = app
            .request(reqwest::Method::GET, "/v1/payments/intent", None, None)
            .await;
        let document: serde_json::Value =
            serde_json::from_str(&revrec_http::openapi::document_json()).unwrap();
        crate::response_schemas::conforms(
            &document,
            "/v1/payments/intent",
            "get",
            200,
            &reply.text,
        );
        let intent = reply.json();
        assert_eq!(
            intent["supported_methods"],
            json!(["stripe", "tempo", "lightning", "sandbox"])
        );
        assert_eq!(
            intent["prices"]["growth"]["GET /v1/waterfalls"],
            json!({"usd": "0.05", "methods": {
                "stripe": {"amount": "5", "currency": "usd"},
                "sandbox": {"amount": "5", "currency": "usd"},
                "lightning": {"amount": "62", "currency": "sat"},
                "tempo": {"amount": "50000", "currency": TOKEN, "recipient": MERCHANT},
            }})
        );
        // A free call cannot be invoiced or transferred: those rails are absent there.
        assert_eq!(
            intent["prices"]["sandbox"]["GET /v1/waterfalls"]["methods"]
                .as_object()
                .unwrap()
                .keys()
                .collect::<Vec<_>>(),
            ["sandbox", "stripe"]
        );
        let lightning_terms = &intent["methods"][2];
        assert_eq!(lightning_terms["method"], "lightning");
        assert_eq!(
            lightning_terms["per_usd"],
            json!({"amount": "1234", "currency": "sat"})
        );
        assert_eq!(lightning_terms["settles_real_money"], false);
    }
}

#[tokio::test]
async fn the_lightning_rail_settles_a_preimage_once_and_refuses_what_does_not_pay() {
    let (apps, doubles) = apps_with_every_rail().await;
    for app in apps {
        let (_, key) = app.key("acme", &[Scope::ReadWaterfalls]).await;
        let challenges = challenged(&app, &key).await;
        let challenge = by_method(&challenges, "lightning");
        let invoice = request_of(challenge)["methodDetails"]["invoice"]
            .as_str()
            .unwrap()
            .to_owned();
        let preimage = doubles.lnd.pay(&invoice).unwrap();
        let paying = |challenge: &Challenge, preimage: &str| {
            Credential::build(challenge, &json!({ "preimage": preimage }))
        };
        // Another invoice's preimage, and garbage: declined (spends that challenge) and
        // malformed (spends nothing).
        let other = challenged(&app, &key).await;
        let other = by_method(&other, "lightning").clone();
        let wrong = "ab".repeat(32);
        challenges_of(
            &call(&app, WATERFALL, &key, &[&paying(&other, &wrong)]).await,
            "PAYMENT_VERIFICATION_FAILED",
        );
        challenges_of(
            &call(&app, WATERFALL, &key, &[&paying(challenge, "not hex")]).await,
            "PAYMENT_MALFORMED_CREDENTIAL",
        );
        // Expired, or a (genuinely signed) challenge for another amount: refused before the
        // proof is claimed.
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&paying(&expired(challenge), &preimage)],
            )
            .await,
            "PAYMENT_EXPIRED",
        );
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&paying(&with_amount(challenge, "1"), &preimage)],
            )
            .await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        // Paid: the receipt's reference is the payment hash, never the preimage.
        let paid = call(&app, WATERFALL, &key, &[&paying(challenge, &preimage)]).await;
        let receipt = receipt_of(&paid, "lightning");
        assert_eq!(
            receipt["reference"],
            request_of(challenge)["methodDetails"]["paymentHash"]
        );
        assert!(!paid.text.contains(&preimage));
        // Replayed: the same credential, or the same preimage on a fresh challenge.
        challenges_of(
            &call(&app, WATERFALL, &key, &[&paying(challenge, &preimage)]).await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        let fresh = challenged(&app, &key).await;
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&paying(by_method(&fresh, "lightning"), &preimage)],
            )
            .await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        let settled = app
            .services()
            .await
            .payments
            .received("acme", 10)
            .await
            .unwrap();
        assert_eq!(settled.len(), 1, "{settled:?}");
        assert_eq!(settled[0].method, "lightning");
    }
}

#[tokio::test]
async fn a_node_that_is_down_leaves_lightning_out_and_a_paid_invoice_still_settles() {
    let (apps, doubles) = apps_with_every_rail().await;
    for app in apps {
        let (_, key) = app.key("acme", &[Scope::ReadWaterfalls]).await;
        let before = challenged(&app, &key).await;
        let challenge = by_method(&before, "lightning").clone();
        let invoice = request_of(&challenge)["methodDetails"]["invoice"]
            .as_str()
            .unwrap()
            .to_owned();
        let preimage = doubles.lnd.pay(&invoice).unwrap();
        doubles.lnd.set_down(true);
        let during = challenged(&app, &key).await;
        let methods: Vec<&str> = during.iter().map(|c| c.method.as_str()).collect();
        assert_eq!(methods, ["stripe", "tempo", "sandbox"]);
        // Settling needs no node: the preimage is checked against the challenge's hash.
        let paid = call(
            &app,
            WATERFALL,
            &key,
            &[&Credential::build(
                &challenge,
                &json!({ "preimage": preimage }),
            )],
        )
        .await;
        receipt_of(&paid, "lightning");
        doubles.lnd.set_down(false);
    }

    // With Lightning the only rail, a node that is down leaves nothing to pay with: 503.
    let Some(database) = TestDatabase::all()
        .into_iter()
        .find(|d| d.backend == Backend::Sqlite)
    else {
        return;
    };
    let lightning = lightning_terms(&doubles);
    let alone = spawn_configured(database, move |settings| {
        settings.mode = Mode::Production;
        settings.policy.call_price_cents = PerPlan {
            sandbox: 0,
            growth: 5,
            scale: 9,
        };
        settings.payments.secret = Some(Secret(SECRET.into()));
        settings.payments.lightning = Some(lightning);
    })
    .await;
    let (_, key) = alone.key("acme", &[Scope::ReadWaterfalls]).await;
    doubles.lnd.set_down(true);
    let down = call(&alone, WATERFALL, &key, &[]).await;
    let body = down.problem(503, "PAYMENT_RAIL_UNAVAILABLE");
    assert!(down.header("retry-after").is_some(), "{body}");
    doubles.lnd.set_down(false);
    let up = challenges_of(
        &call(&alone, WATERFALL, &key, &[]).await,
        "PAYMENT_REQUIRED",
    );
    assert_eq!(up.len(), 1);
}

#[tokio::test]
async fn the_tempo_rail_settles_a_transfer_with_the_memo_once_and_refuses_what_does_not_pay() {
    let (apps, doubles) = apps_with_every_rail().await;
    for app in apps {
        let (_, key) = app.key("acme", &[Scope::ReadWaterfalls]).await;
        let transfer = |amount: u128, memo: Option<&str>, to: &'static str| {
            doubles.tempo.transfer(&Transfer {
                token: TOKEN,
                to,
                amount,
                memo,
                reverted: false,
            })
        };
        let paying = |challenge: &Challenge, hash: &str| {
            Credential::build(challenge, &json!({"type": "hash", "hash": hash}))
        };
        let memo_of = |challenge: &Challenge| -> String {
            request_of(challenge)["methodDetails"]["memo"]
                .as_str()
                .unwrap()
                .to_owned()
        };
        let fresh = async || by_method(&challenged(&app, &key).await, "tempo").clone();

        // Wrong amount on chain, another challenge's memo, another recipient: declined.
        let short = fresh().await;
        let hash = transfer(49_999, Some(&memo_of(&short)), MERCHANT);
        challenges_of(
            &call(&app, WATERFALL, &key, &[&paying(&short, &hash)]).await,
            "PAYMENT_VERIFICATION_FAILED",
        );
        let elsewhere = fresh().await;
        let hash = transfer(
            50_000,
            Some(&memo_of(&elsewhere)),
            "0x9999999999999999999999999999999999999999",
        );
        challenges_of(
            &call(&app, WATERFALL, &key, &[&paying(&elsewhere, &hash)]).await,
            "PAYMENT_VERIFICATION_FAILED",
        );
        // A signed transaction (pull mode) is not taken here.
        let challenge = fresh().await;
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&Credential::build(
                    &challenge,
                    &json!({"type": "transaction", "signature": "0x76f9"}),
                )],
            )
            .await,
            "PAYMENT_MALFORMED_CREDENTIAL",
        );
        let paid_hash = transfer(50_000, Some(&memo_of(&challenge)), MERCHANT);
        // Expired, or a genuinely signed challenge for another amount.
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&paying(&expired(&challenge), &paid_hash)],
            )
            .await,
            "PAYMENT_EXPIRED",
        );
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&paying(&with_amount(&challenge, "40000"), &paid_hash)],
            )
            .await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        // The node is down: 503, nothing spent; the same credential pays once it is back.
        doubles.tempo.set_down(true);
        let credential = paying(&challenge, &paid_hash);
        let down = call(&app, WATERFALL, &key, &[&credential]).await;
        down.problem(503, "PAYMENT_RAIL_UNAVAILABLE");
        doubles.tempo.set_down(false);
        let paid = call(&app, WATERFALL, &key, &[&credential]).await;
        let receipt = receipt_of(&paid, "tempo");
        assert_eq!(receipt["reference"], paid_hash.as_str());
        // Replayed: the same credential, or the same transaction for a fresh challenge.
        challenges_of(
            &call(&app, WATERFALL, &key, &[&credential]).await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        let next = fresh().await;
        challenges_of(
            &call(&app, WATERFALL, &key, &[&paying(&next, &paid_hash)]).await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        // A transaction not (yet) on chain is retryable, not a decline.
        let unknown = format!("0x{}", "cd".repeat(32));
        call(&app, WATERFALL, &key, &[&paying(&next, &unknown)])
            .await
            .problem(503, "PAYMENT_RAIL_UNAVAILABLE");
        let settled = app
            .services()
            .await
            .payments
            .received("acme", 10)
            .await
            .unwrap();
        assert_eq!(settled.len(), 1, "{settled:?}");
        assert_eq!(settled[0].reference.as_deref(), Some(paid_hash.as_str()));
    }
}

#[tokio::test]
async fn the_payments_settings_read_the_rails_from_the_environment_without_printing_secrets() {
    let doubles = Doubles::start();
    let terms = revrec_app::settings::PaymentTerms {
        tempo: Some(tempo_terms(&doubles)),
        lightning: Some(lightning_terms(&doubles)),
        ..Default::default()
    };
    let printed = format!("{terms:?}");
    assert!(!printed.contains(MACAROON_HEX), "{printed}");
    assert!(!printed.contains(&doubles.tempo.rpc_url), "{printed}");
}
