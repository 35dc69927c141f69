//! Which database a command uses, said plainly, and the refusal to make one by accident.
//!
//! A SQLite URL names a file relative to the working directory, so the same command run in
//! another folder would quietly create an empty `revrec.db` there. Only `serve`, `demo` and
//! `migrate --create` may create one; every other command names the database it used and refuses a missing file.

use revrec_store_diesel::DatabaseUrl;

use crate::cli_error::CliError;

/// `sqlite:///abs/path/revrec.db (sqlite)`, or the PostgreSQL URL without its password.
pub fn describe(url: &DatabaseUrl) -> String {
    match url {
        DatabaseUrl::Sqlite(path) => {
            let absolute = std::path::absolute(path).unwrap_or_else(|_| path.into());
            format!("sqlite://{} (sqlite)", absolute.display())
        }
        DatabaseUrl::Postgres(_) => format!("{} (postgresql)", url.redacted()),
    }
}

/// Refuses a SQLite file that does not exist yet (a PostgreSQL database is made by its
/// operator, never by revrec, so there is nothing to refuse there).
pub fn require_existing(url: &DatabaseUrl) -> Result<(), CliError> {
    match url {
        DatabaseUrl::Sqlite(path) if !std::path::Path::new(path).exists() => {
            Err(CliError::NoDatabase(describe(url)))
        }
        _ => Ok(()),
    }
}
