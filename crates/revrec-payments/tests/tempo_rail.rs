//! The Tempo rail against a local double of a Tempo node's Ethereum JSON-RPC.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use revrec_payments::{TempoRail, TempoSettings};
use revrec_ports::{Charge, PaymentRail, RailError};
use revrec_test_support::tempo_double::{CHAIN_ID, MERCHANT, TOKEN, TempoDouble, Transfer};
use serde_json::{Value, json};

fn rail(url: &str, chain_id: u64) -> TempoRail {
    TempoRail::new(TempoSettings {
        rpc_url: url.into(),
        chain_id,
        token: TOKEN.into(),
        recipient: MERCHANT.into(),
    })
    .unwrap()
}

fn charge() -> Charge {
    Charge {
        challenge_id: "ch_1".into(),
        amount: 5,
        currency: "usd".into(),
        description: "GET /v1/waterfalls".into(),
    }
}

async fn details(tempo: &TempoRail) -> Value {
    let quote = tempo.quote(&charge()).unwrap();
    let text = tempo.method_details_for(&charge(), &quote).await.unwrap();
    serde_json::from_str(&text.unwrap()).unwrap()
}

fn hash_payload(hash: &str) -> String {
    json!({"type": "hash", "hash": hash}).to_string()
}

#[actix_web::test]
async fn a_transfer_with_the_memo_for_the_amount_to_the_merchant_settles() {
    let double = TempoDouble::start();
    let tempo = rail(&double.rpc_url, CHAIN_ID);
    let quote = tempo.quote(&charge()).unwrap();
    assert_eq!(quote.amount, "50000", "5 cents of a 6-decimal token");
    assert_eq!(quote.currency, TOKEN);
    assert_eq!(quote.recipient.as_deref(), Some(MERCHANT));
    let asked = details(&tempo).await;
    assert_eq!(asked["chainId"], CHAIN_ID);
    assert_eq!(asked["supportedModes"], json!(["push"]));
    let memo = asked["memo"].as_str().unwrap().to_owned();
    assert_ne!(
        details(&tempo).await["memo"],
        memo,
        "a fresh memo per challenge"
    );
    let asked = asked.to_string();

    let pay = |to: &'static str, amount: u128, memo: Option<&str>, reverted: bool| {
        double.transfer(&Transfer {
            token: TOKEN,
            to,
            amount,
            memo,
            reverted,
        })
    };
    let paid = pay(MERCHANT, 50_000, Some(&memo), false);
    assert_eq!(tempo.proof_id(&hash_payload(&paid)).unwrap(), paid);
    let settled = tempo
        .settle(&charge(), Some(&asked), &hash_payload(&paid))
        .await
        .unwrap();
    assert_eq!(settled.reference, paid);
    assert!(
        double
            .calls()
            .contains(&"eth_getTransactionReceipt".to_owned())
    );

    let declined = async |hash: String| match tempo
        .settle(&charge(), Some(&asked), &hash_payload(&hash))
        .await
    {
        Err(RailError::Declined(reason)) => reason,
        other => panic!("{other:?}"),
    };
    // Too little, another memo (another challenge's payment), no memo, another recipient,
    // a reverted transaction.
    assert!(
        declined(pay(MERCHANT, 49_999, Some(&memo), false))
            .await
            .contains("amount")
    );
    let other_memo = format!("0x{}", "11".repeat(32));
    declined(pay(MERCHANT, 50_000, Some(&other_memo), false)).await;
    declined(pay(MERCHANT, 50_000, None, false)).await;
    declined(pay(
        "0x9999999999999999999999999999999999999999",
        50_000,
        Some(&memo),
        false,
    ))
    .await;
    assert!(
        declined(pay(MERCHANT, 50_000, Some(&memo), true))
            .await
            .contains("reverted")
    );
}

#[actix_web::test]
async fn an_unknown_transaction_a_down_node_or_another_chain_is_unavailable_not_declined() {
    let double = TempoDouble::start();
    let tempo = rail(&double.rpc_url, CHAIN_ID);
    let asked = details(&tempo).await;
    let memo = asked["memo"].as_str().unwrap().to_owned();
    let asked = asked.to_string();
    let unknown = format!("0x{}", "ab".repeat(32));
    assert!(matches!(
        tempo.settle(&charge(), Some(&asked), &hash_payload(&unknown)).await,
        Err(RailError::Unavailable(reason)) if reason.contains("not in a block")
    ));
    let paid = double.transfer(&Transfer {
        token: TOKEN,
        to: MERCHANT,
        amount: 50_000,
        memo: Some(&memo),
        reverted: false,
    });
    double.set_down(true);
    assert!(matches!(
        tempo
            .settle(&charge(), Some(&asked), &hash_payload(&paid))
            .await,
        Err(RailError::Unavailable(_))
    ));
    double.set_down(false);
    assert!(
        tempo
            .settle(&charge(), Some(&asked), &hash_payload(&paid))
            .await
            .is_ok()
    );
    let elsewhere = rail(&double.rpc_url, 42_431);
    let mut on_testnet: Value = serde_json::from_str(&asked).unwrap();
    on_testnet["chainId"] = json!(42_431);
    assert!(matches!(
        elsewhere
            .settle(&charge(), Some(&on_testnet.to_string()), &hash_payload(&paid))
            .await,
        Err(RailError::Unavailable(reason)) if reason.contains("chain")
    ));
    let nowhere = rail("http://127.0.0.1:9/", CHAIN_ID);
    assert!(matches!(
        nowhere
            .settle(&charge(), Some(&asked), &hash_payload(&paid))
            .await,
        Err(RailError::Unavailable(_))
    ));
}

#[test]
fn only_push_mode_hash_credentials_are_taken() {
    let tempo = rail("http://127.0.0.1:9/", CHAIN_ID);
    for payload in [
        json!({"type": "transaction", "signature": "0x76f9"}),
        json!({"type": "hash", "hash": "0x12"}),
        json!({"hash": format!("0x{}", "ab".repeat(32))}),
    ] {
        assert!(matches!(
            tempo.proof_id(&payload.to_string()),
            Err(RailError::MalformedProof(_))
        ));
    }
    assert!(
        tempo
            .quote(&Charge {
                amount: 0,
                ..charge()
            })
            .is_none()
    );
}
