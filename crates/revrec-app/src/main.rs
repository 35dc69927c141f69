//! `revrec`: see `revrec --help`.

use clap::Parser;
use revrec_app::cli::{Cli, run};

#[actix_web::main]
async fn main() -> std::process::ExitCode {
    match run(Cli::parse()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("revrec: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
