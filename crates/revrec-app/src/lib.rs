#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod cli;
pub mod job_worker;
pub mod settings;
pub mod startup;
pub mod system_ports;
pub mod telemetry;
