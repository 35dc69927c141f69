//! One contract's waterfall, computed once for what it is computed from.
//!
//! A single-contract waterfall of the books as they stand now is a pure function of three
//! things: the stored contract (one immutable value per revision, shared as an `Arc` by
//! the contract cache), the tenant's closes and reopens (append-only, so the books'
//! latest sequence names them all) and the query's months and granularity. Every read
//! still asks the database for the first two (the revision check names both), so a memo
//! hit is never staler than a miss; only the replay, the books and the hash are skipped.

use std::sync::Arc;

use revrec_domain::{Currency, Granularity, Period};
use revrec_ports::StoredContract;

use crate::identity_memo::IdentityMemo;
use crate::reported_waterfall::WaterfallReport;

/// Contracts whose last waterfall is kept. A report is a row per month (a few KB for the
/// longest contract the API accepts); the contracts themselves are not held (the memo
/// keeps a weak reference to each), so the memo stays within a few MB.
const KEPT: usize = 2_048;

/// What a query asks of one contract's waterfall besides the contract and the books.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WaterfallAsked {
    pub start: Option<Period>,
    pub end: Option<Period>,
    pub currency: Option<Currency>,
    pub granularity: Granularity,
}

/// A report and what it was computed for, besides the stored contract.
#[derive(Clone)]
struct Computed {
    /// The books' latest sequence then.
    books: i64,
    asked: WaterfallAsked,
    report: Arc<WaterfallReport>,
}

/// The last waterfall computed for each of the most recently read contracts, by the
/// identity of the stored contract it was computed from (one value per revision): a weak
/// reference, so the memo never keeps a contract the contract cache let go.
pub struct WaterfallMemo(IdentityMemo<StoredContract, Computed>);

impl Default for WaterfallMemo {
    fn default() -> WaterfallMemo {
        WaterfallMemo(IdentityMemo::new(KEPT))
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
        self.0
            .get((tenant_id, &stored.record.id), stored, |computed| {
                computed.books == books && computed.asked == asked
            })
            .map(|computed| computed.report)
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
        let computed = Computed {
            books,
            asked,
            report,
        };
        self.0.put((tenant_id, &stored.record.id), stored, computed);
    }
}
