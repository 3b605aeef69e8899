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
//! whose stderr is empty, so the reason is never empty. Codex shows the
//! model a denial as `Command blocked by PreToolUse hook: <reason>.
//! Command: <cmd>`, adding its own full stop, so a denial's reason is given
//! without one. Codex has no cap on
//! repeated Stop blocks; flowgate's loop guard is the only one.
//!
//! Tools: every shell path reaches the hook as `Bash` (the model calls it
//! `exec_command`, which is the name flowgate's texts use) with the command
//! as one string or an argv. File edits are `apply_patch` with the raw
//! patch in `tool_input.command`. What each does is worked out by
//! `engine::call` from the table below; this file only reads and writes
//! Codex's JSON.
//!
//! Failures: as for Claude Code, only exit 0 JSON and exit 2 act, so a tool
//! call the failure policy refuses is answered as a deny like any other;
//! everything else exits with the honest error code and one stderr line,
//! and Codex goes on.

use super::payload;
use super::{Answer, Env, HookInput};
use crate::engine::call::{PLAN_STATUSES, ShellLang, TodoShape, TodoTool, ToolTable};
use crate::engine::event::{Decision, EventKind};
use crate::exit::ExitStatus;

/// Codex's tools. Hooks see `Bash` for every shell path; the raw handler
/// names are listed for builds that pass them through. Hosted `web_search`
/// never reaches hooks; it is listed so rules read naturally.
pub const TOOLS: ToolTable = ToolTable {
    groups: &[
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
    ],
    shells: &[
        ("Bash", ShellLang::Posix),
        ("shell", ShellLang::Posix),
        ("shell_command", ShellLang::Posix),
        ("exec_command", ShellLang::Posix),
        ("local_shell", ShellLang::Posix),
    ],
    patches: &["apply_patch"],
    file_writes: &[],
    todos: &[TodoTool {
        tool: "update_plan",
        shape: TodoShape::List("plan"),
        text: "step",
        statuses: PLAN_STATUSES,
    }],
    model_names: &[("Bash", "exec_command")],
};

const LAYOUT: payload::Layout = payload::Layout {
    label: "Codex",
    host: "codex",
    prompt_event: "UserPromptSubmit",
    tool_name: |p| p.need_str("tool_name", "PreToolUse").map(str::to_string),
    project_dir_var: None,
};

pub fn read(kind: EventKind, stdin: String, env: Env<'_>) -> Result<HookInput, String> {
    payload::read(&LAYOUT, kind, stdin, env)
}

pub fn answer(kind: EventKind, decision: &Decision, _user_text: Option<&str>) -> Answer {
    match (kind, decision) {
        (EventKind::ToolCall, Decision::Deny(reason)) => payload::claude_shaped(
            kind,
            &Decision::Deny(super::without_full_stop(reason).to_string()),
        ),
        _ => payload::claude_shaped(kind, decision),
    }
}

/// flowgate failed and Codex should go on (see the module doc).
pub fn error(status: ExitStatus, message: &str) -> Answer {
    payload::error(status, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_denial_leaves_the_full_stop_to_codex() {
        let a = answer(
            EventKind::ToolCall,
            &Decision::Deny("run flowgate step next.".into()),
            None,
        );
        assert_eq!(a.stderr, "run flowgate step next");
        assert!(a.stdout.contains("\"run flowgate step next\""));
        assert_eq!(super::super::without_full_stop("wait..."), "wait...");
        let stop = answer(
            EventKind::AgentEnd,
            &Decision::Continue("go on.".into()),
            None,
        );
        assert_eq!(stop.stderr, "go on.");
    }
}
