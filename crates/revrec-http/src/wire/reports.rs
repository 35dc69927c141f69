//! Reports on the wire: the waterfall and the Note 6 disclosure.

use std::collections::BTreeMap;

use revrec_domain::Granularity;
use revrec_domain::money::MinorText;
use revrec_usecases::note6_report::Note6Report;
use revrec_usecases::waterfall_report::{GroupedWaterfallReport, WaterfallReport};
use serde::Serialize;
use utoipa::ToSchema;

use crate::wire::amount::Amount;

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WaterfallPeriod {
    /// `YYYY-MM`.
    #[schema(example = "2026-01")]
    pub period: String,
    pub recognized_amount: Amount,
    /// Deferred revenue (contract liabilities) at the end of the period: billed-at-start for
    /// contracts without invoices, billed less recognized per contract for the others.
    pub deferred_balance: Amount,
    /// What was billed in the period: the invoices of contracts billed by invoices, and the
    /// whole price in its start month for the others (so zero contract assets for them).
    pub billed_amount: Amount,
    /// Contract assets at the end of the period: per contract, recognized beyond billed
    /// (never netted against another contract's liability).
    pub contract_asset_balance: Amount,
    /// The part of `recognized_amount` that corrects closed months: a change made after
    /// they closed, booked in the first open month (docs/ledger.md). Zero when none.
    pub correction_amount: Amount,
    /// The part of `recognized_amount` that variable consideration made: usage and prepaid
    /// credits lines whole, other lines their share of the contract's variable components
    /// (docs/asc606.md §15, "Variable revenue"). Zero for a fixed price.
    pub variable_amount: Amount,
    /// Whether the period is closed: its figures are those it froze at the close, whatever
    /// changed since.
    pub closed: bool,
    /// With `group_by`: the month's revenue in parts that sum to `recognized_amount` exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub groups: Option<Vec<WaterfallGroup>>,
}

/// One part of a waterfall row (`group_by`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WaterfallGroup {
    /// The `pob_type` (`group_by=pob_type`: all five, zeros included) or the obligation's id
    /// (`group_by=obligation`: every obligation of the contract, in its order).
    #[schema(example = "subscription")]
    pub key: String,
    pub recognized_amount: Amount,
    /// The part of `recognized_amount` that variable consideration made.
    pub variable_amount: Amount,
}

/// The parts of row `index` of a grouped report.
fn groups_of(grouped: &GroupedWaterfallReport, index: usize) -> Option<Vec<WaterfallGroup>> {
    let currency = grouped.report.waterfall.currency;
    let row = grouped.parts.rows.get(index)?;
    let variable = grouped.parts.variable.get(index)?;
    Some(
        grouped
            .parts
            .keys
            .iter()
            .zip(row)
            .zip(variable)
            .map(|((key, amount), variable)| WaterfallGroup {
                key: key.clone(),
                recognized_amount: Amount::minor(*amount, currency),
                variable_amount: Amount::minor(*variable, currency),
            })
            .collect(),
    )
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
    /// What each period's `groups` split its revenue by, when asked (`group_by`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<GroupByName>, nullable = false)]
    pub group_by: Option<String>,
}

/// `group_by`: `pob_type` (a portfolio's or a contract's rows by obligation type) or
/// `obligation` (one contract's rows by obligation; needs `contract_id`).
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum GroupByName {
    PobType,
    Obligation,
}

impl WaterfallResponse {
    /// A grouped report: the ungrouped body's fields, each period with its parts.
    pub fn grouped(grouped: &GroupedWaterfallReport) -> WaterfallResponse {
        let mut response = WaterfallResponse::from(&grouped.report);
        for (index, period) in response.periods.iter_mut().enumerate() {
            period.groups = groups_of(grouped, index);
        }
        response.group_by = Some(grouped.group_by.as_str().to_owned());
        response
    }
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
                    billed_amount: Amount::minor(row.billed, currency),
                    contract_asset_balance: Amount::minor(row.contract_asset_balance, currency),
                    correction_amount: Amount::minor(row.correction, currency),
                    variable_amount: Amount::minor(row.variable, currency),
                    closed: row.closed,
                    groups: None,
                })
                .collect(),
            total_recognized: Amount::minor(waterfall.total_recognized, currency),
            total_deferred: Amount::minor(waterfall.total_deferred, currency),
            currency: currency.code().to_owned(),
            output_hash: report.output_hash.to_string(),
            group_by: None,
        }
    }
}

impl WaterfallResponse {
    /// The body for `report`, written directly rather than through serde: the waterfall is
    /// the hottest response and building the struct (a string per period and amount, each
    /// amount re-parsed by `RawValue`) was a tenth of a request's CPU. Byte for byte the same
    /// as `serde_json::to_vec(&WaterfallResponse::from(report))`, which a test holds it to.
    pub fn to_json(report: &WaterfallReport) -> Vec<u8> {
        let waterfall = &report.waterfall;
        let exponent = waterfall.currency.exponent();
        let amount = |minor: i64| MinorText::new(minor, exponent);
        // A row is about 200 bytes: room for all of them, so the body is never moved.
        let mut out: Vec<u8> = Vec::with_capacity(256 + waterfall.rows.len() * 240);
        out.extend_from_slice(b"{\"periods\":[");
        for (index, row) in waterfall.rows.iter().enumerate() {
            if index > 0 {
                out.push(b',');
            }
            out.extend_from_slice(b"{\"period\":\"");
            out.extend_from_slice(&row.period.ascii());
            out.extend_from_slice(b"\",\"recognized_amount\":");
            out.extend_from_slice(amount(row.recognized).as_bytes());
            out.extend_from_slice(b",\"deferred_balance\":");
            out.extend_from_slice(amount(row.deferred_balance).as_bytes());
            out.extend_from_slice(b",\"billed_amount\":");
            out.extend_from_slice(amount(row.billed).as_bytes());
            out.extend_from_slice(b",\"contract_asset_balance\":");
            out.extend_from_slice(amount(row.contract_asset_balance).as_bytes());
            out.extend_from_slice(b",\"correction_amount\":");
            out.extend_from_slice(amount(row.correction).as_bytes());
            out.extend_from_slice(b",\"variable_amount\":");
            out.extend_from_slice(amount(row.variable).as_bytes());
            out.extend_from_slice(if row.closed {
                b",\"closed\":true"
            } else {
                b",\"closed\":false"
            });
            out.push(b'}');
        }
        out.extend_from_slice(b"],\"total_recognized\":");
        out.extend_from_slice(amount(waterfall.total_recognized).as_bytes());
        out.extend_from_slice(b",\"total_deferred\":");
        out.extend_from_slice(amount(waterfall.total_deferred).as_bytes());
        // Currency codes and hashes are plain ASCII letters and digits: nothing to escape.
        out.extend_from_slice(b",\"currency\":\"");
        out.extend_from_slice(waterfall.currency.code().as_bytes());
        out.extend_from_slice(b"\",\"output_hash\":\"");
        out.extend_from_slice(report.output_hash.as_str().as_bytes());
        out.extend_from_slice(b"\"}");
        out
    }
}

/// One row of the guide surface's waterfall.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GuideWaterfallRow {
    /// `YYYY-MM`, `YYYY-Qn` or `YYYY`, by granularity.
    #[schema(example = "2026-01")]
    pub period: String,
    /// Revenue of the row's months.
    pub recognized_amount: Amount,
    /// Deferred revenue at the end of the row's last month.
    pub deferred_balance: Amount,
    /// What was billed over the row's months (the price in its start month for a contract
    /// without invoices).
    pub billed_amount: Amount,
    /// Contract assets at the end of the row's last month.
    pub contract_asset_balance: Amount,
    /// The part of `recognized_amount` that variable consideration made (docs/asc606.md
    /// §15, "Variable revenue").
    pub variable_amount: Amount,
    /// With `group_by=pob_type`: the row's revenue by obligation type, summing to it exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub groups: Option<Vec<WaterfallGroup>>,
}

/// The guide surface's waterfall of one year (docs/asc606.md §6).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GuideWaterfallResponse {
    #[schema(example = "2026")]
    pub period: String,
    #[schema(value_type = GranularityName)]
    pub granularity: String,
    pub currency: String,
    pub rows: Vec<GuideWaterfallRow>,
    pub total_recognized: Amount,
    /// Deferred revenue at the end of the year.
    pub closing_deferred_balance: Amount,
    pub output_hash: String,
    /// `pob_type` when the rows carry `groups`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<GroupByName>, nullable = false)]
    pub group_by: Option<String>,
}

#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    dead_code,
    reason = "documents the allowed values in the OpenAPI document"
)]
pub enum GranularityName {
    Monthly,
    Quarterly,
    Annual,
}

impl GuideWaterfallResponse {
    pub fn new(year: i32, report: &WaterfallReport) -> GuideWaterfallResponse {
        let waterfall = &report.waterfall;
        let currency = waterfall.currency;
        let label = |period: revrec_domain::Period| match waterfall.granularity {
            Granularity::Monthly => period.to_string(),
            Granularity::Quarterly => period.quarter().to_string(),
            Granularity::Annual => format!("{:04}", period.year()),
        };
        GuideWaterfallResponse {
            period: format!("{year:04}"),
            granularity: waterfall.granularity.as_str().to_owned(),
            currency: currency.code().to_owned(),
            rows: waterfall
                .rows
                .iter()
                .map(|row| GuideWaterfallRow {
                    period: label(row.period),
                    recognized_amount: Amount::minor(row.recognized, currency),
                    deferred_balance: Amount::minor(row.deferred_balance, currency),
                    billed_amount: Amount::minor(row.billed, currency),
                    contract_asset_balance: Amount::minor(row.contract_asset_balance, currency),
                    variable_amount: Amount::minor(row.variable, currency),
                    groups: None,
                })
                .collect(),
            total_recognized: Amount::minor(waterfall.total_recognized, currency),
            closing_deferred_balance: Amount::minor(waterfall.total_deferred, currency),
            output_hash: report.output_hash.to_string(),
            group_by: None,
        }
    }

    /// A grouped year: each row with its parts.
    pub fn grouped(year: i32, grouped: &GroupedWaterfallReport) -> GuideWaterfallResponse {
        let mut response = GuideWaterfallResponse::new(year, &grouped.report);
        for (index, row) in response.rows.iter_mut().enumerate() {
            row.groups = groups_of(grouped, index);
        }
        response.group_by = Some(grouped.group_by.as_str().to_owned());
        response
    }
}

/// Revenue by timing of transfer.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RevenueByTiming {
    pub over_time: Amount,
    pub point_in_time: Amount,
}

/// Contract balances (ASC 606-10-50-8): deferred revenue is the contract liabilities.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ContractBalances {
    pub opening_deferred_revenue: Amount,
    pub closing_deferred_revenue: Amount,
    /// Revenue of the quarter that was in the opening deferred balance.
    pub revenue_recognized_from_opening_balance: Amount,
    /// Receivables (billed less cash received, never below zero per contract) at the
    /// quarter's opening; `null`, with the closing figure, until a contract of the selection
    /// is billed by invoices or has received cash (before that revrec knows no cash, so it
    /// cannot say what is still owed).
    pub opening_receivables: Option<Amount>,
    pub closing_receivables: Option<Amount>,
    /// Contract assets (recognized beyond billed, per contract) at the quarter's opening:
    /// zero while no contract is billed by invoices (the others are billed at their start).
    pub opening_contract_assets: Amount,
    pub closing_contract_assets: Amount,
    /// Customer credits (cash received beyond what was billed, per contract) at the
    /// quarter's opening; `null`, with the closing figure, until a contract of the
    /// selection has received cash.
    pub opening_customer_credits: Option<Amount>,
    pub closing_customer_credits: Option<Amount>,
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
    /// What RPO leaves out under a practical expedient (ASC 606-10-50-14(b)): present once
    /// the selection has a usage line, whose future usage is never in RPO.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rpo_excluded: Vec<RpoExclusionOut>,
    pub output_hash: String,
}

/// Obligations whose future consideration RPO leaves out.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RpoExclusionOut {
    /// `right_to_invoice`: usage recognized as invoiced (ASC 606-10-55-18).
    #[schema(example = "right_to_invoice")]
    pub reason: String,
    pub pob_type: String,
    /// Those obligations' revenue of the quarter.
    pub revenue: Amount,
    pub description: String,
}

impl From<&Note6Report> for Note6Response {
    fn from(report: &Note6Report) -> Note6Response {
        let note = &report.note6;
        let currency = note.currency;
        let amount = |minor: i64| Amount::minor(minor, currency);
        let billed =
            |minor: i64| (note.billed_by_invoices || note.cash_received).then(|| amount(minor));
        let cash = |minor: i64| note.cash_received.then(|| amount(minor));
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
                opening_receivables: billed(note.opening_receivables),
                closing_receivables: billed(note.closing_receivables),
                opening_contract_assets: amount(note.opening_contract_assets),
                closing_contract_assets: amount(note.closing_contract_assets),
                opening_customer_credits: cash(note.opening_customer_credits),
                closing_customer_credits: cash(note.closing_customer_credits),
            },
            rpo_excluded: note
                .rpo_excluded
                .iter()
                .map(|exclusion| RpoExclusionOut {
                    reason: exclusion.reason.as_str().to_owned(),
                    pob_type: exclusion.pob_type.as_str().to_owned(),
                    revenue: amount(exclusion.revenue),
                    description: match exclusion.reason {
                        revrec_domain::ExclusionReason::RightToInvoice => "usage recognized as the entity has a right to invoice it (ASC 606-10-55-18): each month's rated usage is that month's revenue, so its future usage, unknown until it happens, is not in RPO (50-14(b))".to_owned(),
                    },
                })
                .collect(),
            output_hash: report.output_hash.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use revrec_domain::{
        Currency, Granularity, OutputHash, Period, Waterfall, WaterfallRow, output_hash,
    };
    use revrec_usecases::waterfall_report::WaterfallReport;

    use super::WaterfallResponse;

    fn report(currency: Currency, rows: Vec<(i32, i64, i64)>) -> WaterfallReport {
        billed_report(currency, rows, false)
    }

    fn billed_report(
        currency: Currency,
        rows: Vec<(i32, i64, i64)>,
        billed_by_invoices: bool,
    ) -> WaterfallReport {
        let first = Period::new(2025, 11).unwrap_or_else(|| unreachable!());
        let rows: Vec<WaterfallRow> = rows
            .into_iter()
            .map(|(offset, recognized, deferred_balance)| WaterfallRow {
                period: first.plus(offset),
                recognized,
                deferred_balance,
                billed: deferred_balance + recognized,
                contract_asset_balance: recognized / 2,
                correction: 0,
                variable: recognized / 3,
                closed: false,
            })
            .collect();
        let waterfall = Waterfall {
            currency,
            granularity: Granularity::Monthly,
            total_recognized: rows.iter().map(|row| row.recognized).sum(),
            total_deferred: rows.last().map_or(0, |row| row.deferred_balance),
            billed_by_invoices,
            rows,
            closed_through: None,
        };
        let output_hash: OutputHash = output_hash("waterfall/v1", &waterfall);
        WaterfallReport {
            waterfall,
            output_hash,
        }
    }

    /// `report` under books with its first month closed and a correction in the second.
    fn closed_books(mut report: WaterfallReport) -> WaterfallReport {
        report.waterfall.closed_through = Period::new(2025, 11);
        if let [first, second] = report.waterfall.rows.as_mut_slice() {
            first.closed = true;
            second.correction = 73_973;
        }
        report
    }

    #[test]
    fn the_direct_body_is_byte_for_byte_the_serde_body() {
        for example in [
            report(
                Currency::USD,
                vec![
                    (0, 101_918, 1_098_082),
                    (1, 0, 1_098_082),
                    (2, -5, 1_098_087),
                ],
            ),
            report(Currency::JPY, vec![(0, 12_500, 0), (14, 1, -1)]),
            report(Currency::KWD, vec![(0, 7, 1_250)]),
            report(Currency::EUR, vec![]),
            billed_report(
                Currency::USD,
                vec![(0, 50_000, 0), (1, 25_000, 10_000)],
                true,
            ),
            closed_books(report(
                Currency::USD,
                vec![(0, 101_918, 0), (1, 197_261, 0)],
            )),
        ] {
            let serde = serde_json::to_vec(&WaterfallResponse::from(&example)).unwrap_or_default();
            assert_eq!(
                String::from_utf8_lossy(&WaterfallResponse::to_json(&example)),
                String::from_utf8_lossy(&serde)
            );
        }
    }
}
