//! `revrec verify`: the audit an auditor runs against a production copy, and what the fault
//! tests run to prove nothing was half-written. Prints a summary (text, or one JSON document
//! with `--json`); any drift is exit status 1. `revrec repair-calendar`: the one repair of
//! drift the service makes itself (contracts stored with dates outside the calendar).

use std::io::Write;
use std::time::Instant;

use revrec_domain::OutputHash;
use revrec_usecases::Services;
use revrec_usecases::repair_calendar::RemovedContract;
use revrec_usecases::verify_books::{RollupDrift, TenantAudit, tenants, verify_tenant};
use serde_json::{Value, json};

use crate::cli_error::CliError;

pub async fn verify(
    services: &Services,
    tenant: Option<String>,
    page_size: u32,
    as_json: bool,
) -> Result<(), CliError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let started = Instant::now();
    let chosen = match tenant {
        Some(tenant) => vec![tenant],
        None => tenants(services).await?,
    };
    let mut audits = Vec::with_capacity(chosen.len());
    for tenant in &chosen {
        let audit = verify_tenant(services, tenant, page_size).await?;
        if !as_json {
            print_tenant(&mut out, &audit)?;
        }
        audits.push(audit);
    }
    let seconds = started.elapsed().as_secs_f64();
    let contracts: u64 = audits.iter().map(|audit| audit.contracts_checked).sum();
    let drifting: Vec<&str> = audits
        .iter()
        .filter(|audit| !audit.is_clean())
        .map(|audit| audit.tenant_id.as_str())
        .collect();
    if as_json {
        let document = json!({
            "tenants": audits.iter().map(tenant_json).collect::<Vec<_>>(),
            "contracts_checked": contracts,
            "seconds": (seconds * 1000.0).round() / 1000.0,
            "clean": drifting.is_empty(),
        });
        writeln!(out, "{document:#}")?;
    } else {
        writeln!(
            out,
            "verified {} tenant(s), {contracts} contract(s) in {seconds:.2} s: {}",
            audits.len(),
            if drifting.is_empty() {
                "no drift".to_owned()
            } else {
                format!("DRIFT in {}", drifting.join(", "))
            }
        )?;
    }
    if drifting.is_empty() {
        Ok(())
    } else {
        Err(CliError::Drift {
            tenants: drifting.len(),
        })
    }
}

/// Removes every chosen tenant's contracts outside the calendar and prints them.
pub async fn repair_calendar(
    services: &Services,
    tenant: Option<String>,
    page_size: u32,
) -> Result<(), CliError> {
    let chosen = match tenant {
        Some(tenant) => vec![tenant],
        None => tenants(services).await?,
    };
    let mut removed = Vec::new();
    for tenant in &chosen {
        let taken =
            revrec_usecases::repair_calendar::repair_calendar(services, tenant, page_size).await?;
        removed.extend(taken.iter().map(|contract| removed_json(tenant, contract)));
    }
    let document = json!({"removed": removed});
    writeln!(std::io::stdout().lock(), "{document:#}")?;
    Ok(())
}

/// What an operator keeps of a removed contract: enough to find it in a backup and to tell
/// its owner what happened.
fn removed_json(tenant: &str, removed: &RemovedContract) -> Value {
    let record = &removed.stored.record;
    json!({
        "tenant_id": tenant,
        "contract_id": record.id,
        "customer_name": record.customer_name,
        "contract_number": record.contract_number,
        "currency": record.currency.code(),
        "total_value_minor": record.total_value,
        "status": record.status.as_str(),
        "start_date": record.start_date.to_string(),
        "end_date": record.end_date.to_string(),
        "versions": removed.stored.versions.len(),
        "invoices": removed.stored.invoices.len(),
        "reason": removed.reason,
    })
}

fn print_tenant(out: &mut impl Write, audit: &TenantAudit) -> std::io::Result<()> {
    writeln!(
        out,
        "tenant {}: {} contract(s) checked, {} contract mismatch(es), {} rollup row(s) differ",
        audit.tenant_id,
        audit.contracts_checked,
        audit.contract_drift.len(),
        audit.rollup_drift.len()
    )?;
    for currency in &audit.currencies {
        let verdict = if currency.stored_hash == currency.recomputed_hash {
            "stored = recomputed".to_owned()
        } else {
            format!("recomputed {}", currency.recomputed_hash)
        };
        writeln!(
            out,
            "  {}: {} rollup row(s); waterfall {} ({verdict})",
            currency.currency, currency.rollup_rows, currency.stored_hash
        )?;
    }
    for month in &audit.closed_months {
        let verdict = match &month.recorded_digest {
            Some(recorded) if *recorded != month.stored_digest => {
                format!("DIFFERS: its close recorded {recorded}")
            }
            _ if month.stored_digest != month.recomputed_digest => format!(
                "DIFFERS: the contracts' books give {}",
                month.recomputed_digest
            ),
            _ => "stored = recomputed".to_owned(),
        };
        writeln!(
            out,
            "  closed {}: {} ({verdict})",
            month.period, month.stored_digest
        )?;
    }
    for problem in &audit.listed_months {
        writeln!(out, "  {problem}")?;
    }
    for drift in &audit.contract_drift {
        writeln!(out, "  contract {}: {}", drift.contract_id, drift.problem)?;
    }
    for problem in &audit.limits {
        writeln!(out, "  {problem}")?;
    }
    for drift in &audit.rollup_drift {
        writeln!(
            out,
            "  rollup {} {} {} {}: stored {}, recomputed {}",
            drift.currency,
            drift.key.period,
            drift.key.pob_type,
            drift.key.timing.as_str(),
            amounts_text(&drift.stored),
            amounts_text(&drift.recomputed)
        )?;
    }
    Ok(())
}

fn amounts_text(amounts: &revrec_domain::RollupAmounts) -> String {
    format!(
        "recognized={} booked={} rpo_change={} rpo_next_12={} recognized_from_opening={}",
        amounts.recognized,
        amounts.booked,
        amounts.rpo_change,
        amounts.rpo_next_12,
        amounts.recognized_from_opening
    )
}

fn tenant_json(audit: &TenantAudit) -> Value {
    json!({
        "tenant_id": audit.tenant_id,
        "contracts_checked": audit.contracts_checked,
        "clean": audit.is_clean(),
        "contract_mismatches": audit.contract_drift.iter().map(|drift| json!({
            "contract_id": drift.contract_id,
            "problem": drift.problem,
        })).collect::<Vec<_>>(),
        "rollup_mismatches": audit.rollup_drift.iter().map(rollup_json).collect::<Vec<_>>(),
        "beyond_limits": audit.limits,
        "currencies": audit.currencies.iter().map(|currency| json!({
            "currency": currency.currency.code(),
            "rollup_rows": currency.rollup_rows,
            "stored_output_hash": currency.stored_hash.as_str(),
            "recomputed_output_hash": currency.recomputed_hash.as_str(),
        })).collect::<Vec<_>>(),
        "closed_months": audit.closed_months.iter().map(|month| json!({
            "period": month.period.to_string(),
            "stored_digest": month.stored_digest.as_str(),
            "recomputed_digest": month.recomputed_digest.as_str(),
            "recorded_digest": month.recorded_digest.as_ref().map(OutputHash::as_str),
            "clean": month.is_clean(),
        })).collect::<Vec<_>>(),
        "listed_months": audit.listed_months,
    })
}

fn rollup_json(drift: &RollupDrift) -> Value {
    let amounts = |amounts: &revrec_domain::RollupAmounts| {
        json!({
            "recognized": amounts.recognized,
            "booked": amounts.booked,
            "rpo_change": amounts.rpo_change,
            "rpo_next_12": amounts.rpo_next_12,
            "recognized_from_opening": amounts.recognized_from_opening,
        })
    };
    json!({
        "currency": drift.currency.code(),
        "period": drift.key.period.to_string(),
        "pob_type": drift.key.pob_type.as_str(),
        "timing": drift.key.timing.as_str(),
        "stored": amounts(&drift.stored),
        "recomputed": amounts(&drift.recomputed),
    })
}
