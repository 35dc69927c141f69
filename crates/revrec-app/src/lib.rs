#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod cli;
pub mod cli_error;
pub mod credential_commands;
pub mod database_presence;
pub mod job_worker;
pub mod period_commands;
pub mod plan_terms;
pub mod replay_command;
pub mod rollup_folder;
pub mod settings;
pub mod startup;
pub mod system_ports;
pub mod telemetry;
pub mod usage_flusher;
pub mod verify_command;
