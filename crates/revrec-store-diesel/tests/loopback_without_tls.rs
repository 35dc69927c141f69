//! A PostgreSQL server on this host is reached without TLS when the URL does not ask for it
//! (docs/deploy.md): libpq's default would encrypt traffic that never leaves the host.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use diesel::prelude::*;
use diesel::r2d2::ManageConnection;
use diesel::sql_types::Bool;
use revrec_store_diesel::DbConnection;
use revrec_store_diesel::connection::{ConnectionManager, DatabaseUrl};
use revrec_test_support::TestDatabase;

#[derive(QueryableByName)]
struct Flag {
    #[diesel(sql_type = Bool)]
    flag: bool,
}

fn flag(connection: &mut DbConnection, query: &str) -> bool {
    let DbConnection::Postgres(pg) = connection else {
        unreachable!("a PostgreSQL connection")
    };
    diesel::sql_query(query)
        .get_result::<Flag>(pg)
        .unwrap()
        .flag
}

fn encrypted(connection: &mut DbConnection) -> bool {
    flag(
        connection,
        "SELECT ssl AS flag FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
    )
}

#[test]
fn a_server_on_this_host_is_reached_without_tls_unless_the_url_asks() {
    let Some(database) = TestDatabase::postgres() else {
        return;
    };
    // The test database's URL without its parameters (the suite's says `sslmode=disable`).
    let bare = database.url.split('?').next().unwrap().to_owned();
    assert!(
        bare.contains("127.0.0.1") || bare.contains("localhost"),
        "{bare}"
    );
    let mut plain = ConnectionManager::new(DatabaseUrl::Postgres(bare.clone()))
        .connect()
        .unwrap();
    assert!(
        !encrypted(&mut plain),
        "a loopback connection was encrypted"
    );
    // Where the server offers TLS, a URL that asks for it gets it.
    if flag(&mut plain, "SELECT current_setting('ssl') = 'on' AS flag") {
        let mut asked =
            ConnectionManager::new(DatabaseUrl::Postgres(format!("{bare}?sslmode=require")))
                .connect()
                .unwrap();
        assert!(encrypted(&mut asked), "sslmode=require was not kept");
    }
}
