//! Usage records and their monthly totals (docs/asc606.md §15): rows, written with the
//! contract write that carries them, and read with the contracts they belong to.
//!
//! Records are appended and never updated (a restatement is the next revision); the
//! monthly totals are set to what the write computed, one row per obligation-month and
//! books sequence, so a contract read takes a handful of rows per obligation-month
//! whatever the number of records, and a close still sees the totals it closed.
//!
//! A line recognized as consumed keeps how it is rated as the text of one column of its
//! line row: `usage` when its records carry their own amounts, or, tab-separated,
//!
//! ```text
//! usage  unit  rate  included_per_month  tiers
//! ```
//!
//! with the rate and the quantities in millionths and the tiers as `up_to@rate` pairs
//! joined by `,` (an open last tier has an empty `up_to`). A unit is free text without
//! control characters (`docs/limits.md`), so a tab never occurs inside it.

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;
use diesel::upsert::excluded;
use revrec_domain::usage::{Breakage, Quantity, Tier, UnitRate, UsagePricing};
use revrec_domain::{Consumption, ContractUsage, MonthUsage, Period, PrepaidCredits};
use revrec_ports::{UsageRecord, UsageStamp, UsageWrite};
use time::Date;

use crate::blocking::StoreError;
use crate::connection::{DbConnection, append_rows, on_each_backend};
use crate::schema::{usage_months, usage_records};

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
// Never DEFAULT: SQLite batch inserts need every value bound.
#[diesel(table_name = usage_records, treat_none_as_default_value = false)]
pub struct UsageRecordRow {
    pub tenant_id: String,
    pub contract_id: String,
    pub obligation_id: String,
    pub record_id: String,
    pub revision: i32,
    pub occurred_on: Date,
    pub period: String,
    pub quantity_millionths: Option<i64>,
    pub amount: Option<i64>,
    pub recorded_at: i64,
    pub recorded_by: String,
    pub books_sequence: i64,
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
#[diesel(table_name = usage_months, treat_none_as_default_value = false)]
pub struct UsageMonthRow {
    pub tenant_id: String,
    pub contract_id: String,
    pub obligation_id: String,
    pub period: String,
    pub books_sequence: i64,
    pub quantity_millionths: i64,
    pub amount: i64,
}

impl UsageRecordRow {
    fn new(tenant_id: &str, contract_id: &str, record: &UsageRecord, stamp: i64) -> Self {
        UsageRecordRow {
            tenant_id: tenant_id.to_owned(),
            contract_id: contract_id.to_owned(),
            obligation_id: record.obligation_id.clone(),
            record_id: record.record_id.clone(),
            revision: i32::try_from(record.revision).unwrap_or(i32::MAX),
            occurred_on: record.occurred_on,
            period: Period::of(record.occurred_on).to_string(),
            quantity_millionths: record.quantity.map(Quantity::millionths),
            amount: record.amount,
            recorded_at: record.recorded_at,
            recorded_by: record.recorded_by.clone(),
            books_sequence: stamp,
        }
    }

    pub fn record(self) -> Result<UsageRecord, StoreError> {
        let corrupt = || StoreError::Corrupt(format!("usage record {}", self.record_id));
        Ok(UsageRecord {
            quantity: self
                .quantity_millionths
                .map(|millionths| Quantity::from_millionths(millionths).ok_or_else(corrupt))
                .transpose()?,
            revision: u32::try_from(self.revision).map_err(|_| corrupt())?,
            obligation_id: self.obligation_id,
            record_id: self.record_id,
            occurred_on: self.occurred_on,
            amount: self.amount,
            recorded_at: self.recorded_at,
            recorded_by: self.recorded_by,
        })
    }
}

/// Appends a write's records and sets the totals of the months they change.
pub fn write_usage(
    connection: &mut DbConnection,
    (tenant_id, contract_id): (&str, &str),
    usage: &UsageWrite,
    stamp: i64,
) -> Result<(), StoreError> {
    let records: Vec<UsageRecordRow> = usage
        .records
        .iter()
        .map(|record| UsageRecordRow::new(tenant_id, contract_id, record, stamp))
        .collect();
    append_rows!(&mut *connection, usage_records::table, &records, 1_000)?;
    for (obligation_id, month) in &usage.months {
        let row = UsageMonthRow {
            tenant_id: tenant_id.to_owned(),
            contract_id: contract_id.to_owned(),
            obligation_id: obligation_id.clone(),
            period: month.period.to_string(),
            books_sequence: stamp,
            quantity_millionths: month.quantity.millionths(),
            amount: month.amount,
        };
        on_each_backend!(&mut *connection, |backend| {
            diesel::insert_into(usage_months::table)
                .values(&row)
                .on_conflict((
                    usage_months::tenant_id,
                    usage_months::contract_id,
                    usage_months::obligation_id,
                    usage_months::period,
                    usage_months::books_sequence,
                ))
                .do_update()
                .set((
                    usage_months::quantity_millionths
                        .eq(excluded(usage_months::quantity_millionths)),
                    usage_months::amount.eq(excluded(usage_months::amount)),
                ))
                .execute(backend)
        })?;
    }
    Ok(())
}

/// The monthly totals of the contracts whose ids lie in `[first, last]` (and are in `ids`
/// when given), in (contract, obligation, month) order.
pub fn months_of(
    connection: &mut DbConnection,
    tenant_id: &str,
    (first, last): (&str, &str),
    ids: Option<&[String]>,
) -> Result<Vec<UsageMonthRow>, StoreError> {
    let mut months = usage_months::table
        .filter(usage_months::tenant_id.eq(tenant_id))
        .filter(usage_months::contract_id.ge(first))
        .filter(usage_months::contract_id.le(last))
        .into_boxed();
    if let Some(ids) = ids {
        months = months.filter(usage_months::contract_id.eq_any(ids));
    }
    Ok(months
        .order((
            usage_months::contract_id.asc(),
            usage_months::obligation_id.asc(),
            usage_months::period.asc(),
            usage_months::books_sequence.asc(),
        ))
        .select(UsageMonthRow::as_select())
        .load(connection)?)
}

/// One contract's totals as its plans read them (each month's latest), and every stamped
/// layer of them for its books; `rows` in (obligation, month, sequence) order.
pub fn contract_usage(
    rows: Vec<UsageMonthRow>,
) -> Result<(ContractUsage, Vec<UsageStamp>), StoreError> {
    let layers = rows
        .into_iter()
        .map(|row| {
            let corrupt = || StoreError::Corrupt(format!("usage month {}", row.period));
            Ok(UsageStamp {
                month: MonthUsage {
                    period: Period::parse(&row.period).map_err(|_| corrupt())?,
                    quantity: Quantity::from_millionths(row.quantity_millionths)
                        .ok_or_else(corrupt)?,
                    amount: row.amount,
                },
                obligation_id: row.obligation_id,
                stamp: row.books_sequence,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok((revrec_ports::usage_of(&layers), layers))
}

/// How a line is consumed, as its column's text (`None`: a line with a pattern of its own).
pub fn encode_consumption(consumption: Option<&Consumption>) -> Option<String> {
    match consumption? {
        Consumption::Usage(None) => Some("usage".to_owned()),
        Consumption::Usage(Some(pricing)) => {
            let tiers: Vec<String> = pricing
                .tiers()
                .iter()
                .map(|tier| {
                    let up_to = tier
                        .up_to
                        .map(|up_to| up_to.millionths().to_string())
                        .unwrap_or_default();
                    format!("{up_to}@{}", tier.rate.millionths())
                })
                .collect();
            Some(format!(
                "usage\t{}\t{}\t{}\t{}",
                pricing.unit(),
                pricing.rate().millionths(),
                pricing.included_per_month().millionths(),
                tiers.join(",")
            ))
        }
        Consumption::Credits(credits) => Some(format!(
            "credits\t{}\t{}\t{}\t{}",
            credits.credits.millionths(),
            credits.expires_on.to_julian_day(),
            credits.expected_usage.millionths(),
            credits.breakage.as_str()
        )),
    }
}

/// The inverse of [`encode_consumption`].
pub fn decode_consumption(text: Option<&str>) -> Result<Option<Consumption>, StoreError> {
    let Some(text) = text else {
        return Ok(None);
    };
    let corrupt = || StoreError::Corrupt(format!("line consumption `{text}`"));
    let fields: Vec<&str> = text.split('\t').collect();
    let number = |field: &str| field.parse::<i64>().map_err(|_| corrupt());
    match fields.as_slice() {
        ["usage"] => Ok(Some(Consumption::Usage(None))),
        ["usage", unit, rate, included, tiers] => {
            let tiers = tiers
                .split(',')
                .filter(|tier| !tier.is_empty())
                .map(|tier| {
                    let (up_to, rate) = tier.split_once('@').ok_or_else(corrupt)?;
                    let up_to = match up_to {
                        "" => None,
                        up_to => {
                            Some(Quantity::from_millionths(number(up_to)?).ok_or_else(corrupt)?)
                        }
                    };
                    let rate = UnitRate::from_millionths(number(rate)?).ok_or_else(corrupt)?;
                    Ok(Tier { up_to, rate })
                })
                .collect::<Result<Vec<_>, StoreError>>()?;
            let pricing = UsagePricing::new(
                UnitRate::from_millionths(number(rate)?).ok_or_else(corrupt)?,
                Quantity::from_millionths(number(included)?).ok_or_else(corrupt)?,
                tiers,
            )
            .map_err(|_| corrupt())?
            .with_unit(unit);
            Ok(Some(Consumption::Usage(Some(pricing))))
        }
        ["credits", credits, expires_on, expected, breakage] => {
            Ok(Some(Consumption::Credits(PrepaidCredits {
                credits: Quantity::from_millionths(number(credits)?).ok_or_else(corrupt)?,
                expires_on: expires_on
                    .parse::<i32>()
                    .ok()
                    .and_then(|day| Date::from_julian_day(day).ok())
                    .ok_or_else(corrupt)?,
                expected_usage: Quantity::from_millionths(number(expected)?).ok_or_else(corrupt)?,
                breakage: Breakage::parse(breakage).ok_or_else(corrupt)?,
            })))
        }
        _ => Err(corrupt()),
    }
}

/// The latest revision of each record `keys` name (obligation id, record id) that the
/// contract has, in (obligation, record id) order.
pub fn latest_records(
    connection: &mut DbConnection,
    (tenant_id, contract_id): (&str, &str),
    keys: &[(String, String)],
) -> Result<Vec<UsageRecord>, StoreError> {
    let wanted: BTreeSet<(&str, &str)> = keys
        .iter()
        .map(|(obligation, record)| (obligation.as_str(), record.as_str()))
        .collect();
    let record_ids: Vec<&str> = wanted
        .iter()
        .map(|(_, record)| *record)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut latest: BTreeMap<(String, String), UsageRecordRow> = BTreeMap::new();
    // Bound parameters per statement stay well under SQLite's and PostgreSQL's limits.
    for chunk in record_ids.chunks(500) {
        let rows: Vec<UsageRecordRow> = usage_records::table
            .filter(usage_records::tenant_id.eq(tenant_id))
            .filter(usage_records::contract_id.eq(contract_id))
            .filter(usage_records::record_id.eq_any(chunk))
            .select(UsageRecordRow::as_select())
            .load(connection)?;
        for row in rows {
            if !wanted.contains(&(row.obligation_id.as_str(), row.record_id.as_str())) {
                continue;
            }
            let key = (row.obligation_id.clone(), row.record_id.clone());
            match latest.get(&key) {
                Some(kept) if kept.revision >= row.revision => {}
                _ => {
                    latest.insert(key, row);
                }
            }
        }
    }
    latest.into_values().map(UsageRecordRow::record).collect()
}

/// The latest revision recorded by `as_of` (microseconds) of each of a contract's usage
/// records: what an as-of read adds its months up from (docs/ledger.md, "As of an
/// instant").
pub fn records_known(
    connection: &mut DbConnection,
    (tenant_id, contract_id): (&str, &str),
    as_of: i64,
) -> Result<Vec<UsageRecord>, StoreError> {
    let rows: Vec<UsageRecordRow> = usage_records::table
        .filter(usage_records::tenant_id.eq(tenant_id))
        .filter(usage_records::contract_id.eq(contract_id))
        .filter(usage_records::recorded_at.le(as_of))
        .order((
            usage_records::obligation_id.asc(),
            usage_records::record_id.asc(),
            usage_records::revision.desc(),
        ))
        .select(UsageRecordRow::as_select())
        .load(connection)?;
    newest_revisions(rows).map(UsageRecordRow::record).collect()
}

/// Of rows ordered by record and newest revision first within each, the first of each
/// record: its latest revision.
fn newest_revisions(rows: Vec<UsageRecordRow>) -> impl Iterator<Item = UsageRecordRow> {
    let mut latest: Vec<UsageRecordRow> = Vec::new();
    for row in rows {
        if latest.last().is_none_or(|kept| {
            (&kept.obligation_id, &kept.record_id) != (&row.obligation_id, &row.record_id)
        }) {
            latest.push(row);
        }
    }
    latest.into_iter()
}

/// The latest revision of each record of one obligation's month, by day then id.
pub fn month_records(
    connection: &mut DbConnection,
    (tenant_id, contract_id, obligation_id): (&str, &str, &str),
    period: Period,
) -> Result<Vec<UsageRecord>, StoreError> {
    let rows: Vec<UsageRecordRow> = usage_records::table
        .filter(usage_records::tenant_id.eq(tenant_id))
        .filter(usage_records::contract_id.eq(contract_id))
        .filter(usage_records::obligation_id.eq(obligation_id))
        .filter(usage_records::period.eq(period.to_string()))
        .order((
            usage_records::record_id.asc(),
            usage_records::revision.desc(),
        ))
        .select(UsageRecordRow::as_select())
        .load(connection)?;
    // Every revision of a record is in its month: a restatement keeps the record's month.
    let mut records = newest_revisions(rows)
        .map(UsageRecordRow::record)
        .collect::<Result<Vec<_>, _>>()?;
    records.sort_by(|a, b| {
        a.occurred_on
            .cmp(&b.occurred_on)
            .then_with(|| a.record_id.cmp(&b.record_id))
    });
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_a_line_is_consumed_reads_back_as_it_was_written() {
        let pricing = UsagePricing::new(
            UnitRate::from_millionths(1_000).unwrap(),
            Quantity::units(10_000).unwrap(),
            vec![Tier {
                up_to: Some(Quantity::units(100_000).unwrap()),
                rate: UnitRate::from_millionths(2_000).unwrap(),
            }],
        )
        .unwrap()
        .with_unit("api_call");
        let credits = |breakage| PrepaidCredits {
            credits: Quantity::units(6_000).unwrap(),
            expires_on: Date::from_calendar_date(2026, time::Month::December, 31).unwrap(),
            expected_usage: Quantity::from_millionths(4_999_500_000).unwrap(),
            breakage,
        };
        for consumption in [
            None,
            Some(Consumption::Usage(None)),
            Some(Consumption::Usage(Some(pricing))),
            Some(Consumption::Credits(credits(Breakage::Proportional))),
            Some(Consumption::Credits(credits(Breakage::AtExpiry))),
        ] {
            let text = encode_consumption(consumption.as_ref());
            assert_eq!(
                decode_consumption(text.as_deref()).unwrap(),
                consumption,
                "{text:?}"
            );
        }
        assert!(decode_consumption(Some("credits\t1\t2\t3\tsometimes")).is_err());
    }
}
