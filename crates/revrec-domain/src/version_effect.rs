//! What one version of a contract changed: its price and each obligation's, the catch-up it
//! booked in its effective month, and what it recognized on its effective day. Auditors
//! read these beside the versions' terms to re-derive every figure a change moved.

use time::Date;

use crate::plan::PlanHistory;

/// One obligation whose allocated price a version changed (or added).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reallocation {
    /// Index into the plan's obligations (stable across versions).
    pub index: usize,
    /// The price before the version (0 for an obligation it added).
    pub before: i64,
    pub after: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionEffect {
    /// 1 for the initial version.
    pub version: u32,
    /// The first day under the version (none for the initial version).
    pub effective: Option<Date>,
    pub transaction_price_before: i64,
    pub transaction_price_after: i64,
    /// Revenue of the days before `effective` that the new terms say was earned, less what
    /// had been: booked in the effective month (a cumulative catch-up; 0 for a prospective
    /// change or an event).
    pub catch_up: i64,
    /// Revenue through `effective` under the version less under the one before: what a
    /// fulfillment or a progress report recognized.
    pub recognized_on_effective_day: i64,
    pub reallocations: Vec<Reallocation>,
}

impl PlanHistory {
    /// The effect of version `number` (1-based), if it exists: between the plans the
    /// version and the one before it had when each was recorded.
    pub fn effect(&self, number: u32) -> Option<VersionEffect> {
        let after = self.recorded(number)?;
        let Some(before) = number
            .checked_sub(1)
            .and_then(|earlier| self.recorded(earlier))
        else {
            return Some(VersionEffect {
                version: number,
                effective: None,
                transaction_price_before: 0,
                transaction_price_after: after.transaction_price(),
                catch_up: 0,
                recognized_on_effective_day: 0,
                reallocations: Vec::new(),
            });
        };
        let effective = after.version_dates().last().copied()?;
        let reallocations = after
            .obligations()
            .iter()
            .enumerate()
            .filter_map(|(index, obligation)| {
                let before = before
                    .obligations()
                    .get(index)
                    .map_or(0, |earlier| earlier.allocated());
                (before != obligation.allocated()).then_some(Reallocation {
                    index,
                    before,
                    after: obligation.allocated(),
                })
            })
            .collect();
        Some(VersionEffect {
            version: number,
            effective: Some(effective),
            transaction_price_before: before.transaction_price(),
            transaction_price_after: after.transaction_price(),
            catch_up: after
                .obligations()
                .iter()
                .map(|obligation| obligation.catch_up_at(effective))
                .sum(),
            recognized_on_effective_day: after.recognized_through(effective)
                - before.recognized_through(effective),
            reallocations,
        })
    }
}
