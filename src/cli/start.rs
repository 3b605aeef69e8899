//! `flowgate start` and the `@flow` commands typed in a user message.

use super::Output;
use crate::app::App;
use crate::engine::event::Decision;
use crate::exit::Failure;
use crate::host::Host;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Workflow key (see `flowgate list`).
    pub workflow: String,
    /// What the run is for; the rest of the line.
    pub task: Vec<String>,
    /// Replace an active run instead of refusing.
    #[arg(long)]
    pub replace: bool,
}

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    let task = args.task.join(" ");
    let (message, summary) = app.start(
        &args.workflow,
        &task,
        args.replace,
        None,
        Host::from_env().unwrap_or(Host::Codewhale),
    )?;
    super::journal_command(app, "start", &summary);
    Ok(Output::ok(message))
}

pub const FLOW_USAGE: &str =
    "flowgate commands are @flow start WORKFLOW TASK, @flow status, @flow cancel and @flow list";

/// Run an `@flow …` command from a user message: a start replaces the
/// message with the run's first message; the others block the message with
/// a one-line answer.
pub fn flow_command(
    app: &App,
    host: Host,
    words: &[String],
    session: Option<String>,
) -> (Decision, String) {
    let answer = |r: Result<String, Failure>| match r {
        Ok(s) => s,
        Err(f) => f.message,
    };
    match words.first().map(String::as_str) {
        Some("start") => {
            let Some(key) = words.get(1) else {
                return (
                    Decision::BlockMessage(format!("Which workflow? {FLOW_USAGE}.")),
                    "usage".into(),
                );
            };
            let task = words.get(2).cloned().unwrap_or_default();
            match app.start(key, &task, false, session, host) {
                Ok((message, summary)) => (Decision::Replace(message), summary),
                Err(f) => (
                    Decision::BlockMessage(f.message.clone()),
                    format!("start refused: {}", f.message),
                ),
            }
        }
        Some("status") => {
            let line = answer(
                app.store
                    .load()
                    .map_err(Into::into)
                    .map(|s| crate::engine::text::status_words(&s)),
            );
            (Decision::BlockMessage(line), "status".into())
        }
        Some("cancel") => {
            let msg = answer(app.cancel_now());
            (Decision::BlockMessage(msg.clone()), msg)
        }
        Some("list") => {
            let (rows, _) = app.list();
            let names: Vec<String> = rows
                .iter()
                .filter(|r| !r.contains("[subworkflow only]") && !r.contains("INVALID"))
                .filter_map(|r| r.split_whitespace().next().map(str::to_string))
                .collect();
            (
                Decision::BlockMessage(format!("Workflows here are {}.", names.join(", "))),
                "list".into(),
            )
        }
        _ => (
            Decision::BlockMessage(format!("{FLOW_USAGE}.")),
            "usage".into(),
        ),
    }
}
