#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod protocol;
pub mod stdio;
pub mod streamable_http;
pub mod tools;

pub use streamable_http::configure;
