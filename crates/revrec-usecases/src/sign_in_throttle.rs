//! How failed console sign-ins are throttled, as the OWASP authentication cheat sheet
//! advises: failures are counted per client address, per pair of the address typed into the
//! form and the client address, and per address typed, each in a window that opens at the
//! key's first failure. A client address that fails too often waits; the per-account count
//! is a much higher ceiling that only stops the client addresses that have failed for that
//! account, so a stranger can never lock the account's owner out from everywhere.
//!
//! Every key is built from what was typed, never from whether an account has it, so a
//! known and an unknown address are counted, and answered, exactly alike.

use std::net::IpAddr;

use revrec_ports::FailureWindow;

use crate::secrets::secret_digest;

/// The sign-in limits a deployment runs under (docs/console.md, "Throttling").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SignInLimits {
    /// How long a count lasts from its first failure, and so the longest wait.
    pub window_seconds: u32,
    /// Failures from one client address, whatever addresses were typed.
    pub per_client: u32,
    /// Failures for one typed address from one client address.
    pub per_account_and_client: u32,
    /// Failures for one typed address from all client addresses together. Past it, a client
    /// address that has failed for this account in the window waits; the others may try.
    pub per_account: u32,
}

pub const DEFAULT_SIGN_IN_LIMITS: SignInLimits = SignInLimits {
    window_seconds: 15 * 60,
    per_client: 20,
    per_account_and_client: 5,
    per_account: 100,
};

impl Default for SignInLimits {
    fn default() -> SignInLimits {
        DEFAULT_SIGN_IN_LIMITS
    }
}

impl SignInLimits {
    pub fn window_micros(&self) -> i64 {
        i64::from(self.window_seconds) * 1_000_000
    }

    /// Until when the client must wait, given the counts of [`SignInKeys::all`], if it must.
    pub fn throttled_until(&self, counts: &[FailureWindow]) -> Option<i64> {
        let [client, account_and_client, account] = counts else {
            return None;
        };
        let mut until = None;
        let mut wait_for = |window: &FailureWindow, limit: u32| {
            if window.failures >= limit {
                until = until.max(Some(window.ends_at));
            }
        };
        wait_for(client, self.per_client);
        wait_for(account_and_client, self.per_account_and_client);
        // The ceiling slows only the addresses that failed for this account; it lifts for one
        // of them when either its own count or the account's is forgotten.
        if account.failures >= self.per_account && account_and_client.failures > 0 {
            until = until.max(Some(account.ends_at.min(account_and_client.ends_at)));
        }
        until
    }
}

/// Where a sign-in comes from, as the limits count it: an IPv4 address, or the /64 network
/// of an IPv6 one (one host is usually given a whole /64, so counting single IPv6 addresses
/// would count nothing).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClientAddress(String);

impl ClientAddress {
    /// The TCP peer's address; `None` (no socket address) is counted as one client.
    pub fn of(peer: Option<IpAddr>) -> ClientAddress {
        let text = match peer.map(|ip| ip.to_canonical()) {
            None => "unknown".to_owned(),
            Some(IpAddr::V4(v4)) => v4.to_string(),
            Some(IpAddr::V6(v6)) => {
                let [a, b, c, d, ..] = v6.segments();
                format!("{a:x}:{b:x}:{c:x}:{d:x}::/64")
            }
        };
        ClientAddress(text)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The three counts one sign-in attempt is under. The typed address is kept as a SHA-256
/// digest (of its trimmed, lowercased text), so nothing typed, not even a password typed in
/// the wrong field, is stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SignInKeys {
    pub client: String,
    pub account_and_client: String,
    pub account: String,
}

impl SignInKeys {
    pub fn new(typed_email: &str, client: &ClientAddress) -> SignInKeys {
        let account = secret_digest(&typed_email.trim().to_lowercase());
        SignInKeys {
            client: format!("client:{}", client.as_str()),
            account_and_client: format!("account-client:{account}:{}", client.as_str()),
            account: format!("account:{account}"),
        }
    }

    /// In the order [`SignInLimits::throttled_until`] reads the counts.
    pub fn all(&self) -> [String; 3] {
        [
            self.client.clone(),
            self.account_and_client.clone(),
            self.account.clone(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: SignInLimits = SignInLimits {
        window_seconds: 900,
        per_client: 20,
        per_account_and_client: 5,
        per_account: 100,
    };

    fn window(failures: u32, ends_at: i64) -> FailureWindow {
        FailureWindow { failures, ends_at }
    }

    #[test]
    fn a_client_waits_for_the_longest_of_the_limits_it_reached() {
        assert_eq!(
            LIMITS.throttled_until(&[window(19, 10), window(4, 20), window(99, 30)]),
            None
        );
        assert_eq!(
            LIMITS.throttled_until(&[window(20, 10), window(4, 20), window(0, 0)]),
            Some(10)
        );
        assert_eq!(
            LIMITS.throttled_until(&[window(20, 10), window(5, 20), window(0, 0)]),
            Some(20)
        );
    }

    #[test]
    fn the_account_ceiling_stops_only_clients_that_failed_for_it() {
        let over = window(100, 50);
        assert_eq!(
            LIMITS.throttled_until(&[window(0, 0), window(0, 0), over]),
            None,
            "a client that has not failed for the account may try"
        );
        assert_eq!(
            LIMITS.throttled_until(&[window(1, 40), window(1, 40), over]),
            Some(40),
            "until its own failure is forgotten"
        );
        assert_eq!(
            LIMITS.throttled_until(&[window(1, 60), window(1, 60), over]),
            Some(50),
            "or the account's count is"
        );
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64_and_mapped_ipv4_as_ipv4() {
        let ip = |text: &str| Some(text.parse::<IpAddr>().unwrap_or(IpAddr::from([0, 0, 0, 0])));
        assert_eq!(
            ClientAddress::of(ip("2001:db8:1:2:aaaa::1")),
            ClientAddress::of(ip("2001:db8:1:2:bbbb::2"))
        );
        assert_ne!(
            ClientAddress::of(ip("2001:db8:1:2::1")),
            ClientAddress::of(ip("2001:db8:1:3::1"))
        );
        assert_eq!(
            ClientAddress::of(ip("::ffff:192.0.2.7")).as_str(),
            "192.0.2.7"
        );
        assert_eq!(ClientAddress::of(None).as_str(), "unknown");
    }

    #[test]
    fn keys_depend_on_what_was_typed_not_on_any_account() {
        let client = ClientAddress::of(Some(IpAddr::from([192, 0, 2, 7])));
        let ana = SignInKeys::new(" Ana@Example.com", &client);
        assert_eq!(ana, SignInKeys::new("ana@example.com ", &client));
        assert_eq!(ana.client, "client:192.0.2.7");
        assert!(
            !ana.account.contains("ana"),
            "the typed address is a digest"
        );
        assert_ne!(
            ana.account,
            SignInKeys::new("bob@example.com", &client).account
        );
    }
}
