//! `revrec replay package.json` (docs/ledger.md, "Replaying a close package"): computes a
//! close package again from the facts it carries, with no database and no settings, and
//! checks that it is the package to the byte.
//!
//! The facts are read back, their chain checked digest by digest, and the figures computed
//! by the same function the server ran (`close_package::package_of`), then written as the
//! server writes them. Equal bytes: every figure follows from the facts. A fact altered
//! breaks the chain; a fact altered with its chain rebuilt gives other figures, and the
//! month digests printed no longer match the ones `GET /v1/periods` lists.

use revrec_http::wire::close_package::{ClosePackageOut, PackageFactsIn, package_span};
use revrec_usecases::close_package::{ChainedFact, ENGINE, FactsError, check_chain, package_of};

/// What a replay that agrees found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub period: String,
    pub facts: usize,
    pub head: String,
    /// Each month with the digest of its figures, to hold against `GET /v1/periods`.
    pub months: Vec<(String, String)>,
    pub warnings: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("the package cannot be read: {0}")]
    Read(#[from] std::io::Error),
    #[error("this is not a close package: {0}")]
    NotAPackage(String),
    #[error("the facts do not hold together: {0}")]
    Facts(#[from] FactsError),
    #[error("the facts do not replay: {0}")]
    Replay(String),
    #[error(
        "the package differs from what its facts give, at byte {offset}{field}: the package has `{package}`, the facts give `{replayed}`{engine}"
    )]
    Differs {
        offset: usize,
        field: String,
        package: String,
        replayed: String,
        engine: String,
    },
}

/// Replays the package whose bytes are `bytes`.
///
/// # Errors
/// Where the package and its facts part: a fact that does not read, a broken chain, or the
/// first byte where the figures differ.
pub fn replay_package(bytes: &[u8]) -> Result<Replayed, ReplayError> {
    let read: PackageFactsIn = serde_json::from_slice(bytes)
        .map_err(|error| ReplayError::NotAPackage(error.to_string()))?;
    let (books, contracts) = read.facts().map_err(ReplayError::NotAPackage)?;
    check_chain(books.iter().chain(contracts.iter().flatten()))?;
    let span = package_span(&read.period).map_err(|_| {
        ReplayError::NotAPackage(format!("`{}` is not a month or a quarter", read.period))
    })?;
    let unchained = |log: Vec<ChainedFact>| log.into_iter().map(|link| link.fact).collect();
    let package = package_of(
        &read.tenant_id,
        &span,
        unchained(books),
        contracts.into_iter().map(unchained).collect(),
    )
    .map_err(|error| ReplayError::Replay(error.to_string()))?;
    let out = ClosePackageOut::of(&package);
    let replayed = serde_json::to_vec(&out).unwrap_or_default();
    if replayed != bytes {
        return Err(difference(bytes, &replayed, &read.engine));
    }
    Ok(Replayed {
        period: out.period,
        facts: out.books.len()
            + out
                .contracts
                .iter()
                .map(|contract| contract.facts.len())
                .sum::<usize>(),
        head: out.facts_head,
        months: out
            .months
            .into_iter()
            .map(|month| (month.period, month.digest))
            .collect(),
        warnings: out.warnings.len(),
    })
}

/// Where `package` and `replayed` first differ, with the field it falls in.
fn difference(package: &[u8], replayed: &[u8], engine: &str) -> ReplayError {
    let offset = package
        .iter()
        .zip(replayed)
        .position(|(a, b)| a != b)
        .unwrap_or(package.len().min(replayed.len()));
    // From the start of the value the difference falls in: after the `:`, `,` or `[`
    // before it (both sides share every byte up to the difference).
    let start = package
        .get(offset.saturating_sub(60)..offset)
        .and_then(|before| before.iter().rposition(|byte| b":,[".contains(byte)))
        .map_or(offset, |at| offset.saturating_sub(60) + at + 1);
    let near = |bytes: &[u8]| {
        let end = (offset + 40).min(bytes.len());
        String::from_utf8_lossy(bytes.get(start..end).unwrap_or_default()).into_owned()
    };
    let before = String::from_utf8_lossy(package.get(..offset).unwrap_or_default()).into_owned();
    // The last key opened before the difference: `"closing":` → `closing`.
    let field = before
        .rfind("\":")
        .and_then(|end| {
            before
                .get(..end)
                .and_then(|head| head.rfind('"').map(|start| (start, end)))
        })
        .and_then(|(start, end)| before.get(start + 1..end))
        .map(|key| format!(" (in `{key}`)"))
        .unwrap_or_default();
    let engine = if engine == ENGINE {
        String::new()
    } else {
        format!(" (the package was computed by {engine}, this is {ENGINE})")
    };
    ReplayError::Differs {
        offset,
        field,
        package: near(package),
        replayed: near(replayed),
        engine,
    }
}

/// `revrec replay FILE`: prints what agreed, or fails saying where it differs.
///
/// # Errors
/// The file cannot be read, or its replay differs.
pub fn replay_file(path: &std::path::Path) -> Result<(), ReplayError> {
    let bytes = std::fs::read(path)?;
    let replayed = replay_package(&bytes)?;
    println!(
        "{}: every figure follows from its {} facts, to the byte (facts head {})",
        replayed.period, replayed.facts, replayed.head
    );
    for (period, digest) in &replayed.months {
        println!("{period} {digest}");
    }
    if replayed.warnings > 0 {
        println!(
            "{} warning(s) in the package: read them before signing",
            replayed.warnings
        );
    }
    Ok(())
}
