//! Scopes and plans: what a credential may do and what it is billed on.

use std::fmt;

/// The scopes of the API (docs/access.md, Scopes).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Scope {
    ReadContracts,
    WriteContracts,
    ReadWaterfalls,
    ReadDisclosures,
    ReadLedger,
    ExecuteMcp,
    /// Close and reopen months of the books (docs/ledger.md, Month end).
    ClosePeriods,
}

impl Scope {
    pub const ALL: [Scope; 7] = [
        Scope::ReadContracts,
        Scope::WriteContracts,
        Scope::ReadWaterfalls,
        Scope::ReadDisclosures,
        Scope::ReadLedger,
        Scope::ExecuteMcp,
        Scope::ClosePeriods,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::ReadContracts => "read:contracts",
            Scope::WriteContracts => "write:contracts",
            Scope::ReadWaterfalls => "read:waterfalls",
            Scope::ReadDisclosures => "read:disclosures",
            Scope::ReadLedger => "read:ledger",
            Scope::ExecuteMcp => "execute:mcp",
            Scope::ClosePeriods => "close:periods",
        }
    }

    pub fn parse(text: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|scope| scope.as_str() == text)
    }

    /// Space-separated, the form OAuth and our storage use.
    pub fn join(scopes: &[Scope]) -> String {
        scopes
            .iter()
            .map(|scope| scope.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Parses a space-separated list; `Err` names the first unknown scope.
    pub fn parse_list(text: &str) -> Result<Vec<Scope>, String> {
        let mut scopes = Vec::new();
        for word in text.split([' ', ',']).filter(|word| !word.is_empty()) {
            let scope = Scope::parse(word).ok_or_else(|| word.to_owned())?;
            if !scopes.contains(&scope) {
                scopes.push(scope);
            }
        }
        scopes.sort();
        Ok(scopes)
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The commercial plan of a credential (docs/access.md, docs/payments.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Plan {
    Sandbox,
    Growth,
    Scale,
}

impl Plan {
    pub const ALL: [Plan; 3] = [Plan::Sandbox, Plan::Growth, Plan::Scale];

    pub fn as_str(self) -> &'static str {
        match self {
            Plan::Sandbox => "sandbox",
            Plan::Growth => "growth",
            Plan::Scale => "scale",
        }
    }

    pub fn parse(text: &str) -> Option<Plan> {
        Plan::ALL.into_iter().find(|plan| plan.as_str() == text)
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
