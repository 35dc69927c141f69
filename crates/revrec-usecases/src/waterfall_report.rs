//! The revenue waterfall of the tenant's reported contracts, or of one contract.

use std::collections::BTreeMap;
use std::sync::Arc;

use revrec_domain::{
    BookedMonth, BookedRollup, Currency, Granularity, GroupedWaterfall, MonthlyTotals, PartAmount,
    Period, PeriodRange, PlanHistory, Rollup, RollupAmounts, Waterfall, WaterfallParts,
    contract_totals, contributions, extent, fold_into_rows, obligation_keys, obligation_parts,
    output_hash, pob_type_parts, waterfall_by,
};

use revrec_ports::{PeriodEventRecord, StoredContract};

use crate::as_of::{AsOf, contract_and_books, contract_in_books};
use crate::books::{DetailKey, booked_portfolio, contract_books};
use crate::error::UseCaseError;
use crate::history::replay_on_pool;
use crate::services::Services;
use crate::waterfall_memo::WaterfallAsked;

#[derive(Clone, Debug, Default)]
pub struct WaterfallQuery {
    pub start: Option<Period>,
    pub end: Option<Period>,
    pub contract_id: Option<String>,
    pub currency: Option<Currency>,
    pub granularity: Granularity,
    /// The books as they stood at this instant (docs/ledger.md, "As of an instant"); now
    /// when `None`.
    pub as_of: Option<AsOf>,
}

pub use crate::reported_waterfall::WaterfallReport;

/// The waterfall `query` asks for. One contract's, of the books as they stand now, is
/// computed once for each revision of the contract, state of the books and query
/// (`waterfall_memo`): the read still asks the database which those are.
pub async fn waterfall_report(
    services: &Services,
    tenant_id: &str,
    query: &WaterfallQuery,
) -> Result<Arc<WaterfallReport>, UseCaseError> {
    if let (Some(id), None) = (&query.contract_id, query.as_of) {
        let (stored, books) = contract_and_books(services, tenant_id, id).await?;
        let asked = WaterfallAsked {
            start: query.start,
            end: query.end,
            currency: query.currency,
            granularity: query.granularity,
        };
        if let Some(report) = services
            .waterfall_memo
            .get(tenant_id, &stored, books, asked)
        {
            return Ok(report);
        }
        let events = services.periods.period_events_at(tenant_id, books).await?;
        let selection = contract_selection(services, Arc::clone(&stored), events).await?;
        let report = Arc::new(selection.waterfall(query)?);
        services
            .waterfall_memo
            .put(tenant_id, &stored, books, asked, Arc::clone(&report));
        return Ok(report);
    }
    let selection = select(services, tenant_id, query).await?;
    selection.waterfall(query).map(Arc::new)
}

/// What a waterfall reports: one contract's figures or a portfolio's, under the tenant's
/// books.
struct Selection {
    currency: Currency,
    /// The figures by month, as the books report them.
    totals: MonthlyTotals,
    /// With a month closed, the figures by month and obligation type, and the corrections.
    booked: Option<BookedRollup>,
    source: Source,
}

/// Where a selection's parts come from: a portfolio's rollup, or one contract's plans
/// (with its obligations' booked revenue when a change came after a close).
enum Source {
    Rollup(Rollup),
    Contract(PlanHistory, Option<BookedObligations>),
}

type BookedObligations = crate::books::BookedDetail;

impl Selection {
    /// Figures under books that may have months closed.
    fn booked(currency: Currency, booked: BookedRollup, source: Source) -> Selection {
        let totals = booked.rollup.by_period();
        Selection {
            currency,
            totals,
            booked: booked.closed_through.is_some().then_some(booked),
            source,
        }
    }

    fn waterfall(&self, query: &WaterfallQuery) -> Result<WaterfallReport, UseCaseError> {
        let report = waterfall_of(&self.totals, self.currency, query)?;
        let (Some(booked), Some(range)) = (&self.booked, report_range(&self.totals, query)?) else {
            return Ok(report);
        };
        let waterfall = report.waterfall.with_books(
            range,
            &self.totals,
            &booked.corrections.by_period(),
            booked.closed_through,
        );
        let output_hash = output_hash("waterfall/v1", &waterfall);
        Ok(WaterfallReport {
            waterfall,
            output_hash,
        })
    }
}

async fn select(
    services: &Services,
    tenant_id: &str,
    query: &WaterfallQuery,
) -> Result<Selection, UseCaseError> {
    match &query.contract_id {
        Some(id) => {
            let (stored, events) = contract_in_books(services, tenant_id, id, query.as_of).await?;
            contract_selection(services, stored, events).await
        }
        None => {
            let (currency, booked) =
                booked_portfolio(services, tenant_id, query.currency, query.end, query.as_of)
                    .await?;
            let rollup = booked.rollup.clone();
            Ok(Selection::booked(currency, booked, Source::Rollup(rollup)))
        }
    }
}

/// One contract's figures under the books whose closes and reopens are `events`, straight
/// from its schedule (a draft shows as a preview).
async fn contract_selection(
    services: &Services,
    stored: Arc<StoredContract>,
    events: Vec<PeriodEventRecord>,
) -> Result<Selection, UseCaseError> {
    let history = replay_on_pool(services, &stored).await?;
    let currency = stored.record.currency;
    if events.is_empty() {
        return Ok(Selection {
            currency,
            totals: contract_totals(&history),
            booked: None,
            source: Source::Contract(history, None),
        });
    }
    let size =
        crate::history::replay_size(&stored) * u64::try_from(events.len() + 1).unwrap_or(u64::MAX);
    let current = history.clone();
    let books = crate::offload::offload_sized(services, size, move || {
        contract_books(&stored, &current, &events)
    })
    .await??;
    Ok(Selection::booked(
        currency,
        books.booked,
        Source::Contract(history, books.detail),
    ))
}

/// The months a waterfall of `totals` reports under `query`, if any.
fn report_range(
    totals: &MonthlyTotals,
    query: &WaterfallQuery,
) -> Result<Option<PeriodRange>, revrec_domain::PeriodError> {
    range_of(totals, query)
        .map(|(first, last)| months_of(query, first, last))
        .transpose()
}

/// The waterfall of `totals` over the query's months (its contract and currency already
/// applied). A missing bound defaults to the selection's first or last month (never past
/// the other bound); with no data and no bounds the waterfall is empty.
///
/// # Errors
/// A start after the end.
pub fn waterfall_of(
    totals: &MonthlyTotals,
    currency: Currency,
    query: &WaterfallQuery,
) -> Result<WaterfallReport, revrec_domain::PeriodError> {
    let waterfall = match range_of(totals, query) {
        Some((start, end)) => waterfall_by(
            totals,
            currency,
            months_of(query, start, end)?,
            query.granularity,
        ),
        None => Waterfall {
            currency,
            granularity: query.granularity,
            rows: Vec::new(),
            total_recognized: 0,
            total_deferred: 0,
            billed_by_invoices: false,
            closed_through: None,
        },
    };
    let output_hash = output_hash("waterfall/v1", &waterfall);
    Ok(WaterfallReport {
        waterfall,
        output_hash,
    })
}

/// The range a caller asked for is held to the report limit; one the data decides (a
/// bound left out) spans the data, so every contract the API accepts can be reported whole.
fn months_of(
    query: &WaterfallQuery,
    start: Period,
    end: Period,
) -> Result<PeriodRange, revrec_domain::PeriodError> {
    match (query.start, query.end) {
        (Some(_), Some(_)) => PeriodRange::new(start, end),
        _ => PeriodRange::spanning(start, end).ok_or(revrec_domain::PeriodError::StartAfterEnd {
            first: start,
            last: end,
        }),
    }
}

/// The months a waterfall of `totals` covers under `query` (see [`waterfall_of`]).
fn range_of(totals: &MonthlyTotals, query: &WaterfallQuery) -> Option<(Period, Period)> {
    match (query.start, query.end, extent(totals)) {
        (Some(start), Some(end), _) => Some((start, end)),
        (Some(start), None, Some((_, last))) => Some((start, last.max(start))),
        (None, Some(end), Some((first, _))) => Some((first.min(end), end)),
        (Some(only), None, None) | (None, Some(only), None) => Some((only, only)),
        (None, None, extent) => extent,
    }
}

/// What a waterfall's rows are split by (`group_by`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GroupBy {
    /// The five obligation types: a portfolio's (from its rollups) or one contract's.
    PobType,
    /// One contract's obligations.
    Obligation,
}

impl GroupBy {
    pub const ALL: [GroupBy; 2] = [GroupBy::PobType, GroupBy::Obligation];

    pub fn parse(text: &str) -> Option<GroupBy> {
        GroupBy::ALL
            .into_iter()
            .find(|group| group.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GroupBy::PobType => "pob_type",
            GroupBy::Obligation => "obligation",
        }
    }
}

/// A waterfall with each row split into parts that sum to it exactly. Its `output_hash`
/// covers the parts too.
#[derive(Clone, Debug)]
pub struct GroupedWaterfallReport {
    pub report: WaterfallReport,
    pub group_by: GroupBy,
    pub parts: WaterfallParts,
}

pub async fn grouped_waterfall_report(
    services: &Services,
    tenant_id: &str,
    query: &WaterfallQuery,
    group_by: GroupBy,
) -> Result<GroupedWaterfallReport, UseCaseError> {
    if query.contract_id.is_none() && group_by == GroupBy::Obligation {
        return Err(UseCaseError::ObligationsNeedAContract);
    }
    let selection = select(services, tenant_id, query).await?;
    let mut report = selection.waterfall(query)?;
    let range = report_range(&selection.totals, query)?;
    let parts = match (&selection.source, &selection.booked, group_by) {
        (Source::Contract(history, Some(obligations)), _, GroupBy::Obligation) => {
            booked_obligation_parts(&report.waterfall, history, obligations, range)
        }
        (Source::Contract(history, None), _, GroupBy::Obligation) => {
            obligation_parts(&report.waterfall, history.current(), range)
        }
        (_, Some(booked), _) => pob_type_parts(&report.waterfall, &booked.rollup, range),
        (Source::Rollup(rollup), None, _) => pob_type_parts(&report.waterfall, rollup, range),
        (Source::Contract(history, _), None, GroupBy::PobType) => {
            let rollup = Rollup::from_rows(contributions(history));
            pob_type_parts(&report.waterfall, &rollup, range)
        }
    };
    report.output_hash = output_hash(
        "waterfall-parts/v1",
        &GroupedWaterfall {
            waterfall: &report.waterfall,
            group_by: group_by.as_str(),
            parts: &parts,
        },
    );
    Ok(GroupedWaterfallReport {
        report,
        group_by,
        parts,
    })
}

/// A contract's obligation parts from its obligations' booked revenue: its obligations in
/// plan order, then any that only the closed months still hold (an obligation a later
/// change removed), so the parts still sum to each row.
fn booked_obligation_parts(
    waterfall: &Waterfall,
    history: &PlanHistory,
    obligations: &BookedObligations,
    range: Option<PeriodRange>,
) -> WaterfallParts {
    let booked: BTreeMap<&str, &Vec<BookedMonth<RollupAmounts>>> = obligations
        .reported
        .iter()
        .filter_map(|(key, months)| match key {
            DetailKey::Obligation(key) => Some((key.as_str(), months)),
            DetailKey::Contract => None,
        })
        .collect();
    let mut keys = obligation_keys(history.current());
    let mut gone: Vec<String> = booked
        .keys()
        .filter(|key| !keys.iter().any(|known| known == *key))
        .map(|key| (*key).to_owned())
        .collect();
    keys.append(&mut gone);
    let months: Vec<BTreeMap<Period, PartAmount>> = keys
        .iter()
        .map(|key| {
            booked
                .get(key.as_str())
                .into_iter()
                .flat_map(|months| months.iter())
                .map(|month| {
                    let part = PartAmount {
                        recognized: month.amount.recognized,
                        variable: month.amount.variable,
                    };
                    (month.period, part)
                })
                .collect()
        })
        .collect();
    let monthly: Vec<(Period, Vec<PartAmount>)> = range
        .into_iter()
        .flat_map(|range| range.iter())
        .map(|period| {
            let parts = months
                .iter()
                .map(|amounts| amounts.get(&period).copied().unwrap_or_default())
                .collect();
            (period, parts)
        })
        .collect();
    fold_into_rows(waterfall, keys, &monthly)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    use revrec_ports::contracts::MockContractRepository;
    use revrec_ports::periods::MockPeriodRepository;

    use super::*;
    use crate::mocked_services::{mocked_at, replayable};

    /// Services whose contract `ctr_1` is whatever `current` holds, under books at
    /// `books`, counting the reads of the books' closes (one per waterfall computed).
    fn services(
        current: &Arc<Mutex<Arc<StoredContract>>>,
        books: &Arc<AtomicI64>,
        computed: &Arc<AtomicUsize>,
    ) -> Services {
        let (current, books, computed) =
            (Arc::clone(current), Arc::clone(books), Arc::clone(computed));
        let mut contracts = MockContractRepository::new();
        contracts.expect_find_in_books().returning(move |_, _| {
            let stored = Arc::clone(&current.lock().unwrap_or_else(|_| unreachable!()));
            Ok(Some((stored, books.load(Ordering::SeqCst))))
        });
        let mut periods = MockPeriodRepository::new();
        periods.expect_period_events_at().returning(move |_, _| {
            computed.fetch_add(1, Ordering::SeqCst);
            Ok(Vec::new())
        });
        Services::from(crate::SharedServices {
            contracts: Arc::new(contracts),
            periods: Arc::new(periods),
            ..mocked_at(0)
        })
    }

    fn of_contract(start: Option<Period>) -> WaterfallQuery {
        WaterfallQuery {
            contract_id: Some("ctr_1".into()),
            start,
            ..WaterfallQuery::default()
        }
    }

    #[tokio::test]
    async fn one_contracts_waterfall_is_computed_once_for_the_same_contract_books_and_query() {
        let current = Arc::new(Mutex::new(replayable("ctr_1")));
        let (books, computed) = (Arc::new(AtomicI64::new(0)), Arc::new(AtomicUsize::new(0)));
        let services = services(&current, &books, &computed);
        let read = |query: WaterfallQuery| {
            let services = &services;
            async move {
                waterfall_report(services, "t1", &query)
                    .await
                    .unwrap_or_else(|error| panic!("{error}"))
            }
        };
        let first = read(of_contract(None)).await;
        assert_eq!(first.waterfall.total_recognized, 120_000);
        assert!(Arc::ptr_eq(&first, &read(of_contract(None)).await));
        assert_eq!(
            computed.load(Ordering::SeqCst),
            1,
            "the second read is the first's"
        );

        // A close or reopen since (the books' sequence moved): computed again.
        books.store(7, Ordering::SeqCst);
        let after_close = read(of_contract(None)).await;
        assert!(!Arc::ptr_eq(&first, &after_close));
        assert_eq!(computed.load(Ordering::SeqCst), 2);

        // Another query of the same contract is computed, and takes the contract's place.
        let march = Period::parse("2026-03").unwrap_or_else(|_| unreachable!());
        let from_march = read(of_contract(Some(march))).await;
        assert_eq!(from_march.waterfall.rows.len(), 10);
        let again = read(of_contract(None)).await;
        assert!(!Arc::ptr_eq(&after_close, &again));
        assert_eq!(again.output_hash, first.output_hash);
        assert_eq!(computed.load(Ordering::SeqCst), 4);

        // Another revision of the contract (another stored value, even with equal terms).
        *current.lock().unwrap_or_else(|_| unreachable!()) = replayable("ctr_1");
        let revised = read(of_contract(None)).await;
        assert!(!Arc::ptr_eq(&again, &revised));
        assert_eq!(computed.load(Ordering::SeqCst), 5);
        assert!(Arc::ptr_eq(&revised, &read(of_contract(None)).await));
    }
}
