//! The audit trail (docs/ledger.md, "Who did what"): every fact a tenant's books keep, with
//! who recorded it, read from the tables that hold them in one statement, in the order they
//! were recorded. Nothing is stored twice: each fact's row is the record.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Nullable, Text};
use revrec_ports::{AuditEventRecord, AuditQuery};

use crate::blocking::StoreError;
use crate::connection::DbConnection;

#[derive(QueryableByName)]
struct AuditRow {
    #[diesel(sql_type = BigInt)]
    recorded_at: i64,
    #[diesel(sql_type = Integer)]
    source: i32,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Nullable<Text>)]
    contract_id: Option<String>,
    #[diesel(sql_type = Text)]
    reference: String,
    #[diesel(sql_type = Text)]
    actor: String,
}

/// The statement, its parameters numbered by `parameter` (`$n` or `?n`) and its text
/// compared byte by byte (`binary`), so both backends list the same facts in the same
/// order. A chart version has a row per account role: it is one fact.
fn statement(parameter: fn(u8) -> String, binary: &str) -> String {
    let p = parameter;
    format!(
        "SELECT recorded_at, source, kind, contract_id, reference, actor FROM ( \
           SELECT recorded_at, 1 AS source, 'version.' || change AS kind, contract_id, \
             CAST(version AS TEXT) AS reference, recorded_by AS actor \
             FROM contract_versions WHERE tenant_id = {t} \
           UNION ALL SELECT recorded_at, 2, kind, contract_id, invoice_id, recorded_by \
             FROM contract_invoices WHERE tenant_id = {t} \
           UNION ALL SELECT recorded_at, 3, 'period.' || action, CAST(NULL AS TEXT), period, actor \
             FROM period_events WHERE tenant_id = {t} \
           UNION ALL SELECT MIN(recorded_at), 4, 'chart', CAST(NULL AS TEXT), \
             CAST(version AS TEXT), MIN(actor) \
             FROM chart_versions WHERE tenant_id = {t} GROUP BY version \
           UNION ALL SELECT recorded_at, 5, 'posting_control', CAST(NULL AS TEXT), \
             closed_month_writes, actor FROM posting_controls WHERE tenant_id = {t} \
           UNION ALL SELECT created_at, 6, 'job', CAST(NULL AS TEXT), id, requested_by \
             FROM jobs WHERE tenant_id = {t} \
           UNION ALL SELECT recorded_at, 7, \
             CASE WHEN revision = 1 THEN 'usage.recorded' ELSE 'usage.restated' END, \
             contract_id, obligation_id || '/' || record_id || '#' || CAST(revision AS TEXT), \
             recorded_by FROM usage_records WHERE tenant_id = {t} \
         ) facts \
         WHERE ({contract} IS NULL OR contract_id = {contract}) \
           AND recorded_at >= {from} AND recorded_at < {until} \
           AND ({after_at} IS NULL OR recorded_at > {after_at} OR (recorded_at = {after_at} AND \
             (source > {after_source} OR (source = {after_source} AND \
               (COALESCE(contract_id, ''){binary} > {after_contract}{binary} OR \
                (COALESCE(contract_id, '') = {after_contract} AND \
                 reference{binary} > {after_reference}{binary})))))) \
         ORDER BY recorded_at, source, COALESCE(contract_id, ''){binary}, reference{binary} \
         LIMIT {limit}",
        t = p(1),
        contract = p(2),
        from = p(3),
        until = p(4),
        after_at = p(5),
        after_source = p(6),
        after_contract = p(7),
        after_reference = p(8),
        limit = p(9),
    )
}

/// The page of the tenant's facts `query` selects.
pub(crate) fn audit_events(
    connection: &mut DbConnection,
    tenant_id: &str,
    query: &AuditQuery,
) -> Result<Vec<AuditEventRecord>, StoreError> {
    let (after_at, after_source, after_contract, after_reference) = match &query.after {
        Some((at, source, contract, reference)) => {
            (Some(*at), *source, contract.clone(), reference.clone())
        }
        None => (None, 0, String::new(), String::new()),
    };
    macro_rules! run {
        ($connection:expr, $sql:expr) => {
            diesel::sql_query($sql)
                .bind::<Text, _>(tenant_id)
                .bind::<Nullable<Text>, _>(query.contract_id.as_deref())
                .bind::<BigInt, _>(query.from)
                .bind::<BigInt, _>(query.until)
                .bind::<Nullable<BigInt>, _>(after_at)
                .bind::<Integer, _>(after_source)
                .bind::<Text, _>(&after_contract)
                .bind::<Text, _>(&after_reference)
                .bind::<BigInt, _>(i64::from(query.limit))
                .load::<AuditRow>($connection)?
        };
    }
    let rows: Vec<AuditRow> = match connection {
        DbConnection::Postgres(pg) => run!(pg, statement(|n| format!("${n}"), " COLLATE \"C\"")),
        DbConnection::Sqlite(sqlite) => run!(sqlite, statement(|n| format!("?{n}"), "")),
    };
    Ok(rows
        .into_iter()
        .map(|row| AuditEventRecord {
            recorded_at: row.recorded_at,
            source: row.source,
            kind: row.kind,
            contract_id: row.contract_id,
            reference: row.reference,
            actor: row.actor,
        })
        .collect())
}
