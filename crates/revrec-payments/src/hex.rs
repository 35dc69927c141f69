//! Lowercase hexadecimal, as the Lightning and Ethereum wire formats write bytes.

/// `bytes` as lowercase hex, without a prefix.
pub fn encode(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The bytes of `text` (even length, hex digits of either case), or `None`.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|index| u8::from_str_radix(&text[index..index + 2], 16).ok())
        .collect()
}

/// Whether `text` is `0x` and `bytes` bytes of hex (an address is 20, a hash 32).
pub fn is_prefixed(text: &str, bytes: usize) -> bool {
    text.strip_prefix("0x")
        .is_some_and(|digits| digits.len() == bytes * 2 && decode(digits).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_what_is_not_hex() {
        assert_eq!(encode(&[0, 0xab, 0x10]), "00ab10");
        assert_eq!(decode("00AB10"), Some(vec![0, 0xab, 0x10]));
        assert_eq!(decode("abc"), None);
        assert_eq!(decode("zz"), None);
        assert!(is_prefixed(&format!("0x{}", "ab".repeat(20)), 20));
        assert!(!is_prefixed(&"ab".repeat(20), 20));
    }
}
