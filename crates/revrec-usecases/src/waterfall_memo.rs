//! One contract's waterfall, computed once for what it is computed from.
//!
//! A single-contract waterfall of the books as they stand now is a pure function of three
//! things: the stored contract (one immutable value per revision, shared as an `Arc` by
//! the contract cache), the tenant's closes and reopens (append-only, so the books'
//! latest sequence names them all) and the query's months and granularity. Every read
//! still asks the database for the first two (the revision check names both), so a memo
//! hit is never staler than a miss; only the replay, the books and the hash are skipped.

use std::hash::BuildHasher;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use lru::LruCache;
use revrec_domain::{Currency, Granularity, Period};
use revrec_ports::StoredContract;

use crate::reported_waterfall::WaterfallReport;

/// Contracts whose last waterfall is kept. A report is a row per month (a few KB for the
/// longest contract the API accepts); the contracts themselves are not held (see
/// [`Computed::stored`]), so the memo stays within a few MB.
const KEPT: usize = 2_048;

/// What a query asks of one contract's waterfall besides the contract and the books.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WaterfallAsked {
    pub start: Option<Period>,
    pub end: Option<Period>,
    pub currency: Option<Currency>,
    pub granularity: Granularity,
}

struct Computed {
    /// The stored contract it was computed from, by identity. Weak, so the memo never keeps
    /// a contract the contract cache let go (its weight bound holds); and a weak count keeps
    /// the allocation, so no later contract can take the same address while it is here.
    stored: Weak<StoredContract>,
    /// The books' latest sequence then.
    books: i64,
    asked: WaterfallAsked,
    report: Arc<WaterfallReport>,
}

/// The last waterfall computed for each of the most recently read contracts.
pub struct WaterfallMemo {
    /// Keyed by a digest of the tenant and contract id: a collision only costs a miss,
    /// since a hit also needs the same stored contract.
    entries: Mutex<LruCache<u64, Computed>>,
    keys: std::hash::RandomState,
}

impl Default for WaterfallMemo {
    fn default() -> WaterfallMemo {
        WaterfallMemo {
            entries: Mutex::new(LruCache::new(
                NonZeroUsize::new(KEPT).unwrap_or(NonZeroUsize::MIN),
            )),
            keys: std::hash::RandomState::new(),
        }
    }
}

impl WaterfallMemo {
    /// The waterfall computed earlier from exactly `stored` under books at `books` for
    /// `asked`, if it is still kept.
    pub(crate) fn get(
        &self,
        tenant_id: &str,
        stored: &Arc<StoredContract>,
        books: i64,
        asked: WaterfallAsked,
    ) -> Option<Arc<WaterfallReport>> {
        let key = self.key(tenant_id, &stored.record.id);
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries
            .get(&key)
            .filter(|computed| {
                std::ptr::eq(computed.stored.as_ptr(), Arc::as_ptr(stored))
                    && computed.books == books
                    && computed.asked == asked
            })
            .map(|computed| Arc::clone(&computed.report))
    }

    /// Keeps `report`, computed from `stored` under books at `books` for `asked`, in place
    /// of the contract's earlier one.
    pub(crate) fn put(
        &self,
        tenant_id: &str,
        stored: &Arc<StoredContract>,
        books: i64,
        asked: WaterfallAsked,
        report: Arc<WaterfallReport>,
    ) {
        let key = self.key(tenant_id, &stored.record.id);
        let computed = Computed {
            stored: Arc::downgrade(stored),
            books,
            asked,
            report,
        };
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .put(key, computed);
    }

    fn key(&self, tenant_id: &str, contract_id: &str) -> u64 {
        self.keys.hash_one((tenant_id, contract_id))
    }
}
