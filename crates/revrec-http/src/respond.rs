//! Success responses and query-string parsing shared by the route modules.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// `status` with `value` as its JSON body.
pub fn json<T: Serialize>(status: StatusCode, value: &T) -> HttpResponse {
    Reply::json(status, value).into_response()
}

/// A successful answer of a write route, as data: an idempotency record keeps it to replay.
#[derive(Clone, Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub body: Vec<u8>,
    pub location: Option<String>,
}

impl Reply {
    pub fn json<T: Serialize>(status: StatusCode, value: &T) -> Reply {
        Reply {
            status,
            body: serde_json::to_vec(value).unwrap_or_default(),
            location: None,
        }
    }

    pub fn with_location(mut self, location: String) -> Reply {
        self.location = Some(location);
        self
    }

    pub fn into_response(self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        response.content_type("application/json");
        if let Some(location) = self.location {
            response.insert_header((actix_web::http::header::LOCATION, location));
        }
        response.body(self.body)
    }
}

/// The request's query string as `T` (see [`parse_query`]).
pub fn query<T: DeserializeOwned>(request: &HttpRequest) -> Result<T, ApiError> {
    parse_query(request.query_string())
}

/// A query string as `T` (whose fields are all optional text, so only a malformed query
/// string fails here; each route then checks values itself and names the parameter).
pub fn parse_query<T: DeserializeOwned>(query_string: &str) -> Result<T, ApiError> {
    web::Query::<T>::from_query(query_string)
        .map(web::Query::into_inner)
        .map_err(|error| ApiError::InvalidParameter {
            name: "query",
            message: format!("could not be read ({error})"),
        })
}
