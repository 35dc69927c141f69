//! Rollup stripes: how concurrent writes of one tenant add to its monthly rollups without
//! waiting on each other (docs/ARCHITECTURE.md, "Rollup stripes").
//!
//! Every write of a tenant adds to the rows of the months it touches. Had they one row per
//! month, each write would hold those rows' locks until it commits, and a tenant's writes
//! would commit one after another. A rollup row is keyed by a stripe too: each pooled
//! PostgreSQL connection is given a stripe when it connects (`stripe_dealer`) and adds its
//! deltas to the rows of that stripe, so the writes of one instance never share a row. A
//! month's figures are the sum of its stripes, which is what every read adds up
//! (`Rollup::add`); the housekeeping pass [`fold_stripes`] moves the stripes into stripe 0,
//! so reads stay at about one row per month. SQLite has one writer at a time: it never sets
//! a stripe, and every row there is stripe 0.

use std::collections::BTreeMap;

use diesel::prelude::*;
use diesel::sql_types::SmallInt;
use diesel::upsert::excluded;
use revrec_domain::{Currency, RollupAmounts, RollupKey};

use crate::blocking::StoreError;
use crate::connection::{DbConnection, on_each_backend};
use crate::rows::RollupRow;
use crate::schema::rollups;

/// Folds every stripe of every tenant into stripe 0, in one transaction; answers how many
/// striped rows it folded. The rows are locked in key order, the order every write locks
/// its own (`add_rollup_deltas`), so a fold and a write never wait for each other in a
/// circle; each month's sum is unchanged, so no report, bound or close sees a difference.
pub(crate) fn fold_stripes(connection: &mut DbConnection) -> Result<usize, StoreError> {
    if !matches!(connection, DbConnection::Postgres(_)) {
        // SQLite writes stripe 0 only: nothing to fold.
        return Ok(0);
    }
    connection.transaction(|connection| {
        let DbConnection::Postgres(pg) = &mut *connection else {
            return Ok(0);
        };
        let folded: Vec<RollupRow> = diesel::sql_query(
            "DELETE FROM rollups AS folded USING ( \
                 SELECT tenant_id, currency, period, pob_type, timing, stripe FROM rollups \
                 WHERE stripe <> $1 \
                 ORDER BY tenant_id, currency, period, pob_type, timing, stripe \
                 FOR UPDATE) AS locked \
             WHERE (folded.tenant_id, folded.currency, folded.period, folded.pob_type, \
                    folded.timing, folded.stripe) \
                 = (locked.tenant_id, locked.currency, locked.period, locked.pob_type, \
                    locked.timing, locked.stripe) \
             RETURNING folded.*",
        )
        .bind::<SmallInt, _>(0)
        .load(pg)?;
        let mut sums: BTreeMap<(&str, Currency, RollupKey), RollupAmounts> = BTreeMap::new();
        for row in &folded {
            let (key, amounts) = row.key_and_amounts()?;
            let currency = Currency::from_code(&row.currency)
                .map_err(|_| StoreError::Corrupt(format!("currency `{}`", row.currency)))?;
            let sum = sums.entry((&row.tenant_id, currency, key)).or_default();
            // A month's stripes add up to its figure, which the books' limit keeps in 64 bits.
            *sum = sum.checked_plus(&amounts).ok_or_else(|| {
                StoreError::Corrupt(format!("rollup stripes of {} past 64 bits", row.tenant_id))
            })?;
        }
        let rows: Vec<RollupRow> = sums
            .into_iter()
            .map(|((tenant, currency, key), amounts)| {
                RollupRow::new(tenant, currency.code(), (key, 0), amounts)
            })
            .collect();
        upsert_rollup_rows(connection, &rows)?;
        Ok(folded.len())
    })
}

/// Adds each row's figures to the stored row of its key, creating it when there is none.
pub(crate) fn upsert_rollup_rows(
    connection: &mut DbConnection,
    rows: &[RollupRow],
) -> Result<(), StoreError> {
    for chunk in rows.chunks(500) {
        on_each_backend!(&mut *connection, |backend| {
            diesel::insert_into(rollups::table)
                .values(chunk)
                .on_conflict((
                    rollups::tenant_id,
                    rollups::currency,
                    rollups::period,
                    rollups::pob_type,
                    rollups::timing,
                    rollups::stripe,
                ))
                .do_update()
                .set((
                    rollups::recognized.eq(rollups::recognized + excluded(rollups::recognized)),
                    rollups::booked.eq(rollups::booked + excluded(rollups::booked)),
                    rollups::rpo_change.eq(rollups::rpo_change + excluded(rollups::rpo_change)),
                    rollups::rpo_next_12.eq(rollups::rpo_next_12 + excluded(rollups::rpo_next_12)),
                    rollups::recognized_from_opening.eq(rollups::recognized_from_opening
                        + excluded(rollups::recognized_from_opening)),
                    rollups::asset_change
                        .eq(rollups::asset_change + excluded(rollups::asset_change)),
                    rollups::invoiced.eq(rollups::invoiced + excluded(rollups::invoiced)),
                    rollups::asset_earned
                        .eq(rollups::asset_earned + excluded(rollups::asset_earned)),
                    rollups::paid.eq(rollups::paid + excluded(rollups::paid)),
                    rollups::credit_change
                        .eq(rollups::credit_change + excluded(rollups::credit_change)),
                    rollups::variable_revenue
                        .eq(rollups::variable_revenue + excluded(rollups::variable_revenue)),
                ))
                .execute(backend)
        })?;
    }
    Ok(())
}
