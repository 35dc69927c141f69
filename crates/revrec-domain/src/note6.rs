//! Note 6 disclosure data for a calendar quarter: remaining performance obligations
//! (ASC 606-10-50-13), disaggregated revenue (50-5) and contract balances (50-8).

use crate::contract::PobType;
use crate::currency::Currency;
use crate::period::Quarter;
use crate::recognition::Timing;
use crate::rollup::Rollup;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Note6 {
    pub quarter: Quarter,
    pub currency: Currency,
    /// Allocated price not yet recognized at the quarter's last day, over contracts signed
    /// by then (terminated ones have none left).
    pub rpo_total: i64,
    /// The part of `rpo_total` scheduled for the twelve months after the quarter.
    pub rpo_next_12_months: i64,
    pub rpo_thereafter: i64,
    /// The quarter's revenue by `pob_type`, for every type the selection has used so far.
    pub revenue_by_pob_type: Vec<(PobType, i64)>,
    /// The quarter's revenue by timing of transfer (both keys always present).
    pub revenue_by_timing: Vec<(Timing, i64)>,
    pub total_revenue: i64,
    /// Contract liabilities (deferred revenue) at the quarter's opening and close.
    pub opening_deferred: i64,
    pub closing_deferred: i64,
    /// Revenue of the quarter that was in the opening deferred balance (50-8(b)).
    pub revenue_from_opening_deferred: i64,
    /// Receivables (billed less received to date, never below zero per contract) at the
    /// quarter's opening and close.
    pub opening_receivables: i64,
    pub closing_receivables: i64,
    /// Customer credits (received beyond billed, per contract) at the quarter's opening
    /// and close.
    pub opening_customer_credits: i64,
    pub closing_customer_credits: i64,
    /// Contract assets at the quarter's opening and close.
    pub opening_contract_assets: i64,
    pub closing_contract_assets: i64,
    /// Whether any contract of the selection is billed by invoices (the disclosure then
    /// shows receivables and contract assets too).
    pub billed_by_invoices: bool,
    /// Whether any contract of the selection has received cash (the disclosure then shows
    /// receivables net of it, and customer credits).
    pub cash_received: bool,
    /// What RPO leaves out under a practical expedient (50-14(b)), with what it made of
    /// the quarter's revenue; empty when the selection has nothing of the kind.
    pub rpo_excluded: Vec<RpoExclusion>,
}

/// Obligations whose future consideration RPO leaves out (ASC 606-10-50-14 and 50-15).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RpoExclusion {
    pub reason: ExclusionReason,
    pub pob_type: PobType,
    /// The quarter's revenue of those obligations.
    pub revenue: i64,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExclusionReason {
    /// Usage recognized as the entity has a right to invoice it (55-18): its future
    /// usage is unknown, so it is never in RPO (50-14(b)).
    RightToInvoice,
}

impl ExclusionReason {
    pub fn as_str(self) -> &'static str {
        match self {
            ExclusionReason::RightToInvoice => "right_to_invoice",
        }
    }
}

pub fn note6(rollup: &Rollup, currency: Currency, quarter: Quarter) -> Note6 {
    let first = quarter.first_period();
    let last = quarter.last_period();
    let mut by_type = [0_i64; PobType::ALL.len()];
    let mut type_seen = [false; PobType::ALL.len()];
    let mut by_timing = [0_i64; Timing::ALL.len()];
    let (mut rpo_total, mut next_12, mut from_opening) = (0, 0, 0);
    let (mut opening, mut closing) = (0, 0);
    let (mut opening_receivables, mut closing_receivables) = (0, 0);
    let (mut opening_assets, mut closing_assets) = (0, 0);
    let (mut opening_credits, mut closing_credits) = (0, 0);
    let (mut billed_by_invoices, mut cash_received) = (false, false);

    for (key, amounts) in rollup.rows().filter(|(key, _)| key.period <= last) {
        let type_slot = PobType::ALL.iter().position(|kind| *kind == key.pob_type);
        if let Some(seen) = type_slot.and_then(|slot| type_seen.get_mut(slot)) {
            *seen = true;
        }
        rpo_total += amounts.rpo_change;
        let balance_change = crate::waterfall::liability_change(amounts);
        closing += balance_change;
        let receivable_change = amounts.booked - amounts.paid + amounts.credit_change;
        closing_receivables += receivable_change;
        closing_assets += amounts.asset_change;
        closing_credits += amounts.credit_change;
        billed_by_invoices |= amounts.invoiced != 0 || amounts.asset_change != 0;
        cash_received |= amounts.paid != 0 || amounts.credit_change != 0;
        if key.period < first {
            opening += balance_change;
            opening_receivables += receivable_change;
            opening_assets += amounts.asset_change;
            opening_credits += amounts.credit_change;
            continue;
        }
        if let Some(sum) = type_slot.and_then(|slot| by_type.get_mut(slot)) {
            *sum += amounts.recognized;
        }
        let timing_slot = Timing::ALL.iter().position(|timing| *timing == key.timing);
        if let Some(sum) = timing_slot.and_then(|slot| by_timing.get_mut(slot)) {
            *sum += amounts.recognized;
        }
        if key.period == last {
            next_12 += amounts.rpo_next_12;
            from_opening += amounts.recognized_from_opening;
        }
    }

    let revenue_by_pob_type: Vec<(PobType, i64)> = PobType::ALL
        .into_iter()
        .zip(by_type)
        .zip(type_seen)
        .filter_map(|(pair, seen)| seen.then_some(pair))
        .collect();
    // A usage line is never in RPO: once the selection has one, the note says so.
    let rpo_excluded = revenue_by_pob_type
        .iter()
        .filter(|(pob_type, _)| *pob_type == PobType::Usage)
        .map(|(pob_type, revenue)| RpoExclusion {
            reason: ExclusionReason::RightToInvoice,
            pob_type: *pob_type,
            revenue: *revenue,
        })
        .collect();
    Note6 {
        quarter,
        currency,
        rpo_total,
        rpo_next_12_months: next_12,
        rpo_thereafter: rpo_total - next_12,
        total_revenue: by_timing.iter().sum(),
        revenue_by_pob_type,
        revenue_by_timing: Timing::ALL.into_iter().zip(by_timing).collect(),
        opening_deferred: opening,
        closing_deferred: closing,
        revenue_from_opening_deferred: from_opening,
        opening_receivables,
        closing_receivables,
        opening_contract_assets: opening_assets,
        closing_contract_assets: closing_assets,
        opening_customer_credits: opening_credits,
        closing_customer_credits: closing_credits,
        billed_by_invoices,
        cash_received,
        rpo_excluded,
    }
}
