//! What the three client-authenticated endpoints (token, revocation, introspection) share:
//! the form, the client's credentials and its refusals, and their documentation.

use std::collections::BTreeMap;

use actix_web::http::header::{AUTHORIZATION, CONTENT_TYPE, HeaderValue};
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use percent_encoding::percent_decode_str;
use revrec_usecases::UseCaseError;
use revrec_usecases::client_authentication::{ClientAttempt, ClientAuthError};

use crate::oauth::refusal::TokenRequestError;
use crate::shell::auth::RateLimitStatus;
use crate::shell::body::raw_bytes;
use crate::shell::error::ApiError;

/// Largest request body of the OAuth endpoints: a few short parameters.
const FORM_LIMIT: usize = 8 * 1024;
/// The one grant the token endpoint takes.
pub const GRANT_TYPE: &str = "client_credentials";
/// The client authentication methods of every client-authenticated endpoint.
pub const CLIENT_AUTH_METHODS: [&str; 2] = ["client_secret_basic", "client_secret_post"];

/// The 429 of the client-authenticated endpoints, in the OpenAPI document.
/// The answers every client-authenticated OAuth endpoint shares: the client refused, the
/// body too large, and the guard against guessing.
pub struct ClientAuthenticationErrors;

impl utoipa::IntoResponses for ClientAuthenticationErrors {
    fn responses() -> BTreeMap<String, utoipa::openapi::RefOr<utoipa::openapi::Response>> {
        use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder, header::HeaderBuilder};
        let body = || {
            ContentBuilder::new()
                .schema(Some(RefOr::Ref(Ref::from_schema_name("ProblemBody"))))
                .build()
        };
        let seconds = |description: &str| {
            HeaderBuilder::new()
                .schema(<u32 as utoipa::PartialSchema>::schema())
                .description(Some(description))
                .build()
        };
        let throttled = ResponseBuilder::new()
            .description(THROTTLED_DOC)
            .content("application/json", body())
            .header("Retry-After", seconds("Seconds until the window ends (equals RateLimit-Reset)"))
            .header(
                "RateLimit-Limit",
                seconds("Failed client authentications allowed per minute (per client id or per address)"),
            )
            .header("RateLimit-Remaining", seconds("0"))
            .header("RateLimit-Reset", seconds("Seconds until the window ends"));
        BTreeMap::from([
            (
                "401".to_owned(),
                RefOr::T(
                    ResponseBuilder::new()
                        .description("invalid_client")
                        .content("application/json", body())
                        .build(),
                ),
            ),
            (
                "413".to_owned(),
                RefOr::T(
                    ResponseBuilder::new()
                        .description("Body too large")
                        .content("application/problem+json", body())
                        .build(),
                ),
            ),
            ("429".to_owned(), RefOr::T(throttled.build())),
        ])
    }
}

pub const THROTTLED_DOC: &str = "temporarily_unavailable: too many failed client authentications from this address or for this client id in this minute; every attempt, the right secret too, is refused until Retry-After";

/// `Cache-Control: no-store` and `Pragma: no-cache`: answers about tokens are never cached
/// (RFC 6749 §5.1, RFC 7662 §4).
pub fn never_stored(mut response: HttpResponse) -> HttpResponse {
    let headers = response.headers_mut();
    headers.insert(
        actix_web::http::header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    );
    headers.insert(
        actix_web::http::header::PRAGMA,
        HeaderValue::from_static("no-cache"),
    );
    response
}

/// The body of a request to an OAuth endpoint: an `application/x-www-form-urlencoded` form
/// of at most a few kilobytes, each parameter once.
pub async fn read_form_body(
    request: &HttpRequest,
    payload: web::Payload,
) -> Result<BTreeMap<String, String>, ApiError> {
    let is_form = request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| {
            essence
                .trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        });
    if !is_form {
        return Err(TokenRequestError::InvalidRequest(
            "The body must be application/x-www-form-urlencoded.".into(),
        )
        .into());
    }
    let body = raw_bytes(payload, FORM_LIMIT).await?;
    Ok(read_form(&body)?)
}

/// The client's `(client_id, client_secret)`, from HTTP Basic or from the form; `None`
/// when the request carries no usable client authentication (it then fails, and counts,
/// like a wrong secret).
///
/// # Errors
/// `invalid_request` for both methods at once, or a body `client_id` that is not the one
/// in `Authorization`.
pub fn presented_client(
    request: &HttpRequest,
    form: &BTreeMap<String, String>,
) -> Result<Option<(String, String)>, TokenRequestError> {
    let basic = request.headers().get(AUTHORIZATION).map(basic_credentials);
    match (basic, form.get("client_secret")) {
        // An `Authorization` that is not readable Basic authenticates nobody, whatever
        // the body says: the attempt fails (and counts) like a wrong secret.
        (Some(None), _) | (None, None) => Ok(None),
        (Some(Some(_)), Some(_)) => Err(TokenRequestError::InvalidRequest(
            "Authenticate the client one way only: HTTP Basic or client_secret in the body, not both.".into(),
        )),
        (Some(Some((id, secret))), None) => {
            if form.get("client_id").is_some_and(|body_id| *body_id != id) {
                return Err(TokenRequestError::InvalidRequest(
                    "client_id in the body differs from the one in Authorization.".into(),
                ));
            }
            Ok(Some((id, secret)))
        }
        (None, Some(secret)) => Ok(form
            .get("client_id")
            .map(|id| (id.clone(), secret.clone()))),
    }
}

/// The `token` parameter of a revocation or introspection request.
pub fn token_parameter(form: &BTreeMap<String, String>) -> Result<&str, TokenRequestError> {
    form.get("token")
        .map(String::as_str)
        .ok_or_else(|| TokenRequestError::InvalidRequest("token is required.".into()))
}

/// The attempt as the client-authentication guard sees it: the credentials and the peer's
/// address (the TCP peer; `X-Forwarded-For` is not trusted, as no proxy is configured).
pub fn client_attempt<'a>(
    request: &HttpRequest,
    credentials: Option<&'a (String, String)>,
) -> ClientAttempt<'a> {
    ClientAttempt {
        credentials: credentials.map(|(id, secret)| (id.as_str(), secret.as_str())),
        address: request.peer_addr().map(|peer| peer.ip()),
    }
}

/// A refused client authentication as the endpoints answer it. A throttled one leaves its
/// allowance's state in the request for the middleware's `RateLimit-*` fields.
pub fn client_refusal(request: &HttpRequest, error: ClientAuthError) -> ApiError {
    match error {
        ClientAuthError::InvalidClient => TokenRequestError::InvalidClient.into(),
        ClientAuthError::Throttled(decision) => {
            request.extensions_mut().insert(RateLimitStatus(decision));
            // Neither the id nor the address is logged: both may be an attacker's text
            // or someone's personal data; the access line has the route and status.
            tracing::warn!(
                limit = decision.limit,
                retry_after = decision.reset_seconds,
                "client authentication throttled"
            );
            ApiError::from(TokenRequestError::Throttled {
                retry_after: decision.reset_seconds,
            })
        }
        ClientAuthError::Storage(storage) => ApiError::UseCase(UseCaseError::Storage(storage)),
    }
}

/// The form's parameters. A repeated parameter is an error (RFC 6749 §3.2); one sent
/// without a value counts as not sent.
fn read_form(body: &[u8]) -> Result<BTreeMap<String, String>, TokenRequestError> {
    let mut parameters = BTreeMap::new();
    for (name, value) in form_urlencoded::parse(body) {
        if parameters.contains_key(name.as_ref()) {
            return Err(TokenRequestError::InvalidRequest(format!(
                "Parameter {name} is repeated."
            )));
        }
        if !value.is_empty() {
            parameters.insert(name.into_owned(), value.into_owned());
        }
    }
    Ok(parameters)
}

/// `client_secret_basic`: `Authorization: Basic base64(urlencode(id) ":" urlencode(secret))`
/// (RFC 6749 §2.3.1). `None` when the header is not that.
fn basic_credentials(header: &HeaderValue) -> Option<(String, String)> {
    let text = header.to_str().ok()?;
    let (scheme, encoded) = text.trim().split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = STANDARD
        .decode(encoded.trim())
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())?;
    let (id, secret) = decoded.split_once(':')?;
    Some((form_decode(id)?, form_decode(secret)?))
}

/// `application/x-www-form-urlencoded` decoding of one component (`+` is a space).
fn form_decode(text: &str) -> Option<String> {
    percent_decode_str(&text.replace('+', " "))
        .decode_utf8()
        .ok()
        .map(|text| text.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_reject_repeats_and_drop_empty_values() {
        let form = read_form(b"grant_type=client_credentials&scope=&x=1").unwrap_or_default();
        assert_eq!(form.get("grant_type").map(String::as_str), Some(GRANT_TYPE));
        assert!(!form.contains_key("scope"));
        assert!(matches!(
            read_form(b"scope=a&scope=b"),
            Err(TokenRequestError::InvalidRequest(_))
        ));
    }

    #[test]
    fn the_client_is_read_from_basic_or_the_form_and_an_unreadable_header_names_nobody() {
        use actix_web::test::TestRequest;
        let form = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
            pairs
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
                .collect()
        };
        let posted = form(&[("client_id", "rrc_1"), ("client_secret", "s")]);
        let plain = TestRequest::default().to_http_request();
        assert_eq!(
            presented_client(&plain, &posted),
            Ok(Some(("rrc_1".to_owned(), "s".to_owned())))
        );
        assert_eq!(
            presented_client(&plain, &form(&[("client_secret", "s")])),
            Ok(None)
        );
        let basic = TestRequest::default()
            .insert_header((AUTHORIZATION, "Basic cnJjXzE6cw=="))
            .to_http_request();
        assert_eq!(
            presented_client(&basic, &form(&[])),
            Ok(Some(("rrc_1".to_owned(), "s".to_owned())))
        );
        assert!(matches!(
            presented_client(&basic, &posted),
            Err(TokenRequestError::InvalidRequest(_))
        ));
        let bearer = TestRequest::default()
            .insert_header((AUTHORIZATION, "Bearer rr_oat_x"))
            .to_http_request();
        assert_eq!(presented_client(&bearer, &posted), Ok(None));
        // The guard sees the TCP peer, not a header a client can write.
        let proxied = TestRequest::default()
            .peer_addr(
                "198.51.100.4:5000"
                    .parse()
                    .unwrap_or(([0, 0, 0, 0], 0).into()),
            )
            .insert_header(("X-Forwarded-For", "203.0.113.9"))
            .to_http_request();
        assert_eq!(
            client_attempt(&proxied, None).address,
            Some([198, 51, 100, 4].into())
        );
    }

    #[test]
    fn basic_components_are_form_decoded() {
        // RFC 6749 §2.3.1: `s3cr3t/+=` is sent as `s3cr3t%2F%2B%3D`.
        assert_eq!(form_decode("s3cr3t%2F%2B%3D").as_deref(), Some("s3cr3t/+="));
        assert_eq!(form_decode("a+b").as_deref(), Some("a b"));
    }
}
