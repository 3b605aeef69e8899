//! flowgate keeps an AI coding agent on a defined workflow path, enforced
//! from the agent host's lifecycle hooks.
//!
//! Layout: `engine` is the pure decision core; `host` holds one thin adapter
//! per agent host; `store` is the only owner of `state.json`; `workflow`
//! loads and checks definitions; `cli` is the command line; `app` is the I/O
//! glue the commands share; `mcp` serves the agent's commands as MCP tools
//! (`flowgate mcp`, the only async code).

pub mod app;
pub mod bytes;
pub mod checks;
pub mod cli;
pub mod config;
pub mod diag;
pub mod engine;
pub mod exit;
pub mod host;
pub mod journal;
pub mod mcp;
pub mod schema;
pub mod shell;
pub mod store;
pub mod time;
pub mod workflow;

/// The settings of the crate's property tests: `cases` runs (proptest's
/// default is 256), a failure reported and never written to a
/// `proptest-regressions` file.
#[cfg(test)]
pub(crate) fn proptest_config(cases: u32) -> proptest::prelude::ProptestConfig {
    proptest::prelude::ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::Off)),
        ..proptest::prelude::ProptestConfig::default()
    }
}
