//! `flowgate explain shell "CMD"` and `flowgate explain tool NAME [INPUT]`:
//! how flowgate reads a call and what the current phase would decide. The
//! decision is the hook's own: the same `engine::decide` on the same state,
//! host tables and settings, with the call built as the host would send it.

use super::Output;
use crate::app::App;
use crate::engine::call::{RawCall, RawInput};
use crate::engine::decide::{Ctx, decide};
use crate::engine::event::{Decision, Event};
use crate::exit::Failure;
use crate::host::Host;
use crate::shell;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
    /// Decide as this host would (default: the run's host, else the one
    /// this shell belongs to, else codewhale).
    #[arg(long, global = true)]
    pub host: Option<String>,
    /// Print the decision as one JSON object.
    #[arg(long, global = true)]
    pub json: bool,
}

#[derive(clap::Subcommand, Debug)]
pub enum What {
    /// Analyse a shell command, run through the host's shell tool.
    Shell {
        /// The shell command, quoted as one argument.
        command: String,
    },
    /// A call of tool NAME with INPUT (the tool's input as JSON; default {}).
    Tool {
        /// The tool's name as the host sends it (`Read`, `edit`, `mcp__github__create_issue`).
        name: String,
        /// The tool's input as one JSON object (default `{}`).
        input: Option<String>,
    },
}

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    let state = app.store.load()?;
    let host = match &args.host {
        Some(h) => Host::parse(h).ok_or_else(|| {
            Failure::usage(format!(
                "unknown host \"{h}\"; use codewhale, claude, codex or gemini"
            ))
        })?,
        None => app.cli_host(&state),
    };
    let tools = host.tools();
    let (raw, mut out) = match &args.what {
        What::Shell { command } => (
            RawCall {
                name: tools.shell_tool().to_string(),
                input: RawInput::Json(serde_json::json!({ "command": command })),
            },
            analysis(command, &app.settings.shell_commands),
        ),
        What::Tool { name, input } => {
            let input = match input {
                None => RawInput::Json(serde_json::json!({})),
                Some(text) => RawInput::Json(serde_json::from_str(text).map_err(|e| {
                    Failure::usage(format!("INPUT is not valid JSON ({e}); give the tool's input object, e.g. '{{\"file_path\":\"a.rs\"}}'"))
                })?),
            };
            (
                RawCall {
                    name: name.clone(),
                    input,
                },
                Vec::new(),
            )
        }
    };
    let groups = app.groups(host);
    let exe = std::env::current_exe()
        .ok()
        .map(|p| p.display().to_string());
    let resolve = |p: &str| crate::app::resolve_in_workspace(&app.workspace, p);
    let ctx = Ctx {
        settings: &app.settings,
        groups: &groups,
        tools,
        resolve: &resolve,
        stale: None,
        exe: exe.as_deref(),
        max_message_chars: host.max_message_chars(),
        session: None,
    };
    let outcome = decide(&state, &Event::ToolCall(raw), &ctx);
    let (verdict, reason) = match &outcome.decision {
        Decision::Deny(r) => ("deny", Some(r.as_str())),
        _ => ("allow", None),
    };
    let place = state
        .active_run()
        .map(|r| format!("phase {}", r.phase().label()))
        .unwrap_or_else(|| "no active run".into());
    if args.json {
        let v = serde_json::json!({
            "host": host.name(),
            "decision": verdict,
            "reason": reason,
            "rule": outcome.note,
            "where": place,
        });
        return Ok(Output::ok(v.to_string()));
    }
    out.push(format!(
        "Decision: {verdict} ({place}, host {}): {}",
        host.name(),
        outcome.note
    ));
    if let Some(r) = reason {
        out.push(format!("Reason: {r}"));
    }
    Ok(Output::ok(out.join("\n")))
}

/// What the analyser makes of a shell command.
fn analysis(command: &str, users: &shell::UserCommands) -> Vec<String> {
    let a = shell::analyse_with(command, users);
    let mut out = vec!["Simple commands:".to_string()];
    for (i, c) in a.commands.iter().enumerate() {
        out.push(format!("  {}. {}", i + 1, c.text));
    }
    if a.commands.is_empty() {
        out.push("  (none)".into());
    }
    out.push("Writes:".into());
    for w in &a.writes {
        out.push(format!("  - {w}"));
    }
    if a.writes.is_empty() {
        out.push("  (none found)".into());
    }
    if !a.targets.is_empty() {
        out.push(format!("Files named: {}", a.targets.join(", ")));
    }
    if !a.unnamed.is_empty() {
        out.push(format!(
            "Writes whose files are not named: {}",
            a.unnamed.join(", ")
        ));
    }
    if !a.unknown.is_empty() {
        out.push(format!(
            "Commands flowgate does not know: {}",
            a.unknown.join(", ")
        ));
    }
    if let Some(why) = &a.unparsable {
        out.push(format!("Could not analyse: {why}"));
    }
    out
}
