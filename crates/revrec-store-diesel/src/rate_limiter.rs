//! The two `RateLimiter`s: counting in this process (SQLite, one instance), and sharing one
//! limit among every instance on a PostgreSQL database.
//!
//! The shared limiter does not go to the database for every request. Each instance reserves
//! a slice of a credential's window (a fortieth of the limit) with one upsert that returns
//! the window's running total, then counts down within the slice in memory. The database
//! never grants more than the limit in total, so the instances together never admit more
//! than the limit; what they may lose is the unused rest of each instance's last slice, at
//! most `instances × (slice − 1)` units, under 3 % of the limit per instance. Once the
//! database says a window is spent, an instance refuses locally until the window ends.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use diesel::prelude::*;
use diesel::upsert::excluded;
use revrec_ports::{
    QuotaKey, RateDecision, RateLimiter, RepositoryError, WINDOW_SECONDS, window_of,
};

use crate::blocking::{Access, Database, with_connection};
use crate::connection::on_each_backend;
use crate::schema::rate_limit_windows;

/// Per-key state is dropped once this many keys are held and their windows have passed.
const PRUNE_ABOVE: usize = 10_000;

/// Counts every credential's requests in this process.
#[derive(Default)]
pub struct InProcessRateLimiter {
    windows: Mutex<HashMap<QuotaKey, (i64, u32)>>,
}

#[async_trait]
impl RateLimiter for InProcessRateLimiter {
    async fn acquire(
        &self,
        key: &QuotaKey,
        limit: u32,
        now: i64,
    ) -> Result<RateDecision, RepositoryError> {
        let (window, reset_seconds) = window_of(now);
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if windows.len() > PRUNE_ABOVE {
            windows.retain(|_, (start, _)| *start >= window);
        }
        let (start, used) = windows.entry(key.clone()).or_insert((window, 0));
        if *start != window {
            (*start, *used) = (window, 0);
        }
        let allowed = *used < limit;
        if allowed {
            *used += 1;
        }
        Ok(RateDecision {
            allowed,
            limit,
            remaining: limit.saturating_sub(*used),
            reset_seconds,
        })
    }

    async fn release(&self, key: &QuotaKey, _limit: u32, now: i64) -> Result<(), RepositoryError> {
        let (window, _) = window_of(now);
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if let Some((start, used)) = windows.get_mut(key)
            && *start == window
        {
            *used = used.saturating_sub(1);
        }
        Ok(())
    }
}

/// One credential's window as this instance sees it.
#[derive(Clone, Copy, Debug)]
struct Lease {
    window: i64,
    /// Units reserved by this instance and not yet used.
    held: u32,
    /// Units nobody had reserved at this instance's last reservation.
    unreserved: u32,
    /// The database has no units left in this window.
    spent: bool,
}

impl Lease {
    fn new(window: i64, limit: u32) -> Lease {
        Lease {
            window,
            held: 0,
            unreserved: limit,
            spent: false,
        }
    }
}

/// Shares each credential's limit among every instance using the same database.
pub struct SharedRateLimiter {
    database: Database,
    leases: Mutex<HashMap<QuotaKey, Lease>>,
    /// One reservation in flight per credential: concurrent requests that find the lease
    /// empty wait for it rather than each reserving a slice they may never use.
    gates: Mutex<HashMap<QuotaKey, Arc<tokio::sync::Mutex<()>>>>,
    /// The last window for which this instance deleted older windows' rows.
    pruned_before: AtomicI64,
}

impl SharedRateLimiter {
    pub fn new(database: Database) -> SharedRateLimiter {
        SharedRateLimiter {
            database,
            leases: Mutex::new(HashMap::new()),
            gates: Mutex::new(HashMap::new()),
            pruned_before: AtomicI64::new(i64::MIN),
        }
    }

    fn gate(&self, key: &QuotaKey) -> Arc<tokio::sync::Mutex<()>> {
        let mut gates = self
            .gates
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if gates.len() > PRUNE_ABOVE {
            // Gates nobody is waiting on can go.
            gates.retain(|_, gate| Arc::strong_count(gate) > 1);
        }
        gates.entry(key.clone()).or_default().clone()
    }

    /// Takes a unit this instance holds, or says whether it must ask the database.
    fn take_held(&self, key: &QuotaKey, limit: u32, window: i64) -> Option<(bool, u32)> {
        let mut leases = self
            .leases
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if leases.len() > PRUNE_ABOVE {
            leases.retain(|_, lease| lease.window >= window);
        }
        let lease = lease_in(&mut leases, key, limit, window);
        if lease.held > 0 {
            lease.held -= 1;
            return Some((true, lease.held.saturating_add(lease.unreserved)));
        }
        lease.spent.then_some((false, 0))
    }

    /// Records a reservation's outcome.
    fn add_reserved(&self, key: &QuotaKey, limit: u32, window: i64, granted: u32, total: i64) {
        let mut leases = self
            .leases
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let lease = lease_in(&mut leases, key, limit, window);
        lease.held = lease.held.saturating_add(granted);
        let unreserved = i64::from(limit).saturating_sub(total).max(0);
        // Concurrent reservations may come back out of order: what nobody has reserved only
        // shrinks within a window, so an older, larger answer never raises it again.
        lease.unreserved = lease.unreserved.min(u32::try_from(unreserved).unwrap_or(0));
        lease.spent = lease.unreserved == 0;
    }
}

/// The credential's lease for `window`, a fresh one when its window has passed.
fn lease_in<'a>(
    leases: &'a mut HashMap<QuotaKey, Lease>,
    key: &QuotaKey,
    limit: u32,
    window: i64,
) -> &'a mut Lease {
    let lease = leases
        .entry(key.clone())
        .or_insert_with(|| Lease::new(window, limit));
    if lease.window != window {
        *lease = Lease::new(window, limit);
    }
    lease
}

/// How many units an instance reserves at a time.
pub fn slice_of(limit: u32) -> u32 {
    (limit / 40).max(1)
}

#[async_trait]
impl RateLimiter for SharedRateLimiter {
    async fn acquire(
        &self,
        key: &QuotaKey,
        limit: u32,
        now: i64,
    ) -> Result<RateDecision, RepositoryError> {
        let (window, reset_seconds) = window_of(now);
        let decision = |(allowed, remaining): (bool, u32)| RateDecision {
            allowed,
            limit,
            remaining,
            reset_seconds,
        };
        if let Some(taken) = self.take_held(key, limit, window) {
            return Ok(decision(taken));
        }
        let gate = self.gate(key);
        let _reserving = gate.lock().await;
        // The reservation this request waited for may have left units for it.
        if let Some(taken) = self.take_held(key, limit, window) {
            return Ok(decision(taken));
        }
        let slice = slice_of(limit);
        let prune_before = (self.pruned_before.fetch_max(window, Ordering::Relaxed) < window)
            .then_some(window - WINDOW_SECONDS * 1_000_000);
        let (tenant, credential) = (key.tenant_id.clone(), key.credential.clone());
        let total = with_connection(&self.database, Access::Write, move |connection| {
            if let Some(before) = prune_before {
                diesel::delete(
                    rate_limit_windows::table.filter(rate_limit_windows::window_start.lt(before)),
                )
                .execute(connection)?;
            }
            let total: i64 = on_each_backend!(&mut *connection, |backend| {
                diesel::insert_into(rate_limit_windows::table)
                    .values((
                        rate_limit_windows::tenant_id.eq(&tenant),
                        rate_limit_windows::credential.eq(&credential),
                        rate_limit_windows::window_start.eq(window),
                        rate_limit_windows::reserved.eq(i64::from(slice)),
                    ))
                    .on_conflict((
                        rate_limit_windows::tenant_id,
                        rate_limit_windows::credential,
                        rate_limit_windows::window_start,
                    ))
                    .do_update()
                    .set(
                        rate_limit_windows::reserved
                            .eq(rate_limit_windows::reserved
                                + excluded(rate_limit_windows::reserved)),
                    )
                    .returning(rate_limit_windows::reserved)
                    .get_result(backend)
            })?;
            Ok(total)
        })
        .await?;
        // `reserved` counts every slice asked for, granted or not: this one's share is what
        // was left of the limit before it, at most a slice.
        let before = total - i64::from(slice);
        let granted = (i64::from(limit) - before).clamp(0, i64::from(slice));
        let granted = u32::try_from(granted).unwrap_or(0);
        self.add_reserved(key, limit, window, granted, total);
        Ok(decision(
            self.take_held(key, limit, window).unwrap_or((false, 0)),
        ))
    }

    /// The unit goes back to the database, where any instance may reserve it again (kept
    /// in this instance's lease, it would make the others refuse early). Refused
    /// reservations also raised `reserved` past the limit; what is in use is at most the
    /// limit, so the count comes down from there.
    async fn release(&self, key: &QuotaKey, limit: u32, now: i64) -> Result<(), RepositoryError> {
        let (window, _) = window_of(now);
        let (tenant, credential) = (key.tenant_id.clone(), key.credential.clone());
        let limit = i64::from(limit);
        with_connection(&self.database, Access::Write, move |connection| {
            connection.transaction(|connection| {
                let this_window = rate_limit_windows::tenant_id
                    .eq(tenant)
                    .and(rate_limit_windows::credential.eq(credential))
                    .and(rate_limit_windows::window_start.eq(window));
                diesel::update(
                    rate_limit_windows::table
                        .filter(this_window.clone())
                        .filter(rate_limit_windows::reserved.gt(limit)),
                )
                .set(rate_limit_windows::reserved.eq(limit))
                .execute(connection)?;
                diesel::update(
                    rate_limit_windows::table
                        .filter(this_window)
                        .filter(rate_limit_windows::reserved.gt(0)),
                )
                .set(rate_limit_windows::reserved.eq(rate_limit_windows::reserved - 1))
                .execute(connection)?;
                Ok(())
            })
        })
        .await?;
        let mut leases = self
            .leases
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if let Some(lease) = leases.get_mut(key)
            && lease.window == window
        {
            // The database has a unit again: the next request here asks it.
            lease.unreserved = lease.unreserved.saturating_add(1);
            lease.spent = false;
        }
        Ok(())
    }
}
