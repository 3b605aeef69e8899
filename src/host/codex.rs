//! Codex CLI (hosts/codex.md, Codex's hooks docs and `codex-rs/hooks`): the
//! input mirrors Claude Code's, plus `turn_id`, `model` and
//! `permission_mode`. Codex is stricter than Claude Code in what it reads
//! back: every output struct rejects unknown fields, and an output it cannot
//! parse makes the hook "Failed", which fails open. So:
//!
//! | event | flowgate answer |
//! | --- | --- |
//! | `UserPromptSubmit` | `hookSpecificOutput.additionalContext` (the prompt cannot be replaced: an `@flow start` adds the run's whole first message as context); a block is `decision:"block"` + `reason` |
//! | `PreToolUse` | allow: nothing (older Codex treats `allow` as unsupported); deny: a bare `hookSpecificOutput` with `hookEventName`, `permissionDecision:"deny"` and a non-empty `permissionDecisionReason` — no `additionalContext` beside it (older Codex then drops the deny), and never `ask` (unsupported: fails open) |
//! | `Stop` | continue: `decision:"block"` + `reason`, never `hookSpecificOutput` (not a Stop field); an announcement or the loop guard's note: `systemMessage` |
//! | `SessionStart` | `hookSpecificOutput.additionalContext` on every source (startup, resume, clear, compact) |
//!
//! Every block exits 2 with the reason on stderr: Codex ignores an exit 2
//! whose stderr is empty, so the reason is never empty. Codex has no cap on
//! repeated Stop blocks; flowgate's loop guard is the only one.
//!
//! Tools: every shell path reaches the hook as `Bash` with the command as
//! one string (an argv is shell-joined, often as `bash -lc '<script>'`,
//! which is unwrapped so rules and the own-command exemption see the
//! script). File edits are `apply_patch` with the raw patch in
//! `tool_input.command`; the files it adds, updates, deletes or moves are
//! read from the patch into `ToolCall::writes`. An `apply_patch` run through
//! the shell is presented as `apply_patch` too, so `@write` rules catch it,
//! with its shell text still checked by the shell rules.
//!
//! Failures: as for Claude Code, only exit 0 JSON and exit 2 act, so an
//! on_error `deny` for a tool call is a deliberate block (exit 2, error in
//! the reason, `error-deny` in the journal); everything else exits with the
//! honest error code and one stderr line, and Codex goes on.

use serde_json::Value;

use super::payload;
use super::{Answer, Env, HookInput};
use crate::engine::event::{Decision, EventKind, ToolCall};
use crate::engine::rules::ShellInput;
use crate::exit::ExitStatus;

/// Codex's tool names by group. Hooks see `Bash` for every shell path; the
/// raw handler names are listed for builds that pass them through. Hosted
/// `web_search` never reaches hooks; it is listed so rules read naturally.
pub const GROUPS: &[(&str, &[&str])] = &[
    (
        "@read",
        &["read_file", "grep_files", "list_dir", "view_image"],
    ),
    ("@write", &["apply_patch"]),
    (
        "@shell",
        &[
            "Bash",
            "shell",
            "shell_command",
            "exec_command",
            "local_shell",
            "write_stdin",
        ],
    ),
    ("@agent", &["spawn_agent"]),
    ("@todo", &["update_plan"]),
    ("@web", &["web_search"]),
];

const SHELL_TOOLS: &[&str] = &[
    "Bash",
    "shell",
    "shell_command",
    "exec_command",
    "local_shell",
];
const SHELLS: &[&str] = &["bash", "sh", "zsh", "dash"];

const LAYOUT: payload::Layout = payload::Layout {
    label: "Codex",
    host: "codex",
    prompt_event: "UserPromptSubmit",
    tool_name: |p| p.need_str("tool_name", "PreToolUse").map(str::to_string),
    tool_call,
    project_dir_var: None,
};

pub fn read(kind: EventKind, stdin: &str, env: Env<'_>) -> Result<HookInput, String> {
    payload::read(&LAYOUT, kind, stdin, env)
}

fn tool_call(name: &str, input: Option<&Value>) -> ToolCall {
    let mut call = ToolCall {
        name: name.to_string(),
        shell: ShellInput::NotShell,
        own_tool: payload::is_own_mcp(name),
        todo_mirror: None,
        writes: Vec::new(),
    };
    if SHELL_TOOLS.contains(&name) {
        call.shell = match payload::shell_command(input) {
            ShellInput::Command(c) => {
                let script = unwrap_shell(&c).unwrap_or(c);
                if is_patch_command(&script) {
                    call.name = "apply_patch".into();
                    call.writes = patch_paths(&script);
                }
                ShellInput::Command(script)
            }
            other => other,
        };
    } else if name == "apply_patch" {
        let patch = input
            .and_then(|i| i.get("command").or_else(|| i.get("input")))
            .and_then(Value::as_str)
            .unwrap_or("");
        call.writes = patch_paths(patch);
    } else if name == "update_plan" {
        call.todo_mirror = Some(payload::mirror(input, "plan", "step", payload::plan_status));
    }
    call
}

/// `bash -lc '<script>'` (as Codex joins a shell argv) → `<script>`.
fn unwrap_shell(cmd: &str) -> Option<String> {
    let w = crate::shell::plain_words(cmd)?;
    match w.as_slice() {
        [shell, flag, script]
            if SHELLS.contains(&payload::program(shell))
                && matches!(flag.as_str(), "-c" | "-lc") =>
        {
            Some(script.clone())
        }
        _ => None,
    }
}

/// A shell command that runs `apply_patch` on an inline patch.
fn is_patch_command(script: &str) -> bool {
    script.contains("*** Begin Patch")
        && (script.contains("apply_patch") || script.contains("applypatch"))
}

/// The files an `apply_patch` patch adds, updates, deletes or moves to, in
/// order, once each.
pub fn patch_paths(patch: &str) -> Vec<String> {
    let mut paths: Vec<String> = Vec::new();
    for line in patch.lines() {
        let line = line.trim_end();
        let path = [
            "*** Add File: ",
            "*** Update File: ",
            "*** Delete File: ",
            "*** Move to: ",
        ]
        .iter()
        .find_map(|marker| line.strip_prefix(marker))
        .map(str::trim);
        if let Some(p) = path.filter(|p| !p.is_empty())
            && !paths.iter().any(|q| q == p)
        {
            paths.push(p.to_string());
        }
    }
    paths
}

pub fn answer(kind: EventKind, decision: &Decision, _user_text: Option<&str>) -> Answer {
    payload::claude_shaped(kind, decision)
}

/// See the module doc: a refused tool call is a deliberate block; anything
/// else is an honest error Codex steps over.
pub fn failure(kind: EventKind, status: ExitStatus, message: &str, deny_call: bool) -> Answer {
    payload::failure(kind, status, message, deny_call, payload::pre_tool_deny)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn patch_paths_cover_every_operation() {
        let patch = "*** Begin Patch\n*** Add File: src/new.rs\n+fn x() {}\n*** Update File: src/pay.rs\n*** Move to: src/payment.rs\n@@\n-a\n+b\n*** Delete File: old.txt\n*** Update File: src/pay.rs\n*** End Patch\n";
        assert_eq!(
            patch_paths(patch),
            vec!["src/new.rs", "src/pay.rs", "src/payment.rs", "old.txt"]
        );
        assert!(patch_paths("").is_empty());
    }

    #[test]
    fn shell_argv_is_unwrapped() {
        let call = tool_call(
            "Bash",
            Some(&json!({"command": ["bash", "-lc", "flowgate step next"]})),
        );
        assert_eq!(call.shell, ShellInput::Command("flowgate step next".into()));
        let call = tool_call(
            "Bash",
            Some(&json!({"command": "bash -lc 'flowgate step next' && rm -rf x"})),
        );
        assert_eq!(
            call.shell,
            ShellInput::Command("bash -lc 'flowgate step next' && rm -rf x".into())
        );
    }

    #[test]
    fn apply_patch_through_the_shell_is_a_write() {
        let script = "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.rs\n@@\n-x\n+y\n*** End Patch\nEOF";
        let call = tool_call("Bash", Some(&json!({ "command": ["bash", "-lc", script] })));
        assert_eq!(call.name, "apply_patch");
        assert_eq!(call.writes, vec!["a.rs"]);
        assert_eq!(call.shell, ShellInput::Command(script.into()));
    }

    #[test]
    fn update_plan_is_mirrored() {
        let call = tool_call(
            "update_plan",
            Some(
                &json!({"explanation": "x", "plan": [{"step": "a", "status": "completed"}, {"step": "b", "status": "in_progress"}]}),
            ),
        );
        let items = call.todo_mirror.unwrap().unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[1].text, "b");
    }
}
