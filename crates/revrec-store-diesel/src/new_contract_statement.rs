//! A new contract in one statement on PostgreSQL: its row, its first version, its lines,
//! its entry in the log of contract changes, its rollup deltas and its stripe's size bound,
//! each an item of one `WITH`.
//!
//! Written one by one, these took eight round trips to the database between the books
//! stamp and the commit: a `COPY` each for the contract, the version and the lines (two
//! each: the statement, then its rows), the deltas' row and the size bound. On a busy
//! database each round trip costs both sides a wake-up, and a single-contract ingest is
//! mostly round trips (docs/performance.md, "A new contract in one statement"). The
//! statement's text depends only on which items a write has (a draft has no deltas), so
//! diesel keeps each form prepared, and the lines of any count travel as one array per
//! column. The rows are the very ones the general path writes (`contract_store`), built by
//! the same functions.

use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::query_builder::QueryFragment;
use diesel::sql_types::{Array, BigInt, Date, Integer, Nullable, Text};
use revrec_ports::{ContractWrite, InvoiceWrite, VersionWrite};

use crate::blocking::StoreError;
use crate::books_lock::{BooksHold, WriteStamp};
use crate::books_size::{Admitted, bounds_admit, own_bound_grown, shared_step};
use crate::contract_changes::ContractChange;
use crate::fixed_sql::{FixedSql, fixed_sql};
use crate::rollup_deltas::{SummedDeltas, delta_row_insert, encode};
use crate::rows::{LineRow, NewContractRow, version_rows};
use crate::schema::{contract_changes, contract_versions, contracts};

/// Writes `write` in one statement when it makes a new contract and nothing else a write
/// may carry (no invoices, no usage) while the books are held shared: a single-contract
/// ingest. Answers whether it did; `false` means nothing was written, for the general path
/// to write. As that path does, it answers [`StoreError::NeedsBooksAlone`] when the size
/// bounds cannot admit the write (the caller's rollback undoes the statement).
pub(crate) fn write_new_contract_at_once(
    pg: &mut PgConnection,
    write: &ContractWrite,
    stamp: WriteStamp,
) -> Result<bool, StoreError> {
    let VersionWrite::Append(version) = &write.version else {
        return Ok(false);
    };
    let no_invoices = match &write.invoices {
        InvoiceWrite::Unchanged => true,
        InvoiceWrite::Add(invoices) | InvoiceWrite::Replace(invoices) => invoices.is_empty(),
    };
    let no_usage = write.usage.records.is_empty() && write.usage.months.is_empty();
    if write.expected.is_some() || !no_invoices || !no_usage || stamp.hold != BooksHold::Shared {
        return Ok(false);
    }
    let (tenant, id) = (write.record.tenant_id.as_str(), write.record.id.as_str());
    let summed = SummedDeltas::of(write.rollup.iter().map(|delta| (tenant, delta)))?;
    // A contract has one currency; deltas in more are left to the general path.
    let mut written = summed.written.iter();
    let (bound, None) = (written.next(), written.next()) else {
        return Ok(false);
    };
    let bound = bound
        .map(|(&(_, currency), deltas)| {
            Ok::<_, StoreError>((currency.code(), shared_step(deltas.gross())?))
        })
        .transpose()?;
    let appended = summed
        .appended
        .get(tenant)
        .and_then(|by_currency| by_currency.iter().next())
        .map(|(currency, rows)| (currency.code(), encode(rows)));

    let contract = NewContractRow::of(write, stamp.sequence);
    let (version_row, lines) = version_rows(tenant, id, version, stamp.sequence)?;
    let lines = LineColumns::from(lines);
    let change = ContractChange::of(write);
    let deltas: Box<dyn QueryFragment<Pg> + '_> = match &appended {
        Some((code, text)) => Box::new(
            fixed_sql(", new_deltas AS (")
                .then(delta_row_insert(tenant, code, text))
                .sql(")"),
        ),
        None => Box::new(fixed_sql("")),
    };
    // Every delta's currency has a bound: without one, there are no deltas either.
    let answer: Box<dyn QueryFragment<Pg> + '_> = match bound {
        Some((code, size)) => Box::new(
            fixed_sql(", ")
                .then(own_bound_grown((tenant, code), stamp.stripe, size))
                .sql(" ")
                .then(bounds_admit((tenant, code), stamp.stripe)),
        ),
        None => Box::new(fixed_sql(" SELECT true AS admitted")),
    };
    let admitted: Admitted = fixed_sql("WITH new_contract AS (")
        .then(diesel::insert_into(contracts::table).values(&contract))
        .sql("), new_version AS (")
        .then(diesel::insert_into(contract_versions::table).values(&version_row))
        .sql("), new_lines AS (")
        .then(lines.insert((tenant, id), version_row.version))
        .sql("), new_change AS (")
        .then(diesel::insert_into(contract_changes::table).values(change))
        .sql(")")
        .then(deltas)
        .then(answer)
        .get_result(pg)?;
    if admitted.admitted {
        Ok(true)
    } else {
        Err(StoreError::NeedsBooksAlone)
    }
}

/// A version's lines as one array per column, in line order: one `INSERT … SELECT` from
/// `unnest` writes any number of them with the same text.
struct LineColumns {
    line_number: Vec<i32>,
    obligation_id: Vec<String>,
    name: Vec<String>,
    pob_type: Vec<String>,
    stated_price: Vec<Option<i64>>,
    ssp_micros: Vec<i64>,
    recognition: Vec<String>,
    first_day: Vec<time::Date>,
    last_day: Vec<time::Date>,
    consumption: Vec<Option<String>>,
}

impl From<Vec<LineRow>> for LineColumns {
    fn from(lines: Vec<LineRow>) -> LineColumns {
        let mut columns = LineColumns {
            line_number: Vec::with_capacity(lines.len()),
            obligation_id: Vec::with_capacity(lines.len()),
            name: Vec::with_capacity(lines.len()),
            pob_type: Vec::with_capacity(lines.len()),
            stated_price: Vec::with_capacity(lines.len()),
            ssp_micros: Vec::with_capacity(lines.len()),
            recognition: Vec::with_capacity(lines.len()),
            first_day: Vec::with_capacity(lines.len()),
            last_day: Vec::with_capacity(lines.len()),
            consumption: Vec::with_capacity(lines.len()),
        };
        // Destructured whole, so a column added to the rows cannot be left out here.
        for LineRow {
            tenant_id: _,
            contract_id: _,
            version: _,
            line_number,
            obligation_id,
            name,
            pob_type,
            stated_price,
            ssp_micros,
            recognition,
            first_day,
            last_day,
            consumption,
        } in lines
        {
            columns.line_number.push(line_number);
            columns.obligation_id.push(obligation_id);
            columns.name.push(name);
            columns.pob_type.push(pob_type);
            columns.stated_price.push(stated_price);
            columns.ssp_micros.push(ssp_micros);
            columns.recognition.push(recognition);
            columns.first_day.push(first_day);
            columns.last_day.push(last_day);
            columns.consumption.push(consumption);
        }
        columns
    }
}

impl LineColumns {
    /// The `INSERT` of the lines of `version` of the contract.
    fn insert<'a>(
        &'a self,
        (tenant_id, contract_id): (&'a str, &'a str),
        version: i32,
    ) -> FixedSql<impl QueryFragment<Pg> + 'a> {
        fixed_sql(
            "INSERT INTO contract_lines (tenant_id, contract_id, version, line_number, \
             obligation_id, name, pob_type, stated_price, ssp_micros, recognition, first_day, \
             last_day, consumption) SELECT ",
        )
        .bind::<Text, _>(tenant_id)
        .sql(", ")
        .bind::<Text, _>(contract_id)
        .sql(", ")
        .bind::<Integer, _>(version)
        .sql(", lines.* FROM unnest(")
        .bind::<Array<Integer>, _>(&self.line_number)
        .sql(", ")
        .bind::<Array<Text>, _>(&self.obligation_id)
        .sql(", ")
        .bind::<Array<Text>, _>(&self.name)
        .sql(", ")
        .bind::<Array<Text>, _>(&self.pob_type)
        .sql(", ")
        .bind::<Array<Nullable<BigInt>>, _>(&self.stated_price)
        .sql(", ")
        .bind::<Array<BigInt>, _>(&self.ssp_micros)
        .sql(", ")
        .bind::<Array<Text>, _>(&self.recognition)
        .sql(", ")
        .bind::<Array<Date>, _>(&self.first_day)
        .sql(", ")
        .bind::<Array<Date>, _>(&self.last_day)
        .sql(", ")
        .bind::<Array<Nullable<Text>>, _>(&self.consumption)
        .sql(") AS lines")
    }
}
