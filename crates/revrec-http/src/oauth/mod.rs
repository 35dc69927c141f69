//! revrec as its own OAuth 2.0 authorization server, for machine clients only: the client
//! credentials grant at `POST /oauth/token` (RFC 6749 §4.4, §5), revocation (RFC 7009),
//! introspection (RFC 7662) and the metadata (RFC 8414). Clients are made with
//! `revrec oauth-clients create`.

pub mod client;
pub mod introspection;
pub mod metadata;
pub mod refusal;
pub mod revocation;
pub mod token;

use actix_web::web;

use crate::shell::routing::resource;

/// The authorization server's routes.
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .service(
            resource("/.well-known/oauth-authorization-server", "GET")
                .route(web::get().to(metadata::authorization_server_metadata)),
        )
        .service(resource("/oauth/token", "POST").route(web::post().to(token::token)))
        .service(resource("/oauth/revoke", "POST").route(web::post().to(revocation::revoke)))
        .service(
            resource("/oauth/introspect", "POST").route(web::post().to(introspection::introspect)),
        );
}
