//! One connection type for both backends, chosen from the URL scheme, pooled with r2d2.

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{ManageConnection, Pool, PooledConnection, R2D2Connection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

/// A PostgreSQL or SQLite connection; every query is written once against this enum.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(PgConnection),
    // Last: SQLite accepts any string as a path (stack.md G5), though we never rely on
    // trial order (see `DatabaseUrl`).
    Sqlite(SqliteConnection),
}

/// Runs the same Diesel expression on whichever backend `connection` holds. For the few
/// statements whose DSL is typed per backend (multi-row inserts, `ON CONFLICT`), which
/// MultiConnection's common backend cannot express: written once, compiled twice.
macro_rules! on_each_backend {
    ($connection:expr, |$inner:ident| $body:expr) => {
        match $connection {
            $crate::connection::DbConnection::Postgres($inner) => $body,
            $crate::connection::DbConnection::Sqlite($inner) => $body,
        }
    };
}
pub(crate) use on_each_backend;

pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");
pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");

/// Where the database is, decided by the URL scheme (never by trying backends in turn,
/// which would turn a typo into an empty SQLite file).
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Postgres(String),
    Sqlite(String),
}

#[derive(Debug, thiserror::Error)]
pub enum StoreSetupError {
    #[error(
        "REVREC_DATABASE_URL `{0}` is not a database URL: use postgres://…, postgresql://…, sqlite://<path> or a file path"
    )]
    UnknownScheme(String),
    #[error("cannot connect to the database: {0}")]
    Connect(String),
    #[error("cannot migrate the database: {0}")]
    Migrate(String),
}

impl DatabaseUrl {
    pub fn parse(url: &str) -> Result<DatabaseUrl, StoreSetupError> {
        let url = url.trim();
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(DatabaseUrl::Postgres(url.to_owned()));
        }
        if let Some(path) = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
        {
            if path.is_empty() {
                return Err(StoreSetupError::UnknownScheme(url.to_owned()));
            }
            return Ok(DatabaseUrl::Sqlite(path.to_owned()));
        }
        if url.is_empty() || url.contains("://") || url == ":memory:" {
            // An in-memory SQLite database would be a different one per pooled connection.
            return Err(StoreSetupError::UnknownScheme(url.to_owned()));
        }
        Ok(DatabaseUrl::Sqlite(url.to_owned()))
    }

    pub fn backend(&self) -> &'static str {
        match self {
            DatabaseUrl::Postgres(_) => "postgresql",
            DatabaseUrl::Sqlite(_) => "sqlite",
        }
    }

    /// The URL without a password, for logs and banners.
    pub fn redacted(&self) -> String {
        match self {
            DatabaseUrl::Sqlite(path) => format!("sqlite://{path}"),
            DatabaseUrl::Postgres(url) => match (url.find("://"), url.rfind('@')) {
                (Some(scheme_end), Some(at)) if at > scheme_end => {
                    let credentials = &url[scheme_end + 3..at];
                    let user = credentials.split(':').next().unwrap_or("");
                    format!("{}{user}:***{}", &url[..scheme_end + 3], &url[at..])
                }
                _ => url.clone(),
            },
        }
    }
}

impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.redacted())
    }
}

/// An r2d2 manager that connects with the backend's own `establish`, so the real error
/// (refused, wrong password, no such database) reaches the caller (stack.md G6).
#[derive(Debug, Clone)]
pub struct ConnectionManager {
    url: DatabaseUrl,
}

impl ConnectionManager {
    pub fn new(url: DatabaseUrl) -> ConnectionManager {
        ConnectionManager { url }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error(transparent)]
    Connection(#[from] ConnectionError),
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
}

impl ManageConnection for ConnectionManager {
    type Connection = DbConnection;
    type Error = ConnectError;

    fn connect(&self) -> Result<DbConnection, ConnectError> {
        match &self.url {
            DatabaseUrl::Postgres(url) => Ok(DbConnection::Postgres(PgConnection::establish(url)?)),
            DatabaseUrl::Sqlite(path) => {
                let mut connection = SqliteConnection::establish(path)?;
                // WAL lets readers run beside the writer; the busy timeout makes writers
                // queue instead of failing; SQLite checks foreign keys only when asked.
                connection.batch_execute(
                    "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 10000; \
                     PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;",
                )?;
                Ok(DbConnection::Sqlite(connection))
            }
        }
    }

    fn is_valid(&self, connection: &mut DbConnection) -> Result<(), ConnectError> {
        Ok(connection.ping()?)
    }

    /// Checked when a connection goes back to the pool, so a connection that failed is
    /// dropped then instead of being pinged before every use.
    fn has_broken(&self, connection: &mut DbConnection) -> bool {
        connection.is_broken()
    }
}

pub type DbPool = Pool<ConnectionManager>;
pub type PooledDb = PooledConnection<ConnectionManager>;

/// Connects once directly (failing fast with the real error), runs pending migrations,
/// then builds the pool.
pub fn connect_and_migrate(url: &DatabaseUrl, pool_size: u32) -> Result<DbPool, StoreSetupError> {
    let manager = ConnectionManager::new(url.clone());
    let mut first = manager
        .connect()
        .map_err(|error| StoreSetupError::Connect(error.to_string()))?;
    run_migrations(&mut first)?;
    drop(first);
    Pool::builder()
        .max_size(pool_size.max(1))
        // Connections open on demand and stay until idle for 10 minutes. r2d2's default keeps
        // the pool full from a background thread, which after a lost database reconnects
        // forever, and at process exit raced libpq's TLS teardown into a crash.
        .min_idle(Some(0))
        // A `SELECT 1` before every checkout costs a round trip per request; broken
        // connections are caught by `has_broken` instead.
        .test_on_check_out(false)
        .connection_timeout(Duration::from_secs(10))
        .build(manager)
        .map_err(|error| StoreSetupError::Connect(error.to_string()))
}

/// Applies every pending migration of the connection's backend; returns how many ran.
pub fn run_migrations(connection: &mut DbConnection) -> Result<usize, StoreSetupError> {
    let applied = match connection {
        DbConnection::Postgres(pg) => pg
            .run_pending_migrations(POSTGRES_MIGRATIONS)
            .map(|v| v.len()),
        DbConnection::Sqlite(sqlite) => sqlite
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|v| v.len()),
    };
    applied.map_err(|error| StoreSetupError::Migrate(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_decides_the_backend() {
        assert_eq!(
            DatabaseUrl::parse("postgres://u:p@h/db").unwrap(),
            DatabaseUrl::Postgres("postgres://u:p@h/db".into())
        );
        assert!(matches!(
            DatabaseUrl::parse("postgresql://h/db"),
            Ok(DatabaseUrl::Postgres(_))
        ));
        assert_eq!(
            DatabaseUrl::parse("sqlite://data/r.db").unwrap(),
            DatabaseUrl::Sqlite("data/r.db".into())
        );
        assert_eq!(
            DatabaseUrl::parse("revrec.db").unwrap(),
            DatabaseUrl::Sqlite("revrec.db".into())
        );
        for bad in ["", "mysql://h/db", ":memory:", "sqlite://", "postgre://h"] {
            assert!(DatabaseUrl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn passwords_never_reach_logs() {
        let url = DatabaseUrl::parse("postgres://revrec:s3cret@db:5432/revrec").unwrap();
        assert_eq!(url.redacted(), "postgres://revrec:***@db:5432/revrec");
        assert!(!format!("{url:?}").contains("s3cret"));
    }
}
