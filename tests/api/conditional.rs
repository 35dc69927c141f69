//! `ETag` and `If-None-Match` on contracts and reports, both surfaces: an unchanged answer
//! is a 304 with no body, and any change gives a new tag.

use reqwest::Method;

use crate::helpers::{Reply, SANDBOX, TestApp, simple_contract, spawn_each};

async fn get_if(app: &TestApp, path: &str, tag: &str) -> Reply {
    let bearer = format!("Bearer {SANDBOX}");
    app.raw(
        Method::GET,
        path,
        &[("Authorization", &bearer), ("If-None-Match", tag)],
        Vec::new(),
    )
    .await
}

#[track_caller]
fn tag_of(reply: &Reply) -> String {
    assert_eq!(reply.status, 200, "{}", reply.text);
    let tag = reply.header("etag").expect("an ETag");
    let inner = tag
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap();
    assert!(
        inner
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
        "{tag}"
    );
    tag
}

#[tokio::test]
async fn unchanged_reads_answer_304_and_changes_give_new_tags() {
    for app in spawn_each().await {
        let created = app
            .create(&simple_contract(
                "Tagged Ltd",
                "1200.00",
                "2026-01-01",
                "2026-12-31",
            ))
            .await;
        let id = created["id"].as_str().unwrap().to_owned();
        let paths = [
            format!("/v1/contracts/{id}"),
            "/v1/contracts?limit=10".to_owned(),
            "/v1/waterfalls?start_period=2026-01&end_period=2026-12".to_owned(),
            format!("/v1/waterfalls?start_period=2026-01&end_period=2026-12&contract_id={id}"),
            "/v1/disclosures/note6?period=2026-Q2".to_owned(),
            "/api/v1/reports/waterfall?period=2026".to_owned(),
        ];
        let mut tags = Vec::new();
        for path in &paths {
            let first = app.get(path).await;
            let tag = tag_of(&first);
            assert_eq!(tag_of(&app.get(path).await), tag, "{path}: stable");
            for candidate in [
                tag.clone(),
                format!("W/{tag}"),
                format!("\"other\", {tag}"),
                "*".to_owned(),
            ] {
                let unchanged = get_if(&app, path, &candidate).await;
                assert_eq!(unchanged.status, 304, "{path} with {candidate}");
                assert!(unchanged.text.is_empty());
                assert_eq!(unchanged.header("etag").as_deref(), Some(tag.as_str()));
            }
            assert_eq!(get_if(&app, path, "\"other\"").await.status, 200, "{path}");
            tags.push(tag);
        }
        // A modification changes the contract, the portfolio and the disclosures.
        let modified = app
            .put(
                &format!("/v1/contracts/{id}"),
                &serde_json::json!({"customer_name": "Tagged Ltd", "total_value": "2400.00",
                    "start_date": "2026-01-01", "end_date": "2026-12-31",
                    "effective_date": "2026-04-01", "treatment": "prospective"}),
            )
            .await;
        assert_eq!(modified.status, 200, "{}", modified.text);
        for (path, old) in paths.iter().zip(&tags) {
            let after = get_if(&app, path, old).await;
            assert_eq!(after.status, 200, "{path}: changed, so not 304");
            assert_ne!(&tag_of(&after), old, "{path}");
        }
        // Errors carry no tag.
        let missing = app.get("/v1/contracts/ctr_missing").await;
        assert_eq!(missing.status, 404);
        assert!(missing.header("etag").is_none());
    }
}
