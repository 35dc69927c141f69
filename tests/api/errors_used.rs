//! Every error code of the catalogue is produced by some test (here, or with mocked ports
//! in crates/revrec-http/tests), and documented in docs/errors.md.

use std::path::Path;

const CODES: &[&str] = &[
    "MALFORMED_JSON",
    "INVALID_PARAMETER",
    "MISSING_PARAMETER",
    "INVALID_PERIOD_FORMAT",
    "INVALID_PERIOD_RANGE",
    "AUTHENTICATION_REQUIRED",
    "INVALID_TOKEN",
    "INSUFFICIENT_SCOPE",
    "CREDENTIAL_NOT_ALLOWED",
    "RATE_LIMITED",
    "OAUTH_INVALID_REQUEST",
    "OAUTH_INVALID_CLIENT",
    "OAUTH_UNSUPPORTED_GRANT_TYPE",
    "OAUTH_INVALID_SCOPE",
    "OAUTH_CLIENT_THROTTLED",
    "PAYMENT_REQUIRED",
    "PAYMENT_MALFORMED_CREDENTIAL",
    "PAYMENT_INVALID_CHALLENGE",
    "PAYMENT_EXPIRED",
    "PAYMENT_VERIFICATION_FAILED",
    "PAYMENT_METHOD_UNSUPPORTED",
    "MULTIPLE_PAYMENT_CREDENTIALS",
    "PAYMENT_RAIL_UNAVAILABLE",
    "ENDPOINT_SUNSET",
    "CONTRACT_NOT_FOUND",
    "VERSION_NOT_FOUND",
    "OBLIGATION_NOT_FOUND",
    "OBLIGATION_ALREADY_SATISFIED",
    "INVOICE_NUMBER_REUSED",
    "PAYMENT_REFERENCE_REUSED",
    "ROUTE_NOT_FOUND",
    "METHOD_NOT_ALLOWED",
    "INVALID_STATE_TRANSITION",
    "VERSION_CONFLICT",
    "PAYLOAD_TOO_LARGE",
    "UNSUPPORTED_MEDIA_TYPE",
    "VALIDATION_FAILED",
    "CURRENCY_REQUIRED",
    "INVALID_IDEMPOTENCY_KEY",
    "IDEMPOTENCY_KEY_REUSED",
    "IDEMPOTENCY_KEY_IN_PROGRESS",
    "JOB_NOT_FOUND",
    "JOB_QUEUE_FULL",
    "BATCH_TOO_LARGE",
    "REQUEST_TIMEOUT",
    "WORK_LIMIT_EXCEEDED",
    "AMOUNT_OUT_OF_RANGE",
    "BATCH_OPERATION_NOT_ALLOWED",
    "PERIOD_NOT_ENDED",
    "PERIOD_NOT_CLOSED",
    "PERIOD_CLOSED",
    "AS_OF_IN_FUTURE",
    "ESTIMATE_METHOD_CHANGED",
    "INTERNAL_ERROR",
    "SERVICE_UNAVAILABLE",
];

fn read_all(directory: &Path) -> String {
    let mut text = String::new();
    for entry in std::fs::read_dir(directory).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "rs")
            && path.file_name().is_some_and(|n| n != "errors_used.rs")
        {
            text.push_str(&std::fs::read_to_string(path).unwrap());
        }
    }
    text
}

#[test]
fn every_error_code_is_tested_and_documented() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tests =
        read_all(&root.join("tests/api")) + &read_all(&root.join("crates/revrec-http/tests"));
    let catalogue =
        std::fs::read_to_string(root.join("crates/revrec-http/src/shell/problem.rs")).unwrap();
    let documented = std::fs::read_to_string(root.join("docs/errors.md")).unwrap();
    for &code in CODES {
        assert!(
            catalogue.contains(&format!("\"{code}\"")),
            "{code} is not in the catalogue"
        );
        assert!(
            tests.contains(&format!("\"{code}\"")),
            "no test produces {code}"
        );
        assert!(
            documented.contains(&format!("`{code}`")),
            "{code} is not in docs/errors.md"
        );
    }
    // And the catalogue has no code this list forgot.
    let in_catalogue = catalogue
        .lines()
        .filter_map(|line| line.split("=> \"").nth(1)?.split('"').next())
        .filter(|literal| {
            !literal.is_empty() && literal.chars().all(|c| c.is_ascii_uppercase() || c == '_')
        })
        .count();
    assert_eq!(
        in_catalogue,
        CODES.len(),
        "update CODES in tests/api/errors_used.rs"
    );
}
