//! A tenant's closes and reopens (docs/ledger.md, Month end) against every backend, each
//! test in a fresh database: kept in the order recorded, never rewritten, one per sequence
//! number however many writers race for it, and each tenant's apart.

#![allow(
    clippy::unwrap_used,
    reason = "a failed fixture should fail the test loudly"
)]

use revrec_domain::{ClosedPeriods, Period, PeriodAction};
use revrec_ports::{PeriodEventRecord, RepositoryError};
use revrec_store_diesel::{DatabaseUrl, Store};
use revrec_test_support::TestDatabase;
use revrec_usecases::periods::freeze_close;

fn open(database: &TestDatabase) -> Store {
    Store::open(&DatabaseUrl::parse(&database.url).unwrap()).unwrap()
}

fn month(text: &str) -> Period {
    Period::parse(text).unwrap()
}

fn event(sequence: i64, action: PeriodAction, reason: Option<&str>) -> PeriodEventRecord {
    PeriodEventRecord {
        sequence,
        action,
        recorded_at: 1_775_779_200_000_000 + sequence,
        actor: "key_1".into(),
        reason: reason.map(str::to_owned),
    }
}

#[tokio::test]
async fn closes_and_reopens_read_back_in_order_and_fold_to_the_closed_months() {
    for database in TestDatabase::all() {
        let periods = open(&database).periods();
        assert!(periods.period_events("ten_a").await.unwrap().is_empty());
        let recorded = [
            event(
                1,
                PeriodAction::Close {
                    through: month("2026-03"),
                },
                None,
            ),
            event(
                2,
                PeriodAction::Reopen {
                    from: month("2026-02"),
                },
                Some("February's invoices were posted late"),
            ),
        ];
        for event in &recorded {
            periods
                .append_period_event("ten_a", event, freeze_close)
                .await
                .unwrap();
        }
        let read = periods.period_events("ten_a").await.unwrap();
        assert_eq!(read, recorded, "{:?}", database.backend);
        let folded = ClosedPeriods::after(read.iter().map(|event| &event.action));
        assert_eq!(folded.closed_through(), Some(month("2026-01")));
        // Another tenant's books are its own.
        assert!(periods.period_events("ten_b").await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn of_two_writers_racing_for_the_next_sequence_one_records_and_the_other_conflicts() {
    for database in TestDatabase::all() {
        let store = open(&database);
        let writers = (0..8).map(|writer| {
            let periods = store.periods();
            tokio::spawn(async move {
                let mut close = event(
                    1,
                    PeriodAction::Close {
                        through: month("2026-03"),
                    },
                    None,
                );
                close.actor = format!("key_{writer}");
                periods
                    .append_period_event("ten_a", &close, freeze_close)
                    .await
            })
        });
        let mut recorded = 0;
        for writer in writers {
            match writer.await.unwrap() {
                Ok(()) => recorded += 1,
                Err(RepositoryError::Conflict(_)) => {}
                Err(other) => panic!("{:?}: {other}", database.backend),
            }
        }
        assert_eq!(recorded, 1, "{:?}", database.backend);
        assert_eq!(
            store.periods().period_events("ten_a").await.unwrap().len(),
            1
        );
    }
}
