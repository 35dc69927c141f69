#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod lnd_double;
pub mod stripe_double;
pub mod tcp_proxy;
pub mod tempo_double;

use std::path::PathBuf;

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};

/// The environment variable naming a PostgreSQL server for tests (any database on it; the
/// tests create and drop their own).
pub const POSTGRES_URL_VARIABLE: &str = "REVREC_TEST_POSTGRES_URL";

/// How every PostgreSQL test database is created: sorting text by a language's rules, as
/// most servers do (created under `en_US.UTF-8`, say), never byte by byte. SQLite sorts
/// byte by byte, so a query whose order or range comparisons follow the database's default
/// collation instead of the schema's `COLLATE "C"` gives other bytes here than on SQLite,
/// and the parity tests fail. ICU's English (PostgreSQL 15 and later, built with ICU, as
/// Debian's is) puts `a-1` before `B-1`; bytes put `B-1` first.
pub const LANGUAGE_COLLATION: &str =
    "LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8' ENCODING 'UTF8'";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database that exists for one test.
pub struct TestDatabase {
    pub backend: Backend,
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Directory(#[allow(dead_code, reason = "held for its Drop")] tempfile::TempDir),
    DropDatabase { admin_url: String, name: String },
}

impl TestDatabase {
    pub fn sqlite() -> TestDatabase {
        let directory =
            tempfile::tempdir().unwrap_or_else(|error| panic!("temporary directory: {error}"));
        let path: PathBuf = directory.path().join("revrec-test.db");
        TestDatabase {
            backend: Backend::Sqlite,
            url: format!("sqlite://{}", path.display()),
            cleanup: Cleanup::Directory(directory),
        }
    }

    /// `None` when no server is configured (and not under CI, where that is a failure).
    pub fn postgres() -> Option<TestDatabase> {
        let admin_url = match std::env::var(POSTGRES_URL_VARIABLE) {
            Ok(url) if !url.trim().is_empty() => url,
            _ => {
                assert!(
                    std::env::var("CI").map_or(true, |ci| ci != "true"),
                    "{POSTGRES_URL_VARIABLE} must be set under CI: PostgreSQL tests never skip there"
                );
                return None;
            }
        };
        let name = format!(
            "revrec_test_{}",
            ulid::Ulid::new().to_string().to_lowercase()
        );
        let mut admin = PgConnection::establish(&admin_url)
            .unwrap_or_else(|error| panic!("connect to {POSTGRES_URL_VARIABLE}: {error}"));
        admin
            .batch_execute(&format!(
                "CREATE DATABASE \"{name}\" TEMPLATE template0 {LANGUAGE_COLLATION}"
            ))
            .unwrap_or_else(|error| panic!("create test database: {error}"));
        Some(TestDatabase {
            backend: Backend::Postgres,
            url: replace_database(&admin_url, &name),
            cleanup: Cleanup::DropDatabase { admin_url, name },
        })
    }

    /// A new database holding a copy of this one (the SQLite file, or a PostgreSQL database
    /// made from this one as its template). Nothing may be connected to this one meanwhile.
    pub fn copy(&self) -> TestDatabase {
        match &self.cleanup {
            Cleanup::Directory(_) => {
                let copy = TestDatabase::sqlite();
                let (from, to) = (sqlite_path(&self.url), sqlite_path(&copy.url));
                for suffix in ["", "-wal", "-shm"] {
                    let source = format!("{from}{suffix}");
                    if std::path::Path::new(&source).exists() {
                        std::fs::copy(&source, format!("{to}{suffix}"))
                            .unwrap_or_else(|error| panic!("copy {source}: {error}"));
                    }
                }
                copy
            }
            Cleanup::DropDatabase { admin_url, name } => {
                let copy = format!(
                    "{name}_copy_{}",
                    ulid::Ulid::new().to_string().to_lowercase()
                );
                let mut admin = PgConnection::establish(admin_url)
                    .unwrap_or_else(|error| panic!("connect to {POSTGRES_URL_VARIABLE}: {error}"));
                admin
                    .batch_execute(&format!("CREATE DATABASE \"{copy}\" TEMPLATE \"{name}\""))
                    .unwrap_or_else(|error| panic!("copy test database: {error}"));
                TestDatabase {
                    backend: Backend::Postgres,
                    url: replace_database(admin_url, &copy),
                    cleanup: Cleanup::DropDatabase {
                        admin_url: admin_url.clone(),
                        name: copy,
                    },
                }
            }
        }
    }

    /// Runs `sql` on this database directly: what a test that tampers with stored rows, as
    /// a hand edit or a half-applied write would, needs.
    pub fn execute(&self, sql: &str) {
        let outcome = match self.backend {
            Backend::Sqlite => diesel::SqliteConnection::establish(sqlite_path(&self.url))
                .map(|mut connection| connection.batch_execute(sql)),
            Backend::Postgres => PgConnection::establish(&self.url)
                .map(|mut connection| connection.batch_execute(sql)),
        };
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(error)) => panic!("{sql}: {error}"),
            Err(error) => panic!("connect to {}: {error}", self.url),
        }
    }

    /// Every backend available here: SQLite always, PostgreSQL when configured.
    pub fn all() -> Vec<TestDatabase> {
        let mut databases = vec![TestDatabase::sqlite()];
        databases.extend(TestDatabase::postgres());
        databases
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Cleanup::DropDatabase { admin_url, name } = &self.cleanup {
            // Best effort: a failed drop leaves a database behind, never a failed test.
            if let Ok(mut admin) = PgConnection::establish(admin_url) {
                let _ = admin
                    .batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"));
            }
        }
    }
}

fn sqlite_path(url: &str) -> &str {
    url.strip_prefix("sqlite://").unwrap_or(url)
}

/// The same server URL with another database name (query parameters kept).
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let authority_start = base.find("://").map_or(0, |at| at + 3);
    let path_start = base[authority_start..]
        .find('/')
        .map(|at| authority_start + at);
    let server = path_start.map_or(base, |at| &base[..at]);
    match query {
        Some(query) => format!("{server}/{name}?{query}"),
        None => format!("{server}/{name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::replace_database;

    #[test]
    fn replaces_only_the_database_name() {
        assert_eq!(
            replace_database("postgres://u@h:5432/test", "x"),
            "postgres://u@h:5432/x"
        );
        assert_eq!(
            replace_database("postgres://u@h:5432", "x"),
            "postgres://u@h:5432/x"
        );
        assert_eq!(
            replace_database("postgres://u@h/test?sslmode=disable", "x"),
            "postgres://u@h/x?sslmode=disable"
        );
    }
}
