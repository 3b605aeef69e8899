//! `flowgate step next|loop|status|cancel`: how the agent moves through a run.

use super::Output;
use crate::app::App;
use crate::engine::text;
use crate::engine::transition::{Command, NO_RUN};
use crate::exit::Failure;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// next: advance (runs the phase's checks first); loop: restart the
    /// innermost loopable scope; status: show where the run is; cancel: ask
    /// to cancel (`--confirm` to do it).
    #[arg(value_enum)]
    pub action: Action,
    /// Confirm `step cancel`.
    #[arg(long)]
    pub confirm: bool,
    /// What you did in the phase you are leaving (kept in the run).
    #[arg(long)]
    pub summary: Option<String>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Next,
    Loop,
    Status,
    Cancel,
}

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    step(app, args, "command")
}

/// `step` as the command line runs it; `via` names the caller in the
/// journal (`command`, or `mcp` for the `workflow_step` tool, which answers
/// with the same texts).
pub(crate) fn step(app: &App, args: &Args, via: &str) -> Result<Output, Failure> {
    let loaded = match app.store.load() {
        Ok(s) => s,
        // A change moves a corrupt state aside (in `update`).
        Err(crate::store::StoreError::Corrupt { .. })
            if args.action != Action::Status && (args.action != Action::Cancel || args.confirm) =>
        {
            crate::engine::state::State::default()
        }
        Err(e) => return Err(e.into()),
    };
    let groups = app.groups(app.cli_host(&loaded));
    let command = match args.action {
        Action::Status => {
            return Ok(Output::ok(match loaded.active_run() {
                Some(run) => text::run_status(run, &groups, app.stale_notice(run).as_deref()),
                None => NO_RUN.to_string(),
            }));
        }
        Action::Next => {
            let stale = loaded.active_run().and_then(|r| app.stale_notice(r));
            let (mut text, recovered) = app.step_next(args.summary.clone())?;
            if let Some(s) = stale {
                text.push_str(&format!("\n\nNote: {s}"));
            }
            super::journal_change(app, &format!("{via} step next"), &text);
            return Ok(Output::ok_recovered(text, recovered));
        }
        Action::Loop => Command::Loop,
        Action::Cancel => Command::StepCancel {
            confirm: args.confirm,
        },
    };
    let stale = loaded.active_run().and_then(|r| app.stale_notice(r));
    let (mut text, recovered) = app.apply(command)?;
    if let Some(s) = stale {
        text.push_str(&format!("\n\nNote: {s}"));
    }
    super::journal_change(
        app,
        &format!("{via} step {:?}", args.action).to_lowercase(),
        &text,
    );
    Ok(Output::ok_recovered(text, recovered))
}
