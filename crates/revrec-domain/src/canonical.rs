//! Canonical encodings of the engine's outputs, for [`crate::output_hash`].
//! Each lists every figure a reader sees, in the order a reader sees it.

use crate::contract::PobType;
use crate::digest::{Canonical, CanonicalWriter};
use crate::note6::Note6;
use crate::plan::ContractPlan;
use crate::rollup::Rollup;
use crate::waterfall::Waterfall;

impl Canonical for Waterfall {
    fn encode(&self, out: &mut CanonicalWriter) {
        out.text(self.currency.code())
            .text(self.granularity.as_str());
        out.list(self.rows.len());
        for row in &self.rows {
            out.period(row.period)
                .integer(row.recognized)
                .integer(row.deferred_balance);
        }
        out.integer(self.total_recognized)
            .integer(self.total_deferred);
        // Only a selection billed by invoices shows these, so only it hashes them: every
        // other report keeps its hash.
        if self.billed_by_invoices {
            out.list(self.rows.len());
            for row in &self.rows {
                out.integer(row.billed).integer(row.contract_asset_balance);
            }
        }
        // Only revenue variable consideration made is hashed with its variable part, so a
        // fixed-price report keeps the hash it had before the part existed.
        if self.rows.iter().any(|row| row.variable != 0) {
            out.text("variable").list(self.rows.len());
            for row in &self.rows {
                out.integer(row.variable);
            }
        }
        // Likewise only books with a closed month show corrections and closed rows.
        if let Some(closed) = self.closed_through {
            out.period(closed);
            out.list(self.rows.len());
            for row in &self.rows {
                out.integer(row.correction).integer(i64::from(row.closed));
            }
        }
    }
}

impl Canonical for Note6 {
    fn encode(&self, out: &mut CanonicalWriter) {
        out.text(&self.quarter.to_string())
            .text(self.currency.code())
            .integer(self.rpo_total)
            .integer(self.rpo_next_12_months)
            .integer(self.rpo_thereafter);
        out.list(self.revenue_by_pob_type.len());
        for (pob_type, amount) in &self.revenue_by_pob_type {
            out.text(pob_type.as_str()).integer(*amount);
        }
        out.list(self.revenue_by_timing.len());
        for (timing, amount) in &self.revenue_by_timing {
            out.text(timing.as_str()).integer(*amount);
        }
        out.integer(self.total_revenue)
            .integer(self.opening_deferred)
            .integer(self.closing_deferred)
            .integer(self.revenue_from_opening_deferred);
        if self.billed_by_invoices || self.cash_received {
            out.integer(self.opening_receivables)
                .integer(self.closing_receivables)
                .integer(self.opening_contract_assets)
                .integer(self.closing_contract_assets);
        }
        // Only once cash is recorded, so every other disclosure keeps its hash.
        if self.cash_received {
            out.text("cash")
                .integer(self.opening_customer_credits)
                .integer(self.closing_customer_credits);
        }
        // Likewise only once a usage line is in the selection.
        for exclusion in &self.rpo_excluded {
            out.text("rpo_excluded")
                .text(exclusion.reason.as_str())
                .text(exclusion.pob_type.as_str())
                .integer(exclusion.revenue);
        }
    }
}

/// A contract's schedule: every obligation's allocation and monthly revenue.
impl Canonical for ContractPlan {
    fn encode(&self, out: &mut CanonicalWriter) {
        let schedule = self.schedule();
        out.text(self.currency().code())
            .text(self.convention().as_str())
            .period(schedule.first())
            .integer(i64::try_from(schedule.months()).unwrap_or(i64::MAX));
        out.list(self.obligations().len());
        for (index, obligation) in self.obligations().iter().enumerate() {
            out.text(obligation.id.as_deref().unwrap_or(""))
                .text(&obligation.name)
                .text(obligation.pob_type.as_str())
                .integer(obligation.allocated());
            out.list(schedule.months());
            for amount in schedule.revenue(index) {
                out.integer(*amount);
            }
        }
    }
}

impl Canonical for Rollup {
    fn encode(&self, out: &mut CanonicalWriter) {
        let rows: Vec<_> = self.rows().collect();
        out.list(rows.len());
        for (key, amounts) in rows {
            out.period(key.period)
                .text(PobType::as_str(key.pob_type))
                .text(key.timing.as_str())
                .integer(amounts.recognized)
                .integer(amounts.booked)
                .integer(amounts.rpo_change)
                .integer(amounts.rpo_next_12)
                .integer(amounts.recognized_from_opening);
        }
    }
}
