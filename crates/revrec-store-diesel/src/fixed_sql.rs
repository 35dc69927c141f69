//! Statements of fixed text that diesel keeps prepared.
//!
//! diesel never caches a `sql_query`: its text could be anything, so PostgreSQL parses,
//! analyzes and plans it on every call. The few statements every write runs and the query
//! builder cannot say (a function's rows, a `WITH` that writes) are built here instead, from
//! fixed pieces of text and bound values. diesel's statement cache keys them by their text, so
//! each connection prepares them once. On the local PostgreSQL the three statements a
//! single-contract ingest runs this way went from 4,900 to 9,800 transactions a second when
//! prepared (`pgbench -M simple` against `-M prepared`, docs/performance.md).

use std::marker::PhantomData;

use diesel::backend::Backend;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::{HasSqlType, Untyped};
use diesel::{QueryResult, RunQueryDsl};

/// A statement made of fixed text and bound values, in order; read by column name, as a
/// `sql_query` is.
pub(crate) struct FixedSql<Pieces> {
    pieces: Pieces,
}

/// A statement that starts with `text`.
pub(crate) fn fixed_sql(text: &'static str) -> FixedSql<SqlText> {
    FixedSql {
        pieces: SqlText(text),
    }
}

impl<Pieces> FixedSql<Pieces> {
    /// The statement followed by a bound value of SQL type `ST` (its placeholder is written
    /// where it stands).
    pub(crate) fn bind<ST, Value>(self, value: Value) -> FixedSql<Then<Pieces, Bound<ST, Value>>> {
        FixedSql {
            pieces: Then(
                self.pieces,
                Bound {
                    value,
                    sql_type: PhantomData,
                },
            ),
        }
    }

    /// The statement followed by more fixed text.
    pub(crate) fn sql(self, text: &'static str) -> FixedSql<Then<Pieces, SqlText>> {
        FixedSql {
            pieces: Then(self.pieces, SqlText(text)),
        }
    }

    /// The statement followed by a statement of its own (an `INSERT` the query builder made,
    /// another `FixedSql`), to stand inside a `WITH`: its placeholders are numbered on from
    /// these. It is cached as the whole is, by the whole text, unless its own walk forbids.
    pub(crate) fn then<Fragment>(self, fragment: Fragment) -> FixedSql<Then<Pieces, Fragment>> {
        FixedSql {
            pieces: Then(self.pieces, fragment),
        }
    }
}

/// Fixed text (named apart from the SQL type `Text` its callers bind with).
pub(crate) struct SqlText(&'static str);

/// A bound value.
pub(crate) struct Bound<ST, Value> {
    value: Value,
    sql_type: PhantomData<ST>,
}

/// One piece after the others.
pub(crate) struct Then<Before, Piece>(Before, Piece);

impl<DB: Backend> QueryFragment<DB> for SqlText {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql(self.0);
        Ok(())
    }
}

impl<DB, ST, Value> QueryFragment<DB> for Bound<ST, Value>
where
    DB: Backend + HasSqlType<ST>,
    Value: ToSql<ST, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_bind_param::<ST, Value>(&self.value)
    }
}

impl<DB, Before, Piece> QueryFragment<DB> for Then<Before, Piece>
where
    DB: Backend,
    Before: QueryFragment<DB>,
    Piece: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.0.walk_ast(out.reborrow())?;
        self.1.walk_ast(out)
    }
}

// Unlike `sql_query`'s, this walk never marks the statement unsafe to cache: the cache keys
// it by its text (and its binds' types), the same for every call.
impl<DB: Backend, Pieces: QueryFragment<DB>> QueryFragment<DB> for FixedSql<Pieces> {
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.pieces.walk_ast(out)
    }
}

impl<Pieces> QueryId for FixedSql<Pieces> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Pieces> Query for FixedSql<Pieces> {
    type SqlType = Untyped;
}

impl<Pieces, Conn> RunQueryDsl<Conn> for FixedSql<Pieces> {}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        reason = "a failed fixture should fail the test loudly"
    )]

    use diesel::connection::SimpleConnection;
    use diesel::pg::Pg;
    use diesel::prelude::*;
    use diesel::sql_types::{BigInt, Text};
    use revrec_test_support::TestDatabase;

    use super::*;

    #[derive(QueryableByName)]
    struct Sum {
        #[diesel(sql_type = BigInt)]
        sum: i64,
    }

    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        count: i64,
    }

    #[test]
    fn the_pieces_make_one_statement_with_numbered_placeholders_that_may_be_cached() {
        let statement = fixed_sql("SELECT ")
            .bind::<BigInt, _>(2_i64)
            .sql(" + ")
            .bind::<BigInt, _>(3_i64)
            .sql(" AS sum");
        assert_eq!(
            diesel::debug_query::<Pg, _>(&statement).to_string(),
            "SELECT $1 + $2 AS sum -- binds: [2, 3]"
        );
        assert!(statement.is_safe_to_cache_prepared(&Pg).unwrap());
        // What `sql_query` would have given: never cached, so parsed on every call.
        let raw = diesel::sql_query("SELECT $1 + $2 AS sum");
        assert!(!raw.is_safe_to_cache_prepared(&Pg).unwrap());
    }

    #[test]
    fn postgres_prepares_a_fixed_statement_once_per_connection() {
        let Some(database) = TestDatabase::postgres() else {
            return;
        };
        let mut connection = PgConnection::establish(&database.url).unwrap();
        connection.batch_execute("DEALLOCATE ALL").unwrap();
        for (left, right) in [(2_i64, 3_i64), (40, 2), (-1, 1)] {
            let answer: Sum = fixed_sql("SELECT ")
                .bind::<BigInt, _>(left)
                .sql(" + ")
                .bind::<BigInt, _>(right)
                .sql(" AS sum")
                .get_result(&mut connection)
                .unwrap();
            assert_eq!(answer.sum, left + right);
        }
        let prepared: Count = diesel::sql_query(
            "SELECT count(*) AS count FROM pg_prepared_statements WHERE statement = $1",
        )
        .bind::<Text, _>("SELECT $1 + $2 AS sum")
        .get_result(&mut connection)
        .unwrap();
        assert_eq!(prepared.count, 1);
    }
}
