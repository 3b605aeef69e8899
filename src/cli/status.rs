//! `flowgate status`: the run and the todos, as text, one line, or JSON.

use serde_json::json;

use super::Output;
use crate::app::App;
use crate::engine::text;
use crate::exit::Failure;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// One-line status bar (empty when nothing is going on; "⚠ stale" when
    /// the run's workflow files changed since it started).
    #[arg(long, conflicts_with = "json")]
    pub line: bool,
    /// Machine-readable.
    #[arg(long)]
    pub json: bool,
}

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    let state = app.store.load()?;
    if args.line {
        let mut line = text::status_line(&state);
        // A run whose definitions changed underneath it says so here too
        // (`flowgate status` tells the way out).
        if state
            .active_run()
            .is_some_and(|r| app.stale_notice(r).is_some())
        {
            line.push_str("  ⚠ stale (see flowgate status)");
        }
        return Ok(Output::ok(line));
    }
    let groups = app.groups(app.cli_host(&state));
    if args.json {
        let run = state.run.as_ref().map(|r| {
            let active = r.is_active();
            json!({
                "workflow": r.workflow,
                "name": r.root().name,
                "task_id": r.task_id,
                "description": r.description,
                "status": r.status,
                "phase": active.then(|| r.phase().id.clone()),
                "phase_name": active.then(|| r.phase().name.clone()),
                "path": r.path,
                "steps": r.steps,
                "started_at": r.started_at,
                "stale": active.then(|| app.stale_notice(r)).flatten(),
            })
        });
        let (done, in_progress, total) = text::todo_counts(&state.todos);
        let v = json!({
            "generation": state.generation,
            "run": run,
            "todos": state.todos,
            "todo_counts": {"done": done, "in_progress": in_progress, "total": total},
            "line": text::status_line(&state),
        });
        return Ok(Output::ok(serde_json::to_string_pretty(&v).expect("json")));
    }
    let mut out = Vec::new();
    match state.active_run() {
        Some(run) => {
            out.push(run.status_bar());
            out.push(text::run_status(
                run,
                &groups,
                app.stale_notice(run).as_deref(),
            ));
        }
        None => out.push(match &state.run {
            Some(r) => format!(
                "No active workflow (the last run, {}, is {}).",
                r.root().name,
                r.status.as_str()
            ),
            None => "No active workflow.".to_string(),
        }),
    }
    out.push(String::new());
    match text::todo_badge(&state.todos) {
        Some(b) => out.push(format!(
            "Todos {b}\n{}",
            crate::engine::todos::format_list(&state.todos)
        )),
        None => out.push("No todos".into()),
    }
    Ok(Output::ok(out.join("\n")))
}
