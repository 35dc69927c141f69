//! The close package of a closed month or quarter (docs/ledger.md, "The close package"):
//! `GET /v1/close-packages/{period}`, the console's download, and `revrec replay`.
//!
//! The server reads the facts the months' closes saw, chains them into a log, and computes
//! every figure from that log by [`figures::package_of`], the function a replay runs on
//! the log it reads back from the package. It then adds what only it can check: that the
//! rows stored at each close, the digest each close recorded and the journal it exports
//! are those figures. A difference is a warning in the package, which a replay, knowing
//! only the facts, cannot reproduce: the package then fails its replay, as it should.

pub mod facts;
pub mod figures;

use revrec_domain::{Period, closing_sequence};

use crate::error::UseCaseError;
use crate::history::ContractPages;
use crate::ledger::{EntryStatus, JournalQuery, MAX_LIMIT, chart_of_accounts, journal_page};
use crate::offload::offload;
use crate::periods::{list_periods, month_digests};
use crate::services::Services;
use crate::verify_books::in_store_order;

pub use facts::{ChainedFact, Fact, FactBooks, FactsError, books_of, check_chain};
pub use figures::{ClosePackage, ENGINE, PackageSpan, package_of};

/// Contracts read per round trip while gathering the facts.
const PAGE: u32 = 500;

/// The close package of `span` as the tenant's books stand, charged a unit of work per
/// contract read.
///
/// # Errors
/// `PeriodAction(NotClosed | NothingClosed)` when a month of the span is open.
pub async fn close_package(
    services: &Services,
    tenant_id: &str,
    span: PackageSpan,
) -> Result<ClosePackage, UseCaseError> {
    let events = services.periods.period_events(tenant_id).await?;
    let through = closes_of(&events, &span)?;
    let events: Vec<_> = events
        .into_iter()
        .filter(|event| event.sequence <= through)
        .collect();
    let mut gathered: Vec<Fact> = events.iter().cloned().map(Fact::Period).collect();
    gathered.extend(
        services
            .ledger
            .charts(tenant_id)
            .await?
            .into_iter()
            .filter(|chart| chart.books_sequence < through)
            .map(|chart| Fact::Chart(Box::new(chart))),
    );
    let mut read = 0_u64;
    let mut pages = ContractPages::new(services, tenant_id, PAGE);
    while let Some(page) = pages.next_page().await? {
        read += u64::try_from(page.len()).unwrap_or(u64::MAX);
        for stored in &page {
            gathered.extend(facts::facts_of_contract(stored, through));
        }
    }
    services.work.charge(read.max(1)).await?;
    let tenant = tenant_id.to_owned();
    let package_span = span.clone();
    let mut package = offload(services, move || {
        let log = facts::chain(gathered);
        let books =
            books_of(&tenant, &log).map_err(|error| UseCaseError::Corrupt(error.to_string()))?;
        package_of(&tenant, &package_span, &books, log)
    })
    .await??;
    let warnings = stored_checks(services, tenant_id, &package).await?;
    package.warnings.extend(warnings);
    Ok(package)
}

/// The sequence of the latest close that froze a month of `span`: the package holds the
/// facts written before it and the closes and reopens through it.
fn closes_of(
    events: &[revrec_ports::PeriodEventRecord],
    span: &PackageSpan,
) -> Result<i64, UseCaseError> {
    let actions = revrec_ports::periods::sequenced_actions(events);
    let mut through = 0;
    let mut period = span.months.first();
    while period <= span.months.last() {
        match closing_sequence(period, &actions) {
            Some(sequence) => through = through.max(sequence),
            None => return Err(figures::not_closed(events, period)),
        }
        period = period.next();
    }
    Ok(through)
}

/// What only the server can check of `package`: the rows stored at each close, the digest
/// each close recorded, and the journal it exports, against the figures of the facts.
async fn stored_checks(
    services: &Services,
    tenant_id: &str,
    package: &ClosePackage,
) -> Result<Vec<String>, UseCaseError> {
    let mut warnings = Vec::new();
    let months: Vec<Period> = package.months.iter().map(|month| month.period).collect();
    let mut stored = Vec::new();
    let mut currencies: Vec<_> = package.currencies.iter().map(|c| c.currency).collect();
    for currency in services.reports.currencies(tenant_id).await? {
        if !currencies.contains(&currency) {
            currencies.push(currency);
        }
    }
    currencies.sort();
    for currency in &currencies {
        let books = services.periods.frozen_rollup(tenant_id, *currency).await?;
        stored.push((*currency, in_store_order(books.frozen_rows(|_| true))));
    }
    let listed = list_periods(services, tenant_id).await?;
    for ((period, stored_digest), month) in month_digests(months.iter().copied(), &stored)
        .into_iter()
        .zip(&package.months)
    {
        if stored_digest != month.digest {
            warnings.push(format!(
                "the figures stored at the close of {period} are not what its facts give: run `revrec verify`"
            ));
        }
        let recorded = listed.closed.iter().find(|closed| closed.period == period);
        if recorded.is_some_and(|closed| closed.digest != month.digest) {
            warnings.push(format!(
                "the digest recorded at the close of {period} is not the digest of what its facts give"
            ));
        }
    }
    for currency in &package.currencies {
        for journal in &currency.journals {
            let exported =
                exported_ids(services, tenant_id, currency.currency, journal.period).await?;
            if exported != journal.entry_ids {
                warnings.push(format!(
                    "the {} journal export of {} is not the journal its facts give",
                    currency.currency, journal.period
                ));
            }
        }
    }
    Ok(warnings)
}

/// The ids of the month's journal export in `currency`, in order.
async fn exported_ids(
    services: &Services,
    tenant_id: &str,
    currency: revrec_domain::Currency,
    period: Period,
) -> Result<Vec<String>, UseCaseError> {
    let chart = chart_of_accounts(services, tenant_id, period, None).await?;
    let mut query = JournalQuery {
        period,
        status: EntryStatus::Approved,
        currency: Some(currency),
        after: None,
        limit: MAX_LIMIT,
        scope: revrec_domain::EntryScope::All,
        as_of: None,
        since: None,
    };
    let mut ids = Vec::new();
    loop {
        let page = journal_page(services, tenant_id, &query, &chart).await?;
        ids.extend(page.entries.into_iter().map(|entry| entry.entry.id));
        match page.next {
            Some(next) => query.after = Some(next),
            None => return Ok(ids),
        }
    }
}
