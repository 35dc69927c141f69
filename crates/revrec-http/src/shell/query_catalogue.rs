//! An unknown query parameter is a 400 naming it, as an unknown body field is a 422: a
//! caller who sends `as_of=…` to a route that has no such parameter (a contract list, say) must not believe it got
//! figures as of that date. A catalogue lists the query parameters of documented operations,
//! read from an OpenAPI description, so the check can never disagree with what the API
//! publishes; the whole document's catalogue judges plain requests, the batchable
//! operations' catalogue judges a batch's operations.

use std::borrow::Cow;
use std::collections::HashMap;

use actix_web::web;
use utoipa::openapi::OpenApi;
use utoipa::openapi::path::{Operation as OpenApiOperation, ParameterIn};

/// One documented operation: its path template split at `/` (a `{…}` segment matches any
/// one segment), its method, and the query parameters it takes.
struct Operation {
    segments: Vec<String>,
    method: &'static str,
    /// A handful at most: a scan beats hashing.
    parameters: Vec<String>,
}

/// The documented operations of an OpenAPI description. A path without a `{…}` segment is
/// found by hashing it (every request asks, and comparing it with each of the hundred-odd
/// templates was 2 % of a single-contract read); any other is matched against the templates
/// segment by segment.
pub struct QueryCatalogue {
    operations: Vec<Operation>,
    /// The operations whose paths have no `{…}` segment, by path: each method's index.
    literal: HashMap<String, Vec<(&'static str, usize)>>,
}

impl QueryCatalogue {
    pub fn of(document: &OpenApi) -> QueryCatalogue {
        let mut operations = Vec::new();
        for (path, item) in &document.paths.paths {
            let methods: [(&'static str, &Option<OpenApiOperation>); 5] = [
                ("GET", &item.get),
                ("POST", &item.post),
                ("PUT", &item.put),
                ("DELETE", &item.delete),
                ("PATCH", &item.patch),
            ];
            for (method, operation) in methods {
                let Some(operation) = operation else {
                    continue;
                };
                let parameters = operation
                    .parameters
                    .iter()
                    .flatten()
                    .filter(|parameter| parameter.parameter_in == ParameterIn::Query)
                    .map(|parameter| parameter.name.clone())
                    .collect();
                operations.push(Operation {
                    segments: path.split('/').map(str::to_owned).collect(),
                    method,
                    parameters,
                });
            }
        }
        let mut literal: HashMap<String, Vec<(&'static str, usize)>> = HashMap::new();
        for (index, operation) in operations.iter().enumerate() {
            if !operation
                .segments
                .iter()
                .any(|segment| segment.starts_with('{'))
            {
                literal
                    .entry(operation.segments.join("/"))
                    .or_default()
                    .push((operation.method, index));
            }
        }
        QueryCatalogue {
            operations,
            literal,
        }
    }

    /// The query parameters of the documented operation `method` and `path` name (a
    /// concrete path or a template), if it is one.
    fn parameters_of(&self, method: &str, path: &str) -> Option<&[String]> {
        // A literal path is the one with no `{…}` segment: nothing can beat it.
        if let Some(&(_, index)) = self
            .literal
            .get(path)
            .and_then(|methods| methods.iter().find(|(known, _)| *known == method))
        {
            return self
                .operations
                .get(index)
                .map(|operation| operation.parameters.as_slice());
        }
        let count = path.split('/').count();
        // A literal segment beats a template's (`/v1/jobs/recalculate-waterfall` is not a
        // job id): of the templates that match, the one with the fewest `{…}` segments.
        self.operations
            .iter()
            .filter(|operation| {
                operation.method == method
                    && operation.segments.len() == count
                    && path
                        .split('/')
                        .zip(&operation.segments)
                        .all(|(given, template)| given == template || template.starts_with('{'))
            })
            .min_by_key(|operation| {
                operation
                    .segments
                    .iter()
                    .filter(|segment| segment.starts_with('{'))
                    .count()
            })
            .map(|operation| operation.parameters.as_slice())
    }

    /// The first parameter of `query` that the operation does not take, with the sentence
    /// that says so, if any; operations the catalogue does not list are not judged.
    pub fn unknown_parameter(
        &self,
        method: &str,
        path: &str,
        query: &str,
    ) -> Option<(String, String)> {
        if query.is_empty() {
            return None;
        }
        let known = self.parameters_of(method, path)?;
        let unknown = parameter_names(query)
            .into_iter()
            .find(|name| !known.iter().any(|known| known == name.as_ref()))?
            .into_owned();
        let mut expected: Vec<&str> = known.iter().map(String::as_str).collect();
        expected.sort_unstable();
        let message = if expected.is_empty() {
            "is not one this operation takes (it takes no query parameters)".to_owned()
        } else {
            format!(
                "is not one this operation takes (it takes {})",
                expected.join(", ")
            )
        };
        Some((unknown, message))
    }
}

/// The names of a query's parameters, decoded only when they need it.
fn parameter_names(query: &str) -> Vec<Cow<'_, str>> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let name = pair.split_once('=').map_or(pair, |(name, _)| name);
            if name.contains(['%', '+']) {
                let decoded = web::Query::<Vec<(String, String)>>::from_query(name)
                    .ok()
                    .and_then(|pairs| pairs.into_inner().into_iter().next())
                    .map_or_else(|| name.to_owned(), |(decoded, _)| decoded);
                Cow::Owned(decoded)
            } else {
                Cow::Borrowed(name)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_plain_or_decoded() {
        let names = parameter_names("start_period=2026-01&as%5Fof=x&&flag&a+b=1");
        let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
        assert_eq!(names, ["start_period", "as_of", "flag", "a b"]);
    }
}
