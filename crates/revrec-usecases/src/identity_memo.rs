//! Values kept by the identity of what they were computed from.
//!
//! A value computed from an `Arc` (a stored contract, a report) is kept under a name (the
//! tenant and contract, say) beside a weak reference to that very `Arc`: a later ask with
//! the same `Arc` is a hit, any other is a miss. Identity, not content, decides, so a hit
//! costs a pointer comparison. The weak count keeps the allocation, so no other value can
//! take the address while the entry holds it, and the memo never keeps its sources alive.

use std::hash::{BuildHasher, Hash, RandomState};
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};

use lru::LruCache;

struct Kept<Source, Value> {
    from: Weak<Source>,
    value: Value,
}

/// The last value computed under each of the most recently asked names.
pub struct IdentityMemo<Source, Value> {
    /// By a digest of the name: a collision only costs a miss, since a hit also needs the
    /// very source.
    entries: Mutex<LruCache<u64, Kept<Source, Value>>>,
    keys: RandomState,
}

impl<Source, Value: Clone> IdentityMemo<Source, Value> {
    /// A memo of the last `kept` names asked.
    pub fn new(kept: usize) -> IdentityMemo<Source, Value> {
        IdentityMemo {
            entries: Mutex::new(LruCache::new(
                NonZeroUsize::new(kept).unwrap_or(NonZeroUsize::MIN),
            )),
            keys: RandomState::new(),
        }
    }

    /// The value kept under `name` if it was computed from this very `source` and `fits`.
    pub fn get(
        &self,
        name: impl Hash,
        source: &Arc<Source>,
        fits: impl FnOnce(&Value) -> bool,
    ) -> Option<Value> {
        let key = self.keys.hash_one(name);
        self.entries()
            .get(&key)
            .filter(|kept| std::ptr::eq(kept.from.as_ptr(), Arc::as_ptr(source)))
            .filter(|kept| fits(&kept.value))
            .map(|kept| kept.value.clone())
    }

    /// Keeps `value`, computed from `source`, under `name` in place of what it held.
    pub fn put(&self, name: impl Hash, source: &Arc<Source>, value: Value) {
        let key = self.keys.hash_one(name);
        let kept = Kept {
            from: Arc::downgrade(source),
            value,
        };
        self.entries().put(key, kept);
    }

    fn entries(&self) -> MutexGuard<'_, LruCache<u64, Kept<Source, Value>>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_found_for_the_very_source_it_was_computed_from() {
        let memo = IdentityMemo::<String, u32>::new(2);
        let first = Arc::new("first".to_owned());
        memo.put("a", &first, 1);
        assert_eq!(memo.get("a", &first, |_| true), Some(1));
        assert_eq!(
            memo.get("a", &first, |value| *value == 2),
            None,
            "it must fit"
        );
        assert_eq!(memo.get("b", &first, |_| true), None, "another name");
        // Equal content, another source: identity decides.
        let twin = Arc::new("first".to_owned());
        assert_eq!(memo.get("a", &twin, |_| true), None);
        // The source dropped and a new one made while the entry holds the weak count: a
        // miss, never the old value.
        drop(first);
        let later = Arc::new("first".to_owned());
        assert_eq!(memo.get("a", &later, |_| true), None);
        // Least recently asked names go first.
        memo.put("b", &later, 2);
        memo.put("c", &later, 3);
        assert_eq!(memo.get("a", &twin, |_| true), None);
        assert_eq!(memo.get("c", &later, |_| true), Some(3));
    }
}
