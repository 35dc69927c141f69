//! What the schema tests share: a connection to a test database with every migration run.

use diesel::prelude::*;
use revrec_store_diesel::{DatabaseUrl, DbConnection, run_migrations};
use revrec_test_support::TestDatabase;

pub fn migrated(database: &TestDatabase) -> DbConnection {
    let mut connection = match DatabaseUrl::parse(&database.url).expect("a test database url") {
        DatabaseUrl::Postgres(url) => {
            DbConnection::Postgres(PgConnection::establish(&url).expect("PostgreSQL answers"))
        }
        DatabaseUrl::Sqlite(path) => {
            DbConnection::Sqlite(SqliteConnection::establish(&path).expect("SQLite opens"))
        }
    };
    run_migrations(&mut connection).expect("the migrations run");
    connection
}
