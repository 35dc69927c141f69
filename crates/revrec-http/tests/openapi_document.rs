//! `docs/openapi.json` is the committed copy of the generated document; this keeps it in
//! step with the code. `UPDATE_OPENAPI=1 cargo test -p revrec-http --test openapi_document`
//! rewrites it after a deliberate change.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use std::path::PathBuf;

#[test]
fn the_committed_document_matches_the_code() {
    let generated = revrec_http::openapi::document_json();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/openapi.json");
    if std::env::var("UPDATE_OPENAPI").is_ok_and(|value| value == "1") {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/openapi.json is out of date: run UPDATE_OPENAPI=1 cargo test -p revrec-http --test openapi_document"
    );
}

#[test]
fn the_document_is_openapi_3_1_with_every_primary_operation_and_problem_responses() {
    let document: serde_json::Value =
        serde_json::from_str(&revrec_http::openapi::document_json()).unwrap();
    assert_eq!(document["openapi"], "3.1.0");
    for (path, method, operation) in [
        ("/v1/contracts", "get", "listContracts"),
        ("/v1/contracts", "post", "ingestContract"),
        ("/v1/waterfalls", "get", "getRevenueWaterfalls"),
        ("/v1/disclosures/note6", "get", "getNote6Disclosures"),
    ] {
        let entry = &document["paths"][path][method];
        assert_eq!(entry["operationId"], operation);
        for status in ["400", "401", "402", "403", "404", "422", "429", "500"] {
            assert!(
                entry["responses"][status]["content"]["application/problem+json"].is_object(),
                "{method} {path} declares {status}"
            );
        }
    }
    assert_eq!(
        document["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    // Reads are conditional: ETag on 200, If-None-Match in, 304 out.
    for (path, method) in [
        ("/v1/contracts", "get"),
        ("/v1/contracts/{id}", "get"),
        ("/v1/waterfalls", "get"),
        ("/v1/disclosures/note6", "get"),
        ("/api/v1/reports/waterfall", "get"),
    ] {
        let entry = &document["paths"][path][method];
        assert!(
            entry["responses"]["200"]["headers"]["ETag"].is_object(),
            "{path}"
        );
        assert!(entry["responses"]["304"].is_object(), "{path}");
        assert!(
            entry["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .any(
                    |parameter| parameter["name"] == "If-None-Match" && parameter["in"] == "header"
                ),
            "{path}"
        );
    }
    // Amounts are exact decimals for clients too (docs/clients.md).
    let schemas = &document["components"]["schemas"];
    let period = &schemas["WaterfallPeriod"]["properties"];
    for amount in ["recognized_amount", "deferred_balance"] {
        assert_eq!(
            period[amount]["$ref"], "#/components/schemas/Amount",
            "{period}"
        );
    }
    assert_eq!(schemas["Amount"]["type"], "number");
    assert_eq!(schemas["Amount"]["format"], "decimal");
    let links = &document["paths"]["/v1/contracts"]["post"]["responses"]["201"]["links"];
    assert_eq!(links["GetContract"]["operationId"], "getContract");
}

/// The generated Python client types every JSON number of the document as `Decimal` by
/// replacing the generator's word `float` (clients/python/templates/model.py.jinja). That is
/// right only while every number is an amount and the word appears nowhere else.
#[test]
fn every_json_number_of_the_document_is_a_decimal_amount_and_nothing_says_float() {
    let text = revrec_http::openapi::document_json();
    assert!(
        !text.to_lowercase().contains("float"),
        "docs/openapi.json must not say \"float\" (docs/clients.md)"
    );
    let document: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut numbers = Vec::new();
    collect_numbers(&document, "#", &mut numbers);
    assert!(!numbers.is_empty());
    for (pointer, format) in &numbers {
        assert_eq!(
            format, "decimal",
            "{pointer} is a JSON number that is not an amount"
        );
    }
}

fn collect_numbers(value: &serde_json::Value, pointer: &str, found: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::Object(map) => {
            let is_number = match map.get("type") {
                Some(serde_json::Value::String(kind)) => kind == "number",
                Some(serde_json::Value::Array(kinds)) => kinds.iter().any(|kind| kind == "number"),
                _ => false,
            };
            if is_number {
                let format = map.get("format").and_then(|format| format.as_str());
                found.push((pointer.to_owned(), format.unwrap_or("").to_owned()));
            }
            for (key, child) in map {
                collect_numbers(child, &format!("{pointer}/{key}"), found);
            }
        }
        serde_json::Value::Array(items) => {
            for (index, child) in items.iter().enumerate() {
                collect_numbers(child, &format!("{pointer}/{index}"), found);
            }
        }
        _ => {}
    }
}

/// A `$ref` to a schema the document does not hold reads as nothing to a client generator
/// or an MCP client (a parameter's allowed values named but never listed).
#[test]
fn every_reference_names_a_schema_of_the_document() {
    let document: serde_json::Value =
        serde_json::from_str(&revrec_http::openapi::document_json()).unwrap();
    let mut references = Vec::new();
    collect_references(&document, &mut references);
    assert!(!references.is_empty());
    let schemas = &document["components"]["schemas"];
    let dangling: Vec<&String> = references
        .iter()
        .filter(|reference| {
            reference
                .strip_prefix("#/components/schemas/")
                .is_none_or(|name| schemas.get(name).is_none())
        })
        .collect();
    assert!(dangling.is_empty(), "references to no schema: {dangling:?}");
}

fn collect_references(value: &serde_json::Value, found: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(object) => {
            for (key, value) in object {
                match (key.as_str(), value) {
                    ("$ref", serde_json::Value::String(reference)) => {
                        found.push(reference.clone());
                    }
                    _ => collect_references(value, found),
                }
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                collect_references(item, found);
            }
        }
        _ => {}
    }
}

/// Each operation lists the problems it can really return: a read with no body none of a
/// body's (408, 409, 413, 415), a route no plan prices no 402 outside the primary surface's
/// contract, an open route no 401/403; and summaries are plain text (viewers show them raw).
#[test]
fn each_operation_lists_only_the_problems_it_can_return() {
    let document: serde_json::Value =
        serde_json::from_str(&revrec_http::openapi::document_json()).unwrap();
    let mut reads = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let responses = operation["responses"].as_object().unwrap();
            assert!(!responses.contains_key("405"), "{method} {path}");
            if method == "get" {
                reads += 1;
                for status in ["408", "409", "413", "415"] {
                    assert!(
                        !responses.contains_key(status),
                        "{method} {path} lists {status}"
                    );
                }
            }
            let summary = operation["summary"].as_str().unwrap_or_default();
            assert!(!summary.contains('`'), "{method} {path}: {summary}");
        }
    }
    assert!(reads > 15);
    let responses = |path: &str, method: &str| document["paths"][path][method]["responses"].clone();
    // Unpriced guide routes and the unauthenticated readiness probe.
    assert!(responses("/api/v1/accounting/trial-balance", "get")["402"].is_null());
    assert!(responses("/api/v1/reports/waterfall", "get")["402"].is_object());
    assert!(responses("/readyz", "get")["401"].is_null());
    assert!(responses("/readyz", "get")["503"].is_object());
    // A keyed write can meet its key in flight (409) and a body too large (413).
    let ingest = responses("/v1/contracts", "post");
    for status in ["408", "409", "413", "415", "422"] {
        assert!(
            ingest[status].is_object(),
            "POST /v1/contracts lists {status}"
        );
    }
}
