//! `flowgate init`: create `.flowgate/` with a sample workflow, then print
//! CodeWhale's hook configuration and its MCP server entry, or merge Claude
//! Code's, Codex's or Gemini CLI's hooks and MCP server into the host's
//! config files in the workspace and turn on the `mcp` setting
//! (`host_config.rs`); say what to do next. `--dry-run` says all that and
//! writes nothing; `--remove` takes flowgate's entries out of the host's
//! files again and leaves `.flowgate/` alone.
//!
//! Every host file is read and parsed before anything is written, so a
//! broken one stops init with nothing created.

use std::path::{Path, PathBuf};

use super::Output;
use super::host_config::{self, Changes, Edit, Tense};
use crate::exit::Failure;
use crate::host::Host;

#[derive(clap::Args, Debug)]
#[command(after_help = "\
The config names this binary as `flowgate` when the `flowgate` on PATH is this same binary, \
else by its absolute path (init then warns: that path only works on this machine). \
Each file changed is first copied to <file>.flowgate.bak; a second run changes nothing. \
A file that does not parse stops init before it creates anything.")]
pub struct Args {
    /// Host to configure: codewhale (prints the hooks and the MCP server
    /// entry), claude, codex or gemini (hooks merged into
    /// .claude/settings.json, .codex/hooks.json or .gemini/settings.json, the
    /// MCP server into .mcp.json, .codex/config.toml or
    /// .gemini/settings.json, with a backup of each file changed).
    #[arg(long, default_value = "codewhale")]
    pub host: String,
    /// Say what init would create and change, file by file, and write
    /// nothing (not even .flowgate/). With --remove: what it would take out.
    #[arg(long)]
    pub dry_run: bool,
    /// Take flowgate's hooks and MCP server out of the host's config files
    /// again, keeping everything else. .flowgate/ (workflows, state,
    /// journal, settings) is kept.
    #[arg(long)]
    pub remove: bool,
}

/// The sample workflow `init` writes (also a fixture the tests run).
const SAMPLE: &str = include_str!("../../fixtures/workflows/example.toml");

const GITIGNORE: &str = "# flowgate's runtime files; the workflows and config.toml are worth committing\nstate.json\nstate.lock\nstate.corrupt-*.json\n.state.json.*.tmp\n.state.json.spare\njournal.jsonl\n";

/// How a host config names this binary. The rule: the bare name
/// `flowgate` when the `flowgate` that `PATH` finds is this very binary
/// (so a committed config works for everyone who has flowgate on PATH),
/// else the absolute path of this binary.
enum Program {
    OnPath,
    /// `other`: the different `flowgate` that `PATH` finds, if any.
    Absolute {
        exe: String,
        other: Option<PathBuf>,
    },
}

impl Program {
    fn find() -> Program {
        let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("flowgate"));
        let me = exe.canonicalize().unwrap_or_else(|_| exe.clone());
        let on_path = std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join("flowgate"))
                .find(|c| c.is_file())
        });
        match on_path {
            Some(p) if p.canonicalize().is_ok_and(|p| p == me) => Program::OnPath,
            other => Program::Absolute {
                exe: exe.display().to_string(),
                other,
            },
        }
    }

    /// The binary in a hook command, which every host runs through a POSIX
    /// shell (`sh -c`, `bash -c`, `$SHELL -lc`): one shell word.
    fn hook(&self) -> String {
        match self {
            Program::OnPath => "flowgate".into(),
            Program::Absolute { exe, .. } => crate::shell::quote(exe),
        }
    }

    /// The binary as an MCP server's `command`, which hosts run directly.
    fn server(&self) -> String {
        match self {
            Program::OnPath => "flowgate".into(),
            Program::Absolute { exe, .. } => exe.clone(),
        }
    }

    /// Why the name is a path, for the warning.
    fn why_a_path(&self) -> String {
        match self {
            Program::Absolute { other: Some(p), .. } => {
                format!("the `flowgate` on PATH is another binary ({})", p.display())
            }
            _ => "`flowgate` is not on PATH".into(),
        }
    }
}

/// The CodeWhale `[hooks]` block; `exe` is the program as one shell word
/// (CodeWhale runs the command with `sh -c`), and each command is a TOML
/// string.
pub fn codewhale_hooks(exe: &str) -> String {
    let command =
        |event: &str| host_config::toml_string(&format!("{exe} {event} --host codewhale"));
    let (submit, tool, turn) = (
        command("message_submit"),
        command("tool_call"),
        command("turn_end"),
    );
    format!(
        r#"# flowgate hooks for CodeWhale. Put this in ~/.codewhale/config.toml, or in
# <workspace>/.codewhale/hooks.toml for a trusted workspace.
[hooks]
enabled = true

# Adds the current phase and todos after each user message, runs "@flow ..."
# commands, and delivers the not-done reminder armed by turn_end.
# continue_on_error = true: if flowgate fails, the message goes through unchanged.
[[hooks.hooks]]
name = "flowgate-context"
event = "message_submit"
command = {submit}
timeout_secs = 5
continue_on_error = true

# Allows or denies each tool call by the phase's rules.
# continue_on_error = false: a gate that cannot answer denies (fail closed).
# flowgate answers well within 5 s; a timeout also denies.
[[hooks.hooks]]
name = "flowgate-gate"
event = "tool_call_before"
command = {tool}
timeout_secs = 5
continue_on_error = false

# Observes the end of each turn and arms the not-done reminder when the run
# or todos are unfinished. It never blocks.
[[hooks.hooks]]
name = "flowgate-turn"
event = "turn_end"
command = {turn}
timeout_secs = 5
continue_on_error = true

# Not wired, on purpose:
# - agent_end: CodeWhale has no stop hook that can make the agent continue;
#   turn_end above arms the reminder and the next message delivers it.
# - session_start: CodeWhale's session_start is an observer that cannot add
#   context; the context arrives with every message instead.
"#
    )
}

/// How to register flowgate's MCP server with CodeWhale, as TOML comments
/// that follow the printed `[hooks]` block (CodeWhale reads MCP servers
/// from `mcp.json`, a JSON file of its own). `server` is the program,
/// run directly.
pub fn codewhale_mcp(server: &str) -> String {
    let entry = format!(
        "{{ \"mcpServers\": {{ \"{}\": {{ \"command\": {}, \"args\": [\"mcp\"] }} }} }}",
        crate::mcp::SERVER_NAME,
        serde_json::Value::from(server)
    );
    format!(
        r#"
# flowgate's MCP tools (workflow_step, write_todos, edit_todos, list_todos):
# CodeWhale reads MCP servers from mcp.json, not from this file. Put this
# entry in <workspace>/.codewhale/mcp.json (read in a trusted workspace) or
# in ~/.codewhale/mcp.json, run /mcp reload, then set `mcp = true` in
# .flowgate/config.toml so the context names the tools:
#
# {entry}
"#
    )
}

/// `text` as one TOML comment line (no line breaks inside).
fn comment(text: &str) -> String {
    format!("# {}", text.replace(|c: char| c.is_control(), " "))
}

/// "1. …", "2. …" under a heading.
fn numbered(heading: &str, steps: &[String], prefix: &str) -> String {
    std::iter::once(format!("{prefix}{heading}"))
        .chain(
            steps
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{prefix}  {}. {s}", i + 1)),
        )
        .collect::<Vec<_>>()
        .join("\n")
}

/// The workspace directory: `--workspace`, `FLOWGATE_WORKSPACE`, else the
/// current directory (not the nearest `.flowgate/` above it: init is how a
/// directory becomes a workspace).
fn workspace(flag: Option<&Path>) -> PathBuf {
    match flag {
        Some(p) => p.to_path_buf(),
        None => std::env::var_os("FLOWGATE_WORKSPACE")
            .filter(|v| !v.is_empty())
            .map(Into::into)
            .unwrap_or_else(|| std::env::current_dir().unwrap_or_else(|_| ".".into())),
    }
}

pub fn run(flag: Option<&Path>, args: &Args) -> Result<Output, Failure> {
    let Some(host) = Host::parse(&args.host) else {
        return Err(Failure::usage(format!(
            "unknown host \"{}\"; use codewhale, claude, codex or gemini",
            args.host
        )));
    };
    let ws = workspace(flag);
    let t = Tense { dry: args.dry_run };
    if args.remove {
        return remove(&ws, host, t);
    }
    let program = Program::find();
    // Every host file is planned (read, parsed, merged in memory) before
    // anything is written: a broken one stops init with nothing created.
    let changes =
        host_config::plan_install(&ws, host, &program.hook(), &program.server(), t).transpose()?;
    let dir = ws.join(".flowgate");
    let own_files: Vec<(&str, &str)> = [
        ("workflows/example.toml", SAMPLE),
        (".gitignore", GITIGNORE),
    ]
    .into_iter()
    .filter(|(rel, _)| !dir.join(rel).exists())
    .collect();
    let own: Vec<Edit> = own_files
        .iter()
        .map(|(rel, text)| Edit::change_own(&dir.join(rel), Vec::new(), None, text.to_string(), t))
        .collect();
    if !t.dry {
        // flowgate's own files follow the store's rules: only real files in
        // a real `.flowgate/`, never through a link.
        let store = crate::store::Store::new(&ws, 0);
        for (rel, text) in &own_files {
            store.write_file(rel, text.as_bytes())?;
        }
        if let Some(c) = &changes {
            host_config::apply(&c.edits)?;
        }
    }

    let mut header = Vec::new();
    if t.dry {
        header.push(format!(
            "# Dry run: nothing was written. This is what `flowgate init --host {}` would do.",
            host.name()
        ));
    }
    header.push(if own.is_empty() {
        format!(
            "# {} already set up; nothing {}.",
            dir.display(),
            t.pick("created", "to create")
        )
    } else {
        format!(
            "# {}: {}",
            t.pick("Created", "Would create"),
            own.iter()
                .map(|e| e.file.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    });
    let Some(changes) = changes else {
        return Ok(Output::ok(codewhale_report(&ws, &program, header)));
    };
    Ok(Output::ok(host_report(
        &ws, host, &program, header, &changes, t,
    )))
}

/// CodeWhale: the header and next steps as TOML comments, then the block
/// to paste, so the whole output is valid TOML.
fn codewhale_report(ws: &Path, program: &Program, mut header: Vec<String>) -> String {
    let steps = [
        "Paste the block below into ~/.codewhale/config.toml (or the file that `--config` or CODEWHALE_CONFIG_PATH names), or into .codewhale/hooks.toml in a trusted workspace. If that file already has a [hooks] table, add the [[hooks.hooks]] entries to it instead.".to_string(),
        "For flowgate's MCP tools, register its server as the end of the block says.".to_string(),
        "Start the CodeWhale TUI (`codewhale`) in this workspace: hooks do not run in `codewhale exec`.".to_string(),
        host_config::doctor_step(ws),
    ];
    header.push(comment("Next steps:"));
    header.extend(
        steps
            .iter()
            .enumerate()
            .map(|(i, s)| comment(&format!("  {}. {s}", i + 1))),
    );
    if let Program::Absolute { .. } = program {
        header.push(comment(&format!(
            "Note: the block names this flowgate by its absolute path ({}): fine in ~/.codewhale/config.toml, but that path only works on this machine, so not in a committed .codewhale/hooks.toml. Put this flowgate on PATH and run init again to get the bare name `flowgate`.",
            program.why_a_path()
        )));
    }
    let exe = program.hook();
    format!(
        "{}\n\n{}{}",
        header.join("\n"),
        codewhale_hooks(&exe),
        codewhale_mcp(&program.server())
    )
}

/// Claude Code, Codex, Gemini CLI: what happened (or would) to each file,
/// then warnings, notes and the next steps.
fn host_report(
    ws: &Path,
    host: Host,
    program: &Program,
    header: Vec<String>,
    changes: &Changes,
    t: Tense,
) -> String {
    let mut parts = vec![header.join("\n")];
    parts.extend(changes.edits.iter().map(|e| e.lines.join("\n")));
    if let Program::Absolute { exe, .. } = program
        && !changes.naming.is_empty()
    {
        let files: Vec<String> = changes
            .naming
            .iter()
            .map(|f| f.strip_prefix(ws).unwrap_or(f).display().to_string())
            .collect();
        parts.push(format!(
            "Warning: {} {} this flowgate by its absolute path, {}, because {}. That path only works on this machine, and these are project files that are usually committed: elsewhere the hooks would fail. To write the bare name `flowgate` instead, put this flowgate on PATH (for instance `cargo install --locked --path .` from its source, or a link to it in a directory on PATH) and run `flowgate init --host {}` again: init writes `flowgate` whenever the `flowgate` on PATH is this same binary. If these files are not committed, this does not matter.",
            files.join(" and "),
            t.pick("name", "would name"),
            crate::shell::quote(exe),
            program.why_a_path(),
            host.name()
        ));
    }
    parts.extend(changes.notes.iter().cloned());
    parts.push(numbered("Next steps:", &changes.next, ""));
    parts.join("\n\n")
}

/// `init --remove`: take flowgate's entries out of the host's files.
fn remove(ws: &Path, host: Host, t: Tense) -> Result<Output, Failure> {
    let Some(changes) = host_config::plan_remove(ws, host, t).transpose()? else {
        return Ok(Output::ok(format!(
            "CodeWhale: flowgate init only prints CodeWhale's config and never writes it, so there is nothing for it to remove. Take the [[hooks.hooks]] entries named flowgate-context, flowgate-gate and flowgate-turn out of the file you pasted them into (~/.codewhale/config.toml, or .codewhale/hooks.toml), and the \"{}\" server out of mcp.json. {} is kept as it is.",
            crate::mcp::SERVER_NAME,
            ws.join(".flowgate").display()
        )));
    };
    if !t.dry {
        host_config::apply(&changes.edits)?;
    }
    let mut parts = Vec::new();
    if t.dry {
        parts.push(format!(
            "Dry run: nothing was written. This is what `flowgate init --remove --host {}` would do.",
            host.name()
        ));
    }
    parts.extend(changes.edits.iter().map(|e| e.lines.join("\n")));
    if !changes.edits.iter().any(Edit::changes) {
        parts.push(
            "Nothing to remove: no hook runs flowgate and no MCP server entry is flowgate's in these files."
                .to_string(),
        );
    }
    parts.extend(changes.notes.iter().cloned());
    Ok(Output::ok(parts.join("\n\n")))
}
