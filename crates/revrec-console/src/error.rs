//! What a console page can fail with, and the one exhaustive match that turns each into a
//! response: a redirect, or an HTML page that names the problem and never an internal.

use actix_web::http::StatusCode;
use actix_web::http::header::LOCATION;
use actix_web::{HttpResponse, ResponseError};
use revrec_http::shell::error::ApiError;
use revrec_ports::RepositoryError;
use revrec_usecases::UseCaseError;
use revrec_usecases::console_access::ConsoleError;

use crate::layout;

#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// No valid session: the sign-in page.
    #[error("sign in to continue")]
    SignInRequired,
    /// The one-time password opens only the page that replaces it.
    #[error("choose your own password to continue")]
    PasswordChangeRequired,
    #[error(
        "this form has expired or did not come from the console; reload the page and try again"
    )]
    CsrfRejected,
    #[error("there is no such page, or it belongs to another tenant")]
    NotFound,
    #[error("{0}")]
    BadInput(String),
    #[error("{0}")]
    UseCase(#[from] UseCaseError),
    #[error("{0}")]
    Console(#[from] ConsoleError),
    /// A response that could not be built (a cookie not encodable as a header).
    #[error("the response could not be built")]
    Response(#[from] actix_web::error::HttpError),
    /// An error of an API function the console reuses (the journal's CSV export).
    #[error("{0}")]
    Api(#[from] ApiError),
}

impl From<RepositoryError> for PageError {
    fn from(error: RepositoryError) -> PageError {
        PageError::UseCase(UseCaseError::Storage(error))
    }
}

/// How a failure is shown: status, heading and the sentence for the person.
enum Shown {
    Redirect(&'static str),
    Page(StatusCode, &'static str, String),
}

impl PageError {
    fn shown(&self) -> Shown {
        let page = |status, title, message: String| Shown::Page(status, title, message);
        match self {
            PageError::SignInRequired => Shown::Redirect("/console/sign-in"),
            PageError::PasswordChangeRequired => Shown::Redirect("/console/password"),
            PageError::CsrfRejected => {
                page(StatusCode::FORBIDDEN, "Form refused", self.to_string())
            }
            PageError::NotFound => page(StatusCode::NOT_FOUND, "Not found", self.to_string()),
            PageError::BadInput(message) => page(
                StatusCode::BAD_REQUEST,
                "Check the request",
                message.clone(),
            ),
            PageError::UseCase(error) => use_case_shown(error),
            PageError::Console(error) => console_shown(error),
            PageError::Response(_) => internal(),
            PageError::Api(error) => {
                let status = error.status_code();
                if status.is_server_error() {
                    internal()
                } else {
                    page(status, "Check the request", error.to_string())
                }
            }
        }
    }
}

fn use_case_shown(error: &UseCaseError) -> Shown {
    let page = |status, title, message: String| Shown::Page(status, title, message);
    match error {
        UseCaseError::ContractNotFound { .. }
        | UseCaseError::ContractNotYetRecorded { .. }
        | UseCaseError::VersionNotFound { .. }
        | UseCaseError::JobNotFound { .. }
        | UseCaseError::ObligationNotFound { .. }
        | UseCaseError::UnknownContracts { .. } => {
            page(StatusCode::NOT_FOUND, "Not found", error.to_string())
        }
        UseCaseError::Invalid(_)
        | UseCaseError::EstimateMethodChanged(_)
        | UseCaseError::ObligationsNeedAContract
        | UseCaseError::AsOfInFuture { .. }
        | UseCaseError::InvalidChart(_)
        | UseCaseError::Period(_)
        | UseCaseError::AmountOutOfRange(_)
        | UseCaseError::CurrencyRequired { .. } => page(
            StatusCode::BAD_REQUEST,
            "Check the request",
            error.to_string(),
        ),
        UseCaseError::InvalidTransition { .. }
        | UseCaseError::ObligationClosed(_)
        | UseCaseError::InvoiceNumberReused { .. }
        | UseCaseError::PaymentReferenceReused { .. }
        | UseCaseError::PeriodAction(_)
        | UseCaseError::PostingRefused(_)
        | UseCaseError::Conflict => {
            page(StatusCode::CONFLICT, "Not possible now", error.to_string())
        }
        UseCaseError::JobQueueFull { .. } => page(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many jobs queued",
            error.to_string(),
        ),
        UseCaseError::WorkRefused(revrec_ports::WorkRefusal::Storage(storage))
        | UseCaseError::Storage(storage) => storage_shown(storage),
        UseCaseError::WorkRefused(_) => page(
            StatusCode::TOO_MANY_REQUESTS,
            "Too much work at once",
            error.to_string(),
        ),
        UseCaseError::Corrupt(_) | UseCaseError::Interrupted => internal(),
    }
}

fn storage_shown(error: &RepositoryError) -> Shown {
    match error {
        RepositoryError::Unavailable(_) => Shown::Page(
            StatusCode::SERVICE_UNAVAILABLE,
            "Unavailable",
            "The database cannot be reached just now; try again in a moment.".into(),
        ),
        RepositoryError::Conflict(_) => Shown::Page(
            StatusCode::CONFLICT,
            "Not possible now",
            "Something changed while this request ran; reload the page and try again.".into(),
        ),
        RepositoryError::OutOfRange(limit) => Shown::Page(
            StatusCode::BAD_REQUEST,
            "Check the request",
            limit.to_string(),
        ),
        RepositoryError::Backend(_) => internal(),
    }
}

fn console_shown(error: &ConsoleError) -> Shown {
    match error {
        ConsoleError::Storage(storage) => storage_shown(storage),
        ConsoleError::Password(_) => internal(),
        ConsoleError::InvalidEmail(_)
        | ConsoleError::EmailTaken(_)
        | ConsoleError::InvalidCredentials
        | ConsoleError::Throttled { .. }
        | ConsoleError::PasswordTooShort
        | ConsoleError::PasswordsDiffer
        | ConsoleError::PasswordUnchanged => {
            Shown::Page(StatusCode::BAD_REQUEST, "Check the form", error.to_string())
        }
    }
}

fn internal() -> Shown {
    Shown::Page(
        StatusCode::INTERNAL_SERVER_ERROR,
        "Something went wrong",
        "The console could not finish this request. It has been logged; try again, and quote the request id if it keeps happening.".into(),
    )
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        match self.shown() {
            Shown::Redirect(_) => StatusCode::SEE_OTHER,
            Shown::Page(status, _, _) => status,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self.shown() {
            Shown::Redirect(location) => HttpResponse::SeeOther()
                .insert_header((LOCATION, location))
                .finish(),
            Shown::Page(status, title, message) => {
                if status.is_server_error() {
                    // The cause stays in the log; the page says only what happened.
                    tracing::error!(error = ?self, "console request failed");
                }
                layout::html_with_status(status, layout::error_page(title, &message))
            }
        }
    }
}
