//! `flowgate step next|loop|status|cancel`: how the agent moves through a run.

use super::Output;
use crate::app::App;
use crate::engine::run::{Advance, LoopError, RunStatus, Summary};
use crate::engine::text;
use crate::exit::Failure;

#[derive(clap::Args, Debug)]
pub struct Args {
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

const NO_RUN: &str = "No active workflow. Start one with `flowgate start WORKFLOW TASK` (or type @flow start WORKFLOW TASK).";

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    let loaded = match app.store.load() {
        Ok(s) => s,
        // A change moves a corrupt state aside (in `update` below).
        Err(crate::store::StoreError::Corrupt { .. })
            if args.action != Action::Status && (args.action != Action::Cancel || args.confirm) =>
        {
            crate::engine::state::State::default()
        }
        Err(e) => return Err(e.into()),
    };
    let groups = app.groups(app.cli_host(&loaded));
    if args.action == Action::Status {
        let state = loaded;
        return Ok(Output::ok(match state.active_run() {
            Some(run) => text::run_status(run, &groups, app.stale_notice(run).as_deref()),
            None => NO_RUN.to_string(),
        }));
    }
    if args.action == Action::Cancel && !args.confirm {
        return match loaded.active_run() {
            None => Err(Failure::runtime("No active workflow to cancel.")),
            Some(run) => Ok(Output::ok(format!(
                "⚠️ **Confirm cancellation** of workflow \"{}\"?\nRun `flowgate step cancel --confirm` to confirm. This cannot be undone.",
                run.description
            ))),
        };
    }
    let stale = loaded.active_run().and_then(|r| app.stale_notice(r));
    let mut recovered: Option<String> = None;
    let result = app.store.update(|state, rec| {
        recovered = rec.map(str::to_string);
        let Some(run) = state.run.as_mut().filter(|r| r.is_active()) else {
            return Err(Failure::runtime(NO_RUN));
        };
        let text = match args.action {
            Action::Next => {
                if let Some(s) = args.summary.as_deref().filter(|s| !s.trim().is_empty()) {
                    run.summaries.push(Summary {
                        step: run.steps,
                        phase: run.phase().id.clone(),
                        text: s.trim().to_string(),
                    });
                }
                let adv = run.advance();
                let mut t = text::moved(run, &groups, &adv);
                if matches!(adv, Advance::Done { .. }) {
                    run.announced = true;
                    t.push_str("\n\n");
                    t.push_str(&text::announcement(run, &groups));
                }
                t
            }
            Action::Loop => match run.loop_scope() {
                Ok(_) => {
                    let scope = run.scope_name().to_string();
                    text::looped(run, &groups, &scope)
                }
                Err(LoopError::Disabled { scope }) => {
                    return Err(Failure::runtime(format!(
                        "⚠️ Looping is disabled for this workflow ({scope}). Run `flowgate step next` to move on."
                    )));
                }
            },
            Action::Cancel => {
                run.status = RunStatus::Cancelled;
                run.announced = true;
                format!("Workflow cancelled: \"{}\"", run.description)
            }
            Action::Status => unreachable!("handled above"),
        };
        state.mark_progress();
        Ok(text)
    });
    let mut text = result?;
    if let Some(s) = stale {
        text.push_str(&format!("\n\nNote: {s}"));
    }
    super::journal_command(
        app,
        &format!("step {:?}", args.action).to_lowercase(),
        &text,
    );
    Ok(Output::ok_recovered(text, recovered))
}
