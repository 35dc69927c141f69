//! Architecture invariants (docs/ARCHITECTURE.md#invariants), checked from `cargo metadata`
//! so they hold without any extra tool: dependencies point inward only, and the domain
//! crate stays pure and free of floating point.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// For each workspace crate: the workspace crates it may use, and outside crates it must not.
const RULES: &[(&str, &[&str], &[&str])] = &[
    (
        "revrec-domain",
        &[],
        &[
            "serde",
            "serde_json",
            "tokio",
            "async-trait",
            "diesel",
            "actix-web",
            "utoipa",
            "oauth2",
            "mockall",
            "reqwest",
            "tracing",
        ],
    ),
    (
        "revrec-ports",
        &["revrec-domain"],
        &[
            "serde",
            "serde_json",
            "tokio",
            "diesel",
            "actix-web",
            "utoipa",
        ],
    ),
    (
        "revrec-usecases",
        &["revrec-domain", "revrec-ports"],
        &["serde", "serde_json", "diesel", "actix-web", "utoipa"],
    ),
    (
        "revrec-store-diesel",
        &["revrec-domain", "revrec-ports"],
        &["actix-web", "utoipa", "serde"],
    ),
    (
        "revrec-http",
        &["revrec-domain", "revrec-ports", "revrec-usecases"],
        &["diesel", "diesel_migrations", "rmcp"],
    ),
    (
        // A driving adapter beside the HTTP one: the same use cases, the HTTP adapter's
        // state and wire types, never the store.
        "revrec-console",
        &[
            "revrec-domain",
            "revrec-ports",
            "revrec-usecases",
            "revrec-http",
        ],
        &[
            "diesel",
            "diesel_migrations",
            "utoipa",
            "revrec-store-diesel",
        ],
    ),
    (
        // The MCP server, a driving adapter with its own protocol: it stands on the HTTP
        // side (its shell, its OpenAPI document, the operations its tools run), never on
        // the store or the console.
        "revrec-mcp",
        &[
            "revrec-domain",
            "revrec-ports",
            "revrec-usecases",
            "revrec-http",
        ],
        &[
            "diesel",
            "diesel_migrations",
            "revrec-store-diesel",
            "revrec-console",
        ],
    ),
    (
        // Dev-only: it may create databases and serve doubles of third-party APIs (actix-web
        // for the Stripe double), but never reach into the store or the app.
        "revrec-test-support",
        &[],
        &["utoipa", "serde", "diesel_migrations"],
    ),
    (
        // Driven adapters of the PaymentRail port: they know the port and the providers'
        // APIs, nothing of use cases, storage or our HTTP surface.
        "revrec-payments",
        &["revrec-ports"],
        &["diesel", "actix-web", "utoipa", "revrec-usecases"],
    ),
    (
        "revrec-app",
        &[
            "revrec-domain",
            "revrec-ports",
            "revrec-usecases",
            "revrec-store-diesel",
            "revrec-http",
            "revrec-console",
            "revrec-mcp",
            "revrec-payments",
        ],
        &[],
    ),
];

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Normal (non-dev) dependency names of every workspace package.
fn dependencies() -> BTreeMap<String, Vec<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(workspace_root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("metadata is JSON");
    let mut result = BTreeMap::new();
    for package in metadata["packages"].as_array().expect("packages") {
        let name = package["name"].as_str().expect("name").to_owned();
        let deps = package["dependencies"]
            .as_array()
            .expect("dependencies")
            .iter()
            .filter(|dep| dep["kind"].is_null() || dep["kind"] == "build")
            .map(|dep| dep["name"].as_str().expect("dependency name").to_owned())
            .collect();
        result.insert(name, deps);
    }
    result
}

#[test]
fn dependencies_point_inward_only() {
    let all = dependencies();
    let mut problems = Vec::new();
    for (package, allowed_workspace, forbidden) in RULES {
        let deps = all
            .get(*package)
            .unwrap_or_else(|| panic!("{package} is in the workspace"));
        for dep in deps {
            if dep.starts_with("revrec-") && !allowed_workspace.contains(&dep.as_str()) {
                problems.push(format!(
                    "{package} must not depend on {dep} (docs/ARCHITECTURE.md#invariants)"
                ));
            }
            if forbidden.contains(&dep.as_str()) {
                problems.push(format!(
                    "{package} must not depend on {dep} (docs/ARCHITECTURE.md#invariants)"
                ));
            }
        }
    }
    // Test support is a dev-dependency only.
    for (package, deps) in &all {
        if package != "revrec-acceptance-tests"
            && deps.iter().any(|dep| dep == "revrec-test-support")
        {
            problems.push(format!(
                "{package} may use revrec-test-support only as a dev-dependency"
            ));
        }
    }
    // Every crate of the workspace has a rule, so a new crate must take a side.
    for package in all
        .keys()
        .filter(|name| name.starts_with("revrec-") && *name != "revrec-acceptance-tests")
    {
        if !RULES.iter().any(|(name, _, _)| name == package) {
            problems.push(format!(
                "{package} has no dependency rule in tests/architecture.rs"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("readable source directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn the_domain_crate_has_no_floating_point_and_denies_float_arithmetic() {
    let source = workspace_root().join("crates/revrec-domain/src");
    let lib = std::fs::read_to_string(source.join("lib.rs")).expect("lib.rs");
    assert!(
        lib.contains("#![deny(clippy::float_arithmetic)]"),
        "revrec-domain/src/lib.rs must deny clippy::float_arithmetic"
    );
    assert!(lib.contains("#![forbid(unsafe_code)]"));
    let mut offenders = Vec::new();
    for file in rust_files(&source) {
        let text = std::fs::read_to_string(&file).expect("source file");
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let has_float = code
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|word| word == "f32" || word == "f64");
            if has_float {
                offenders.push(format!(
                    "{}:{}: {}",
                    file.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "floating point in the domain:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn every_crate_has_a_readme_that_is_its_rustdoc() {
    for (package, _, _) in RULES {
        let dir = workspace_root().join("crates").join(package);
        let readme = std::fs::read_to_string(dir.join("README.md"))
            .unwrap_or_else(|_| panic!("{package} has a README.md"));
        assert!(
            readme.lines().count() > 3,
            "{package}/README.md says what the crate is for"
        );
        let root = ["src/lib.rs", "src/main.rs"]
            .iter()
            .find_map(|file| std::fs::read_to_string(dir.join(file)).ok())
            .expect("crate root");
        assert!(
            root.contains("include_str!(\"../README.md\")"),
            "{package}: the README is the crate's rustdoc"
        );
    }
}
