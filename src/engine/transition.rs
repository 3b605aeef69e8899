//! Every command that changes the state, as pure functions: start, `step
//! next|loop|cancel` (with its confirmation), the user's `cancel`, and todo
//! edits. The command line, `@flow` messages and (later) MCP tools parse
//! their arguments, call [`apply`] inside the store's update, and print the
//! text it returns. Mirrored todo lists, announcements and reminders are
//! decided in `decide`, on hook events.

use super::rules::GroupMap;
use super::run::{Advance, LoopError, Run, RunStatus, Summary};
use super::state::State;
use super::text;
use super::todos::{self, Limits, TodoOp};
use crate::workflow::Expect;

/// A state-changing command.
#[derive(Clone, Debug)]
pub enum Command {
    /// Start this run; refused while another is active unless `replace`.
    Start {
        run: Box<Run>,
        replace: bool,
    },
    /// `step next`, with what was done in the phase being left, and the
    /// outcome of the phase's checks (run by the caller: they are I/O).
    Next {
        summary: Option<String>,
        evidence: Option<Evidence>,
    },
    /// `step loop`.
    Loop,
    /// `step cancel`: without `confirm`, only asks for the confirmation.
    StepCancel {
        confirm: bool,
    },
    /// The user's `cancel`: at once.
    CancelNow,
    Todo(TodoOp),
}

/// The outcome of the current phase's checks, as the caller ran them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evidence {
    /// The phase they ran in and the run's step count then: a run that
    /// moved while they ran is not judged on them.
    pub phase: String,
    pub steps: u64,
    /// One result per check, in order; the caller may stop at the first
    /// that does not hold.
    pub results: Vec<CheckResult>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckResult {
    /// The command as it ran.
    pub run: String,
    pub expect: Expect,
    pub ran: Ran,
    /// The last lines of its output, bounded by the runner.
    pub tail: String,
}

/// How a check's command ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ran {
    Exited(i32),
    /// Killed by a signal (no exit status).
    Killed,
    TimedOut(u64),
    /// It could not be started (missing command, no test command known).
    NotRun(String),
}

impl CheckResult {
    /// Does the outcome match what the check expects? A check that could
    /// not run or timed out never holds, whatever it expected.
    pub fn holds(&self) -> bool {
        match (&self.ran, self.expect) {
            (Ran::Exited(0), Expect::Pass) => true,
            (Ran::Exited(n), Expect::Fail) => *n != 0,
            (Ran::Killed, Expect::Fail) => true,
            _ => false,
        }
    }

    fn how(&self) -> String {
        match &self.ran {
            Ran::Exited(0) => "it passed (exit 0)".into(),
            Ran::Exited(n) => format!("it failed (exit {n})"),
            Ran::Killed => "it was killed by a signal".into(),
            Ran::TimedOut(s) => format!("it did not finish within {s} s and was stopped"),
            Ran::NotRun(why) => format!("it could not run: {why}"),
        }
    }
}

/// What a command needs besides the state.
pub struct Ctx<'a> {
    pub groups: &'a GroupMap,
    pub context_max_bytes: usize,
    pub limits: Limits,
    /// The host runs `flowgate mcp` (the `mcp` setting).
    pub mcp: bool,
}

/// The text for a command that needs a run when there is none.
pub const NO_RUN: &str = "No active workflow. Start one with `flowgate start WORKFLOW TASK` (or type @flow start WORKFLOW TASK).";

/// The answer to a cancel when no run is active (done already).
pub const NO_RUN_TO_CANCEL: &str = "No active workflow to cancel.";

/// Apply `cmd` to `state`. `Ok` is the text to show (the state may or may
/// not have changed); `Err` is the one-line reason and leaves `state` as it
/// was.
pub fn apply(state: &mut State, cmd: Command, ctx: &Ctx<'_>) -> Result<String, String> {
    match cmd {
        Command::Start { run, replace } => start(state, *run, replace, ctx),
        Command::CancelNow => Ok(cancel_now(state)),
        Command::Todo(op) => {
            let (list, text) = todos::apply(&state.todos, &op, ctx.limits)?;
            if list != state.todos {
                state.todos = list;
                state.mark_progress();
            }
            Ok(text)
        }
        Command::Next { summary, evidence } => {
            let run = active(state)?;
            judge_checks(run, evidence.as_ref())?;
            if let Some(s) = summary.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
                run.summaries.push(Summary {
                    step: run.steps,
                    phase: run.phase().id.clone(),
                    text: s.to_string(),
                });
            }
            let adv = run.advance();
            let mut t = text::moved(run, ctx.groups, &adv);
            if matches!(adv, Advance::Done { .. }) {
                // The step's own answer announces the end; the stop hook
                // must not announce it again.
                run.announced = true;
                t.push_str("\n\n");
                t.push_str(&text::announcement(run, ctx.groups, ctx.context_max_bytes));
            }
            state.mark_progress();
            Ok(t)
        }
        Command::Loop => {
            let run = active(state)?;
            match run.loop_scope() {
                Ok(_) => {
                    let scope = run.scope_name().to_string();
                    let t = text::looped(run, ctx.groups, &scope);
                    state.mark_progress();
                    Ok(t)
                }
                Err(LoopError::Disabled { scope }) => Err(format!(
                    "⚠️ Looping is disabled for this workflow ({scope}). Run `flowgate step next` to move on."
                )),
            }
        }
        // Cancelling when nothing runs is done already, as for the user's
        // `cancel`: not a refusal.
        Command::StepCancel { .. } if state.active_run().is_none() => Ok(NO_RUN_TO_CANCEL.into()),
        Command::StepCancel { confirm: false } => {
            let run = state.active_run().ok_or_else(|| NO_RUN.to_string())?;
            Ok(format!(
                "⚠️ **Confirm cancellation** of workflow \"{}\"?\nRun `flowgate step cancel --confirm` to confirm. This cannot be undone.",
                text::user_text(&run.description)
            ))
        }
        Command::StepCancel { confirm: true } => {
            let run = active(state)?;
            run.status = RunStatus::Cancelled;
            run.announced = true;
            let t = format!(
                "Workflow cancelled: \"{}\"",
                text::user_text(&run.description)
            );
            state.mark_progress();
            Ok(t)
        }
    }
}

/// A phase with checks is left only on evidence that every check holds.
/// `Err` is the answer: which check, how it ended, the last lines of its
/// output, and what to do.
fn judge_checks(run: &Run, evidence: Option<&Evidence>) -> Result<(), String> {
    let checks = &run.phase().checks;
    if checks.is_empty() {
        return Ok(());
    }
    let label = run.phase().label();
    let Some(ev) = evidence else {
        return Err(format!(
            "{label} has checks that must hold before it can be left, and they were not run. Run `flowgate step next` from the command line (it runs them)."
        ));
    };
    if ev.phase != run.phase().id || ev.steps != run.steps {
        return Err(
            "the run moved while the checks ran; run `flowgate step next` again".to_string(),
        );
    }
    let n = checks.len();
    for (i, check) in checks.iter().enumerate() {
        let Some(result) = ev.results.get(i) else {
            return Err(format!(
                "check {} of {n} of {label} was not run; run `flowgate step next` again",
                i + 1
            ));
        };
        if result.holds() {
            continue;
        }
        let tail = if result.tail.trim().is_empty() {
            String::new()
        } else {
            format!("\nLast lines of its output:\n{}", result.tail.trim_end())
        };
        return Err(format!(
            "Staying in {label}: check {} of {n} does not hold: `{}` must {}, but {}.{tail}\nMake it hold, then run `flowgate step next` again.",
            i + 1,
            text::one_line(&result.run),
            check.expect.as_str(),
            result.how(),
        ));
    }
    Ok(())
}

fn active(state: &mut State) -> Result<&mut Run, String> {
    state
        .run
        .as_mut()
        .filter(|r| r.is_active())
        .ok_or_else(|| NO_RUN.to_string())
}

fn start(state: &mut State, run: Run, replace: bool, ctx: &Ctx<'_>) -> Result<String, String> {
    if let Some(old) = state.active_run()
        && !replace
    {
        return Err(format!(
            "a {} run is already active (phase {}, task \"{}\"); cancel it first (`@flow cancel` or `flowgate cancel`), then start again",
            old.root().name,
            old.phase().name,
            text::user_text(&old.description)
        ));
    }
    let first = text::initial_message(&run, ctx.groups);
    state.run = Some(run);
    state.nudge = Default::default();
    let block = text::context_block(state, ctx.groups, None, &[], ctx.context_max_bytes, ctx.mcp)
        .unwrap_or_default();
    Ok(format!("{first}\n\n{block}"))
}

/// The user's cancel: the run ends now and the stop hook announces it once.
fn cancel_now(state: &mut State) -> String {
    let Some(run) = state.run.as_mut().filter(|r| r.is_active()) else {
        return NO_RUN_TO_CANCEL.to_string();
    };
    run.status = RunStatus::Cancelled;
    run.announced = false;
    let msg = format!(
        "Workflow cancelled: \"{}\" ({})",
        text::user_text(&run.description),
        run.root().name
    );
    state.nudge = Default::default();
    msg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::run::tests::nested;

    fn ctx(groups: &GroupMap) -> Ctx<'_> {
        Ctx {
            groups,
            context_max_bytes: 4000,
            limits: Limits::default(),
            mcp: false,
        }
    }

    fn run() -> Run {
        Run::start(
            nested(),
            Default::default(),
            "root",
            "fix it",
            "t1".into(),
            "2026-01-01T00:00:00Z".into(),
            None,
        )
    }

    #[test]
    fn start_refuses_a_second_run_and_replace_takes_over() {
        let g = GroupMap::new();
        let mut s = State::default();
        let first = apply(
            &mut s,
            Command::Start {
                run: Box::new(run()),
                replace: false,
            },
            &ctx(&g),
        )
        .unwrap();
        assert!(first.contains("<flowgate>"), "{first}");
        let before = s.clone();
        let again = Command::Start {
            run: Box::new(run()),
            replace: false,
        };
        assert!(apply(&mut s, again, &ctx(&g)).is_err());
        assert_eq!(s, before);
        let replace = Command::Start {
            run: Box::new(run()),
            replace: true,
        };
        assert!(apply(&mut s, replace, &ctx(&g)).is_ok());
    }

    #[test]
    fn cancel_asks_first_then_ends_the_run_announced() {
        let g = GroupMap::new();
        let mut s = State::default();
        apply(
            &mut s,
            Command::Start {
                run: Box::new(run()),
                replace: false,
            },
            &ctx(&g),
        )
        .unwrap();
        let before = s.clone();
        let ask = apply(&mut s, Command::StepCancel { confirm: false }, &ctx(&g)).unwrap();
        assert!(ask.contains("--confirm"));
        assert_eq!(s, before, "asking changes nothing");
        apply(&mut s, Command::StepCancel { confirm: true }, &ctx(&g)).unwrap();
        let r = s.run.as_ref().unwrap();
        assert_eq!(r.status, RunStatus::Cancelled);
        assert!(r.announced);
        assert_eq!(
            apply(
                &mut s,
                Command::Next {
                    summary: None,
                    evidence: None
                },
                &ctx(&g)
            )
            .unwrap_err(),
            NO_RUN
        );
    }

    #[test]
    fn progress_resets_the_streak_but_a_failed_edit_changes_nothing() {
        let g = GroupMap::new();
        let mut s = State::default();
        s.nudge.streak = 3;
        s.nudge.since_prompt = 3;
        let bad = Command::Todo(TodoOp::Edit(todos::EditAction::Start, vec![9]));
        assert!(apply(&mut s, bad, &ctx(&g)).is_err());
        assert_eq!(s.nudge.streak, 3);
        apply(
            &mut s,
            Command::Todo(TodoOp::Append(vec!["a".into()])),
            &ctx(&g),
        )
        .unwrap();
        assert_eq!(s.nudge.streak, 0);
        assert_eq!(
            s.nudge.since_prompt, 3,
            "the per-prompt cap is not re-armed"
        );
    }
}
