//! Bodies already rendered for reports a use case handed out before.
//!
//! A use case that memoizes a report (one contract's waterfall) hands out the same `Arc`
//! for the same inputs, so the body rendered from it can be kept beside it: identity, not
//! content, decides a hit, and a report is never rendered twice while it is kept.

use std::hash::Hash;
use std::sync::Arc;

use revrec_usecases::identity_memo::IdentityMemo;

/// Reports whose body is kept (one per contract read; a waterfall body is a few KB).
const KEPT: usize = 1_024;

/// The last body rendered for each of the most recently read resources, by the identity
/// of the report it was rendered from.
pub struct RenderedBodies<Report>(IdentityMemo<Report, Vec<u8>>);

impl<Report> Default for RenderedBodies<Report> {
    fn default() -> RenderedBodies<Report> {
        RenderedBodies(IdentityMemo::new(KEPT))
    }
}

impl<Report> RenderedBodies<Report> {
    /// The body of `report`, the resource `name`'s: rendered by `render` unless it was
    /// rendered from this very report before.
    pub fn body(
        &self,
        name: impl Hash + Copy,
        report: &Arc<Report>,
        render: impl FnOnce(&Report) -> Vec<u8>,
    ) -> Vec<u8> {
        self.0.get(name, report, |_| true).unwrap_or_else(|| {
            let body = render(report);
            self.0.put(name, report, body.clone());
            body
        })
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
