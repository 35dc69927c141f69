//! Architecture invariants (docs/ARCHITECTURE.md#invariants), checked without any extra
//! tool: between crates (from `cargo metadata`) dependencies point inward only and the
//! domain crate stays pure and free of floating point; between modules (from the sources'
//! own paths) no two files of a crate use each other, round however many others, and the
//! HTTP side stands on floors, each room using only its own files and the floors below.

#[path = "architecture/imports.rs"]
mod imports;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::imports::{Edges, SourceTree, circles};

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

/// The floors of revrec-http, lowest first, and the rooms on each (module path prefixes;
/// `""` is the crate root). A module uses its own room and the floors below; two rooms of
/// one floor never use each other. Every module has a room, so a new file must take one.
const HTTP_ROOMS: &[(usize, &str, &[&str])] = &[
    (0, "the shell", &["shell"]),
    (1, "the wire types", &["wire"]),
    (2, "the primary REST surface", &["primary"]),
    (2, "the guide REST surface", &["guide"]),
    (2, "the OAuth authorization server", &["oauth"]),
    (2, "the MPP payment gate and routes", &["payments"]),
    (2, "the deprecation policy", &["deprecation_policy"]),
    (2, "the system routes", &["system"]),
    (3, "the operation table", &["operations"]),
    (
        4,
        "the document and the assembly",
        &[
            "",
            "openapi",
            "openapi_problems",
            "docs_page",
            "unknown_query",
            "middleware",
            "deprecation",
        ],
    ),
];

/// What another adapter may read of revrec-http: the crate, and the rooms of it it may use.
const HTTP_READERS: &[(&str, &[&str])] = &[("revrec-console", &["the shell", "the wire types"])];

fn room_of<'a>(
    module: &str,
    rooms: &'a [(usize, &'a str, &'a [&'a str])],
) -> Option<(usize, &'a str)> {
    rooms
        .iter()
        .find(|(_, _, prefixes)| {
            prefixes.iter().any(|prefix| {
                module == *prefix
                    || (!prefix.is_empty() && module.starts_with(&format!("{prefix}::")))
            })
        })
        .map(|(floor, room, _)| (*floor, *room))
}

/// Every use that climbs a floor or crosses into another room of the same floor, and every
/// module without a room.
fn floor_breaches(edges: &Edges, rooms: &[(usize, &str, &[&str])]) -> Vec<String> {
    let mut breaches = Vec::new();
    for ((from, to), names) in edges {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let (Some((from_floor, from_room)), Some((to_floor, to_room))) =
            (room_of(from, rooms), room_of(to, rooms))
        else {
            for module in [from, to] {
                if room_of(module, rooms).is_none() {
                    breaches.push(format!("`{module}` has no room in tests/architecture.rs"));
                }
            }
            continue;
        };
        if to_floor > from_floor {
            breaches.push(format!(
                "`{from}` ({from_room}, floor {from_floor}) uses `{to}` ({to_room}, floor {to_floor}) one floor up or more: {}",
                names.join(", ")
            ));
        } else if to_floor == from_floor && to_room != from_room {
            breaches.push(format!(
                "`{from}` ({from_room}) uses `{to}` of another room on its floor ({to_room}): {}",
                names.join(", ")
            ));
        }
    }
    breaches.sort();
    breaches.dedup();
    breaches
}

fn circle_report(crate_name: &str, edges: &Edges) -> Vec<String> {
    circles(edges)
        .into_iter()
        .map(|circle| {
            let ties: Vec<String> = edges
                .iter()
                .filter(|((from, to), _)| circle.contains(from) && circle.contains(to))
                .map(|((from, to), names)| {
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    format!("    {from} -> {to}: {}", names.join(", "))
                })
                .collect();
            format!(
                "{crate_name}: a circle of {} modules\n{}",
                circle.len(),
                ties.join("\n")
            )
        })
        .collect()
}

#[test]
fn no_module_of_any_crate_uses_itself_round_a_circle() {
    let mut problems = Vec::new();
    for (package, _, _) in RULES {
        let tree = SourceTree::read(&workspace_root().join("crates").join(package).join("src"));
        problems.extend(circle_report(package, &tree.edges()));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_http_side_stands_on_floors_and_its_rooms_keep_to_themselves() {
    let tree = SourceTree::read(&workspace_root().join("crates/revrec-http/src"));
    let edges = tree.edges();
    assert!(
        edges.keys().any(|(from, _)| from.starts_with("primary")),
        "the reader sees the rooms' imports"
    );
    let breaches = floor_breaches(&edges, HTTP_ROOMS);
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

#[test]
fn other_adapters_read_the_http_side_only_through_its_shell_and_wire_types() {
    let http = SourceTree::read(&workspace_root().join("crates/revrec-http/src"));
    let mut problems = Vec::new();
    for (reader, allowed) in HTTP_READERS {
        let tree = SourceTree::read(&workspace_root().join("crates").join(reader).join("src"));
        for (module, code) in &tree.modules {
            for (used, names) in http.used_by("revrec_http", code) {
                let room = room_of(&used, HTTP_ROOMS).map(|(_, room)| room);
                if !room.is_some_and(|room| allowed.contains(&room)) {
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    problems.push(format!(
                        "{reader} `{module}` uses revrec-http's `{used}` ({}): {}",
                        room.unwrap_or("no room"),
                        names.join(", ")
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checks above find what they are for: a small crate whose ground floor uses its top,
/// and two modules that use each other through a third.
#[test]
fn the_module_checks_find_a_climbing_use_and_a_circle() {
    let root = std::env::temp_dir().join(format!(
        "revrec-architecture-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos())
    ));
    let src = root.join("src");
    std::fs::create_dir_all(src.join("rooms")).expect("fixture directory");
    for (file, text) in [
        (
            "lib.rs",
            "pub mod ground;\npub mod rooms;\npub use ground::Thing;\n",
        ),
        (
            "ground.rs",
            "// crate::rooms::a is named in a comment only\npub struct Thing;\npub fn f() { crate::rooms::c::k(); }\n",
        ),
        ("rooms/mod.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        (
            "rooms/a.rs",
            "use crate::Thing;\nuse super::b::{self, g};\n",
        ),
        (
            "rooms/b.rs",
            "pub fn g() { super::a::h(); }\n#[cfg(test)]\nmod tests {\n    use crate::ground::Thing;\n}\n",
        ),
        ("rooms/c.rs", "pub fn k() {}\n"),
    ] {
        std::fs::write(src.join(file), text).expect("fixture file");
    }
    let tree = SourceTree::read(&src);
    let edges = tree.edges();
    std::fs::remove_dir_all(&root).ok();
    // `crate::Thing` is followed through the root's re-export to `ground`.
    assert!(edges.contains_key(&("rooms::a".to_owned(), "ground".to_owned())));
    assert!(!edges.contains_key(&("ground".to_owned(), "rooms::a".to_owned())));
    assert!(!edges.contains_key(&("rooms::b".to_owned(), "ground".to_owned())));
    assert_eq!(
        circles(&edges),
        vec![vec!["rooms::a".to_owned(), "rooms::b".to_owned()]]
    );
    let rooms: &[(usize, &str, &[&str])] = &[
        (0, "ground", &["ground"]),
        (1, "upper", &["rooms::a", "rooms::c"]),
    ];
    let breaches = floor_breaches(&edges, rooms);
    assert!(
        breaches
            .iter()
            .any(|breach| breach.starts_with("`ground` (ground, floor 0) uses `rooms::c`")),
        "{breaches:?}"
    );
    assert!(
        breaches
            .iter()
            .any(|breach| breach.contains("`rooms::b` has no room")),
        "{breaches:?}"
    );
}

/// The operation table is the one list of the REST surfaces' operations: a route under
/// `/v1` or `/api/v1` is registered nowhere else.
#[test]
fn the_two_surfaces_are_routed_only_from_the_operation_table() {
    let registration = ["resource(", ".route(", "web::scope(", ".service("];
    let mut found = Vec::new();
    for package in ["revrec-http", "revrec-mcp", "revrec-console", "revrec-app"] {
        for file in rust_files(&workspace_root().join("crates").join(package).join("src")) {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            for (number, line) in text.lines().enumerate() {
                let registers = registration.iter().any(|call| line.contains(call));
                let names_a_surface = line.contains("\"/v1") || line.contains("\"/api/v1");
                if registers && names_a_surface {
                    found.push(format!(
                        "{}:{}: {}",
                        file.display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "routes outside the table:\n{}",
        found.join("\n")
    );
}

/// A path of the table with each `{name}` filled in.
fn sample_path(operation: &revrec_http::operations::Operation) -> String {
    operation
        .path()
        .split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "x1"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Every row is served (its method and path reach a handler, not the 404 of an unknown
/// route or a 405), and its route and operation id are the document's.
#[actix_web::test]
async fn every_row_of_the_operation_table_is_served_and_documented() {
    use actix_web::{App, http::Method, test};
    use revrec_http::operations::{OPERATIONS, documented};

    let app =
        test::init_service(App::new().configure(revrec_http::operations::serve::configure)).await;
    let document = serde_json::to_value(documented()).unwrap_or_default();
    for operation in OPERATIONS {
        let method = Method::from_bytes(operation.method().as_bytes()).unwrap_or(Method::GET);
        let request = test::TestRequest::default()
            .method(method)
            .uri(&sample_path(operation))
            .to_request();
        let status = test::call_service(&app, request).await.status().as_u16();
        assert!(
            status != 404 && status != 405,
            "{} answers {status}: no handler serves it",
            operation.route
        );
        let described =
            &document["paths"][operation.path()][operation.method().to_ascii_lowercase()];
        assert_eq!(
            described["operationId"], operation.operation_id,
            "{}: the row and its handler's #[utoipa::path] disagree",
            operation.route
        );
    }
    // The document holds nothing under the surfaces that the table does not.
    let rows: Vec<String> = OPERATIONS.iter().map(|row| row.route.to_owned()).collect();
    for (path, item) in revrec_http::openapi::api().paths.paths.iter() {
        let methods = serde_json::to_value(item).unwrap_or_default();
        for method in ["get", "post", "put", "delete", "patch"] {
            let surface = path.starts_with("/v1/") || path.starts_with("/api/v1/");
            if surface && !methods[method].is_null() {
                let route = format!("{} {path}", method.to_ascii_uppercase());
                assert!(
                    rows.contains(&route),
                    "{route} is documented but has no row"
                );
            }
        }
    }
}

/// A batch resolves each row it may run to that row, with the path's parameters; the rows it
/// may not run are refused by name; every row a batch or a tool runs has its function.
#[test]
fn batchable_rows_resolve_through_the_batch_and_tools_are_listed_by_mcp() {
    use revrec_http::operations::router::{Unroutable, resolve};
    use revrec_http::operations::{Batch, OPERATIONS, Table, Tool};

    let table = Table::new(OPERATIONS);

    for operation in OPERATIONS {
        let path = sample_path(operation);
        let resolved = resolve(&table, operation.method(), &path);
        match operation.batch {
            Batch::Runs => {
                let routed = resolved.as_ref().ok();
                assert_eq!(
                    routed.map(|routed| routed.operation.route),
                    Some(operation.route),
                    "a batch does not resolve {path}"
                );
                let names: Vec<&str> = operation.parameter_names().collect();
                let given: Vec<&str> = routed
                    .map(|routed| routed.params.0.iter().map(|(name, _)| *name).collect())
                    .unwrap_or_default();
                assert_eq!(given, names, "{}", operation.route);
                assert!(
                    operation.run().is_some(),
                    "{} runs nothing",
                    operation.route
                );
            }
            Batch::Refused => {
                let expected = if path.starts_with("/v1/") {
                    Unroutable::NotInBatch
                } else {
                    Unroutable::NotFound
                };
                assert_eq!(resolved.err(), Some(expected), "{}", operation.route);
            }
        }
        match operation.tool {
            Tool::Named { .. } => {
                assert!(
                    operation.run().is_some(),
                    "tool {} runs nothing",
                    operation.route
                );
            }
            // Every write is a tool or says why not; so does every read left out.
            Tool::NotATool(reason) => {
                assert!(reason.len() > 20, "{} gives no reason", operation.route);
            }
        }
    }
    let listed: Vec<String> = revrec_mcp::tools::described()
        .iter()
        .map(|tool| tool.name.to_string())
        .collect();
    let rows: Vec<String> = OPERATIONS
        .iter()
        .filter_map(|row| row.tool_name())
        .map(str::to_owned)
        .collect();
    assert_eq!(
        listed, rows,
        "MCP lists exactly the table's tools, in its order"
    );
    assert!(listed.contains(&"record_payment".to_owned()));
}
