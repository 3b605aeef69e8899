//! The command line: the clap definitions, and `main`, which parses, runs
//! one command and maps the result to an exit code. Each command lives in
//! its own file.

mod completions;
mod doctor;
pub mod explain;
mod guide;
pub mod hook;
mod host_config;
mod import;
mod init;
mod log;
mod mcp;
mod replay;
mod schema;
mod start;
mod status;
pub(crate) mod step;
pub(crate) mod todo;
mod validate;

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::app::{App, resolve_workspace};
use crate::engine::event::EventKind;
use crate::exit::{ExitStatus, Failure};

#[derive(Parser, Debug)]
#[command(
    name = "flowgate",
    version,
    about = "Keeps AI coding agents on a defined workflow path, from the agent host's hooks",
    after_help = "Exit codes: 0 ok, 1 runtime error, 2 deliberate block, 64 usage, 65 malformed input, 78 invalid workflow or config."
)]
pub struct Cli {
    /// Workspace directory (default: FLOWGATE_WORKSPACE, the host's, the
    /// nearest directory holding .flowgate/, or the current directory).
    #[arg(long, global = true, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Hook: a user message is about to be sent (inject context, run @flow commands).
    #[command(
        name = "message_submit",
        visible_alias = "UserPromptSubmit",
        alias = "BeforeAgent"
    )]
    MessageSubmit(HookArgs),
    /// Hook: a tool is about to run (allow or deny).
    #[command(
        name = "tool_call",
        visible_alias = "tool_call_before",
        alias = "PreToolUse",
        alias = "BeforeTool"
    )]
    ToolCall(HookArgs),
    /// Hook: a turn finished (arm the not-done reminder).
    #[command(name = "turn_end")]
    TurnEnd(HookArgs),
    /// Hook: the agent wants to stop (allow, or make it continue).
    #[command(name = "agent_end", visible_alias = "Stop", alias = "AfterAgent")]
    AgentEnd(HookArgs),
    /// Hook: a session started or was compacted (re-inject context).
    #[command(name = "session_start", visible_alias = "SessionStart")]
    SessionStart(HookArgs),
    /// Start a run of a workflow; prints the message to give the agent.
    Start(start::Args),
    /// Move through the run: next, loop, status, cancel.
    Step(step::Args),
    /// Keep the todo list (indices start at 0).
    Todo(todo::Args),
    /// Show the current run and todos.
    Status(status::Args),
    /// Cancel the run now (no confirmation).
    Cancel,
    /// List the workflows available here, with where each comes from.
    List,
    /// Check workflow definitions and config (exit 78 on errors).
    Validate(validate::Args),
    /// Create .flowgate/ and print (CodeWhale) or merge (Claude Code, Codex,
    /// Gemini CLI) the host's hook config and flowgate's MCP server
    /// (--dry-run: only say what would change; --remove: take them out).
    Init(init::Args),
    /// Run a recorded event stream in a scratch workspace; print each decision.
    Replay(replay::Args),
    /// Show the decision journal.
    Log(log::Args),
    /// Explain how flowgate reads something (e.g. `explain shell "CMD"`).
    Explain(explain::Args),
    /// Check that the hosts here run flowgate: wiring, binary, trust, a live call.
    Doctor,
    /// Convert other tools' workflow definitions into .flowgate/workflows/ (`import pi DIR…`).
    Import(import::Args),
    /// Print a shell completion script (bash, zsh or fish).
    Completions(completions::Args),
    /// Print the workflow-authoring guide (docs/authoring.md).
    Guide,
    /// Print the JSON Schema of workflow files or config.toml (for editors).
    Schema(schema::Args),
    /// Serve flowgate's MCP tools on stdin/stdout (workflow_step, write_todos,
    /// edit_todos, list_todos); the host starts it.
    Mcp,
}

#[derive(clap::Args, Debug)]
pub struct HookArgs {
    /// Host format: codewhale, claude, codex, gemini (default: detected).
    #[arg(long)]
    pub host: Option<String>,
}

/// What a command prints and how it exits.
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub status: ExitStatus,
}

impl Output {
    pub fn ok(stdout: impl Into<String>) -> Output {
        Output {
            stdout: stdout.into(),
            stderr: String::new(),
            status: ExitStatus::Success,
        }
    }

    /// Success, with a notice on stderr when a corrupt state was set aside.
    pub fn ok_recovered(stdout: impl Into<String>, recovered: Option<String>) -> Output {
        Output {
            stderr: recovered
                .map(|r| format!("flowgate: {r}"))
                .unwrap_or_default(),
            ..Output::ok(stdout)
        }
    }
}

fn open(cli: &Cli) -> Result<App, Failure> {
    App::open(resolve_workspace(cli.workspace.as_deref(), None))
}

fn dispatch(cli: Cli) -> Result<Output, Failure> {
    let hook = |kind: EventKind, args: &HookArgs| {
        hook::run(cli.workspace.as_deref(), kind, args.host.as_deref())
    };
    match &cli.command {
        Command::MessageSubmit(a) => Ok(hook(EventKind::MessageSubmit, a)),
        Command::ToolCall(a) => Ok(hook(EventKind::ToolCall, a)),
        Command::TurnEnd(a) => Ok(hook(EventKind::TurnEnd, a)),
        Command::AgentEnd(a) => Ok(hook(EventKind::AgentEnd, a)),
        Command::SessionStart(a) => Ok(hook(EventKind::SessionStart, a)),
        Command::Start(a) => start::run(&open(&cli)?, a),
        Command::Step(a) => step::run(&open(&cli)?, a),
        Command::Todo(a) => todo::run(&open(&cli)?, a),
        Command::Status(a) => status::run(&open(&cli)?, a),
        Command::Cancel => {
            let app = open(&cli)?;
            let msg = app.cancel_now()?;
            journal_command(&app, "cancel", &msg);
            Ok(Output::ok(msg))
        }
        Command::List => {
            let (rows, _) = open(&cli)?.list();
            Ok(Output::ok(rows.join("\n")))
        }
        Command::Validate(a) => {
            let (app, config_diags) =
                App::open_lenient(resolve_workspace(cli.workspace.as_deref(), None));
            validate::run(&app, a, &config_diags)
        }
        Command::Init(a) => init::run(cli.workspace.as_deref(), a),
        Command::Replay(a) => replay::run(cli.workspace.as_deref(), a),
        Command::Log(a) => log::run(&open(&cli)?, a),
        Command::Explain(a) => explain::run(&open(&cli)?, a),
        Command::Doctor => doctor::run(cli.workspace.as_deref()),
        Command::Import(a) => import::run(&open(&cli)?, a),
        Command::Completions(a) => completions::run(a),
        Command::Guide => Ok(guide::run()),
        Command::Schema(a) => Ok(schema::run(a)),
        Command::Mcp => mcp::run(cli.workspace.as_deref()),
    }
}

/// Record a state change made by a command in the journal.
pub(crate) fn journal_command(app: &App, command: &str, reason: &str) {
    journal_change(app, &format!("command {command}"), reason);
}

/// Record a state change in the journal as `event` (`command step next`,
/// `mcp todo`, …).
pub(crate) fn journal_change(app: &App, event: &str, reason: &str) {
    let entry = crate::journal::Entry {
        time: crate::time::now_iso(),
        event: event.to_string(),
        decision: "changed".into(),
        reason: reason.lines().next().unwrap_or("").to_string(),
        ..Default::default()
    };
    if let Err(e) = crate::journal::append(app.store.dir(), &entry) {
        eprintln!("flowgate: cannot write the journal: {e}");
    }
}

/// Record a failed or refused command in the journal of the workspace it
/// concerns (if that workspace has `.flowgate/`; none is created): every
/// error leaves a trace, also on hosts that never show stderr.
fn journal_failure(
    flag: Option<&std::path::Path>,
    args: &[std::ffi::OsString],
    code: i32,
    message: &str,
) {
    let path = subcommand_path(args);
    let event = if path.is_empty() {
        "command".to_string()
    } else {
        format!("command {}", path.join(" "))
    };
    let entry = crate::journal::Entry {
        time: crate::time::now_iso(),
        event,
        decision: if code == ExitStatus::Usage.code() {
            "refused".into()
        } else {
            "error".into()
        },
        reason: message.lines().next().unwrap_or("").to_string(),
        ..Default::default()
    };
    let dir = resolve_workspace(flag, None).join(".flowgate");
    // The error itself is on stderr already; a journal that cannot take
    // it (most often for the same reason) adds nothing to say.
    let _ = crate::journal::append(&dir, &entry);
}

/// The value of `--workspace DIR` / `--workspace=DIR` in argv that clap
/// could not parse.
fn workspace_flag(args: &[std::ffi::OsString]) -> Option<PathBuf> {
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        let Some(a) = a.to_str() else { continue };
        if a == "--workspace" {
            return it.next().map(PathBuf::from);
        }
        if let Some(v) = a.strip_prefix("--workspace=") {
            return Some(PathBuf::from(v));
        }
    }
    None
}

fn emit(out: &mut dyn Write, text: &str) {
    if text.is_empty() {
        return;
    }
    let r = if text.ends_with('\n') {
        out.write_all(text.as_bytes())
    } else {
        writeln!(out, "{text}")
    };
    // A closed pipe (e.g. `| head`) is not an error.
    let _ = r.and_then(|_| out.flush());
}

/// The hook's own argv shapes, read without building clap's command tree:
/// `EVENT [--host H] [--workspace DIR]` in any order. Hooks run on every tool
/// call, and clap's setup is a large share of a call's work; anything else
/// (including any malformed hook argv) goes through clap as usual, so errors
/// and help are unchanged.
fn fast_hook_args(
    args: &[std::ffi::OsString],
) -> Option<(EventKind, Option<String>, Option<PathBuf>)> {
    let mut it = args.iter().skip(1).map(|a| a.to_str());
    let kind = EventKind::parse(it.next()??)?;
    let (mut host, mut workspace) = (None, None);
    while let Some(arg) = it.next() {
        match arg? {
            "--host" if host.is_none() => host = Some(it.next()??.to_string()),
            "--workspace" if workspace.is_none() => workspace = Some(PathBuf::from(it.next()??)),
            _ => return None,
        }
    }
    Some((kind, host, workspace))
}

/// clap's error message on one line: the message, clap's suggestion as
/// "did you mean", and the help of the subcommand it concerns.
fn one_line_error(rendered: &str, args: &[std::ffi::OsString]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for line in rendered.lines().map(str::trim) {
        if line.starts_with("Usage: ") || line.starts_with("For more information") {
            continue;
        }
        if let Some(tip) = line.strip_prefix("tip: ") {
            // "a similar subcommand exists: 'status'" → "(did you mean 'status'?)";
            // "some similar subcommands exist: 'start', 'status'" → "'start' or 'status'".
            let similar = tip.starts_with("a similar") || tip.starts_with("some similar");
            match tip
                .split_once(" exists: ")
                .or_else(|| tip.split_once(" exist: "))
            {
                Some((_, what)) if similar => {
                    parts.push(format!("(did you mean {}?)", what.replace(", ", " or ")))
                }
                _ => parts.push(format!("({tip})")),
            }
        } else if !line.is_empty() {
            parts.push(line.trim_start_matches("error: ").to_string());
        }
    }
    let path = subcommand_path(args);
    let help = if path.is_empty() {
        "flowgate --help".to_string()
    } else {
        format!("flowgate {} --help", path.join(" "))
    };
    format!("{} (see `{help}`)", parts.join(" "))
}

/// The subcommands named in `args` (`["todo", "start"]`), by walking clap's
/// command tree; options and their values are stepped over.
fn subcommand_path(args: &[std::ffi::OsString]) -> Vec<String> {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    let mut path = Vec::new();
    let mut it = args.iter().skip(1).filter_map(|a| a.to_str());
    while let Some(arg) = it.next() {
        if let Some(opt) = arg.strip_prefix("--") {
            let takes_value = !opt.contains('=')
                && cmd
                    .get_arguments()
                    .find(|a| a.get_long() == Some(opt))
                    .is_some_and(|a| a.get_action().takes_values());
            if takes_value {
                it.next();
            }
            continue;
        }
        if arg.starts_with('-') {
            continue;
        }
        let Some(sub) = cmd
            .get_subcommands()
            .find(|s| s.get_name() == arg || s.get_all_aliases().any(|a| a == arg))
            .cloned()
        else {
            break;
        };
        path.push(sub.get_name().to_string());
        cmd = sub;
    }
    path
}

/// Parse, run, print; returns the process exit code.
pub fn main() -> i32 {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some((kind, host, workspace)) = fast_hook_args(&args) {
        let output = hook::run(workspace.as_deref(), kind, host.as_deref());
        emit(&mut std::io::stdout().lock(), &output.stdout);
        emit(&mut std::io::stderr().lock(), &output.stderr);
        return output.status.code();
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            let code = match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                        ExitStatus::Usage.code()
                    } else {
                        0
                    };
                }
                _ => ExitStatus::Usage.code(),
            };
            let message = one_line_error(&e.to_string(), &args);
            eprintln!("flowgate: {message}");
            journal_failure(workspace_flag(&args).as_deref(), &args, code, &message);
            return code;
        }
    };
    let flag = cli.workspace.clone();
    let output = match dispatch(cli) {
        Ok(o) => o,
        // One line on stderr; a longer answer (a check's report) is given
        // whole on stdout, where the agent reads it.
        Err(f) => {
            journal_failure(flag.as_deref(), &args, f.status.code(), &f.message);
            match f.message.split_once('\n') {
                None => Output {
                    stdout: String::new(),
                    stderr: format!("flowgate: {}", f.message),
                    status: f.status,
                },
                Some((line, _)) => Output {
                    stdout: f.message.clone(),
                    stderr: format!("flowgate: {line}"),
                    status: f.status,
                },
            }
        }
    };
    emit(&mut std::io::stdout().lock(), &output.stdout);
    emit(&mut std::io::stderr().lock(), &output.stderr);
    output.status.code()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every positional argument of every command says what it is.
    #[test]
    fn every_positional_argument_has_a_description() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_positionals() {
                if arg.get_help().is_none() {
                    missing.push(format!("{path} <{}>", arg.get_id()));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&Cli::command(), "flowgate", &mut missing);
        assert!(missing.is_empty(), "positionals without help: {missing:?}");
    }

    #[test]
    fn clap_errors_keep_the_suggestion_and_name_the_subcommand_help() {
        let err = |args: &[&str]| {
            let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
            one_line_error(&Cli::try_parse_from(&os).unwrap_err().to_string(), &os)
        };
        assert_eq!(
            err(&["flowgate", "stauts"]),
            "unrecognized subcommand 'stauts' (did you mean 'start' or 'status'?) (see `flowgate --help`)"
        );
        assert_eq!(
            err(&["flowgate", "tool_called"]),
            "unrecognized subcommand 'tool_called' (did you mean 'tool_call_before' or 'tool_call'?) (see `flowgate --help`)"
        );
        assert!(
            err(&["flowgate", "todo", "start", "x"])
                .ends_with("(see `flowgate todo start --help`)")
        );
    }
}
