//! What a command of the `revrec` binary can fail with; `main` prints it and exits non-zero.

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Settings(#[from] crate::settings::SettingsError),
    #[error(transparent)]
    Startup(#[from] crate::startup::StartupError),
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    UseCase(#[from] revrec_usecases::UseCaseError),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(
        "no database at {0}: only `revrec serve`, `revrec demo` and `revrec migrate --create` make one. Run the command in the folder that holds it, or point REVREC_DATABASE_URL at it"
    )]
    NoDatabase(String),
    #[error(transparent)]
    Replay(#[from] crate::replay_command::ReplayError),
    #[error("the stored figures of {tenants} tenant(s) differ from their recomputation")]
    Drift { tenants: usize },
}
