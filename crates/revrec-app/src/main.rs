//! `revrec`: see `revrec --help`.

use clap::Parser;
use mimalloc::MiMalloc;
use revrec_app::cli::{Cli, run};

// glibc's malloc was a fifth of the CPU under load, much of it lock contention between the
// HTTP workers and the database threads; mimalloc keeps per-thread heaps.
#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

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
