//! The table's operations in the OpenAPI document: each row adds what its handler's
//! `#[utoipa::path]` describes, with the schemas it uses.

use utoipa::openapi::OpenApi;
use utoipa::openapi::path::{PathItemBuilder, PathsBuilder};

use super::row::Operation;

/// The table's operations as the OpenAPI document describes them, with the schemas they use.
pub fn documented(table: &[Operation]) -> OpenApi {
    let mut document = OpenApi::default();
    for operation in table {
        (operation.document)(&mut document);
    }
    document
}

/// Adds the operation a `#[utoipa::path]` handler describes (`P`, the path type the macro
/// makes) to `document`, with the schemas of its bodies, as `#[openapi(paths(…))]` would.
pub fn describe<P>(document: &mut OpenApi)
where
    P: utoipa::Path + utoipa::__dev::SchemaReferences + for<'t> utoipa::__dev::Tags<'t>,
{
    let mut operation = P::operation();
    let tags = <P as utoipa::__dev::Tags>::tags();
    if !tags.is_empty() {
        operation
            .tags
            .get_or_insert_with(Vec::new)
            .extend(tags.iter().map(ToString::to_string));
    }
    let item = P::methods()
        .into_iter()
        .fold(PathItemBuilder::new(), |item, method| {
            item.operation(method, operation.clone())
        })
        .build();
    document
        .paths
        .merge(PathsBuilder::new().path(P::path(), item).build());
    let mut schemas = Vec::new();
    P::schemas(&mut schemas);
    let components = document.components.get_or_insert_with(Default::default);
    components.schemas.extend(schemas);
}
