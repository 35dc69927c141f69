//! The OpenAPI 3.1 document, generated from the real handlers and wire types.
//! `docs/openapi.json` is a committed copy, kept in step by a test.

use actix_web::HttpResponse;
use utoipa::openapi::RefOr;
use utoipa::openapi::link::LinkBuilder;
use utoipa::openapi::path::ParameterIn;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::guide;
use crate::openapi_problems::{OperationProblems, PlainSummaries};
use crate::shell::docs::AS_OF_DOC;
use crate::shell::problem::{FieldProblem, ProblemBody};
use crate::system;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "revrec",
        version = "1",
        description = "Deterministic revenue recognition for ASC 606 and IFRS 15: contracts in; allocations, \
                       waterfalls, Note 6 disclosures and ledger-ready figures out, exact to the cent. \
                       Amounts are JSON numbers written with exactly the currency's decimals; send them as \
                       numbers or decimal strings. Errors are RFC 9457 problem details with a stable `code`.",
        license(name = "Apache-2.0", identifier = "Apache-2.0")
    ),
    paths(
        crate::oauth::token::token,
        crate::oauth::revocation::revoke,
        crate::oauth::introspection::introspect,
        crate::oauth::metadata::authorization_server_metadata,
        system::protected_resource_metadata,
        system::healthz,
        system::readyz,
    ),
    components(schemas(
        ProblemBody,
        FieldProblem,
        guide::accounting::EntryStatusName,
        guide::accounting::EntryScopeName,
        guide::accounting::FormatName,
        crate::wire::periods::ClosedMonthWritesName
    )),
    modifiers(
        &TableOperations,
        &AsOfParameters,
        &BearerSecurity,
        &ContractLinks,
        &OperationProblems,
        &PlainSummaries
    ),
    tags(
        (name = "primary", description = "The primary surface, under /v1: contracts and their versions, waterfalls, Note 6 disclosures, batch and recalculation jobs"),
        (name = "guide", description = "The guide surface, under /api/v1: contract ingest in the guide payload, the yearly waterfall, journal entries, the trial balance and the chart of accounts"),
        (name = "payments", description = "Machine payments over HTTP 402 (MPP): the published terms and a challenge to pay; priced calls answer 402 with the same challenges"),
        (name = "oauth", description = "OAuth 2.0 client credentials: the token endpoint (RFC 6749 §4.4), revocation (RFC 7009), introspection (RFC 7662) and the metadata documents (RFC 8414, RFC 9728)"),
        (name = "system", description = "Health and readiness"),
    )
)]
pub struct ApiDoc;

/// Every operation of the OpenAPI document, as (`METHOD`, path template).
pub fn operations() -> Vec<(String, String)> {
    let document = api();
    let mut operations = Vec::new();
    for (path, item) in &document.paths.paths {
        for (method, present) in [
            ("GET", item.get.is_some()),
            ("POST", item.post.is_some()),
            ("PUT", item.put.is_some()),
            ("DELETE", item.delete.is_some()),
            ("PATCH", item.patch.is_some()),
        ] {
            if present {
                operations.push((method.to_owned(), path.clone()));
            }
        }
    }
    operations
}

/// [`document_json`], rendered once per process (the route serves it, the MCP tools read
/// their schemas from it).
pub fn document_text() -> &'static str {
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DOCUMENT.get_or_init(document_json)
}

/// The OpenAPI 3.1 document (rendered once per process).
pub async fn openapi_document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document_text())
}

/// `/docs` → `/docs/` (the Swagger UI assets are relative to the slash).
pub async fn docs_redirect() -> HttpResponse {
    HttpResponse::MovedPermanently()
        .insert_header(("Location", "/docs/"))
        .finish()
}

/// The document as a value, generated once per process: what the served text, the
/// deprecation setting's operations and the unknown-query catalogue are all read from.
pub fn api() -> &'static utoipa::openapi::OpenApi {
    static API: std::sync::OnceLock<utoipa::openapi::OpenApi> = std::sync::OnceLock::new();
    API.get_or_init(ApiDoc::openapi)
}

/// The document as served and as committed: pretty JSON, one trailing newline.
pub fn document_json() -> String {
    let mut value = serde_json::to_value(api()).unwrap_or_default();
    fix_link_names(&mut value);
    serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
}

/// utoipa 5 writes Link Objects' `operationId`, `operationRef` and `requestBody` in snake
/// case, which OpenAPI tools reject; rename them wherever links appear.
fn fix_link_names(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            if let Some(serde_json::Value::Object(links)) = map.get_mut("links") {
                for link in links.values_mut() {
                    if let serde_json::Value::Object(link) = link {
                        for (from, to) in [
                            ("operation_id", "operationId"),
                            ("operation_ref", "operationRef"),
                            ("request_body", "requestBody"),
                        ] {
                            if let Some(moved) = link.remove(from) {
                                link.insert(to.to_owned(), moved);
                            }
                        }
                    }
                }
            }
            map.values_mut().for_each(fix_link_names);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(fix_link_names),
        _ => {}
    }
}

/// The operations of the table (both REST surfaces and the payment routes under `/v1`),
/// each as its handler describes it.
struct TableOperations;

impl Modify for TableOperations {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        openapi.merge(crate::operations::documented());
    }
}

/// Every `as_of` query parameter carries the one description of what it means.
struct AsOfParameters;

impl Modify for AsOfParameters {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.post, &mut item.put];
            for operation in operations.into_iter().flatten() {
                for parameter in operation.parameters.iter_mut().flatten() {
                    if parameter.name == "as_of" && parameter.parameter_in == ParameterIn::Query {
                        parameter.description = Some(AS_OF_DOC.to_owned());
                    }
                }
            }
        }
    }
}

struct BearerSecurity;

impl Modify for BearerSecurity {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.description = Some(
            "An API key (`rr_live_…` / `rr_test_…`), an OAuth 2.0 access token (`rr_oat_…`, from `POST /oauth/token`; not accepted by batch and jobs), or in sandbox mode the published token `rr_test_sandbox`.".into(),
        );
        components.add_security_scheme("bearer", SecurityScheme::Http(scheme));
    }
}

/// OpenAPI links from a created contract to the operations that take its id, so clients
/// (and schemathesis' stateful phase) can follow them.
struct ContractLinks;

impl Modify for ContractLinks {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let contract_operations = [
            ("GetContract", "getContract"),
            ("UpdateContract", "updateContract"),
            ("ActivateContract", "activateContract"),
            ("TerminateContract", "terminateContract"),
            ("ListContractVersions", "listContractVersions"),
            ("RecordInvoice", "recordInvoice"),
        ];
        // An event names the contract and one of its obligations.
        let obligation_operations = [
            ("FulfillObligation", "fulfillObligation"),
            ("ReportProgress", "reportProgress"),
        ];
        for path in ["/v1/contracts", "/api/v1/contracts/ingest"] {
            add_links(
                openapi,
                path,
                "201",
                &[("id", "$response.body#/id")],
                &contract_operations,
            );
            add_links(
                openapi,
                path,
                "201",
                &[
                    ("id", "$response.body#/id"),
                    ("pob_id", "$response.body#/performance_obligations/0/id"),
                ],
                &obligation_operations,
            );
        }
        add_links(
            openapi,
            "/v1/jobs/recalculate-waterfall",
            "202",
            &[("job_id", "$response.body#/job_id")],
            &[("GetJobStatus", "getJobStatus")],
        );
    }
}

/// Links from `path`'s POST `status` response to operations taking `parameters` (name,
/// runtime expression) from it.
fn add_links(
    openapi: &mut utoipa::openapi::OpenApi,
    path: &str,
    status: &str,
    parameters: &[(&str, &str)],
    operations: &[(&str, &str)],
) {
    let Some(post) = openapi
        .paths
        .paths
        .get_mut(path)
        .and_then(|item| item.post.as_mut())
    else {
        return;
    };
    let Some(RefOr::T(response)) = post.responses.responses.get_mut(status) else {
        return;
    };
    let names: Vec<&str> = parameters.iter().map(|(name, _)| *name).collect();
    for (name, operation) in operations {
        let mut link = LinkBuilder::new()
            .operation_id(*operation)
            .description(format!(
                "The created resource's {}, for {operation}",
                names.join(" and ")
            ));
        for (parameter, value) in parameters {
            link = link.parameter(*parameter, *value);
        }
        let link = link.build();
        response.links.insert((*name).to_owned(), RefOr::T(link));
    }
}
