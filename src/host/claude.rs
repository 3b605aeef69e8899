//! Claude Code (hosts/claude-code.md, and the hooks reference at
//! code.claude.com/docs/en/hooks): one JSON object on stdin per event with
//! `hook_event_name`; answers are one JSON object on exit 0, or exit 2 with
//! the reason on stderr. Claude Code validates hook JSON per event and
//! discards output with a field the event does not know, so each answer
//! carries only its event's documented fields:
//!
//! | event | flowgate answer |
//! | --- | --- |
//! | `UserPromptSubmit` | `hookSpecificOutput.additionalContext` (the prompt cannot be replaced: an `@flow start` adds the run's whole first message as context); a block is `decision:"block"` + `reason` |
//! | `PreToolUse` | allow: nothing (so Claude Code's own permission prompts still apply); deny: `hookSpecificOutput.permissionDecision:"deny"` + `permissionDecisionReason`; never `ask` |
//! | `Stop` | continue: `decision:"block"` + `reason`; an announcement or the loop guard's note: `systemMessage` |
//! | `SessionStart` | `hookSpecificOutput.additionalContext` on every source (startup, resume, clear, compact, fork) |
//!
//! Every block is that JSON on exit 0, Claude Code's structured decision.
//! An exit 2 blocks too, but Claude Code logs it as a hook error (`Hook
//! PreToolUse:Write (PreToolUse) error: status code 2`, and "Stop hook error
//! occurred" in the TUI); what the model sees is the same either way
//! (checked against the real program by the e2e suite).
//!
//! Failures: Claude Code acts only on exit 0 JSON or exit 2; any other exit
//! is a non-blocking error and the action proceeds. So a tool call the
//! failure policy refuses (`engine::failure`) is answered as a deny like any
//! other; everything else exits with the honest error code (1, 65, 78) and
//! one line on stderr, and Claude Code goes on without flowgate.

use super::payload;
use super::{Answer, Env, HookInput};
use crate::engine::call::{PLAN_STATUSES, ShellLang, TodoShape, TodoTool, ToolTable};
use crate::engine::event::{Decision, EventKind};
use crate::exit::ExitStatus;

/// Claude Code's tools. `MultiEdit`, `LS` and `Task` are the older names of
/// tools still seen from older versions; `TaskCreate`/`TaskUpdate`/
/// `TaskGet`/`TaskList` replaced `TodoWrite` (v2.1.142; offered by default
/// in `-p` mode too, as deferred tools in 2.1.330), and both are mirrored. `PowerShell` (Windows) runs PowerShell, which flowgate does
/// not analyse.
pub const TOOLS: ToolTable = ToolTable {
    groups: &[
        (
            "@read",
            &["Read", "Grep", "Glob", "LS", "LSP", "NotebookRead"],
        ),
        ("@write", &["Write", "Edit", "MultiEdit", "NotebookEdit"]),
        ("@shell", &["Bash", "PowerShell"]),
        ("@agent", &["Agent", "Task"]),
        (
            "@todo",
            &[
                "TodoWrite",
                "TaskCreate",
                "TaskUpdate",
                "TaskGet",
                "TaskList",
            ],
        ),
        ("@web", &["WebFetch", "WebSearch"]),
    ],
    shells: &[
        ("Bash", ShellLang::Posix),
        ("PowerShell", ShellLang::PowerShell),
    ],
    patches: &[],
    file_writes: &[
        ("Write", &["file_path"]),
        ("Edit", &["file_path"]),
        ("MultiEdit", &["file_path"]),
        ("NotebookEdit", &["notebook_path"]),
    ],
    todos: &[
        TodoTool {
            tool: "TodoWrite",
            shape: TodoShape::List("todos"),
            text: "content",
            statuses: PLAN_STATUSES,
        },
        // Incremental: one task per call, then updates by the number
        // Claude Code gives it (1, 2, … in a session).
        TodoTool {
            tool: "TaskCreate",
            shape: TodoShape::Add,
            text: "subject",
            statuses: PLAN_STATUSES,
        },
        TodoTool {
            tool: "TaskUpdate",
            shape: TodoShape::Update {
                id: "taskId",
                deleted: "deleted",
            },
            text: "subject",
            statuses: PLAN_STATUSES,
        },
    ],
    model_names: &[],
};

const LAYOUT: payload::Layout = payload::Layout {
    label: "Claude Code",
    host: "claude",
    prompt_event: "UserPromptSubmit",
    tool_name: |p| p.need_str("tool_name", "PreToolUse").map(str::to_string),
    project_dir_var: Some("CLAUDE_PROJECT_DIR"),
};

pub fn read(kind: EventKind, stdin: String, env: Env<'_>) -> Result<HookInput, String> {
    payload::read(&LAYOUT, kind, stdin, env)
}

pub fn answer(kind: EventKind, decision: &Decision, _user_text: Option<&str>) -> Answer {
    payload::on_exit_0(payload::claude_shaped(kind, decision))
}

/// flowgate failed and Claude Code should go on (see the module doc).
pub fn error(status: ExitStatus, message: &str) -> Answer {
    payload::error(status, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::event::Event;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn reads_a_documented_pre_tool_use() {
        let stdin = r#"{"session_id":"9f1c","transcript_path":"/t.jsonl","cwd":"/nowhere/shop","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/nowhere/shop/a.rs","content":"x"},"tool_use_id":"toolu_01"}"#;
        let input = read(EventKind::ToolCall, stdin.into(), &no_env).unwrap();
        let Event::ToolCall(call) = input.event else {
            panic!("not a tool call")
        };
        assert_eq!(call.name, "Write");
        let call = crate::engine::call::interpret(&call, &TOOLS);
        assert_eq!(call.paths(), ["/nowhere/shop/a.rs"]);
        assert_eq!(input.session.as_deref(), Some("9f1c"));
        assert_eq!(input.workspace.unwrap().to_str(), Some("/nowhere/shop"));
    }

    #[test]
    fn a_payload_for_another_event_is_refused() {
        let stdin =
            r#"{"session_id":"s","cwd":"/x","hook_event_name":"Stop","stop_hook_active":false}"#;
        let e = read(EventKind::ToolCall, stdin.into(), &no_env).unwrap_err();
        assert!(e.contains("agent_end"), "{e}");
        assert!(read(EventKind::TurnEnd, stdin.into(), &no_env).is_err());
    }

    #[test]
    fn blocks_are_json_on_exit_0() {
        let all = [
            Decision::Pass,
            Decision::AddContext("c".into()),
            Decision::Replace("r".into()),
            Decision::BlockMessage("b".into()),
            Decision::Allow,
            Decision::Deny("d".into()),
            Decision::AllowStop(None),
            Decision::AllowStop(Some("m".into())),
            Decision::Continue("k".into()),
        ];
        for kind in [
            EventKind::MessageSubmit,
            EventKind::ToolCall,
            EventKind::AgentEnd,
            EventKind::SessionStart,
        ] {
            for d in &all {
                let a = answer(kind, d, Some("u"));
                assert_eq!(a.status, ExitStatus::Success);
                assert!(a.stderr.is_empty());
                assert!(a.stdout.is_empty() || a.stdout.starts_with('{'));
                assert!(!a.stdout.contains("\"ask\""));
            }
        }
        let deny = answer(EventKind::ToolCall, &Decision::Deny("d".into()), None);
        assert!(deny.stdout.contains("\"permissionDecision\":\"deny\""));
        let stop = answer(EventKind::AgentEnd, &Decision::Continue("k".into()), None);
        assert!(stop.stdout.contains("\"decision\":\"block\""));
    }
}
