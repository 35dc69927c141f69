//! The batch's router: a method and a path under `/v1` to the row of the table that serves
//! them, matched as actix matches the table's routes (the first path that fits, then its
//! method), with the path's parameters.

use super::row::{Batch, Operation, PathParams, Table};
use crate::shell::error::ApiError;

/// A row, and the values of its path's parameters.
#[derive(Clone)]
pub struct Routed {
    pub operation: &'static Operation,
    pub params: PathParams,
}

/// Why a method and path name no operation a batch may run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unroutable {
    NotFound,
    WrongMethod { method: String, allowed: String },
    NotInBatch,
}

impl Unroutable {
    pub fn error(self, path: &str) -> ApiError {
        match self {
            Unroutable::NotFound => ApiError::RouteNotFound {
                path: path.to_owned(),
            },
            Unroutable::WrongMethod { method, allowed } => {
                ApiError::MethodNotAllowed { method, allowed }
            }
            Unroutable::NotInBatch => ApiError::BatchOperationNotAllowed {
                path: path.to_owned(),
            },
        }
    }
}

/// The operation of `table` that `method` and `path` (relative to `/v1`, or under it) name
/// in a batch.
pub fn resolve(table: &Table, method: &str, path: &str) -> Result<Routed, Unroutable> {
    let relative = match path.strip_prefix("/v1") {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
        _ => path,
    };
    let full = format!("/v1{relative}");
    let (template, allowed, params) = table
        .resources
        .iter()
        .filter(|(template, _)| template.starts_with("/v1/"))
        .find_map(|(template, allowed)| Some((*template, allowed, matches(template, &full)?)))
        .ok_or(Unroutable::NotFound)?;
    let mut rows = table
        .rows
        .iter()
        .filter(|operation| operation.path() == template);
    if rows
        .clone()
        .all(|operation| operation.batch == Batch::Refused)
    {
        return Err(Unroutable::NotInBatch);
    }
    let operation = rows
        .find(|operation| operation.method() == method)
        .ok_or_else(|| Unroutable::WrongMethod {
            method: method.to_owned(),
            allowed: allowed.clone(),
        })?;
    if operation.batch == Batch::Refused {
        return Err(Unroutable::NotInBatch);
    }
    Ok(Routed { operation, params })
}

/// The parameters of `path` when it fits `template`. A parameter is never empty and holds
/// no control character (no id does, and PostgreSQL cannot even be asked about a NUL).
fn matches(template: &'static str, path: &str) -> Option<PathParams> {
    let mut params = Vec::new();
    let mut given = path.split('/');
    for expected in template.split('/') {
        let segment = given.next()?;
        match expected
            .strip_prefix('{')
            .and_then(|rest| rest.strip_suffix('}'))
        {
            Some(name) => {
                if segment.is_empty() || segment.chars().any(char::is_control) {
                    return None;
                }
                params.push((name, segment.to_owned()));
            }
            None if expected == segment => {}
            None => return None,
        }
    }
    given.next().is_none().then_some(PathParams(params))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operations::table::OPERATIONS;

    fn resolve(method: &str, path: &str) -> Result<Routed, Unroutable> {
        super::resolve(&Table::new(OPERATIONS), method, path)
    }

    #[test]
    fn a_path_resolves_to_its_row_with_its_parameters() {
        let routed = resolve("POST", "/contracts/ctr_1/obligations/pob_2/progress");
        let routed = routed
            .ok()
            .map(|routed| (routed.operation.route, routed.params));
        assert_eq!(
            routed,
            Some((
                "POST /v1/contracts/{id}/obligations/{pob_id}/progress",
                PathParams(vec![("id", "ctr_1".into()), ("pob_id", "pob_2".into())])
            ))
        );
        let job = resolve("GET", "/v1/jobs/job_9")
            .ok()
            .map(|r| r.operation.route);
        assert_eq!(job, Some("GET /v1/jobs/{job_id}"));
    }

    #[test]
    fn a_literal_path_is_matched_before_a_template_as_actix_does() {
        assert_eq!(
            resolve("GET", "/jobs/recalculate-waterfall").err(),
            Some(Unroutable::WrongMethod {
                method: "GET".into(),
                allowed: "POST".into()
            })
        );
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        assert_eq!(resolve("GET", "/nowhere").err(), Some(Unroutable::NotFound));
        assert_eq!(
            resolve("GET", "/contracts/").err(),
            Some(Unroutable::NotFound)
        );
        assert_eq!(
            resolve("GET", "/contracts/a\u{0}b").err(),
            Some(Unroutable::NotFound)
        );
        assert_eq!(
            resolve("DELETE", "/contracts/ctr_1").err(),
            Some(Unroutable::WrongMethod {
                method: "DELETE".into(),
                allowed: "GET, PUT".into()
            })
        );
        for (method, path) in [
            ("POST", "/batch"),
            ("GET", "/batch"),
            ("GET", "/payments/intent"),
        ] {
            assert_eq!(
                resolve(method, path).err(),
                Some(Unroutable::NotInBatch),
                "{path}"
            );
        }
        // The guide surface is not under /v1.
        assert_eq!(
            resolve("POST", "/api/v1/contracts/ingest").err(),
            Some(Unroutable::NotFound)
        );
    }
}
