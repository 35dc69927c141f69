//! One connection type for both backends, chosen from the URL scheme, pooled with r2d2.

use std::borrow::Cow;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{ManageConnection, Pool, PooledConnection, R2D2Connection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::stripe_dealer::StripeDealer;

/// A PostgreSQL or SQLite connection; every query is written once against this enum.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(PgConnection),
    // Last: SQLite accepts any string as a path (an empty URL would open an anonymous
    // temporary database), though we never rely on trial order (see `DatabaseUrl`).
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

/// Appends `rows` (a slice) to `table`. On PostgreSQL one binary `COPY`, which PostgreSQL
/// neither parses nor plans: a multi-row INSERT of a thousand rows spent a third of its time
/// there, and a batch ingest runs 1.3 × as fast without it. On SQLite multi-row INSERTs of
/// `chunk` rows, under its bind-parameter limit.
macro_rules! append_rows {
    ($connection:expr, $table:expr, $rows:expr, $chunk:expr) => {{
        let rows = $rows;
        match $connection {
            $crate::connection::DbConnection::Postgres(pg) if !rows.is_empty() => {
                diesel::copy_from($table)
                    .from_insertable(rows)
                    .execute(pg)
                    .map(drop)
            }
            $crate::connection::DbConnection::Postgres(_) => Ok(()),
            $crate::connection::DbConnection::Sqlite(sqlite) => {
                rows.chunks($chunk).try_for_each(|chunk| {
                    diesel::insert_into($table)
                        .values(chunk)
                        .execute(sqlite)
                        .map(drop)
                })
            }
        }
    }};
}
pub(crate) use append_rows;

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
    #[error(
        "the database schema is newer than this revrec: it has migrations this build does not know ({}); a newer revrec migrated it, so run that version or a later one",
        .0.join(", ")
    )]
    SchemaNewer(Vec<String>),
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

/// The URL a PostgreSQL connection is made with: `url` as given, but with `sslmode=disable`
/// when it names a server on this host by address or as `localhost` and neither the URL nor
/// `PGSSLMODE` (`environment_sslmode`) chooses a mode. Left to libpq's default (`prefer`),
/// such a connection is encrypted although its traffic never leaves the host: TLS then took
/// a fifth of PostgreSQL's CPU under a single-contract ingest (docs/deploy.md). A URL that
/// says anything about TLS or names its host otherwise (`host=`, several hosts) is kept.
pub fn without_loopback_tls<'a>(url: &'a str, environment_sslmode: Option<&str>) -> Cow<'a, str> {
    if environment_sslmode.is_some() {
        return Cow::Borrowed(url);
    }
    let Some((_, rest)) = url.split_once("://") else {
        return Cow::Borrowed(url);
    };
    let (location, query) = match rest.split_once('?') {
        Some((location, query)) => (location, Some(query)),
        None => (rest, None),
    };
    let chooses = |parameter: &str| {
        let name = parameter.split('=').next().unwrap_or_default();
        name.starts_with("ssl") || name == "host" || name == "hostaddr"
    };
    if query.is_some_and(|query| query.split('&').any(chooses)) {
        return Cow::Borrowed(url);
    }
    let authority = location.split('/').next().unwrap_or_default();
    let hosts = authority
        .rsplit_once('@')
        .map_or(authority, |(_, hosts)| hosts);
    let host = match hosts.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
        None => hosts.split(':').next().unwrap_or_default(),
    };
    let loopback = !hosts.contains(',')
        && (host.eq_ignore_ascii_case("localhost")
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|address| address.is_loopback()));
    if !loopback {
        return Cow::Borrowed(url);
    }
    let separator = match query {
        None => "?",
        Some("") => "",
        Some(_) => "&",
    };
    Cow::Owned(format!("{url}{separator}sslmode=disable"))
}

/// An r2d2 manager that connects with the backend's own `establish`, so the real error
/// (refused, wrong password, no such database) reaches the caller: `MultiConnection`'s
/// `establish` reports every PostgreSQL failure as an invalid URL, and a pool built on it
/// only times out.
#[derive(Debug, Clone)]
pub struct ConnectionManager {
    url: DatabaseUrl,
    stripes: StripeDealer,
}

impl ConnectionManager {
    pub fn new(url: DatabaseUrl) -> ConnectionManager {
        ConnectionManager {
            url,
            stripes: StripeDealer::new(),
        }
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
            DatabaseUrl::Postgres(url) => {
                let sslmode = std::env::var("PGSSLMODE").ok();
                let url = without_loopback_tls(url, sslmode.as_deref());
                let mut connection = PgConnection::establish(&url)?;
                self.stripes.deal(&mut connection)?;
                Ok(DbConnection::Postgres(connection))
            }
            DatabaseUrl::Sqlite(path) => {
                let mut connection = SqliteConnection::establish(path)?;
                // The busy timeout first, so that switching a new file to WAL waits for a
                // process doing the same instead of failing ("database is locked"); WAL lets
                // readers run beside the writer; SQLite checks foreign keys only when asked.
                connection.batch_execute("PRAGMA busy_timeout = 10000;")?;
                // Switching a new file to WAL can still answer "database is locked" at once
                // while another process migrates it (SQLite does not always wait there):
                // try again for as long as the busy timeout would have waited.
                let mut attempts = 0;
                loop {
                    match connection.batch_execute(
                        "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; \
                         PRAGMA synchronous = NORMAL;",
                    ) {
                        Ok(()) => break,
                        Err(error) if attempts < 100 && error.to_string().contains("locked") => {
                            attempts += 1;
                            std::thread::sleep(Duration::from_millis(100));
                        }
                        Err(error) => return Err(error.into()),
                    }
                }
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
    pool_of(manager, pool_size)
}

/// Connects once directly (failing fast with the real error), then builds the pool,
/// migrating nothing (a read replica).
pub fn connect(url: &DatabaseUrl, pool_size: u32) -> Result<DbPool, StoreSetupError> {
    let manager = ConnectionManager::new(url.clone());
    drop(
        manager
            .connect()
            .map_err(|error| StoreSetupError::Connect(error.to_string()))?,
    );
    pool_of(manager, pool_size)
}

fn pool_of(manager: ConnectionManager, pool_size: u32) -> Result<DbPool, StoreSetupError> {
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

/// The session-level PostgreSQL advisory lock held while migrating (`revrec-m` in ASCII):
/// instances starting together migrate one at a time, the others wait and find nothing left.
const MIGRATION_LOCK: i64 = 0x7265_7672_6563_2d6d;

/// Applies every pending migration of the connection's backend; returns how many ran.
/// Refuses a database that has migrations this build does not know.
pub fn run_migrations(connection: &mut DbConnection) -> Result<usize, StoreSetupError> {
    let migrate = |error: &dyn std::fmt::Display| StoreSetupError::Migrate(error.to_string());
    match connection {
        DbConnection::Postgres(pg) => {
            diesel::sql_query(format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))
                .execute(pg)
                .map_err(|error| migrate(&error))?;
            let outcome = migrate_with(pg, POSTGRES_MIGRATIONS);
            // Released even when migrating failed; the session ending would release it too.
            let unlocked =
                diesel::sql_query(format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))
                    .execute(pg)
                    .map_err(|error| migrate(&error));
            let applied = outcome?;
            unlocked?;
            Ok(applied)
        }
        // One IMMEDIATE transaction takes the file's write lock before reading what is
        // applied, so processes opening one file together migrate one after the other (each
        // migration is a savepoint inside it).
        DbConnection::Sqlite(sqlite) => sqlite
            .immediate_transaction(|sqlite| Ok(migrate_with(sqlite, SQLITE_MIGRATIONS)))
            .map_err(|error: diesel::result::Error| migrate(&error))?,
    }
}

fn migrate_with<C>(
    connection: &mut C,
    migrations: EmbeddedMigrations,
) -> Result<usize, StoreSetupError>
where
    C: MigrationHarness<C::Backend> + Connection,
    EmbeddedMigrations: diesel::migration::MigrationSource<C::Backend>,
{
    let migrate = |error: &dyn std::fmt::Display| StoreSetupError::Migrate(error.to_string());
    let known: Vec<String> =
        diesel::migration::MigrationSource::<C::Backend>::migrations(&migrations)
            .map_err(|error| migrate(&*error))?
            .iter()
            .map(|migration| migration.name().version().to_string())
            .collect();
    let unknown: Vec<String> = connection
        .applied_migrations()
        .map_err(|error| migrate(&*error))?
        .into_iter()
        .map(|version| version.to_string())
        .filter(|version| !known.contains(version))
        .collect();
    if !unknown.is_empty() {
        return Err(StoreSetupError::SchemaNewer(unknown));
    }
    connection
        .run_pending_migrations(migrations)
        .map(|applied| applied.len())
        .map_err(|error| migrate(&*error))
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

    #[test]
    fn a_server_on_this_host_is_reached_without_tls_unless_the_url_or_environment_says() {
        for (given, connected) in [
            (
                "postgres://u@127.0.0.1:5432/db",
                "postgres://u@127.0.0.1:5432/db?sslmode=disable",
            ),
            (
                "postgresql://u:p@localhost/db?application_name=revrec",
                "postgresql://u:p@localhost/db?application_name=revrec&sslmode=disable",
            ),
            (
                "postgres://[::1]:5432/db?",
                "postgres://[::1]:5432/db?sslmode=disable",
            ),
            (
                "postgres://127.0.0.2/db",
                "postgres://127.0.0.2/db?sslmode=disable",
            ),
            // Another host, or a URL that says anything about TLS or its host: as given.
            (
                "postgres://u@db.internal:5432/db",
                "postgres://u@db.internal:5432/db",
            ),
            ("postgres://u@10.0.0.5/db", "postgres://u@10.0.0.5/db"),
            (
                "postgres://u@127.0.0.1/db?sslmode=require",
                "postgres://u@127.0.0.1/db?sslmode=require",
            ),
            (
                "postgres://u@127.0.0.1/db?sslrootcert=ca.pem",
                "postgres://u@127.0.0.1/db?sslrootcert=ca.pem",
            ),
            (
                "postgres://u@localhost/db?host=/run/postgresql",
                "postgres://u@localhost/db?host=/run/postgresql",
            ),
            (
                "postgres://127.0.0.1:5432,10.0.0.5:5432/db",
                "postgres://127.0.0.1:5432,10.0.0.5:5432/db",
            ),
            ("postgres:///db", "postgres:///db"),
        ] {
            assert_eq!(without_loopback_tls(given, None), connected, "{given}");
        }
        assert_eq!(
            without_loopback_tls("postgres://127.0.0.1/db", Some("require")),
            "postgres://127.0.0.1/db"
        );
    }
}
