//! Whether a write keeps a currency's books within their limit (docs/limits.md, "Money"),
//! decided without every write reading every rollup row of the currency.
//!
//! The exact test sums the currency's rows and measures them (`Rollup::within_limit`): the
//! size of the books. Each tenant, currency and stripe also keeps a bound (the
//! `books_size_bounds` rows): every write adds the size of its own summed deltas to its
//! stripe's bound. The size of a sum is at most the sum of the sizes, so the bounds of a
//! currency add up to at least the size of its books.
//!
//! A write that holds the books shared is admitted when its own size is at most
//! [`SHARED_STEP`] and the bounds it sees, its own included, add up to at most
//! [`SHARED_CEILING`]. Writes running side by side do not see each other, and
//! PostgreSQL runs at most 2^18 − 1 of them at once (`MAX_BACKENDS`): the writes that
//! committed after the bounds were last seen within the ceiling were all under way when
//! they were, so together they add less than 2^18 × `SHARED_STEP` = half the limit, and the
//! books stay within the limit. Any other write is tried again holding the books alone
//! ([`BooksHold::Exclusive`]), where the exact test decides and the bounds are set to the
//! books' exact size. Either way a write is refused exactly when its books would pass the
//! limit, as if every write ran alone.

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::QueryFragment;
use diesel::sql_types::{BigInt, Bool, SmallInt, Text};
use diesel::upsert::excluded;
use revrec_domain::{AmountOutOfRange, BOOKS_LIMIT_MINOR, Currency};

use crate::blocking::StoreError;
use crate::books_lock::{BooksHold, WriteStamp};
use crate::connection::{DbConnection, on_each_backend};
use crate::fixed_sql::{FixedSql, fixed_sql};
use crate::report_store::read_rollup;
use crate::schema::books_size_bounds;

/// The bounds a shared write may see, its own included: half the limit.
pub const SHARED_CEILING: i64 = BOOKS_LIMIT_MINOR / 2;

/// The largest size of a shared write's own deltas: half the limit over 2^18, PostgreSQL's
/// most backends at once (rounded up to a power of two).
pub const SHARED_STEP: i64 = SHARED_CEILING >> 18;

/// Checks that the tenant's books in `currency` stay within their limit after this write's
/// deltas (already added to the rows), whose own size is `delta_size`.
///
/// Shared: admits the write by the bounds, or answers [`StoreError::NeedsBooksAlone`].
/// Exclusive: measures the books and sets the currency's bounds to their size.
pub(crate) fn check_books_size(
    connection: &mut DbConnection,
    (tenant_id, currency): (&str, Currency),
    stamp: WriteStamp,
    delta_size: i128,
) -> Result<(), StoreError> {
    match stamp.hold {
        BooksHold::Shared => {
            let size = shared_step(delta_size)?;
            if admitted_by_bounds(connection, (tenant_id, currency), stamp.stripe, size)? {
                Ok(())
            } else {
                Err(StoreError::NeedsBooksAlone)
            }
        }
        BooksHold::Exclusive => {
            let books = read_rollup(connection, tenant_id, currency, None)?;
            books
                .within_limit(currency)
                .map_err(StoreError::OutOfRange)?;
            let size = i64::try_from(books.gross())
                .map_err(|_| StoreError::OutOfRange(AmountOutOfRange { currency }))?;
            reset_bounds(connection, (tenant_id, currency), size)
        }
    }
}

/// The size of a write's own deltas, if a write holding the books shared may add that much;
/// else [`StoreError::NeedsBooksAlone`].
pub(crate) fn shared_step(delta_size: i128) -> Result<i64, StoreError> {
    i64::try_from(delta_size)
        .ok()
        .filter(|size| *size <= SHARED_STEP)
        .ok_or(StoreError::NeedsBooksAlone)
}

/// Whether the bounds admit a shared write (`bounds_admit`'s answer).
#[derive(QueryableByName)]
pub(crate) struct Admitted {
    #[diesel(sql_type = Bool)]
    pub(crate) admitted: bool,
}

/// Adds `size` to the stripe's bound and answers whether the currency's bounds, as this
/// write sees them, are within [`SHARED_CEILING`].
fn admitted_by_bounds(
    connection: &mut DbConnection,
    (tenant_id, currency): (&str, Currency),
    stripe: i16,
    size: i64,
) -> Result<bool, StoreError> {
    let code = currency.code();
    let answer: Admitted = match connection {
        // One round trip: the outer query does not see the row its own `WITH` writes, so
        // it adds the stripe's new bound to the others'.
        DbConnection::Postgres(pg) => fixed_sql("WITH ")
            .then(own_bound_grown((tenant_id, code), stripe, size))
            .sql(" ")
            .then(bounds_admit((tenant_id, code), stripe))
            .get_result(pg)?,
        // SQLite has no writes inside `WITH`; it writes one at a time, so the two
        // statements see the same bounds.
        DbConnection::Sqlite(sqlite) => {
            diesel::insert_into(books_size_bounds::table)
                .values((
                    books_size_bounds::tenant_id.eq(tenant_id),
                    books_size_bounds::currency.eq(code),
                    books_size_bounds::stripe.eq(stripe),
                    books_size_bounds::size_bound.eq(size),
                ))
                .on_conflict((
                    books_size_bounds::tenant_id,
                    books_size_bounds::currency,
                    books_size_bounds::stripe,
                ))
                .do_update()
                .set(
                    books_size_bounds::size_bound
                        .eq(books_size_bounds::size_bound + excluded(books_size_bounds::size_bound)),
                )
                .execute(sqlite)?;
            diesel::sql_query(
                "SELECT COALESCE(SUM(size_bound), 0) <= ? AS admitted FROM books_size_bounds \
                 WHERE tenant_id = ? AND currency = ?",
            )
            .bind::<BigInt, _>(SHARED_CEILING)
            .bind::<Text, _>(tenant_id)
            .bind::<Text, _>(code)
            .get_result(sqlite)?
        }
    };
    Ok(answer.admitted)
}

/// On PostgreSQL, the `WITH` item `own` that adds `size` to the stripe's bound and answers
/// the bound it now has; [`bounds_admit`] reads it.
pub(crate) fn own_bound_grown<'a>(
    (tenant_id, code): (&'a str, &'a str),
    stripe: i16,
    size: i64,
) -> FixedSql<impl QueryFragment<Pg> + 'a> {
    fixed_sql(
        "own AS ( \
             INSERT INTO books_size_bounds (tenant_id, currency, stripe, size_bound) \
             VALUES (",
    )
    .bind::<Text, _>(tenant_id)
    .sql(", ")
    .bind::<Text, _>(code)
    .sql(", ")
    .bind::<SmallInt, _>(stripe)
    .sql(", ")
    .bind::<BigInt, _>(size)
    .sql(
        ") ON CONFLICT (tenant_id, currency, stripe) \
             DO UPDATE SET size_bound = books_size_bounds.size_bound + excluded.size_bound \
             RETURNING size_bound)",
    )
}

/// On PostgreSQL, the `SELECT` after [`own_bound_grown`] that answers `admitted`: the
/// stripe's new bound and the other stripes' (NUMERIC sums cannot overflow) within
/// [`SHARED_CEILING`].
pub(crate) fn bounds_admit<'a>(
    (tenant_id, code): (&'a str, &'a str),
    stripe: i16,
) -> FixedSql<impl QueryFragment<Pg> + 'a> {
    fixed_sql(
        "SELECT (SELECT size_bound FROM own)::NUMERIC \
             + COALESCE((SELECT SUM(size_bound) FROM books_size_bounds \
                         WHERE tenant_id = ",
    )
    .bind::<Text, _>(tenant_id)
    .sql(" AND currency = ")
    .bind::<Text, _>(code)
    .sql(" AND stripe <> ")
    .bind::<SmallInt, _>(stripe)
    .sql("), 0) <= ")
    .bind::<BigInt, _>(SHARED_CEILING)
    .sql(" AS admitted")
}

/// The currency's bounds become one: the books' exact size, in stripe 0.
fn reset_bounds(
    connection: &mut DbConnection,
    (tenant_id, currency): (&str, Currency),
    size: i64,
) -> Result<(), StoreError> {
    let code = currency.code();
    diesel::delete(
        books_size_bounds::table
            .filter(books_size_bounds::tenant_id.eq(tenant_id))
            .filter(books_size_bounds::currency.eq(code)),
    )
    .execute(connection)?;
    on_each_backend!(&mut *connection, |backend| {
        diesel::insert_into(books_size_bounds::table)
            .values((
                books_size_bounds::tenant_id.eq(tenant_id),
                books_size_bounds::currency.eq(code),
                books_size_bounds::stripe.eq(0_i16),
                books_size_bounds::size_bound.eq(size),
            ))
            .execute(backend)
    })?;
    Ok(())
}
