//! Free text: the one rule every name, number, reference and reason a caller writes is held
//! to, on every surface (`docs/limits.md`, "Free text").
//!
//! Text is refused, never cleaned: what is stored is what was sent. A text is refused when
//! it is longer than its field allows (counted in characters), holds a control character
//! (NUL included: PostgreSQL cannot store it, and a tab or line break would break a log line
//! or a report row), or holds a bidirectional embedding, override or isolate (U+202A–U+202E,
//! U+2066–U+2069), which makes text read differently from how it is stored. The marks
//! U+200E, U+200F and U+061C stay allowed: they only set the direction of the characters
//! around them and right-to-left names need them.
//!
//! A field whose text begins a cell of an export (the journal CSV's account names and codes)
//! also may not begin with `=`, `+`, `-` or `@`, which a spreadsheet reads as a formula
//! (OWASP's CSV-injection list; its TAB and CR are control characters already). Text that
//! only appears inside a cell after words of ours (an invoice number in the memo
//! "Invoice INV-7", a payment reference, an obligation name) cannot start a formula, so a
//! leading `-` stays allowed there.

/// How long a field's text may be, and whether it begins a cell of an export.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TextRule {
    pub max_chars: usize,
    pub begins_export_cell: bool,
}

impl TextRule {
    const fn plain(max_chars: usize) -> TextRule {
        TextRule {
            max_chars,
            begins_export_cell: false,
        }
    }
}

/// Customer names, line item names, contract numbers, customer ids.
pub const NAME: TextRule = TextRule::plain(200);
/// Invoice numbers and payment references: the billing system's and the bank's, which are
/// short.
pub const REFERENCE: TextRule = TextRule::plain(64);
/// Usage record ids: a metering system's event or export-row ids (UUIDs, compound keys).
pub const RECORD_ID: TextRule = TextRule::plain(128);
/// What a usage line's unit is called (`api_call`, `GB-month`).
pub const UNIT: TextRule = TextRule::plain(64);
/// Why months were reopened: a sentence or two an auditor reads in the history.
pub const REOPEN_REASON: TextRule = TextRule::plain(1_000);
/// What an API key or an OAuth client is called in listings.
pub const CREDENTIAL_NAME: TextRule = TextRule::plain(100);
/// A chart of accounts' account names: the journal CSV's `account_name` column.
pub const ACCOUNT_NAME: TextRule = TextRule {
    max_chars: 128,
    begins_export_cell: true,
};
/// A chart of accounts' account codes: the journal CSV's `account_code` column.
pub const ACCOUNT_CODE: TextRule = TextRule {
    max_chars: 32,
    begins_export_cell: true,
};

/// Why a text is refused. Each message completes "`field` …".
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TextError {
    #[error("has at most {max} characters (got {got})")]
    TooLong { max: usize, got: usize },
    #[error("must not contain NUL (U+0000)")]
    Nul,
    #[error("must not contain control characters (U+{:04X})", u32::from(*.0))]
    Control(char),
    #[error(
        "must not contain bidirectional embedding, override or isolate characters (U+{:04X})",
        u32::from(*.0)
    )]
    Bidirectional(char),
    #[error("must not start with `{0}`: a spreadsheet would read the exported cell as a formula")]
    FormulaStart(char),
}

/// Checks `text` against `rule`; the first reason it is refused, if any.
///
/// # Errors
///
/// The first [`TextError`] found, in the order the variants are listed.
pub fn check(text: &str, rule: TextRule) -> Result<(), TextError> {
    // Most names are printable ASCII: a byte is a character, and no refused character is
    // among them, so one pass over the bytes answers.
    let printable_ascii = text.bytes().all(|byte| (b' '..=b'~').contains(&byte));
    let formula_start =
        rule.begins_export_cell && text.trim_start().starts_with(['=', '+', '-', '@']);
    if printable_ascii && text.len() <= rule.max_chars && !formula_start {
        return Ok(());
    }
    check_each_character(text, rule)
}

/// [`check`], character by character: the rule's own statement.
fn check_each_character(text: &str, rule: TextRule) -> Result<(), TextError> {
    let got = text.chars().count();
    if got > rule.max_chars {
        return Err(TextError::TooLong {
            max: rule.max_chars,
            got,
        });
    }
    if let Some(refused) = text.chars().find_map(refusal) {
        return Err(refused);
    }
    match text.trim_start().chars().next() {
        Some(first @ ('=' | '+' | '-' | '@')) if rule.begins_export_cell => {
            Err(TextError::FormulaStart(first))
        }
        _ => Ok(()),
    }
}

/// Why one character is refused anywhere in a text.
fn refusal(character: char) -> Option<TextError> {
    match character {
        '\0' => Some(TextError::Nul),
        control if control.is_control() => Some(TextError::Control(control)),
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {
            Some(TextError::Bidirectional(character))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The pass over printable ASCII answers as the rule does, character by character.
        #[test]
        fn the_ascii_pass_answers_as_each_character_does(
            text in "[ -~\t\u{7f}\u{85}\u{202e}é]{0,12}",
            max_chars in 0_usize..12,
            begins_export_cell: bool,
        ) {
            let rule = TextRule { max_chars, begins_export_cell };
            proptest::prop_assert_eq!(check(&text, rule), check_each_character(&text, rule));
        }
    }

    #[track_caller]
    fn refused(text: &str, rule: TextRule) -> String {
        check(text, rule)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn ordinary_text_of_every_script_passes() {
        for text in [
            "Acme Corp",
            "Société Générale",
            "株式会社アクメ",
            "שלום\u{200F} 2026",
            "-20% launch discount",
            "O'Brien & Sons, Ltd.",
            "",
        ] {
            assert_eq!(check(text, NAME), Ok(()), "{text}");
        }
        assert_eq!(check(&"x".repeat(200), NAME), Ok(()));
        assert_eq!(check(&"é".repeat(64), REFERENCE), Ok(()));
    }

    #[test]
    fn each_reason_is_named() {
        assert_eq!(refused("Acme\0Corp", NAME), "must not contain NUL (U+0000)");
        assert_eq!(
            refused("Acme\u{7}", NAME),
            "must not contain control characters (U+0007)"
        );
        assert_eq!(
            refused("late\ninvoices", REOPEN_REASON),
            "must not contain control characters (U+000A)"
        );
        assert_eq!(
            refused("\u{85}", NAME),
            "must not contain control characters (U+0085)"
        );
        assert_eq!(
            refused("invoice\u{202E}fdp.exe", REFERENCE),
            "must not contain bidirectional embedding, override or isolate characters (U+202E)"
        );
        assert_eq!(
            check("a\u{2066}b", NAME),
            Err(TextError::Bidirectional('\u{2066}'))
        );
        assert_eq!(
            refused(&"x".repeat(1_001), REOPEN_REASON),
            "has at most 1000 characters (got 1001)"
        );
        assert_eq!(
            refused("=HYPERLINK(\"x\")", ACCOUNT_NAME),
            "must not start with `=`: a spreadsheet would read the exported cell as a formula"
        );
    }

    #[test]
    fn formula_starts_matter_only_where_text_begins_a_cell() {
        for start in ['=', '+', '-', '@'] {
            let text = format!("  {start}1+1");
            assert_eq!(
                check(&text, ACCOUNT_NAME),
                Err(TextError::FormulaStart(start))
            );
            assert_eq!(
                check(&text, ACCOUNT_CODE),
                Err(TextError::FormulaStart(start))
            );
            assert_eq!(check(&text, NAME), Ok(()));
        }
        // TAB and CR, OWASP's other two, are control characters everywhere.
        assert_eq!(check("\tx", NAME), Err(TextError::Control('\t')));
        assert_eq!(check("\rx", NAME), Err(TextError::Control('\r')));
    }

    #[test]
    fn length_is_counted_before_characters() {
        let long = format!("{}\0", "x".repeat(200));
        assert_eq!(
            check(&long, NAME),
            Err(TextError::TooLong { max: 200, got: 201 })
        );
    }
}
