//! The revenue waterfall of the tenant's reported contracts, or of one contract.

use revrec_domain::{
    Currency, Granularity, MonthlyTotals, OutputHash, Period, PeriodRange, Waterfall,
    contract_totals, extent, output_hash, recognized_by_pob_type, waterfall_by,
};

use crate::error::UseCaseError;
use crate::history::{load_contract, replay};
use crate::services::Services;

#[derive(Clone, Debug, Default)]
pub struct WaterfallQuery {
    pub start: Option<Period>,
    pub end: Option<Period>,
    pub contract_id: Option<String>,
    pub currency: Option<Currency>,
    pub granularity: Granularity,
}

#[derive(Clone, Debug)]
pub struct WaterfallReport {
    pub waterfall: Waterfall,
    pub output_hash: OutputHash,
}

pub async fn waterfall_report(
    services: &Services,
    tenant_id: &str,
    query: &WaterfallQuery,
) -> Result<WaterfallReport, UseCaseError> {
    let (totals, currency) = match &query.contract_id {
        Some(id) => {
            // One contract, straight from its schedule (a draft shows as a preview).
            let stored = load_contract(services, tenant_id, id).await?;
            (
                contract_totals(replay(&stored)?.current()),
                stored.record.currency,
            )
        }
        None => {
            let currency = select_currency(services, tenant_id, query.currency).await?;
            let rollup = services
                .reports
                .rollup(tenant_id, currency, query.end)
                .await?;
            (rollup.by_period(), currency)
        }
    };
    Ok(waterfall_of(&totals, currency, query)?)
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
    let range = match (query.start, query.end, extent(totals)) {
        (Some(start), Some(end), _) => Some((start, end)),
        (Some(start), None, Some((_, last))) => Some((start, last.max(start))),
        (None, Some(end), Some((first, _))) => Some((first.min(end), end)),
        (Some(only), None, None) | (None, Some(only), None) => Some((only, only)),
        (None, None, extent) => extent,
    };
    let waterfall = match range {
        Some((start, end)) => waterfall_by(
            totals,
            currency,
            PeriodRange::new(start, end)?,
            query.granularity,
        ),
        None => Waterfall {
            currency,
            granularity: query.granularity,
            rows: Vec::new(),
            total_recognized: 0,
            total_deferred: 0,
        },
    };
    let output_hash = output_hash("waterfall/v1", &waterfall);
    Ok(WaterfallReport {
        waterfall,
        output_hash,
    })
}

/// The report currency: the one asked for, else the only one the tenant has (USD when it
/// has none yet); several without a choice is `CurrencyRequired`.
pub async fn select_currency(
    services: &Services,
    tenant_id: &str,
    asked: Option<Currency>,
) -> Result<Currency, UseCaseError> {
    if let Some(currency) = asked {
        return Ok(currency);
    }
    let currencies = services.reports.currencies(tenant_id).await?;
    match currencies.as_slice() {
        [] => Ok(Currency::USD),
        [only] => Ok(*only),
        _ => Err(UseCaseError::CurrencyRequired { currencies }),
    }
}

/// A portfolio's monthly waterfall with each month's revenue split by `pob_type` (the
/// console's revenue chart): the waterfall is [`waterfall_report`]'s, to the byte.
#[derive(Clone, Debug)]
pub struct WaterfallByPobType {
    pub report: WaterfallReport,
    /// One entry per row of the waterfall, in [`revrec_domain::PobType::ALL`] order.
    pub by_pob_type: Vec<(Period, [i64; 5])>,
}

pub async fn waterfall_by_pob_type(
    services: &Services,
    tenant_id: &str,
    query: &WaterfallQuery,
) -> Result<WaterfallByPobType, UseCaseError> {
    let query = WaterfallQuery {
        contract_id: None,
        granularity: Granularity::Monthly,
        ..query.clone()
    };
    let report = waterfall_report(services, tenant_id, &query).await?;
    let (Some(first), Some(last)) = (
        report.waterfall.rows.first().map(|row| row.period),
        report.waterfall.rows.last().map(|row| row.period),
    ) else {
        return Ok(WaterfallByPobType {
            report,
            by_pob_type: Vec::new(),
        });
    };
    let rollup = services
        .reports
        .rollup(tenant_id, report.waterfall.currency, Some(last))
        .await?;
    let by_pob_type = recognized_by_pob_type(&rollup, PeriodRange::new(first, last)?);
    Ok(WaterfallByPobType {
        report,
        by_pob_type,
    })
}
