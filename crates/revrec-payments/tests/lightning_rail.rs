//! The Lightning rail against a local double of LND's REST API.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use revrec_payments::lightning::sats_for_cents;
use revrec_payments::{LightningRail, LightningSettings, bolt11};
use revrec_ports::{Charge, PaymentRail, RailError};
use revrec_test_support::lnd_double::{LndDouble, MACAROON_HEX};
use serde_json::{Value, json};

fn rail(url: &str, macaroon: &str) -> LightningRail {
    LightningRail::new(LightningSettings {
        lnd_url: url.into(),
        macaroon_hex: macaroon.into(),
        tls_certificate_pem: None,
        // 1 USD = 1 234 sats: 5 cents are 61.7, charged as 62.
        sats_per_usd: 1_234,
        network: "regtest".into(),
    })
    .unwrap()
}

fn charge(cents: i64) -> Charge {
    Charge {
        challenge_id: String::new(),
        amount: cents,
        currency: "usd".into(),
        description: "GET /v1/waterfalls".into(),
    }
}

/// What a challenge's request carries: the quote and the invoice details.
async fn details(rail: &LightningRail, cents: i64) -> Result<Value, RailError> {
    let quote = rail.quote(&charge(cents)).unwrap();
    let text = rail.method_details_for(&charge(cents), &quote).await?;
    Ok(serde_json::from_str(&text.unwrap()).unwrap())
}

#[test]
fn cents_become_satoshis_rounded_up_and_never_zero() {
    assert_eq!(sats_for_cents(5, 1_234), Some(62));
    assert_eq!(sats_for_cents(100, 1_234), Some(1_234));
    assert_eq!(sats_for_cents(1, 50), Some(1), "half a satoshi is one");
    assert_eq!(sats_for_cents(0, 1_234), None);
    assert_eq!(sats_for_cents(-5, 1_234), None);
    assert_eq!(sats_for_cents(i64::MAX, u64::MAX), None, "no overflow");
}

#[actix_web::test]
async fn each_challenge_gets_a_fresh_invoice_and_its_preimage_settles_it_once() {
    let double = LndDouble::start();
    let lightning = rail(&double.base_url, MACAROON_HEX);
    assert_eq!(lightning.method(), "lightning");
    assert!(!lightning.settles_real_money(), "regtest moves no money");
    let quote = lightning.quote(&charge(5)).unwrap();
    assert_eq!(
        (quote.amount.as_str(), quote.currency.as_str()),
        ("62", "sat")
    );
    assert!(lightning.quote(&charge(0)).is_none(), "nothing to invoice");

    let first = details(&lightning, 5).await.unwrap();
    let second = details(&lightning, 5).await.unwrap();
    assert_ne!(first["paymentHash"], second["paymentHash"]);
    assert_eq!(first["network"], "regtest");
    let invoice = first["invoice"].as_str().unwrap();
    let summary = bolt11::summarize(invoice).unwrap();
    assert_eq!(summary.amount_msat, Some(62_000));
    assert_eq!(summary.payment_hash, first["paymentHash"].as_str().unwrap());
    let made = &double.invoices()[0];
    assert_eq!(
        (made.value_sat, made.memo.as_str()),
        (62, "GET /v1/waterfalls")
    );
    assert!(made.expiry >= 300, "the invoice outlives the challenge");

    let preimage = double.pay(invoice).unwrap();
    let payload = json!({ "preimage": preimage }).to_string();
    let details_text = first.to_string();
    // The proof id is the payment hash, and so is the receipt's reference.
    assert_eq!(lightning.proof_id(&payload).unwrap(), first["paymentHash"]);
    let settled = lightning
        .settle(&charge(5), Some(&details_text), &payload)
        .await
        .unwrap();
    assert_eq!(settled.reference, first["paymentHash"].as_str().unwrap());
    // The preimage of another invoice does not pay this one.
    let other = double.pay(second["invoice"].as_str().unwrap()).unwrap();
    assert!(matches!(
        lightning
            .settle(&charge(5), Some(&details_text), &json!({"preimage": other}).to_string())
            .await,
        Err(RailError::Declined(reason)) if reason.contains("payment hash")
    ));
    for bad in [
        json!({"preimage": "ab"}),
        json!({"preimage": preimage.to_uppercase()}),
        json!({"token": preimage}),
    ] {
        assert!(matches!(
            lightning.proof_id(&bad.to_string()),
            Err(RailError::MalformedProof(_))
        ));
    }
}

#[actix_web::test]
async fn a_node_that_is_down_or_refuses_the_macaroon_is_unavailable() {
    let double = LndDouble::start();
    double.set_down(true);
    let lightning = rail(&double.base_url, MACAROON_HEX);
    assert!(matches!(
        details(&lightning, 5).await,
        Err(RailError::Unavailable(_))
    ));
    double.set_down(false);
    assert!(details(&lightning, 5).await.is_ok());
    let wrong = rail(&double.base_url, "00");
    assert!(matches!(
        details(&wrong, 5).await,
        Err(RailError::Unavailable(_))
    ));
    let nowhere = rail("http://127.0.0.1:9", MACAROON_HEX);
    assert!(matches!(
        details(&nowhere, 5).await,
        Err(RailError::Unavailable(_))
    ));
    // The macaroon never shows in a debug print.
    assert!(!format!("{lightning:?}").contains(MACAROON_HEX));
}

#[actix_web::test]
async fn an_invoice_for_another_network_or_amount_is_not_put_in_a_challenge() {
    let double = LndDouble::start();
    // The node makes regtest invoices; a rail configured for mainnet refuses them.
    let mainnet = LightningRail::new(LightningSettings {
        lnd_url: double.base_url.clone(),
        macaroon_hex: MACAROON_HEX.into(),
        tls_certificate_pem: None,
        sats_per_usd: 1_000,
        network: "mainnet".into(),
    })
    .unwrap();
    assert!(matches!(
        details(&mainnet, 5).await,
        Err(RailError::Unavailable(_))
    ));
}
