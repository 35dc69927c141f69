//! Rollup deltas: how a write adds to its tenant's monthly rollups with one row, however many
//! months it touches (docs/ARCHITECTURE.md, "Rollup deltas").
//!
//! A write sums its deltas per currency and appends them as one `rollup_deltas` row. Reads
//! add the rows not folded yet to the rollup rows, in the same statement, so they see one
//! snapshot: a fold that commits between two statements could otherwise be counted twice or
//! not at all. The housekeeping pass [`fold_deltas`] moves the appended rows into the
//! rollups, one row per month, so a read stays at about one row per month plus the writes of
//! the last moments.

use std::collections::BTreeMap;

use diesel::connection::SimpleConnection;
use diesel::dsl::max;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::QueryFragment;
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use diesel::upsert::excluded;
use revrec_domain::{
    AmountOutOfRange, BOOKS_LIMIT_MINOR, Currency, Period, PeriodError, PobType, Rollup,
    RollupAmounts, RollupKey, Timing, calendar,
};
use revrec_ports::{ROLLUP_FOLD_BATCH, RollupDelta};

use crate::blocking::StoreError;
use crate::connection::{DbConnection, on_each_backend};
use crate::fixed_sql::{FixedSql, fixed_sql};
use crate::rows::RollupRow;
use crate::schema::{period_events, rollup_deltas, rollups};

/// Most appended rows one fold takes; the next fold takes the rest.
const FOLD_AT_MOST: i64 = ROLLUP_FOLD_BATCH as i64;

/// One month, pob type and timing of a currency, and its figures.
pub(crate) type RollupLine = (Currency, RollupKey, RollupAmounts);

/// A write's summed deltas of one tenant, per currency, in key order.
pub(crate) type CurrencyDeltas = BTreeMap<Currency, Vec<(RollupKey, RollupAmounts)>>;

/// A write's rollup deltas summed per row, each within the limit.
pub(crate) struct SummedDeltas<'a> {
    /// Per tenant and currency, the rows to append (a row summed to zero left out).
    pub(crate) appended: BTreeMap<&'a str, CurrencyDeltas>,
    /// Per tenant and currency, the deltas measured like the books they add to.
    pub(crate) written: BTreeMap<(&'a str, Currency), Rollup>,
}

impl<'a> SummedDeltas<'a> {
    /// The deltas summed, or [`StoreError::OutOfRange`] when a sum moves a figure by more
    /// than the books' limit.
    pub(crate) fn of(
        deltas: impl IntoIterator<Item = (&'a str, &'a RollupDelta)>,
    ) -> Result<SummedDeltas<'a>, StoreError> {
        let mut summed: BTreeMap<(&str, Currency, RollupKey), RollupAmounts> = BTreeMap::new();
        for (tenant, delta) in deltas {
            let out_of_range = AmountOutOfRange {
                currency: delta.currency,
            };
            let row = summed
                .entry((tenant, delta.currency, delta.key))
                .or_default();
            *row = row
                .checked_plus(&delta.amounts)
                .filter(within_one_step)
                .ok_or(StoreError::OutOfRange(out_of_range))?;
        }
        // Each currency's deltas as rows of their own, measured like the books they add to.
        let mut written: BTreeMap<(&str, Currency), Rollup> = BTreeMap::new();
        for ((tenant, currency, key), amounts) in &summed {
            written
                .entry((*tenant, *currency))
                .or_default()
                .add(*key, amounts);
        }
        let mut appended: BTreeMap<&str, CurrencyDeltas> = BTreeMap::new();
        for ((tenant, currency, key), amounts) in summed {
            if !amounts.is_zero() {
                appended
                    .entry(tenant)
                    .or_default()
                    .entry(currency)
                    .or_default()
                    .push((key, amounts));
            }
        }
        Ok(SummedDeltas { appended, written })
    }
}

/// Whether a summed delta moves every figure by at most the books' limit: added to a stored
/// figure within the limit, it then stays inside a `BIGINT`.
fn within_one_step(amounts: &RollupAmounts) -> bool {
    let limit = BOOKS_LIMIT_MINOR.unsigned_abs();
    amounts
        .figures()
        .into_iter()
        .all(|figure| figure.unsigned_abs() <= limit)
}

/// Appends each currency's summed deltas of `tenant_id` as one row.
pub(crate) fn append_deltas(
    connection: &mut DbConnection,
    tenant_id: &str,
    deltas: &CurrencyDeltas,
) -> Result<(), StoreError> {
    for (currency, rows) in deltas {
        let text = encode(rows);
        match connection {
            DbConnection::Postgres(pg) => {
                delta_row_insert(tenant_id, currency.code(), &text).execute(pg)?
            }
            // SQLite writes one at a time: the next serial is the largest plus one.
            DbConnection::Sqlite(sqlite) => diesel::sql_query(
                "INSERT INTO rollup_deltas (tenant_id, serial, currency, deltas) \
                 VALUES (?1, (SELECT COALESCE(MAX(serial), 0) + 1 FROM rollup_deltas), ?2, ?3)",
            )
            .bind::<Text, _>(tenant_id)
            .bind::<Text, _>(currency.code())
            .bind::<Text, _>(&text)
            .execute(sqlite)?,
        };
    }
    Ok(())
}

/// On PostgreSQL, the `INSERT` of one currency's deltas of `tenant_id` as one row (`text`,
/// as [`encode`] writes them). A sequence hands out serials without a lock: concurrent
/// writes never wait.
pub(crate) fn delta_row_insert<'a>(
    tenant_id: &'a str,
    code: &'a str,
    text: &'a str,
) -> FixedSql<impl QueryFragment<Pg> + 'a> {
    fixed_sql("INSERT INTO rollup_deltas (tenant_id, serial, currency, deltas) VALUES (")
        .bind::<Text, _>(tenant_id)
        .sql(", nextval('rollup_delta_serials'), ")
        .bind::<Text, _>(code)
        .sql(", ")
        .bind::<Text, _>(text)
        .sql(")")
}

/// Folds appended rows into the rollups, in one transaction, at most [`FOLD_AT_MOST`] of
/// them; answers how many it folded. On PostgreSQL it skips rows another fold holds, so two
/// instances folding at once never wait for each other's rows; the rollup rows are then
/// written in key order, the order every fold locks them in. Each month's sum is unchanged,
/// so no report, bound or close sees a difference.
pub(crate) fn fold_deltas(connection: &mut DbConnection) -> Result<usize, StoreError> {
    connection.transaction(|connection| {
        let taken: Vec<DeltaRow> = match connection {
            DbConnection::Postgres(pg) => diesel::sql_query(
                "DELETE FROM rollup_deltas WHERE (tenant_id, serial) IN ( \
                     SELECT tenant_id, serial FROM rollup_deltas \
                     LIMIT $1 FOR UPDATE SKIP LOCKED) \
                 RETURNING tenant_id, currency, deltas",
            )
            .bind::<BigInt, _>(FOLD_AT_MOST)
            .load(pg)?,
            DbConnection::Sqlite(sqlite) => diesel::sql_query(
                "DELETE FROM rollup_deltas WHERE rowid IN ( \
                     SELECT rowid FROM rollup_deltas LIMIT ?1) \
                 RETURNING tenant_id, currency, deltas",
            )
            .bind::<BigInt, _>(FOLD_AT_MOST)
            .load(sqlite)?,
        };
        // Keyed by the month as written: a month outside the calendar (from a contract
        // stored before the calendar was checked) is folded like any other, for `revrec
        // repair-calendar` to take off the books.
        let mut sums: BTreeMap<(&str, Currency, &str, PobType, Timing), Sum> = BTreeMap::new();
        for row in &taken {
            let currency = currency_of(&row.currency)?;
            for line in decode(&row.deltas)? {
                sums.entry((
                    &row.tenant_id,
                    currency,
                    line.month,
                    line.pob_type,
                    line.timing,
                ))
                .or_default()
                .add(&line.amounts);
            }
        }
        let mut rows = Vec::with_capacity(sums.len());
        for ((tenant, currency, month, pob_type, timing), sum) in sums {
            let amounts = sum.amounts(tenant)?;
            if !amounts.is_zero() {
                rows.push(RollupRow::of_month(
                    tenant,
                    currency.code(),
                    (month, pob_type, timing),
                    amounts,
                ));
            }
        }
        upsert_rollup_rows(connection, &rows)?;
        Ok(taken.len())
    })
}

/// Clears the rows folds deleted, on PostgreSQL, where they stay in the table and its index
/// until a vacuum: a read walks past every one of them, and autovacuum comes about once a
/// minute (31,000 of them took a portfolio waterfall from 0.8 to 4 ms). Outside a
/// transaction, as `VACUUM` must be; `SKIP_LOCKED` leaves the table to another instance's
/// vacuum under way instead of waiting for it. The table holds the last moments' writes, so
/// each vacuum is short. SQLite frees deleted rows at once.
///
/// The vacuum keeps the pages it empties (`TRUNCATE false`): the next writes fill them again
/// at once. Giving them back needs the table's exclusive lock, which every write and report
/// touching the deltas holds in a weaker mode; the vacuum tried for it in 50 ms steps, and
/// under a steady ingest it took 40–55 ms on average, up to 0.76 s, against 1.1–1.4 ms
/// without (docs/performance.md).
pub(crate) fn clear_folded(connection: &mut DbConnection) -> Result<(), StoreError> {
    if let DbConnection::Postgres(pg) = connection {
        pg.batch_execute(CLEAR_FOLDED)?;
    }
    Ok(())
}

/// [`clear_folded`]'s statement on PostgreSQL.
const CLEAR_FOLDED: &str = "VACUUM (SKIP_LOCKED, TRUNCATE false) rollup_deltas";

/// The tenant's rollup inside the calendar, folded rows and appended ones together, in
/// `currency` (every one when `None`), through `through`: one statement, one snapshot. Each
/// key's figures are summed exactly before they become a line (a month's rows and deltas
/// each fit 64 bits, and so does their total, not always a part of it). Also answers the
/// sequence of the tenant's latest close or reopen, read in the same snapshot (0 before
/// any).
pub(crate) fn read_rollup_lines(
    connection: &mut DbConnection,
    tenant_id: &str,
    currency: Option<Currency>,
    through: Option<Period>,
) -> Result<(Vec<RollupLine>, i64), StoreError> {
    let first = Period::of(calendar::first_day());
    let last = Period::of(calendar::last_day());
    // `YYYY-MM` text sorts like the months it names.
    let last = through.map_or(last, |through| through.min(last));
    let (from, to) = (first.to_string(), last.to_string());
    // One shape of statement whatever is asked, so each connection prepares it once and
    // PostgreSQL plans it once: planning it afresh cost a report more than reading it.
    let (code, every_currency) = currency.map_or(("", true), |currency| (currency.code(), false));
    let no_text = || None::<String>.into_sql::<Nullable<Text>>();
    let no_figure = || None::<i64>.into_sql::<Nullable<BigInt>>();
    let read: Vec<ReadRow> = on_each_backend!(&mut *connection, |backend| {
        rollups::table
            .filter(rollups::tenant_id.eq(tenant_id))
            .filter(rollups::period.ge(&from))
            .filter(rollups::period.le(&to))
            .filter(
                rollups::currency
                    .eq(code)
                    .or(every_currency.into_sql::<Bool>()),
            )
            .select((
                rollups::currency.nullable(),
                rollups::period.nullable(),
                rollups::pob_type.nullable(),
                rollups::timing.nullable(),
                rollups::recognized.nullable(),
                rollups::booked.nullable(),
                rollups::rpo_change.nullable(),
                rollups::rpo_next_12.nullable(),
                rollups::recognized_from_opening.nullable(),
                rollups::asset_change.nullable(),
                rollups::invoiced.nullable(),
                rollups::asset_earned.nullable(),
                rollups::paid.nullable(),
                rollups::credit_change.nullable(),
                rollups::variable_revenue.nullable(),
                no_text(),
                no_figure(),
            ))
            .union_all(
                rollup_deltas::table
                    .filter(rollup_deltas::tenant_id.eq(tenant_id))
                    .filter(
                        rollup_deltas::currency
                            .eq(code)
                            .or(every_currency.into_sql::<Bool>()),
                    )
                    .select((
                        rollup_deltas::currency.nullable(),
                        no_text(),
                        no_text(),
                        no_text(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        rollup_deltas::deltas.nullable(),
                        no_figure(),
                    )),
            )
            .union_all(
                period_events::table
                    .filter(period_events::tenant_id.eq(tenant_id))
                    .select((
                        no_text(),
                        no_text(),
                        no_text(),
                        no_text(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_figure(),
                        no_text(),
                        max(period_events::sequence),
                    )),
            )
            .load(backend)
    })?;
    let mut latest = 0;
    let mut sums: BTreeMap<(&str, RollupKey), Sum> = BTreeMap::new();
    for row in &read {
        let Some(code) = row.currency.as_deref() else {
            // The last part: the latest sequence alone.
            latest = row.sequence.unwrap_or(0);
            continue;
        };
        match &row.deltas {
            Some(text) => {
                for line in decode(text)? {
                    // Outside the calendar (`Period::parse` refuses it) or the months asked:
                    // left out, as the rollup rows' own filter leaves them out.
                    let Ok(period) = Period::parse(line.month) else {
                        continue;
                    };
                    if first <= period && period <= last {
                        let key = RollupKey {
                            period,
                            pob_type: line.pob_type,
                            timing: line.timing,
                        };
                        sums.entry((code, key)).or_default().add(&line.amounts);
                    }
                }
            }
            None => {
                let (key, amounts) = row.folded()?;
                sums.entry((code, key)).or_default().add(&amounts);
            }
        }
    }
    let mut lines = Vec::with_capacity(sums.len());
    for ((code, key), sum) in sums {
        lines.push((currency_of(code)?, key, sum.amounts(tenant_id)?));
    }
    Ok((lines, latest))
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

/// The currency codes of the tenant's rollup rows and appended deltas, in one statement (a
/// fold between two would hide a currency held only by its deltas); unordered.
pub(crate) fn currency_codes(
    connection: &mut DbConnection,
    tenant_id: &str,
) -> Result<Vec<String>, StoreError> {
    Ok(on_each_backend!(&mut *connection, |backend| {
        rollups::table
            .filter(rollups::tenant_id.eq(tenant_id))
            .select(rollups::currency)
            .union(
                rollup_deltas::table
                    .filter(rollup_deltas::tenant_id.eq(tenant_id))
                    .select(rollup_deltas::currency),
            )
            .load(backend)
    })?)
}

/// An appended row as a fold takes it.
#[derive(QueryableByName)]
struct DeltaRow {
    #[diesel(sql_type = Text)]
    tenant_id: String,
    #[diesel(sql_type = Text)]
    currency: String,
    #[diesel(sql_type = Text)]
    deltas: String,
}

/// A row of [`read_rollup_lines`]' statement: a rollup row (no `deltas`), an appended row
/// (only `currency` and `deltas`), or the latest sequence alone (no `currency`).
#[derive(Queryable)]
struct ReadRow {
    currency: Option<String>,
    period: Option<String>,
    pob_type: Option<String>,
    timing: Option<String>,
    recognized: Option<i64>,
    booked: Option<i64>,
    rpo_change: Option<i64>,
    rpo_next_12: Option<i64>,
    recognized_from_opening: Option<i64>,
    asset_change: Option<i64>,
    invoiced: Option<i64>,
    asset_earned: Option<i64>,
    paid: Option<i64>,
    credit_change: Option<i64>,
    variable_revenue: Option<i64>,
    deltas: Option<String>,
    sequence: Option<i64>,
}

impl ReadRow {
    fn folded(&self) -> Result<(RollupKey, RollupAmounts), StoreError> {
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        let figure = |value: Option<i64>| value.unwrap_or(0);
        let row = RollupRow {
            tenant_id: String::new(),
            currency: text(&self.currency),
            period: text(&self.period),
            pob_type: text(&self.pob_type),
            timing: text(&self.timing),
            recognized: figure(self.recognized),
            booked: figure(self.booked),
            rpo_change: figure(self.rpo_change),
            rpo_next_12: figure(self.rpo_next_12),
            recognized_from_opening: figure(self.recognized_from_opening),
            asset_change: figure(self.asset_change),
            invoiced: figure(self.invoiced),
            asset_earned: figure(self.asset_earned),
            paid: figure(self.paid),
            credit_change: figure(self.credit_change),
            variable_revenue: figure(self.variable_revenue),
        };
        row.key_and_amounts()
    }
}

/// A key's figures summed without overflowing: each part fits 64 bits, and so does the
/// total, but not always a partial sum taken in whatever order the rows come.
#[derive(Default)]
struct Sum([i128; 11]);

impl Sum {
    fn add(&mut self, amounts: &RollupAmounts) {
        for (sum, figure) in self.0.iter_mut().zip(amounts.figures()) {
            *sum += i128::from(figure);
        }
    }

    fn amounts(&self, tenant_id: &str) -> Result<RollupAmounts, StoreError> {
        let mut figures = [0_i64; 11];
        for (figure, sum) in figures.iter_mut().zip(self.0) {
            *figure = i64::try_from(sum)
                .map_err(|_| StoreError::Corrupt(format!("rollup of {tenant_id} past 64 bits")))?;
        }
        Ok(RollupAmounts::from_figures(figures))
    }
}

/// One line per key: `period pob_type timing` and the eleven figures, space-separated.
pub(crate) fn encode(rows: &[(RollupKey, RollupAmounts)]) -> String {
    use std::fmt::Write as _;
    let mut text = String::with_capacity(rows.len() * 64);
    for (key, amounts) in rows {
        let _ = write!(
            text,
            "{} {} {}",
            key.period,
            key.pob_type.as_str(),
            key.timing.as_str()
        );
        for figure in amounts.figures() {
            let _ = write!(text, " {figure}");
        }
        text.push('\n');
    }
    text
}

/// A line of an appended row, its month as written.
#[derive(Debug, PartialEq)]
struct DeltaLine<'a> {
    month: &'a str,
    pob_type: PobType,
    timing: Timing,
    amounts: RollupAmounts,
}

/// The lines of an appended row. A month is `YYYY-MM`, in the calendar or not.
fn decode(text: &str) -> Result<Vec<DeltaLine<'_>>, StoreError> {
    let corrupt = |line: &str| StoreError::Corrupt(format!("rollup delta `{line}`"));
    text.lines()
        .map(|line| {
            let mut fields = line.split(' ');
            let mut next = || fields.next().ok_or_else(|| corrupt(line));
            let month = next()?;
            if !matches!(
                Period::parse(month),
                Ok(_) | Err(PeriodError::OutsideCalendar(_))
            ) {
                return Err(corrupt(line));
            }
            let pob_type = PobType::parse(next()?).ok_or_else(|| corrupt(line))?;
            let timing = Timing::parse(next()?).ok_or_else(|| corrupt(line))?;
            let mut figures = [0_i64; 11];
            for figure in &mut figures {
                *figure = next()?.parse().map_err(|_| corrupt(line))?;
            }
            if fields.next().is_some() {
                return Err(corrupt(line));
            }
            Ok(DeltaLine {
                month,
                pob_type,
                timing,
                amounts: RollupAmounts::from_figures(figures),
            })
        })
        .collect()
}

fn currency_of(code: &str) -> Result<Currency, StoreError> {
    Currency::from_code(code).map_err(|_| StoreError::Corrupt(format!("currency `{code}`")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deltas_read_back_as_written() {
        let key = RollupKey {
            period: Period::parse("2026-03").unwrap(),
            pob_type: PobType::parse("subscription").unwrap(),
            timing: Timing::parse("over_time").unwrap(),
        };
        let amounts =
            RollupAmounts::from_figures([1, -2, 3, i64::MAX, i64::MIN, 6, 7, 8, 9, 10, -11]);
        let text = encode(&[(key, amounts), (key, RollupAmounts::default())]);
        let line = |amounts| DeltaLine {
            month: "2026-03",
            pob_type: key.pob_type,
            timing: key.timing,
            amounts,
        };
        assert_eq!(
            decode(&text).unwrap(),
            vec![line(amounts), line(RollupAmounts::default())]
        );
        // Year 0 is outside the calendar, and still a month; month 13 is not.
        assert_eq!(
            decode("0000-01 subscription over_time 1 0 0 0 0 0 0 0 0 0 0").unwrap()[0].month,
            "0000-01"
        );
        assert!(decode("2026-13 subscription over_time 1 0 0 0 0 0 0 0 0 0 0").is_err());
        assert!(decode("2026-03 subscription over_time 1 2").is_err());
        assert!(decode(&format!("{} 12", text.lines().next().unwrap())).is_err());
    }
}
