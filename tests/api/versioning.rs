//! Deprecation and sunset (RFC 9745, RFC 8594) on the running server.

use reqwest::Method;
use revrec_http::deprecation::parse_deprecations;
use revrec_test_support::TestDatabase;

use crate::helpers::{Reply, SANDBOX, simple_contract, spawn_configured};

const PUBLIC_URL: &str = "https://revrec.example.com";

/// The contract route deprecated since 2026-01-01 with its sunset far ahead; the
/// waterfall route deprecated in 2020 and past its sunset.
const DEPRECATIONS: &str = "GET /v1/contracts/{id} 2026-01-01T00:00:00Z 2099-12-31T23:59:59Z; \
     GET /v1/waterfalls 2020-01-01T00:00:00Z 2020-07-01T00:00:00Z";

#[track_caller]
fn announced(reply: &Reply) -> (i64, String) {
    let deprecation = reply.header("deprecation").expect("Deprecation");
    let seconds = deprecation
        .strip_prefix('@')
        .expect("an sf-Date")
        .parse::<i64>()
        .unwrap();
    assert!(seconds > 0, "{deprecation}");
    let sunset = reply.header("sunset").expect("Sunset");
    assert!(sunset.ends_with(" GMT"), "{sunset}");
    let format = time::macros::format_description!(
        "[weekday repr:short], [day] [month repr:short] [year] [hour]:[minute]:[second] GMT"
    );
    let sunset_at = time::PrimitiveDateTime::parse(&sunset, &format)
        .unwrap()
        .assume_utc();
    assert!(
        sunset_at.unix_timestamp() >= seconds,
        "Sunset ≥ Deprecation"
    );
    let link = reply.header("link").expect("Link");
    let policy = format!("<{PUBLIC_URL}/docs/versioning>");
    assert!(
        link.contains(&format!("{policy}; rel=\"deprecation\"")),
        "{link}"
    );
    assert!(
        link.contains(&format!("{policy}; rel=\"sunset\"")),
        "{link}"
    );
    (seconds, sunset)
}

#[tokio::test]
async fn deprecated_routes_announce_their_sunset_and_answer_410_after_it() {
    for database in TestDatabase::all() {
        let app = spawn_configured(database, |settings| {
            settings.public_url = Some(PUBLIC_URL.into());
            settings.deprecations = parse_deprecations(DEPRECATIONS).unwrap();
        })
        .await;
        let plain = app
            .sibling_with(|settings| settings.deprecations.clear())
            .await;
        let created = app
            .create(&simple_contract(
                "Sunset AG",
                "1200.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let path = format!("/v1/contracts/{}", created["id"].as_str().unwrap());

        // Deprecated, still served: the same status and body as without the deprecation.
        let deprecated = app.get(&path).await;
        let before = plain.get(&path).await;
        assert_eq!(deprecated.status, 200);
        assert_eq!(
            (deprecated.status, deprecated.text.as_str()),
            (before.status, before.text.as_str())
        );
        assert!(before.header("deprecation").is_none());
        let (seconds, sunset) = announced(&deprecated);
        assert_eq!(seconds, 1_767_225_600);
        assert_eq!(sunset, "Thu, 31 Dec 2099 23:59:59 GMT");
        // Every answer of the operation carries them, errors included.
        let missing = app.get("/v1/contracts/ctr_missing").await;
        missing.problem(404, "CONTRACT_NOT_FOUND");
        announced(&missing);
        // Other operations carry none.
        for other in ["/v1/contracts", "/v1/disclosures/note6?period=2026-Q1"] {
            assert!(
                app.get(other).await.header("deprecation").is_none(),
                "{other}"
            );
        }
        let update = app
            .request(
                Method::PUT,
                &path,
                Some(SANDBOX),
                Some(&serde_json::json!({})),
            )
            .await;
        assert!(
            update.header("deprecation").is_none(),
            "PUT is not deprecated"
        );

        // Past its sunset: 410, whoever asks, and nothing runs.
        let gone = app
            .get("/v1/waterfalls?start_period=2026-01&end_period=2026-12")
            .await;
        gone.problem(410, "ENDPOINT_SUNSET");
        announced(&gone);
        let anonymous = app.request(Method::GET, "/v1/waterfalls", None, None).await;
        anonymous.problem(410, "ENDPOINT_SUNSET");
        assert_eq!(
            plain
                .get("/v1/waterfalls?start_period=2026-01&end_period=2026-12")
                .await
                .status,
            200
        );

        // The policy is served where the links point.
        let page = app
            .request(Method::GET, "/docs/versioning", None, None)
            .await;
        assert_eq!(page.status, 200);
        assert_eq!(
            page.header("content-type").as_deref(),
            Some("text/html; charset=utf-8")
        );
        assert!(
            page.text.contains("<h1>Versioning and deprecation</h1>"),
            "{}",
            page.text
        );
        assert!(page.text.contains("<code>GET /v1/contracts/{id}</code>"));
        assert!(page.text.contains("Thu, 31 Dec 2099 23:59:59 GMT"));
    }
}
