//! Workflow definitions: the model, the strict TOML parser, the tiers and the
//! cross-file checks, and the built-in workflows.

pub mod builtin;
pub mod catalog;
pub mod model;
pub mod parse;
pub mod pi;

pub use catalog::{Catalog, Dirs};
pub use model::{
    Check, Entry, Expect, FileRule, Messages, Origin, Phase, ShellRule, Tier, ToolRule,
    UnknownCommands, Workflow,
};
