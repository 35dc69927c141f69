//! Machine payments over HTTP 402 (MPP, docs/payments.md) on the running server: what the
//! `Payment` scheme (draft-ryan-httpauth-payment) and its charge intent
//! (draft-payment-intent-charge-00) ask of a server, with the sandbox rail and the Stripe rail
//! (against a local double of Stripe's API).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::Method;
use revrec_app::settings::{Secret, StripeTerms};
use revrec_http::payments::mpp::{Challenge, Credential, canonical_json, challenge_id};
use revrec_ports::Scope;
use revrec_test_support::stripe_double::{SECRET_KEY, StripeDouble};
use revrec_test_support::{Backend, TestDatabase};
use revrec_usecases::PerPlan;
use serde_json::{Value, json};

use crate::helpers::{Reply, SANDBOX, TestApp, simple_contract, spawn_configured};

pub(crate) const SECRET: &str = "a challenge secret of at least 32 bytes, for tests";
pub(crate) const WATERFALL: &str = "/v1/waterfalls?start_period=2026-01&end_period=2026-12";

/// Growth calls cost 5 cents, scale calls 9; sandbox calls are free. Both rails.
async fn spawn_priced(database: TestDatabase, double: &StripeDouble) -> TestApp {
    let base = double.base_url.clone();
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
            api_base: base,
        });
    })
    .await
}

async fn priced_apps() -> (Vec<TestApp>, StripeDouble) {
    let double = StripeDouble::start();
    let mut apps = Vec::new();
    for database in TestDatabase::all() {
        apps.push(spawn_priced(database, &double).await);
    }
    (apps, double)
}

pub(crate) async fn call(app: &TestApp, path: &str, key: &str, payment: &[&str]) -> Reply {
    let mut headers = vec![("Authorization".to_owned(), format!("Bearer {key}"))];
    headers.extend(
        payment
            .iter()
            .map(|p| ("Payment-Authorization".to_owned(), (*p).to_owned())),
    );
    let borrowed: Vec<(&str, &str)> = headers
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    app.raw(Method::GET, path, &borrowed, Vec::new()).await
}

/// Every `WWW-Authenticate: Payment` challenge of a 402, each checked as §1.12 asks.
#[track_caller]
pub(crate) fn challenges_of(reply: &Reply, code: &str) -> Vec<Challenge> {
    let body = reply.json();
    assert_eq!(reply.status.as_u16(), 402, "{}", reply.text);
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["status"], 402);
    let kind = code
        .strip_prefix("PAYMENT_")
        .unwrap_or(code)
        .to_lowercase()
        .replace('_', "-");
    let kind = match kind.as_str() {
        "required" => "payment-required".to_owned(),
        "expired" => "payment-expired".to_owned(),
        other => other.to_owned(),
    };
    assert_eq!(
        body["type"],
        format!("https://paymentauth.org/problems/{kind}")
    );
    assert_eq!(
        reply.header("content-type").as_deref(),
        Some("application/problem+json")
    );
    assert_eq!(reply.header("cache-control").as_deref(), Some("no-store"));
    assert!(reply.header("payment-receipt").is_none());
    let challenges: Vec<Challenge> = reply
        .headers
        .get_all("www-authenticate")
        .iter()
        .map(|value| {
            let text = value.to_str().unwrap();
            assert!(text.starts_with("Payment "), "{text}");
            Challenge::parse_header(text).unwrap()
        })
        .collect();
    assert!(!challenges.is_empty());
    assert_eq!(body["challengeId"], challenges[0].id.as_str());
    for challenge in &challenges {
        assert!(!challenge.id.is_empty() && !challenge.realm.is_empty());
        assert!(
            !challenge.method.is_empty()
                && challenge.method.bytes().all(|b| b.is_ascii_lowercase())
        );
        assert_eq!(challenge.intent, "charge");
        assert_eq!(challenge.header.as_deref(), Some("Payment-Authorization"));
        assert!(
            challenge
                .request
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
        let decoded = URL_SAFE_NO_PAD.decode(&challenge.request).unwrap();
        let request: Value = serde_json::from_slice(&decoded).unwrap();
        assert_eq!(
            canonical_json(&request).as_bytes(),
            decoded.as_slice(),
            "JCS"
        );
        let amount = request["amount"].as_str().unwrap();
        assert!(
            amount == "0"
                || (!amount.starts_with('0') && amount.bytes().all(|b| b.is_ascii_digit()))
        );
        // Each rail states the charge in its own unit (MPP charge intent).
        let currency = request["currency"].as_str().unwrap();
        match challenge.method.as_str() {
            "lightning" => assert_eq!(currency, "sat"),
            "tempo" => assert!(currency.starts_with("0x") && currency.len() == 42),
            _ => assert_eq!(currency, "usd"),
        }
        assert!(
            request.get("expires").is_none(),
            "expiry lives in the auth-param only"
        );
        // The id is the HMAC over the other parameters, header slot included.
        assert_eq!(
            challenge.id,
            challenge_id(
                SECRET.as_bytes(),
                &challenge.realm,
                &challenge.method,
                "charge",
                &challenge.request,
                &challenge.expires,
                Some("Payment-Authorization"),
                challenge.opaque.as_deref()
            )
        );
    }
    challenges
}

pub(crate) fn by_method<'a>(challenges: &'a [Challenge], method: &str) -> &'a Challenge {
    challenges.iter().find(|c| c.method == method).unwrap()
}

fn sandbox_credential(challenges: &[Challenge], token: &str) -> String {
    Credential::build(by_method(challenges, "sandbox"), &json!({ "token": token }))
}

pub(crate) fn request_of(challenge: &Challenge) -> Value {
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(&challenge.request).unwrap()).unwrap()
}

#[track_caller]
pub(crate) fn receipt_of(reply: &Reply, method: &str) -> Value {
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.text);
    assert_eq!(reply.header("cache-control").as_deref(), Some("private"));
    let receipt = reply.header("payment-receipt").expect("a receipt");
    let receipt: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(receipt).unwrap()).unwrap();
    assert_eq!(receipt["status"], "success");
    assert_eq!(receipt["method"], method);
    assert!(receipt["reference"].as_str().is_some_and(|r| !r.is_empty()));
    assert!(
        time::OffsetDateTime::parse(
            receipt["timestamp"].as_str().unwrap(),
            &time::format_description::well_known::Rfc3339
        )
        .is_ok()
    );
    receipt
}

#[tokio::test]
async fn unpaid_priced_calls_get_one_complete_challenge_per_method() {
    let (apps, _double) = priced_apps().await;
    for app in apps {
        let (_, key) = app
            .key("acme", &[Scope::ReadWaterfalls, Scope::ReadContracts])
            .await;
        let reply = call(&app, WATERFALL, &key, &[]).await;
        let challenges = challenges_of(&reply, "PAYMENT_REQUIRED");
        let methods: Vec<&str> = challenges.iter().map(|c| c.method.as_str()).collect();
        assert_eq!(methods, ["stripe", "sandbox"]);
        let stripe = request_of(by_method(&challenges, "stripe"));
        assert_eq!(
            stripe,
            json!({"amount": "5", "currency": "usd", "description": "GET /v1/waterfalls",
                   "methodDetails": {"networkId": "profile_test", "paymentMethodTypes": ["card"]}})
        );
        let realm = app.address.trim_start_matches("http://");
        assert!(challenges.iter().all(|c| c.realm == realm));
        assert_eq!(
            challenges[0].intent_url.as_deref(),
            Some(format!("{}/v1/payments/intent", app.address).as_str())
        );
        let expires = time::OffsetDateTime::parse(
            &challenges[0].expires,
            &time::format_description::well_known::Rfc3339,
        )
        .unwrap();
        let left = expires - time::OffsetDateTime::now_utc();
        assert!(
            left.whole_seconds() > 280 && left.whole_seconds() <= 300,
            "{left}"
        );
        // Authentication comes first: no bearer token is a 401, not a 402.
        let anonymous = app.raw(Method::GET, WATERFALL, &[], Vec::new()).await;
        assert_eq!(anonymous.status, 401);
        // A free plan is not charged, and routes without a price never are.
        assert_eq!(app.get(WATERFALL).await.status, 200);
        let free = call(&app, "/v1/contracts/ctr_nothing", &key, &[]).await;
        assert_eq!(free.status, 404);
        // Every priced call of both surfaces answers 402 for the growth plan.
        for path in ["/v1/contracts", "/v1/disclosures/note6?period=2026-Q1"] {
            let (_, key) = app.key("acme", &Scope::ALL).await;
            challenges_of(&call(&app, path, &key, &[]).await, "PAYMENT_REQUIRED");
        }
        let (_, writer) = app.key("acme", &Scope::ALL).await;
        let guide = app
            .raw(
                Method::GET,
                "/api/v1/reports/waterfall?period=2026",
                &[("Authorization", &format!("Bearer {writer}"))],
                Vec::new(),
            )
            .await;
        challenges_of(&guide, "PAYMENT_REQUIRED");
    }
}

#[tokio::test]
async fn a_paid_call_answers_with_a_receipt_and_a_credential_pays_once() {
    let (apps, _double) = priced_apps().await;
    for app in apps {
        let (_, key) = app.key("acme", &[Scope::ReadWaterfalls]).await;
        let challenges = challenges_of(&call(&app, WATERFALL, &key, &[]).await, "PAYMENT_REQUIRED");
        let credential = sandbox_credential(&challenges, "tok_sandbox_first");
        let paid = call(&app, WATERFALL, &key, &[&credential]).await;
        let receipt = receipt_of(&paid, "sandbox");
        assert!(receipt["reference"].as_str().unwrap().starts_with("sbx_"));
        assert_eq!(
            receipt["challengeId"],
            by_method(&challenges, "sandbox").id.as_str()
        );
        // The same answer as a free call would give: payment changes no figure.
        assert_eq!(paid.json(), app.get(WATERFALL).await.json());

        // The same credential again, or the same token under a fresh challenge: refused.
        let replayed = call(&app, WATERFALL, &key, &[&credential]).await;
        challenges_of(&replayed, "PAYMENT_INVALID_CHALLENGE");
        let fresh = challenges_of(&call(&app, WATERFALL, &key, &[]).await, "PAYMENT_REQUIRED");
        let same_token = sandbox_credential(&fresh, "tok_sandbox_first");
        challenges_of(
            &call(&app, WATERFALL, &key, &[&same_token]).await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        // A declined token spends the challenge.
        let declined = sandbox_credential(&fresh, "tok_sandbox_declined");
        let other = challenges_of(&call(&app, WATERFALL, &key, &[]).await, "PAYMENT_REQUIRED");
        let declined_too = sandbox_credential(&other, "tok_sandbox_declined");
        challenges_of(
            &call(&app, WATERFALL, &key, &[&declined_too]).await,
            "PAYMENT_VERIFICATION_FAILED",
        );
        challenges_of(
            &call(&app, WATERFALL, &key, &[&declined]).await,
            "PAYMENT_INVALID_CHALLENGE",
        );
    }
}

#[tokio::test]
async fn the_stripe_rail_settles_through_the_payment_intent_api() {
    let (apps, double) = priced_apps().await;
    let mut spt = 0;
    for app in apps {
        let (_, key) = app.key("acme", &[Scope::ReadWaterfalls]).await;
        let pay = async |token: &str| {
            let challenges =
                challenges_of(&call(&app, WATERFALL, &key, &[]).await, "PAYMENT_REQUIRED");
            let credential =
                Credential::build(by_method(&challenges, "stripe"), &json!({ "spt": token }));
            call(&app, WATERFALL, &key, &[&credential]).await
        };
        spt += 1;
        let before = double.created();
        let receipt = receipt_of(&pay(&format!("spt_ok_{spt}")).await, "stripe");
        assert!(
            receipt["reference"]
                .as_str()
                .unwrap()
                .starts_with("pi_double_")
        );
        assert_eq!(double.created(), before + 1);
        let sent = double.requests().last().cloned().unwrap();
        assert!(sent.contains(&("amount".into(), "5".into())), "{sent:?}");
        assert!(sent.contains(&("currency".into(), "usd".into())));
        challenges_of(&pay("spt_declined").await, "PAYMENT_VERIFICATION_FAILED");
        challenges_of(
            &pay("spt_requires_action").await,
            "PAYMENT_VERIFICATION_FAILED",
        );
        let outage = pay("spt_unavailable").await;
        let body = outage.problem(503, "PAYMENT_RAIL_UNAVAILABLE");
        assert!(outage.header("retry-after").is_some(), "{body}");
        // A token Stripe does not know the shape of is malformed before Stripe is asked.
        challenges_of(&pay("tok_not_stripe").await, "PAYMENT_MALFORMED_CREDENTIAL");
    }
}

#[tokio::test]
async fn credentials_that_do_not_fit_the_call_are_refused_before_any_rail() {
    let (apps, double) = priced_apps().await;
    for app in apps {
        let created = double.created();
        let (_, key) = app.key("acme", &Scope::ALL).await;
        let challenges = challenges_of(&call(&app, WATERFALL, &key, &[]).await, "PAYMENT_REQUIRED");
        let sandbox = by_method(&challenges, "sandbox");
        let payload = json!({"token": "tok_sandbox_x"});

        for garbage in [
            "Payment !!!",
            "Payment e30",
            "Bearer abc",
            "Payment eyJjaGFsbGVuZ2UiOnt9fQ",
        ] {
            challenges_of(
                &call(&app, WATERFALL, &key, &[garbage]).await,
                "PAYMENT_MALFORMED_CREDENTIAL",
            );
        }
        // Tampered request (a lower price) or id.
        let mut cheaper = sandbox.clone();
        let mut request = request_of(&cheaper);
        request["amount"] = "1".into();
        cheaper.request = URL_SAFE_NO_PAD.encode(canonical_json(&request));
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&Credential::build(&cheaper, &payload)],
            )
            .await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        let mut forged = sandbox.clone();
        forged.id = "A".repeat(43);
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&Credential::build(&forged, &payload)],
            )
            .await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        // A genuine challenge for another route (same price) or another plan's price.
        let note6 = "/v1/disclosures/note6?period=2026-Q1";
        challenges_of(
            &call(&app, note6, &key, &[&Credential::build(sandbox, &payload)]).await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        let scale = app
            .request(Method::GET, "/v1/payments/challenge?plan=scale", None, None)
            .await;
        let scale = challenges_of(&scale, "PAYMENT_REQUIRED");
        assert_eq!(request_of(by_method(&scale, "sandbox"))["amount"], "9");
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&Credential::build(by_method(&scale, "sandbox"), &payload)],
            )
            .await,
            "PAYMENT_INVALID_CHALLENGE",
        );
        // An expired challenge, genuinely signed.
        let mut expired = sandbox.clone();
        expired.expires = "2026-01-15T12:05:00Z".into();
        expired.id = challenge_id(
            SECRET.as_bytes(),
            &expired.realm,
            "sandbox",
            "charge",
            &expired.request,
            &expired.expires,
            Some("Payment-Authorization"),
            expired.opaque.as_deref(),
        );
        challenges_of(
            &call(
                &app,
                WATERFALL,
                &key,
                &[&Credential::build(&expired, &payload)],
            )
            .await,
            "PAYMENT_EXPIRED",
        );
        // Two credentials, or a method this server does not take: 400, no challenge.
        let good = Credential::build(sandbox, &payload);
        let two = call(&app, WATERFALL, &key, &[&good, &good]).await;
        two.problem(400, "MULTIPLE_PAYMENT_CREDENTIALS");
        let mut tempo = sandbox.clone();
        tempo.method = "tempo".into();
        let unsupported = call(
            &app,
            WATERFALL,
            &key,
            &[&Credential::build(&tempo, &payload)],
        )
        .await;
        let body = unsupported.problem(400, "PAYMENT_METHOD_UNSUPPORTED");
        assert_eq!(
            body["type"],
            "https://paymentauth.org/problems/method-unsupported"
        );
        // None of this reached a rail, and the genuine challenge is still good.
        assert_eq!(double.created(), created);
        receipt_of(&call(&app, WATERFALL, &key, &[&good]).await, "sandbox");
    }
}

#[tokio::test]
async fn a_challenge_pays_only_for_the_credential_it_was_issued_to() {
    let (apps, double) = priced_apps().await;
    for app in apps {
        let created = double.created();
        let (_, acme) = app.key("acme", &[Scope::ReadWaterfalls]).await;
        let (_, acme_other_key) = app.key("acme", &[Scope::ReadWaterfalls]).await;
        let (_, globex) = app.key("globex", &[Scope::ReadWaterfalls]).await;
        let issued = challenges_of(&call(&app, WATERFALL, &acme, &[]).await, "PAYMENT_REQUIRED");
        let credential = sandbox_credential(&issued, "tok_sandbox_bound");

        // Another tenant's key, or another key of the same tenant: refused with fresh
        // challenges, which are the presenter's own.
        for (key, tenant) in [(&globex, "globex"), (&acme_other_key, "acme")] {
            let refused = call(&app, WATERFALL, key, &[&credential]).await;
            let fresh = challenges_of(&refused, "PAYMENT_INVALID_CHALLENGE");
            assert!(
                refused.json()["detail"]
                    .as_str()
                    .is_some_and(|detail| detail.contains("issued to another caller")),
                "{}",
                refused.text
            );
            assert!(fresh.iter().all(|c| issued.iter().all(|i| i.id != c.id)));
            // Nothing was claimed or settled for anyone.
            let received = app
                .services()
                .await
                .payments
                .received(tenant, 10)
                .await
                .unwrap();
            assert!(received.is_empty(), "{received:?}");
            // The presenter pays its own challenge with a token of its own.
            let own = sandbox_credential(&fresh, &format!("tok_sandbox_{tenant}_own"));
            receipt_of(&call(&app, WATERFALL, key, &[&own]).await, "sandbox");
        }
        // Neither the challenge nor the proof was spent: the holder redeems them.
        let paid = call(&app, WATERFALL, &acme, &[&credential]).await;
        let receipt = receipt_of(&paid, "sandbox");
        assert_eq!(
            receipt["challengeId"],
            by_method(&issued, "sandbox").id.as_str()
        );
        assert_eq!(
            double.created(),
            created,
            "no rail but the sandbox's was asked"
        );

        // A challenge of the unauthenticated route is issued to nobody and pays for nothing;
        // the same token then pays one of the caller's own challenges.
        let terms = app
            .request(
                Method::GET,
                "/v1/payments/challenge?plan=growth",
                None,
                None,
            )
            .await;
        let terms = challenges_of(&terms, "PAYMENT_REQUIRED");
        let anonymous = sandbox_credential(&terms, "tok_sandbox_terms");
        let refused = call(&app, WATERFALL, &acme, &[&anonymous]).await;
        let fresh = challenges_of(&refused, "PAYMENT_INVALID_CHALLENGE");
        assert!(
            refused.json()["detail"]
                .as_str()
                .is_some_and(|detail| detail.contains("issued to no caller")),
            "{}",
            refused.text
        );
        let own = sandbox_credential(&fresh, "tok_sandbox_terms");
        receipt_of(&call(&app, WATERFALL, &acme, &[&own]).await, "sandbox");
    }
}

#[tokio::test]
async fn an_unpaid_write_writes_nothing_and_a_paid_one_replays_without_paying_again() {
    let (apps, _double) = priced_apps().await;
    for app in apps {
        let (_, key) = app.key("acme", &Scope::ALL).await;
        let contract = simple_contract("Paid GmbH", "1200.00", "2026-01-01", "2026-12-31");
        let bearer = format!("Bearer {key}");
        let body = serde_json::to_vec(&contract).unwrap();
        let post = async |payment: Option<&str>| {
            let mut headers = vec![
                ("Authorization", bearer.as_str()),
                ("Content-Type", "application/json"),
                ("Idempotency-Key", "paid-ingest-1"),
            ];
            if let Some(payment) = payment {
                headers.push(("Payment-Authorization", payment));
            }
            app.raw(Method::POST, "/v1/contracts", &headers, body.clone())
                .await
        };
        let unpaid = post(None).await;
        let challenges = challenges_of(&unpaid, "PAYMENT_REQUIRED");
        assert_eq!(
            request_of(&challenges[0])["description"],
            "POST /v1/contracts"
        );
        // Nothing was written: no contract, and the idempotency key is free again.
        let services = app.services().await;
        let listed = revrec_usecases::list_contracts::list_contracts(
            &services,
            "acme",
            &revrec_ports::ContractQuery {
                limit: 10,
                ..revrec_ports::ContractQuery::default()
            },
        )
        .await
        .unwrap();
        assert_eq!(listed.total, 0);
        let credential = sandbox_credential(&challenges, "tok_sandbox_write");
        let created = post(Some(&credential)).await;
        assert_eq!(created.status, 201, "{}", created.text);
        assert!(created.header("payment-receipt").is_some());
        // A retry with the same key replays the answer; it is not charged again.
        let retried = post(None).await;
        assert_eq!(retried.status, 201, "{}", retried.text);
        assert_eq!(
            retried.header("idempotent-replayed").as_deref(),
            Some("true")
        );
        assert_eq!(retried.json()["id"], created.json()["id"]);
        // Batches never carry a priced call.
        let batch = app
            .request(
                Method::POST,
                "/v1/batch",
                Some(&key),
                Some(&json!({"operations": [{"method": "GET", "path": "/v1/waterfalls?start_period=2026-01&end_period=2026-03"}]})),
            )
            .await;
        assert_eq!(batch.status, 200, "{}", batch.text);
        assert_eq!(
            batch.json()["results"][0]["body"]["code"],
            "BATCH_OPERATION_NOT_ALLOWED"
        );
    }
}

#[tokio::test]
async fn concurrent_uses_of_one_credential_on_two_instances_pay_for_one_call() {
    let (apps, _double) = priced_apps().await;
    for app in apps {
        // On SQLite the sibling shares the file; on PostgreSQL, the server.
        let sibling = app.sibling().await;
        let (_, key) = app.key("acme", &[Scope::ReadWaterfalls]).await;
        let challenges = challenges_of(&call(&app, WATERFALL, &key, &[]).await, "PAYMENT_REQUIRED");
        let credential = sandbox_credential(&challenges, "tok_sandbox_race");
        let credentials = [credential.as_str()];
        let attempts = (0..12).map(|attempt| {
            let target = if attempt % 2 == 0 { &app } else { &sibling };
            call(target, WATERFALL, &key, &credentials)
        });
        let replies = futures_util::future::join_all(attempts).await;
        let statuses: Vec<u16> = replies.iter().map(|reply| reply.status.as_u16()).collect();
        assert_eq!(
            statuses.iter().filter(|s| **s == 200).count(),
            1,
            "{statuses:?} on {:?}",
            app.backend
        );
        assert_eq!(
            statuses.iter().filter(|s| **s == 402).count(),
            11,
            "{statuses:?}"
        );
    }
}

#[tokio::test]
async fn the_intent_and_challenge_routes_publish_the_terms() {
    let (apps, _double) = priced_apps().await;
    let app = &apps[0];
    let intent = app
        .request(Method::GET, "/v1/payments/intent", None, None)
        .await;
    assert_eq!(intent.status, 200, "{}", intent.text);
    let body = intent.json();
    assert_eq!(body["protocol"], "mpp/1.0");
    assert_eq!(body["currency"], "USD");
    assert_eq!(body["supported_methods"], json!(["stripe", "sandbox"]));
    assert_eq!(
        body["plans"],
        json!({"sandbox": 0, "growth": 499, "scale": 1499})
    );
    assert_eq!(body["rates"]["GET /v1/waterfalls"], "0.00");
    // What each plan pays per priced call, in USD and in each method's unit.
    assert_eq!(
        body["priced_routes"],
        json!([
            "GET /v1/contracts",
            "POST /v1/contracts",
            "GET /v1/waterfalls",
            "GET /v1/disclosures/note6",
            "POST /api/v1/contracts/ingest",
            "GET /api/v1/reports/waterfall"
        ])
    );
    assert_eq!(
        body["prices"]["growth"]["GET /v1/waterfalls"],
        json!({"usd": "0.05", "methods": {"stripe": {"amount": "5", "currency": "usd"}, "sandbox": {"amount": "5", "currency": "usd"}}})
    );
    assert_eq!(
        body["prices"]["scale"]["GET /api/v1/reports/waterfall"]["usd"],
        "0.09"
    );
    assert_eq!(
        body["prices"]["sandbox"]["POST /v1/contracts"]["usd"],
        "0.00"
    );
    assert_eq!(body["prices"].as_object().unwrap().len(), 3);
    assert_eq!(body["prices"]["growth"].as_object().unwrap().len(), 6);
    assert_eq!(body["plan_rates"]["growth"]["POST /v1/contracts"], "0.05");
    assert_eq!(
        body["plan_rates"]["scale"]["GET /v1/disclosures/note6"],
        "0.09"
    );
    assert_eq!(
        body["methods"][0],
        json!({"method": "stripe", "settles_real_money": false, "per_usd": {"amount": "100", "currency": "usd"}})
    );
    assert!(body["merchant"].is_string());

    // Always 402, whatever the plan's price (the free tier's challenge is for 0).
    let free = app
        .request(
            Method::GET,
            "/v1/payments/challenge?plan=sandbox&route=POST%20/v1/contracts",
            Some(SANDBOX),
            None,
        )
        .await;
    let challenges = challenges_of(&free, "PAYMENT_REQUIRED");
    assert_eq!(request_of(&challenges[0])["amount"], "0");
    assert_eq!(
        request_of(&challenges[0])["description"],
        "POST /v1/contracts"
    );
    let unknown = app
        .request(
            Method::GET,
            "/v1/payments/challenge?route=GET%20/v1/batch",
            None,
            None,
        )
        .await;
    unknown.problem(400, "INVALID_PARAMETER");

    // A production server charges nothing without a configured method: no rails, 400.
    let Some(database) = TestDatabase::all()
        .into_iter()
        .find(|d| d.backend == Backend::Sqlite)
    else {
        return;
    };
    let bare = spawn_configured(database, |settings| {
        settings.mode = revrec_app::settings::Mode::Production;
    })
    .await;
    let none = bare
        .request(Method::GET, "/v1/payments/challenge", None, None)
        .await;
    none.problem(400, "PAYMENT_METHOD_UNSUPPORTED");
    let empty = bare
        .request(Method::GET, "/v1/payments/intent", None, None)
        .await;
    assert_eq!(empty.json()["supported_methods"], json!([]));
}
