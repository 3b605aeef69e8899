//! `flowgate schema [workflow|config]`: print the JSON Schema of workflow
//! files or config.toml (generated from the parsers' key lists; the copies
//! committed under `schema/` are kept equal to this output by a test).

use super::Output;
use crate::schema::{Which, render};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Which schema: workflow (a .flowgate/workflows/*.toml file, the
    /// default) or config (config.toml).
    #[arg(value_enum, default_value = "workflow")]
    pub which: Which,
}

pub fn run(args: &Args) -> Output {
    Output::ok(render(args.which))
}
