//! Bodies already rendered for reports a use case handed out before.
//!
//! A use case that memoizes a report (one contract's waterfall) hands out the same `Arc`
//! for the same inputs, so the body rendered from it can be kept beside it: identity, not
//! content, decides a hit, and a report is never rendered twice while it is kept.

use std::hash::{BuildHasher, Hash};
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use lru::LruCache;

/// Reports whose body is kept (one per contract read; a waterfall body is a few KB).
const KEPT: usize = 1_024;

/// A body and the report it was rendered from.
struct Rendered<Report> {
    from: Weak<Report>,
    body: Vec<u8>,
}

/// The last body rendered for each of the most recently read resources.
pub struct RenderedBodies<Report> {
    /// By a digest of the resource's name: a collision only costs a render, since a hit
    /// also needs the very report. The weak count keeps the report's allocation, so no
    /// later report can take its address while its body is here.
    entries: Mutex<LruCache<u64, Rendered<Report>>>,
    keys: std::hash::RandomState,
}

impl<Report> Default for RenderedBodies<Report> {
    fn default() -> RenderedBodies<Report> {
        RenderedBodies {
            entries: Mutex::new(LruCache::new(
                NonZeroUsize::new(KEPT).unwrap_or(NonZeroUsize::MIN),
            )),
            keys: std::hash::RandomState::new(),
        }
    }
}

impl<Report> RenderedBodies<Report> {
    /// The body of `report`, the resource `name`'s: rendered by `render` unless it was
    /// rendered from this very report before.
    pub fn body(
        &self,
        name: impl Hash,
        report: &Arc<Report>,
        render: impl FnOnce(&Report) -> Vec<u8>,
    ) -> Vec<u8> {
        let key = self.keys.hash_one(name);
        let kept = self
            .entries()
            .get(&key)
            .filter(|rendered| std::ptr::eq(rendered.from.as_ptr(), Arc::as_ptr(report)))
            .map(|rendered| rendered.body.clone());
        kept.unwrap_or_else(|| {
            let body = render(report);
            let rendered = Rendered {
                from: Arc::downgrade(report),
                body: body.clone(),
            };
            self.entries().put(key, rendered);
            body
        })
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, LruCache<u64, Rendered<Report>>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_is_rendered_once_per_report_and_again_for_a_new_one() {
        let bodies = RenderedBodies::<String>::default();
        let renders = std::cell::Cell::new(0);
        let render = |report: &String| {
            renders.set(renders.get() + 1);
            report.as_bytes().to_vec()
        };
        let first = Arc::new("first".to_owned());
        assert_eq!(bodies.body("c-1", &first, render), b"first");
        assert_eq!(bodies.body("c-1", &first, render), b"first");
        assert_eq!(renders.get(), 1, "the same report is rendered once");
        // Equal content, another report: identity decides, so it is rendered.
        let second = Arc::new("first".to_owned());
        assert_eq!(bodies.body("c-1", &second, render), b"first");
        assert_eq!(renders.get(), 2);
        let third = Arc::new("third".to_owned());
        assert_eq!(bodies.body("c-1", &third, render), b"third");
        assert_eq!(bodies.body("c-2", &third, render), b"third");
        assert_eq!(renders.get(), 4, "each resource keeps its own body");
    }
}
