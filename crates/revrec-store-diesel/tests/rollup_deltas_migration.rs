//! The migration that brought rollup deltas folds each month's rollup stripes into the one
//! row a month that replaces them, and its way down gives the stripes back.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

mod support;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, SmallInt, Text};
use diesel_migrations::MigrationHarness;
use revrec_store_diesel::DbConnection;
use revrec_store_diesel::connection::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use revrec_test_support::TestDatabase;

/// What the rollups held before the deltas: January in two stripes, February in one.
const STRIPED: &str = "INSERT INTO rollups (tenant_id, currency, period, pob_type, timing, \
     recognized, booked, rpo_change, rpo_next_12, recognized_from_opening, stripe) VALUES \
     ('t1', 'USD', '2026-01', 'subscription', 'over_time', 5, 100, 95, 0, 0, 0), \
     ('t1', 'USD', '2026-01', 'subscription', 'over_time', 7, 0, -7, 0, 0, 3), \
     ('t1', 'USD', '2026-02', 'subscription', 'over_time', 1, 0, -1, 0, 0, 5)";

#[derive(QueryableByName, Debug, PartialEq)]
struct Month {
    #[diesel(sql_type = Text)]
    period: String,
    #[diesel(sql_type = BigInt)]
    recognized: i64,
    #[diesel(sql_type = BigInt)]
    booked: i64,
    #[diesel(sql_type = BigInt)]
    rpo_change: i64,
}

#[derive(QueryableByName)]
struct Stripe {
    #[diesel(sql_type = SmallInt)]
    stripe: i16,
}

/// Runs every migration not run yet.
fn up(connection: &mut DbConnection) {
    match connection {
        DbConnection::Postgres(pg) => drop(pg.run_pending_migrations(POSTGRES_MIGRATIONS).unwrap()),
        DbConnection::Sqlite(sqlite) => {
            drop(sqlite.run_pending_migrations(SQLITE_MIGRATIONS).unwrap())
        }
    }
}

/// Reverts the migrations down to and including the one that brought the deltas.
fn down(connection: &mut DbConnection) {
    const DELTAS: &str = "20261203000026";
    for _ in 0..100 {
        let reverted = match connection {
            DbConnection::Postgres(pg) => pg.revert_last_migration(POSTGRES_MIGRATIONS),
            DbConnection::Sqlite(sqlite) => sqlite.revert_last_migration(SQLITE_MIGRATIONS),
        }
        .unwrap();
        if reverted.to_string() == DELTAS {
            return;
        }
    }
    panic!("migration {DELTAS} was never reverted");
}

#[test]
fn the_stripes_of_a_month_fold_into_one_row_and_come_back_down() {
    for database in TestDatabase::all() {
        let mut connection = support::migrated(&database);
        down(&mut connection);
        connection.batch_execute(STRIPED).unwrap();
        up(&mut connection);
        let months: Vec<Month> = diesel::sql_query(
            "SELECT period, recognized, booked, rpo_change FROM rollups \
             WHERE tenant_id = 't1' ORDER BY period",
        )
        .load(&mut connection)
        .unwrap();
        let month = |period: &str, recognized, booked, rpo_change| Month {
            period: period.to_owned(),
            recognized,
            booked,
            rpo_change,
        };
        assert_eq!(
            months,
            vec![month("2026-01", 12, 100, 88), month("2026-02", 1, 0, -1)]
        );
        down(&mut connection);
        let stripes: Vec<Stripe> =
            diesel::sql_query("SELECT stripe FROM rollups WHERE tenant_id = 't1' ORDER BY period")
                .load(&mut connection)
                .unwrap();
        assert_eq!(
            stripes.iter().map(|row| row.stripe).collect::<Vec<_>>(),
            vec![0, 0]
        );
    }
}
