//! Several instances starting together on one database: migrations run once, under a
//! PostgreSQL advisory lock, and a database migrated by a newer revrec is refused clearly.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use revrec_store_diesel::{DatabaseUrl, DbConnection, Store, StoreSetupError};
use revrec_test_support::{Backend, TestDatabase};

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

fn migrations_recorded(url: &DatabaseUrl) -> i64 {
    let mut connection = connect(url);
    diesel::sql_query("SELECT COUNT(*) AS count FROM __diesel_schema_migrations")
        .get_result::<Count>(&mut connection)
        .unwrap()
        .count
}

fn connect(url: &DatabaseUrl) -> DbConnection {
    DbConnection::establish(match url {
        DatabaseUrl::Postgres(url) | DatabaseUrl::Sqlite(url) => url,
    })
    .unwrap()
}

#[test]
fn instances_starting_together_migrate_once_and_all_start() {
    for database in TestDatabase::all() {
        let url = DatabaseUrl::parse(&database.url).unwrap();
        let starts: Vec<_> = (0..6)
            .map(|_| {
                let url = url.clone();
                std::thread::spawn(move || Store::open(&url).map(|_| ()))
            })
            .collect();
        for start in starts {
            start.join().unwrap().unwrap();
        }
        let migrations = std::fs::read_dir(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../migrations/postgres"
        ))
        .unwrap()
        .count();
        assert_eq!(
            migrations_recorded(&url),
            i64::try_from(migrations).unwrap(),
            "{:?}",
            database.backend
        );
    }
}

#[test]
fn a_database_migrated_by_a_newer_revrec_is_refused_with_a_clear_message() {
    for database in TestDatabase::all() {
        let url = DatabaseUrl::parse(&database.url).unwrap();
        Store::open(&url).unwrap();
        let mut connection = connect(&url);
        connection
            .batch_execute(
                "INSERT INTO __diesel_schema_migrations (version) VALUES ('20991231000000')",
            )
            .unwrap();
        let Err(error) = Store::open(&url) else {
            panic!("a newer schema must be refused on {:?}", database.backend);
        };
        assert!(
            matches!(&error, StoreSetupError::SchemaNewer(versions) if versions == &["20991231000000".to_owned()])
        );
        let message = error.to_string();
        assert!(
            message.contains("newer than this revrec") && message.contains("20991231000000"),
            "{message}"
        );
        if database.backend == Backend::Postgres {
            // The lock was released: a fixed database opens again at once.
            connection
                .batch_execute(
                    "DELETE FROM __diesel_schema_migrations WHERE version = '20991231000000'",
                )
                .unwrap();
            Store::open(&url).unwrap();
        }
    }
}
