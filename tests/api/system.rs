//! Health, readiness, docs, error pages, unknown routes and methods.

use reqwest::{Method, StatusCode};

use crate::helpers::spawn_each;

#[tokio::test]
async fn health_readiness_and_docs_are_served_offline() {
    for app in spawn_each().await {
        let health = app.request(Method::GET, "/healthz", None, None).await;
        assert_eq!(
            (health.status, health.json()["status"].as_str()),
            (StatusCode::OK, Some("ok"))
        );
        let ready = app.request(Method::GET, "/readyz", None, None).await;
        assert_eq!(
            (ready.status, ready.json()["status"].as_str()),
            (StatusCode::OK, Some("ready"))
        );
        assert!(
            health
                .header("x-request-id")
                .is_some_and(|id| id.len() == 26)
        );

        let document = app
            .request(Method::GET, "/openapi.json", None, None)
            .await
            .json();
        assert_eq!(document["openapi"], "3.1.0");
        assert!(document["paths"]["/v1/contracts"]["post"].is_object());

        let redirect = app.request(Method::GET, "/docs", None, None).await;
        assert_eq!(redirect.status, StatusCode::MOVED_PERMANENTLY);
        let page = app.request(Method::GET, "/docs/", None, None).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.text.contains("swagger-ui"), "{}", page.text);
        // Our page, not the stock one: our title and icon, no vendor logo.
        assert!(
            page.text.contains("<title>revrec API reference</title>"),
            "{}",
            page.text
        );
        assert!(!page.text.contains("Swagger UI"), "{}", page.text);
        assert!(!page.text.contains("favicon-32x32"), "{}", page.text);
        // Nothing is loaded from another host: the page works with no internet access.
        assert!(!page.text.contains("https://"), "{}", page.text);
        let script = app
            .request(Method::GET, "/docs/swagger-ui-bundle.js", None, None)
            .await;
        assert_eq!(script.status, StatusCode::OK);
        let initializer = app
            .request(Method::GET, "/docs/swagger-initializer.js", None, None)
            .await;
        assert!(
            initializer.text.contains("/openapi.json"),
            "{}",
            initializer.text
        );
        // The base layout: no top bar with the vendor's logo and an "Explore" field that
        // loads any other document.
        assert!(
            initializer.text.contains("\"layout\": \"BaseLayout\""),
            "{}",
            initializer.text
        );
    }
}

#[tokio::test]
async fn every_problem_type_url_serves_a_page() {
    for app in spawn_each().await {
        let index = app.request(Method::GET, "/errors", None, None).await;
        assert_eq!(index.status, StatusCode::OK);
        let body = app
            .request(Method::GET, "/v1/contracts", None, None)
            .await
            .json();
        let path = body["type"]
            .as_str()
            .unwrap()
            .strip_prefix(&app.address)
            .unwrap()
            .to_owned();
        let page = app.request(Method::GET, &path, None, None).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(page.text.contains("AUTHENTICATION_REQUIRED"));
        app.request(Method::GET, "/errors/no-such-error", None, None)
            .await
            .problem(404, "ROUTE_NOT_FOUND");
    }
}

#[tokio::test]
async fn unknown_routes_and_wrong_methods_are_problems() {
    for app in spawn_each().await {
        let missing = app
            .request(Method::GET, "/v1/nothing-here", None, None)
            .await
            .problem(404, "ROUTE_NOT_FOUND");
        assert_eq!(missing["instance"], "/v1/nothing-here");
        let wrong = app
            .request(Method::DELETE, "/v1/contracts", None, None)
            .await;
        wrong.problem(405, "METHOD_NOT_ALLOWED");
        assert_eq!(wrong.header("allow").as_deref(), Some("GET, POST"));
        let wrong = app
            .request(Method::PATCH, "/v1/contracts/ctr_x", None, None)
            .await;
        assert_eq!(wrong.header("allow").as_deref(), Some("GET, PUT"));
        app.request(Method::GET, "/v1/contracts/ctr_x/terminate", None, None)
            .await
            .problem(405, "METHOD_NOT_ALLOWED");
    }
}

#[tokio::test]
async fn a_caller_request_id_is_echoed_and_a_bad_one_replaced() {
    for app in spawn_each().await {
        let echoed = app
            .raw(
                Method::GET,
                "/healthz",
                &[("X-Request-Id", "trace-123.abc")],
                Vec::new(),
            )
            .await;
        assert_eq!(
            echoed.header("x-request-id").as_deref(),
            Some("trace-123.abc")
        );
        let replaced = app
            .raw(
                Method::GET,
                "/healthz",
                &[("X-Request-Id", "bad id with spaces")],
                Vec::new(),
            )
            .await;
        assert_ne!(
            replaced.header("x-request-id").as_deref(),
            Some("bad id with spaces")
        );
    }
}

#[tokio::test]
async fn resource_metadata_describes_the_bearer_scheme() {
    for app in spawn_each().await {
        let metadata = app
            .request(
                Method::GET,
                "/.well-known/oauth-protected-resource",
                None,
                None,
            )
            .await
            .json();
        assert_eq!(metadata["resource"], app.address.as_str());
        assert_eq!(metadata["bearer_methods_supported"][0], "header");
        assert!(
            metadata["scopes_supported"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s == "read:waterfalls")
        );
    }
}

/// What `GET /openapi.json` serves is, byte for byte, the committed `docs/openapi.json`
/// (which `openapi_document.rs` holds to the generated document): a restructuring of the
/// HTTP side cannot change the published contract unnoticed.
#[tokio::test]
async fn the_served_document_is_the_committed_one_byte_for_byte() {
    let committed = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/openapi.json"),
    )
    .unwrap_or_default();
    assert!(committed.len() > 10_000, "docs/openapi.json is committed");
    for app in spawn_each().await {
        let served = app.request(Method::GET, "/openapi.json", None, None).await;
        assert_eq!(served.status, StatusCode::OK);
        assert!(
            served.text == committed,
            "GET /openapi.json differs from docs/openapi.json"
        );
    }
}
