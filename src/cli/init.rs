//! `flowgate init`: create `.flowgate/` with a sample workflow, then print
//! CodeWhale's hook configuration and its MCP server entry (with the
//! absolute path of this binary), or merge Claude Code's, Codex's or Gemini
//! CLI's hooks and MCP server into the host's config files in the workspace
//! and turn on the `mcp` setting (`host_config.rs`).

use std::path::Path;

use super::Output;
use crate::exit::Failure;
use crate::host::Host;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Host to configure: codewhale (prints the hooks and the MCP server
    /// entry), claude, codex or gemini (hooks merged into
    /// .claude/settings.json, .codex/hooks.json or .gemini/settings.json, the
    /// MCP server into .mcp.json, .codex/config.toml or
    /// .gemini/settings.json, with a backup of each file changed).
    #[arg(long, default_value = "codewhale")]
    pub host: String,
}

/// The sample workflow `init` writes (also a fixture the tests run).
const SAMPLE: &str = include_str!("../../fixtures/workflows/example.toml");

const GITIGNORE: &str = "# flowgate's runtime files; the workflows and config.toml are worth committing\nstate.json\nstate.lock\nstate.corrupt-*.json\n.state.json.*.tmp\njournal.jsonl\n";

/// The CodeWhale `[hooks]` block for a flowgate binary at `exe`.
pub fn codewhale_hooks(exe: &str) -> String {
    let exe = crate::shell::quote(exe);
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
command = "{exe} message_submit --host codewhale"
timeout_secs = 5
continue_on_error = true

# Allows or denies each tool call by the phase's rules.
# continue_on_error = false: a gate that cannot answer denies (fail closed).
# flowgate answers well within 5 s; a timeout also denies.
[[hooks.hooks]]
name = "flowgate-gate"
event = "tool_call_before"
command = "{exe} tool_call --host codewhale"
timeout_secs = 5
continue_on_error = false

# Observes the end of each turn and arms the not-done reminder when the run
# or todos are unfinished. It never blocks.
[[hooks.hooks]]
name = "flowgate-turn"
event = "turn_end"
command = "{exe} turn_end --host codewhale"
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

fn write_new(path: &Path, text: &str, made: &mut Vec<String>) -> Result<(), Failure> {
    if path.exists() {
        return Ok(());
    }
    std::fs::write(path, text)
        .map_err(|e| Failure::runtime(format!("cannot write {}: {e}", path.display())))?;
    made.push(path.display().to_string());
    Ok(())
}

/// How a host config names this binary: `flowgate` when that is what
/// `PATH` finds (so a shared config works for everyone), else its path
/// (`None`: the path, as a program to run).
fn program() -> Option<String> {
    let exe = std::env::current_exe().ok()?;
    let me = exe.canonicalize().unwrap_or_else(|_| exe.clone());
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("flowgate"))
            .find(|c| c.is_file())
    });
    match on_path.and_then(|p| p.canonicalize().ok()) {
        Some(p) if p == me => None,
        _ => Some(exe.display().to_string()),
    }
}

/// The binary in a hook command, which the host runs through a shell.
fn hook_program() -> String {
    program().map_or_else(|| "flowgate".into(), |p| crate::shell::quote(&p))
}

/// The binary as an MCP server's `command`, which the host runs directly.
fn server_program() -> String {
    program().unwrap_or_else(|| "flowgate".into())
}

/// How to register flowgate's MCP server with CodeWhale, as TOML comments
/// that follow the printed `[hooks]` block (CodeWhale reads MCP servers
/// from `mcp.json`, a JSON file of its own).
pub fn codewhale_mcp(exe: &str) -> String {
    let entry = format!(
        "{{ \"mcpServers\": {{ \"{}\": {{ \"command\": {}, \"args\": [\"mcp\"] }} }} }}",
        crate::mcp::SERVER_NAME,
        serde_json::Value::from(exe)
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

pub fn run(flag: Option<&Path>, args: &Args) -> Result<Output, Failure> {
    let Some(host) = Host::parse(&args.host) else {
        return Err(Failure::usage(format!(
            "unknown host \"{}\"; use codewhale, claude, codex or gemini",
            args.host
        )));
    };
    // The current directory (not the nearest `.flowgate/` above it): init
    // is how a directory becomes a workspace.
    let ws = match flag {
        Some(p) => p.to_path_buf(),
        None => std::env::var_os("FLOWGATE_WORKSPACE")
            .filter(|v| !v.is_empty())
            .map(Into::into)
            .unwrap_or_else(|| std::env::current_dir().unwrap_or_else(|_| ".".into())),
    };
    let dir = ws.join(".flowgate");
    let wf = dir.join("workflows");
    std::fs::create_dir_all(&wf)
        .map_err(|e| Failure::runtime(format!("cannot create {}: {e}", wf.display())))?;
    let mut made = Vec::new();
    write_new(&wf.join("example.toml"), SAMPLE, &mut made)?;
    write_new(&dir.join(".gitignore"), GITIGNORE, &mut made)?;
    let created = if made.is_empty() {
        format!("# {} already set up; nothing created.", dir.display())
    } else {
        format!("# Created: {}", made.join(", "))
    };
    if let Some(report) = super::host_config::install(&ws, host, &hook_program(), &server_program())
    {
        return Ok(Output::ok(format!("{created}\n\n{}", report?)));
    }
    let exe = std::env::current_exe()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| "flowgate".into());
    Ok(Output::ok(format!(
        "{created}\n\n{}{}",
        codewhale_hooks(&exe),
        codewhale_mcp(&exe)
    )))
}
