//! Decoded contracts kept in memory, bounded by what they weigh as well as by how many:
//! a few thousand one-line contracts cost little, a few thousand of 500 lines each would
//! hold most of a small machine's memory (`docs/limits.md`).

use std::num::NonZeroUsize;
use std::sync::Arc;

use lru::LruCache;
use revrec_ports::StoredContract;

pub type CacheKey = (String, String);

/// Most contracts kept.
const MAX_CONTRACTS: usize = 4_096;
/// Most obligation lines kept, over every version of every contract held (about 200 bytes
/// each decoded): some 40 MB.
const MAX_LINES: usize = 200_000;

pub struct ContractCache {
    entries: LruCache<CacheKey, (i64, Arc<StoredContract>, usize)>,
    lines: usize,
}

impl Default for ContractCache {
    fn default() -> ContractCache {
        ContractCache {
            entries: LruCache::new(NonZeroUsize::new(MAX_CONTRACTS).unwrap_or(NonZeroUsize::MIN)),
            lines: 0,
        }
    }
}

/// What a contract weighs: its lines in every version, and one for the record.
fn weight(stored: &StoredContract) -> usize {
    1 + stored
        .versions
        .iter()
        .map(|version| version.terms.obligations.len())
        .sum::<usize>()
}

impl ContractCache {
    /// The contract held for `key` if it is at `revision` (and marks it recently used).
    pub fn get(&mut self, key: &CacheKey, revision: i64) -> Option<Arc<StoredContract>> {
        self.entries
            .get(key)
            .filter(|(held, _, _)| *held == revision)
            .map(|(_, stored, _)| Arc::clone(stored))
    }

    /// Keeps `stored` at `revision`, dropping the least recently used until it fits. A
    /// contract heavier than the whole budget is not kept at all.
    pub fn put(&mut self, key: CacheKey, revision: i64, stored: Arc<StoredContract>) {
        let weight = weight(&stored);
        if let Some((_, _, old)) = self.entries.pop(&key) {
            self.lines -= old;
        }
        if weight > MAX_LINES {
            return;
        }
        while self.lines + weight > MAX_LINES {
            match self.entries.pop_lru() {
                Some((_, (_, _, dropped))) => self.lines -= dropped,
                None => break,
            }
        }
        if let Some((_, (_, _, evicted))) = self.entries.push(key, (revision, stored, weight)) {
            // Pushed out by the count limit.
            self.lines -= evicted;
        }
        self.lines += weight;
    }

    #[cfg(test)]
    fn lines(&self) -> usize {
        self.lines
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use revrec_domain::{ContractDraft, Convention, Currency, LineDraft};
    use revrec_ports::{ContractRecord, ContractStatus, StoredVersion, VersionChange};
    use time::macros::date;

    /// An active contract of `lines` subscription lines (their obligations without ids).
    pub(crate) fn contract(lines: usize) -> Arc<StoredContract> {
        let draft = ContractDraft {
            customer_name: "Acme".into(),
            currency: Currency::USD,
            start_date: date!(2026 - 01 - 01),
            end_date: date!(2026 - 12 - 31),
            signed_date: None,
            transaction_price: Some(100),
            convention: Convention::default(),
            lines: (0..lines)
                .map(|_| LineDraft {
                    pob_type: "subscription".into(),
                    stated_price: Some(1),
                    ..LineDraft::default()
                })
                .collect(),
            variable: Vec::new(),
            unread: Vec::new(),
        };
        let terms = draft.validate().unwrap();
        Arc::new(StoredContract {
            record: ContractRecord {
                tenant_id: "t".into(),
                id: "ctr".into(),
                customer_id: "cus".into(),
                customer_name: "Acme".into(),
                contract_number: None,
                currency: Currency::USD,
                status: ContractStatus::Active,
                version: 1,
                start_date: date!(2026 - 01 - 01),
                end_date: date!(2026 - 12 - 31),
                total_value: 100,
                terminated_on: None,
                parent_contract_id: None,
                created_at: 0,
                updated_at: 0,
                restatements: 0,
                restated_convention: None,
            },
            versions: vec![StoredVersion {
                number: 1,
                change: VersionChange::Initial,
                terms,
                recorded_at: 0,
                recorded_by: "sandbox".to_owned(),
            }],
            invoices: Vec::new(),
            revision: 1,
            stamps: revrec_ports::BooksStamps::default(),
            usage: revrec_domain::ContractUsage::default(),
        })
    }

    #[test]
    fn the_budget_of_lines_holds_whatever_the_contracts_weigh() {
        let mut cache = ContractCache::default();
        let heavy = contract(500);
        for index in 0..1_000 {
            cache.put(("t".into(), format!("c{index}")), 1, Arc::clone(&heavy));
            assert!(cache.lines() <= MAX_LINES);
        }
        // The newest are kept, the oldest went.
        assert!(cache.get(&("t".into(), "c999".into()), 1).is_some());
        assert!(cache.get(&("t".into(), "c0".into()), 1).is_none());
        // A stale revision is a miss; a replaced entry is weighed once.
        assert!(cache.get(&("t".into(), "c999".into()), 2).is_none());
        let before = cache.lines();
        cache.put(("t".into(), "c999".into()), 2, Arc::clone(&heavy));
        assert_eq!(cache.lines(), before);
    }
}
