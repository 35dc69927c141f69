//! The close package of a closed month or quarter (docs/ledger.md, "The close package"):
//! `GET /v1/close-packages/{period}`, the console's download, and `revrec replay`.
//!
//! The server reads the facts the months' closes saw and computes every figure from them
//! with a [`PackageBuilder`], a page of contracts at a time: each contract's facts are
//! chained into the log, the contract is rebuilt from them alone, and its figures are added
//! up. A replay runs the same builder over the facts it reads back from the package. The
//! server then adds what only it can check: that the rows stored at each close, the digest
//! each close recorded and the journal it exports are those figures. A difference is a
//! warning in the package, which a replay, knowing only the facts, cannot reproduce: the
//! package then fails its replay, as it should.

pub mod facts;
pub mod figures;

use std::sync::Arc;

use revrec_domain::{ChartsInForce, closing_sequence};
use revrec_ports::{ContractScan, PeriodEventRecord, StoredContract};

use crate::books::contract_books;
use crate::error::UseCaseError;
use crate::history::replay;
use crate::ledger::{charts_in_force_of, contract_month_entries};
use crate::offload::offload;
use crate::periods::month_digests;
use crate::services::Services;
use crate::verify_books::{frozen_as_stored, recorded_digests};

pub use facts::{ChainedFact, Fact, FactsError, check_chain};
pub use figures::{
    ClosePackage, ContractPackage, ENGINE, PackageBuilder, PackageContext, PackageSpan,
    PackageTotals, PreparedContract, package_of,
};

/// Contracts read, and computed on the compute pool, per page: what the server holds at
/// once (two pages: one computed, the next read), whatever the portfolio's size.
const PAGE: u32 = 256;

/// A package being read: its log's start (the books' own facts) is known; its contracts
/// follow a page at a time, then its totals.
pub struct OpenPackage {
    services: Services,
    tenant_id: String,
    span: PackageSpan,
    /// The close the package's facts came before.
    through: i64,
    /// The books as they stand now, for the check of the journal export.
    now: Arc<(Vec<PeriodEventRecord>, ChartsInForce)>,
    builder: Option<PackageBuilder>,
    after: Option<String>,
    /// Whether the last page has been read from the store.
    done: bool,
    /// The page read while the one before it was computed.
    prefetched: Option<Vec<Arc<StoredContract>>>,
    /// The books' own facts, chained: the log's start.
    pub books: Vec<ChainedFact>,
}

/// Opens the close package of `span` as the tenant's books stand.
///
/// # Errors
/// `PeriodAction(NotClosed | NothingClosed)` when a month of the span is open.
pub async fn open_package(
    services: &Services,
    tenant_id: &str,
    span: PackageSpan,
) -> Result<OpenPackage, UseCaseError> {
    let events = services.periods.period_events(tenant_id).await?;
    let through = closes_of(&events, &span)?;
    let charts = services.ledger.charts(tenant_id).await?;
    let mut books: Vec<Fact> = events
        .iter()
        .filter(|event| event.sequence <= through)
        .cloned()
        .map(Fact::Period)
        .collect();
    books.extend(
        charts
            .iter()
            .filter(|chart| chart.books_sequence < through)
            .cloned()
            .map(|chart| Fact::Chart(Box::new(chart))),
    );
    let (builder, chained) = PackageBuilder::new(tenant_id, span.clone(), books)?;
    let charts_now = charts_in_force_of(charts, &events);
    Ok(OpenPackage {
        services: services.clone(),
        tenant_id: tenant_id.to_owned(),
        span,
        through,
        now: Arc::new((events, charts_now)),
        builder: Some(builder),
        after: None,
        done: false,
        prefetched: None,
        books: chained,
    })
}

impl OpenPackage {
    /// The tenant and the months packaged.
    pub fn tenant_id(&self) -> &str {
        &self.tenant_id
    }

    pub fn span(&self) -> &PackageSpan {
        &self.span
    }

    /// The next page of contracts in id order (each with a fact before the close), or
    /// `None` after the last. The page is computed in two halves on the compute pool at once
    /// while the page after it is read, then folded into the log in order.
    ///
    /// # Errors
    /// When the store cannot be read, or a contract's versions do not replay.
    pub async fn next_page(&mut self) -> Result<Option<Vec<ContractPackage>>, UseCaseError> {
        let contracts = match self.prefetched.take() {
            Some(contracts) => contracts,
            None if self.done => return Ok(None),
            None => {
                let (contracts, next) =
                    scan_page(&self.services, &self.tenant_id, self.after.take()).await?;
                (self.done, self.after) = (next.is_none(), next);
                contracts
            }
        };
        if contracts.is_empty() && self.done {
            return Ok(None);
        }
        let mut builder = self.builder.take().ok_or(UseCaseError::Interrupted)?;
        let context = builder.context();
        // Two halves at once: the machine's cores, while the store reads the next page.
        let (first, second) = contracts.split_at(contracts.len() / 2);
        let half = |part: &[Arc<StoredContract>]| {
            let (part, context) = (part.to_vec(), Arc::clone(&context));
            let (through, now) = (self.through, Arc::clone(&self.now));
            offload(&self.services, move || {
                prepare_part(&part, &context, through, &now)
            })
        };
        let computed = futures_util::future::join(half(first), half(second));
        let ((first, second), next) = if self.done {
            (computed.await, Ok((Vec::new(), None)))
        } else {
            let after = self.after.take();
            futures_util::future::join(computed, scan_page(&self.services, &self.tenant_id, after))
                .await
        };
        let computed = [first, second];
        let mut page = Vec::with_capacity(contracts.len());
        for part in computed {
            for (prepared, warning) in part?? {
                page.push(builder.fold(prepared));
                if let Some(warning) = warning {
                    builder.warn(warning);
                }
            }
        }
        self.builder = Some(builder);
        if !self.done {
            let (contracts, after) = next?;
            (self.done, self.after) = (after.is_none(), after);
            self.prefetched = Some(contracts);
        }
        Ok(Some(page))
    }

    /// The package's totals once every page is read, with the server's checks of what it
    /// stored at each close and recorded against them.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn finish(mut self) -> Result<PackageTotals, UseCaseError> {
        let builder = self.builder.take().ok_or(UseCaseError::Interrupted)?;
        let mut totals = builder.finish();
        let warnings = stored_checks(&self.services, &self.tenant_id, &self.now.0, &totals).await?;
        totals.warnings.extend(warnings);
        Ok(totals)
    }
}

/// The close package of `span` whole, in memory (the ZIP, and tests): [`open_package`]
/// read to its end.
///
/// # Errors
/// As [`open_package`] and its pages.
pub async fn close_package(
    services: &Services,
    tenant_id: &str,
    span: PackageSpan,
) -> Result<ClosePackage, UseCaseError> {
    let mut open = open_package(services, tenant_id, span).await?;
    let mut contracts = Vec::new();
    while let Some(page) = open.next_page().await? {
        contracts.extend(page);
    }
    let (tenant_id, span, books) = (
        open.tenant_id.clone(),
        open.span.clone(),
        std::mem::take(&mut open.books),
    );
    Ok(ClosePackage {
        tenant_id,
        span,
        engine: ENGINE.to_owned(),
        books,
        contracts,
        totals: open.finish().await?,
    })
}

/// The page of the tenant's contracts after `after`, as stored, and where the next starts.
async fn scan_page(
    services: &Services,
    tenant_id: &str,
    after: Option<String>,
) -> Result<(Vec<Arc<StoredContract>>, Option<String>), UseCaseError> {
    let page = services
        .contracts
        .scan(
            tenant_id,
            &ContractScan {
                after,
                limit: PAGE,
                ..ContractScan::default()
            },
        )
        .await?;
    Ok((page.contracts, page.next))
}

/// `part` of a page computed apart from the log: each contract with a fact before close
/// `through`, with the warning of the server's check of its journal export, if any.
fn prepare_part(
    part: &[Arc<StoredContract>],
    context: &PackageContext,
    through: i64,
    now: &(Vec<PeriodEventRecord>, ChartsInForce),
) -> Result<Vec<(PreparedContract, Option<String>)>, UseCaseError> {
    part.iter()
        .filter_map(|stored| {
            let facts = facts::facts_of_contract(stored, through);
            (!facts.is_empty()).then(|| {
                let prepared = context.prepare(facts)?;
                let warning =
                    exported_differs(stored, &prepared, through, now, context.tenant_id())?;
                Ok((prepared, warning))
            })
        })
        .collect()
}

/// The sequence of the latest close that froze a month of `span`: the package holds the
/// facts written before it and the closes and reopens through it.
fn closes_of(events: &[PeriodEventRecord], span: &PackageSpan) -> Result<i64, UseCaseError> {
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

/// A warning when the journal the API exports for the contract (its books as they stand
/// now) is not the package's. A contract with no fact written since the close is the
/// package's contract itself, so only the others are read again.
fn exported_differs(
    stored: &StoredContract,
    package: &PreparedContract,
    through: i64,
    now: &(Vec<PeriodEventRecord>, ChartsInForce),
    tenant_id: &str,
) -> Result<Option<String>, UseCaseError> {
    let Some(figures) = package.figures() else {
        return Ok(None);
    };
    if stored.stamps.latest() < through {
        return Ok(None);
    }
    let (events, charts) = now;
    let history = replay(stored)?;
    let detail = contract_books(stored, &history, events)?.detail;
    for (period, ids) in &figures.journal {
        let exported: Vec<String> = contract_month_entries(
            stored,
            &history,
            detail.as_ref(),
            &charts.for_month(*period),
            tenant_id,
            *period,
        )?
        .into_iter()
        .map(|entry| entry.id)
        .collect();
        if exported != *ids {
            return Ok(Some(format!(
                "contract {}: the journal export of {period} is not the journal its facts give",
                stored.record.id
            )));
        }
    }
    Ok(None)
}

/// What only the server can check of `totals`: the rows stored at each close and the
/// digest each close recorded (as `revrec verify` reads them), against the figures of the
/// facts.
async fn stored_checks(
    services: &Services,
    tenant_id: &str,
    events: &[PeriodEventRecord],
    totals: &PackageTotals,
) -> Result<Vec<String>, UseCaseError> {
    let currencies = totals.currencies.iter().map(|c| c.currency).collect();
    let stored = frozen_as_stored(services, tenant_id, currencies).await?;
    let recorded = recorded_digests(services, tenant_id, events).await?;
    let months = totals.months.iter().map(|month| month.period);
    let mut warnings = Vec::new();
    for ((period, stored_digest), month) in month_digests(months, &stored)
        .into_iter()
        .zip(&totals.months)
    {
        if stored_digest != month.digest {
            warnings.push(format!(
                "the figures stored at the close of {period} are not what its facts give: run `revrec verify`"
            ));
        }
        if recorded
            .get(&period)
            .is_some_and(|digest| *digest != month.digest)
        {
            warnings.push(format!(
                "the digest recorded at the close of {period} is not the digest of what its facts give"
            ));
        }
    }
    Ok(warnings)
}
