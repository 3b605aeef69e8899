//! `flowgate guide`: the workflow-authoring guide, so an agent can be asked
//! to write a workflow for a team. One source: `docs/authoring.md`.

use super::Output;

/// The guide's text, compiled in from `docs/authoring.md`.
pub const GUIDE: &str = include_str!("../../docs/authoring.md");

pub fn run() -> Output {
    Output::ok(GUIDE)
}
