//! `flowgate explain shell "CMD"`: how flowgate reads a shell command and
//! what the current phase would decide.

use super::Output;
use crate::app::App;
use crate::engine::rules::{self, ShellInput};
use crate::engine::text;
use crate::exit::Failure;
use crate::shell;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
}

#[derive(clap::Subcommand, Debug)]
pub enum What {
    /// Analyse a shell command.
    Shell { command: String },
}

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    let What::Shell { command } = &args.what;
    let a = shell::analyse(command);
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
    if let Some(why) = &a.unparsable {
        out.push(format!("Could not analyse: {why}"));
    }
    let state = app.store.load()?;
    let groups = app.groups(app.cli_host(&state));
    let exe = std::env::current_exe()
        .ok()
        .map(|p| p.display().to_string());
    let decision = if rules::is_own_command(command, exe.as_deref()) {
        "allow (flowgate's own command)".to_string()
    } else {
        match state.active_run() {
            None => "allow (no active run)".to_string(),
            Some(run) => match rules::check(
                run.phase(),
                "bash",
                &ShellInput::Command(command.clone()),
                &groups,
            ) {
                Ok(()) => format!("allow in phase {}", run.phase().label()),
                Err(d) => format!(
                    "deny in phase {}: {}",
                    run.phase().label(),
                    text::block_reason(run, "bash", &d, &groups)
                ),
            },
        }
    };
    out.push(format!("Decision: {decision}"));
    Ok(Output::ok(out.join("\n")))
}
