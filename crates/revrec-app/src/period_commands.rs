//! `revrec periods close | reopen | list`: a tenant's closed months from the command line,
//! through the same use case as `POST /v1/periods/close` (docs/ledger.md, Month end).

use clap::Subcommand;
use revrec_domain::{Period, PeriodAction, text};
use revrec_usecases::Services;
use revrec_usecases::periods::{PeriodsView, close_periods, list_periods, reopen_periods};

use crate::cli_error::CliError;

/// Who a close made from the command line is recorded as.
const CLI_ACTOR: &str = "cli";

#[derive(Subcommand, Debug)]
pub enum PeriodsCommand {
    /// Close every open month through `--through` (YYYY-MM); it must have ended.
    Close {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        through: String,
    },
    /// Reopen `--from` (YYYY-MM) and every later closed month, for `--reason`.
    Reopen {
        #[arg(long)]
        tenant: String,
        #[arg(long)]
        from: String,
        #[arg(long)]
        reason: String,
    },
    /// The closed months and every close and reopen.
    List {
        #[arg(long)]
        tenant: String,
    },
}

pub async fn periods(services: &Services, command: PeriodsCommand) -> Result<(), CliError> {
    let view = match command {
        PeriodsCommand::Close { tenant, through } => {
            close_periods(services, &tenant, CLI_ACTOR, month("--through", &through)?).await?
        }
        PeriodsCommand::Reopen {
            tenant,
            from,
            reason,
        } => {
            if reason.trim().is_empty() {
                return Err(CliError::Usage(
                    "--reason must say why the months are reopened".into(),
                ));
            }
            text::check(reason.trim(), text::REOPEN_REASON)
                .map_err(|error| CliError::Usage(format!("--reason {error}")))?;
            reopen_periods(
                services,
                &tenant,
                CLI_ACTOR,
                month("--from", &from)?,
                reason.trim(),
            )
            .await?
        }
        PeriodsCommand::List { tenant } => list_periods(services, &tenant).await?,
    };
    print!("{}", render(&view));
    Ok(())
}

fn month(flag: &str, text: &str) -> Result<Period, CliError> {
    Period::parse(text).map_err(|error| CliError::Usage(format!("{flag}: {error}")))
}

/// The books as text: the first open month, each closed month, then the history.
fn render(view: &PeriodsView) -> String {
    let mut text = match view.first_open {
        Some(first) => format!("first open month: {first}\n"),
        None => "no month is closed\n".to_owned(),
    };
    for month in &view.closed {
        text.push_str(&format!(
            "closed  {}  by {}  {}\n",
            month.period, month.closed_by, month.digest
        ));
    }
    for event in &view.history {
        let line = match event.action {
            PeriodAction::Close { through } => format!("close through {through}"),
            PeriodAction::Reopen { from } => format!("reopen from {from}"),
        };
        let reason = event
            .reason
            .as_deref()
            .map(|reason| format!(": {reason}"))
            .unwrap_or_default();
        text.push_str(&format!(
            "#{}  {line}  by {}{reason}\n",
            event.sequence, event.actor
        ));
    }
    text
}
