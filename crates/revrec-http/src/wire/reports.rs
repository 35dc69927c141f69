//! Reports on the wire: the waterfall and the Note 6 disclosure.

use std::collections::BTreeMap;

use revrec_usecases::note6_report::Note6Report;
use revrec_usecases::waterfall_report::WaterfallReport;
use serde::Serialize;
use utoipa::ToSchema;

use crate::wire::amount::Amount;

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WaterfallPeriod {
    /// `YYYY-MM`.
    #[schema(example = "2026-01")]
    pub period: String,
    pub recognized_amount: Amount,
    /// Deferred revenue at the end of the period (billed-at-start convention).
    pub deferred_balance: Amount,
}

/// Monthly recognized revenue and deferred balances. The first three fields are the spec's;
/// `currency` and `output_hash` are extensions.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WaterfallResponse {
    /// Every month of the range, zeros included, ascending.
    pub periods: Vec<WaterfallPeriod>,
    pub total_recognized: Amount,
    /// The last period's deferred balance.
    pub total_deferred: Amount,
    pub currency: String,
    /// `sha256:` digest of the figures: equal inputs give equal hashes on any backend.
    pub output_hash: String,
}

impl From<&WaterfallReport> for WaterfallResponse {
    fn from(report: &WaterfallReport) -> WaterfallResponse {
        let waterfall = &report.waterfall;
        let currency = waterfall.currency;
        WaterfallResponse {
            periods: waterfall
                .rows
                .iter()
                .map(|row| WaterfallPeriod {
                    period: row.period.to_string(),
                    recognized_amount: Amount::minor(row.recognized, currency),
                    deferred_balance: Amount::minor(row.deferred_balance, currency),
                })
                .collect(),
            total_recognized: Amount::minor(waterfall.total_recognized, currency),
            total_deferred: Amount::minor(waterfall.total_deferred, currency),
            currency: currency.code().to_owned(),
            output_hash: report.output_hash.to_string(),
        }
    }
}

/// Revenue by timing of transfer.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RevenueByTiming {
    pub over_time: Amount,
    pub point_in_time: Amount,
}

/// Contract balances (ASC 606-10-50-8).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ContractBalances {
    pub opening_deferred_revenue: Amount,
    pub closing_deferred_revenue: Amount,
    /// Revenue of the quarter that was in the opening deferred balance.
    pub revenue_recognized_from_opening_balance: Amount,
}

/// Note 6 disclosure data for a quarter. `period`, `rpo_total` and `disaggregated_revenue`
/// are the spec's; the rest are extensions.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Note6Response {
    #[schema(example = "2026-Q1")]
    pub period: String,
    /// Allocated price not yet recognized at the quarter's end (remaining performance obligations).
    pub rpo_total: Amount,
    /// The quarter's revenue by `pob_type`.
    pub disaggregated_revenue: BTreeMap<String, Amount>,
    pub currency: String,
    pub rpo_next_12_months: Amount,
    pub rpo_thereafter: Amount,
    pub revenue_by_timing: RevenueByTiming,
    pub total_revenue: Amount,
    pub contract_balances: ContractBalances,
    pub output_hash: String,
}

impl From<&Note6Report> for Note6Response {
    fn from(report: &Note6Report) -> Note6Response {
        let note = &report.note6;
        let currency = note.currency;
        let amount = |minor: i64| Amount::minor(minor, currency);
        let timing = |wanted: revrec_domain::Timing| {
            note.revenue_by_timing
                .iter()
                .find(|(timing, _)| *timing == wanted)
                .map_or(0, |(_, value)| *value)
        };
        Note6Response {
            period: note.quarter.to_string(),
            rpo_total: amount(note.rpo_total),
            disaggregated_revenue: note
                .revenue_by_pob_type
                .iter()
                .map(|(pob_type, value)| (pob_type.as_str().to_owned(), amount(*value)))
                .collect(),
            currency: currency.code().to_owned(),
            rpo_next_12_months: amount(note.rpo_next_12_months),
            rpo_thereafter: amount(note.rpo_thereafter),
            revenue_by_timing: RevenueByTiming {
                over_time: amount(timing(revrec_domain::Timing::OverTime)),
                point_in_time: amount(timing(revrec_domain::Timing::PointInTime)),
            },
            total_revenue: amount(note.total_revenue),
            contract_balances: ContractBalances {
                opening_deferred_revenue: amount(note.opening_deferred),
                closing_deferred_revenue: amount(note.closing_deferred),
                revenue_recognized_from_opening_balance: amount(note.revenue_from_opening_deferred),
            },
            output_hash: report.output_hash.to_string(),
        }
    }
}
